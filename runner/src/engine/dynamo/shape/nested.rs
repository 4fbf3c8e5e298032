//! The nested members of the batch and transaction requests: table names as map
//! keys, each table's key list or write list, and each transaction action's members.

use serde_json::{Map, Value};

use super::Rule::{AtLeast, MaxLength, MinLength, NamePattern, OneOf, Required};
use super::{is_arn, is_name, length, Rule, Violations, NAME_RULES, TABLE_NAME};
use crate::engine::dynamo::errors::{DResult, DynamoError};

/// What the service says when a `RequestItems` key is not a table name.
const TABLE_KEYS: &str = "Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]";
/// What it says when one table's write list is empty or longer than 25.
const WRITE_LISTS: &str = "Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]";

/// A table's name, or its ARN (1 to 1024 characters).
fn table_name_ok(name: &str) -> bool {
    if is_arn(name) {
        return name.chars().count() <= 1024;
    }
    (3..=255).contains(&name.len()) && is_name(name)
}

/// `RequestItems` when it is a map, after its keys are checked as table names.
fn request_items<'a>(req: &'a Value, found: &mut Violations) -> Option<&'a Map<String, Value>> {
    let raw = req.get("RequestItems")?;
    let tables = raw.as_object()?;
    for _ in tables.keys().filter(|name| !table_name_ok(name)) {
        found.push(Some(raw), "requestItems", TABLE_KEYS);
    }
    Some(tables)
}

pub(super) fn batch_get(req: &Value, found: &mut Violations) {
    let Some(tables) = request_items(req, found) else {
        return;
    };
    for (name, spec) in tables {
        let base = format!("requestItems.{name}.member");
        let keys = spec.get("Keys");
        found.check(keys, &format!("{base}.keys"), &[Required, MinLength(1)]);
        if keys.and_then(length).is_some_and(|n| n > 100) {
            // The service's text for this one names the member without its value,
            // in the request's own spelling (pinned by a suite run against it).
            found.push_text(format!("Value at 'RequestItems.{name}.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100"));
        }
        found.check(
            spec.get("AttributesToGet"),
            &format!("{base}.attributesToGet"),
            &[MinLength(1), MaxLength(255)],
        );
    }
}

pub(super) fn batch_write(req: &Value, found: &mut Violations) {
    let Some(tables) = request_items(req, found) else {
        return;
    };
    let raw = req.get("RequestItems");
    for list in tables.values() {
        if length(list).is_some_and(|n| !(1..=25).contains(&n)) {
            found.push(raw, "requestItems", WRITE_LISTS);
        }
    }
    for (name, list) in tables {
        let requests = list.as_array().map(Vec::as_slice).unwrap_or_default();
        for (i, request) in requests.iter().enumerate() {
            write_request(
                request,
                &format!("requestItems.{name}.member.{}.member", i + 1),
                found,
            );
        }
    }
}

/// A put needs its item and a delete its key.
fn write_request(request: &Value, base: &str, found: &mut Violations) {
    if let Some(delete) = request.get("DeleteRequest").filter(|d| d.is_object()) {
        found.check(
            delete.get("Key"),
            &format!("{base}.deleteRequest.key"),
            &[Required],
        );
    }
    if let Some(put) = request.get("PutRequest").filter(|p| p.is_object()) {
        found.check(
            put.get("Item"),
            &format!("{base}.putRequest.item"),
            &[Required],
        );
    }
}

/// The members of one transaction action, by the action's member name.
fn action_members(kind: &str) -> &'static [(&'static str, &'static [Rule])] {
    const ON_FAILURE: &[Rule] = &[OneOf(&["ALL_OLD", "NONE"])];
    match kind {
        "Put" => &[
            ("Item", &[Required]),
            ("TableName", TABLE_NAME),
            ("ReturnValuesOnConditionCheckFailure", ON_FAILURE),
        ],
        "Update" => &[
            ("Key", &[Required]),
            ("UpdateExpression", &[Required]),
            ("TableName", TABLE_NAME),
            ("ReturnValuesOnConditionCheckFailure", ON_FAILURE),
        ],
        "ConditionCheck" => &[
            ("Key", &[Required]),
            ("TableName", TABLE_NAME),
            ("ConditionExpression", &[Required]),
            ("ReturnValuesOnConditionCheckFailure", ON_FAILURE),
        ],
        _ => &[
            ("Key", &[Required]),
            ("TableName", TABLE_NAME),
            ("ReturnValuesOnConditionCheckFailure", ON_FAILURE),
        ],
    }
}

