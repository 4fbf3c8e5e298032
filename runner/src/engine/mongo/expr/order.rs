//! BSON comparison order as the aggregation framework applies it: the
//! engine's value order, with missing sorting like `undefined`, below null.

use std::cmp::Ordering;

use bson::Bson;

pub use crate::engine::mongo::value::{compare_values, values_equal};

/// The server's canonical type rank (`canonicalizeBSONType`).
fn rank(value: Option<&Bson>) -> u8 {
    let Some(v) = value else { return 1 };
    match v {
        Bson::MinKey => 0,
        Bson::Undefined => 1,
        Bson::Null => 2,
        Bson::Int32(_) | Bson::Int64(_) | Bson::Double(_) | Bson::Decimal128(_) => 3,
        Bson::String(_) | Bson::Symbol(_) => 4,
        Bson::Document(_) => 5,
        Bson::Array(_) => 6,
        Bson::Binary(_) => 7,
        Bson::ObjectId(_) => 8,
        Bson::Boolean(_) => 9,
        Bson::DateTime(_) => 10,
        Bson::Timestamp(_) => 11,
        Bson::RegularExpression(_) => 12,
        Bson::DbPointer(_) => 13,
        Bson::JavaScriptCode(_) => 14,
        Bson::JavaScriptCodeWithScope(_) => 15,
        Bson::MaxKey => 16,
    }
}

/// Compares two values, `None` being missing.
pub fn compare_opt(a: Option<&Bson>, b: Option<&Bson>) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => compare_values(x, y),
        _ => rank(a).cmp(&rank(b)),
    }
}

/// The server's type name (`$type`, error messages); `None` is `"missing"`.
pub fn type_name(value: Option<&Bson>) -> &'static str {
    let Some(v) = value else { return "missing" };
    match v {
        Bson::Double(_) => "double",
        Bson::String(_) => "string",
        Bson::Document(_) => "object",
        Bson::Array(_) => "array",
        Bson::Binary(_) => "binData",
        Bson::Undefined => "undefined",
        Bson::ObjectId(_) => "objectId",
        Bson::Boolean(_) => "bool",
        Bson::DateTime(_) => "date",
        Bson::Null => "null",
        Bson::RegularExpression(_) => "regex",
        Bson::DbPointer(_) => "dbPointer",
        Bson::JavaScriptCode(_) => "javascript",
        Bson::Symbol(_) => "symbol",
        Bson::JavaScriptCodeWithScope(_) => "javascriptWithScope",
        Bson::Int32(_) => "int",
        Bson::Timestamp(_) => "timestamp",
        Bson::Int64(_) => "long",
        Bson::Decimal128(_) => "decimal",
        Bson::MinKey => "minKey",
        Bson::MaxKey => "maxKey",
    }
}
