//! JavaScript values ↔ BSON, as the Node driver maps them for mongosh.
//!
//! Numbers that are integers in the int32 range become Int32 and others Double;
//! on the way back int32 and double become plain numbers, int64 stays `Long`,
//! decimal stays `Decimal128`.

use boa_engine::object::builtins::{JsArray, JsDate, JsRegExp};
use boa_engine::{js_string, Context, JsError, JsNativeError, JsObject, JsResult, JsValue};
use bson::{Bson, Document};

use super::jsutil::{get_str, global_fn, own_keys};

/// Deepest document nesting accepted (the server allows 100 levels + some slack).
const MAX_DEPTH: usize = 200;

/// Converts a JS value meant to be a document (a command, a filter, an inserted doc).
pub(crate) fn to_document(value: &JsValue, ctx: &mut Context) -> JsResult<Document> {
    match to_bson(value, ctx)? {
        Bson::Document(doc) => Ok(doc),
        _ => Err(type_error("document must be an object")),
    }
}

pub(crate) fn to_bson(value: &JsValue, ctx: &mut Context) -> JsResult<Bson> {
    to_bson_at(value, ctx, 0)
}

fn type_error(message: &str) -> JsError {
    JsNativeError::typ()
        .with_message(message.to_string())
        .into()
}

fn to_bson_at(value: &JsValue, ctx: &mut Context, depth: usize) -> JsResult<Bson> {
    if depth > MAX_DEPTH {
        return Err(type_error("Maximum BSON nesting depth exceeded"));
    }
    if let Some(n) = value.as_number() {
        return Ok(number_to_bson(n));
    }
    if let Some(s) = value.as_string() {
        return Ok(Bson::String(s.to_std_string_lossy()));
    }
    if let Some(b) = value.as_boolean() {
        return Ok(Bson::Boolean(b));
    }
    if let Some(big) = value.as_bigint() {
        let text = big.to_string();
        return Ok(text
            .parse::<i64>()
            .map(Bson::Int64)
            .unwrap_or(Bson::Double(big.to_f64())));
    }
    match value.as_object() {
        Some(obj) => object_to_bson(&obj, ctx, depth),
        None => Ok(Bson::Null),
    }
}

pub(crate) fn number_to_bson(n: f64) -> Bson {
    let is_int32 = n.fract() == 0.0
        && n >= f64::from(i32::MIN)
        && n <= f64::from(i32::MAX)
        && !(n == 0.0 && n.is_sign_negative());
    if is_int32 {
        Bson::Int32(n as i32)
    } else {
        Bson::Double(n)
    }
}

fn object_to_bson(obj: &JsObject, ctx: &mut Context, depth: usize) -> JsResult<Bson> {
    if let Some(kind) = get_str(obj, "_bsontype", ctx)? {
        return wrapper_to_bson(obj, &kind, ctx);
    }
    if let Ok(date) = JsDate::from_object(obj.clone()) {
        let ms = date.get_time(ctx)?.as_number().unwrap_or(f64::NAN);
        if ms.is_nan() {
            return Err(JsNativeError::range()
                .with_message("Invalid time value")
                .into());
        }
        return Ok(Bson::DateTime(bson::DateTime::from_millis(ms as i64)));
    }
    if let Ok(re) = JsRegExp::from_object(obj.clone()) {
        let pattern = re.source(ctx)?;
        let mut flags: Vec<char> = re.flags(ctx)?.chars().collect();
        flags.sort_unstable();
        return Ok(Bson::RegularExpression(bson::Regex {
            pattern,
            options: flags.into_iter().collect(),
        }));
    }
    if obj.is_array() {
        return array_to_bson(obj, ctx, depth);
    }
    if obj.is_callable() {
        return Ok(Bson::Undefined);
    }
    plain_to_bson(obj, ctx, depth)
}

fn array_to_bson(obj: &JsObject, ctx: &mut Context, depth: usize) -> JsResult<Bson> {
    let arr = JsArray::from_object(obj.clone())?;
    let len = arr.length(ctx)?;
    let mut out = Vec::with_capacity(len.min(1 << 16) as usize);
    for i in 0..len {
        let item = arr.get(i, ctx)?;
        out.push(to_bson_at(&item, ctx, depth + 1)?);
    }
    Ok(Bson::Array(out))
}

fn plain_to_bson(obj: &JsObject, ctx: &mut Context, depth: usize) -> JsResult<Bson> {
    let mut doc = Document::new();
    for key in own_keys(obj, ctx)? {
        let value = obj.get(js_string!(key.as_str()), ctx)?;
        if value.is_callable() {
            continue;
        }
        doc.insert(key, to_bson_at(&value, ctx, depth + 1)?);
    }
    Ok(Bson::Document(doc))
}

fn hidden_str(obj: &JsObject, key: &str, ctx: &mut Context) -> JsResult<String> {
    let v = obj.get(js_string!(key), ctx)?;
    Ok(v.to_string(ctx)?.to_std_string_lossy())
}

