//! DescribeTimeToLive, UpdateTimeToLive, DescribeContinuousBackups: table settings
//! that change no item (expiry itself is not simulated; the service takes up to days).

use serde_json::{json, Value};

use super::{required_str, DResult, DynamoError, Engine};
use crate::engine::dynamo::errors::shape_error;

fn null_member(path: &str) -> DynamoError {
    shape_error(&format!(
        "Value null at '{path}' failed to satisfy constraint: Member must not be null"
    ))
}

/// The TimeToLiveSpecification's `Enabled` and `AttributeName`.
fn ttl_specification(req: &Value) -> DResult<(bool, String)> {
    let spec = req
        .get("TimeToLiveSpecification")
        .ok_or_else(|| null_member("timeToLiveSpecification"))?;
    let name = spec
        .get("AttributeName")
        .and_then(Value::as_str)
        .ok_or_else(|| null_member("timeToLiveSpecification.attributeName"))?;
    let enabled = spec
        .get("Enabled")
        .and_then(Value::as_bool)
        .ok_or_else(|| null_member("timeToLiveSpecification.enabled"))?;
    if name.is_empty() {
        return Err(shape_error("Value '' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length greater than or equal to 1"));
    }
    Ok((enabled, name.to_string()))
}

impl Engine {
    pub(in crate::engine::dynamo) fn describe_time_to_live(
        &mut self,
        req: &Value,
    ) -> DResult<Value> {
        let table = self.table_ref(required_str(req, "TableName")?)?;
        let description = match &table.ttl {
            Some(name) => json!({ "TimeToLiveStatus": "ENABLED", "AttributeName": name }),
            None => json!({ "TimeToLiveStatus": "DISABLED" }),
        };
        Ok(json!({ "TimeToLiveDescription": description }))
    }

    pub(in crate::engine::dynamo) fn update_time_to_live(&mut self, req: &Value) -> DResult<Value> {
        let name = required_str(req, "TableName")?;
        let (enabled, attribute) = ttl_specification(req)?;
        let table = self.table_mut(name)?;
        match (&table.ttl, enabled) {
            (Some(_), true) => {
                return Err(DynamoError::validation("TimeToLive is already enabled"))
            }
            (None, false) => return Err(DynamoError::validation("TimeToLive is already disabled")),
            (Some(current), false) if *current != attribute => {
                return Err(DynamoError::validation(
                    "TimeToLive is active on a different AttributeName: current AttributeName is "
                        .to_string()
                        + current,
                ))
            }
            _ => {}
        }
        table.ttl = enabled.then(|| attribute.clone());
        Ok(json!({ "TimeToLiveSpecification": { "Enabled": enabled, "AttributeName": attribute } }))
    }

    pub(in crate::engine::dynamo) fn describe_continuous_backups(
        &mut self,
        req: &Value,
    ) -> DResult<Value> {
        let name = required_str(req, "TableName")?;
        if !self.tables.contains_key(super::tags::named_by(name)) {
            return Err(DynamoError::new(
                "TableNotFoundException",
                format!("Table not found: {name}"),
            ));
        }
        Ok(json!({ "ContinuousBackupsDescription": {
            "ContinuousBackupsStatus": "ENABLED",
            "PointInTimeRecoveryDescription": { "PointInTimeRecoveryStatus": "DISABLED" }
        }}))
    }
}
