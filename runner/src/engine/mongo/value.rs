//! BSON values as the server orders and compares them, and path lookups.
//!
//! The order is the server's "BSON comparison order": values of different
//! canonical types compare by type first, all numbers form one type.

use std::cmp::Ordering;

use bson::{Bson, Document};

/// The server's canonical type rank (`canonicalizeBSONType`).
pub(crate) fn canonical_type(v: &Bson) -> i32 {
    match v {
        Bson::MinKey => -1,
        Bson::Undefined => 0,
        Bson::Null => 5,
        Bson::Double(_) | Bson::Int32(_) | Bson::Int64(_) | Bson::Decimal128(_) => 10,
        Bson::String(_) | Bson::Symbol(_) => 15,
        Bson::Document(_) => 20,
        Bson::Array(_) => 25,
        Bson::Binary(_) => 30,
        Bson::ObjectId(_) => 35,
        Bson::Boolean(_) => 40,
        Bson::DateTime(_) => 45,
        Bson::Timestamp(_) => 47,
        Bson::RegularExpression(_) => 50,
        Bson::DbPointer(_) => 55,
        Bson::JavaScriptCode(_) => 60,
        Bson::JavaScriptCodeWithScope(_) => 65,
        Bson::MaxKey => 127,
    }
}

/// Total order of BSON values (sort order of the server).
pub(crate) fn compare_values(a: &Bson, b: &Bson) -> Ordering {
    let by_type = canonical_type(a).cmp(&canonical_type(b));
    if by_type != Ordering::Equal {
        return by_type;
    }
    compare_same_type(a, b)
}

/// Equality as the query language sees it (`1 == 1.0`, field order matters).
pub(crate) fn values_equal(a: &Bson, b: &Bson) -> bool {
    compare_values(a, b) == Ordering::Equal
}

fn compare_same_type(a: &Bson, b: &Bson) -> Ordering {
    match (a, b) {
        (Bson::String(x), Bson::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Bson::Symbol(x), Bson::Symbol(y))
        | (Bson::String(x), Bson::Symbol(y))
        | (Bson::Symbol(x), Bson::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Bson::Document(x), Bson::Document(y)) => compare_documents(x, y),
        (Bson::Array(x), Bson::Array(y)) => compare_arrays(x, y),
        (Bson::Binary(x), Bson::Binary(y)) => x
            .bytes
            .len()
            .cmp(&y.bytes.len())
            .then(u8::from(x.subtype).cmp(&u8::from(y.subtype)))
            .then(x.bytes.cmp(&y.bytes)),
        (Bson::ObjectId(x), Bson::ObjectId(y)) => x.bytes().cmp(&y.bytes()),
        (Bson::Boolean(x), Bson::Boolean(y)) => x.cmp(y),
        (Bson::DateTime(x), Bson::DateTime(y)) => x.timestamp_millis().cmp(&y.timestamp_millis()),
        (Bson::Timestamp(x), Bson::Timestamp(y)) => {
            (x.time, x.increment).cmp(&(y.time, y.increment))
        }
        (Bson::RegularExpression(x), Bson::RegularExpression(y)) => {
            x.pattern.cmp(&y.pattern).then(x.options.cmp(&y.options))
        }
        (Bson::JavaScriptCode(x), Bson::JavaScriptCode(y)) => x.cmp(y),
        _ if canonical_type(a) == 10 => compare_numbers(a, b),
        _ => Ordering::Equal,
    }
}

/// A number widened for comparison; integers stay exact.
#[derive(Clone, Copy)]
pub enum Num {
    Int(i64),
    Float(f64),
}

fn as_num(v: &Bson) -> Option<Num> {
    match v {
        Bson::Int32(i) => Some(Num::Int(i64::from(*i))),
        Bson::Int64(i) => Some(Num::Int(*i)),
        Bson::Double(f) => Some(Num::Float(*f)),
        Bson::Decimal128(d) => d.to_string().parse::<f64>().ok().map(Num::Float),
        _ => None,
    }
}

/// Numeric value as f64 (decimals parsed); `None` for non-numbers.
pub(crate) fn number_as_f64(v: &Bson) -> Option<f64> {
    match as_num(v)? {
        Num::Int(i) => Some(i as f64),
        Num::Float(f) => Some(f),
    }
}

pub(crate) fn is_number(v: &Bson) -> bool {
    matches!(
        v,
        Bson::Int32(_) | Bson::Int64(_) | Bson::Double(_) | Bson::Decimal128(_)
    )
}

fn compare_numbers(a: &Bson, b: &Bson) -> Ordering {
    match (as_num(a), as_num(b)) {
        (Some(x), Some(y)) => compare_nums(x, y),
        _ => Ordering::Equal,
    }
}

/// Numeric order across int, long and double (`1 == 1.0`, NaN lowest).
pub(crate) fn compare_nums(a: Num, b: Num) -> Ordering {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.cmp(&y),
        (Num::Int(x), Num::Float(y)) => compare_int_float(x, y),
        (Num::Float(x), Num::Int(y)) => compare_int_float(y, x).reverse(),
        (Num::Float(x), Num::Float(y)) => compare_floats(x, y),
    }
}

/// NaN sorts below every other number and equals itself.
fn compare_floats(x: f64, y: f64) -> Ordering {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}

