//! Native functions behind the JavaScript prelude (the `__native` global).

use std::time::Duration;

use boa_engine::native_function::NativeFunctionPointer;
use boa_engine::object::builtins::JsArray;
use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::{Attribute, PropertyKey};
use boa_engine::{
    js_string, Context, JsError, JsNativeError, JsObject, JsResult, JsValue, NativeFunction,
};

use super::bson_conv::{from_bson, from_document, to_bson, to_document};
use super::codec;
use super::convert::to_value;
use super::engines::{session_from, SessionHandle};
use super::jsutil::js_str;
use crate::printer::{format_print, format_top_level, Options, Value};

/// `sleep(ms)` is capped so a script cannot stall a session for long.
const MAX_SLEEP_MS: f64 = 10_000.0;

/// Adds `globalThis[holder][name] = f`, creating the holder object if needed.
/// This is how a module exposes native functions to its own JavaScript prelude.
pub(crate) fn register_native(
    ctx: &mut Context,
    holder: &str,
    name: &str,
    f: NativeFunctionPointer,
    arity: usize,
) -> JsResult<()> {
    let global = ctx.global_object();
    let existing = global.get(js_string!(holder), ctx)?;
    let object = match existing.as_object() {
        Some(o) => o,
        None => {
            let o = JsObject::with_object_proto(ctx.intrinsics());
            ctx.register_global_property(js_string!(holder), o.clone(), Attribute::all())?;
            o
        }
    };
    let func = FunctionObjectBuilder::new(ctx.realm(), NativeFunction::from_fn_ptr(f))
        .name(js_string!(name))
        .length(arity)
        .build();
    object.set(js_string!(name), func, true, ctx)?;
    Ok(())
}

pub(crate) fn install(ctx: &mut Context) -> JsResult<()> {
    let table: [(&str, NativeFunctionPointer, usize); 16] = [
        ("clean", clean, 1),
        ("nextObjectId", next_object_id, 0),
        ("objectIdFromTime", object_id_from_time, 1),
        ("checkDecimal", check_decimal, 1),
        ("printLine", print_line, 1),
        ("print", print, 1),
        ("printjson", printjson, 1),
        ("command", command, 2),
        ("ejsonStringify", ejson_stringify, 2),
        ("ejsonParse", ejson_parse, 2),
        ("sleep", sleep, 1),
        ("quit", quit, 0),
        ("base64ToUuid", base64_to_uuid, 1),
        ("uuidToBase64", uuid_to_base64, 1),
        ("hexToBase64", hex_to_base64, 1),
        ("unacknowledged", unacknowledged, 1),
    ];
    for (name, f, arity) in table {
        register_native(ctx, "__native", name, f, arity)?;
    }
    register_native(ctx, "__native", "randomUuid", random_uuid, 0)
}

/// `__native.clean(obj)`: a copy of a command the prelude just built, without the
/// fields whose value is `undefined`, so optional options never reach the server as
/// null. Natively, because boa's iteration protocol makes the JavaScript loop over
/// `Object.entries` cost more than the command itself. The prelude only passes
/// fresh literals (or `Object.assign` results), whose own string keys are all
/// enumerable, so the own keys are exactly what `Object.entries` would give.
fn clean(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let out = JsObject::with_object_proto(ctx.intrinsics());
    let Some(source) = arg(args, 0).as_object() else {
        return Ok(out.into());
    };
    for key in source.own_property_keys(ctx)? {
        if matches!(key, PropertyKey::Symbol(_)) {
            continue;
        }
        let value = source.get(key.clone(), ctx)?;
        if !value.is_undefined() {
            out.create_data_property_or_throw(key, value, ctx)?;
        }
    }
    Ok(out.into())
}

/// `__native.unacknowledged(writeConcern)`: the engine's reading of `w: 0`, so a
/// `NumberInt(0)` or `Long(0)` counts as a plain `0` does.
fn unacknowledged(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let concern = arg(args, 0);
    if concern.is_null_or_undefined() {
        return Ok(false.into());
    }
    let concern = to_bson(&concern, ctx)?;
    Ok(crate::engine::mongo::is_unacknowledged(&concern).into())
}

fn session(ctx: &Context) -> JsResult<SessionHandle> {
    session_from(ctx).ok_or_else(|| JsNativeError::error().with_message("no session").into())
}

fn arg(args: &[JsValue], i: usize) -> JsValue {
    args.get(i).cloned().unwrap_or_default()
}

fn arg_string(args: &[JsValue], i: usize, ctx: &mut Context) -> JsResult<String> {
    Ok(arg(args, i).to_string(ctx)?.to_std_string_lossy())
}

fn type_err(message: impl Into<String>) -> JsError {
    JsNativeError::typ().with_message(message.into()).into()
}

fn next_object_id(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let s = session(ctx)?;
    let id = s.borrow().engines.borrow_mut().next_object_id();
    Ok(js_str(&id.to_hex()))
}

fn object_id_from_time(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let secs = arg(args, 0).to_number(ctx)? as u32;
    let mut bytes = [0u8; 12];
    bytes[..4].copy_from_slice(&secs.to_be_bytes());
    Ok(js_str(&bson::oid::ObjectId::from_bytes(bytes).to_hex()))
}

