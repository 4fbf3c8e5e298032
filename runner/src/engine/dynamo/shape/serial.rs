//! Members of the wrong JSON type. The service reads a request into its model's types
//! before it validates anything, so `{"TableName": 5}` is refused by its request
//! framework as a `SerializationException`, in that framework's words.

use serde_json::Value;

use crate::engine::dynamo::errors::{DResult, DynamoError};

/// The model's type of a top-level member, as its framework names it.
#[derive(Clone, Copy)]
enum Wire {
    Text,
    Flag,
    Whole,
    /// A list of strings.
    Strings,
    /// A map of this Java class of values.
    MapOf(&'static str),
}

use Wire::*;

const ATTRIBUTE_VALUE: &str = "com.amazonaws.dynamodb.v20120810.AttributeValue";

/// Members every action shares a type for; a member missing here is not checked.
const MEMBERS: &[(&str, Wire)] = &[
    ("TableName", Text),
    ("IndexName", Text),
    ("Select", Text),
    ("ReturnConsumedCapacity", Text),
    ("ReturnItemCollectionMetrics", Text),
    ("ReturnValues", Text),
    ("ReturnValuesOnConditionCheckFailure", Text),
    ("ConditionalOperator", Text),
    ("KeyConditionExpression", Text),
    ("FilterExpression", Text),
    ("ProjectionExpression", Text),
    ("ConditionExpression", Text),
    ("UpdateExpression", Text),
    ("ClientRequestToken", Text),
    ("BillingMode", Text),
    ("ResourceArn", Text),
    ("ExclusiveStartTableName", Text),
    ("ConsistentRead", Flag),
    ("ScanIndexForward", Flag),
    ("Limit", Whole),
    ("Segment", Whole),
    ("TotalSegments", Whole),
    ("AttributesToGet", Strings),
    ("TagKeys", Strings),
    ("Key", MapOf(ATTRIBUTE_VALUE)),
    ("Item", MapOf(ATTRIBUTE_VALUE)),
    ("ExclusiveStartKey", MapOf(ATTRIBUTE_VALUE)),
    ("ExpressionAttributeValues", MapOf(ATTRIBUTE_VALUE)),
    ("ExpressionAttributeNames", MapOf("java.lang.String")),
];

pub(crate) fn serialization(message: impl Into<String>) -> DynamoError {
    DynamoError::new("SerializationException", message)
}

/// The first member whose JSON type the model cannot read (a `null` is no member).
pub(super) fn check_types(req: &Value) -> DResult<()> {
    for (name, wire) in MEMBERS {
        match req.get(*name) {
            None | Some(Value::Null) => {}
            Some(value) => check(*wire, value)?,
        }
    }
    Ok(())
}

fn check(wire: Wire, value: &Value) -> DResult<()> {
    let refused = match wire {
        Text => scalar(value, "String", Value::is_string),
        Flag => scalar(value, "Boolean", Value::is_boolean),
        Whole => scalar(value, "Integer", Value::is_number),
        Strings => collection(value, Value::is_array, String::new()),
        MapOf(class) => collection(value, Value::is_object, map_class(class)),
    };
    refused.map_or(Ok(()), |message| Err(serialization(message)))
}

/// What the framework says of a JSON token where a `java_type` scalar belongs.
fn scalar(value: &Value, java_type: &str, fits: fn(&Value) -> bool) -> Option<String> {
    if fits(value) {
        return None;
    }
    let token = match value {
        Value::Array(_) => {
            return Some(format!(
                "Unrecognized collection type class java.lang.{java_type}"
            ))
        }
        Value::Object(_) => return Some(struct_not_expected()),
        Value::String(_) if java_type == "Boolean" => {
            return Some("Unexpected token received from parser".into())
        }
        Value::String(_) => "STRING_VALUE",
        Value::Bool(true) => "TRUE_VALUE",
        Value::Bool(false) => "FALSE_VALUE",
        Value::Number(n) if n.is_f64() => "DECIMAL_VALUE",
        _ => "NUMBER_VALUE",
    };
    Some(format!("{token} cannot be converted to {java_type}"))
}

/// A list or a map given something else; `class` names the map's type for a list
/// given in its place (empty for a list member).
fn collection(value: &Value, fits: fn(&Value) -> bool, class: String) -> Option<String> {
    if fits(value) {
        return None;
    }
    Some(match value {
        Value::Object(_) => struct_not_expected(),
        Value::Array(_) => format!("Unrecognized collection type {class}"),
        _ => "Unexpected field type".to_string(),
    })
}

fn map_class(values: &str) -> String {
    format!("java.util.Map<java.lang.String, {values}>")
}

fn struct_not_expected() -> String {
    "Start of structure or map found where not expected".to_string()
}

/// A `B` value's text: standard base64 in 4-character groups, its last group
/// carrying no bits beyond its bytes, as the framework reads it.
pub(crate) fn binary(text: &str) -> DResult<Vec<u8>> {
    if !text.len().is_multiple_of(4) {
        return Err(serialization(format!(
            "Base64 encoded length is expected a multiple of 4 bytes but found: {}",
            text.len()
        )));
    }
    let bytes = crate::base64::decode(text).filter(|b| crate::base64::encode(b) == text);
    // "dectected" is the service's own spelling.
    bytes.ok_or_else(|| serialization("Invalid last non-pad Base64 character dectected"))
}
