//! UpdateTable: billing mode, provisioned throughput and global secondary indexes
//! created (filled from the table's items at once) or deleted. Indexes become ACTIVE
//! immediately, so a client waiting on their status sees them ready on its first poll.

use serde_json::{json, Value};

use super::index_rules::{check_index, Context, Kind};
use super::table::{describe, parse_definitions, parse_index};
use super::{required_str, DResult, DynamoError, Engine};
use crate::engine::dynamo::errors::{invalid_params, shape_error};
use crate::engine::dynamo::table::Table;

const NOTHING_TO_UPDATE: &str = "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required";

/// Checks `BillingMode` and `ProvisionedThroughput` as CreateTable and UpdateTable take them.
pub(in crate::engine::dynamo) fn check_throughput(req: &Value) -> DResult<()> {
    let billing = req.get("BillingMode").and_then(Value::as_str);
    if let Some(mode) = billing.filter(|m| !["PROVISIONED", "PAY_PER_REQUEST"].contains(m)) {
        return Err(shape_error(&format!("Value '{mode}' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]")));
    }
    let Some(pt) = req.get("ProvisionedThroughput") else {
        return Ok(());
    };
    if billing == Some("PAY_PER_REQUEST") {
        return Err(invalid_params("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST"));
    }
    for (member, field) in [
        ("ReadCapacityUnits", "readCapacityUnits"),
        ("WriteCapacityUnits", "writeCapacityUnits"),
    ] {
        check_units(pt.get(member), field)?;
    }
    Ok(())
}

fn check_units(value: Option<&Value>, field: &str) -> DResult<()> {
    let path = format!("provisionedThroughput.{field}");
    match value.and_then(Value::as_i64) {
        None => Err(shape_error(&format!(
            "Value null at '{path}' failed to satisfy constraint: Member must not be null"
        ))),
        Some(n) if n < 1 => Err(shape_error(&format!(
            "Value '{n}' at '{path}' failed to satisfy constraint: Member must have value greater than or equal to 1"
        ))),
        Some(_) => Ok(()),
    }
}

fn units(def: &Value, member: &str) -> i64 {
    def.pointer(&format!("/ProvisionedThroughput/{member}"))
        .and_then(Value::as_i64)
        .unwrap_or(0)
}

/// The service refuses a throughput change that changes nothing.
fn check_throughput_changes(table: &Table, req: &Value) -> DResult<()> {
    let def = &table.definition;
    let billing = |v: &Value| {
        v.get("BillingMode")
            .and_then(Value::as_str)
            .unwrap_or("PROVISIONED")
            .to_string()
    };
    let same = req.get("ProvisionedThroughput").is_some()
        && billing(def) == "PROVISIONED"
        && req
            .get("BillingMode")
            .is_none_or(|_| billing(req) == "PROVISIONED")
        && ["ReadCapacityUnits", "WriteCapacityUnits"]
            .iter()
            .all(|m| units(def, m) == units(req, m));
    if !same {
        return Ok(());
    }
    let (r, w) = (
        units(req, "ReadCapacityUnits"),
        units(req, "WriteCapacityUnits"),
    );
    Err(DynamoError::validation(format!(
        "The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: {r}. Requested ReadCapacityUnits: {r}. Current WriteCapacityUnits provisioned for the table: {w}. Requested WriteCapacityUnits: {w}. Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits."
    )))
}