fn hidden_num(obj: &JsObject, key: &str, ctx: &mut Context) -> JsResult<f64> {
    obj.get(js_string!(key), ctx)?.to_number(ctx)
}

fn wrapper_to_bson(obj: &JsObject, kind: &str, ctx: &mut Context) -> JsResult<Bson> {
    Ok(match kind {
        "ObjectId" => {
            let hex = hidden_str(obj, "__hex", ctx)?;
            Bson::ObjectId(
                bson::oid::ObjectId::parse_str(&hex).map_err(|e| type_error(&e.to_string()))?,
            )
        }
        "Long" => Bson::Int64(
            hidden_str(obj, "__v", ctx)?
                .parse()
                .map_err(|_| type_error("invalid Long"))?,
        ),
        "Int32" => Bson::Int32(hidden_num(obj, "__v", ctx)? as i32),
        "Double" => Bson::Double(hidden_num(obj, "__v", ctx)?),
        "Decimal128" => Bson::Decimal128(
            hidden_str(obj, "__v", ctx)?
                .parse()
                .map_err(|_| type_error("invalid Decimal128"))?,
        ),
        "Timestamp" => Bson::Timestamp(bson::Timestamp {
            time: hidden_num(obj, "t", ctx)? as u32,
            increment: hidden_num(obj, "i", ctx)? as u32,
        }),
        "Binary" => binary_to_bson(obj, ctx)?,
        "MinKey" => Bson::MinKey,
        "MaxKey" => Bson::MaxKey,
        "Code" => Bson::JavaScriptCode(hidden_str(obj, "code", ctx)?),
        "DBRef" => dbref_to_bson(obj, ctx)?,
        _ => plain_to_bson(obj, ctx, 0)?,
    })
}

/// `{ $ref, $id[, $db], ...fields }`, the document a DBRef is stored as.
fn dbref_to_bson(obj: &JsObject, ctx: &mut Context) -> JsResult<Bson> {
    let mut doc = Document::new();
    doc.insert("$ref", hidden_str(obj, "collection", ctx)?);
    doc.insert(
        "$id",
        to_bson_at(&obj.get(js_string!("oid"), ctx)?, ctx, 1)?,
    );
    let db = obj.get(js_string!("db"), ctx)?;
    if db.to_boolean() {
        doc.insert("$db", db.to_string(ctx)?.to_std_string_lossy());
    }
    if let Bson::Document(fields) = to_bson_at(&obj.get(js_string!("fields"), ctx)?, ctx, 1)? {
        doc.extend(fields);
    }
    Ok(Bson::Document(doc))
}

fn binary_to_bson(obj: &JsObject, ctx: &mut Context) -> JsResult<Bson> {
    let b64 = hidden_str(obj, "__b64", ctx)?;
    let sub = hidden_num(obj, "sub_type", ctx)? as u8;
    let bytes = super::codec::base64_decode(&b64).ok_or_else(|| type_error("invalid base64"))?;
    Ok(Bson::Binary(bson::Binary {
        subtype: bson::spec::BinarySubtype::from(sub),
        bytes,
    }))
}

/// BSON back to JavaScript, building the shell's wrapper classes.
pub(crate) fn from_bson(value: &Bson, ctx: &mut Context) -> JsResult<JsValue> {
    Ok(match value {
        Bson::Double(f) => JsValue::from(*f),
        Bson::Int32(i) => JsValue::from(*i),
        Bson::String(s) => JsValue::from(js_string!(s.as_str())),
        Bson::Boolean(b) => JsValue::from(*b),
        Bson::Null | Bson::Undefined => JsValue::null(),
        Bson::Document(doc) => JsValue::from(from_document(doc, ctx)?),
        Bson::Array(items) => from_array(items, ctx)?,
        Bson::DateTime(dt) => make_date(dt.timestamp_millis() as f64, ctx)?,
        Bson::RegularExpression(re) => make_regex(&re.pattern, &re.options, ctx)?,
        other => wrapper_from_bson(other, ctx)?,
    })
}

/// `EJSON.parse` in relaxed mode (the default): a `$numberLong` is a plain
/// number, as in the bson library.
pub(crate) fn relaxed(value: Bson) -> Bson {
    match value {
        Bson::Int64(i) => Bson::Double(i as f64),
        Bson::Document(d) => Bson::Document(d.into_iter().map(|(k, v)| (k, relaxed(v))).collect()),
        Bson::Array(items) => Bson::Array(items.into_iter().map(relaxed).collect()),
        other => other,
    }
}

