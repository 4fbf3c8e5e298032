//! Runs a plan: the matching record ids in plan order, with the counts
//! explain and the plan log report.

use bson::Bson;

use super::bounds::Interval;
use super::planner::Plan;
use super::raw_bounds::{raw_bounds, RawInterval};
use super::rid_set::RidSet;
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
        Plan::CollScanBackward => backward(coll, filter, limit, &mut stats),
        Plan::IdHack(id) => idhack(coll, id, filter, &mut stats),
        Plan::IxScan { index, bounds } => match coll.indexes.get(*index) {
            Some(ix) => ixscan(coll, ix, bounds, filter, limit, &mut stats),
            None => collscan(coll, filter, limit, &mut stats),
        },
    };
    stats.n_returned = rids.len() as u64;
    (rids, stats)
}

/// Below this many records one core scans faster than starting threads.
const PARALLEL_SCAN_MIN: usize = 50_000;

fn collscan(
    coll: &Collection,
    filter: &Filter,
    limit: usize,
    stats: &mut ScanStats,
) -> Vec<RecordId> {
    // Only whole scans of byte-matched filters split: a limit stops early, and a
    // decoded filter may keep an `$expr` error in its thread's slot.
    if limit == usize::MAX && filter.is_raw() && coll.id_bound() >= PARALLEL_SCAN_MIN {
        return parallel_collscan(coll, filter, stats);
    }
    let mut out = Vec::new();
    for (rid, doc) in coll.bytes_range(0..coll.id_bound()) {
        if out.len() >= limit {
            break;
        }
        stats.docs_examined += 1;
        if filter.matches_bytes(doc) {
            out.push(rid);
        }
    }
    out
}

/// The record ids split into one contiguous range per core, scanned at once and
/// joined in id order, so the result is the sequential scan's.
fn parallel_collscan(coll: &Collection, filter: &Filter, stats: &mut ScanStats) -> Vec<RecordId> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = coll.id_bound().div_ceil(cores.max(1));
    let parts: Vec<(Vec<RecordId>, u64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cores)
            .map(|i| {
                let ids = (i * chunk)..((i + 1) * chunk).min(coll.id_bound());
                scope.spawn(move || scan_range(coll, filter, ids))
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let mut out = Vec::new();
    for (rids, examined) in parts {
        stats.docs_examined += examined;
        out.extend(rids);
    }
    out
}

fn scan_range(
    coll: &Collection,
    filter: &Filter,
    ids: std::ops::Range<usize>,
) -> (Vec<RecordId>, u64) {
    let mut examined = 0;
    let mut out = Vec::new();
    for (rid, doc) in coll.bytes_range(ids) {
        examined += 1;
        if filter.matches_bytes(doc) {
            out.push(rid);
        }
    }
    (out, examined)
}

/// Reverse natural order: the forward scan's matches, newest first.
fn backward(
    coll: &Collection,
    filter: &Filter,
    limit: usize,
    stats: &mut ScanStats,
) -> Vec<RecordId> {
    let mut out = collscan(coll, filter, usize::MAX, stats);
    out.reverse();
    out.truncate(limit);
    out
}

fn idhack(coll: &Collection, id: &Bson, filter: &Filter, stats: &mut ScanStats) -> Vec<RecordId> {
    let Some(index) = coll.indexes.first() else {
        return Vec::new();
    };
    let key = Key::new([(id, false)]);
    let mut out = Vec::new();
    for (_, rids) in index.range(key.clone(), key) {
        for rid in rids {
            stats.keys_examined += 1;
            stats.docs_examined += 1;
            if coll.raw(*rid).is_some_and(|d| filter.matches_raw(d)) {
                out.push(*rid);
            }
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
    let raw = raw_bounds(bounds);
    let mut scan = IxScan {
        coll,
        filter,
        exact: answers_filter(index, bounds, filter),
        limit,
        seen: RidSet::for_scan(index.is_multikey(), coll.id_bound()),
        out: Vec::new(),
    };
    for (lo, hi) in key_ranges(index, bounds) {
        stats.seeks += 1;
        for (key, rids) in index.range(lo, hi) {
            if !scan.key(key_in_bounds(key, &raw), rids, stats) {
                return scan.out;
            }
        }
    }
    scan.out
}

/// One index scan's progress: records seen and matched so far.
struct IxScan<'a> {
    coll: &'a Collection,
    filter: &'a Filter,
    exact: bool,
    limit: usize,
    seen: RidSet,
    out: Vec<RecordId>,
}

impl IxScan<'_> {
    /// Examines the records filed under one key (`inside` its bounds);
    /// false once the limit is reached.
    fn key(&mut self, inside: bool, rids: &[RecordId], stats: &mut ScanStats) -> bool {
        for rid in rids {
            if self.out.len() >= self.limit {
                return false;
            }
            stats.keys_examined += 1;
            if inside {
                self.record(*rid, stats);
            }
        }
        true
    }

    /// A multikey record can sit under several keys; it is fetched once.
    fn record(&mut self, rid: RecordId, stats: &mut ScanStats) {
        if !self.seen.insert(rid) {
            stats.dups_dropped += 1;
            return;
        }
        stats.docs_examined += 1;
        if self.exact
            || self
                .coll
                .raw(rid)
                .is_some_and(|d| self.filter.matches_raw(d))
        {
            self.out.push(rid);
        }
    }
}

/// A single-field index scanned over the filter's own equality points:
/// every key in bounds is a match, so fetching to re-check is skipped
/// (the document still counts as examined, as the FETCH stage reports).
fn answers_filter(index: &Index, bounds: &[Vec<Interval>], filter: &Filter) -> bool {
    let [(path, _)] = index.fields.as_slice() else {
        return false;
    };
    bounds.iter().flatten().all(Interval::is_point) && filter.is_points_on(path)
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
