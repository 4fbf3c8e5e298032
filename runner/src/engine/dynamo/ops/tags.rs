//! TagResource, UntagResource, ListTagsOfResource, and CreateTable's `Tags`.
//! Resources are named by table ARN, the form DescribeTable reports.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::{required_str, DResult, DynamoError, Engine};
use crate::engine::dynamo::table::Table;

const TABLE_ARN_PREFIX: &str = "arn:aws:dynamodb:us-east-1:123456789012:table/";

/// The ARN DescribeTable reports for a table.
pub(in crate::engine::dynamo) fn table_arn(name: &str) -> String {
    format!("{TABLE_ARN_PREFIX}{name}")
}

/// The table a `TableName` names: the data operations take the table's ARN as well
/// as its name. Another account's or region's ARN names no table here.
pub(in crate::engine::dynamo) fn named_by(name_or_arn: &str) -> &str {
    name_or_arn
        .strip_prefix(TABLE_ARN_PREFIX)
        .unwrap_or(name_or_arn)
}

/// A `Tags` list as a map; a later duplicate key wins, as with TagResource.
pub(in crate::engine::dynamo) fn parse_tags(req: &Value) -> DResult<BTreeMap<String, String>> {
    let mut tags = BTreeMap::new();
    for tag in req
        .get("Tags")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let text = |member: &str| tag.get(member).and_then(Value::as_str);
        let (Some(key), Some(value)) = (text("Key"), text("Value")) else {
            return Err(DynamoError::validation(
                "One or more parameter values were invalid: Tag Key and Value must not be null",
            ));
        };
        tags.insert(key.to_string(), value.to_string());
    }
    Ok(tags)
}

fn tag_list(tags: &BTreeMap<String, String>) -> Value {
    let list: Vec<Value> = tags
        .iter()
        .map(|(k, v)| json!({ "Key": k, "Value": v }))
        .collect();
    Value::Array(list)
}

fn not_found(arn: &str) -> DynamoError {
    DynamoError::new(
        "ResourceNotFoundException",
        format!("Requested resource not found: ResourcArn: {arn} not found"),
    )
}

/// A table of another account is not this caller's to tag or read the tags of.
fn denied(action: &str, arn: &str) -> DynamoError {
    let account = TABLE_ARN_PREFIX.split(':').nth(4).unwrap_or_default();
    DynamoError::new(
        "AccessDeniedException",
        format!("User: arn:aws:iam::{account}:root is not authorized to perform: dynamodb:{action} on resource: {arn} because no resource-based policy allows the dynamodb:{action} action"),
    )
}

/// Whether a DynamoDB ARN names another account than the engine's.
fn foreign(arn: &str) -> bool {
    let mut parts = arn.split(':');
    let account = parts.nth(4).unwrap_or_default();
    arn.starts_with("arn:aws:dynamodb:") && !TABLE_ARN_PREFIX.contains(&format!(":{account}:"))
}

impl Engine {
    /// The table an ARN names: a malformed ARN is refused, another account's denied,
    /// an unknown table is not found.
    fn tagged_table(&mut self, req: &Value, action: &str) -> DResult<&mut Table> {
        let arn = required_str(req, "ResourceArn")?;
        let Some(name) = arn.strip_prefix(TABLE_ARN_PREFIX) else {
            if foreign(arn) {
                return Err(denied(action, arn));
            }
            if arn.starts_with("arn:") {
                return Err(not_found(arn));
            }
            return Err(DynamoError::validation(format!(
                "Invalid TableArn: Invalid ResourceArn provided as input {arn}"
            )));
        };
        let arn = arn.to_string();
        self.tables.get_mut(name).ok_or_else(|| not_found(&arn))
    }

    pub(in crate::engine::dynamo) fn tag_resource(&mut self, req: &Value) -> DResult<Value> {
        let tags = parse_tags(req)?;
        if tags.is_empty() {
            required_str(req, "ResourceArn")?;
            return Err(DynamoError::validation(
                "Atleast one Tag needs to be provided as Input.",
            ));
        }
        self.tagged_table(req, "TagResource")?.tags.extend(tags);
        Ok(json!({}))
    }

    pub(in crate::engine::dynamo) fn untag_resource(&mut self, req: &Value) -> DResult<Value> {
        let keys: Vec<&str> = req
            .get("TagKeys")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if keys.is_empty() {
            required_str(req, "ResourceArn")?;
            return Err(DynamoError::validation(
                "Atleast one Tag Key needs to be provided as Input.",
            ));
        }
        let table = self.tagged_table(req, "UntagResource")?;
        for key in keys {
            table.tags.remove(key);
        }
        Ok(json!({}))
    }

    pub(in crate::engine::dynamo) fn list_tags_of_resource(
        &mut self,
        req: &Value,
    ) -> DResult<Value> {
        let table = self.tagged_table(req, "ListTagsOfResource")?;
        Ok(json!({ "Tags": tag_list(&table.tags) }))
    }
}
