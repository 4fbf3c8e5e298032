// The driver's and mongosh's error classes, with the names mongosh prints.
(function (g) {
  'use strict';
  const hidden = (obj, key, value) =>
    Object.defineProperty(obj, key, { value, enumerable: false, writable: true, configurable: true });

  function named(name, Base) {
    const cls = { [name]: class extends Base {} }[name];
    Object.defineProperty(cls.prototype, 'name', { value: name, writable: true, configurable: true });
    return cls;
  }
  const MongoError = named('MongoError', Error);
  const MongoServerError = named('MongoServerError', MongoError);
  const MongoBulkWriteError = named('MongoBulkWriteError', MongoServerError);
  const MongoInvalidArgumentError = named('MongoInvalidArgumentError', MongoError);
  const MongoshInvalidInputError = named('MongoshInvalidInputError', Error);
  const MongoshUnimplementedError = named('MongoshUnimplementedError', Error);

  // A server reply `{ ok: 0, errmsg, code, codeName }` as the driver throws it.
  function serverError(reply) {
    const err = new MongoServerError(reply.errmsg);
    if (reply.code !== undefined) hidden(err, 'code', reply.code);
    if (reply.codeName !== undefined) hidden(err, 'codeName', reply.codeName);
    for (const key of ['errInfo', 'keyPattern', 'keyValue']) {
      if (reply[key] !== undefined) hidden(err, key, reply[key]);
    }
    return err;
  }

  class BulkWriteResult {}
  class WriteError {
    constructor(err) { this.err = err; }
    get code() { return this.err.code; }
    get index() { return this.err.index; }
    get errmsg() { return this.err.errmsg; }
  }

  function bulkWriteError(writeErrors, result) {
    const first = writeErrors[0];
    const err = new MongoBulkWriteError(first.errmsg);
    hidden(err, 'code', first.code);
    hidden(err, 'writeErrors', writeErrors.map((w) => new WriteError(w)));
    hidden(err, 'result', Object.assign(new BulkWriteResult(), result));
    return err;
  }

  const exported = { MongoError, MongoServerError, MongoBulkWriteError, MongoInvalidArgumentError,
    MongoshInvalidInputError, MongoshUnimplementedError };
  for (const name of Object.keys(exported)) hidden(g, name, exported[name]);
  hidden(g, '__errors', { serverError, bulkWriteError });
})(globalThis);