fn compare_int_float(x: i64, y: f64) -> Ordering {
    if y.is_nan() {
        return Ordering::Greater;
    }
    if y >= 9.3e18 {
        return Ordering::Less;
    }
    if y <= -9.3e18 {
        return Ordering::Greater;
    }
    let truncated = y.trunc() as i64;
    x.cmp(&truncated).then_with(|| {
        let frac = y - y.trunc();
        compare_floats(0.0, frac)
    })
}

fn compare_documents(x: &Document, y: &Document) -> Ordering {
    let mut left = x.iter();
    let mut right = y.iter();
    loop {
        match (left.next(), right.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some((ka, va)), Some((kb, vb))) => {
                let ord = canonical_type(va)
                    .cmp(&canonical_type(vb))
                    .then_with(|| ka.as_bytes().cmp(kb.as_bytes()))
                    .then_with(|| compare_same_type(va, vb));
                if ord != Ordering::Equal {
                    return ord;
                }
            }
        }
    }
}

fn compare_arrays(x: &[Bson], y: &[Bson]) -> Ordering {
    for (a, b) in x.iter().zip(y.iter()) {
        let ord = compare_values(a, b);
        if ord != Ordering::Equal {
            return ord;
        }
    }
    x.len().cmp(&y.len())
}

/// Plain dotted lookup through subdocuments only (no array traversal).
pub(crate) fn get_path<'a>(doc: &'a Document, path: &str) -> Option<&'a Bson> {
    let mut parts = path.split('.');
    let mut current = doc.get(parts.next()?)?;
    for part in parts {
        current = match current {
            Bson::Document(d) => d.get(part)?,
            _ => return None,
        };
    }
    Some(current)
}

/// Values reached by `path` the way the query language traverses arrays.
///
/// `None` entries stand for "missing" at a place where the path could have
/// existed (a subdocument without the field, a scalar in the way). Arrays met
/// before the last component are traversed into their subdocuments; numeric
/// components also address one element. The leaf value itself is returned
/// as is (a leaf array is not expanded here).
pub(crate) fn lookup_path<'a>(doc: &'a Document, path: &str) -> Vec<Option<&'a Bson>> {
    let parts: Vec<&str> = path.split('.').collect();
    let mut out = Vec::new();
    lookup_in_document(doc, &parts, &mut out);
    out
}

/// Same as [`lookup_path`] with the path already split.
pub(crate) fn lookup_parts<'a, S: AsRef<str>>(
    doc: &'a Document,
    parts: &[S],
    out: &mut Vec<Option<&'a Bson>>,
) {
    lookup_in_document(doc, parts, out);
}

fn lookup_in_document<'a, S: AsRef<str>>(
    doc: &'a Document,
    parts: &[S],
    out: &mut Vec<Option<&'a Bson>>,
) {
    let Some((first, rest)) = parts.split_first() else {
        return;
    };
    match doc.get(first.as_ref()) {
        None => out.push(None),
        Some(v) if rest.is_empty() => out.push(Some(v)),
        Some(v) => lookup_in_value(v, rest, out),
    }
}

fn lookup_in_value<'a, S: AsRef<str>>(
    value: &'a Bson,
    rest: &[S],
    out: &mut Vec<Option<&'a Bson>>,
) {
    match value {
        Bson::Document(d) => lookup_in_document(d, rest, out),
        Bson::Array(items) => lookup_in_array(items, rest, out),
        _ => out.push(None),
    }
}

fn lookup_in_array<'a, S: AsRef<str>>(
    items: &'a [Bson],
    rest: &[S],
    out: &mut Vec<Option<&'a Bson>>,
) {
    let Some((first, tail)) = rest.split_first() else {
        return;
    };
    if let Some(index) = array_index(first.as_ref()) {
        if let Some(element) = items.get(index) {
            if tail.is_empty() {
                out.push(Some(element));
            } else {
                lookup_in_value(element, tail, out);
            }
        }
    }
    for element in items {
        if let Bson::Document(d) = element {
            lookup_in_document(d, rest, out);
        }
    }
}

/// A path component that addresses an array element (`"0"`, `"12"`).
pub(crate) fn array_index(part: &str) -> Option<usize> {
    if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    part.parse().ok()
}

/// Name of a BSON type as the server spells it in messages and `$type`.
pub(crate) fn type_name(v: &Bson) -> &'static str {
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

/// The BSON type number (`$type: 2`).
pub(crate) fn type_number(v: &Bson) -> i32 {
    match v {
        Bson::Double(_) => 1,
        Bson::String(_) => 2,
        Bson::Document(_) => 3,
        Bson::Array(_) => 4,
        Bson::Binary(_) => 5,
        Bson::Undefined => 6,
        Bson::ObjectId(_) => 7,
        Bson::Boolean(_) => 8,
        Bson::DateTime(_) => 9,
        Bson::Null => 10,
        Bson::RegularExpression(_) => 11,
        Bson::DbPointer(_) => 12,
        Bson::JavaScriptCode(_) => 13,
        Bson::Symbol(_) => 14,
        Bson::JavaScriptCodeWithScope(_) => 15,
        Bson::Int32(_) => 16,
        Bson::Timestamp(_) => 17,
        Bson::Int64(_) => 18,
        Bson::Decimal128(_) => 19,
        Bson::MinKey => -1,
        Bson::MaxKey => 127,
    }
}
