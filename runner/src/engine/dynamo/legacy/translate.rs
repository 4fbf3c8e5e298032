//! A legacy request rewritten in the expression form: each legacy parameter becomes
//! the expression that asks the same question, its names and values passed as
//! placeholders (`#legacy0`, `:legacy0`) so that no attribute name needs escaping
//! and none clashes with the request's own.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::conditions::{self, Test};
use super::updates;
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::table::KeySchema;

/// Placeholders the translation adds to the request's own.
pub(crate) struct Placeholders {
    names: Map<String, Value>,
    values: Map<String, Value>,
    /// Attribute name to its generated placeholder, so one name is written once.
    named: BTreeMap<String, String>,
    next: usize,
}

impl Placeholders {
    fn of(req: &Map<String, Value>) -> Placeholders {
        let map = |member: &str| {
            req.get(member)
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default()
        };
        Placeholders {
            names: map("ExpressionAttributeNames"),
            values: map("ExpressionAttributeValues"),
            named: BTreeMap::new(),
            next: 0,
        }
    }

    /// `#legacyN` or `:legacyN` with an N that neither map uses yet.
    fn fresh(&mut self, sigil: char) -> String {
        loop {
            let key = format!("{sigil}legacy{}", self.next);
            self.next += 1;
            if !self.names.contains_key(&key) && !self.values.contains_key(&key) {
                return key;
            }
        }
    }

    pub(crate) fn name(&mut self, attr: &str) -> String {
        if let Some(key) = self.named.get(attr) {
            return key.clone();
        }
        let key = self.fresh('#');
        self.names
            .insert(key.clone(), Value::String(attr.to_string()));
        self.named.insert(attr.to_string(), key.clone());
        key
    }

    pub(crate) fn value(&mut self, value: &Value) -> String {
        let key = self.fresh(':');
        self.values.insert(key.clone(), value.clone());
        key
    }

    /// Puts the maps back, leaving out an empty one the request did not carry (the
    /// service refuses an empty map).
    fn write_into(self, req: &mut Map<String, Value>) {
        for (member, map) in [
            ("ExpressionAttributeNames", self.names),
            ("ExpressionAttributeValues", self.values),
        ] {
            if !map.is_empty() {
                req.insert(member.to_string(), Value::Object(map));
            }
        }
    }
}

/// The parameter whose conditions `ConditionalOperator` joins, per action.
fn joined_param(action: &str) -> &'static str {
    match action {
        "Query" => "QueryFilter",
        "Scan" => "ScanFilter",
        _ => "Expected",
    }
}

/// `ConditionalOperator` joins two or more conditions of the filter or `Expected`
/// (`KeyConditions` do not count).
fn check_conditional_operator(action: &str, req: &Map<String, Value>) -> DResult<bool> {
    let Some(op) = req.get("ConditionalOperator").and_then(Value::as_str) else {
        return Ok(false);
    };
    let count = req
        .get(joined_param(action))
        .and_then(Value::as_object)
        .map_or(0, Map::len);
    match count {
        0 => Err(DynamoError::validation(
            "ConditionalOperator cannot be used without Filter or Expected",
        )),
        1 => Err(DynamoError::validation(
            "ConditionalOperator can only be used when Filter or Expected has two or more elements",
        )),
        _ => Ok(op == "OR"),
    }
}

/// One request (or `BatchGetItem` table entry) in the expression form.
pub(super) fn rewrite(
    action: &str,
    req: &Map<String, Value>,
    keys: Option<&KeySchema>,
) -> DResult<Map<String, Value>> {
    let or = check_conditional_operator(action, req)?;
    let mut ph = Placeholders::of(req);
    let mut out = req.clone();
    for member in super::LEGACY_MEMBERS {
        out.remove(member);
    }
    for (member, text) in expressions(action, req, or, keys, &mut ph)? {
        out.insert(member.to_string(), Value::String(text));
    }
    ph.write_into(&mut out);
    if action == "UpdateItem" && only_deletes(req) {
        out.insert(super::NOTHING_IF_ABSENT.to_string(), Value::Bool(true));
    }
    Ok(out)
}

/// `AttributeUpdates` that only DELETE: on a missing item "nothing happens", where an
/// UpdateExpression's REMOVE would create the item with its key.
fn only_deletes(req: &Map<String, Value>) -> bool {
    let Some(map) = object(req, "AttributeUpdates") else {
        return false;
    };
    let action = |u: &Value| u.get("Action").and_then(Value::as_str).map(str::to_string);
    !map.is_empty() && map.values().all(|u| action(u).as_deref() == Some("DELETE"))
}

