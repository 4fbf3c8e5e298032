//! Explain of `count` and `distinct` in MongoDB 7.0's shapes: a count whose filter
//! the index bounds answer scans keys only (COUNT_SCAN), a distinct on an index's
//! first field jumps from one key value to the next (DISTINCT_SCAN), and one the
//! index covers reads no document (PROJECTION_COVERED over IXSCAN).

use bson::{doc, Bson, Document};

use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::covering::{bounds_answer, key_range, single_interval};
use crate::engine::mongo::exec::explain::{add_common_stats, index_stage};
use crate::engine::mongo::exec::planner::Plan;
use crate::engine::mongo::exec::scan::ScanStats;
use crate::engine::mongo::exec::{run_query, QuerySpec};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::storage::{Collection, Index};
use crate::engine::mongo::Engine;

/// The index scan a query plan makes, when its bounds alone answer the filter.
struct Answered<'a> {
    index: &'a Index,
    plan: Plan,
    stats: ScanStats,
}

fn answered<'a>(
    coll: &'a Collection,
    filter: &Document,
    hint: Option<&Bson>,
) -> Result<Option<Answered<'a>>, MongoError> {
    let parsed = Filter::parse(filter)?;
    let result = run_query(
        coll,
        &QuerySpec {
            filter: Some(&parsed),
            hint,
            ..QuerySpec::default()
        },
    )?;
    let Plan::IxScan { index, bounds, .. } = &result.plan else {
        return Ok(None);
    };
    let index = &coll.indexes[*index];
    if !bounds_answer(index, bounds, filter) {
        return Ok(None);
    }
    Ok(Some(Answered {
        index,
        plan: result.plan,
        stats: result.stats,
    }))
}

fn bounds(plan: &Plan) -> &[Vec<crate::engine::mongo::exec::bounds::Interval>] {
    match plan {
        Plan::IxScan { bounds, .. } => bounds,
        _ => &[],
    }
}

/// What a count's explain shows beneath its COUNT stage.
pub(crate) struct CountPlan {
    /// COUNT_SCAN (with its counts when executed), when the bounds answer the filter.
    count_scan: Option<(Document, ScanStats)>,
    pub n_counted: u64,
    pub n_skipped: u64,
}

impl CountPlan {
    pub(crate) fn of(
        engine: &Engine,
        db: &str,
        count: &Document,
        (skip, limit): (u64, Option<u64>),
    ) -> Result<CountPlan, MongoError> {
        let empty = Document::new();
        let filter = super::document_arg(count, "query")?.unwrap_or(&empty);
        let coll = engine.collection(db, &super::target(count, "count")?);
        let matched = match coll {
            Some(c) if filter.is_empty() => c.len() as u64,
            Some(c) => run_query(
                c,
                &QuerySpec {
                    filter: Some(&Filter::parse(filter)?),
                    hint: count.get("hint"),
                    ..QuerySpec::default()
                },
            )?
            .rids
            .len() as u64,
            None => 0,
        };
        let count_scan = match coll.filter(|_| !filter.is_empty()) {
            Some(c) => answered(c, filter, count.get("hint"))?
                .filter(|a| single_interval(bounds(&a.plan)))
                .map(|a| (count_scan_stage(&a), a.stats)),
            None => None,
        };
        let n_skipped = skip.min(matched);
        let n_counted = (matched - n_skipped).min(limit.unwrap_or(u64::MAX));
        Ok(CountPlan {
            count_scan,
            n_counted,
            n_skipped,
        })
    }

    /// Whether the count reads index keys only (no document is fetched).
    pub(crate) fn scans_keys_only(&self) -> bool {
        self.count_scan.is_some()
    }

    /// The COUNT stage over `input` (the find's plan), or the fast count when `fast`.
    pub(crate) fn stage(
        &self,
        input: Document,
        fast: bool,
        executed: Option<&ScanStats>,
    ) -> Document {
        let mut count = doc! { "stage": if fast { "RECORD_STORE_FAST_COUNT" } else { "COUNT" } };
        if let Some(stats) = executed {
            add_common_stats(&mut count, stats);
            count.insert("nReturned", 0);
            count.insert("advanced", 0);
            count.insert("nCounted", int32(self.n_counted));
            count.insert("nSkipped", int32(self.n_skipped));
        }
        if fast {
            return count;
        }
        let input = match &self.count_scan {
            Some((stage, stats)) => with_scan_stats(stage.clone(), executed.map(|_| stats)),
            None => input,
        };
        count.insert("inputStage", input);
        count
    }
}

fn count_scan_stage(answered: &Answered) -> Document {
    let mut stage = index_stage("COUNT_SCAN", answered.index);
    stage.insert(
        "indexBounds",
        key_range(answered.index, bounds(&answered.plan)),
    );
    stage
}

