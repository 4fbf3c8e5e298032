//! `count`, `distinct` and `explain`.

use bson::{doc, Bson, Document};

use super::explain_scans::{CountPlan, DistinctPlan};
use super::find::FindArgs;
use super::{count_arg, document_arg, target};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::explain::{explain as explain_doc, ExplainInput};
use crate::engine::mongo::exec::scan::ScanStats;
use crate::engine::mongo::exec::{eof_record, plan_record, run_query, QuerySpec};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::storage::Collection;
use crate::engine::mongo::value::{compare_values, lookup_path, number_as_f64, values_equal};
use crate::engine::mongo::Engine;

pub(crate) fn count(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "count")?;
    let filter = Filter::parse(document_arg(command, "query")?.unwrap_or(&Document::new()))?;
    let (skip, limit) = count_window(command)?;
    let (skip, limit) = (skip as usize, limit.map(|l| l as usize));
    let Some(collection) = engine.collection(db, &coll) else {
        engine.record_plan(eof_record(&format!("{db}.{coll}")));
        return Ok(doc! { "n": 0 });
    };
    if filter.is_empty() && command.get("hint").is_none() {
        let n = collection
            .len()
            .saturating_sub(skip)
            .min(limit.unwrap_or(usize::MAX));
        return Ok(doc! { "n": n as i32 });
    }
    let spec = QuerySpec {
        filter: Some(&filter),
        skip,
        limit,
        hint: command.get("hint"),
        ..QuerySpec::default()
    };
    let result = run_query(collection, &spec)?;
    let record = plan_record(collection, &result);
    engine.record_plan(record);
    Ok(doc! { "n": result.rids.len() as i32 })
}

/// A count's `skip` and `limit`; a negative limit counts as its size (the legacy
/// "hard limit" form), zero as none.
fn count_window(command: &Document) -> Result<(u64, Option<u64>), MongoError> {
    let skip = count_arg(command, "skip")?.unwrap_or(0) as u64;
    let limit = match command.get("limit") {
        Some(v) if number_as_f64(v).is_some_and(|n| n < 0.0) => {
            number_as_f64(v).map(|n| (-n) as u64)
        }
        _ => count_arg(command, "limit")?.map(|l| l as u64),
    };
    Ok((skip, limit.filter(|l| *l > 0)))
}

pub(crate) fn distinct(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "distinct")?;
    let key = match command.get("key") {
        Some(Bson::String(k)) => k.clone(),
        _ => {
            return Err(MongoError::failed_to_parse(
                "BSON field 'distinct.key' is missing but a required field",
            ))
        }
    };
    let filter = Filter::parse(document_arg(command, "query")?.unwrap_or(&Document::new()))?;
    let Some(collection) = engine.collection(db, &coll) else {
        engine.record_plan(eof_record(&format!("{db}.{coll}")));
        return Ok(doc! { "values": [] });
    };
    let result = run_query(
        collection,
        &QuerySpec {
            filter: Some(&filter),
            hint: command.get("hint"),
            ..QuerySpec::default()
        },
    )?;
    let docs = result.rids.iter().filter_map(|rid| collection.get(*rid));
    let values = distinct_values(docs, &key);
    let record = plan_record(collection, &result);
    engine.record_plan(record);
    Ok(doc! { "values": values })
}

/// The values a distinct on `key` returns, without noting a plan (explain's count).
fn distinct_of(
    collection: &Collection,
    key: &str,
    filter: &Document,
    hint: Option<&Bson>,
) -> Result<Vec<Bson>, MongoError> {
    let filter = Filter::parse(filter)?;
    let spec = QuerySpec {
        filter: Some(&filter),
        hint,
        ..QuerySpec::default()
    };
    let result = run_query(collection, &spec)?;
    let docs = result.rids.iter().filter_map(|rid| collection.get(*rid));
    Ok(distinct_values(docs, key))
}

pub(crate) fn distinct_values(docs: impl Iterator<Item = Document>, key: &str) -> Vec<Bson> {
    let mut values: Vec<Bson> = Vec::new();
    for doc in docs {
        for leaf in lookup_path(&doc, key).into_iter().flatten() {
            match leaf {
                Bson::Array(items) => items.iter().for_each(|i| push_unique(&mut values, i)),
                other => push_unique(&mut values, other),
            }
        }
    }
    values.sort_by(compare_values);
    values
}

fn push_unique(values: &mut Vec<Bson>, v: &Bson) {
    if !values.iter().any(|x| values_equal(x, v)) {
        values.push(v.clone());
    }
}

pub(crate) fn explain(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let Some(Bson::Document(inner)) = command.get("explain") else {
        return Err(MongoError::failed_to_parse(
            "explain command requires a nested object",
        ));
    };
    let verbosity = match command.get("verbosity") {
        Some(Bson::String(v)) => v.clone(),
        _ => "allPlansExecution".to_string(),
    };
    if !matches!(
        verbosity.as_str(),
        "queryPlanner" | "executionStats" | "allPlansExecution"
    ) {
        return Err(MongoError::failed_to_parse("verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}"));
    }
    match inner.keys().next().map(String::as_str) {
        Some("find") => explain_find(engine, db, inner, &verbosity),
        Some("count") => explain_count(engine, db, inner, &verbosity),
        Some("distinct") => explain_distinct(engine, db, inner, &verbosity),
        Some("aggregate") => super::aggregate::explain(engine, db, inner, &verbosity),
        Some(other) => Err(MongoError::new(
            59,
            format!("Explain is not supported for command '{other}' yet"),
        )),
        None => Err(MongoError::failed_to_parse(
            "explain command requires a nested object",
        )),
    }
}

