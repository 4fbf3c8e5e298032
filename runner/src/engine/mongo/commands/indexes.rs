//! `createIndexes`, `listIndexes`, `dropIndexes`.

use bson::{doc, Bson, Document};

use super::find::cursor_reply;
use super::target;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::reply::Reply;
use crate::engine::mongo::storage::Index;
use crate::engine::mongo::value::number_as_f64;
use crate::engine::mongo::Engine;

pub(crate) fn create_indexes(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let coll = target(command, "createIndexes")?;
    let Some(Bson::Array(specs)) = command.get("indexes") else {
        return Err(MongoError::failed_to_parse(
            "BSON field 'createIndexes.indexes' is missing but a required field",
        ));
    };
    let specs: Vec<Document> = specs
        .iter()
        .filter_map(|s| s.as_document().cloned())
        .collect();
    let created_collection = engine.collection(db, &coll).is_none();
    let collection = engine.collection_or_create(db, &coll);
    let before = collection.indexes.len();
    for spec in &specs {
        let index = parse_spec(spec)?;
        if let Some(existing) = collection
            .indexes
            .iter()
            .find(|i| i.name == index.name || i.has_key_pattern(&index.key_pattern))
        {
            check_same(existing, &index)?;
            continue;
        }
        let uuid = collection.uuid.clone();
        let ns = collection.ns.clone();
        collection
            .add_index(index)
            .map_err(|e| build_failed(e, &ns, &uuid))?;
    }
    let after = collection.indexes.len();
    let mut reply = doc! { "numIndexesBefore": before as i32, "numIndexesAfter": after as i32 };
    if before == after {
        reply.insert("note", "all indexes already exist");
    }
    reply.insert("createdCollectionAutomatically", created_collection);
    Ok(reply)
}

/// Index builds wrap a failure with the build prefix the server prints.
fn build_failed(e: MongoError, ns: &str, uuid: &str) -> MongoError {
    let message = format!(
        "Index build failed: {uuid}: Collection {ns} ( {uuid} ) :: caused by :: {}",
        e.message
    );
    MongoError { message, ..e }
}

fn parse_spec(spec: &Document) -> Result<Index, MongoError> {
    let Some(Bson::Document(key)) = spec.get("key") else {
        return Err(MongoError::failed_to_parse(
            "The 'key' field is a required property of an index specification",
        ));
    };
    if key.is_empty() {
        return Err(MongoError::new(67, "Index keys cannot be empty."));
    }
    for (field, dir) in key {
        let valid = number_as_f64(dir).is_some_and(|n| n != 0.0);
        if !valid {
            return Err(MongoError::new(67, format!("Values in the index key pattern can only be numbers or strings; bad index key pattern: {}: {}", field, crate::engine::mongo::display::value(dir))));
        }
    }
    let name = match spec.get("name") {
        Some(Bson::String(n)) => n.clone(),
        _ => default_name(key),
    };
    let flag = |f: &str| {
        spec.get(f)
            .map(crate::engine::mongo::query::logical::truthy)
            .unwrap_or(false)
    };
    Ok(Index::new(
        &name,
        key.clone(),
        flag("unique"),
        flag("sparse"),
    ))
}

/// `mataKuliahId_1`, `a_1_b_-1`: fields joined with their directions.
pub(crate) fn default_name(key: &Document) -> String {
    key.iter()
        .map(|(field, dir)| {
            format!(
                "{field}_{}",
                crate::engine::mongo::display::value(dir).trim_end_matches(".0")
            )
        })
        .collect::<Vec<_>>()
        .join("_")
}

fn check_same(existing: &Index, wanted: &Index) -> Result<(), MongoError> {
    let same_keys = existing.has_key_pattern(&wanted.key_pattern);
    if same_keys && existing.name != wanted.name {
        return Err(MongoError::new(
            85,
            format!(
                "Index already exists with a different name: {}",
                existing.name
            ),
        ));
    }
    if !same_keys {
        return Err(MongoError::new(86, format!(
            "An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: {}, existing index: {}",
            crate::engine::mongo::display::document(&wanted.spec()),
            crate::engine::mongo::display::document(&existing.spec())
        )));
    }
    if existing.unique != wanted.unique || existing.sparse != wanted.sparse {
        return Err(MongoError::new(85, format!(
            "An equivalent index already exists with the same name but different options. Requested index: {}, existing index: {}",
            crate::engine::mongo::display::document(&wanted.spec()),
            crate::engine::mongo::display::document(&existing.spec())
        )));
    }
    Ok(())
}

pub(crate) fn list_indexes(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Reply, MongoError> {
    let coll = target(command, "listIndexes")?;
    let Some(collection) = engine.collection(db, &coll) else {
        return Err(MongoError::new(
            26,
            format!("ns does not exist: {db}.{coll}"),
        ));
    };
    let specs: Vec<Document> = collection.indexes.iter().map(Index::spec).collect();
    Ok(cursor_reply(
        "firstBatch",
        specs,
        0,
        &format!("{db}.{coll}"),
    ))
}

pub(crate) fn drop_indexes(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Document, MongoError> {
    let name = if command.contains_key("dropIndexes") {
        "dropIndexes"
    } else {
        "deleteIndexes"
    };
    let coll = target(command, name)?;
    let Some(collection) = engine.collection_mut(db, &coll) else {
        return Err(MongoError::new(26, format!("ns not found {db}.{coll}")));
    };
    let before = collection.indexes.len() as i32;
    let names = index_names(collection, command.get("index"))?;
    for name in names {
        if name == "_id_" {
            return Err(MongoError::invalid_options("cannot drop _id index"));
        }
        collection.drop_index(&name);
    }
    Ok(doc! { "nIndexesWas": before })
}

fn index_names(
    collection: &crate::engine::mongo::storage::Collection,
    which: Option<&Bson>,
) -> Result<Vec<String>, MongoError> {
    let not_found = |what: String| MongoError::new(27, what);
    match which {
        Some(Bson::String(s)) if s == "*" => Ok(collection
            .indexes
            .iter()
            .filter(|i| !i.is_id_index())
            .map(|i| i.name.clone())
            .collect()),
        Some(Bson::String(s)) => collection
            .index(s)
            .map(|i| vec![i.name.clone()])
            .ok_or_else(|| not_found(format!("index not found with name [{s}]"))),
        Some(Bson::Array(names)) => names
            .iter()
            .map(|n| {
                index_names(collection, Some(n)).map(|v| v.into_iter().next().unwrap_or_default())
            })
            .collect(),
        Some(Bson::Document(key)) => collection
            .indexes
            .iter()
            .find(|i| i.has_key_pattern(key))
            .map(|i| vec![i.name.clone()])
            .ok_or_else(|| {
                not_found(format!(
                    "can't find index with key: {}",
                    crate::engine::mongo::display::document(key)
                ))
            }),
        _ => Err(MongoError::type_mismatch(
            "BSON field 'dropIndexes.index' is missing",
        )),
    }
}