fn index_updates(req: &Value) -> Vec<Value> {
    req.get("GlobalSecondaryIndexUpdates")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// Each entry is a Create, an Update or a Delete, and names an index no other
/// entry names.
fn check_index_update_entries(updates: &[Value]) -> DResult<()> {
    let mut seen: Vec<&str> = Vec::new();
    for update in updates {
        let action = ["Update", "Create", "Delete"]
            .iter()
            .find_map(|a| update.get(*a).filter(|v| !v.is_null()));
        let Some(action) = action else {
            return Err(invalid_params(
                "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null",
            ));
        };
        let name = action
            .get("IndexName")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if seen.contains(&name) {
            return Err(invalid_params(&format!(
                "Only one global secondary index update per index is allowed simultaneously. Index: {name}"
            )));
        }
        seen.push(name);
    }
    Ok(())
}

/// Only one index may be created or deleted per call.
fn check_index_update_count(updates: &[Value]) -> DResult<()> {
    let online = updates
        .iter()
        .filter(|u| u.get("Create").is_some() || u.get("Delete").is_some())
        .count();
    if online > 1 {
        return Err(DynamoError::new(
            "LimitExceededException",
            "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
        ));
    }
    Ok(())
}

impl Engine {
    pub(in crate::engine::dynamo) fn update_table(&mut self, req: &Value) -> DResult<Value> {
        let name = required_str(req, "TableName")?;
        let updates = index_updates(req);
        check_index_update_entries(&updates)?;
        let table = self.table_mut(name)?;
        let asks = [
            "ProvisionedThroughput",
            "BillingMode",
            "StreamSpecification",
            "SSESpecification",
            "ReplicaUpdates",
        ];
        if updates.is_empty() && !asks.iter().any(|m| req.get(m).is_some()) {
            return Err(DynamoError::validation(NOTHING_TO_UPDATE));
        }
        check_throughput(req)?;
        check_index_update_count(&updates)?;
        check_throughput_changes(table, req)?;
        let on_demand = billing_after(table, req) == "PAY_PER_REQUEST";
        merge_definitions(table, req);
        for update in &updates {
            apply_index_update(table, update, on_demand)?;
        }
        apply_billing(table, req);
        Ok(json!({ "TableDescription": describe(table, "ACTIVE") }))
    }
}

/// Adds the request's AttributeDefinitions that the table lacks (new index keys).
fn merge_definitions(table: &mut Table, req: &Value) {
    for (name, kind) in parse_definitions(req) {
        if table.attr_types.iter().any(|(n, _)| *n == name) {
            continue;
        }
        table.attr_types.push((name.clone(), kind.clone()));
        if let Some(defs) = table
            .definition
            .get_mut("AttributeDefinitions")
            .and_then(Value::as_array_mut)
        {
            defs.push(json!({ "AttributeName": name, "AttributeType": kind }));
        }
    }
}

fn apply_billing(table: &mut Table, req: &Value) {
    let def = &mut table.definition;
    if let Some(mode) = req.get("BillingMode") {
        def["BillingMode"] = mode.clone();
        if mode == "PAY_PER_REQUEST" {
            def["ProvisionedThroughput"] =
                json!({ "ReadCapacityUnits": 0, "WriteCapacityUnits": 0 });
        }
    }
    if let Some(pt) = req.get("ProvisionedThroughput") {
        def["ProvisionedThroughput"] = pt.clone();
    }
}

/// The billing mode the table has once this request is applied.
fn billing_after<'a>(table: &'a Table, req: &'a Value) -> &'a str {
    req.get("BillingMode")
        .or_else(|| table.definition.get("BillingMode"))
        .and_then(Value::as_str)
        .unwrap_or("PROVISIONED")
}

fn apply_index_update(table: &mut Table, update: &Value, on_demand: bool) -> DResult<()> {
    if let Some(create) = update.get("Create") {
        return create_index(table, create, on_demand);
    }
    if let Some(delete) = update.get("Delete") {
        return delete_index(table, index_name(delete)?);
    }
    if let Some(change) = update.get("Update") {
        return update_index(table, change);
    }
    Ok(())
}

fn index_name(def: &Value) -> DResult<&str> {
    def.get("IndexName").and_then(Value::as_str).ok_or_else(|| {
        shape_error("Value null at 'globalSecondaryIndexUpdates.member.indexName' failed to satisfy constraint: Member must not be null")
    })
}

fn create_index(table: &mut Table, def: &Value, on_demand: bool) -> DResult<()> {
    check_new_index(table, def, on_demand)?;
    let mut index = parse_index(def, true, &table.schema)?;
    if table.index(&index.name).is_some() {
        return Err(invalid_params(&format!(
            "Index with name {} already exists",
            index.name
        )));
    }
    for (hash, partition) in &table.partitions {
        for (range, stored) in partition {
            if let Some(entry) = index.key_for(&(hash.clone(), range.clone()), &stored.item) {
                index.entries.insert(entry);
            }
        }
    }
    table.indexes.push(index);
    push_index_definition(table, def);
    Ok(())
}

/// The CreateTable rules for one global index, against the table as it now is:
/// on a provisioned table the index needs its own capacity, as at creation.
fn check_new_index(table: &Table, def: &Value, on_demand: bool) -> DResult<()> {
    let defined: Vec<&str> = table.attr_types.iter().map(|(n, _)| n.as_str()).collect();
    let ctx = Context {
        defined: &defined,
        table_hash: &table.schema.hash,
        on_demand,
    };
    check_index(def, Kind { global: true }, 1, &ctx)?;
    if on_demand || def.get("ProvisionedThroughput").is_some() {
        return Ok(());
    }
    Err(invalid_params(&format!(
        "ProvisionedThroughput is not specified for index: {}",
        def.get("IndexName")
            .and_then(Value::as_str)
            .unwrap_or_default()
    )))
}

fn push_index_definition(table: &mut Table, def: &Value) {
    let defs = &mut table.definition["GlobalSecondaryIndexes"];
    match defs.as_array_mut() {
        Some(list) => list.push(def.clone()),
        None => *defs = json!([def]),
    }
}

fn delete_index(table: &mut Table, name: &str) -> DResult<()> {
    let before = table.indexes.len();
    table.indexes.retain(|i| !(i.global && i.name == name));
    if table.indexes.len() == before {
        return Err(DynamoError::not_found());
    }
    if let Some(list) = table
        .definition
        .get_mut("GlobalSecondaryIndexes")
        .and_then(Value::as_array_mut)
    {
        list.retain(|d| d.get("IndexName").and_then(Value::as_str) != Some(name));
    }
    Ok(())
}

fn update_index(table: &mut Table, change: &Value) -> DResult<()> {
    let name = index_name(change)?.to_string();
    check_throughput(change)?;
    let index = table
        .indexes
        .iter_mut()
        .find(|i| i.global && i.name == name)
        .ok_or_else(DynamoError::not_found)?;
    if let Some(pt) = change.get("ProvisionedThroughput") {
        index.definition["ProvisionedThroughput"] = pt.clone();
    }
    Ok(())
}
