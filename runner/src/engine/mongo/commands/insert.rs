//! `insert`: ordered or unordered, per-document write errors as the server
//! reports them (`writeErrors: [{index, code, errmsg}]`).

use bson::{doc, Bson, Document};

use super::{bool_arg, target};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::storage::size::{document_size, MAX_BSON_SIZE};
use crate::engine::mongo::Engine;

/// Takes the command by value so a large `documents` array is moved, not copied.
pub(crate) fn insert(
    engine: &mut Engine,
    db: &str,
    mut command: Document,
) -> Result<Document, MongoError> {
    let coll = target(&command, "insert")?;
    let documents = match command.remove("documents") {
        Some(Bson::Array(items)) => items,
        _ => {
            return Err(MongoError::failed_to_parse(
                "BSON field 'insert.documents' is missing but a required field",
            ))
        }
    };
    let ordered = bool_arg(&command, "ordered", true);
    let bypass = bool_arg(&command, "bypassDocumentValidation", false);
    let mut inserted = 0;
    let mut errors = Vec::new();
    for (index, item) in documents.into_iter().enumerate() {
        match insert_one(engine, db, &coll, item, bypass) {
            Ok(()) => inserted += 1,
            Err(e) => {
                errors.push(write_error(index, &e));
                if ordered {
                    break;
                }
            }
        }
    }
    let mut reply = doc! { "n": inserted };
    if !errors.is_empty() {
        reply.insert("writeErrors", errors);
    }
    Ok(reply)
}

/// Duplicate-key and validation errors carry no codeName (mongosh prints
/// none for them); other write errors name their code as the goldens show.
pub(crate) fn write_error(index: usize, e: &MongoError) -> Document {
    let mut error = doc! { "index": index as i32, "code": e.code };
    if e.code != 11000 && e.code != 121 {
        error.insert("codeName", e.code_name.clone());
    }
    error.insert("errmsg", e.message.clone());
    error.extend(e.details.as_deref().cloned().unwrap_or_default());
    error
}

fn insert_one(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    item: Bson,
    bypass: bool,
) -> Result<(), MongoError> {
    let Bson::Document(doc) = item else {
        return Err(MongoError::type_mismatch(
            "BSON field 'insert.documents' is the wrong type, expected type 'object'",
        ));
    };
    let doc = prepare_document(engine, doc)?;
    let collection = engine.collection_or_create(db, coll);
    let warning = match bypass {
        true => None,
        false => collection.validation.check(None, &doc)?,
    };
    collection.insert(doc)?;
    engine.note_warning(db, coll, warning);
    Ok(())
}

/// Puts `_id` first (generating an ObjectId when absent) and checks the limits.
pub(crate) fn prepare_document(
    engine: &mut Engine,
    mut doc: Document,
) -> Result<Document, MongoError> {
    let id = match doc.remove("_id") {
        Some(id) => id,
        None => Bson::ObjectId(engine.next_object_id()),
    };
    check_id(&id)?;
    let mut out = Document::new();
    out.insert("_id", id);
    out.extend(doc);
    check_size(&out, "object to insert too large")?;
    Ok(out)
}

pub(crate) fn check_id(id: &Bson) -> Result<(), MongoError> {
    match id {
        Bson::Array(_) => Err(MongoError::new(
            53,
            "The '_id' value cannot be of type array",
        )),
        Bson::RegularExpression(_) => Err(MongoError::new(
            53,
            "The '_id' value cannot be of type regex",
        )),
        Bson::Undefined => Err(MongoError::new(
            53,
            "The '_id' value cannot be of type undefined",
        )),
        Bson::Document(d) => check_id_fields(d),
        _ => Ok(()),
    }
}

/// Operators are not storable inside `_id` (DBRef's `$ref $id $db` are).
fn check_id_fields(id: &Document) -> Result<(), MongoError> {
    for (key, value) in id {
        if key.starts_with('$') && !matches!(key.as_str(), "$ref" | "$id" | "$db") {
            return Err(MongoError::new(
                52,
                format!("_id fields may not contain '$'-prefixed fields: {key} is not valid for storage."),
            ));
        }
        if let Bson::Document(inner) = value {
            check_id_fields(inner)?;
        }
    }
    Ok(())
}

pub(crate) fn check_size(doc: &Document, what: &str) -> Result<(), MongoError> {
    let size = document_size(doc);
    if size > MAX_BSON_SIZE {
        return Err(MongoError::new(
            10334,
            format!("{what}. size in bytes: {size}, max size: {MAX_BSON_SIZE}"),
        ));
    }
    Ok(())
}
