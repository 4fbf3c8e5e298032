//! Every field a command may carry: those the engine honours, those every
//! driver sends (accepted), those MongoDB has and the engine refuses
//! (NotImplemented, code 238), and the rest, unknown to the server too
//! (code 40415). Nothing is silently ignored.

use bson::{Bson, Document};

use crate::engine::mongo::error::MongoError;
use crate::pesan::mesin;

/// Sent by drivers and mongosh with every command; none changes a result here.
const GENERIC: &[&str] = &[
    "$db",
    "lsid",
    "$clusterTime",
    "$readPreference",
    "readConcern",
    "writeConcern",
    "maxTimeMS",
    "comment",
    "apiVersion",
    "apiStrict",
    "apiDeprecationErrors",
    "txnNumber",
    "autocommit",
    "startTransaction",
    "$audit",
    "mayBypassWriteBlocking",
];

/// True for the fields drivers send with every command.
pub(crate) fn is_generic(field: &str) -> bool {
    GENERIC.contains(&field)
}

/// One command's fields: honoured, and known to MongoDB but refused.
struct Fields {
    honoured: &'static [&'static str],
    refused: &'static [&'static str],
}

fn fields_of(command: &str) -> Option<Fields> {
    let (honoured, refused): (&[&str], &[&str]) = match command {
        "find" => (
            &[
                "filter",
                "projection",
                "sort",
                "hint",
                "skip",
                "limit",
                "batchSize",
                "singleBatch",
                "let",
                "collation",
                "allowDiskUse",
                "noCursorTimeout",
                "allowPartialResults",
                "oplogReplay",
                "readOnce",
            ],
            &[
                "min",
                "max",
                "returnKey",
                "showRecordId",
                "tailable",
                "awaitData",
                "term",
            ],
        ),
        "aggregate" => (
            &[
                "pipeline",
                "cursor",
                "allowDiskUse",
                "hint",
                "let",
                "collation",
                "bypassDocumentValidation",
                "explain",
            ],
            &["exchange", "isMapReduceCommand"],
        ),
        "insert" => (&["documents", "ordered", "bypassDocumentValidation"], &[]),
        "update" => (
            &["updates", "ordered", "bypassDocumentValidation", "let"],
            &[],
        ),
        "delete" => (&["deletes", "ordered", "let"], &[]),
        "findAndModify" | "findandmodify" => (
            &[
                "query",
                "sort",
                "remove",
                "update",
                "new",
                "fields",
                "upsert",
                "arrayFilters",
                "hint",
                "collation",
                "let",
                "bypassDocumentValidation",
            ],
            &[],
        ),
        "count" => (
            &["query", "limit", "skip", "hint", "collation", "fields"],
            &[],
        ),
        "distinct" => (&["key", "query", "collation", "hint"], &[]),
        "create" => (
            &[
                "collation",
                "idIndex",
                "storageEngine",
                "validator",
                "validationLevel",
                "validationAction",
                "viewOn",
                "pipeline",
            ],
            &[
                "capped",
                "size",
                "max",
                "timeseries",
                "clusteredIndex",
                "expireAfterSeconds",
                "changeStreamPreAndPostImages",
                "encryptedFields",
                "indexOptionDefaults",
            ],
        ),
        "collMod" => (
            &[
                "validator",
                "validationLevel",
                "validationAction",
                "viewOn",
                "pipeline",
            ],
            &[
                "index",
                "expireAfterSeconds",
                "changeStreamPreAndPostImages",
                "timeseries",
                "cappedSize",
                "cappedMax",
                "dryRun",
            ],
        ),
        "validate" => (
            &[
                "full",
                "background",
                "repair",
                "metadata",
                "checkBSONConformance",
            ],
            &[],
        ),
        _ => return None,
    };
    Some(Fields { honoured, refused })
}

/// Checks the command's own fields (its first field names it).
pub(crate) fn check(command: &Document) -> Result<(), MongoError> {
    let Some(name) = command.keys().next() else {
        return Ok(());
    };
    let Some(fields) = fields_of(name) else {
        return Ok(());
    };
    for (key, value) in command.iter().skip(1) {
        check_field(name, key, &fields)?;
        if key == "collation" {
            check_collation(value)?;
        }
    }
    check_explain_flag(name, command)
}

fn check_field(command: &str, key: &str, fields: &Fields) -> Result<(), MongoError> {
    if fields.honoured.contains(&key) || GENERIC.contains(&key) {
        return Ok(());
    }
    if fields.refused.contains(&key) {
        return Err(MongoError::new(
            238,
            mesin::opsi_tidak_didukung(command, key),
        ));
    }
    Err(MongoError::new(
        40415,
        format!("BSON field '{command}.{key}' is an unknown field."),
    ))
}

/// `aggregate` with `explain: true` is the explain command's business.
fn check_explain_flag(name: &str, command: &Document) -> Result<(), MongoError> {
    let flagged = command
        .get("explain")
        .is_some_and(crate::engine::mongo::query::logical::truthy);
    if name == "aggregate" && flagged {
        return Err(MongoError::new(
            238,
            mesin::opsi_tidak_didukung(name, "explain"),
        ));
    }
    Ok(())
}

/// Only the simple (binary) collation, MongoDB's default, is known here.
pub(crate) fn check_collation(value: &Bson) -> Result<(), MongoError> {
    match value {
        Bson::Null => Ok(()),
        Bson::Document(d) if d.is_empty() => Ok(()),
        Bson::Document(d) if d.len() == 1 && d.get_str("locale") == Ok("simple") => Ok(()),
        Bson::Document(_) => Err(MongoError::new(
            238,
            mesin::collation_tidak_didukung(crate::engine::mongo::display::value(value)),
        )),
        other => Err(MongoError::type_mismatch(format!(
            "BSON field 'collation' is the wrong type '{}', expected type 'object'",
            crate::engine::mongo::value::type_name(other)
        ))),
    }
}

/// The statement-level fields of `update` and `delete`.
pub(crate) fn check_statement(command: &str, spec: &Document) -> Result<(), MongoError> {
    let (list, honoured): (&str, &[&str]) = match command {
        "update" => (
            "updates",
            &[
                "q",
                "u",
                "upsert",
                "multi",
                "arrayFilters",
                "hint",
                "collation",
                "sort",
                "upsertSupplied",
            ],
        ),
        _ => ("deletes", &["q", "limit", "hint", "collation"]),
    };
    for (key, value) in spec {
        if key == "c" {
            return Err(MongoError::new(
                238,
                mesin::opsi_tidak_didukung(format!("{command}.{list}"), key),
            ));
        }
        if !honoured.contains(&key.as_str()) {
            return Err(MongoError::new(
                40415,
                format!("BSON field '{command}.{list}.{key}' is an unknown field."),
            ));
        }
        if key == "collation" {
            check_collation(value)?;
        }
    }
    Ok(())
}
