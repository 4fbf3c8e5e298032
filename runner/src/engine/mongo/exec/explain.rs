//! `explain` output in the classic engine's shape (MongoDB 7.0): the winning
//! plan as a stage tree and, for executionStats, the same tree with counts.

use bson::{doc, Bson, Document};

use super::bounds::{format_interval, format_reversed_interval};
use super::planner::Plan;
use super::scan::ScanStats;
use crate::engine::mongo::query::comparison::is_operator_doc;
use crate::engine::mongo::storage::{Collection, Index};

/// What explain needs to know besides the plan.
#[derive(Debug)]
pub(crate) struct ExplainInput<'a> {
    pub filter: &'a Document,
    pub sort: Option<&'a Document>,
    pub projection: Option<&'a Document>,
    pub skip: usize,
    pub limit: Option<usize>,
    /// The index yields the sort's order: no SORT stage, a LIMIT stage instead.
    pub index_sorted: bool,
}

pub(crate) fn explain(
    coll: &Collection,
    input: &ExplainInput<'_>,
    plan: &Plan,
    stats: Option<&ScanStats>,
    verbosity: &str,
    command: Document,
) -> Document {
    let mut reply = doc! {
        "explainVersion": "1",
        "queryPlanner": query_planner(coll, input, plan, None),
    };
    if let Some(stats) = stats.filter(|_| verbosity != "queryPlanner") {
        reply.insert(
            "executionStats",
            execution_stats(coll, input, plan, stats, verbosity),
        );
    }
    reply.insert("command", command);
    reply.insert("serverInfo", doc! { "host": "localhost", "port": 27017, "version": "7.0.14", "gitVersion": "ce59cfc6a3c5e5c067dca0d30697edd68d4f5188" });
    reply.insert("serverParameters", server_parameters());
    reply.insert("ok", 1.0);
    reply
}

fn query_planner(
    coll: &Collection,
    input: &ExplainInput<'_>,
    plan: &Plan,
    stats: Option<&ScanStats>,
) -> Document {
    doc! {
        "namespace": coll.ns.clone(),
        "indexFilterSet": false,
        "parsedQuery": parsed_query(input.filter),
        "maxIndexedOrSolutionsReached": false,
        "maxIndexedAndSolutionsReached": false,
        "maxScansToExplodeReached": false,
        "winningPlan": stage_tree(coll, input, plan, stats),
        "rejectedPlans": [],
    }
}

fn execution_stats(
    coll: &Collection,
    input: &ExplainInput<'_>,
    plan: &Plan,
    stats: &ScanStats,
    verbosity: &str,
) -> Document {
    let mut out = doc! {
        "executionSuccess": true,
        "nReturned": int32(stats.n_returned),
        "executionTimeMillis": 0,
        "totalKeysExamined": int32(stats.keys_examined),
        "totalDocsExamined": int32(stats.docs_examined),
        "executionStages": stage_tree(coll, input, plan, Some(stats)),
    };
    if verbosity == "allPlansExecution" {
        out.insert("allPlansExecution", Bson::Array(Vec::new()));
    }
    out
}

/// `{nama: "Andi"}` → `{nama: {$eq: "Andi"}}`; several conditions → `$and`.
pub(crate) fn parsed_query(filter: &Document) -> Document {
    let mut clauses: Vec<Document> = Vec::new();
    for (key, value) in filter {
        match value {
            Bson::Document(d) if is_operator_doc(d) => clauses.extend(
                d.iter()
                    .map(|(op, arg)| doc! { key.clone(): { op.clone(): arg.clone() } }),
            ),
            Bson::RegularExpression(_) => {
                clauses.push(doc! { key.clone(): { "$regex": value.clone() } })
            }
            _ if key.starts_with('$') => clauses.push(doc! { key.clone(): value.clone() }),
            _ => clauses.push(doc! { key.clone(): { "$eq": value.clone() } }),
        }
    }
    match clauses.len() {
        0 => Document::new(),
        1 => clauses.pop().unwrap_or_default(),
        _ => doc! { "$and": clauses },
    }
}

