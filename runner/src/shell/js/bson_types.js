// mongosh's BSON helper classes. Each is callable with or without `new`, carries
// `_bsontype` (as js-bson does) and an `__inspect__` text for the printer.
(function (g, native) {
  'use strict';
  const hidden = (obj, key, value) =>
    Object.defineProperty(obj, key, { value, enumerable: false, writable: true, configurable: true });

  // Makes a class callable without `new` while keeping its name and prototype.
  function callable(Impl, name) {
    const wrapper = {
      [name]: function (...args) { return new Impl(...args); }
    }[name];
    wrapper.prototype = Impl.prototype;
    hidden(Impl.prototype, 'constructor', wrapper);
    return wrapper;
  }

  class BSONError extends Error {
    get name() { return 'BSONError'; }
  }

  const HEX24 = /^[0-9a-fA-F]{24}$/;
  // Set just before an id the engine made is wrapped: its hex needs no check, and
  // boa's regular expressions cost more than the rest of the constructor.
  let engineHex = false;
  class ObjectIdImpl {
    constructor(id) {
      if (id === undefined || id === null || engineHex) {
        engineHex = false;
        hidden(this, '__hex', id == null ? native.nextObjectId() : id);
        return;
      }
      if (id instanceof ObjectIdImpl) id = id.__hex;
      else if (typeof id === 'number') id = native.objectIdFromTime(id);
      if (typeof id !== 'string' || !HEX24.test(id)) {
        throw new BSONError('input must be a 24 character hex string, 12 byte Uint8Array, or an integer');
      }
      hidden(this, '__hex', id.toLowerCase());
    }
    get _bsontype() { return 'ObjectId'; }
    toHexString() { return this.__hex; }
    toString() { return this.__hex; }
    toJSON() { return this.__hex; }
    equals(other) { return other != null && String(other.__hex || other) === this.__hex; }
    getTimestamp() { return new Date(parseInt(this.__hex.slice(0, 8), 16) * 1000); }
    __inspect__() { return `ObjectId('${this.__hex}')`; }
  }
  ObjectIdImpl.isValid = (v) => (typeof v === 'string' && HEX24.test(v)) || v instanceof ObjectIdImpl;

  class LongImpl {
    constructor(low, high, unsigned) {
      let v;
      if (typeof low === 'bigint') v = BigInt.asIntN(64, low);
      else if (typeof low === 'string') v = BigInt.asIntN(64, BigInt(low));
      else if (low instanceof LongImpl) v = low.__v;
      else {
        const lo = BigInt((low | 0) >>> 0);
        const hi = BigInt(high | 0);
        v = unsigned ? BigInt.asUintN(64, (hi << 32n) | lo) : BigInt.asIntN(64, (hi << 32n) | lo);
      }
      hidden(this, '__v', v);
    }
    get _bsontype() { return 'Long'; }
    toString(radix) { return this.__v.toString(radix); }
    toNumber() { return Number(this.__v); }
    toBigInt() { return this.__v; }
    valueOf() { return Number(this.__v); }
    toJSON() { return this.__v.toString(); }
    equals(o) { return o != null && BigInt(o.__v !== undefined ? o.__v : o) === this.__v; }
    __inspect__() { return `Long('${this.__v}')`; }
  }
  LongImpl.fromNumber = (n) => new LongImpl(BigInt(Math.trunc(n)));
  LongImpl.fromString = (s) => new LongImpl(String(s));
  LongImpl.fromBigInt = (b) => new LongImpl(b);
  LongImpl.fromInt = (n) => new LongImpl(BigInt(n | 0));

  class Int32Impl {
    constructor(v) { hidden(this, '__v', Number(v) | 0); }
    get _bsontype() { return 'Int32'; }
    valueOf() { return this.__v; }
    toString() { return String(this.__v); }
    toJSON() { return this.__v; }
    __inspect__() { return `Int32(${this.__v})`; }
  }

  class DoubleImpl {
    constructor(v) { hidden(this, '__v', Number(v)); }
    get _bsontype() { return 'Double'; }
    valueOf() { return this.__v; }
    toString() { return String(this.__v); }
    toJSON() { return this.__v; }
    __inspect__() { return `Double(${Object.is(this.__v, -0) ? '-0' : String(this.__v)})`; }
  }

  class Decimal128Impl {
    constructor(v) {
      const text = String(v);
      native.checkDecimal(text);
      hidden(this, '__v', text);
    }
    get _bsontype() { return 'Decimal128'; }
    toString() { return this.__v; }
    toJSON() { return { $numberDecimal: this.__v }; }
    __inspect__() { return `Decimal128('${this.__v}')`; }
  }
  Decimal128Impl.fromString = (s) => new Decimal128Impl(s);

  class TimestampImpl {
    constructor(arg, inc) {
      const t = arg && typeof arg === 'object' ? arg.t : arg;
      const i = arg && typeof arg === 'object' ? arg.i : inc;
      hidden(this, 't', Number(t) >>> 0);
      hidden(this, 'i', Number(i) >>> 0);
    }
    get _bsontype() { return 'Timestamp'; }
    __inspect__() { return `Timestamp({ t: ${this.t}, i: ${this.i} })`; }
  }

  class BinaryImpl {
    constructor(base64, subType) {
      hidden(this, '__b64', String(base64));
      hidden(this, 'sub_type', subType === undefined ? 0 : Number(subType));
    }
    get _bsontype() { return 'Binary'; }
    base64() { return this.__b64; }
    __inspect__() {
      if (this.sub_type === 4) return `UUID('${native.base64ToUuid(this.__b64)}')`;
      return `Binary.createFromBase64('${this.__b64}', ${this.sub_type})`;
    }
  }
  BinaryImpl.createFromBase64 = (b, s) => new BinaryImpl(b, s);

  class MinKeyImpl {
    get _bsontype() { return 'MinKey'; }
    __inspect__() { return 'MinKey()'; }
  }
  class MaxKeyImpl {
    get _bsontype() { return 'MaxKey'; }
    __inspect__() { return 'MaxKey()'; }
  }
  class CodeImpl {
    constructor(code) { hidden(this, 'code', String(code)); }
    get _bsontype() { return 'Code'; }
    __inspect__() { return `Code('${this.code.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}')`; }
  }

  // mongosh checks the helper's arguments before js-bson sees them.
  function checkDBRefArgs(namespace, oid, db) {
    const invalid = (text) => new MongoshInvalidInputError(`[COMMON-10001] ${text} (DBRef)`);
    if (namespace === undefined) throw invalid('Missing required argument at position 0');
    if (typeof namespace !== 'string') {
      throw invalid(`Argument at position 0 must be of type string, got ${typeof namespace} instead`);
    }
    if (oid === undefined) throw invalid('Missing required argument at position 1');
    if (db !== undefined && typeof db !== 'string') {
      throw invalid(`Argument at position 2 must be of type string, got ${typeof db} instead`);
    }
  }

  // Stored as `{ $ref, $id, $db }` and the extra fields; the printer spells it
  // `DBRef('coll', id[, 'db'][, fields])` as mongosh does.
  class DBRefImpl {
    constructor(collection, oid, db, fields) {
      checkDBRefArgs(collection, oid, db);
      this.collection = collection;
      this.oid = oid;
      this.db = db;
      this.fields = Object.assign({}, fields);
    }
    get _bsontype() { return 'DBRef'; }
    get namespace() { return this.collection; }
    toJSON() {
      const out = { $ref: this.collection, $id: this.oid };
      if (this.db) out.$db = this.db;
      return Object.assign(out, this.fields);
    }
  }

  const ObjectId = callable(ObjectIdImpl, 'ObjectId');
  // Static helpers are not enumerable, as a class's static methods are: printing the
  // constructor shows its label, not our wiring.
  function statics(ctor, methods) {
    for (const name of Object.keys(methods)) {
      Object.defineProperty(ctor, name, { value: methods[name], writable: true, configurable: true });
    }
  }
  statics(ObjectId, { isValid: ObjectIdImpl.isValid });
  const Long = callable(LongImpl, 'Long');
  statics(Long, { fromNumber: LongImpl.fromNumber, fromString: LongImpl.fromString,
    fromBigInt: LongImpl.fromBigInt, fromInt: LongImpl.fromInt });
  const Decimal128 = callable(Decimal128Impl, 'Decimal128');
  statics(Decimal128, { fromString: Decimal128Impl.fromString });
  const Binary = callable(BinaryImpl, 'Binary');
  statics(Binary, { createFromBase64: BinaryImpl.createFromBase64 });
  const Int32 = callable(Int32Impl, 'Int32');
  const Double = callable(DoubleImpl, 'Double');
  const Timestamp = callable(TimestampImpl, 'Timestamp');
  const MinKey = callable(MinKeyImpl, 'MinKey');
  const MaxKey = callable(MaxKeyImpl, 'MaxKey');
  const Code = callable(CodeImpl, 'Code');
  const DBRef = callable(DBRefImpl, 'DBRef');

  const LONG_WARNING = 'Warning: NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead';
  function NumberLong(v) {
    if (v === undefined) return new LongImpl(0n);
    if (typeof v === 'number') {
      native.printLine(LONG_WARNING);
      return LongImpl.fromNumber(v);
    }
    return new LongImpl(typeof v === 'bigint' ? v : String(v));
  }
  const NumberInt = (v) => new Int32Impl(v === undefined ? 0 : v);
  const NumberDecimal = (v) => new Decimal128Impl(v === undefined ? '0' : v);
  function ISODate(v) {
    const d = v === undefined ? new Date() : new Date(v);
    if (isNaN(d.getTime())) throw new BSONError(`${JSON.stringify(String(v))} is not a valid ISODate`);
    return d;
  }
  function UUID(hex) {
    const text = hex === undefined ? native.randomUuid() : String(hex);
    return new BinaryImpl(native.uuidToBase64(text), 4);
  }
  const BinData = (sub, b64) => new BinaryImpl(b64, sub);
  const HexData = (sub, hex) => new BinaryImpl(native.hexToBase64(String(hex)), sub);

  const exported = { ObjectId, Long, Int32, Double, Decimal128, Timestamp, Binary, MinKey, MaxKey,
    Code, DBRef, NumberLong, NumberInt, NumberDecimal, ISODate, UUID, BinData, HexData, BSONError };
  for (const name of Object.keys(exported)) hidden(g, name, exported[name]);
  hidden(g, '__bson', {
    objectId: (hex) => { engineHex = true; return new ObjectIdImpl(hex); },
    long: (text) => new LongImpl(text),
    decimal: (text) => new Decimal128Impl(text),
    timestamp: (t, i) => new TimestampImpl({ t, i }),
    binary: (b64, sub) => new BinaryImpl(b64, sub),
    minKey: () => new MinKeyImpl(),
    maxKey: () => new MaxKeyImpl(),
    code: (c) => new CodeImpl(c),
    int32: (v) => new Int32Impl(v),
    double: (v) => new DoubleImpl(v),
    dbref: (ref, id, db, fields) => new DBRefImpl(ref, id, db, fields),
  });
})(globalThis, __native);
