// The JavaScript half of the DynamoDB client: `dynamodb.<action>` with typed
// AWS JSON values and `ddb.<op>`, the DocumentClient of lib-dynamodb, which
// marshals plain JS values (spec §1). Both call `__dynamo.execute`. Evaluated on
// first use of `dynamodb`, `ddb` or `NumberValue` (see `shell/dynamo.rs`).
(function () {
  const native = globalThis.__dynamo;

  function serviceError(e) {
    const err = new Error(e.message);
    err.name = e.code;
    if (e.Item !== undefined) err.Item = e.Item;
    if (e.CancellationReasons !== undefined) err.CancellationReasons = e.CancellationReasons;
    return err;
  }

  // The shell's one base64 (`runner/src/base64.rs`), strict as the service is.
  const bytesToBase64 = native.base64Encode;
  const base64ToBytes = native.base64Decode;

  // Typed requests may carry Uint8Array for B/BS; the wire form is base64.
  function wireReplacer(key, value) {
    if (value instanceof Uint8Array) return bytesToBase64(value);
    return value;
  }

  function call(action, params) {
    const text = JSON.stringify(params === undefined ? {} : params, wireReplacer);
    const reply = native.execute(action, text);
    if (!reply.ok) throw serviceError(reply.error);
    return reply.response;
  }

  const ACTIONS = ['createTable', 'describeTable', 'listTables', 'deleteTable', 'putItem', 'getItem',
    'updateItem', 'deleteItem', 'query', 'scan', 'batchGetItem', 'batchWriteItem',
    'transactWriteItems', 'transactGetItems', 'executeStatement', 'batchExecuteStatement',
    'executeTransaction'];
  const dynamodb = {};
  for (const name of ACTIONS) {
    const action = name[0].toUpperCase() + name.slice(1);
    dynamodb[name] = function (params) { return call(action, params); };
  }

  function marshall(v) {
    if (v === null) return { NULL: true };
    if (v === undefined) {
      throw new Error('Pass options.removeUndefinedValues=true to remove undefined values from map/array/set.');
    }
    if (typeof v === 'string') return { S: v };
    if (typeof v === 'boolean') return { BOOL: v };
    if (typeof v === 'bigint') return { N: v.toString() };
    if (typeof v === 'number') return { N: numberText(v) };
    if (v instanceof Set) return marshallSet(v);
    if (v instanceof Uint8Array) return { B: bytesToBase64(v) };
    if (Array.isArray(v)) return { L: v.map(marshall) };
    if (typeof v === 'object' && isNumberValue(v)) return { N: v.value };
    const proto = Object.getPrototypeOf(v);
    if (typeof v === 'object' && (proto === Object.prototype || proto === null)) return { M: marshallMap(v) };
    throw new Error('Unsupported type passed: ' + String(v) +
      '. Pass options.convertClassInstanceToMap=true to marshall typeof object as map attribute.');
  }

  function isNumberValue(v) {
    const keys = Object.keys(v);
    return keys.length === 1 && keys[0] === 'value' && typeof v.value === 'string' && v.constructor === NumberValue;
  }

  function numberText(n) {
    if (!Number.isFinite(n)) throw new Error('Special numeric value ' + String(n) + ' is not allowed');
    if (Math.abs(n) > Number.MAX_SAFE_INTEGER) {
      throw new Error('Number ' + String(n) +
        ' is greater than Number.MAX_SAFE_INTEGER. Use NumberValue from @aws-sdk/lib-dynamodb.');
    }
    return String(n);
  }

  function marshallSet(set) {
    if (set.size === 0) throw new Error('Pass a non-empty set, or options.convertEmptyValues=true.');
    const items = Array.from(set);
    const first = items[0];
    if (typeof first === 'string') return { SS: items };
    if (typeof first === 'number' || typeof first === 'bigint') return { NS: items.map((n) => typeof n === 'bigint' ? n.toString() : numberText(n)) };
    if (first instanceof Uint8Array) return { BS: items.map(bytesToBase64) };
    throw new Error('Only Set of numbers, strings or Uint8Array are supported');
  }

  function marshallMap(obj) {
    const out = {};
    for (const k of Object.keys(obj)) out[k] = marshall(obj[k]);
    return out;
  }

  function unmarshall(av) {
    const tag = Object.keys(av)[0];
    const v = av[tag];
    switch (tag) {
      case 'S': return v;
      case 'N': return toNumber(v);
      case 'B': return base64ToBytes(v);
      case 'BOOL': return v;
      case 'NULL': return null;
      case 'L': return v.map(unmarshall);
      case 'M': return unmarshallMap(v);
      case 'SS': return new Set(v);
      case 'NS': return new Set(v.map(toNumber));
      case 'BS': return new Set(v.map(base64ToBytes));
    }
    return undefined;
  }

  function toNumber(text) {
    const n = Number(text);
    if (Number.isInteger(n) && !Number.isSafeInteger(n) && /^-?\d+$/.test(text)) return BigInt(text);
    return n;
  }

  function unmarshallMap(obj) {
    const out = {};
    for (const k of Object.keys(obj)) out[k] = unmarshall(obj[k]);
    return out;
  }

  const REQUEST_MAPS = ['Item', 'Key', 'ExclusiveStartKey', 'ExpressionAttributeValues'];
  // The legacy parameters: lib-dynamodb marshalls each attribute's operands in them.
  const LEGACY_MAPS = ['KeyConditions', 'QueryFilter', 'ScanFilter', 'Expected', 'AttributeUpdates'];
  function marshallLegacy(conditions) {
    const out = {};
    for (const name of Object.keys(conditions)) {
      const c = Object.assign({}, conditions[name]);
      if (c.Value !== undefined) c.Value = marshall(c.Value);
      if (Array.isArray(c.AttributeValueList)) c.AttributeValueList = c.AttributeValueList.map(marshall);
      out[name] = c;
    }
    return out;
  }
  function marshallRequest(v) {
    if (Array.isArray(v)) return v.map(marshallRequest);
    if (v === null || typeof v !== 'object') return v;
    const out = {};
    for (const k of Object.keys(v)) {
      // lib-dynamodb leaves an undefined member out, as JSON.stringify would.
      if (v[k] === undefined) continue;
      if (REQUEST_MAPS.includes(k)) out[k] = marshallMap(v[k]);
      else if (LEGACY_MAPS.includes(k) && v[k] !== null && typeof v[k] === 'object') out[k] = marshallLegacy(v[k]);
      else if (k === 'Keys') out[k] = v[k].map(marshallMap);
      // PartiQL's `?` values, as ExecuteStatementCommand of lib-dynamodb marshalls them.
      else if (k === 'Parameters') out[k] = v[k].map(marshall);
      else out[k] = marshallRequest(v[k]);
    }
    return out;
  }

  const RESPONSE_MAPS = ['Item', 'Key', 'Attributes', 'LastEvaluatedKey', 'ItemCollectionKey'];
  function unmarshallResponse(v, key) {
    if (Array.isArray(v)) return v.map((x) => unmarshallResponse(x, key));
    if (v === null || typeof v !== 'object') return v;
    if (RESPONSE_MAPS.includes(key)) return unmarshallMap(v);
    const out = {};
    for (const k of Object.keys(v)) {
      if (k === 'Items' || k === 'Keys') out[k] = v[k].map(unmarshallMap);
      else if (key === 'Responses' && Array.isArray(v[k])) out[k] = v[k].map(unmarshallMap);
      else out[k] = unmarshallResponse(v[k], k);
    }
    return out;
  }

  const DOC_OPS = { get: 'GetItem', put: 'PutItem', update: 'UpdateItem', delete: 'DeleteItem',
    query: 'Query', scan: 'Scan', batchGet: 'BatchGetItem', batchWrite: 'BatchWriteItem',
    transactGet: 'TransactGetItems', transactWrite: 'TransactWriteItems',
    executeStatement: 'ExecuteStatement', batchExecuteStatement: 'BatchExecuteStatement',
    executeTransaction: 'ExecuteTransaction' };
  const ddb = {};
  for (const op of Object.keys(DOC_OPS)) {
    ddb[op] = function (params) {
      const request = marshallRequest(params === undefined ? {} : params);
      return unmarshallResponse(call(DOC_OPS[op], request), '');
    };
  }
  ddb.koleksi = function (table, pk) { return native.koleksi(String(table), pk === undefined ? null : String(pk)); };
  ddb.riwayat = function (n) { return native.riwayat(n); };
  ddb.ekspresi = function (spec, table) {
    const text = native.ekspresi(JSON.stringify(spec === undefined ? {} : spec), table === undefined ? null : String(table));
    return JSON.parse(text);
  };

  class NumberValue {
    constructor(value) { this.value = String(value); }
    toString() { return this.value; }
  }

  // Read through the global accessors of `shell::dynamo` (see LAZY_GLOBALS there).
  native.api = { NumberValue, dynamodb, ddb };
})();
