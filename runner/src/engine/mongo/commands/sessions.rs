//! `$listLocalSessions`: the sessions a server holds in memory. Sessions live in
//! the drivers' connections here (the wire server drops `lsid`), so the engine
//! holds none and the stage lists none, after checking its spec as the server does.

use bson::{Bson, Document};

use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::type_name;

pub(crate) const STAGE: &str = "$listLocalSessions";

/// The stage's output: its spec checked, then the (empty) session cache.
pub(crate) fn list_local_sessions(spec: &Bson) -> Result<Vec<Document>, MongoError> {
    let Bson::Document(spec) = spec else {
        return Err(MongoError::type_mismatch(format!(
            "{STAGE} options must be specified in an object, but found: {}",
            type_name(spec)
        )));
    };
    spec.iter()
        .try_for_each(|(key, value)| check_field(key, value))?;
    let all_users = spec
        .get("allUsers")
        .is_some_and(|v| v.as_bool() == Some(true));
    let users = matches!(spec.get("users"), Some(Bson::Array(u)) if !u.is_empty());
    if all_users && users {
        return Err(MongoError::new(
            12,
            format!(
                "{STAGE} may not specify {{allUsers:true}} and {{users:[...]}} at the same time"
            ),
        ));
    }
    Ok(Vec::new())
}

/// The spec's two fields and their types, as the server's IDL parser names them.
fn check_field(key: &str, value: &Bson) -> Result<(), MongoError> {
    let expected = match key {
        "allUsers" => "bool",
        "users" => "array",
        _ => {
            return Err(MongoError::new(
                40415,
                format!("BSON field '{STAGE}.{key}' is an unknown field."),
            ))
        }
    };
    if type_name(value) == expected {
        return Ok(());
    }
    Err(MongoError::type_mismatch(format!(
        "BSON field '{STAGE}.{key}' is the wrong type '{}', expected type '{expected}'",
        type_name(value)
    )))
}

/// Refused where a collection is named, wherever it stands in the pipeline.
pub(crate) fn on_collection() -> MongoError {
    MongoError::new(
        73,
        format!("{STAGE} must be run against the database with {{aggregate: 1}}, not a collection"),
    )
}
