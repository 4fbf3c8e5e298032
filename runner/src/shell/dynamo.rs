//! The DynamoDB globals of the shell: `dynamodb.<action>(params)`, the
//! DocumentClient `ddb.<op>(params)` and the learning aids `ddb.koleksi`,
//! `ddb.riwayat` and `ddb.ekspresi`. The JavaScript half is `js/dynamo.js`; the
//! natives here reach the engine through the session.

use boa_engine::native_function::NativeFunctionPointer;
use boa_engine::object::builtins::JsUint8Array;
use boa_engine::{Context, JsError, JsNativeError, JsResult, JsValue};
use serde_json::{json, Value};

use super::dynamo_aids;
use super::engines::{session_from, SessionHandle};
use super::jsutil::js_str;
use super::natives::register_native;
use super::{Shell, ShellError};
use crate::base64;
use crate::engine::dynamo::DynamoError;
use crate::pesan::shell as pesan;

/// Registers the natives and a stub for `dynamodb`, `ddb` and `NumberValue`: the
/// prelude itself is evaluated on first use, so a MongoDB-only session (and every
/// `kursus periksa` replay of a MongoDB lesson) does not pay for parsing it.
pub(crate) fn install(shell: &mut Shell) -> Result<(), ShellError> {
    let natives: [(&str, NativeFunctionPointer, usize); 7] = [
        ("execute", execute, 2),
        ("base64Encode", base64_encode, 1),
        ("base64Decode", base64_decode, 1),
        ("koleksi", koleksi, 2),
        ("riwayat", riwayat, 1),
        ("ekspresi", ekspresi, 2),
        ("install", install_prelude, 0),
    ];
    for (name, f, arity) in natives {
        register_native(shell.context(), "__dynamo", name, f, arity)
            .map_err(|e| ShellError::Script(e.to_string()))?;
    }
    shell.install_prelude(LAZY_GLOBALS)
}

/// Accessors that evaluate the prelude when first touched. The global object's
/// shape never changes afterwards (boa caches global slots), so an assignment by the
/// learner is kept beside the prelude's value instead of replacing the property.
const LAZY_GLOBALS: &str = r#"(() => {
  const native = globalThis.__dynamo;
  const assigned = {};
  for (const name of ['NumberValue', 'dynamodb', 'ddb']) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      enumerable: true,
      get() {
        if (name in assigned) return assigned[name];
        if (native.api === undefined) native.install();
        return native.api[name];
      },
      set(value) { assigned[name] = value; },
    });
  }
})();"#;

fn install_prelude(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    super::compiled::eval(ctx, PRELUDE)?;
    Ok(JsValue::undefined())
}

const PRELUDE: &str = include_str!("js/dynamo.js");

/// `__dynamo.base64Encode(Uint8Array)`: the wire text of a `B` value.
fn base64_encode(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let object = args
        .first()
        .and_then(JsValue::as_object)
        .ok_or_else(not_bytes)?;
    let array = JsUint8Array::from_object(object.clone())?;
    let mut bytes = Vec::with_capacity(array.length(ctx)?);
    for i in 0..array.length(ctx)? {
        bytes.push(array.at(i as i64, ctx)?.to_uint8(ctx)?);
    }
    Ok(js_str(&base64::encode(&bytes)))
}

/// `__dynamo.base64Decode(text)`: the bytes of a `B` value as a `Uint8Array`.
fn base64_decode(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let text = arg_text(args, 0, ctx)?.unwrap_or_default();
    let bytes = base64::decode(&text)
        .ok_or_else(|| JsError::from(JsNativeError::typ().with_message("invalid base64")))?;
    Ok(JsUint8Array::from_iter(bytes, ctx)?.into())
}

fn not_bytes() -> JsError {
    JsNativeError::typ()
        .with_message("expected a Uint8Array")
        .into()
}

fn session(ctx: &Context) -> JsResult<SessionHandle> {
    session_from(ctx).ok_or_else(|| JsNativeError::error().with_message("no session").into())
}