const WRITE_ACTIONS: [(&str, &str); 4] = [
    ("ConditionCheck", "conditionCheck"),
    ("Put", "put"),
    ("Delete", "delete"),
    ("Update", "update"),
];

pub(super) fn transact_write(req: &Value, found: &mut Violations) {
    for (i, entry) in transact_items(req).iter().enumerate() {
        for (kind, path) in WRITE_ACTIONS {
            let Some(body) = entry.get(kind).filter(|b| b.is_object()) else {
                continue;
            };
            let base = format!("transactItems.{}.member.{path}", i + 1);
            for (name, rules) in action_members(kind) {
                found.check(
                    body.get(*name),
                    &format!("{base}.{}", super::lower_first(name)),
                    rules,
                );
            }
        }
    }
}

pub(super) fn transact_get(req: &Value, found: &mut Violations) {
    for (i, entry) in transact_items(req).iter().enumerate() {
        let base = format!("transactItems.{}.member", i + 1);
        found.check(entry.get("Get"), &format!("{base}.get"), &[Required]);
        let Some(get) = entry.get("Get").filter(|g| g.is_object()) else {
            continue;
        };
        found.check(get.get("Key"), &format!("{base}.get.key"), &[Required]);
        found.check(
            get.get("TableName"),
            &format!("{base}.get.tableName"),
            TABLE_NAME,
        );
    }
}