fn stage_tree(
    coll: &Collection,
    input: &ExplainInput<'_>,
    plan: &Plan,
    stats: Option<&ScanStats>,
) -> Document {
    let mut stage = access_stage(coll, input, plan, stats);
    let blocking_sort = input.sort.filter(|s| !s.is_empty() && !input.index_sorted);
    if let Some(sort) = blocking_sort {
        let mut sort_stage = doc! { "stage": "SORT", "sortPattern": sort.clone(), "memLimit": 104857600, "type": "simple" };
        if let Some(limit) = input.limit {
            sort_stage.insert("limitAmount", int32(limit + input.skip));
        }
        stage = wrap(sort_stage, stage, stats);
    }
    if input.skip > 0 {
        stage = wrap(
            doc! { "stage": "SKIP", "skipAmount": int32(input.skip) },
            stage,
            stats,
        );
    }
    if let Some(limit) = input.limit.filter(|_| blocking_sort.is_none()) {
        stage = wrap(
            doc! { "stage": "LIMIT", "limitAmount": int32(limit) },
            stage,
            stats,
        );
    }
    if let Some(projection) = input.projection.filter(|p| !p.is_empty()) {
        stage = wrap(
            doc! { "stage": "PROJECTION_SIMPLE", "transformBy": projection.clone() },
            stage,
            stats,
        );
    }
    stage
}

fn wrap(mut outer: Document, inner: Document, stats: Option<&ScanStats>) -> Document {
    if let Some(stats) = stats {
        add_common_stats(&mut outer, stats);
    }
    outer.insert("inputStage", inner);
    outer
}

fn access_stage(
    coll: &Collection,
    input: &ExplainInput<'_>,
    plan: &Plan,
    stats: Option<&ScanStats>,
) -> Document {
    match plan {
        Plan::CollScan => collscan_stage(input, stats, "forward"),
        Plan::CollScanBackward => collscan_stage(input, stats, "backward"),
        Plan::IdHack(_) => {
            let mut stage = doc! { "stage": "IDHACK" };
            if let Some(stats) = stats {
                add_common_stats(&mut stage, stats);
                stage.insert("keysExamined", int32(stats.keys_examined));
                stage.insert("docsExamined", int32(stats.docs_examined));
            }
            stage
        }
        Plan::IxScan {
            index,
            bounds,
            backward,
        } => match coll.indexes.get(*index) {
            Some(ix) => fetch_stage(ix, bounds, *backward, stats),
            None => collscan_stage(input, stats, "forward"),
        },
    }
}

fn collscan_stage(
    input: &ExplainInput<'_>,
    stats: Option<&ScanStats>,
    direction: &str,
) -> Document {
    let mut stage = doc! { "stage": "COLLSCAN" };
    if !input.filter.is_empty() {
        stage.insert("filter", parsed_query(input.filter));
    }
    stage.insert("direction", direction);
    if let Some(stats) = stats {
        add_common_stats(&mut stage, stats);
        stage.insert("docsExamined", int32(stats.docs_examined));
    }
    stage
}

fn fetch_stage(
    index: &Index,
    bounds: &[Vec<super::bounds::Interval>],
    backward: bool,
    stats: Option<&ScanStats>,
) -> Document {
    let mut fetch = doc! { "stage": "FETCH" };
    let mut ixscan = ixscan_stage(index, bounds, backward);
    if let Some(stats) = stats {
        add_common_stats(&mut fetch, stats);
        fetch.insert("docsExamined", int32(stats.docs_examined));
        fetch.insert("alreadyHasObj", 0);
        add_common_stats(&mut ixscan, stats);
        ixscan.insert("nReturned", int32(stats.docs_examined));
        ixscan.insert("keysExamined", int32(stats.keys_examined));
        ixscan.insert("seeks", int32(stats.seeks.max(1)));
        ixscan.insert(
            "dupsTested",
            if index.is_multikey() {
                int32(stats.keys_examined)
            } else {
                0
            },
        );
        ixscan.insert("dupsDropped", int32(stats.dups_dropped));
    }
    fetch.insert("inputStage", ixscan);
    fetch
}

