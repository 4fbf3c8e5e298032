//! The service's rules for the secondary indexes of CreateTable and UpdateTable,
//! checked on the request before any index is built, in the service's order.

use serde_json::Value;

use super::{DResult, DynamoError};
use crate::engine::dynamo::errors::{invalid_params, shape_error};

/// Local or global, with the names the service's texts use for each.
#[derive(Clone, Copy)]
pub(in crate::engine::dynamo) struct Kind {
    pub(in crate::engine::dynamo) global: bool,
}

impl Kind {
    fn member(self) -> &'static str {
        if self.global {
            "GlobalSecondaryIndexes"
        } else {
            "LocalSecondaryIndexes"
        }
    }

    fn path(self) -> &'static str {
        if self.global {
            "globalSecondaryIndexes"
        } else {
            "localSecondaryIndexes"
        }
    }
}

fn text<'a>(v: &'a Value, member: &str) -> Option<&'a str> {
    v.get(member).and_then(Value::as_str)
}

fn key_names(schema: Option<&Value>) -> Vec<&str> {
    let elems = schema
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    elems
        .iter()
        .filter_map(|e| text(e, "AttributeName"))
        .collect()
}

/// AttributeDefinitions' names, and each type within `[B, N, S]`.
pub(in crate::engine::dynamo) fn defined_names(req: &Value) -> DResult<Vec<&str>> {
    let defs = req.get("AttributeDefinitions").and_then(Value::as_array);
    let mut names = Vec::new();
    for (i, def) in defs.into_iter().flatten().enumerate() {
        let kind = text(def, "AttributeType").unwrap_or_default();
        if !["B", "N", "S"].contains(&kind) {
            return Err(shape_error(&format!("Value '{kind}' at 'attributeDefinitions.{}.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]", i + 1)));
        }
        names.extend(text(def, "AttributeName"));
    }
    Ok(names)
}

/// A table key naming one attribute twice, with fewer definitions than key elements:
/// the service counts the missing definition before it compares the names.
pub(in crate::engine::dynamo) fn check_key_definitions(
    defined: &[&str],
    schema: Option<&Value>,
) -> DResult<()> {
    let names = key_names(schema);
    if names.len() == 2 && names[0] == names[1] && defined.len() < names.len() {
        return Err(DynamoError::validation(
            "Invalid KeySchema: Some index key attribute have no definition",
        ));
    }
    Ok(())
}

/// A key schema's shape: HASH first, RANGE second, two distinct names.
pub(in crate::engine::dynamo) fn check_key_order(schema: Option<&Value>) -> DResult<()> {
    let elems = schema
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let names = key_names(schema);
    if names.len() == 2 && names[0] == names[1] {
        return Err(DynamoError::validation(
            "Both the Hash Key and the Range Key element in the KeySchema have the same name",
        ));
    }
    let kind = |i: usize| elems.get(i).and_then(|e| text(e, "KeyType"));
    if !elems.is_empty() && kind(0) != Some("HASH") {
        return Err(DynamoError::validation(
            "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
        ));
    }
    if elems.len() > 1 && kind(1) != Some("RANGE") {
        return Err(DynamoError::validation(
            "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
        ));
    }
    Ok(())
}

fn check_defined(def: &Value, defined: &[&str]) -> DResult<()> {
    let keys = key_names(def.get("KeySchema"));
    if keys.iter().all(|k| defined.contains(k)) {
        return Ok(());
    }
    Err(invalid_params(&format!(
        "Some index key attributes are not defined in AttributeDefinitions. Keys: [{}], AttributeDefinitions: [{}]",
        keys.join(", "),
        defined.join(", ")
    )))
}

/// An LSI keeps the table's hash key and adds a range key.
fn check_local_keys(def: &Value, name: &str, table_hash: &str) -> DResult<()> {
    let keys = key_names(def.get("KeySchema"));
    if keys.len() != 2 {
        return Err(invalid_params(&format!(
            "Index KeySchema does not have a range key for index: {name}"
        )));
    }
    if keys[0] != table_hash {
        return Err(invalid_params(&format!(
            "Index KeySchema does not have the same leading hash key as table KeySchema for index: {name}. index hash key: {}, table hash key: {table_hash}",
            keys[0]
        )));
    }
    Ok(())
}

fn check_projection(def: &Value, kind: Kind, position: usize) -> DResult<()> {
    let Some(projection) = def.get("Projection") else {
        return Err(shape_error(&format!(
            "Value null at '{}.{position}.member.projection' failed to satisfy constraint: Member must not be null",
            kind.path()
        )));
    };
    let Some(projection_type) = text(projection, "ProjectionType") else {
        return Err(invalid_params("Unknown ProjectionType: null"));
    };
    if projection.get("NonKeyAttributes").is_some() && projection_type != "INCLUDE" {
        return Err(invalid_params(&format!(
            "ProjectionType is {projection_type}, but NonKeyAttributes is specified"
        )));
    }
    Ok(())
}

/// The table's facts an index definition is checked against.
pub(in crate::engine::dynamo) struct Context<'a> {
    pub(in crate::engine::dynamo) defined: &'a [&'a str],
    pub(in crate::engine::dynamo) table_hash: &'a str,
    pub(in crate::engine::dynamo) on_demand: bool,
}

/// One index definition; `position` is its 1-based place in the request's list.
pub(in crate::engine::dynamo) fn check_index(
    def: &Value,
    kind: Kind,
    position: usize,
    ctx: &Context,
) -> DResult<()> {
    let name = text(def, "IndexName").unwrap_or_default();
    check_defined(def, ctx.defined)?;
    check_key_order(def.get("KeySchema"))?;
    if !kind.global {
        check_local_keys(def, name, ctx.table_hash)?;
    }
    check_projection(def, kind, position)?;
    if kind.global && ctx.on_demand && def.get("ProvisionedThroughput").is_some() {
        return Err(invalid_params(&format!(
            "ProvisionedThroughput should not be specified for index: {name} when BillingMode is PAY_PER_REQUEST"
        )));
    }
    Ok(())
}

/// Every index list of a CreateTable request: not empty, names unique, within limits.
pub(in crate::engine::dynamo) fn check_index_lists(req: &Value, ctx: &Context) -> DResult<()> {
    let mut seen: Vec<&str> = Vec::new();
    for kind in [Kind { global: false }, Kind { global: true }] {
        let Some(list) = req.get(kind.member()).and_then(Value::as_array) else {
            continue;
        };
        if list.is_empty() {
            return Err(invalid_params(&format!(
                "List of {} is empty",
                kind.member()
            )));
        }
        for (i, def) in list.iter().enumerate() {
            check_index(def, kind, i + 1, ctx)?;
            let name = text(def, "IndexName").unwrap_or_default();
            if seen.contains(&name) {
                return Err(invalid_params(&format!("Duplicate index name: {name}")));
            }
            seen.push(name);
        }
        check_count(kind, list.len())?;
    }
    Ok(())
}

fn check_count(kind: Kind, count: usize) -> DResult<()> {
    if !kind.global && count > 5 {
        return Err(invalid_params(
            "Number of LocalSecondaryIndexes exceeds per-table limit of 5",
        ));
    }
    if kind.global && count > 20 {
        return Err(invalid_params(
            "GlobalSecondaryIndex count exceeds the per-table limit of 20",
        ));
    }
    Ok(())
}