fn transact_items(req: &Value) -> &[Value] {
    req.get("TransactItems")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// CreateTable's own first check: a missing table name, in a text of its own; a bad
/// one is a constraint violation reported with the others.
pub(super) fn required_table_name(req: &Value) -> DResult<()> {
    match req.get("TableName") {
        None | Some(Value::Null) => Err(table_name_missing()),
        Some(_) => Ok(()),
    }
}

fn table_name_missing() -> DynamoError {
    DynamoError::validation(
        "The parameter 'TableName' is required but was not present in the request",
    )
}

/// UpdateTable's own first check: a table name of 3 to 255 characters, in a text of
/// its own rather than as a constraint violation.
pub(super) fn create_table_name(req: &Value) -> DResult<()> {
    match req.get("TableName").and_then(Value::as_str) {
        None => Err(table_name_missing()),
        Some(name) if !(3..=255).contains(&name.len()) => Err(DynamoError::validation(
            "TableName must be at least 3 characters long and at most 255 characters long",
        )),
        Some(_) => Ok(()),
    }
}

pub(super) fn create_table(req: &Value, found: &mut Violations) {
    let defs = req.get("AttributeDefinitions");
    found.check(defs, "attributeDefinitions", &[Required]);
    for_members(defs, "attributeDefinitions", |def, base| {
        found.check(
            def.get("AttributeName"),
            &format!("{base}.attributeName"),
            &[Required],
        );
        let kind = def.get("AttributeType");
        found.check(
            kind,
            &format!("{base}.attributeType"),
            &[Required, OneOf(&["B", "N", "S"])],
        );
    });
    found.check(req.get("TableName"), "tableName", NAME_RULES);
    let billing = OneOf(&["PROVISIONED", "PAY_PER_REQUEST"]);
    found.check(req.get("BillingMode"), "billingMode", &[billing]);
    throughput(
        req.get("ProvisionedThroughput"),
        "provisionedThroughput",
        found,
    );
    key_schema(req.get("KeySchema"), "keySchema", true, found);
    indexes(
        req.get("LocalSecondaryIndexes"),
        "localSecondaryIndexes",
        false,
        found,
    );
    indexes(
        req.get("GlobalSecondaryIndexes"),
        "globalSecondaryIndexes",
        true,
        found,
    );
}

/// Runs `check` on each element of a list with its path, `list.1.member`.
fn for_members(list: Option<&Value>, path: &str, mut check: impl FnMut(&Value, String)) {
    let elements = list.and_then(Value::as_array).map(Vec::as_slice);
    for (i, element) in elements.unwrap_or_default().iter().enumerate() {
        check(element, format!("{path}.{}.member", i + 1));
    }
}

fn throughput(value: Option<&Value>, path: &str, found: &mut Violations) {
    let Some(pt) = value.filter(|v| v.is_object()) else {
        return;
    };
    for (member, field) in [
        ("WriteCapacityUnits", "writeCapacityUnits"),
        ("ReadCapacityUnits", "readCapacityUnits"),
    ] {
        found.check(
            pt.get(member),
            &format!("{path}.{field}"),
            &[Required, AtLeast(1)],
        );
    }
}

/// A key schema of one or two elements; the table's names its key types.
fn key_schema(value: Option<&Value>, path: &str, typed: bool, found: &mut Violations) {
    found.check(value, path, &[Required, MinLength(1)]);
    if value.and_then(length).is_some_and(|n| n > 2) {
        let shown = key_elements(value.unwrap_or(&Value::Null));
        found.push_text(format!("Value '[{shown}]' at '{path}' failed to satisfy constraint: Member must have length less than or equal to 2"));
    }
    let key_type: &[Rule] = if typed {
        &[Required, OneOf(&["HASH", "RANGE"])]
    } else {
        &[Required]
    };
    for_members(value, path, |element, base| {
        found.check(
            element.get("AttributeName"),
            &format!("{base}.attributeName"),
            &[Required],
        );
        found.check(element.get("KeyType"), &format!("{base}.keyType"), key_type);
    });
}

/// Key elements as the service prints them in a violation: as its Java objects.
fn key_elements(list: &Value) -> String {
    let elements = list.as_array().map(Vec::as_slice).unwrap_or_default();
    let shown: Vec<String> = elements
        .iter()
        .map(|e| {
            let field = |name| {
                e.get(name)
                    .map(super::render)
                    .unwrap_or_else(|| "null".into())
            };
            format!(
                "KeySchemaElement(attributeName={}, keyType={})",
                field("AttributeName"),
                field("KeyType")
            )
        })
        .collect();
    shown.join(", ")
}

fn indexes(list: Option<&Value>, path: &str, global: bool, found: &mut Violations) {
    for_members(list, path, |index, base| {
        found.check(
            index.get("IndexName"),
            &format!("{base}.indexName"),
            &[Required, NamePattern, MinLength(3), MaxLength(255)],
        );
        key_schema(
            index.get("KeySchema"),
            &format!("{base}.keySchema"),
            false,
            found,
        );
        let projection = index.get("Projection");
        found.check(projection, &format!("{base}.projection"), &[Required]);
        if let Some(p) = projection.filter(|p| p.is_object()) {
            let kinds = OneOf(&["ALL", "INCLUDE", "KEYS_ONLY"]);
            found.check(
                p.get("ProjectionType"),
                &format!("{base}.projection.projectionType"),
                &[kinds],
            );
            found.check(
                p.get("NonKeyAttributes"),
                &format!("{base}.projection.nonKeyAttributes"),
                &[MinLength(1)],
            );
        }
        if global {
            throughput(
                index.get("ProvisionedThroughput"),
                &format!("{base}.provisionedThroughput"),
                found,
            );
        }
    });
}

pub(super) fn update_table(req: &Value, found: &mut Violations) {
    let name = req.get("TableName").and_then(Value::as_str);
    if !name.is_some_and(is_arn) {
        found.check(req.get("TableName"), "tableName", &[NamePattern]);
    }
    throughput(
        req.get("ProvisionedThroughput"),
        "provisionedThroughput",
        found,
    );
    let billing = OneOf(&["PROVISIONED", "PAY_PER_REQUEST"]);
    found.check(req.get("BillingMode"), "billingMode", &[billing]);
    let index_name: &[Rule] = &[Required, NamePattern, MinLength(3), MaxLength(255)];
    for_members(
        req.get("GlobalSecondaryIndexUpdates"),
        "globalSecondaryIndexUpdates",
        |update, base| {
            if let Some(change) = update.get("Update").filter(|u| u.is_object()) {
                found.check(
                    change.get("IndexName"),
                    &format!("{base}.update.indexName"),
                    index_name,
                );
                throughput(
                    change.get("ProvisionedThroughput"),
                    &format!("{base}.update.provisionedThroughput"),
                    found,
                );
            }
            if let Some(create) = update.get("Create").filter(|c| c.is_object()) {
                let at = format!("{base}.create");
                found.check(
                    create.get("Projection"),
                    &format!("{at}.projection"),
                    &[Required],
                );
                found.check(
                    create.get("IndexName"),
                    &format!("{at}.indexName"),
                    index_name,
                );
                throughput(
                    create.get("ProvisionedThroughput"),
                    &format!("{at}.provisionedThroughput"),
                    found,
                );
                key_schema(
                    create.get("KeySchema"),
                    &format!("{at}.keySchema"),
                    false,
                    found,
                );
            }
            if let Some(delete) = update.get("Delete").filter(|d| d.is_object()) {
                found.check(
                    delete.get("IndexName"),
                    &format!("{base}.delete.indexName"),
                    index_name,
                );
            }
        },
    );
}