fn arg_text(args: &[JsValue], i: usize, ctx: &mut Context) -> JsResult<Option<String>> {
    match args.get(i) {
        None => Ok(None),
        Some(v) if v.is_null() || v.is_undefined() => Ok(None),
        Some(v) => Ok(Some(v.to_string(ctx)?.to_std_string_lossy())),
    }
}

fn error(message: String) -> JsError {
    JsNativeError::error().with_message(message).into()
}

fn print(ctx: &Context, text: &str) -> JsResult<()> {
    let s = session(ctx)?;
    let mut s = s.borrow_mut();
    s.out.push_str(text);
    s.out.push('\n');
    Ok(())
}

/// `__dynamo.execute(action, requestJson)` → `{"ok":true,"response":…}` or
/// `{"ok":false,"error":{code, message, …}}`, as a JavaScript object.
fn execute(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    super::budget::charge_request(ctx)?;
    let action = arg_text(args, 0, ctx)?.unwrap_or_default();
    let text = arg_text(args, 1, ctx)?.unwrap_or_else(|| "{}".to_string());
    let request: Value = serde_json::from_str(&text).map_err(|e| error(e.to_string()))?;
    let s = session(ctx)?;
    let engines = s.borrow().engines.clone();
    if super::engines::grows_dynamo(&action) {
        engines
            .borrow()
            .check_cap()
            .map_err(super::natives::data_full)?;
    }
    let result = engines.borrow_mut().dynamo.execute(&action, request);
    super::budget::after_request()?;
    let reply = match result {
        Ok(response) => json!({ "ok": true, "response": response }),
        Err(e) => json!({ "ok": false, "error": error_body(&e) }),
    };
    // Built as a JavaScript value directly: boa's `JSON.parse` compiles its text as
    // a script, which cost more than the request itself.
    JsValue::from_json(&reply, ctx)
}

fn error_body(e: &DynamoError) -> Value {
    let mut body = json!({ "code": e.code, "message": e.message });
    if let Some(item) = &e.item {
        body["Item"] = (**item).clone();
    }
    if let Some(reasons) = &e.cancellation_reasons {
        body["CancellationReasons"] = Value::Array(reasons.clone());
    }
    body
}

fn koleksi(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let table = arg_text(args, 0, ctx)?.unwrap_or_default();
    let pk = arg_text(args, 1, ctx)?;
    let s = session(ctx)?;
    let engines = s.borrow().engines.clone();
    let text =
        dynamo_aids::koleksi(&engines.borrow().dynamo, &table, pk.as_deref()).map_err(error)?;
    print(ctx, &text)?;
    Ok(JsValue::undefined())
}

/// `ddb.riwayat(n)` shows the last `n` requests; without `n`, all that are kept.
fn riwayat(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let last = match args.first().filter(|v| !v.is_undefined() && !v.is_null()) {
        Some(v) => Some(v.to_number(ctx)?.max(0.0) as usize),
        None => None,
    };
    let s = session(ctx)?;
    let engines = s.borrow().engines.clone();
    let engines = engines.borrow();
    let kept = engines.dynamo.history().count();
    let skip = last.map_or(0, |n| kept.saturating_sub(n));
    let text = dynamo_aids::riwayat(engines.dynamo.history().skip(skip));
    print(ctx, &text)?;
    Ok(JsValue::undefined())
}

