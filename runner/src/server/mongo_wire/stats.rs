//! `dbStats` and `collStats`, which shells and Compass ask for: sizes from the documents'
//! BSON sizes, as `listDatabases` computes them, read through the engine's public API.

use bson::{doc, Document};

use super::command::Shared;
use crate::engine::mongo::{Engine, MongoError};

/// The reply, or `None` for any other command.
pub fn answer(
    name: &str,
    shared: &Shared,
    db: &str,
    command: &Document,
) -> Option<Result<Document, MongoError>> {
    match name {
        "dbStats" | "dbstats" => Some(db_stats(&mut shared.engine(), db)),
        "collStats" | "collstats" => Some(coll_stats(&mut shared.engine(), db, command)),
        _ => None,
    }
}

/// Documents, bytes and indexes of one collection.
#[derive(Default)]
struct Sizes {
    count: i64,
    bytes: i64,
    indexes: i64,
}

fn sizes(engine: &mut Engine, db: &str, coll: &str) -> Result<Sizes, MongoError> {
    let documents = engine.collection_documents(db, coll);
    let bytes = documents.iter().map(document_bytes).sum();
    let listed = engine.run_command(db, doc! { "listIndexes": coll })?;
    let indexes = listed
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"))
        .map_or(0, |batch| batch.len() as i64);
    Ok(Sizes {
        count: documents.len() as i64,
        bytes,
        indexes,
    })
}

fn document_bytes(document: &Document) -> i64 {
    bson::to_vec(document).map_or(0, |bytes| bytes.len() as i64)
}

/// The database's names with their `type` (`collection` or `view`).
fn catalogue(engine: &mut Engine, db: &str) -> Result<Vec<(String, String)>, MongoError> {
    let listed = engine.run_command(db, doc! { "listCollections": 1, "nameOnly": true })?;
    let batch = listed
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"));
    Ok(batch
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let d = entry.as_document()?;
            let kind = d.get_str("type").unwrap_or("collection");
            Some((d.get_str("name").ok()?.to_string(), kind.to_string()))
        })
        .collect())
}

/// Views hold no documents of their own: they are counted, not measured.
fn db_stats(engine: &mut Engine, db: &str) -> Result<Document, MongoError> {
    let entries = catalogue(engine, db)?;
    let views = entries.iter().filter(|(_, kind)| kind == "view").count();
    let names: Vec<&String> = entries
        .iter()
        .filter(|(_, kind)| kind != "view")
        .map(|(name, _)| name)
        .collect();
    let mut total = Sizes::default();
    for name in &names {
        let one = sizes(engine, db, name)?;
        total.count += one.count;
        total.bytes += one.bytes;
        total.indexes += one.indexes;
    }
    Ok(doc! {
        "db": db, "collections": names.len() as i64, "views": views as i64,
        "objects": total.count, "avgObjSize": average(&total), "dataSize": total.bytes as f64,
        "storageSize": total.bytes as f64, "indexes": total.indexes, "indexSize": 0.0,
        "totalSize": total.bytes as f64, "scaleFactor": 1i64, "ok": 1.0,
    })
}

fn coll_stats(engine: &mut Engine, db: &str, command: &Document) -> Result<Document, MongoError> {
    let coll = command
        .get_str("collStats")
        .or_else(|_| command.get_str("collstats"));
    let coll = coll.map_err(|_| MongoError::new(73, "collection name has invalid type"))?;
    match catalogue(engine, db)?.iter().find(|(name, _)| name == coll) {
        None => {
            return Err(MongoError::new(
                26,
                format!("Collection [{db}.{coll}] not found."),
            ))
        }
        Some((_, kind)) if kind == "view" => {
            return Err(MongoError::new(
                166,
                format!("Namespace {db}.{coll} is a view, not a collection"),
            ))
        }
        Some(_) => {}
    }
    let one = sizes(engine, db, coll)?;
    Ok(doc! {
        "ns": format!("{db}.{coll}"), "size": one.bytes, "count": one.count,
        "avgObjSize": average(&one), "storageSize": one.bytes, "nindexes": one.indexes,
        "totalIndexSize": 0i64, "indexSizes": {}, "ok": 1.0,
    })
}

fn average(sizes: &Sizes) -> f64 {
    match sizes.count {
        0 => 0.0,
        n => sizes.bytes as f64 / n as f64,
    }
}
