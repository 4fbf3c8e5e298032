//! Index bounds read from a filter: points for equality and `$in`, type-
//! bracketed ranges for `$gt/$gte/$lt/$lte`, a string range for an anchored
//! regex, and the conditions inside `$elemMatch`; anything else leaves a field
//! unbounded (the full filter is always re-checked on fetched documents).

use std::cmp::Ordering;

use bson::oid::ObjectId;
use bson::{Bson, DateTime, Document};

use super::regex_bounds::regex_intervals;
use crate::engine::mongo::query::comparison::is_operator_doc;
use crate::engine::mongo::query::logical::is_value_form;
use crate::engine::mongo::value::{canonical_type, compare_values};

#[derive(Debug, Clone, PartialEq)]
pub struct Interval {
    pub lo: Bson,
    pub lo_incl: bool,
    pub hi: Bson,
    pub hi_incl: bool,
}

impl Interval {
    pub fn point(v: Bson) -> Interval {
        Interval {
            lo: v.clone(),
            lo_incl: true,
            hi: v,
            hi_incl: true,
        }
    }

    pub fn full() -> Interval {
        Interval {
            lo: Bson::MinKey,
            lo_incl: true,
            hi: Bson::MaxKey,
            hi_incl: true,
        }
    }

    pub fn is_point(&self) -> bool {
        self.lo_incl && self.hi_incl && compare_values(&self.lo, &self.hi) == Ordering::Equal
    }

    /// Whether both intervals bound the same keys (ends compared as index keys).
    fn same_as(&self, other: &Interval) -> bool {
        self.lo_incl == other.lo_incl
            && self.hi_incl == other.hi_incl
            && compare_values(&self.lo, &other.lo) == Ordering::Equal
            && compare_values(&self.hi, &other.hi) == Ordering::Equal
    }

    pub fn contains(&self, v: &Bson) -> bool {
        self.admits(compare_values(v, &self.lo), compare_values(v, &self.hi))
    }

    /// Whether a value comparing so to the ends lies inside.
    pub fn admits(&self, lo: Ordering, hi: Ordering) -> bool {
        super::raw_bounds::within(lo, self.lo_incl, hi, self.hi_incl)
    }

    fn intersect(&self, other: &Interval) -> Option<Interval> {
        let (lo, lo_incl) = tighter(
            &self.lo,
            self.lo_incl,
            &other.lo,
            other.lo_incl,
            Ordering::Greater,
        );
        let (hi, hi_incl) = tighter(
            &self.hi,
            self.hi_incl,
            &other.hi,
            other.hi_incl,
            Ordering::Less,
        );
        let ord = compare_values(&lo, &hi);
        let empty = ord == Ordering::Greater || ord == Ordering::Equal && !(lo_incl && hi_incl);
        (!empty).then_some(Interval {
            lo,
            lo_incl,
            hi,
            hi_incl,
        })
    }
}

fn tighter(a: &Bson, a_incl: bool, b: &Bson, b_incl: bool, prefer: Ordering) -> (Bson, bool) {
    match compare_values(a, b) {
        Ordering::Equal => (a.clone(), a_incl && b_incl),
        ord if ord == prefer => (a.clone(), a_incl),
        _ => (b.clone(), b_incl),
    }
}

/// Conditions of the filter on `path` that sit at the top level (or in `$and`,
/// or inside an `$elemMatch` on a prefix of `path`).
pub(crate) fn conditions_on<'a>(filter: &'a Document, path: &str, out: &mut Vec<&'a Bson>) {
    for (key, value) in filter {
        if key == path {
            out.push(value);
        } else if let Some(rest) = path
            .strip_prefix(key.as_str())
            .and_then(|r| r.strip_prefix('.'))
        {
            element_conditions(value, rest, out);
        } else if key == "$and" {
            if let Bson::Array(items) = value {
                for item in items {
                    if let Bson::Document(d) = item {
                        conditions_on(d, path, out);
                    }
                }
            }
        }
    }
}

