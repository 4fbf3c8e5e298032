//! Values as the server prints them inside error messages
//! (`{_id: "M002", n: 1}`, `ObjectId('…')`).

use bson::{Bson, Document};

pub(crate) fn document(d: &Document) -> String {
    let fields: Vec<String> = d
        .iter()
        .map(|(k, v)| format!("{k}: {}", value(v)))
        .collect();
    format!("{{{}}}", fields.join(", "))
}

pub(crate) fn value(v: &Bson) -> String {
    match v {
        Bson::String(s) => format!("{s:?}"),
        Bson::Document(d) => document(d),
        Bson::Array(items) => {
            let parts: Vec<String> = items.iter().map(value).collect();
            format!("[{}]", parts.join(", "))
        }
        Bson::ObjectId(o) => format!("ObjectId('{o}')"),
        Bson::Double(f) => double(*f),
        Bson::Int32(i) => i.to_string(),
        Bson::Int64(i) => i.to_string(),
        Bson::Decimal128(d) => d.to_string(),
        Bson::Boolean(b) => b.to_string(),
        Bson::Null => "null".to_string(),
        Bson::Undefined => "undefined".to_string(),
        Bson::DateTime(d) => format!("new Date({})", d.timestamp_millis()),
        Bson::RegularExpression(r) => format!("/{}/{}", r.pattern, r.options),
        Bson::MinKey => "MinKey".to_string(),
        Bson::MaxKey => "MaxKey".to_string(),
        other => other.to_string(),
    }
}

fn double(f: f64) -> String {
    if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{f:.1}")
    } else {
        f.to_string()
    }
}
