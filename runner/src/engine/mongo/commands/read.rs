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
    if filter.is_empty() {
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
            ..QuerySpec::default()
        },
    )?;
    let values = distinct_values(collection, &result.rids, &key);
    let record = plan_record(collection, &result);
    engine.record_plan(record);
    Ok(doc! { "values": values })
}

fn distinct_values(collection: &Collection, rids: &[u64], key: &str) -> Vec<Bson> {
    let mut values: Vec<Bson> = Vec::new();
    for doc in rids.iter().filter_map(|rid| collection.get(*rid)) {
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
        Some("count") => explain_find(engine, db, &count_as_find(inner), &verbosity),
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

fn count_as_find(count: &Document) -> Document {
    let mut find = doc! { "find": count.get("count").cloned().unwrap_or(Bson::Null) };
    if let Some(q) = count.get("query") {
        find.insert("filter", q.clone());
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