fn check_decimal(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let text = arg_string(args, 0, ctx)?;
    text.parse::<bson::Decimal128>()
        .map(|_| JsValue::undefined())
        .map_err(|_| type_err(format!("\"{text}\" is not a valid Decimal128 string")))
}

fn write_line(ctx: &Context, line: &str) -> JsResult<()> {
    let s = session(ctx)?;
    let mut s = s.borrow_mut();
    s.out.push_str(line);
    s.out.push('\n');
    Ok(())
}

fn print_line(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let line = arg_string(args, 0, ctx)?;
    write_line(ctx, &line)?;
    Ok(JsValue::undefined())
}

/// `print(a, b)`: each argument as a top-level value (strings raw), space-joined.
fn print(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let list = arg(args, 0);
    let Some(list) = list.as_object() else {
        return Ok(JsValue::undefined());
    };
    let arr = JsArray::from_object(list)?;
    let mut values = Vec::new();
    for i in 0..arr.length(ctx)? {
        values.push(to_value(&arr.get(i, ctx)?, ctx)?);
    }
    write_line(ctx, &format_print(&values, &Options::REPL))?;
    Ok(JsValue::undefined())
}

fn printjson(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let v = to_value(&arg(args, 0), ctx)?;
    let text = match &v {
        Value::String(_) | Value::Utf16(_) => format_print(&[v], &Options::PRINTJSON),
        other => format_top_level(other, &Options::PRINTJSON),
    };
    write_line(ctx, &text)?;
    Ok(JsValue::undefined())
}

/// Runs one server command; a server error comes back as `{ ok: 0, errmsg, code, codeName }`.
fn command(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    super::budget::charge_request(ctx)?;
    let db = arg_string(args, 0, ctx)?;
    let cmd = to_document(&arg(args, 1), ctx)?;
    let s = session(ctx)?;
    let engines = s.borrow().engines.clone();
    if super::engines::grows_mongo(&cmd) {
        engines.borrow().check_cap().map_err(data_full)?;
    }
    let reply = engines.borrow_mut().mongo.run_command(&db, cmd);
    super::budget::after_request()?;
    match reply {
        Ok(doc) => Ok(from_document(&doc, ctx)?.into()),
        Err(err) => Ok(from_document(&error_reply(&err), ctx)?.into()),
    }
}

/// The data cap's refusal, thrown as an ordinary error the learner may catch.
pub(crate) fn data_full(cap: u64) -> JsError {
    JsNativeError::error()
        .with_message(crate::pesan::shell::data_penuh(cap))
        .into()
}

fn error_reply(err: &crate::engine::mongo::MongoError) -> bson::Document {
    let mut reply = bson::doc! {
        "ok": 0.0,
        "errmsg": err.message.clone(),
        "code": err.code,
        "codeName": err.code_name.clone(),
    };
    reply.extend(err.details.as_deref().cloned().unwrap_or_default());
    reply
}

fn ejson_stringify(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let value = to_bson(&arg(args, 0), ctx)?;
    let relaxed = arg(args, 1).to_boolean();
    let json = super::ejson::to_extjson(&value, relaxed);
    Ok(js_str(&json.to_string()))
}

fn ejson_parse(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let text = arg_string(args, 0, ctx)?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;
    let value = bson::Bson::try_from(json).map_err(|e| type_err(e.to_string()))?;
    if arg(args, 1).to_boolean() {
        from_bson(&super::bson_conv::relaxed(value), ctx)
    } else {
        super::bson_conv::from_bson_canonical(&value, ctx)
    }
}

fn sleep(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let ms = arg(args, 0).to_number(ctx)?.clamp(0.0, MAX_SLEEP_MS);
    // In slices, so that Ctrl-C or the time limit ends the wait at once.
    let until = std::time::Instant::now() + Duration::from_millis(ms as u64);
    while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
        super::budget::after_request()?;
        std::thread::sleep(left.min(Duration::from_millis(20)));
    }
    super::budget::after_request()?;
    Ok(JsValue::undefined())
}

fn quit(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    session(ctx)?.borrow_mut().quit = true;
    Ok(JsValue::undefined())
}

fn base64_to_uuid(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let b64 = arg_string(args, 0, ctx)?;
    let bytes = codec::base64_decode(&b64).ok_or_else(|| type_err("invalid base64"))?;
    Ok(js_str(&codec::uuid_text(&bytes)))
}

fn uuid_to_base64(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let text = arg_string(args, 0, ctx)?;
    let bytes = codec::hex_decode(&text)
        .filter(|b| b.len() == 16)
        .ok_or_else(|| type_err("UUID string representation must be 32 hex digits or canonical hyphenated representation"))?;
    Ok(js_str(&codec::base64_encode(&bytes)))
}

fn hex_to_base64(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let text = arg_string(args, 0, ctx)?;
    let bytes = codec::hex_decode(&text).ok_or_else(|| type_err("invalid hex string"))?;
    Ok(js_str(&codec::base64_encode(&bytes)))
}

fn random_uuid(_: &JsValue, _: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    let a = bson::oid::ObjectId::new().bytes();
    let b = bson::oid::ObjectId::new().bytes();
    let mut bytes = [0u8; 16];
    bytes[..12].copy_from_slice(&a);
    bytes[12..].copy_from_slice(&b[8..12]);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    Ok(js_str(&codec::uuid_text(&bytes)))
}
