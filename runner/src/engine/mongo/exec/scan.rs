//! Runs a plan: the matching record ids in plan order, with the counts
//! explain and the plan log report.

use bson::Bson;

use super::bounds::Interval;
use super::planner::Plan;
use super::raw_bounds::{raw_bounds, RawInterval};
use super::rid_set::RidSet;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::query::{expr, Filter};
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
pub(crate) fn run(
    coll: &Collection,
    plan: &Plan,
    filter: &Filter,
    limit: Option<usize>,
) -> Result<(Vec<RecordId>, ScanStats), MongoError> {
    let mut scan = Scan::start(coll, plan, filter)?;
    let mut rids = Vec::new();
    scan.next_into(coll, filter, limit.unwrap_or(usize::MAX), &mut rids)?;
    scan.stats.n_returned = rids.len() as u64;
    Ok((rids, scan.stats))
}

/// Runs matching work and fails with the `$expr` error it left behind:
/// the matcher answers only yes or no, so errors wait in a per-thread slot.
fn checked<T>(work: impl FnOnce() -> T) -> Result<T, MongoError> {
    expr::take_error();
    let value = work();
    expr::take_error().map_or(Ok(value), Err)
}

/// A plan being run: it yields matching record ids a batch at a time and
/// resumes where it stopped, so a cursor's first batch costs what that batch
/// needs. Positions survive writes in between (a record id or an index key
/// and id to continue after), as the server's cursors do.
#[derive(Debug)]
pub(crate) struct Scan {
    position: Position,
    pub stats: ScanStats,
}

#[derive(Debug)]
enum Position {
    Done,
    /// Natural order from this record id on.
    Forward(usize),
    /// Results computed up front (reverse natural order, `_id` lookups).
    Ready(std::collections::VecDeque<RecordId>),
    Index(Box<IndexPosition>),
}

#[derive(Debug)]
struct IndexPosition {
    /// By name: the index list may change between batches.
    name: String,
    bounds: Vec<Vec<Interval>>,
    ranges: Vec<(Key, Key)>,
    range: usize,
    /// The last key and record id examined in the current range.
    after: Option<(Key, Option<RecordId>)>,
    exact: bool,
    seen: RidSet,
    /// Ranges and the records of a key are walked last to first.
    backward: bool,
}

impl Scan {
    /// Reverse scans and `_id` lookups are run here, whole.
    pub(crate) fn start(
        coll: &Collection,
        plan: &Plan,
        filter: &Filter,
    ) -> Result<Scan, MongoError> {
        checked(|| Scan::position(coll, plan, filter))
    }

    fn position(coll: &Collection, plan: &Plan, filter: &Filter) -> Scan {
        let mut stats = ScanStats::default();
        let position = match plan {
            Plan::CollScan => Position::Forward(0),
            Plan::CollScanBackward => Position::Ready(backward(coll, filter, &mut stats).into()),
            Plan::IdHack(id) => Position::Ready(idhack(coll, id, filter, &mut stats).into()),
            Plan::IxScan {
                index,
                bounds,
                backward,
            } => match coll.indexes.get(*index) {
                Some(ix) => Position::Index(Box::new(IndexPosition::start(
                    coll, ix, bounds, *backward, filter,
                ))),
                None => Position::Forward(0),
            },
        };
        Scan { position, stats }
    }

    pub(crate) fn is_done(&self) -> bool {
        matches!(self.position, Position::Done)
    }

    /// Appends matching ids to `out` until it holds `want` (or the scan ends).
    pub(crate) fn next_into(
        &mut self,
        coll: &Collection,
        filter: &Filter,
        want: usize,
        out: &mut Vec<RecordId>,
    ) -> Result<(), MongoError> {
        checked(|| self.advance(coll, filter, want, out))
    }

    fn advance(
        &mut self,
        coll: &Collection,
        filter: &Filter,
        want: usize,
        out: &mut Vec<RecordId>,
    ) {
        let finished = match &mut self.position {
            Position::Done => true,
            Position::Forward(next) => forward(coll, filter, next, want, out, &mut self.stats),
            Position::Ready(rids) => take_ready(rids, want, out),
            Position::Index(ix) => ix.next_into(coll, filter, want, out, &mut self.stats),
        };
        if finished {
            self.position = Position::Done;
        }
    }
}

fn take_ready(
    rids: &mut std::collections::VecDeque<RecordId>,
    want: usize,
    out: &mut Vec<RecordId>,
) -> bool {
    while out.len() < want {
        let Some(rid) = rids.pop_front() else {
            return true;
        };
        out.push(rid);
    }
    rids.is_empty()
}

/// Below this many records one core scans faster than starting threads.
const PARALLEL_SCAN_MIN: usize = 50_000;

/// Natural order from `next`; true once the collection's end is reached.
fn forward(
    coll: &Collection,
    filter: &Filter,
    next: &mut usize,
    want: usize,
    out: &mut Vec<RecordId>,
    stats: &mut ScanStats,
) -> bool {
    let end = coll.id_bound();
    // Only scans that will read to the end split: a batch stops early, and a
    // decoded filter may keep an `$expr` error in its thread's slot.
    if want >= end.saturating_sub(*next) && filter.is_raw() && end - *next >= PARALLEL_SCAN_MIN {
        out.extend(parallel_collscan(coll, filter, *next..end, stats));
        *next = end;
        return true;
    }
    for (rid, doc) in coll.bytes_range(*next..end) {
        if out.len() >= want {
            *next = rid as usize;
            return false;
        }
        stats.docs_examined += 1;
        if filter.matches_bytes(doc) {
            out.push(rid);
        }
    }
    *next = end;
    true
}

