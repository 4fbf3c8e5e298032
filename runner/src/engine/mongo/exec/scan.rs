//! Runs a plan: the matching record ids in plan order, with the counts
//! explain and the plan log report.

use std::collections::HashSet;

use bson::Bson;

use super::bounds::Interval;
use super::planner::Plan;
use super::raw_bounds::{raw_bounds, RawInterval};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::storage::keys::Key;
use crate::engine::mongo::storage::{Collection, Index, RecordId};

#[derive(Debug, Clone, Copy, Default)]
pub struct ScanStats {
    pub keys_examined: u64,
    pub docs_examined: u64,
    pub n_returned: u64,
    pub dups_dropped: u64,
    pub seeks: u64,
}

/// Matching record ids (at most `limit`), in the order the plan yields them.
pub fn run(
    coll: &Collection,
    plan: &Plan,
    filter: &Filter,
    limit: Option<usize>,
) -> (Vec<RecordId>, ScanStats) {
    let mut stats = ScanStats::default();
    let limit = limit.unwrap_or(usize::MAX);
    let rids = match plan {
        Plan::CollScan => collscan(coll, filter, limit, &mut stats),
        Plan::IdHack(id) => idhack(coll, id, filter, &mut stats),
        Plan::IxScan { index, bounds } => match coll.indexes.get(*index) {
            Some(ix) => ixscan(coll, ix, bounds, filter, limit, &mut stats),
            None => collscan(coll, filter, limit, &mut stats),
        },
    };
    stats.n_returned = rids.len() as u64;
    (rids, stats)
}

fn collscan(
    coll: &Collection,
    filter: &Filter,
    limit: usize,
    stats: &mut ScanStats,
) -> Vec<RecordId> {
    let mut out = Vec::new();
    for (rid, doc) in coll.iter() {
        if out.len() >= limit {
            break;
        }
        stats.docs_examined += 1;
        if filter.matches_raw(doc) {
            out.push(rid);
        }
    }
    out
}

fn idhack(coll: &Collection, id: &Bson, filter: &Filter, stats: &mut ScanStats) -> Vec<RecordId> {
    let Some(index) = coll.indexes.first() else {
        return Vec::new();
    };
    let key = Key::new([(id, false)]);
    let mut out = Vec::new();
    for (_, rid) in index.range(key.clone(), key) {
        stats.keys_examined += 1;
        stats.docs_examined += 1;
        if coll.raw(*rid).is_some_and(|d| filter.matches_raw(d)) {
            out.push(*rid);
        }
    }
    out
}

fn ixscan(
    coll: &Collection,
    index: &Index,
    bounds: &[Vec<Interval>],
    filter: &Filter,
    limit: usize,
    stats: &mut ScanStats,
) -> Vec<RecordId> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let raw = raw_bounds(bounds);
    for (lo, hi) in key_ranges(index, bounds) {
        stats.seeks += 1;
        for (key, rid) in index.range(lo, hi) {
            if out.len() >= limit {
                return out;
            }
            stats.keys_examined += 1;
            if !key_in_bounds(key, &raw) {
                continue;
            }
            if !seen.insert(*rid) {
                stats.dups_dropped += 1;
                continue;
            }
            stats.docs_examined += 1;
            if coll.raw(*rid).is_some_and(|d| filter.matches_raw(d)) {
                out.push(*rid);
            }
        }
    }
    out
}

fn key_in_bounds(key: &Key, bounds: &[Vec<RawInterval<'_>>]) -> bool {
    key.parts()
        .zip(bounds)
        .all(|((part, _), field)| field.iter().any(|iv| iv.contains(part)))
}

/// The cartesian product of per-field intervals as key ranges in index order
/// (capped: beyond it, fields after the first are scanned whole).
fn key_ranges(index: &Index, bounds: &[Vec<Interval>]) -> Vec<(Key, Key)> {
    let combos: usize = bounds.iter().map(Vec::len).product();
    let full = vec![Interval::full()];
    let mut ranges: Vec<(Parts<'_>, Parts<'_>)> = vec![(Vec::new(), Vec::new())];
    for (i, ((_, descending), field)) in index.fields.iter().zip(bounds).enumerate() {
        let field = if combos > 1000 && i > 0 { &full } else { field };
        ranges = extend_ranges(ranges, field, *descending);
    }
    ranges
        .into_iter()
        .map(|(lo, hi)| (Key::new(lo), Key::new(hi)))
        .collect()
}

/// A range end being assembled: (value, descending) per field.
type Parts<'a> = Vec<(&'a Bson, bool)>;

fn extend_ranges<'a>(
    ranges: Vec<(Parts<'a>, Parts<'a>)>,
    field: &'a [Interval],
    descending: bool,
) -> Vec<(Parts<'a>, Parts<'a>)> {
    let mut ordered: Vec<&Interval> = field.iter().collect();
    if descending {
        ordered.reverse();
    }
    let mut out = Vec::with_capacity(ranges.len() * ordered.len());
    for (lo, hi) in ranges {
        for iv in &ordered {
            let (first, last) = if descending {
                (&iv.hi, &iv.lo)
            } else {
                (&iv.lo, &iv.hi)
            };
            let mut lo = lo.clone();
            let mut hi = hi.clone();
            lo.push((first, descending));
            hi.push((last, descending));
            out.push((lo, hi));
        }
    }
    out
}
