// Cursors over find and aggregate, fetched lazily on first use.
(function (g, native) {
  'use strict';
  const hidden = (obj, key, value) =>
    Object.defineProperty(obj, key, { value, enumerable: false, writable: true, configurable: true });

  // The state lives in one private field: boa defines each hidden property through a
  // slow path, and a cursor is made for every find, findOne and aggregate.
  class Cursor {
    #s;
    constructor(coll, kind, spec) {
      this.#s = { coll, kind, spec, docs: null, pos: 0, id: 0, transforms: [], explain: null };
    }
    get __shellType__() { return this.#s.kind === 'aggregate' ? 'AggregationCursor' : 'Cursor'; }
    // What `db.c.explain(v).find(...)` asks the printer to show instead of documents.
    get _explain() { return this.#s.explain; }
    set _explain(v) { this.#s.explain = v; }

    _set(key, value) { this.#s.spec[key] = value; return this; }
    sort(s) { return this._set('sort', s); }
    limit(n) { return this._set('limit', n); }
    skip(n) { return this._set('skip', n); }
    batchSize(n) { return this._set('batchSize', n); }
    project(p) { return this._set('projection', p); }
    projection(p) { return this._set('projection', p); }
    hint(h) { return this._set('hint', h); }
    collation(c) { return this._set('collation', c); }
    comment(c) { return this._set('comment', c); }
    maxTimeMS(n) { return this._set('maxTimeMS', n); }
    min(m) { return this._set('min', m); }
    max(m) { return this._set('max', m); }
    allowDiskUse(v = true) { return this._set('allowDiskUse', v); }
    noCursorTimeout() { return this; }
    readPref() { return this; }
    readConcern() { return this; }
    pretty() { return this; }
    close() {
      const st = this.#s;
      if (st.id && Number(st.id) !== 0) {
        st.coll._run({ killCursors: st.coll._name, cursors: [st.id] });
      }
      st.docs = [];
      st.pos = 0;
      st.id = 0;
    }

    _command() {
      const s = this.#s.spec;
      const coll = this.#s.coll;
      if (this.#s.kind === 'aggregate') {
        const o = s.options || {};
        return __shell.clean({ aggregate: s.dbLevel ? 1 : coll._name, pipeline: s.pipeline,
          cursor: {}, allowDiskUse: o.allowDiskUse, collation: o.collation, hint: o.hint, let: o.let,
          comment: o.comment, maxTimeMS: o.maxTimeMS });
      }
      return __shell.clean({ find: coll._name, filter: s.filter, projection: s.projection,
        sort: s.sort, skip: s.skip, limit: s.limit, hint: s.hint, collation: s.collation,
        comment: s.comment, maxTimeMS: s.maxTimeMS, min: s.min, max: s.max, let: s.let,
        allowDiskUse: s.allowDiskUse, batchSize: s.batchSize });
    }

    // The first batch on first use, the next one (getMore) once the buffered
    // documents are used up, as mongosh does: a large result is never pulled
    // whole to show its first page, and writes made meanwhile show up in
    // later batches.
    _fetch() {
      const st = this.#s;
      if (st.docs) return;
      const reply = st.coll._run(this._command());
      st.docs = reply.cursor.firstBatch;
      st.id = reply.cursor.id;
    }

    _more() {
      const st = this.#s;
      while (st.pos >= st.docs.length && st.id && Number(st.id) !== 0) {
        const more = st.coll._run(__shell.clean({ getMore: st.id, collection: st.coll._name,
          batchSize: st.spec.batchSize }));
        st.docs = more.cursor.nextBatch;
        st.pos = 0;
        st.id = more.cursor.id;
      }
    }

    hasNext() { this._fetch(); this._more(); return this.#s.pos < this.#s.docs.length; }
    next() {
      if (!this.hasNext()) return null;
      const st = this.#s;
      let doc = st.docs[st.pos++];
      const transforms = st.transforms;
      for (let i = 0; i < transforms.length; i++) doc = transforms[i](doc);
      return doc;
    }
    tryNext() { return this.next(); }
    isExhausted() { return !this.hasNext(); }
    objsLeftInBatch() { this._fetch(); return this.#s.docs.length - this.#s.pos; }
    toArray() { const out = []; while (this.hasNext()) out.push(this.next()); return out; }
    forEach(fn) { while (this.hasNext()) { if (fn(this.next()) === false) break; } }
    map(fn) { this.#s.transforms.push(fn); return this; }
    itcount() { let n = 0; while (this.hasNext()) { this.next(); n++; } return n; }

    count(applySkipLimit = false) {
      const s = this.#s.spec;
      return this.#s.coll.countDocuments(s.filter || {}, applySkipLimit ? { skip: s.skip, limit: s.limit } : {});
    }
    size() { return this.count(true); }

    explain(verbosity = 'queryPlanner') {
      const v = verbosity === true ? 'allPlansExecution' : verbosity === false ? 'queryPlanner' : verbosity;
      const reply = this.#s.coll._run({ explain: this._command(), verbosity: v });
      return __shell.fullDepth(reply);
    }

    // One printed batch: the next `n` documents and whether more remain.
    __batch__(n) {
      const docs = [];
      while (docs.length < n && this.hasNext()) docs.push(this.next());
      return { docs, more: this.hasNext() };
    }
  }

  // `db.c.explain(v).find(...)` and friends: the explain output of that call.
  function explainable(coll, verbosity) {
    const explainOf = (cursor) => cursor.explain(verbosity);
    return {
      find: (...a) => { const c = coll.find(...a); c._explain = verbosity; return c; },
      aggregate: (...a) => explainOf(coll.aggregate(...a)),
      count: (filter = {}) => __shell.fullDepth(coll._run({ explain: { count: coll._name, query: filter }, verbosity })),
      distinct: (key, filter = {}) => __shell.fullDepth(coll._run({ explain: { distinct: coll._name, key, query: filter }, verbosity })),
    };
  }

  function fullDepth(value) {
    hidden(value, '__shellType__', 'FullDepth');
    return value;
  }

  // One write model as the server statement it becomes: [kind, statement, op as errors show it].
  function bulkStatement(op) {
    const [name, args] = Object.entries(op || {})[0] || [];
    const a = args || {};
    const update = (u, multi) => __shell.clean({ q: a.filter, u, multi, upsert: a.upsert,
      arrayFilters: a.arrayFilters, hint: a.hint, collation: a.collation,
      sort: multi ? undefined : a.sort });
    switch (name) {
      case 'insertOne': { const d = __shell.withId(a.document); return ['insert', d, d]; }
      case 'updateOne': __shell.requireAtomic(a.update); return ['update', update(a.update, false)];
      case 'updateMany': __shell.requireAtomic(a.update); return ['update', update(a.update, true)];
      case 'replaceOne': __shell.requireReplacement(a.replacement); return ['update', update(a.replacement, false)];
      case 'deleteOne': return ['delete', __shell.clean({ q: a.filter, limit: 1, hint: a.hint, collation: a.collation })];
      case 'deleteMany': return ['delete', __shell.clean({ q: a.filter, limit: 0, hint: a.hint, collation: a.collation })];
      default: throw new MongoInvalidArgumentError(`Invalid BulkWriteModel: ${name}`);
    }
  }

  const KIND_ORDER = { insert: 0, update: 1, delete: 2 };
  const LIST = { insert: 'documents', update: 'updates', delete: 'deletes' };

  // Runs one statement; a write error is returned, not thrown, so unordered writes go on.
  function runStatement(coll, kind, statement, options) {
    const command = __shell.clean({ [kind]: coll._name, [LIST[kind]]: [statement], ordered: true,
      writeConcern: options.writeConcern, bypassDocumentValidation: options.bypassDocumentValidation,
      let: options.let, comment: options.comment });
    const reply = coll._run(command);
    return { reply, error: (reply.writeErrors || [])[0] };
  }

  function tally(r, kind, reply, index, statement) {
    if (kind === 'insert') { r.insertedCount += reply.n; if (reply.n) r.insertedIds[index] = statement._id; }
    if (kind === 'delete') r.deletedCount += reply.n;
    if (kind !== 'update') return;
    const upserted = reply.upserted || [];
    r.matchedCount += reply.n - upserted.length;
    r.modifiedCount += reply.nModified || 0;
    r.upsertedCount += upserted.length;
    if (upserted.length) r.upsertedIds[index] = upserted[0]._id;
  }

  // The driver's bulkWrite: ordered stops at the first write error; unordered runs
  // every insert, then every update, then every delete. Any error throws
  // MongoBulkWriteError with what did succeed.
  function bulkWrite(coll, operations, options) {
    if (!Array.isArray(operations) || operations.length === 0) {
      throw new MongoInvalidArgumentError('Invalid BulkOperation, Batch cannot be empty');
    }
    const ordered = options.ordered !== false;
    let plan = operations.map((op, index) => [index, ...bulkStatement(op)]);
    if (!ordered) plan = plan.slice().sort((x, y) => KIND_ORDER[x[1]] - KIND_ORDER[y[1]]);
    const r = { acknowledged: true, insertedCount: 0, insertedIds: {}, matchedCount: 0,
      modifiedCount: 0, deletedCount: 0, upsertedCount: 0, upsertedIds: {} };
    if (!__shell.acknowledged(options)) return unacknowledgedBulk(coll, plan, ordered, options, r);
    const writeErrors = [];
    for (const [index, kind, statement, shown] of plan) {
      const { reply, error } = runStatement(coll, kind, statement, options);
      if (error) {
        writeErrors.push({ index, code: error.code, errmsg: error.errmsg, errInfo: error.errInfo,
          op: shown || statement });
        if (ordered) break;
        continue;
      }
      tally(r, kind, reply, index, statement);
    }
    if (writeErrors.length) {
      // The driver's BulkWriteResult lists insertedIds last.
      const { acknowledged, insertedIds, ...counts } = r;
      throw __errors.bulkWriteError(writeErrors, Object.assign(counts, { insertedIds }));
    }
    return r;
  }

  // `w: 0`: the writes run but no reply comes back, so the driver's result (and
  // mongosh's) counts nothing and lists every insert's id; an ordered batch on the
  // server still stops at its first error, until the next kind of write.
  function unacknowledgedBulk(coll, plan, ordered, options, r) {
    let failedKind = null;
    for (const [index, kind, statement] of plan) {
      if (kind === 'insert') r.insertedIds[index] = statement._id;
      if (kind === failedKind) continue;
      failedKind = null;
      const { error } = runStatement(coll, kind, statement, options);
      if (error && ordered) failedKind = kind;
    }
    return r;
  }

  let lastCursor = null;
  Object.assign(__shell, {
    cursor: (coll, kind, spec) => new Cursor(coll, kind, spec),
    Cursor, explainable, fullDepth, bulkWrite,
    setLastCursor(c) { lastCursor = c; },
    lastCursor() { return lastCursor; },
  });
})(globalThis, __native);
