//! `create`, `drop`, `dropDatabase`, `listCollections`, `listDatabases`.

use bson::{doc, Bson, Document};

use super::find::cursor_reply;
use super::target;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::reply::Reply;
use crate::engine::mongo::validation::Validation;
use crate::engine::mongo::views::{check_definition, View};
use crate::engine::mongo::Engine;

pub(crate) fn create(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "create")?;
    check_name_free(engine, db, &coll)?;
    if command.contains_key("viewOn") || command.contains_key("pipeline") {
        return create_view(engine, db, coll, command);
    }
    let mut validation = Validation::default();
    validation.apply_options(command, "create")?;
    engine.collection_or_create(db, &coll).validation = validation;
    Ok(Document::new())
}

/// A collection or a view may hold a name, not both.
fn check_name_free(engine: &Engine, db: &str, name: &str) -> Result<(), MongoError> {
    if engine.collection(db, name).is_some() {
        return Err(MongoError::new(
            48,
            format!("Collection {db}.{name} already exists."),
        ));
    }
    if engine.view(db, name).is_some() {
        return Err(MongoError::new(
            48,
            format!("A view already exists. NS: {db}.{name}"),
        ));
    }
    Ok(())
}

/// `create` with `viewOn` and `pipeline`: only the definition is stored.
fn create_view(
    engine: &mut Engine,
    db: &str,
    name: String,
    command: &Document,
) -> Result<Document, MongoError> {
    let Some(view_on) = command.get("viewOn") else {
        return Err(MongoError::invalid_options(
            "'pipeline' requires 'viewOn' to also be specified",
        ));
    };
    for option in [
        "validator",
        "validationLevel",
        "validationAction",
        "idIndex",
    ] {
        if command.contains_key(option) {
            return Err(MongoError::invalid_options(format!(
                "option not supported on a view: {option}"
            )));
        }
    }
    let view = View {
        name,
        view_on: string_field("create", "viewOn", view_on)?,
        pipeline: pipeline_field("create", command.get("pipeline"))?,
    };
    check_definition(engine, db, &view)?;
    engine.store_view(db, &view)?;
    Ok(Document::new())
}

fn string_field(command: &str, field: &str, value: &Bson) -> Result<String, MongoError> {
    match value {
        Bson::String(s) => Ok(s.clone()),
        other => Err(MongoError::type_mismatch(format!(
            "BSON field '{command}.{field}' is the wrong type '{}', expected type 'string'",
            crate::engine::mongo::value::type_name(other)
        ))),
    }
}

/// A view's pipeline: an array of stage documents (absent means none).
fn pipeline_field(command: &str, value: Option<&Bson>) -> Result<Vec<Document>, MongoError> {
    let stages = match value {
        None => return Ok(Vec::new()),
        Some(Bson::Array(stages)) => stages,
        Some(other) => {
            return Err(MongoError::type_mismatch(format!(
                "BSON field '{command}.pipeline' is the wrong type '{}', expected type 'array'",
                crate::engine::mongo::value::type_name(other)
            )))
        }
    };
    stages
        .iter()
        .enumerate()
        .map(|(i, stage)| match stage {
            Bson::Document(d) => Ok(d.clone()),
            other => Err(MongoError::type_mismatch(format!(
                "BSON field '{command}.pipeline.{i}' is the wrong type '{}', expected type 'object'",
                crate::engine::mongo::value::type_name(other)
            ))),
        })
        .collect()
}

/// `collMod`: changes a collection's validation options, or a view's
/// source and pipeline, in place.
pub(crate) fn coll_mod(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let name = target(command, "collMod")?;
    if let Some(view) = engine.view(db, &name) {
        return modify_view(engine, db, view, command);
    }
    let Some(coll) = engine.collection_mut(db, &name) else {
        return Err(MongoError::new(
            26,
            format!("ns does not exist: {db}.{name}"),
        ));
    };
    if let Some(option) = ["viewOn", "pipeline"]
        .into_iter()
        .find(|o| command.contains_key(*o))
    {
        return Err(MongoError::invalid_options(format!(
            "option only supported on a view: {option}"
        )));
    }
    let mut validation = coll.validation.clone();
    validation.apply_options(command, "collMod")?;
    coll.validation = validation;
    Ok(Document::new())
}

fn modify_view(
    engine: &mut Engine,
    db: &str,
    mut view: View,
    command: &Document,
) -> Result<Document, MongoError> {
    for (option, _) in command.iter().skip(1) {
        if !matches!(option.as_str(), "viewOn" | "pipeline") && !super::options::is_generic(option)
        {
            return Err(MongoError::invalid_options(format!(
                "option not supported on a view: {option}"
            )));
        }
    }
    if let Some(view_on) = command.get("viewOn") {
        view.view_on = string_field("collMod", "viewOn", view_on)?;
    }
    if let Some(pipeline) = command.get("pipeline") {
        view.pipeline = pipeline_field("collMod", Some(pipeline))?;
    }
    check_definition(engine, db, &view)?;
    engine.store_view(db, &view)?;
    Ok(Document::new())
}

pub(crate) fn drop(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "drop")?;
    if engine.drop_view(db, &coll) {
        return Ok(doc! { "ns": format!("{db}.{coll}") });
    }
    let removed = engine.databases.get_mut(db).and_then(|d| d.remove(&coll));
    if engine.databases.get(db).is_some_and(|d| d.is_empty()) {
        engine.databases.remove(db);
    }
    let was = removed.map(|c| c.indexes.len() as i32).unwrap_or(0);
    engine
        .cursors
        .retain(|_, c| !(c.db == db && c.coll == coll));
    Ok(doc! { "nIndexesWas": was, "ns": format!("{db}.{coll}") })
}