/// The expressions replacing the legacy parameters, in the service's order of
/// checking them.
fn expressions(
    action: &str,
    req: &Map<String, Value>,
    or: bool,
    keys: Option<&KeySchema>,
    ph: &mut Placeholders,
) -> DResult<Vec<(&'static str, String)>> {
    let mut out = Vec::new();
    let mut push = |member: &'static str, text: Option<String>| {
        if let Some(text) = text {
            out.push((member, text));
        }
    };
    match action {
        "Query" => {
            push("FilterExpression", filter(req, "QueryFilter", or, ph)?);
            push("ProjectionExpression", projection(req, ph)?);
            push("KeyConditionExpression", key_conditions(req, keys, ph)?);
        }
        "Scan" => {
            push("ProjectionExpression", projection(req, ph)?);
            push("FilterExpression", filter(req, "ScanFilter", or, ph)?);
        }
        "UpdateItem" => {
            push("UpdateExpression", update(req, ph)?);
            push("ConditionExpression", expected(req, or, ph)?);
        }
        "PutItem" | "DeleteItem" => push("ConditionExpression", expected(req, or, ph)?),
        _ => push("ProjectionExpression", projection(req, ph)?),
    }
    Ok(out)
}

fn object<'a>(req: &'a Map<String, Value>, member: &str) -> Option<&'a Map<String, Value>> {
    req.get(member).and_then(Value::as_object)
}

/// `AttributesToGet` as a projection of top-level names, each named once.
fn projection(req: &Map<String, Value>, ph: &mut Placeholders) -> DResult<Option<String>> {
    let Some(list) = req.get("AttributesToGet").and_then(Value::as_array) else {
        return Ok(None);
    };
    let names: Vec<&str> = list.iter().filter_map(Value::as_str).collect();
    if let Some(dup) = names
        .iter()
        .enumerate()
        .find(|(i, n)| names[..*i].contains(n))
    {
        return Err(DynamoError::validation(format!(
            "One or more parameter values were invalid: Duplicate value in attribute name: {}",
            dup.1
        )));
    }
    let parts: Vec<String> = names.iter().map(|n| ph.name(n)).collect();
    Ok(Some(parts.join(", ")))
}

fn filter(
    req: &Map<String, Value>,
    member: &str,
    or: bool,
    ph: &mut Placeholders,
) -> DResult<Option<String>> {
    let Some(map) = object(req, member) else {
        return Ok(None);
    };
    let tests = conditions::condition_tests(map, &lower_first(member))?;
    Ok(conditions::joined(&tests, or, ph))
}

fn expected(req: &Map<String, Value>, or: bool, ph: &mut Placeholders) -> DResult<Option<String>> {
    let Some(map) = object(req, "Expected") else {
        return Ok(None);
    };
    let tests = conditions::expected_tests(map)?;
    Ok(conditions::joined(&tests, or, ph))
}

fn update(req: &Map<String, Value>, ph: &mut Placeholders) -> DResult<Option<String>> {
    match object(req, "AttributeUpdates") {
        Some(map) => updates::expression(map, ph),
        None => Ok(None),
    }
}

/// The operators a key condition can use: the ones an index can range over.
const INDEXABLE: [&str; 7] = ["EQ", "LE", "LT", "GE", "GT", "BEGINS_WITH", "BETWEEN"];

/// `KeyConditions`: one or two tests, each of an indexable operator. Against a known
/// key schema the service looks at the key attributes in turn, so an operator is
/// judged only once the attributes named are right; the key condition's own binding
/// checks types and the partition key's `EQ`.
fn key_conditions(
    req: &Map<String, Value>,
    keys: Option<&KeySchema>,
    ph: &mut Placeholders,
) -> DResult<Option<String>> {
    let Some(map) = object(req, "KeyConditions") else {
        return Ok(None);
    };
    let tests: Vec<Test> = conditions::condition_tests(map, "keyConditions")?;
    if tests.is_empty() || tests.len() > 2 {
        return Err(DynamoError::validation(
            "Conditions can be of length 1 or 2 only",
        ));
    }
    if let Some(keys) = keys {
        check_key_attributes(&tests, keys)?;
    }
    if tests.iter().any(|t| !INDEXABLE.contains(&t.op)) {
        return Err(not_indexable());
    }
    // Written without parentheses: a key condition is a plain conjunction.
    let parts: Vec<String> = tests
        .iter()
        .map(|t| conditions::expression(t, ph))
        .collect();
    Ok(Some(parts.join(" AND ")))
}

fn not_indexable() -> DynamoError {
    DynamoError::validation("Attempted conditional constraint is not an indexable operation")
}

/// The partition key, then the sort key: a key the tests miss, more tests than a
/// partition key alone takes, or a key tested with an operator no index ranges over.
fn check_key_attributes(tests: &[Test], keys: &KeySchema) -> DResult<()> {
    if keys.range.is_none() && tests.len() > 1 {
        return Err(DynamoError::validation("Query key condition not supported"));
    }
    let partition = std::iter::once((&keys.hash, true));
    for (attr, is_partition) in partition.chain(keys.range.iter().map(|r| (r, false))) {
        match tests.iter().find(|t| &t.attr == attr) {
            None if is_partition || tests.len() > 1 => {
                return Err(DynamoError::validation(format!(
                    "Query condition missed key schema element: {attr}"
                )))
            }
            Some(t) if !INDEXABLE.contains(&t.op) => return Err(not_indexable()),
            _ => {}
        }
    }
    Ok(())
}

fn lower_first(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_ascii_lowercase().to_string() + chars.as_str())
        .unwrap_or_default()
}