/// A key scan's counts: every key it read came back (nothing is fetched after it).
fn with_scan_stats(mut stage: Document, stats: Option<&ScanStats>) -> Document {
    let Some(stats) = stats else {
        return stage;
    };
    let mut counted = Document::new();
    counted.insert("stage", stage.remove("stage").unwrap_or(Bson::Null));
    add_common_stats(&mut counted, stats);
    counted.insert("keysExamined", int32(stats.keys_examined));
    counted.extend(stage);
    counted
}

/// DISTINCT_SCAN when an index starts with the distinct key and its bounds answer the
/// filter; a covered scan when the index holds the key and the filter's fields.
pub(crate) enum DistinctPlan {
    DistinctScan { stage: Document, stats: ScanStats },
    Covered { stage: Document, stats: ScanStats },
}

impl DistinctPlan {
    /// `values`: how many distinct values the command returns (one key read for each).
    pub(crate) fn of(
        coll: &Collection,
        (key, values): (&str, u64),
        filter: &Document,
        hint: Option<&Bson>,
    ) -> Result<Option<DistinctPlan>, MongoError> {
        let answered = match filter.is_empty() {
            true => first_field_index(coll, key).map(|i| full_scan(coll, i)),
            false => answered(coll, filter, hint)?,
        };
        let Some(a) = answered else {
            return Ok(None);
        };
        let field = a.index.fields.iter().position(|(p, _)| p == key);
        let multikey = field.is_some_and(|f| {
            a.index
                .multikey_paths()
                .get(f)
                .is_some_and(|p| !p.is_empty())
        });
        Ok(match field {
            Some(0) if !multikey && !a.index.sparse => Some(distinct_scan(&a, values)),
            Some(_) if !a.index.is_multikey() => Some(covered(&a)),
            _ => None,
        })
    }

    /// The winning plan (with counts when `executed`), and the totals of executionStats.
    pub(crate) fn tree(&self, key: &str, executed: bool) -> (Document, ScanStats) {
        let (stage, stats) = match self {
            DistinctPlan::DistinctScan { stage, stats }
            | DistinctPlan::Covered { stage, stats } => (stage, stats),
        };
        let mut projection = doc! { "stage": "PROJECTION_COVERED" };
        if executed {
            add_common_stats(&mut projection, stats);
        }
        projection.insert("transformBy", doc! { "_id": 0, key: 1 });
        projection.insert(
            "inputStage",
            with_scan_stats(stage.clone(), executed.then_some(stats)),
        );
        (projection, *stats)
    }
}

fn first_field_index<'a>(coll: &'a Collection, key: &str) -> Option<&'a Index> {
    coll.indexes
        .iter()
        .find(|i| i.fields.first().is_some_and(|(p, _)| p == key))
}

fn full_scan<'a>(coll: &'a Collection, index: &'a Index) -> Answered<'a> {
    let position = coll
        .indexes
        .iter()
        .position(|i| std::ptr::eq(i, index))
        .unwrap_or(0);
    let bounds = index
        .fields
        .iter()
        .map(|_| vec![crate::engine::mongo::exec::bounds::Interval::full()])
        .collect();
    let stats = ScanStats {
        keys_examined: coll.len() as u64,
        n_returned: coll.len() as u64,
        ..ScanStats::default()
    };
    let plan = Plan::IxScan {
        index: position,
        bounds,
        backward: false,
    };
    Answered { index, plan, stats }
}

/// One key per distinct value is read and returned.
fn distinct_scan(a: &Answered, values: u64) -> DistinctPlan {
    let mut stage = index_stage("DISTINCT_SCAN", a.index);
    stage.insert("direction", "forward");
    stage.insert("indexBounds", ixscan_bounds(a));
    let stats = ScanStats {
        keys_examined: values,
        n_returned: values,
        ..ScanStats::default()
    };
    DistinctPlan::DistinctScan { stage, stats }
}

fn covered(a: &Answered) -> DistinctPlan {
    let mut stage = index_stage("IXSCAN", a.index);
    stage.insert("direction", "forward");
    stage.insert("indexBounds", ixscan_bounds(a));
    let stats = ScanStats {
        docs_examined: 0,
        ..a.stats
    };
    DistinctPlan::Covered { stage, stats }
}

fn ixscan_bounds(a: &Answered) -> Bson {
    let fields = a
        .index
        .fields
        .iter()
        .zip(bounds(&a.plan))
        .map(|((field, _), intervals)| {
            let shown: Vec<Bson> = intervals
                .iter()
                .map(|i| Bson::String(crate::engine::mongo::exec::bounds::format_interval(i)))
                .collect();
            (field.clone(), Bson::Array(shown))
        });
    Bson::Document(fields.collect())
}

/// Explain's counters are 32-bit ints on the server (mongosh prints them as plain numbers).
fn int32(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}
