//! BSON comparison order as the aggregation framework applies it: the
//! engine's value order, with missing sorting like `undefined`, below null.

use std::cmp::Ordering;

use bson::Bson;

use crate::engine::mongo::value::canonical_type;
pub(crate) use crate::engine::mongo::value::{compare_values, values_equal};

/// Compares two values, `None` being missing (ranked as `undefined`).
pub(crate) fn compare_opt(a: Option<&Bson>, b: Option<&Bson>) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => compare_values(x, y),
        _ => rank(a).cmp(&rank(b)),
    }
}

fn rank(value: Option<&Bson>) -> i32 {
    value.map_or(canonical_type(&Bson::Undefined), canonical_type)
}

/// The server's type name (`$type`, error messages); `None` is `"missing"`.
pub(crate) fn type_name(value: Option<&Bson>) -> &'static str {
    value.map_or("missing", crate::engine::mongo::value::type_name)
}