fn ixscan_stage(
    index: &Index,
    bounds: &[Vec<super::bounds::Interval>],
    backward: bool,
) -> Document {
    let mut index_bounds = Document::new();
    for (i, (field, descending)) in index.fields.iter().enumerate() {
        let intervals = bounds
            .get(i)
            .map(|f| walked_intervals(f, *descending != backward))
            .unwrap_or_default();
        index_bounds.insert(field.clone(), Bson::Array(intervals));
    }
    let mut stage = index_stage("IXSCAN", index);
    stage.insert("direction", if backward { "backward" } else { "forward" });
    stage.insert("indexBounds", index_bounds);
    stage
}

/// The index's own fields of an IXSCAN-like stage, under another stage name.
pub(crate) fn index_stage(stage: &str, index: &Index) -> Document {
    let mut paths = Document::new();
    for (i, (field, _)) in index.fields.iter().enumerate() {
        let prefixes = index.multikey_paths().get(i).cloned().unwrap_or_default();
        paths.insert(
            field.clone(),
            prefixes.into_iter().map(Bson::String).collect::<Vec<_>>(),
        );
    }
    doc! {
        "stage": stage,
        "keyPattern": index.key_pattern.clone(),
        "indexName": index.name.clone(),
        "isMultiKey": index.is_multikey(),
        "multiKeyPaths": paths,
        "isUnique": index.unique,
        "isSparse": index.sparse,
        "isPartial": false,
        "indexVersion": 2,
    }
}

/// Bounds in the order the scan meets the keys: a field walked from its high
/// end (a descending field scanned forward, an ascending one backward) lists
/// its intervals last first, each from its upper end (`[MaxKey, MinKey]`,
/// `[inf.0, 5)`), as the server prints them.
fn walked_intervals(field: &[super::bounds::Interval], from_high: bool) -> Vec<Bson> {
    let text = |iv| match from_high {
        true => format_reversed_interval(iv),
        false => format_interval(iv),
    };
    let mut out: Vec<Bson> = field.iter().map(|iv| Bson::String(text(iv))).collect();
    if from_high {
        out.reverse();
    }
    out
}

pub(crate) fn add_common_stats(stage: &mut Document, stats: &ScanStats) {
    let works = stats.keys_examined.max(stats.docs_examined) + 1;
    stage.insert("nReturned", int32(stats.n_returned));
    stage.insert("executionTimeMillisEstimate", 0);
    stage.insert("works", int32(works));
    stage.insert("advanced", int32(stats.n_returned));
    stage.insert(
        "needTime",
        int32(works.saturating_sub(stats.n_returned + 1)),
    );
    stage.insert("needYield", 0);
    stage.insert("saveState", 0);
    stage.insert("restoreState", 0);
    stage.insert("isEOF", 1);
}

fn server_parameters() -> Document {
    doc! {
        "internalQueryFacetBufferSizeBytes": 104857600,
        "internalQueryFacetMaxOutputDocSizeBytes": 104857600,
        "internalLookupStageIntermediateDocumentMaxSizeBytes": 104857600,
        "internalDocumentSourceGroupMaxMemoryBytes": 104857600,
        "internalQueryMaxBlockingSortMemoryUsageBytes": 104857600,
        "internalQueryProhibitBlockingMergeOnMongoS": 0,
        "internalQueryMaxAddToSetBytes": 104857600,
        "internalDocumentSourceSetWindowFieldsMaxMemoryBytes": 104857600,
        "internalQueryFrameworkControl": "trySbeRestricted",
    }
}

/// The server reports explain counters as 32-bit ints (mongosh prints them as plain numbers).
fn int32<T: TryInto<i32>>(n: T) -> i32 {
    n.try_into().unwrap_or(i32::MAX)
}
