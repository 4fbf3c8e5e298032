//! `NextToken` of a SELECT: where the next page starts, as opaque text (base64 of
//! the partition's place among the statement's and the key to start after).

use serde_json::{json, Value};

use crate::engine::dynamo::errors::{DResult, DynamoError};

pub(crate) struct Position {
    /// Which of the partition key values the statement lists (0 for a Scan).
    pub partition: usize,
    pub key: Option<Value>,
}

impl Position {
    pub(crate) fn at(partition: usize, key: Option<Value>) -> Position {
        Position { partition, key }
    }
}

pub(crate) fn encode(p: &Position) -> String {
    let text = json!({ "p": p.partition, "k": p.key }).to_string();
    crate::base64::encode(text.as_bytes())
}

/// The request's `NextToken`, when it has one.
pub(crate) fn decode(req: &Value) -> DResult<Option<Position>> {
    let Some(raw) = req.get("NextToken") else {
        return Ok(None);
    };
    let invalid = || DynamoError::validation("Invalid NextToken");
    let bytes = raw
        .as_str()
        .and_then(crate::base64::decode)
        .ok_or_else(invalid)?;
    let value: Value = serde_json::from_slice(&bytes).map_err(|_| invalid())?;
    let partition = value.get("p").and_then(Value::as_u64).ok_or_else(invalid)?;
    let key = value.get("k").filter(|k| k.is_object()).cloned();
    Ok(Some(Position::at(partition as usize, key)))
}
