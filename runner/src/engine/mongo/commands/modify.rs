//! `update`, `delete` and `findAndModify`.

use bson::{doc, Bson, Document};

use super::insert::{check_size, prepare_document, write_error};
use super::{bool_arg, document_arg, target};
use crate::engine::mongo::aggregate::Projection;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::{plan_record, run_query, QuerySpec};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::sort::SortSpec;
use crate::engine::mongo::storage::RecordId;
use crate::engine::mongo::update::positional::ArrayFilter;
use crate::engine::mongo::update::upsert::seed_document;
use crate::engine::mongo::update::{Update, UpdateContext};
use crate::engine::mongo::Engine;

/// One parsed update statement.
struct Statement {
    query: Document,
    filter: Filter,
    update: Update,
    upsert: bool,
    multi: bool,
    array_filters: Vec<ArrayFilter>,
    sort: Option<SortSpec>,
    hint: Option<Bson>,
    /// `bypassDocumentValidation` of the command.
    bypass: bool,
}

/// What applying one statement did.
#[derive(Default)]
struct Outcome {
    matched: i64,
    modified: i64,
    upserted: Option<Bson>,
    before: Option<Document>,
    after: Option<Document>,
}

pub(crate) fn update(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "update")?;
    let Some(Bson::Array(updates)) = command.get("updates") else {
        return Err(MongoError::failed_to_parse(
            "BSON field 'update.updates' is missing but a required field",
        ));
    };
    check_statements("update", updates)?;
    let ordered = bool_arg(command, "ordered", true);
    let bypass = bool_arg(command, "bypassDocumentValidation", false);
    let (mut n, mut modified, mut upserted, mut errors) = (0i64, 0i64, Vec::new(), Vec::new());
    for (index, spec) in updates.iter().enumerate() {
        let parsed = parse_statement(spec).map(|s| Statement { bypass, ..s });
        match parsed.and_then(|s| run_statement(engine, db, &coll, &s)) {
            Ok(outcome) => {
                n += outcome.matched;
                modified += outcome.modified;
                if let Some(id) = outcome.upserted {
                    n += 1;
                    upserted.push(doc! { "index": index as i32, "_id": id });
                }
            }
            Err(e) => {
                errors.push(write_error(index, &e));
                if ordered {
                    break;
                }
            }
        }
    }
    let mut reply = doc! { "n": n as i32, "nModified": modified as i32 };
    if !upserted.is_empty() {
        reply.insert("upserted", upserted);
    }
    if !errors.is_empty() {
        reply.insert("writeErrors", errors);
    }
    Ok(reply)
}

/// Unknown or refused statement fields fail the whole command, as the
/// server's command parser does.
fn check_statements(command: &str, statements: &[Bson]) -> Result<(), MongoError> {
    statements
        .iter()
        .filter_map(Bson::as_document)
        .try_for_each(|spec| super::options::check_statement(command, spec))
}

fn parse_statement(spec: &Bson) -> Result<Statement, MongoError> {
    let Bson::Document(spec) = spec else {
        return Err(MongoError::type_mismatch(
            "BSON field 'update.updates' is the wrong type, expected type 'object'",
        ));
    };
    let query = document_arg(spec, "q")?.cloned().unwrap_or_default();
    let update = match spec.get("u") {
        Some(Bson::Document(u)) => Update::parse(u)?,
        Some(Bson::Array(stages)) => Update::parse_pipeline(stages)?,
        _ => {
            return Err(MongoError::failed_to_parse(
                "BSON field 'update.updates.u' is missing but a required field",
            ))
        }
    };
    let multi = bool_arg(spec, "multi", false);
    if multi && update.is_replacement() {
        return Err(MongoError::failed_to_parse(
            "multi update is not supported for replacement-style update",
        ));
    }
    Ok(Statement {
        filter: Filter::parse(&query)?,
        query,
        update,
        upsert: bool_arg(spec, "upsert", false),
        multi,
        array_filters: parse_array_filters(spec)?,
        sort: statement_sort(spec, multi)?,
        hint: hint_arg(spec),
        bypass: false,
    })
}

/// `sort` picks which document a single update changes (server 8.0).
fn statement_sort(spec: &Document, multi: bool) -> Result<Option<SortSpec>, MongoError> {
    let Some(sort) = document_arg(spec, "sort")? else {
        return Ok(None);
    };
    if multi {
        return Err(MongoError::new(72, "Cannot specify sort with multi=true"));
    }
    SortSpec::parse(sort).map(Some)
}