/// Prints the SDK v3 snippet and returns the request members as JSON text.
fn ekspresi(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let spec_text = arg_text(args, 0, ctx)?.unwrap_or_else(|| "{}".to_string());
    let spec: Value = serde_json::from_str(&spec_text).map_err(|e| error(e.to_string()))?;
    let obj = spec
        .as_object()
        .ok_or_else(|| error(pesan::EKSPRESI_BUTUH_OBJEK.into()))?;
    let parts = dynamo_aids::parse_parts(obj).map_err(error)?;
    if parts.is_empty() {
        return Err(error(pesan::EKSPRESI_BUTUH_KUNCI.into()));
    }
    let table = arg_text(args, 1, ctx)?
        .or_else(|| {
            obj.get("TableName")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .unwrap_or_else(|| guess_table(ctx, &parts));
    let members = dynamo_aids::ekspresi(&parts);
    print(
        ctx,
        &format!(
            "// AWS SDK for JavaScript v3:\n{}\n\
             // The same read in PartiQL:\n{}",
            dynamo_aids::sdk_snippet(&table, &members),
            dynamo_aids::partiql_snippet(&table, &parts)
        ),
    )?;
    let mut request = serde_json::Map::new();
    request.insert("TableName".into(), json!(table));
    request.extend(members.as_object().cloned().unwrap_or_default());
    Ok(js_str(&Value::Object(request).to_string()))
}

/// The table whose key schema holds the first attribute, if exactly one does.
fn guess_table(ctx: &Context, parts: &[(String, dynamo_aids::KeyPart)]) -> String {
    let fallback = pesan::NAMA_TABEL_CONTOH.to_string();
    let (Ok(s), Some((attr, _))) = (session(ctx), parts.first()) else {
        return fallback;
    };
    let engines = s.borrow().engines.clone();
    let engines = engines.borrow();
    let names: Vec<String> = engines
        .dynamo
        .table_names()
        .into_iter()
        .filter(|n| {
            engines
                .dynamo
                .table(n)
                .is_some_and(|t| t.partition_key() == attr.as_str())
        })
        .collect();
    match names.as_slice() {
        [only] => only.clone(),
        _ => fallback,
    }
}

#[cfg(test)]
mod tests {
    use crate::shell::{Shell, ShellOptions};

    const TABLE: &str = "dynamodb.createTable({ TableName: 'AppData', \
        KeySchema: [{ AttributeName: 'EntityRef', KeyType: 'HASH' }, { AttributeName: 'Detail', KeyType: 'RANGE' }], \
        AttributeDefinitions: [{ AttributeName: 'EntityRef', AttributeType: 'S' }, { AttributeName: 'Detail', AttributeType: 'S' }], \
        BillingMode: 'PAY_PER_REQUEST' }).TableDescription.TableStatus\n";

    fn shell_with_table() -> Shell {
        let mut shell = Shell::new(ShellOptions::default());
        assert_eq!(shell.run_script(TABLE), "ACTIVE\n");
        shell
    }

    #[test]
    fn document_client_round_trips_plain_values() {
        let mut shell = shell_with_table();
        let out = shell.run_script(
            "ddb.put({ TableName: 'AppData', Item: { EntityRef: 'WS#acme', Detail: 'PROJ#1', budget: 7.5, tags: new Set(['web']), ok: true, none: null } })\n\
             ddb.get({ TableName: 'AppData', Key: { EntityRef: 'WS#acme', Detail: 'PROJ#1' } }).Item.budget\n\
             ddb.get({ TableName: 'AppData', Key: { EntityRef: 'WS#acme', Detail: 'PROJ#1' } }).Item.tags.has('web')\n",
        );
        assert_eq!(out, "{}\n7.5\ntrue\n");
    }

    #[test]
    fn low_level_client_uses_typed_values() {
        let mut shell = shell_with_table();
        let out = shell.run_script(
            "dynamodb.putItem({ TableName: 'AppData', Item: { EntityRef: { S: 'WS#a' }, Detail: { S: 'META' }, n: { N: '007.50' } } })\n\
             dynamodb.getItem({ TableName: 'AppData', Key: { EntityRef: { S: 'WS#a' }, Detail: { S: 'META' } } }).Item.n.N\n",
        );
        assert_eq!(out, "{}\n7.5\n");
    }

    /// Binary values travel as base64 through the shell's one codec, both ways and in sets.
    #[test]
    fn binary_values_round_trip_through_the_native_base64() {
        let mut shell = shell_with_table();
        let out = shell.run_script(
            "ddb.put({ TableName: 'AppData', Item: { EntityRef: 'WS#b', Detail: 'BIN', b: new Uint8Array([0, 255, 7]), bs: new Set([new Uint8Array([1])]) } })\n\
             dynamodb.getItem({ TableName: 'AppData', Key: { EntityRef: { S: 'WS#b' }, Detail: { S: 'BIN' } } }).Item.b.B\n\
             const it = ddb.get({ TableName: 'AppData', Key: { EntityRef: 'WS#b', Detail: 'BIN' } }).Item\n\
             Array.from(it.b).join(',') + ' ' + (it.b instanceof Uint8Array)\n\
             Array.from(Array.from(it.bs)[0]).join(',')\n\
             dynamodb.putItem({ TableName: 'AppData', Item: { EntityRef: { S: 'WS#b' }, Detail: { S: 'RAW' }, b: { B: new Uint8Array([104, 105]) } } })\n\
             dynamodb.getItem({ TableName: 'AppData', Key: { EntityRef: { S: 'WS#b' }, Detail: { S: 'RAW' } } }).Item.b.B\n",
        );
        assert_eq!(out, "{}\nAP8H\n\n0,255,7 true\n1\n{}\naGk=\n");
    }

    #[test]
    fn service_errors_are_thrown_with_their_name() {
        let mut shell = shell_with_table();
        let out = shell.run_script(
            "dynamodb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :ws', \
             FilterExpression: 'begins_with(Detail, :p)', ExpressionAttributeValues: { ':ws': { S: 'WS#acme' }, ':p': { S: 'PROJ#' } } })\n\
             try { ddb.get({ TableName: 'Nope', Key: { a: 1 } }) } catch (e) { e.name }\n",
        );
        assert_eq!(
            out,
            "ValidationException: Filter Expression can only contain non-primary key attributes: Primary key attribute: Detail\nResourceNotFoundException\n"
        );
    }

    #[test]
    fn aids_draw_collections_and_the_request_log() {
        let mut shell = shell_with_table();
        let out = shell.run_script(
            "ddb.batchWrite({ RequestItems: { AppData: [{ PutRequest: { Item: { EntityRef: 'WS#acme', Detail: 'META', name: 'Acme' } } }, \
             { PutRequest: { Item: { EntityRef: 'WS#acme', Detail: 'PROJ#2', status: 'ACTIVE' } } }] } }).UnprocessedItems\n\
             ddb.koleksi('AppData', 'WS#acme')\n\
             ddb.query({ TableName: 'AppData', KeyConditionExpression: 'EntityRef = :e', ExpressionAttributeValues: { ':e': 'WS#acme' } }).Count\n\
             ddb.riwayat()\n",
        );
        let expected = "{}\n\
            Tabel AppData: partition key EntityRef, sort key Detail\n\
            EntityRef = WS#acme (2 item)\n  META     name\n  PROJ#2   status\n\n\
            2\n\
            #  operasi         tabel    indeks  Count  ScannedCount  RCU  WCU\n\
            1  CreateTable     AppData  -           -             -    -    -\n\
            2  BatchWriteItem  AppData  -           -             -    -    2\n\
            3  Query           AppData  -           2             2  0.5    -\n\n";
        assert_eq!(out, expected);
    }

    #[test]
    fn ekspresi_returns_a_runnable_request() {
        let mut shell = shell_with_table();
        let out = shell.run_script(
            "const r = ddb.ekspresi({ EntityRef: 'WS#acme', Detail: { beginsWith: 'PROJ#' } })\n\
             r.KeyConditionExpression\n\
             ddb.query(r).Count\n",
        );
        assert!(
            out.contains("ExpressionAttributeNames: { '#er': 'EntityRef', '#d': 'Detail' }"),
            "{out}"
        );
        assert!(
            out.ends_with("#er = :er AND begins_with(#d, :p)\n0\n"),
            "{out}"
        );
    }
}