pub(crate) fn drop_database(engine: &mut Engine, db: &str) -> Result<Document, MongoError> {
    engine.databases.remove(db);
    engine.cursors.retain(|_, c| c.db != db);
    Ok(doc! { "dropped": db })
}

pub(crate) fn list_collections(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Reply, MongoError> {
    let filter = match command.get("filter") {
        Some(Bson::Document(f)) => Filter::parse(f)?,
        _ => Filter::empty(),
    };
    let name_only = command
        .get("nameOnly")
        .map(crate::engine::mongo::query::logical::truthy)
        .unwrap_or(false);
    let mut entries = Vec::new();
    for (name, coll) in engine.databases.get(db).into_iter().flatten() {
        let entry = if name_only {
            doc! { "name": name.clone(), "type": "collection" }
        } else {
            doc! {
                "name": name.clone(),
                "type": "collection",
                "options": coll.validation.options(),
                "info": { "readOnly": false, "uuid": coll.uuid.clone() },
                "idIndex": { "v": 2, "key": { "_id": 1 }, "name": "_id_" },
            }
        };
        if filter.matches(&entry) {
            entries.push(entry);
        }
    }
    for view in engine.views(db) {
        let entry = view_entry(&view, name_only);
        if filter.matches(&entry) {
            entries.push(entry);
        }
    }
    Ok(cursor_reply(
        "firstBatch",
        entries,
        0,
        &format!("{db}.$cmd.listCollections"),
    ))
}

fn view_entry(view: &View, name_only: bool) -> Document {
    match name_only {
        true => doc! { "name": view.name.clone(), "type": "view" },
        false => doc! {
            "name": view.name.clone(),
            "type": "view",
            "options": view.options(),
            "info": { "readOnly": true },
        },
    }
}

/// Sizes come from the documents' BSON sizes (plus index entries), so
/// `show dbs` grows and shrinks with the data.
pub(crate) fn list_databases(
    engine: &mut Engine,
    command: &Document,
) -> Result<Document, MongoError> {
    let name_only = command
        .get("nameOnly")
        .map(crate::engine::mongo::query::logical::truthy)
        .unwrap_or(false);
    let mut sizes: Vec<(String, i64)> = SYSTEM_DATABASES
        .iter()
        .map(|(name, size)| (name.to_string(), *size))
        .collect();
    for (name, colls) in &engine.databases {
        let size = colls
            .values()
            .map(|c| disk_size(c.data_size(), c.indexes.iter().map(|i| i.len()).collect()))
            .sum();
        sizes.push((name.clone(), size));
    }
    sizes.sort();
    let total = sizes.iter().map(|(_, size)| size).sum::<i64>();
    let databases: Vec<Document> = sizes
        .into_iter()
        .map(|(name, size)| match name_only {
            true => doc! { "name": name },
            false => doc! { "name": name, "sizeOnDisk": size, "empty": false },
        })
        .collect();
    let mut reply = doc! { "databases": databases };
    if !name_only {
        reply.insert("totalSize", total);
        reply.insert("totalSizeMb", total / (1024 * 1024));
    }
    Ok(reply)
}

/// The databases a fresh standalone server already has, with the sizes it reports.
const SYSTEM_DATABASES: [(&str, i64); 3] = [("admin", 40960), ("config", 12288), ("local", 40960)];

/// WiredTiger allocates in 4 KiB blocks, one file per collection (three blocks
/// of header at least) and one per index (two at least): a fresh collection with
/// its `_id` index takes 20 KiB, as `show dbs` on a real server shows.
fn disk_size(data: u64, index_entries: Vec<usize>) -> i64 {
    let blocks = |bytes: u64| bytes.div_ceil(BLOCK).max(1);
    let data_file = (blocks(data) + 2) * BLOCK;
    let index_files: u64 = index_entries
        .iter()
        .map(|n| (blocks(*n as u64 * 16) + 1) * BLOCK)
        .sum();
    (data_file + index_files) as i64
}

const BLOCK: u64 = 4096;

/// `validate`: records and index entries are kept in step in memory, so the
/// report is the server's for a healthy collection, with its real counts.
pub(crate) fn validate(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let name = target(command, "validate")?;
    let Some(coll) = engine.collection(db, &name) else {
        return Err(MongoError::new(
            26,
            format!("Collection '{db}.{name}' does not exist to validate."),
        ));
    };
    let (mut keys, mut details) = (Document::new(), Document::new());
    for index in &coll.indexes {
        keys.insert(index.name.clone(), index.len() as i32);
        details.insert(index.name.clone(), doc! { "valid": true });
    }
    Ok(doc! {
        "ns": coll.ns.clone(), "uuid": coll.uuid.clone(),
        "nInvalidDocuments": 0, "nNonCompliantDocuments": 0,
        "nrecords": coll.len() as i32, "nIndexes": coll.indexes.len() as i32,
        "keysPerIndex": keys, "indexDetails": details,
        "valid": true, "repaired": false, "warnings": [], "errors": [],
        "extraIndexEntries": [], "missingIndexEntries": [], "corruptRecords": [],
    })
}