/// An empty hint (`{}` or `""`) means none, as for the server.
fn hint_arg(spec: &Document) -> Option<Bson> {
    spec.get("hint")
        .filter(|h| !matches!(h, Bson::String(s) if s.is_empty()))
        .cloned()
}

fn parse_array_filters(spec: &Document) -> Result<Vec<ArrayFilter>, MongoError> {
    match spec.get("arrayFilters") {
        Some(Bson::Array(items)) => items
            .iter()
            .map(|f| match f {
                Bson::Document(d) => ArrayFilter::parse(d),
                _ => Err(MongoError::type_mismatch(
                    "arrayFilters entries must be objects",
                )),
            })
            .collect(),
        _ => Ok(Vec::new()),
    }
}

fn matching_records(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    statement: &Statement,
) -> Result<Vec<RecordId>, MongoError> {
    let Some(collection) = engine.collection(db, coll) else {
        engine.record_plan(crate::engine::mongo::exec::eof_record(&format!(
            "{db}.{coll}"
        )));
        return Ok(Vec::new());
    };
    let spec = QuerySpec {
        filter: Some(&statement.filter),
        sort: statement.sort.as_ref(),
        limit: (!statement.multi).then_some(1),
        hint: statement.hint.as_ref(),
        ..QuerySpec::default()
    };
    let result = run_query(collection, &spec)?;
    let record = plan_record(collection, &result);
    engine.record_plan(record);
    Ok(result.rids)
}

fn run_statement(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    statement: &Statement,
) -> Result<Outcome, MongoError> {
    let rids = matching_records(engine, db, coll, statement)?;
    if rids.is_empty() && statement.upsert {
        return upsert(engine, db, coll, statement);
    }
    let mut outcome = Outcome::default();
    let ctx = UpdateContext {
        query: Some(&statement.query),
        array_filters: &statement.array_filters,
        inserting: false,
    };
    for rid in rids {
        let Some(collection) = engine.collection_mut(db, coll) else {
            break;
        };
        let Some(before) = collection.get(rid) else {
            continue;
        };
        let after = statement.update.apply(&before, &ctx)?;
        outcome.matched += 1;
        if after != before {
            check_size(
                &after,
                "Resulting document after update is larger than 16777216",
            )
            .map_err(|_| {
                MongoError::new(
                    17419,
                    "Resulting document after update is larger than 16777216",
                )
            })?;
            let warning = match statement.bypass {
                true => None,
                false => collection.validation.check(Some(&before), &after)?,
            };
            collection.replace(rid, after.clone())?;
            engine.note_warning(db, coll, warning);
            outcome.modified += 1;
        }
        outcome.before = Some(before);
        outcome.after = Some(after);
    }
    Ok(outcome)
}

fn upsert(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    statement: &Statement,
) -> Result<Outcome, MongoError> {
    let seed = seed_document(&statement.query, statement.update.is_replacement())?;
    let ctx = UpdateContext {
        query: Some(&statement.query),
        array_filters: &statement.array_filters,
        inserting: true,
    };
    let mut created = match &statement.update {
        Update::Replacement(r) => {
            let mut d = Document::new();
            if let Some(id) = seed.get("_id") {
                d.insert("_id", id.clone());
            }
            d.extend(r.clone());
            d
        }
        update => update.apply(&seed, &ctx)?,
    };
    created = prepare_document(engine, created)?;
    let id = created.get("_id").cloned().unwrap_or(Bson::Null);
    let collection = engine.collection_or_create(db, coll);
    let warning = match statement.bypass {
        true => None,
        false => collection.validation.check(None, &created)?,
    };
    collection.insert(created.clone())?;
    engine.note_warning(db, coll, warning);
    Ok(Outcome {
        upserted: Some(id),
        after: Some(created),
        ..Outcome::default()
    })
}

pub(crate) fn delete(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "delete")?;
    let Some(Bson::Array(deletes)) = command.get("deletes") else {
        return Err(MongoError::failed_to_parse(
            "BSON field 'delete.deletes' is missing but a required field",
        ));
    };
    check_statements("delete", deletes)?;
    let ordered = bool_arg(command, "ordered", true);
    let (mut n, mut errors) = (0i64, Vec::new());
    for (index, spec) in deletes.iter().enumerate() {
        match delete_one_spec(engine, db, &coll, spec) {
            Ok(count) => n += count,
            Err(e) => {
                errors.push(write_error(index, &e));
                if ordered {
                    break;
                }
            }
        }
    }
    let mut reply = doc! { "n": n as i32 };
    if !errors.is_empty() {
        reply.insert("writeErrors", errors);
    }
    Ok(reply)
}

