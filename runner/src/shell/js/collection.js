// Collection methods: each builds a server command and mongosh's result shape.
(function (g, native) {
  'use strict';
  const hidden = (obj, key, value) =>
    Object.defineProperty(obj, key, { value, enumerable: false, writable: true, configurable: true });
  const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

  // Drops undefined fields so optional options never reach the server as null.
  const clean = native.clean;

  // The driver adds a missing `_id` to the caller's document; the server stores it first.
  function withId(doc) {
    if (!isPlainObject(doc)) {
      throw new MongoInvalidArgumentError('Document must be a valid JavaScript object');
    }
    if (doc._id === undefined) doc._id = new ObjectId();
    return Object.assign({ _id: doc._id }, doc);
  }

  function indexName(keys) {
    return Object.entries(keys).map(([k, v]) => `${k}_${v}`).join('_');
  }

  function requireAtomic(update) {
    // The driver's rule: a pipeline passes when one of its stages starts with '$'.
    const atomic = (doc) => {
      const keys = Object.keys(doc || {});
      return keys.length > 0 && keys[0].startsWith('$');
    };
    if (Array.isArray(update) ? !update.some(atomic) : !atomic(update)) {
      throw new MongoInvalidArgumentError('Update document requires atomic operators');
    }
  }

  function requireReplacement(doc) {
    if (Object.keys(doc || {}).some((k) => k.startsWith('$'))) {
      throw new MongoInvalidArgumentError('Replacement document must not contain atomic operators');
    }
  }

  const warned = new Set();
  function deprecated(method, instead) {
    if (warned.has(method)) return;
    warned.add(method);
    native.printLine(`DeprecationWarning: Collection.${method}() is deprecated. Use ${instead}.`);
  }

  // `writeConcern: {w: 0}` (0 in any numeric type, as the engine reads it): the server
  // sends no reply, so the driver knows no counts.
  const acknowledged = (options) => !(options && native.unacknowledged(options.writeConcern));

  // What the driver sends with every write command besides its statements.
  const writeOptions = (options) => ({ writeConcern: options.writeConcern, let: options.let,
    comment: options.comment, bypassDocumentValidation: options.bypassDocumentValidation });

  function updateResult(reply) {
    const upserted = reply.upserted || [];
    return {
      acknowledged: true,
      insertedId: upserted.length ? upserted[0]._id : null,
      matchedCount: reply.n - upserted.length,
      modifiedCount: reply.nModified,
      upsertedCount: upserted.length,
    };
  }

  class Collection {
    constructor(db, name) { hidden(this, '_db', db); hidden(this, '_name', name); }
    get __shellType__() { return 'Collection'; }
    __inspect__() { return this.getFullName(); }
    toString() { return this.getFullName(); }
    getName() { return this._name; }
    getFullName() { return `${this._db._name}.${this._name}`; }
    getDB() { return this._db; }
    getCollection(name) { return this._db.getCollection(`${this._name}.${name}`); }
    _run(command) { return this._db._run(command); }

    _throwWriteErrors(reply) {
      const errors = reply.writeErrors || [];
      if (errors.length) throw __errors.serverError(errors[0]);
    }

    insertOne(doc, options = {}) {
      const full = withId(doc);
      const reply = this._run(clean(Object.assign({ insert: this._name, documents: [full],
        ordered: true }, writeOptions(options))));
      if (!acknowledged(options)) return { acknowledged: false, insertedId: full._id };
      this._throwWriteErrors(reply);
      return { acknowledged: true, insertedId: full._id };
    }

    insertMany(docs, options = {}) {
      if (!Array.isArray(docs)) {
        throw new MongoInvalidArgumentError('Argument "docs" must be an array of documents');
      }
      if (docs.length === 0) {
        throw new MongoInvalidArgumentError('Invalid BulkOperation, Batch cannot be empty');
      }
      const full = docs.map(withId);
      const ordered = options.ordered !== false;
      const reply = this._run(clean(Object.assign({ insert: this._name, documents: full, ordered },
        writeOptions(options))));
      if (!acknowledged(options)) {
        return { acknowledged: false, insertedIds: Object.fromEntries(full.map((d, i) => [i, d._id])) };
      }
      const errors = reply.writeErrors || [];
      const insertedIds = {};
      const failed = new Set(errors.map((e) => e.index));
      const stop = ordered && errors.length ? errors[0].index : full.length;
      full.forEach((d, i) => { if (i < stop && !failed.has(i)) insertedIds[i] = d._id; });
      if (errors.length) {
        const writeErrors = errors.map((e) => ({ index: e.index, code: e.code, errmsg: e.errmsg,
          errInfo: e.errInfo, op: full[e.index] }));
        throw __errors.bulkWriteError(writeErrors, { insertedCount: reply.n, matchedCount: 0,
          modifiedCount: 0, deletedCount: 0, upsertedCount: 0, upsertedIds: {}, insertedIds });
      }
      return { acknowledged: true, insertedIds };
    }

    find(filter = {}, projection, options = {}) {
      return __shell.cursor(this, 'find', Object.assign({}, options, { filter, projection: projection || options.projection }));
    }

    findOne(filter = {}, projection, options = {}) {
      const cursor = this.find(filter, projection, options).limit(1);
      return cursor.hasNext() ? cursor.next() : null;
    }

    countDocuments(filter = {}, options = {}) {
      const reply = this._run(clean({ count: this._name, query: filter, skip: options.skip,
        limit: options.limit, hint: options.hint, collation: options.collation }));
      return reply.n;
    }

    estimatedDocumentCount() { return this._run({ count: this._name }).n; }

    count(filter = {}, options = {}) {
      deprecated('count', 'countDocuments or estimatedDocumentCount');
      return this.countDocuments(filter, options);
    }

    distinct(key, filter = {}, options = {}) {
      return this._run(clean({ distinct: this._name, key, query: filter, collation: options.collation })).values;
    }

    _update(filter, update, options, multi) {
      const reply = this._run(clean(Object.assign({ update: this._name, updates: [clean({ q: filter,
        u: update, multi, upsert: options.upsert, arrayFilters: options.arrayFilters,
        hint: options.hint, collation: options.collation, sort: multi ? undefined : options.sort })],
      ordered: true }, writeOptions(options))));
      if (!acknowledged(options)) {
        return { acknowledged: false, insertedId: null, matchedCount: undefined,
          modifiedCount: undefined, upsertedCount: 0 };
      }
      this._throwWriteErrors(reply);
      return updateResult(reply);
    }

    updateOne(filter, update, options = {}) {
      requireAtomic(update);
      return this._update(filter, update, options, false);
    }

    updateMany(filter, update, options = {}) {
      requireAtomic(update);
      return this._update(filter, update, options, true);
    }

    replaceOne(filter, replacement, options = {}) {
      requireReplacement(replacement);
      return this._update(filter, replacement, options, false);
    }

    _delete(filter, limit, options) {
      const reply = this._run(clean(Object.assign({ delete: this._name, deletes: [clean({ q: filter,
        limit, hint: options.hint, collation: options.collation })], ordered: true },
      writeOptions(options))));
      if (!acknowledged(options)) return { acknowledged: false, deletedCount: undefined };
      this._throwWriteErrors(reply);
      return { acknowledged: true, deletedCount: reply.n };
    }

    deleteOne(filter = {}, options = {}) { return this._delete(filter, 1, options); }
    deleteMany(filter = {}, options = {}) { return this._delete(filter, 0, options); }

    _findAndModify(fields, options) {
      const returnNew = options.returnDocument === 'after' || options.returnNewDocument === true;
      const reply = this._run(clean(Object.assign({ findAndModify: this._name, query: fields.query,
        sort: options.sort, fields: options.projection, upsert: options.upsert,
        arrayFilters: options.arrayFilters, hint: options.hint, collation: options.collation,
        new: fields.remove ? undefined : returnNew }, writeOptions(options), fields)));
      // Unacknowledged, the driver gets an empty reply and mongosh hands back its `value`.
      if (!acknowledged(options)) return undefined;
      return reply.value === undefined ? null : reply.value;
    }

    findOneAndUpdate(filter, update, options = {}) {
      requireAtomic(update);
      return this._findAndModify({ query: filter, update }, options);
    }

    findOneAndReplace(filter, replacement, options = {}) {
      requireReplacement(replacement);
      return this._findAndModify({ query: filter, update: replacement }, options);
    }

    findOneAndDelete(filter, options = {}) {
      return this._findAndModify({ query: filter, remove: true }, options);
    }

    bulkWrite(operations, options = {}) {
      return __shell.bulkWrite(this, operations, options);
    }

    aggregate(pipeline = [], options = {}) {
      const stages = Array.isArray(pipeline) ? pipeline : Array.from(arguments);
      const opts = Array.isArray(pipeline) ? options : {};
      return __shell.cursor(this, 'aggregate', { pipeline: stages, options: opts });
    }

    createIndex(keys, options = {}) {
      return this.createIndexes([keys], options)[0];
    }

    createIndexes(specs, options = {}) {
      const indexes = specs.map((key) => Object.assign({ key, name: options.name || indexName(key) },
        Object.fromEntries(Object.entries(options).filter(([k]) => k !== 'name'))));
      this._run({ createIndexes: this._name, indexes });
      return indexes.map((i) => i.name);
    }

    ensureIndex(keys, options) { return this.createIndex(keys, options); }

    getIndexes() { return this._run({ listIndexes: this._name }).cursor.firstBatch; }
    getIndexSpecs() { return this.getIndexes(); }
    getIndexKeys() { return this.getIndexes().map((i) => i.key); }

    dropIndex(index) {
      if (index === '*') throw new MongoshInvalidInputError("To drop indexes in the collection using '*', use db.collection.dropIndexes().");
      return this._run({ dropIndexes: this._name, index });
    }

    dropIndexes(indexes = '*') { return this._run({ dropIndexes: this._name, index: indexes }); }

    drop() {
      try {
        this._run({ drop: this._name });
      } catch (e) {
        if (e.codeName !== 'NamespaceNotFound') throw e;
      }
      return true;
    }

    explain(verbosity = 'queryPlanner') { return __shell.explainable(this, verbosity); }

    insert(docs, options = {}) {
      deprecated('insert', 'insertOne, insertMany, or bulkWrite');
      return this.insertMany(Array.isArray(docs) ? docs : [docs], options);
    }

    update(filter, update, options = {}) {
      deprecated('update', 'updateOne, updateMany, or bulkWrite');
      return this._update(filter, update, options, !!options.multi);
    }

    remove(filter = {}, options = {}) {
      deprecated('remove', 'deleteOne, deleteMany, findOneAndDelete, or bulkWrite');
      const justOne = options === true || (options && options.justOne);
      return this._delete(filter, justOne ? 1 : 0, {});
    }

    save(doc) {
      if (doc && doc._id !== undefined) {
        return this.replaceOne({ _id: doc._id }, doc, { upsert: true });
      }
      return this.insertOne(doc);
    }

    renameCollection(to) {
      return this._db.adminCommand({ renameCollection: this.getFullName(), to: `${this._db._name}.${to}` });
    }

    stats() { return this._run({ collStats: this._name }); }
    validate(options = {}) {
      const full = typeof options === 'boolean' ? options : options.full;
      return this._run(__shell.clean({ validate: this._name, full }));
    }
    exists() { return this._db.getCollectionInfos({ name: this._name })[0] || null; }
  }

  function collection(db, name) {
    return __shell.proxied(new Collection(db, name), (t, prop) => t.getCollection(prop));
  }

  Object.assign(__shell, { collection, Collection, clean, withId, updateResult, requireAtomic,
    requireReplacement, acknowledged });
})(globalThis, __native);
