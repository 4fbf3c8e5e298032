//! Query execution: plan, scan, sort, skip and limit over one collection.

pub(crate) mod bounds;
pub(crate) mod covering;
pub(crate) mod cursor;
pub(crate) mod explain;
pub(crate) mod planner;
#[cfg(test)]
mod planner_tests;
pub(crate) mod raw_bounds;
mod regex_bounds;
mod rid_set;
pub(crate) mod scan;
#[cfg(test)]
mod scan_tests;
pub(crate) mod stream;
#[cfg(test)]
mod stream_tests;

use bson::Bson;

use self::planner::Plan;
use self::scan::ScanStats;
use self::stream::RecordStream;
use super::error::MongoError;
use super::query::Filter;
use super::sort::SortSpec;
use super::storage::{Collection, RecordId};
use super::PlanRecord;

/// A query on one collection as find, count, update and delete describe it.
#[derive(Debug, Default)]
pub(crate) struct QuerySpec<'a> {
    pub filter: Option<&'a Filter>,
    pub sort: Option<&'a SortSpec>,
    pub skip: usize,
    pub limit: Option<usize>,
    pub hint: Option<&'a Bson>,
}

/// The outcome of running a query: matching records in result order.
#[derive(Debug)]
pub(crate) struct QueryResult {
    pub rids: Vec<RecordId>,
    pub plan: Plan,
    pub stats: ScanStats,
    /// The plan's scan order was the sort's: no blocking sort ran.
    pub index_sorted: bool,
}

pub(crate) fn run_query(
    coll: &Collection,
    spec: &QuerySpec<'_>,
) -> Result<QueryResult, MongoError> {
    let empty = Filter::empty();
    let filter = spec.filter.unwrap_or(&empty);
    let plan = planner::choose(coll, filter.source(), spec.sort, spec.hint)?;
    let index_sorted = spec
        .sort
        .is_some_and(|s| planner::provides_sort(coll, &plan, s));
    let sorting = spec.sort.is_some_and(|s| !s.is_empty()) && !index_sorted;
    let scan_limit = if sorting {
        None
    } else {
        spec.limit.map(|l| l.saturating_add(spec.skip))
    };
    let (mut rids, mut stats) = scan::run(coll, &plan, filter, scan_limit)?;
    if let Some(sort) = spec.sort.filter(|_| sorting) {
        sort_records(coll, sort, &mut rids);
    }
    let rids: Vec<RecordId> = rids
        .into_iter()
        .skip(spec.skip)
        .take(spec.limit.unwrap_or(usize::MAX))
        .collect();
    stats.n_returned = rids.len() as u64;
    Ok(QueryResult {
        rids,
        plan,
        stats,
        index_sorted,
    })
}

/// A find's records as a cursor reads them: scanned a batch at a time,
/// unless a sort the index does not provide has to see every match first.
pub(crate) fn stream_query(
    coll: &Collection,
    filter: Filter,
    spec: &QuerySpec<'_>,
) -> Result<(RecordStream, Plan), MongoError> {
    let plan = planner::choose(coll, filter.source(), spec.sort, spec.hint)?;
    let blocking = spec
        .sort
        .is_some_and(|s| !s.is_empty() && !planner::provides_sort(coll, &plan, s));
    if blocking {
        let spec = QuerySpec {
            filter: Some(&filter),
            ..*spec
        };
        let result = run_query(coll, &spec)?;
        let stream = RecordStream::ready(result.rids, result.stats);
        return Ok((stream, result.plan));
    }
    let stream = RecordStream::scan(coll, &plan, filter, spec.skip, spec.limit)?;
    Ok((stream, plan))
}

fn sort_records(coll: &Collection, sort: &SortSpec, rids: &mut Vec<RecordId>) {
    let mut keyed: Vec<(Vec<Bson>, RecordId)> = rids
        .iter()
        .map(|rid| (sort.key(&coll.get(*rid).unwrap_or_default()), *rid))
        .collect();
    keyed.sort_by(|a, b| sort.compare_keys(&a.0, &b.0));
    *rids = keyed.into_iter().map(|(_, rid)| rid).collect();
}

/// The plan log entry for a finished query.
pub(crate) fn plan_record(coll: &Collection, result: &QueryResult) -> PlanRecord {
    plan_record_of(coll, &result.plan, &result.stats)
}

/// The plan log entry for a plan that has examined what `stats` says.
pub(crate) fn plan_record_of(coll: &Collection, plan: &Plan, stats: &ScanStats) -> PlanRecord {
    let (stage, index) = match plan {
        Plan::CollScan | Plan::CollScanBackward => ("COLLSCAN", None),
        Plan::IdHack(_) => ("IDHACK", coll.indexes.iter().find(|i| i.name == "_id_")),
        Plan::IxScan { index, .. } => ("IXSCAN", coll.indexes.get(*index)),
    };
    PlanRecord {
        ns: coll.ns.clone(),
        stage: stage.to_string(),
        index: index.map(|i| i.name.clone()),
        index_key: index.map(|i| i.key_pattern.clone()),
        keys_examined: stats.keys_examined,
        docs_examined: stats.docs_examined,
        n_returned: stats.n_returned,
    }
}

/// The plan log entry for a query on a collection that does not exist.
pub(crate) fn eof_record(ns: &str) -> PlanRecord {
    PlanRecord {
        ns: ns.to_string(),
        stage: "EOF".to_string(),
        index: None,
        index_key: None,
        keys_examined: 0,
        docs_examined: 0,
        n_returned: 0,
    }
}