fn delete_one_spec(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    spec: &Bson,
) -> Result<i64, MongoError> {
    let Bson::Document(spec) = spec else {
        return Err(MongoError::type_mismatch(
            "BSON field 'delete.deletes' is the wrong type, expected type 'object'",
        ));
    };
    let query = document_arg(spec, "q")?.cloned().unwrap_or_default();
    let single = spec
        .get("limit")
        .and_then(crate::engine::mongo::value::number_as_f64)
        .is_some_and(|l| l == 1.0);
    let statement = Statement {
        filter: Filter::parse(&query)?,
        query,
        update: Update::Replacement(Document::new()),
        upsert: false,
        multi: !single,
        array_filters: Vec::new(),
        sort: None,
        hint: hint_arg(spec),
        bypass: true,
    };
    let rids = matching_records(engine, db, coll, &statement)?;
    let Some(collection) = engine.collection_mut(db, coll) else {
        return Ok(0);
    };
    Ok(rids
        .into_iter()
        .filter(|rid| collection.remove(*rid).is_some())
        .count() as i64)
}

pub(crate) fn find_and_modify(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let name = if command.contains_key("findAndModify") {
        "findAndModify"
    } else {
        "findandmodify"
    };
    let coll = target(command, name)?;
    let query = document_arg(command, "query")?.cloned().unwrap_or_default();
    let sort = document_arg(command, "sort")?
        .map(SortSpec::parse)
        .transpose()?;
    let fields = document_arg(command, "fields")?
        .filter(|f| !f.is_empty())
        .map(|f| Projection::parse_find(f, &query))
        .transpose()?;
    let remove = bool_arg(command, "remove", false);
    let return_new = bool_arg(command, "new", false);
    let update = match command.get("update") {
        Some(Bson::Document(u)) if !remove => Some(Update::parse(u)?),
        Some(Bson::Array(stages)) if !remove => Some(Update::parse_pipeline(stages)?),
        None if remove => None,
        Some(_) if remove => {
            return Err(MongoError::failed_to_parse(
                "Cannot specify both an update and remove=true",
            ))
        }
        _ => {
            return Err(MongoError::failed_to_parse(
                "Either an update or remove=true must be specified",
            ))
        }
    };
    let statement = Statement {
        filter: Filter::parse(&query)?,
        query,
        update: update.unwrap_or(Update::Replacement(Document::new())),
        upsert: bool_arg(command, "upsert", false),
        multi: false,
        array_filters: parse_array_filters(command)?,
        sort,
        hint: hint_arg(command),
        bypass: bool_arg(command, "bypassDocumentValidation", false),
    };
    let project = |d: Option<Document>| -> Result<Bson, MongoError> {
        Ok(match (d, &fields) {
            (Some(d), Some(f)) => Bson::Document(f.apply(&d)?),
            (Some(d), None) => Bson::Document(d),
            (None, _) => Bson::Null,
        })
    };
    if remove {
        let removed = remove_first(engine, db, &coll, &statement)?;
        let n = i32::from(removed.is_some());
        return Ok(doc! { "lastErrorObject": { "n": n }, "value": project(removed)? });
    }
    let outcome = run_statement(engine, db, &coll, &statement)?;
    let n = i32::from(outcome.matched > 0 || outcome.upserted.is_some());
    let mut last = doc! { "n": n, "updatedExisting": outcome.matched > 0 };
    if let Some(id) = &outcome.upserted {
        last.insert("upserted", id.clone());
    }
    let value = if return_new {
        outcome.after
    } else {
        outcome.before
    };
    Ok(doc! { "lastErrorObject": last, "value": project(value)? })
}

fn remove_first(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    statement: &Statement,
) -> Result<Option<Document>, MongoError> {
    let rids = matching_records(engine, db, coll, statement)?;
    let Some(collection) = engine.collection_mut(db, coll) else {
        return Ok(None);
    };
    Ok(rids.first().and_then(|rid| collection.remove(*rid)))
}
