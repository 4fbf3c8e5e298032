//! The server's BSON comparison order on raw values, equal by construction
//! to [`crate::engine::mongo::value::compare_values`]: scalars compare in
//! place; rarer types (subdocuments, arrays, decimals, code) are decoded and
//! handed to the owned comparison so both orders cannot drift apart.

use std::cmp::Ordering;

use bson::{Bson, RawBsonRef};

use super::element::{kind_rank, Element};
use crate::engine::mongo::value::{compare_nums, compare_values, Num};

/// The canonical type rank of a raw value (`canonicalizeBSONType`).
pub(crate) fn canonical_type(v: RawBsonRef<'_>) -> i32 {
    match v {
        RawBsonRef::MinKey => -1,
        RawBsonRef::Undefined => 0,
        RawBsonRef::Null => 5,
        RawBsonRef::Double(_)
        | RawBsonRef::Int32(_)
        | RawBsonRef::Int64(_)
        | RawBsonRef::Decimal128(_) => 10,
        RawBsonRef::String(_) | RawBsonRef::Symbol(_) => 15,
        RawBsonRef::Document(_) => 20,
        RawBsonRef::Array(_) => 25,
        RawBsonRef::Binary(_) => 30,
        RawBsonRef::ObjectId(_) => 35,
        RawBsonRef::Boolean(_) => 40,
        RawBsonRef::DateTime(_) => 45,
        RawBsonRef::Timestamp(_) => 47,
        RawBsonRef::RegularExpression(_) => 50,
        RawBsonRef::DbPointer(_) => 55,
        RawBsonRef::JavaScriptCode(_) => 60,
        RawBsonRef::JavaScriptCodeWithScope(_) => 65,
        RawBsonRef::MaxKey => 127,
    }
}

/// Total order of raw values (type rank first, then value).
pub(crate) fn compare(a: RawBsonRef<'_>, b: RawBsonRef<'_>) -> Ordering {
    let by_type = canonical_type(a).cmp(&canonical_type(b));
    if by_type != Ordering::Equal {
        return by_type;
    }
    scalar_order(a, b).unwrap_or_else(|| decoded_order(a, b))
}

/// Same-rank scalars compared without allocating; `None` for the rest.
fn scalar_order(a: RawBsonRef<'_>, b: RawBsonRef<'_>) -> Option<Ordering> {
    use RawBsonRef as R;
    match (a, b) {
        (R::String(x) | R::Symbol(x), R::String(y) | R::Symbol(y)) => {
            Some(x.as_bytes().cmp(y.as_bytes()))
        }
        (R::ObjectId(x), R::ObjectId(y)) => Some(x.bytes().cmp(&y.bytes())),
        (R::Boolean(x), R::Boolean(y)) => Some(x.cmp(&y)),
        (R::DateTime(x), R::DateTime(y)) => Some(x.timestamp_millis().cmp(&y.timestamp_millis())),
        (R::Null, R::Null) | (R::Undefined, R::Undefined) => Some(Ordering::Equal),
        (R::MinKey, R::MinKey) | (R::MaxKey, R::MaxKey) => Some(Ordering::Equal),
        _ => Some(compare_nums(number(a)?, number(b)?)),
    }
}

/// Int, long and double; decimals go through the decoded comparison.
fn number(v: RawBsonRef<'_>) -> Option<Num> {
    match v {
        RawBsonRef::Int32(i) => Some(Num::Int(i64::from(i))),
        RawBsonRef::Int64(i) => Some(Num::Int(i)),
        RawBsonRef::Double(f) => Some(Num::Float(f)),
        _ => None,
    }
}

fn decoded_order(a: RawBsonRef<'_>, b: RawBsonRef<'_>) -> Ordering {
    match (Bson::try_from(a), Bson::try_from(b)) {
        (Ok(x), Ok(y)) => compare_values(&x, &y),
        _ => Ordering::Equal,
    }
}

/// A stored element against a raw value, reading common types in place.
pub(crate) fn compare_element(e: Element<'_>, t: RawBsonRef<'_>) -> Ordering {
    let by_type = kind_rank(e.kind).cmp(&canonical_type(t));
    if by_type != Ordering::Equal {
        return by_type;
    }
    element_order(e, t).unwrap_or_else(|| e.to_ref().map_or(Ordering::Equal, |v| compare(v, t)))
}

/// Query equality of a stored element and a raw value.
pub(crate) fn element_equal(e: Element<'_>, t: RawBsonRef<'_>) -> bool {
    compare_element(e, t) == Ordering::Equal
}

/// Strings and numbers in place; value-less types of one rank are equal.
fn element_order(e: Element<'_>, t: RawBsonRef<'_>) -> Option<Ordering> {
    match t {
        RawBsonRef::String(y) | RawBsonRef::Symbol(y) => Some(e.str_bytes()?.cmp(y.as_bytes())),
        RawBsonRef::Null | RawBsonRef::Undefined | RawBsonRef::MinKey | RawBsonRef::MaxKey => {
            Some(Ordering::Equal)
        }
        _ => Some(compare_nums(e.number()?, number(t)?)),
    }
}

/// Two stored elements (index key parts).
pub(crate) fn compare_elements(a: Element<'_>, b: Element<'_>) -> Ordering {
    let by_type = kind_rank(a.kind).cmp(&kind_rank(b.kind));
    if by_type != Ordering::Equal {
        return by_type;
    }
    if let (Some(x), Some(y)) = (a.str_bytes(), b.str_bytes()) {
        return x.cmp(y);
    }
    if let (Some(x), Some(y)) = (a.number(), b.number()) {
        return compare_nums(x, y);
    }
    match (a.to_ref(), b.to_ref()) {
        (Some(x), Some(y)) => compare(x, y),
        _ => Ordering::Equal,
    }
}