/// The plan of a count: the find's plan under a COUNT stage, a COUNT_SCAN when the
/// index bounds answer the filter, and the record count itself for no filter.
fn explain_count(
    engine: &mut Engine,
    db: &str,
    count: &Document,
    verbosity: &str,
) -> Result<Document, MongoError> {
    let find = count_as_find(count);
    let filtered = find.get_document("filter").is_ok_and(|f| !f.is_empty());
    let fast = !filtered && !count.contains_key("hint");
    let mut reply = explain_find(engine, db, &find, verbosity)?;
    let plan = CountPlan::of(engine, db, count, count_window(count)?)?;
    if let Ok(planner) = reply.get_document_mut("queryPlanner") {
        let winning = planner
            .get_document("winningPlan")
            .cloned()
            .unwrap_or_default();
        planner.insert("winningPlan", plan.stage(winning, fast, None));
    }
    if let Ok(execution) = reply.get_document_mut("executionStats") {
        count_execution(execution, &plan, fast);
    }
    Ok(with_command(reply, count, db))
}

/// executionStats of a count: nothing returned, the COUNT stage's own counts.
fn count_execution(execution: &mut Document, plan: &CountPlan, fast: bool) {
    let total = |name: &str| execution.get(name).and_then(number_as_f64).unwrap_or(0.0) as u64;
    let stats = ScanStats {
        keys_examined: total("totalKeysExamined"),
        docs_examined: total("totalDocsExamined"),
        n_returned: total("nReturned"),
        ..ScanStats::default()
    };
    let stages = execution
        .get_document("executionStages")
        .cloned()
        .unwrap_or_default();
    let counted = plan.stage(stages, fast, Some(&stats));
    if plan.scans_keys_only() {
        execution.insert("totalDocsExamined", 0);
    }
    execution.insert("nReturned", 0);
    execution.insert("executionStages", counted);
}

/// A distinct's plan: DISTINCT_SCAN or a covered scan when an index serves it, else
/// the find's plan for its filter.
fn explain_distinct(
    engine: &mut Engine,
    db: &str,
    distinct: &Document,
    verbosity: &str,
) -> Result<Document, MongoError> {
    let mut reply = explain_find(engine, db, &distinct_as_find(distinct), verbosity)?;
    let coll = target(distinct, "distinct")?;
    let (Some(collection), Ok(key)) = (engine.collection(db, &coll), distinct.get_str("key"))
    else {
        return Ok(with_command(reply, distinct, db));
    };
    let empty = Document::new();
    let filter = document_arg(distinct, "query")?.unwrap_or(&empty);
    let values = distinct_of(collection, key, filter, distinct.get("hint"))?.len() as u64;
    if let Some(plan) = DistinctPlan::of(collection, (key, values), filter, distinct.get("hint"))? {
        distinct_sections(&mut reply, &plan, key);
    }
    Ok(with_command(reply, distinct, db))
}

fn distinct_sections(reply: &mut Document, plan: &DistinctPlan, key: &str) {
    if let Ok(planner) = reply.get_document_mut("queryPlanner") {
        planner.insert("winningPlan", plan.tree(key, false).0);
    }
    if let Ok(execution) = reply.get_document_mut("executionStats") {
        let (tree, stats) = plan.tree(key, true);
        execution.insert("nReturned", stats.n_returned as i32);
        execution.insert("totalKeysExamined", stats.keys_examined as i32);
        execution.insert("totalDocsExamined", 0);
        execution.insert("executionStages", tree);
    }
}

fn with_command(mut reply: Document, command: &Document, db: &str) -> Document {
    let mut shown = command.clone();
    shown.insert("$db", db);
    reply.insert("command", shown);
    reply
}

fn distinct_as_find(distinct: &Document) -> Document {
    let mut find = doc! { "find": distinct.get("distinct").cloned().unwrap_or(Bson::Null) };
    for (from, to) in [("query", "filter"), ("hint", "hint")] {
        if let Some(v) = distinct.get(from) {
            find.insert(to, v.clone());
        }
    }
    find
}

fn count_as_find(count: &Document) -> Document {
    let mut find = doc! { "find": count.get("count").cloned().unwrap_or(Bson::Null) };
    for (from, to) in [("query", "filter"), ("hint", "hint")] {
        if let Some(v) = count.get(from) {
            find.insert(to, v.clone());
        }
    }
    find
}

pub(crate) fn explain_find(
    engine: &mut Engine,
    db: &str,
    find: &Document,
    verbosity: &str,
) -> Result<Document, MongoError> {
    let args = FindArgs::parse(find)?;
    let empty = Collection::new(&format!("{db}.{}", args.coll), String::new());
    let collection = engine.collection(db, &args.coll).unwrap_or(&empty);
    let result = run_query(collection, &args.query_spec())?;
    let input = ExplainInput {
        filter: args.filter.source(),
        sort: args.sort_doc.as_ref(),
        projection: args.projection_doc.as_ref(),
        skip: args.skip,
        limit: args.limit,
        index_sorted: result.index_sorted,
    };
    let mut command = find.clone();
    command.insert("$db", db);
    Ok(explain_doc(
        collection,
        &input,
        &result.plan,
        Some(&result.stats),
        verbosity,
        command,
    ))
}
