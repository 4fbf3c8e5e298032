//! When index bounds alone answer a filter, so a count or a distinct needs no
//! document: the server then plans COUNT_SCAN, DISTINCT_SCAN or a covered scan.

use bson::{doc, Bson, Document};

use super::bounds::Interval;
use crate::engine::mongo::storage::Index;

/// Every condition of `filter` is on a field of `index` whose bounds were read from
/// it, in a form whose bounds are exact (equality or a range on a scalar): the
/// server keeps no residual filter, so nothing is fetched to check it.
pub(crate) fn bounds_answer(index: &Index, bounds: &[Vec<Interval>], filter: &Document) -> bool {
    filter.iter().all(|(path, condition)| {
        let Some(position) = index.fields.iter().position(|(p, _)| p == path) else {
            return false;
        };
        let multikey = index
            .multikey_paths()
            .get(position)
            .is_some_and(|p| !p.is_empty());
        let prefix_points = bounds[..position.min(bounds.len())]
            .iter()
            .all(|f| f.iter().all(Interval::is_point));
        prefix_points && exact_condition(condition, multikey)
    })
}

/// `{f: 5}`, `{f: {$gte: 1, $lt: 9}}`, `{f: {$in: [1, 2]}}` on scalars; on an array
/// field only equality is exact (a range's two ends may match two elements).
fn exact_condition(condition: &Bson, multikey: bool) -> bool {
    let Bson::Document(ops) = condition else {
        return exact_value(condition);
    };
    if !ops.keys().all(|k| k.starts_with('$')) || ops.is_empty() {
        return false;
    }
    ops.iter().all(|(op, arg)| match op.as_str() {
        "$eq" => exact_value(arg),
        "$in" => matches!(arg, Bson::Array(items) if items.iter().all(exact_value)),
        "$gt" | "$gte" | "$lt" | "$lte" => !multikey && exact_value(arg),
        _ => false,
    })
}

/// Null also matches a missing field and an array matches its elements: both need the document.
fn exact_value(value: &Bson) -> bool {
    !matches!(
        value,
        Bson::Null
            | Bson::Undefined
            | Bson::Array(_)
            | Bson::Document(_)
            | Bson::RegularExpression(_)
            | Bson::MinKey
            | Bson::MaxKey
    )
}

/// One contiguous key range: points, then at most one field with one interval, then
/// fields left whole (the server's `isSingleInterval`).
pub(crate) fn single_interval(bounds: &[Vec<Interval>]) -> bool {
    let Some(range) = bounds
        .iter()
        .position(|f| !matches!(f.as_slice(), [only] if only.is_point()))
    else {
        return true;
    };
    bounds[range].len() == 1
        && bounds[range + 1..]
            .iter()
            .all(|f| f.as_slice() == [Interval::full()])
}

/// COUNT_SCAN's `indexBounds`: the first and last key of the range, in index order.
pub(crate) fn key_range(index: &Index, bounds: &[Vec<Interval>]) -> Document {
    let (mut start, mut end) = (Document::new(), Document::new());
    let (mut start_incl, mut end_incl) = (true, true);
    for ((field, descending), intervals) in index.fields.iter().zip(bounds) {
        let Some(interval) = intervals.first() else {
            continue;
        };
        let (lo, hi) = ends(interval, start_incl, end_incl);
        let (first, last) = if *descending { (hi, lo) } else { (lo, hi) };
        start.insert(field.clone(), first.0);
        end.insert(field.clone(), last.0);
        start_incl &= first.1;
        end_incl &= last.1;
    }
    doc! {
        "startKey": start,
        "startKeyInclusive": start_incl,
        "endKey": end,
        "endKeyInclusive": end_incl,
    }
}

/// A field's two ends with their inclusiveness; a whole field after an exclusive end
/// takes the key that keeps that end excluded (MaxKey after a start, MinKey before an end).
fn ends(interval: &Interval, start_incl: bool, end_incl: bool) -> ((Bson, bool), (Bson, bool)) {
    if *interval == Interval::full() {
        let lo = if start_incl {
            Bson::MinKey
        } else {
            Bson::MaxKey
        };
        let hi = if end_incl { Bson::MaxKey } else { Bson::MinKey };
        return ((lo, true), (hi, true));
    }
    (
        (interval.lo.clone(), interval.lo_incl),
        (interval.hi.clone(), interval.hi_incl),
    )
}
