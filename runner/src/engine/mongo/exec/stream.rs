//! The records a find cursor returns, produced a batch at a time: the scan
//! runs only as far as the next batch needs (plus one record, so the reply
//! can say whether more remain), and getMore resumes it. A sorted query
//! has to see every match first and streams its finished list instead.

use std::collections::VecDeque;

use super::planner::Plan;
use super::scan::{Scan, ScanStats};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::storage::{Collection, RecordId};

#[derive(Debug)]
pub struct RecordStream {
    scan: Option<(Scan, Filter)>,
    pending: VecDeque<RecordId>,
    /// Matches still to drop (`skip`) and still to return (`limit`).
    skip: usize,
    left: usize,
    /// What the scan examined; `n_returned` counts ids handed out.
    stats: ScanStats,
}

impl RecordStream {
    /// A stream that runs `plan` lazily.
    pub fn scan(
        coll: &Collection,
        plan: &Plan,
        filter: Filter,
        skip: usize,
        limit: Option<usize>,
    ) -> Result<RecordStream, MongoError> {
        let scan = Scan::start(coll, plan, &filter)?;
        Ok(RecordStream {
            scan: Some((scan, filter)),
            pending: VecDeque::new(),
            skip,
            left: limit.unwrap_or(usize::MAX),
            stats: ScanStats::default(),
        })
    }

    /// A stream of results already computed (and already skipped and
    /// limited) by a run with these `stats`.
    pub fn ready(rids: Vec<RecordId>, stats: ScanStats) -> RecordStream {
        RecordStream {
            scan: None,
            pending: rids.into(),
            skip: 0,
            left: usize::MAX,
            stats: ScanStats {
                n_returned: 0,
                ..stats
            },
        }
    }

    /// What the scan has examined so far, and how many ids it has handed out.
    pub fn stats(&self) -> ScanStats {
        self.stats
    }

    pub fn is_exhausted(&self) -> bool {
        self.pending.is_empty() && self.scan.is_none()
    }

    /// The next record id, scanning on (for `batch` more ids) when none is
    /// buffered.
    pub fn next(
        &mut self,
        coll: Option<&Collection>,
        batch: usize,
    ) -> Result<Option<RecordId>, MongoError> {
        if self.pending.is_empty() {
            match coll {
                Some(coll) => self.fill(coll, batch.saturating_add(1))?,
                None => self.scan = None,
            }
        }
        let rid = self.pending.pop_front();
        if rid.is_some() {
            self.stats.n_returned += 1;
        }
        Ok(rid)
    }

    /// Scans until `n` ids are buffered or the scan ends (a buffered id
    /// beyond the batch tells the reply that more remain).
    pub fn fill(&mut self, coll: &Collection, n: usize) -> Result<(), MongoError> {
        while self.pending.len() < n {
            let Some((scan, filter)) = &mut self.scan else {
                return Ok(());
            };
            let want = (n - self.pending.len())
                .min(self.left)
                .saturating_add(self.skip);
            let mut found = Vec::new();
            scan.next_into(coll, filter, want, &mut found)?;
            let finished = scan.is_done();
            self.stats = ScanStats {
                n_returned: self.stats.n_returned,
                ..scan.stats
            };
            self.keep(found);
            if finished || self.left == 0 {
                self.scan = None;
            }
        }
        Ok(())
    }

    /// Drops what `skip` still asks for, keeps what `limit` allows.
    fn keep(&mut self, found: Vec<RecordId>) {
        let dropped = self.skip.min(found.len());
        self.skip -= dropped;
        let kept = (found.len() - dropped).min(self.left);
        self.left -= kept;
        self.pending
            .extend(found.into_iter().skip(dropped).take(kept));
    }
}
