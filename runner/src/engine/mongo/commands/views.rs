//! Commands that name a view: reads run as the aggregation the view stands
//! for, over its source, as the server rewrites them; writes and index
//! commands fail with CommandNotSupportedOnView.

use bson::{doc, Bson, Document};

use super::aggregate::{aggregate_over, explain as explain_aggregate, pipeline_output};
use super::find::{cursor_reply, FindArgs};
use super::insert::write_error;
use super::read::distinct_values;
use super::{bool_arg, count_arg, document_arg};
use crate::engine::mongo::aggregate::project_stage;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::cursor::{Cursor, CursorSource, DEFAULT_BATCH};
use crate::engine::mongo::reply::Reply;
use crate::engine::mongo::views::{not_a_collection, Resolved};
use crate::engine::mongo::Engine;

/// The reply when the command's target is a view; `None` lets it run as usual.
pub(crate) fn on_view(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Option<Reply>, MongoError> {
    let Some((name, Bson::String(target))) = command.iter().next() else {
        return on_explained_view(engine, db, command);
    };
    if !names_a_view_command(name) {
        return Ok(None);
    }
    let Some(view) = engine.resolve_view(db, target)? else {
        return Ok(None);
    };
    let shown = (view.source.as_str(), target.as_str());
    match name.as_str() {
        "find" => find(engine, db, shown, &view, command).map(Some),
        "aggregate" => {
            let pipeline = with_stages(&view, user_pipeline(command)?);
            aggregate_over(engine, db, shown, pipeline, command).map(Some)
        }
        "count" => count(engine, db, &view, command).map(|d| Some(d.into())),
        "distinct" => distinct(engine, db, &view, command).map(|d| Some(d.into())),
        "insert" | "update" | "delete" => Ok(Some(refused_writes(db, target, command).into())),
        _ => Err(not_a_collection(db, target)),
    }
}

/// `collMod` of a view, before the collection options are checked: on a
/// view every option but `viewOn` and `pipeline` is InvalidOptions.
pub(crate) fn coll_mod_on_view(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Option<Reply>, MongoError> {
    let first = command.iter().next().map(|(k, v)| (k.as_str(), v));
    let Some(("collMod", Bson::String(name))) = first else {
        return Ok(None);
    };
    if engine.view(db, name).is_none() {
        return Ok(None);
    }
    super::admin::coll_mod(engine, db, command).map(|d| Some(d.into()))
}

/// Commands that read through a view or are refused on one.
fn names_a_view_command(name: &str) -> bool {
    matches!(
        name,
        "find"
            | "aggregate"
            | "count"
            | "distinct"
            | "insert"
            | "update"
            | "delete"
            | "findAndModify"
            | "findandmodify"
            | "createIndexes"
            | "dropIndexes"
            | "deleteIndexes"
            | "listIndexes"
            | "validate"
    )
}

fn with_stages(view: &Resolved, stages: Vec<Document>) -> Vec<Document> {
    let mut pipeline = view.pipeline.clone();
    pipeline.extend(stages);
    pipeline
}

fn user_pipeline(command: &Document) -> Result<Vec<Document>, MongoError> {
    match command.get("pipeline") {
        Some(Bson::Array(stages)) => Ok(stages
            .iter()
            .filter_map(|s| s.as_document().cloned())
            .collect()),
        _ => Err(MongoError::failed_to_parse(
            "'pipeline' option must be specified as an array",
        )),
    }
}

/// A find is the view's pipeline then `$match`, `$sort`, `$skip`, `$limit`
/// and `$project`: the projection is applied as the cursor returns documents,
/// but parsed as that `$project` stage, so find-only syntax (a positional
/// path, `$elemMatch`, `$slice` with find's arguments) fails as it does there.
fn find(
    engine: &mut Engine,
    db: &str,
    (source, shown): (&str, &str),
    view: &Resolved,
    command: &Document,
) -> Result<Reply, MongoError> {
    let projection = match document_arg(command, "projection")? {
        Some(p) if !p.is_empty() => Some(project_stage(&Bson::Document(p.clone()))?),
        _ => None,
    };
    let args = FindArgs::parse(&without_projection(command))?;
    check_aggregable(command, &args)?;
    let pipeline = with_stages(view, find_stages(command, &args)?);
    let output = pipeline_output(engine, db, source, pipeline, None)?;
    let mut cursor = Cursor {
        db: db.to_string(),
        coll: shown.to_string(),
        source: CursorSource::Documents(output.into()),
        projection,
        variables: document_arg(command, "let")?.cloned(),
    };
    let batch = cursor.next_batch(None, args.batch_size.unwrap_or(DEFAULT_BATCH))?;
    let id = match args.single_batch {
        true => 0,
        false => engine.open_cursor(cursor),
    };
    Ok(cursor_reply(
        "firstBatch",
        batch,
        id,
        &format!("{db}.{shown}"),
    ))
}

/// The find's own arguments: the projection is the `$project` stage's alone.
fn without_projection(command: &Document) -> Document {
    let mut command = command.clone();
    command.remove("projection");
    command
}

/// A find on a view runs as an aggregation: options it has no equivalent
/// for fail as the server's conversion fails them.
fn check_aggregable(command: &Document, args: &FindArgs) -> Result<(), MongoError> {
    let unsupported = |what: String| MongoError::new(168, what);
    for option in ["noCursorTimeout", "allowPartialResults", "readOnce"] {
        if bool_arg(command, option, false) {
            return Err(unsupported(format!(
                "Option {option} not supported in aggregation."
            )));
        }
    }
    if args
        .sort_doc
        .as_ref()
        .is_some_and(|s| s.contains_key("$natural"))
    {
        return Err(unsupported(
            "Sort option $natural not supported in aggregation.".into(),
        ));
    }
    // A one-document single batch (a findOne) is the one exception.
    if args.single_batch && args.limit != Some(1) {
        return Err(unsupported(
            "Option singleBatch not supported in aggregation.".into(),
        ));
    }
    Ok(())
}

fn find_stages(command: &Document, args: &FindArgs) -> Result<Vec<Document>, MongoError> {
    let mut stages = Vec::new();
    if let Some(filter) = document_arg(command, "filter")?.filter(|f| !f.is_empty()) {
        stages.push(doc! { "$match": filter.clone() });
    }
    if let Some(sort) = args.sort_doc.as_ref().filter(|s| !s.is_empty()) {
        stages.push(doc! { "$sort": sort.clone() });
    }
    if args.skip > 0 {
        stages.push(doc! { "$skip": args.skip as i64 });
    }
    if let Some(limit) = args.limit {
        stages.push(doc! { "$limit": limit as i64 });
    }
    Ok(stages)
}

/// `count` and `distinct` filter the view's output with their `query`.
fn query_stages(command: &Document) -> Result<Vec<Document>, MongoError> {
    let mut stages = Vec::new();
    if let Some(query) = document_arg(command, "query")?.filter(|q| !q.is_empty()) {
        stages.push(doc! { "$match": query.clone() });
    }
    if let Some(skip) = count_arg(command, "skip")?.filter(|s| *s > 0) {
        stages.push(doc! { "$skip": skip });
    }
    if let Some(limit) = count_arg(command, "limit")?.filter(|l| *l > 0) {
        stages.push(doc! { "$limit": limit });
    }
    Ok(stages)
}

fn count(
    engine: &mut Engine,
    db: &str,
    view: &Resolved,
    command: &Document,
) -> Result<Document, MongoError> {
    let pipeline = with_stages(view, query_stages(command)?);
    let output = pipeline_output(engine, db, &view.source, pipeline, None)?;
    Ok(doc! { "n": output.len() as i32 })
}

fn distinct(
    engine: &mut Engine,
    db: &str,
    view: &Resolved,
    command: &Document,
) -> Result<Document, MongoError> {
    let Ok(key) = command.get_str("key") else {
        return Err(MongoError::failed_to_parse(
            "BSON field 'distinct.key' is missing but a required field",
        ));
    };
    let pipeline = with_stages(view, query_stages(command)?);
    let output = pipeline_output(engine, db, &view.source, pipeline, None)?;
    Ok(doc! { "values": distinct_values(output.into_iter(), key) })
}

/// Every statement fails on a view: an ordered batch stops at the first.
fn refused_writes(db: &str, view: &str, command: &Document) -> Document {
    let list = match command.keys().next().map(String::as_str) {
        Some("insert") => "documents",
        Some("update") => "updates",
        _ => "deletes",
    };
    let statements = command.get_array(list).map(Vec::len).unwrap_or(0);
    let tried = match bool_arg(command, "ordered", true) {
        true => statements.min(1),
        false => statements,
    };
    let error = not_a_collection(db, view);
    let errors: Vec<Document> = (0..tried).map(|i| write_error(i, &error)).collect();
    let mut reply = doc! { "n": 0 };
    if list == "updates" {
        reply.insert("nModified", 0);
    }
    reply.insert("writeErrors", errors);
    reply
}

/// `explain` of a read on a view explains the aggregation it runs.
fn on_explained_view(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Option<Reply>, MongoError> {
    let Some(("explain", Bson::Document(inner))) =
        command.iter().next().map(|(k, v)| (k.as_str(), v))
    else {
        return Ok(None);
    };
    let Some((name, Bson::String(target))) = inner.iter().next() else {
        return Ok(None);
    };
    let Some(view) = engine.resolve_view(db, target)? else {
        return Ok(None);
    };
    let stages = match name.as_str() {
        "find" => find_stages(inner, &FindArgs::parse(inner)?)?,
        "aggregate" => user_pipeline(inner)?,
        "count" | "distinct" => query_stages(inner)?,
        _ => return Err(not_a_collection(db, target)),
    };
    let aggregate =
        doc! { "aggregate": view.source.clone(), "pipeline": with_stages(&view, stages) };
    let verbosity = command.get_str("verbosity").unwrap_or("allPlansExecution");
    explain_aggregate(engine, db, &aggregate, verbosity).map(|d| Some(d.into()))
}