/// `EJSON.parse(…, {relaxed: false})`: every number keeps its BSON type
/// (`Double(1)`, `Int32(1)`, `Long('1')`), as the bson library returns it.
pub(crate) fn from_bson_canonical(value: &Bson, ctx: &mut Context) -> JsResult<JsValue> {
    match value {
        Bson::Double(f) => bson_factory("double", &[JsValue::from(*f)], ctx),
        Bson::Int32(i) => bson_factory("int32", &[JsValue::from(*i)], ctx),
        Bson::Document(doc) => {
            let obj = JsObject::with_object_proto(ctx.intrinsics());
            for (key, v) in doc {
                let v = from_bson_canonical(v, ctx)?;
                obj.create_data_property_or_throw(js_string!(key.as_str()), v, ctx)?;
            }
            Ok(obj.into())
        }
        Bson::Array(items) => {
            let values = items
                .iter()
                .map(|v| from_bson_canonical(v, ctx))
                .collect::<JsResult<Vec<_>>>()?;
            Ok(JsArray::from_iter(values, ctx).into())
        }
        other => from_bson(other, ctx),
    }
}

pub(crate) fn from_document(doc: &Document, ctx: &mut Context) -> JsResult<JsObject> {
    if is_dbref(doc) {
        return dbref_from_document(doc, ctx);
    }
    let obj = JsObject::with_object_proto(ctx.intrinsics());
    for (key, value) in doc {
        let v = from_bson(value, ctx)?;
        obj.create_data_property_or_throw(js_string!(key.as_str()), v, ctx)?;
    }
    Ok(obj)
}

/// The driver's rule: a string `$ref`, a non-null `$id`, a string `$db` if any,
/// and no other `$`-field make a document a DBRef.
fn is_dbref(doc: &Document) -> bool {
    matches!(doc.get("$ref"), Some(Bson::String(_)))
        && !matches!(doc.get("$id"), None | Some(Bson::Null | Bson::Undefined))
        && matches!(doc.get("$db"), None | Some(Bson::String(_)))
        && doc
            .keys()
            .all(|k| !k.starts_with('$') || matches!(k.as_str(), "$ref" | "$id" | "$db"))
}

fn dbref_from_document(doc: &Document, ctx: &mut Context) -> JsResult<JsObject> {
    let field = |key: &str, ctx: &mut Context| match doc.get(key) {
        Some(v) => from_bson(v, ctx),
        None => Ok(JsValue::undefined()),
    };
    let fields: Document = doc
        .iter()
        .filter(|(k, _)| !k.starts_with('$'))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let args = [
        field("$ref", ctx)?,
        field("$id", ctx)?,
        field("$db", ctx)?,
        JsValue::from(from_document(&fields, ctx)?),
    ];
    let made = bson_factory("dbref", &args, ctx)?;
    made.as_object()
        .ok_or_else(|| type_error("DBRef did not build an object"))
}

fn from_array(items: &[Bson], ctx: &mut Context) -> JsResult<JsValue> {
    let mut values = Vec::with_capacity(items.len());
    for item in items {
        values.push(from_bson(item, ctx)?);
    }
    Ok(JsArray::from_iter(values, ctx).into())
}

fn make_date(ms: f64, ctx: &mut Context) -> JsResult<JsValue> {
    let ctor = ctx.intrinsics().constructors().date().constructor();
    Ok(ctor.construct(&[JsValue::from(ms)], None, ctx)?.into())
}

fn make_regex(pattern: &str, options: &str, ctx: &mut Context) -> JsResult<JsValue> {
    // JavaScript knows no `x`, `l` or `u` as BSON means them; keep what it accepts.
    let flags: String = options.chars().filter(|c| "gimsuy".contains(*c)).collect();
    Ok(JsRegExp::new(js_string!(pattern), js_string!(flags.as_str()), ctx)?.into())
}

fn bson_factory(name: &str, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let factory = global_fn("__bson", name, ctx)?;
    factory.call(&JsValue::undefined(), args, ctx)
}

fn wrapper_from_bson(value: &Bson, ctx: &mut Context) -> JsResult<JsValue> {
    let s = |t: String| JsValue::from(js_string!(t.as_str()));
    match value {
        Bson::ObjectId(oid) => bson_factory("objectId", &[s(oid.to_hex())], ctx),
        Bson::Int64(i) => bson_factory("long", &[s(i.to_string())], ctx),
        Bson::Decimal128(d) => bson_factory("decimal", &[s(d.to_string())], ctx),
        Bson::Timestamp(ts) => bson_factory(
            "timestamp",
            &[JsValue::from(ts.time), JsValue::from(ts.increment)],
            ctx,
        ),
        Bson::Binary(bin) => {
            let sub: u8 = bin.subtype.into();
            let b64 = super::codec::base64_encode(&bin.bytes);
            bson_factory("binary", &[s(b64), JsValue::from(sub)], ctx)
        }
        Bson::MinKey => bson_factory("minKey", &[], ctx),
        Bson::MaxKey => bson_factory("maxKey", &[], ctx),
        Bson::JavaScriptCode(code) => bson_factory("code", &[s(code.clone())], ctx),
        Bson::JavaScriptCodeWithScope(c) => bson_factory("code", &[s(c.code.clone())], ctx),
        Bson::Symbol(sym) => Ok(s(sym.clone())),
        _ => Ok(JsValue::undefined()),
    }
}
