//! `aggregate`: a leading `$match` (and `$sort`) runs through the planner
//! so it can use an index; the remaining stages run in the pipeline engine.

use std::collections::VecDeque;

use bson::{doc, Bson, Document};

use super::find::cursor_reply;
use super::{count_arg, target};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::cursor::{Cursor, CursorSource, DEFAULT_BATCH};
use crate::engine::mongo::exec::explain::ExplainInput;
use crate::engine::mongo::exec::{eof_record, plan_record, run_query, QuerySpec};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::sort::SortSpec;
use crate::engine::mongo::storage::Collection;
use crate::engine::mongo::Engine;

fn pipeline_of(command: &Document) -> Result<Vec<Document>, MongoError> {
    match command.get("pipeline") {
        Some(Bson::Array(stages)) => stages
            .iter()
            .map(|s| {
                s.as_document().cloned().ok_or_else(|| {
                    MongoError::type_mismatch(
                        "Each element of the 'pipeline' array must be an object",
                    )
                })
            })
            .collect(),
        _ => Err(MongoError::failed_to_parse(
            "'pipeline' option must be specified as an array",
        )),
    }
}

/// The leading `$match` filter and `$sort`, consumed from the pipeline.
fn leading_query(pipeline: &mut Vec<Document>) -> Result<(Filter, Option<SortSpec>), MongoError> {
    let mut filter = Filter::parse(&Document::new())?;
    if let Some(Ok(m)) = pipeline
        .first()
        .and_then(|s| s.get_document("$match").ok())
        .map(Filter::parse)
    {
        filter = m;
        pipeline.remove(0);
    }
    let mut sort = None;
    if let Some(Ok(s)) = pipeline
        .first()
        .and_then(|s| s.get_document("$sort").ok())
        .map(SortSpec::parse)
    {
        sort = Some(s);
        pipeline.remove(0);
    }
    Ok((filter, sort))
}

pub fn aggregate(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "aggregate")?;
    let mut pipeline = pipeline_of(command)?;
    let (filter, sort) = leading_query(&mut pipeline)?;
    let input = match engine.collection(db, &coll) {
        Some(collection) => {
            let result = run_query(
                collection,
                &QuerySpec {
                    filter: Some(&filter),
                    sort: sort.as_ref(),
                    ..QuerySpec::default()
                },
            )?;
            let docs = result
                .rids
                .iter()
                .filter_map(|rid| collection.get(*rid).cloned())
                .collect();
            let record = plan_record(collection, &result);
            engine.record_plan(record);
            docs
        }
        None => {
            engine.record_plan(eof_record(&format!("{db}.{coll}")));
            Vec::new()
        }
    };
    let output = run_stages(engine, input, &pipeline)?;
    let batch_size = command
        .get_document("cursor")
        .ok()
        .map(|c| count_arg(c, "batchSize"))
        .transpose()?
        .flatten();
    let mut cursor = Cursor {
        db: db.to_string(),
        coll: coll.clone(),
        source: CursorSource::Documents(VecDeque::from(output)),
        projection: None,
    };
    let batch = cursor.next_batch(
        None,
        batch_size.map(|b| b as usize).unwrap_or(DEFAULT_BATCH),
    );
    let id = engine.open_cursor(cursor);
    Ok(cursor_reply(
        "firstBatch",
        batch,
        id,
        &format!("{db}.{coll}"),
    ))
}

/// Stages after the leading query. Until the pipeline engine is wired in,
/// the stages a find could express are handled here.
fn run_stages(
    _engine: &Engine,
    mut docs: Vec<Document>,
    pipeline: &[Document],
) -> Result<Vec<Document>, MongoError> {
    for stage in pipeline {
        docs = run_stage(docs, stage)?;
    }
    Ok(docs)
}

fn run_stage(docs: Vec<Document>, stage: &Document) -> Result<Vec<Document>, MongoError> {
    let Some((name, arg)) = stage.iter().next() else {
        return Err(MongoError::location(
            40323,
            "A pipeline stage specification object must contain exactly one field.",
        ));
    };
    match (name.as_str(), arg) {
        ("$match", Bson::Document(f)) => {
            let filter = Filter::parse(f)?;
            Ok(docs.into_iter().filter(|d| filter.matches(d)).collect())
        }
        ("$sort", Bson::Document(s)) => {
            let spec = SortSpec::parse(s)?;
            let mut docs = docs;
            docs.sort_by(|a, b| spec.compare(a, b));
            Ok(docs)
        }
        ("$skip", n) => Ok(docs
            .into_iter()
            .skip(crate::engine::mongo::value::number_as_f64(n).unwrap_or(0.0) as usize)
            .collect()),
        ("$limit", n) => Ok(docs
            .into_iter()
            .take(crate::engine::mongo::value::number_as_f64(n).unwrap_or(0.0) as usize)
            .collect()),
        ("$count", Bson::String(field)) => Ok(if docs.is_empty() {
            Vec::new()
        } else {
            vec![doc! { field.clone(): docs.len() as i32 }]
        }),
        ("$project", Bson::Document(p)) => {
            let projection = crate::engine::mongo::projection::FindProjection::parse(p)?;
            Ok(docs.iter().map(|d| projection.apply(d)).collect())
        }
        _ => Err(MongoError::location(
            40324,
            format!("Unrecognized pipeline stage name: '{name}'"),
        )),
    }
}

pub fn explain(
    engine: &mut Engine,
    db: &str,
    command: &Document,
    verbosity: &str,
) -> Result<Document, MongoError> {
    let coll = target(command, "aggregate")?;
    let mut pipeline = pipeline_of(command)?;
    let (filter, sort) = leading_query(&mut pipeline)?;
    let empty = Collection::new(&format!("{db}.{coll}"), String::new());
    let collection = engine.collection(db, &coll).unwrap_or(&empty);
    let result = run_query(
        collection,
        &QuerySpec {
            filter: Some(&filter),
            sort: sort.as_ref(),
            ..QuerySpec::default()
        },
    )?;
    let sort_doc = command.get_array("pipeline").ok().and_then(|p| {
        p.iter()
            .filter_map(Bson::as_document)
            .find_map(|s| s.get_document("$sort").ok().cloned())
    });
    let input = ExplainInput {
        filter: filter.source(),
        sort: sort_doc.as_ref().filter(|_| sort.is_some()),
        projection: None,
        skip: 0,
        limit: None,
    };
    let mut cmd = command.clone();
    cmd.insert("$db", db);
    Ok(crate::engine::mongo::exec::explain::explain(
        collection,
        &input,
        &result.plan,
        Some(&result.stats),
        verbosity,
        cmd,
    ))
}