/// `{kehadiran: {$elemMatch: {kode: 'X'}}}` holds, for `kehadiran.kode`, the
/// conditions of one array element: a matching document has an element
/// meeting them all, whose values are among its keys, so they bound the
/// key like top-level ones (and several fields of one index together).
fn element_conditions<'a>(value: &'a Bson, rest: &str, out: &mut Vec<&'a Bson>) {
    let Bson::Document(ops) = value else { return };
    if let Ok(element) = ops.get_document("$elemMatch") {
        if !is_value_form(element) {
            conditions_on(element, rest, out);
        }
    }
}

/// Intervals for `path`, or `None` when the filter does not bound it.
/// On multikey fields only the first bounding condition is used, since
/// different conditions may be met by different array elements.
pub(crate) fn intervals_for(
    filter: &Document,
    path: &str,
    multikey: bool,
) -> Option<Vec<Interval>> {
    let mut conditions = Vec::new();
    conditions_on(filter, path, &mut conditions);
    let mut result: Option<Vec<Interval>> = None;
    for condition in conditions {
        for bound in condition_bounds(condition, multikey) {
            result = Some(match result {
                None => bound,
                Some(_) if multikey => return result,
                Some(current) => intersect_lists(&current, &bound),
            });
        }
    }
    result
}

fn condition_bounds(condition: &Bson, multikey: bool) -> Vec<Vec<Interval>> {
    match condition {
        Bson::Document(d) if is_operator_doc(d) => operator_bounds(d, multikey),
        Bson::RegularExpression(re) => regex_intervals(&re.pattern, &re.options)
            .into_iter()
            .collect(),
        other => equality_bounds(other).into_iter().collect(),
    }
}

fn operator_bounds(ops: &Document, multikey: bool) -> Vec<Vec<Interval>> {
    let mut out = Vec::new();
    let mut range: Option<Interval> = None;
    for (op, arg) in ops {
        match op.as_str() {
            "$eq" => out.extend(equality_bounds(arg)),
            "$in" => out.extend(in_bounds(arg)),
            "$regex" => out.extend(regex_bounds(arg, ops.get("$options"))),
            // One element meets every condition, so they intersect even on
            // a multikey field.
            "$elemMatch" => out.extend(element_bounds(arg)),
            "$gt" | "$gte" | "$lt" | "$lte" => {
                let Some(next) = range_bound(op, arg) else {
                    continue;
                };
                range = match range {
                    None => Some(next),
                    Some(r) if multikey => Some(r),
                    Some(r) => Some(r.intersect(&next).unwrap_or(empty_marker())),
                };
            }
            _ => {}
        }
    }
    out.extend(range.map(|r| {
        if r == empty_marker() {
            Vec::new()
        } else {
            vec![r]
        }
    }));
    out
}

/// `{$regex: '^Bud'}` or `{$regex: /^Bud/}`, `$options` overriding the regex's own flags.
fn regex_bounds(arg: &Bson, options: Option<&Bson>) -> Option<Vec<Interval>> {
    let (pattern, own) = match arg {
        Bson::String(p) => (p.as_str(), ""),
        Bson::RegularExpression(re) => (re.pattern.as_str(), re.options.as_str()),
        _ => return None,
    };
    let flags = match options {
        Some(Bson::String(o)) if !o.is_empty() => o.as_str(),
        _ => own,
    };
    regex_intervals(pattern, flags)
}

/// The value form `{$elemMatch: {$gte: 3, $lt: 5}}` bounds the array's
/// elements, which are its index keys: `[3, 5)`.
fn element_bounds(arg: &Bson) -> Vec<Vec<Interval>> {
    match arg {
        Bson::Document(conditions) if is_value_form(conditions) => {
            operator_bounds(conditions, false)
        }
        _ => Vec::new(),
    }
}

fn empty_marker() -> Interval {
    Interval {
        lo: Bson::MaxKey,
        lo_incl: false,
        hi: Bson::MinKey,
        hi_incl: false,
    }
}

fn equality_bounds(v: &Bson) -> Option<Vec<Interval>> {
    match v {
        Bson::RegularExpression(_) | Bson::Array(_) | Bson::MinKey | Bson::MaxKey => None,
        Bson::Document(d) if is_operator_doc(d) => None,
        Bson::Null => Some(vec![null_interval()]),
        other => Some(vec![Interval::point(other.clone())]),
    }
}

