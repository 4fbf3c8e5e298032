// `db`: a proxy where any unknown property is a collection of that name.
(function (g, native) {
  'use strict';
  const hidden = (obj, key, value) =>
    Object.defineProperty(obj, key, { value, enumerable: false, writable: true, configurable: true });

  function run(dbName, command) {
    const reply = native.command(dbName, command);
    if (!reply.ok) throw __errors.serverError(reply);
    return reply;
  }

  // Unknown names become collections, except internals and symbols.
  function proxied(target, child) {
    return new Proxy(target, {
      get(t, prop, receiver) {
        if (typeof prop === 'symbol' || prop in t || prop.startsWith('_')) {
          return Reflect.get(t, prop, receiver);
        }
        return child(t, prop);
      },
    });
  }

  class Database {
    // Collections are made once per name, as mongosh keeps them (`db.c === db.c`);
    // a loop over `db.c.insertOne(...)` then builds no collection per call.
    constructor(name) { hidden(this, '_name', name); hidden(this, '_collections', new Map()); }
    get __shellType__() { return 'Database'; }
    __inspect__() { return this._name; }
    toString() { return this._name; }
    getName() { return this._name; }
    _run(command) { return run(this._name, command); }
    getCollection(name) {
      if (typeof name !== 'string' || name === '') {
        throw new MongoshInvalidInputError(`Invalid collection name: ${name}`);
      }
      let coll = this._collections.get(name);
      if (coll === undefined) {
        coll = __shell.collection(this, name);
        this._collections.set(name, coll);
      }
      return coll;
    }
    getSiblingDB(name) { return __shell.database(String(name)); }
    getMongo() { return { getDBNames: () => this.adminCommand({ listDatabases: 1 }).databases.map((d) => d.name) }; }
    getCollectionInfos(filter = {}) {
      return this._run({ listCollections: 1, filter }).cursor.firstBatch;
    }
    getCollectionNames() {
      return this.getCollectionInfos().map((c) => c.name).sort(__shell.compareNames);
    }
    // `show collections`: mongosh's two-column table, a badge for views.
    _showCollections() {
      const types = new Map(this.getCollectionInfos().map((c) => [c.name, c.type]));
      const badges = { view: '[view]', timeseries: '[time-series]' };
      const rows = this.getCollectionNames().map((n) => [n, badges[types.get(n)] || '']);
      const width = Math.max(0, ...rows.map(([n]) => n.length));
      return rows.map(([n, b]) => `${n.padEnd(width)}  ${b}`.trimEnd()).join('\n');
    }
    createCollection(name, options = {}) {
      this._run(Object.assign({ create: name }, options));
      return { ok: 1 };
    }
    createView(name, source, pipeline, options = {}) {
      const command = { create: name, viewOn: source, pipeline };
      if (options.collation) command.collation = options.collation;
      this._run(command);
      return { ok: 1 };
    }
    dropDatabase() {
      this._run({ dropDatabase: 1 });
      return { ok: 1, dropped: this._name };
    }
    runCommand(command) {
      return this._run(typeof command === 'string' ? { [command]: 1 } : command);
    }
    adminCommand(command) {
      return run('admin', typeof command === 'string' ? { [command]: 1 } : command);
    }
    aggregate(pipeline = [], options = {}) {
      return __shell.cursor(this.getCollection('$cmd.aggregate'), 'aggregate', { pipeline, options, dbLevel: true });
    }
    stats() { return this._run({ dbStats: 1 }); }
    version() { return '7.0.0'; }
  }

  function database(name) {
    return proxied(new Database(name), (t, prop) => t.getCollection(prop));
  }

  hidden(g, '__shell', Object.assign(g.__shell || {}, { run, proxied, database, Database,
    compareNames(a, b) {
      const sa = a.startsWith('system.'), sb = b.startsWith('system.');
      if (sa !== sb) return sa ? 1 : -1;
      const la = a.toLowerCase(), lb = b.toLowerCase();
      if (la !== lb) return la < lb ? -1 : 1;
      return a < b ? 1 : a > b ? -1 : 0;
    },
  }));
})(globalThis, __native);