/// The record ids split into one contiguous range per core, scanned at once and
/// joined in id order, so the result is the sequential scan's.
#[cfg(not(target_family = "wasm"))]
fn parallel_collscan(
    coll: &Collection,
    filter: &Filter,
    ids: std::ops::Range<usize>,
    stats: &mut ScanStats,
) -> Vec<RecordId> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = ids.len().div_ceil(cores.max(1));
    let parts: Vec<(Vec<RecordId>, u64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cores)
            .map(|i| {
                let lo = ids.start + i * chunk;
                let part = lo.min(ids.end)..(lo + chunk).min(ids.end);
                scope.spawn(move || scan_range(coll, filter, part))
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

/// WebAssembly runs on the page's one thread (the wasi build cannot start another), so
/// the range is scanned where the sequential scan would be.
#[cfg(target_family = "wasm")]
fn parallel_collscan(
    coll: &Collection,
    filter: &Filter,
    ids: std::ops::Range<usize>,
    stats: &mut ScanStats,
) -> Vec<RecordId> {
    let (rids, examined) = scan_range(coll, filter, ids);
    stats.docs_examined += examined;
    rids
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
fn backward(coll: &Collection, filter: &Filter, stats: &mut ScanStats) -> Vec<RecordId> {
    let mut out = Vec::new();
    forward(coll, filter, &mut 0, usize::MAX, &mut out, stats);
    out.reverse();
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

impl IndexPosition {
    fn start(
        coll: &Collection,
        index: &Index,
        bounds: &[Vec<Interval>],
        backward: bool,
        filter: &Filter,
    ) -> Self {
        let mut ranges = key_ranges(index, bounds);
        if backward {
            ranges.reverse();
        }
        IndexPosition {
            name: index.name.clone(),
            bounds: bounds.to_vec(),
            ranges,
            range: 0,
            after: None,
            exact: answers_filter(index, bounds, filter),
            seen: RidSet::for_scan(index.is_multikey(), coll.id_bound()),
            backward,
        }
    }

    /// The part of range `(lo, hi)` not yet walked: it resumes at the key
    /// the last call stopped in.
    fn remaining(&self, lo: &Key, hi: &Key) -> (Key, Key) {
        match (&self.after, self.backward) {
            (Some((key, _)), false) => (key.clone(), hi.clone()),
            (Some((key, _)), true) => (lo.clone(), key.clone()),
            (None, _) => (lo.clone(), hi.clone()),
        }
    }

    /// Walks key ranges from where the last call stopped; true once every
    /// range is done (or the index is gone).
    fn next_into(
        &mut self,
        coll: &Collection,
        filter: &Filter,
        want: usize,
        out: &mut Vec<RecordId>,
        stats: &mut ScanStats,
    ) -> bool {
        let Some(index) = coll.index(&self.name) else {
            return true;
        };
        while let Some((lo, hi)) = self.ranges.get(self.range) {
            let range = self.remaining(lo, hi);
            if self.seek(coll, index, filter, range, want, out, stats) {
                return false;
            }
            self.range += 1;
            self.after = None;
        }
        true
    }

    /// One key range from `lo`; true if `out` filled up before its end.
    #[allow(clippy::too_many_arguments)]
    fn seek(
        &mut self,
        coll: &Collection,
        index: &Index,
        filter: &Filter,
        (lo, hi): (Key, Key),
        want: usize,
        out: &mut Vec<RecordId>,
        stats: &mut ScanStats,
    ) -> bool {
        stats.seeks += 1;
        let raw = raw_bounds(&self.bounds);
        let keys = if self.backward {
            index.range_rev(lo, hi)
        } else {
            index.range(lo, hi)
        };
        for (key, rids) in keys {
            let inside = key_in_bounds(key, &raw);
            let mut last = resumed_after(&self.after, key);
            for rid in pending(rids, last, self.backward) {
                if out.len() >= want {
                    self.after = Some((key.clone(), last));
                    return true;
                }
                last = Some(*rid);
                stats.keys_examined += 1;
                if inside
                    && first_visit(&mut self.seen, *rid, stats)
                    && (self.exact || coll.raw(*rid).is_some_and(|d| filter.matches_raw(d)))
                {
                    out.push(*rid);
                }
            }
        }
        false
    }
}

/// The last record of `key` examined when the scan stopped inside this key.
fn resumed_after(after: &Option<(Key, Option<RecordId>)>, key: &Key) -> Option<RecordId> {
    match after {
        Some((stopped, last)) if stopped == key => *last,
        _ => None,
    }
}

/// The records of one key still to examine, in walking order: a key's
/// records sit in id order, so a backward walk takes them highest first.
fn pending<'r>(
    rids: &'r [RecordId],
    last: Option<RecordId>,
    backward: bool,
) -> Box<dyn Iterator<Item = &'r RecordId> + 'r> {
    match (backward, last) {
        (false, None) => Box::new(rids.iter()),
        (false, Some(last)) => Box::new(rids[rids.partition_point(|r| *r <= last)..].iter()),
        (true, None) => Box::new(rids.iter().rev()),
        (true, Some(last)) => Box::new(rids[..rids.partition_point(|r| *r < last)].iter().rev()),
    }
}

/// A multikey record can sit under several keys; it is fetched once.
fn first_visit(seen: &mut RidSet, rid: RecordId, stats: &mut ScanStats) -> bool {
    if !seen.insert(rid) {
        stats.dups_dropped += 1;
        return false;
    }
    stats.docs_examined += 1;
    true
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
