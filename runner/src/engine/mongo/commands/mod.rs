//! Command dispatch and the argument readers every command shares.

mod admin;
mod aggregate;
mod catalog;
#[cfg(test)]
mod catalog_tests;
mod explain_scans;
mod explain_stages;
pub(crate) mod find;
mod indexes;
mod insert;
mod modify;
pub(crate) mod options;
mod read;
pub(crate) mod sessions;
mod sink;
mod views;

use bson::{Bson, Document};

use super::error::MongoError;
use super::expr::CommandLet;
use super::reply::Reply;
use super::Engine;

/// The reply without `ok: 1.0`, which [`Reply`] appends in either form.
pub(crate) fn dispatch(
    engine: &mut Engine,
    db: &str,
    command: Document,
) -> Result<Reply, MongoError> {
    // A view's collMod answers for options a collection's would refuse.
    if let Some(reply) = views::coll_mod_on_view(engine, db, &command)? {
        return Ok(reply);
    }
    options::check(&command)?;
    let _variables = CommandLet::enter(document_arg(&command, "let")?)?;
    if let Some(reply) = views::on_view(engine, db, &command)? {
        return Ok(reply);
    }
    match command.keys().next().map(String::as_str) {
        Some("find") => find::find(engine, db, &command),
        Some("getMore") => find::get_more(engine, db, &command),
        Some("aggregate") => aggregate::aggregate(engine, db, &command),
        Some("listIndexes") => indexes::list_indexes(engine, db, &command),
        Some("listCollections") => admin::list_collections(engine, db, &command),
        _ => document_command(engine, db, command).map(Reply::from),
    }
}

/// Commands whose reply is one plain document.
fn document_command(
    engine: &mut Engine,
    db: &str,
    command: Document,
) -> Result<Document, MongoError> {
    let name = command.keys().next().cloned().unwrap_or_default();
    match name.as_str() {
        "insert" => insert::insert(engine, db, command),
        "killCursors" => find::kill_cursors(engine, &command),
        "update" => modify::update(engine, db, &command),
        "delete" => modify::delete(engine, db, &command),
        "findAndModify" | "findandmodify" => modify::find_and_modify(engine, db, &command),
        "count" => read::count(engine, db, &command),
        "distinct" => read::distinct(engine, db, &command),
        "explain" => read::explain(engine, db, &command),
        "createIndexes" => indexes::create_indexes(engine, db, &command),
        "dropIndexes" | "deleteIndexes" => indexes::drop_indexes(engine, db, &command),
        "create" => admin::create(engine, db, &command),
        "collMod" => admin::coll_mod(engine, db, &command),
        "drop" => admin::drop(engine, db, &command),
        "dropDatabase" => admin::drop_database(engine, db),
        "validate" => admin::validate(engine, db, &command),
        "listDatabases" => admin::list_databases(engine, &command),
        "getLog" => engine.log.get_log(db, &command),
        "ping" | "hello" | "isMaster" | "buildInfo" => Ok(Document::new()),
        _ => Err(MongoError::new(59, format!("no such command: '{name}'"))),
    }
}

/// The collection name a command targets (`{find: "mahasiswa"}`).
pub(crate) fn target(command: &Document, name: &str) -> Result<String, MongoError> {
    match command.get(name) {
        Some(Bson::String(s)) if !s.is_empty() => Ok(s.clone()),
        Some(Bson::String(_)) => Err(MongoError::new(73, "Invalid namespace specified ''")),
        _ => Err(MongoError::new(
            73,
            format!(
                "collection name has invalid type {}",
                command
                    .get(name)
                    .map(super::value::type_name)
                    .unwrap_or("missing")
            ),
        )),
    }
}

/// An optional document argument (`filter`, `sort`, `projection`).
pub(crate) fn document_arg<'a>(
    command: &'a Document,
    name: &str,
) -> Result<Option<&'a Document>, MongoError> {
    match command.get(name) {
        None | Some(Bson::Null) => Ok(None),
        Some(Bson::Document(d)) => Ok(Some(d)),
        Some(other) => Err(MongoError::type_mismatch(format!(
            "BSON field '{name}' is the wrong type '{}', expected type 'object'",
            super::value::type_name(other)
        ))),
    }
}

/// An optional non-negative count argument (`skip`, `limit`, `batchSize`).
pub(crate) fn count_arg(command: &Document, name: &str) -> Result<Option<i64>, MongoError> {
    let Some(value) = command.get(name).filter(|v| !matches!(v, Bson::Null)) else {
        return Ok(None);
    };
    let number = super::value::number_as_f64(value).ok_or_else(|| {
        MongoError::type_mismatch(format!(
            "BSON field '{name}' is the wrong type '{}', expected types '[long, int, decimal, double]'",
            super::value::type_name(value)
        ))
    })?;
    if number < 0.0 {
        return Err(MongoError::bad_value(format!(
            "{name} value must be non-negative, but received: {number}"
        )));
    }
    Ok(Some(number as i64))
}

pub(crate) fn bool_arg(command: &Document, name: &str, default: bool) -> bool {
    command
        .get(name)
        .map(super::query::logical::truthy)
        .unwrap_or(default)
}
