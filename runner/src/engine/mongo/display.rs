//! Values printed the way the server prints them inside error messages:
//! `{_id: "M002"}`, `ObjectId('…')`, numbers as sent.

use bson::{Bson, Document};

/// `{a: 1, b: "x"}` (BSONObj::toString without the outer spaces).
pub(crate) fn document(doc: &Document) -> String {
    let fields: Vec<String> = doc
        .iter()
        .map(|(k, v)| format!("{k}: {}", value(v)))
        .collect();
    format!("{{{}}}", fields.join(", "))
}

/// `{ a: 1 }` as the duplicate-key message spells it.
pub(crate) fn spaced_document(fields: &[(String, Bson)]) -> String {
    let parts: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}: {}", value(v)))
        .collect();
    format!("{{ {} }}", parts.join(", "))
}

pub(crate) fn value(v: &Bson) -> String {
    match v {
        Bson::String(s) | Bson::Symbol(s) => quoted(s),
        Bson::Int32(i) => i.to_string(),
        Bson::Int64(i) => i.to_string(),
        Bson::Double(f) => double(*f),
        Bson::Decimal128(d) => format!("NumberDecimal(\"{d}\")"),
        Bson::Boolean(b) => b.to_string(),
        Bson::Null => "null".to_string(),
        Bson::Undefined => "undefined".to_string(),
        Bson::ObjectId(oid) => format!("ObjectId('{}')", oid.to_hex()),
        Bson::DateTime(d) => format!("new Date({})", d.timestamp_millis()),
        Bson::Document(d) => document(d),
        Bson::Array(items) => array(items),
        Bson::RegularExpression(re) => format!("/{}/{}", re.pattern, re.options),
        Bson::MinKey => "MinKey".to_string(),
        Bson::MaxKey => "MaxKey".to_string(),
        Bson::Timestamp(ts) => format!("Timestamp({}, {})", ts.time, ts.increment),
        other => other.to_string(),
    }
}

fn array(items: &[Bson]) -> String {
    if items.is_empty() {
        return "[]".to_string();
    }
    let parts: Vec<String> = items.iter().map(value).collect();
    format!("[ {} ]", parts.join(", "))
}

fn quoted(s: &str) -> String {
    let escaped = s.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"{escaped}\"")
}

fn double(f: f64) -> String {
    if f.is_nan() {
        "nan.0".to_string()
    } else if f.is_infinite() {
        if f > 0.0 { "inf.0" } else { "-inf.0" }.to_string()
    } else if f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{f:.1}")
    } else {
        f.to_string()
    }
}
