//! `aggregate`: a leading `$match` (and `$sort`) runs through the planner
//! so it can use an index; the remaining stages run in the pipeline engine.

use std::collections::VecDeque;

use bson::{Bson, Document};

use super::catalog::EngineCatalog;
use super::explain_stages;
use super::find::cursor_reply;
use super::sink;
use super::{count_arg, target};
use crate::engine::mongo::aggregate::run_pipeline;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::cursor::{Cursor, CursorSource, DEFAULT_BATCH};
use crate::engine::mongo::exec::explain::ExplainInput;
use crate::engine::mongo::exec::{eof_record, plan_record, run_query, QuerySpec};
use crate::engine::mongo::expr::{with_context, Vars};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::reply::Reply;
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
    let mut filter = Filter::empty();
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

pub(crate) fn aggregate(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Reply, MongoError> {
    let mut pipeline = pipeline_of(command)?;
    if is_database_level(command) {
        let sink = sink::take(&mut pipeline, db)?;
        let input = documents_input(&mut pipeline)?;
        let output = run_stages(engine, db, input, &pipeline)?;
        return finish(engine, db, "$cmd.aggregate", command, output, sink);
    }
    let coll = target(command, "aggregate")?;
    aggregate_over(engine, db, (&coll, &coll), pipeline, command)
}

/// Runs `pipeline` over the collection `source`; the reply's cursor is
/// named `shown` (a view's name when the pipeline is the view's, resolved).
pub(crate) fn aggregate_over(
    engine: &mut Engine,
    db: &str,
    (source, shown): (&str, &str),
    mut pipeline: Vec<Document>,
    command: &Document,
) -> Result<Reply, MongoError> {
    let sink = sink::take(&mut pipeline, db)?;
    let output = pipeline_output(engine, db, source, pipeline, command.get("hint"))?;
    finish(engine, db, shown, command, output, sink)
}

/// The documents `pipeline` gives over `coll`; a leading `$match` and
/// `$sort` go through the planner.
pub(crate) fn pipeline_output(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    mut pipeline: Vec<Document>,
    hint: Option<&Bson>,
) -> Result<Vec<Document>, MongoError> {
    let (filter, sort) = leading_query(&mut pipeline)?;
    let input = match engine.collection(db, coll) {
        Some(collection) => {
            let result = run_query(
                collection,
                &QuerySpec {
                    filter: Some(&filter),
                    sort: sort.as_ref(),
                    hint,
                    ..QuerySpec::default()
                },
            )
            .map_err(|e| with_context("PlanExecutor error during aggregation", e))?;
            let docs = result
                .rids
                .iter()
                .filter_map(|rid| collection.get(*rid))
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
    run_stages(engine, db, input, &pipeline)
}

/// `{aggregate: 1}`: a pipeline on no collection, fed by `$documents`.
fn is_database_level(command: &Document) -> bool {
    command
        .get("aggregate")
        .and_then(crate::engine::mongo::value::number_as_f64)
        == Some(1.0)
}

/// The documents of the leading stage a pipeline on no collection starts from:
/// `$documents` or `$listLocalSessions`.
fn documents_input(pipeline: &mut Vec<Document>) -> Result<Vec<Document>, MongoError> {
    let first = pipeline.first().and_then(|s| s.iter().next());
    let docs = match first.map(|(k, v)| (k.as_str(), v)) {
        Some(("$documents", arg)) => documents(arg)?,
        Some((super::sessions::STAGE, arg)) => super::sessions::list_local_sessions(arg)?,
        _ => {
            let name = first.map(|(k, _)| k.clone()).unwrap_or_default();
            return Err(MongoError::new(
                73,
                format!("{{aggregate: 1}} is not valid for '{name}'; a collection is required."),
            ));
        }
    };
    pipeline.remove(0);
    Ok(docs)
}

/// `$documents`: an expression evaluated once, which must give an array of objects.
fn documents(arg: &Bson) -> Result<Vec<Document>, MongoError> {
    let value = crate::engine::mongo::expr::evaluate(arg, &Document::new(), &Vars::new())?;
    let docs = match value {
        Some(Bson::Array(items)) => items
            .into_iter()
            .map(|i| match i {
                Bson::Document(d) => Ok(d),
                _ => Err(documents_error()),
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => return Err(documents_error()),
    };
    Ok(docs)
}

fn documents_error() -> MongoError {
    MongoError::new(5858203, "an array is expected")
}

/// The reply: a cursor over the output, or an empty one once `$out`/`$merge` wrote it.
fn finish(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    command: &Document,
    output: Vec<Document>,
    sink: Option<sink::Sink>,
) -> Result<Reply, MongoError> {
    if let Some(sink) = sink {
        let bypass = super::bool_arg(command, "bypassDocumentValidation", false);
        sink.write(engine, output, bypass)?;
        return Ok(cursor_reply(
            "firstBatch",
            Vec::<Document>::new(),
            0,
            &format!("{db}.{coll}"),
        ));
    }
    let coll = coll.to_string();
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
        variables: None,
    };
    let batch = cursor.next_batch(
        None,
        batch_size.map(|b| b as usize).unwrap_or(DEFAULT_BATCH),
    )?;
    let id = engine.open_cursor(cursor);
    Ok(cursor_reply(
        "firstBatch",
        batch,
        id,
        &format!("{db}.{coll}"),
    ))
}

/// Stages after the leading query run in the pipeline engine; the reads its
/// `$lookup` stages make go to the plan log, one entry per stage.
fn run_stages(
    engine: &mut Engine,
    db: &str,
    docs: Vec<Document>,
    pipeline: &[Document],
) -> Result<Vec<Document>, MongoError> {
    if pipeline.is_empty() {
        return Ok(docs);
    }
    let catalog = EngineCatalog::new(engine);
    let output = run_pipeline(docs, pipeline, db, &catalog);
    let reads = catalog.reads.take();
    for stage in reads {
        engine.record_plan(stage.totals);
    }
    output
}

pub(crate) fn explain(
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
        index_sorted: result.index_sorted,
    };
    let mut cmd = command.clone();
    cmd.insert("$db", db);
    let reply = crate::engine::mongo::exec::explain::explain(
        collection,
        &input,
        &result.plan,
        Some(&result.stats),
        verbosity,
        cmd,
    );
    if !explain_stages::has_lookup(&pipeline) {
        return Ok(reply);
    }
    let docs = result
        .rids
        .iter()
        .filter_map(|rid| collection.get(*rid))
        .collect();
    let executed = verbosity != "queryPlanner";
    explain_stages::staged(engine, db, reply, docs, &pipeline, executed)
}
