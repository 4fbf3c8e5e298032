//! `count`, `distinct` and `explain`.

use bson::{doc, Bson, Document};

use super::find::FindArgs;
use super::{count_arg, document_arg, target};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::explain::{explain as explain_doc, ExplainInput};
use crate::engine::mongo::exec::{eof_record, plan_record, run_query, QuerySpec};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::storage::Collection;
use crate::engine::mongo::value::{compare_values, lookup_path, values_equal};
use crate::engine::mongo::Engine;

pub(crate) fn count(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "count")?;
    let filter = Filter::parse(document_arg(command, "query")?.unwrap_or(&Document::new()))?;
    let skip = count_arg(command, "skip")?.unwrap_or(0) as usize;
    let limit = count_arg(command, "limit")?
        .filter(|l| *l > 0)
        .map(|l| l as usize);
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
        Some("distinct") => explain_find(engine, db, &distinct_as_find(inner), &verbosity)
            .map(|reply| with_command(reply, inner, db)),
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

/// The plan of a count: the find's plan under a COUNT stage; an index scan
/// that alone answers the filter becomes COUNT_SCAN (no document fetched),
/// and an empty filter reads the record count itself.
fn explain_count(
    engine: &mut Engine,
    db: &str,
    count: &Document,
    verbosity: &str,
) -> Result<Document, MongoError> {
    let find = count_as_find(count);
    let covered = find
        .get_document("filter")
        .map(|f| f.keys().collect::<Vec<_>>())
        .unwrap_or_default();
    let mut reply = explain_find(engine, db, &find, verbosity)?;
    let fast = covered.is_empty() && !count.contains_key("hint");
    for (section, field) in [
        ("queryPlanner", "winningPlan"),
        ("executionStats", "executionStages"),
    ] {
        let Ok(part) = reply.get_document_mut(section) else {
            continue;
        };
        if let Ok(plan) = part.get_document(field) {
            let counted = count_stage(plan.clone(), &covered, fast);
            part.insert(field, counted);
        }
    }
    Ok(with_command(reply, count, db))
}

fn count_stage(plan: Document, filter_fields: &[&String], fast: bool) -> Document {
    if fast {
        return doc! { "stage": "RECORD_STORE_FAST_COUNT" };
    }
    let input = match index_only(&plan, filter_fields) {
        Some(mut ixscan) => {
            ixscan.insert("stage", "COUNT_SCAN");
            ixscan
        }
        None => plan,
    };
    doc! { "stage": "COUNT", "inputStage": input }
}

/// FETCH over a non-multikey IXSCAN whose key holds every filtered field.
fn index_only(plan: &Document, filter_fields: &[&String]) -> Option<Document> {
    if plan.get_str("stage").ok()? != "FETCH" {
        return None;
    }
    let ixscan = plan.get_document("inputStage").ok()?;
    let key = ixscan.get_document("keyPattern").ok()?;
    let covered = filter_fields.iter().all(|f| key.contains_key(f.as_str()));
    let multikey = ixscan.get_bool("isMultiKey").unwrap_or(true);
    (covered && !multikey).then(|| ixscan.clone())
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