/// `{f: null}` also matches missing fields, indexed as null.
fn null_interval() -> Interval {
    Interval {
        lo: Bson::Undefined,
        lo_incl: true,
        hi: Bson::Null,
        hi_incl: true,
    }
}

fn in_bounds(arg: &Bson) -> Option<Vec<Interval>> {
    let Bson::Array(items) = arg else { return None };
    let mut intervals = Vec::new();
    for item in items {
        intervals.extend(equality_bounds(item)?);
    }
    intervals.sort_by(|a, b| compare_values(&a.lo, &b.lo));
    // `1`, `Long(1)` and `1.0` are one key: kept apart, a non-multikey scan (which
    // remembers no visited records) would return the same document twice.
    intervals.dedup_by(|a, b| a.same_as(b));
    Some(intervals)
}

fn range_bound(op: &str, arg: &Bson) -> Option<Interval> {
    if matches!(arg, Bson::Null) {
        return op.ends_with('e').then(null_interval);
    }
    let (min, max, max_incl) = type_bracket(arg)?;
    let v = arg.clone();
    Some(match op {
        "$gt" => Interval {
            lo: v,
            lo_incl: false,
            hi: max,
            hi_incl: max_incl,
        },
        "$gte" => Interval {
            lo: v,
            lo_incl: true,
            hi: max,
            hi_incl: max_incl,
        },
        "$lt" => Interval {
            lo: min,
            lo_incl: true,
            hi: v,
            hi_incl: false,
        },
        _ => Interval {
            lo: min,
            lo_incl: true,
            hi: v,
            hi_incl: true,
        },
    })
}

/// The smallest and largest values of `v`'s canonical type (range ends).
fn type_bracket(v: &Bson) -> Option<(Bson, Bson, bool)> {
    match canonical_type(v) {
        10 => Some((
            Bson::Double(f64::NEG_INFINITY),
            Bson::Double(f64::INFINITY),
            true,
        )),
        15 => Some((
            Bson::String(String::new()),
            Bson::Document(Document::new()),
            false,
        )),
        35 => Some((
            Bson::ObjectId(ObjectId::from_bytes([0; 12])),
            Bson::ObjectId(ObjectId::from_bytes([0xff; 12])),
            true,
        )),
        40 => Some((Bson::Boolean(false), Bson::Boolean(true), true)),
        45 => Some((
            Bson::DateTime(DateTime::from_millis(i64::MIN)),
            Bson::DateTime(DateTime::from_millis(i64::MAX)),
            true,
        )),
        _ => None,
    }
}

fn intersect_lists(a: &[Interval], b: &[Interval]) -> Vec<Interval> {
    let mut out = Vec::new();
    for x in a {
        for y in b {
            out.extend(x.intersect(y));
        }
    }
    out.sort_by(|p, q| compare_values(&p.lo, &q.lo));
    out
}

/// `["TSA301", "TSA301"]`, `(5, inf.0]` as explain prints bounds.
pub(crate) fn format_interval(interval: &Interval) -> String {
    format!(
        "{}{}, {}{}",
        if interval.lo_incl { '[' } else { '(' },
        bound_text(&interval.lo),
        bound_text(&interval.hi),
        if interval.hi_incl { ']' } else { ')' }
    )
}

/// `[inf.0, 5)`: the interval from its upper end, as a backward scan walks it.
pub(crate) fn format_reversed_interval(interval: &Interval) -> String {
    format!(
        "{}{}, {}{}",
        if interval.hi_incl { '[' } else { '(' },
        bound_text(&interval.hi),
        bound_text(&interval.lo),
        if interval.lo_incl { ']' } else { ')' }
    )
}

fn bound_text(v: &Bson) -> String {
    match v {
        Bson::Double(f) if f.is_infinite() => if *f > 0.0 { "inf.0" } else { "-inf.0" }.to_string(),
        Bson::Document(d) if d.is_empty() => "{}".to_string(),
        other => crate::engine::mongo::display::value(other),
    }
}
