//! BSON comparison order (type brackets, then values) as the aggregation
//! framework applies it: missing sorts with `undefined`, below null.

use std::cmp::Ordering;

use bson::{Bson, Document};

use super::numeric::{as_f64, Number};

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

/// Compares two values in BSON order.
pub fn compare_values(a: &Bson, b: &Bson) -> Ordering {
    let by_rank = rank(Some(a)).cmp(&rank(Some(b)));
    if by_rank != Ordering::Equal {
        return by_rank;
    }
    compare_same_rank(a, b)
}

/// Equality under BSON comparison (`1 == 1.0 == NumberLong(1)`).
pub fn values_equal(a: &Bson, b: &Bson) -> bool {
    compare_values(a, b) == Ordering::Equal
}

fn compare_same_rank(a: &Bson, b: &Bson) -> Ordering {
    match (a, b) {
        (Bson::String(x), Bson::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Bson::Symbol(x) | Bson::String(x), Bson::Symbol(y) | Bson::String(y)) => {
            x.as_bytes().cmp(y.as_bytes())
        }
        (Bson::Document(x), Bson::Document(y)) => compare_documents(x, y),
        (Bson::Array(x), Bson::Array(y)) => compare_arrays(x, y),
        (Bson::Binary(x), Bson::Binary(y)) => (x.bytes.len(), u8::from(x.subtype), &x.bytes)
            .cmp(&(y.bytes.len(), u8::from(y.subtype), &y.bytes)),
        (Bson::ObjectId(x), Bson::ObjectId(y)) => x.bytes().cmp(&y.bytes()),
        (Bson::Boolean(x), Bson::Boolean(y)) => x.cmp(y),
        (Bson::DateTime(x), Bson::DateTime(y)) => x.cmp(y),
        (Bson::Timestamp(x), Bson::Timestamp(y)) => {
            (x.time, x.increment).cmp(&(y.time, y.increment))
        }
        (Bson::RegularExpression(x), Bson::RegularExpression(y)) => {
            (&x.pattern, &x.options).cmp(&(&y.pattern, &y.options))
        }
        (Bson::JavaScriptCode(x), Bson::JavaScriptCode(y)) => x.cmp(y),
        _ => compare_numbers(a, b),
    }
}

fn compare_numbers(a: &Bson, b: &Bson) -> Ordering {
    match (Number::of(a), Number::of(b)) {
        (Some(Number::Int(x)), Some(Number::Int(y))) => x.cmp(&y),
        (Some(_), Some(_)) => compare_f64(as_f64(a).unwrap_or(0.0), as_f64(b).unwrap_or(0.0)),
        _ => Ordering::Equal,
    }
}

/// NaN is equal to NaN and below every other number.
fn compare_f64(x: f64, y: f64) -> Ordering {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}

/// Field by field: value type, then field name, then value; shorter first.
fn compare_documents(x: &Document, y: &Document) -> Ordering {
    for ((kx, vx), (ky, vy)) in x.iter().zip(y.iter()) {
        let ord = rank(Some(vx))
            .cmp(&rank(Some(vy)))
            .then_with(|| kx.as_bytes().cmp(ky.as_bytes()))
            .then_with(|| compare_same_rank(vx, vy));
        if ord != Ordering::Equal {
            return ord;
        }
    }
    x.len().cmp(&y.len())
}

fn compare_arrays(x: &[Bson], y: &[Bson]) -> Ordering {
    for (vx, vy) in x.iter().zip(y.iter()) {
        let ord = compare_values(vx, vy);
        if ord != Ordering::Equal {
            return ord;
        }
    }
    x.len().cmp(&y.len())
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
