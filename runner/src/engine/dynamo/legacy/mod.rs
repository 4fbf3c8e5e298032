//! The legacy (pre-expression) request parameters, served as the service serves
//! them: a legacy request is checked in the service's order and rewritten in the
//! expression form (see `translate`), so their semantics are written once, in the
//! expression code. Mixing both forms in one request gets the service's own text,
//! as the service checks that first.

mod conditions;

pub(crate) use conditions::OPERATORS;
#[cfg(test)]
mod tests;
mod translate;
mod updates;

use std::borrow::Cow;

use serde_json::Value;

use super::errors::{DResult, DynamoError};
use super::table::KeySchema;

/// The expression parameters and the legacy ones of one action, in the service's order.
struct Forms {
    expressions: &'static [&'static str],
    legacy: &'static [&'static str],
}

/// A member only the legacy translation sets (no AWS member has a colon): the update
/// leaves a missing item missing.
pub(crate) const NOTHING_IF_ABSENT: &str = "kursus:nothingIfAbsent";

fn forms(action: &str) -> Option<Forms> {
    let (expressions, legacy): (&[&str], &[&str]) = match action {
        "GetItem" => (&["ProjectionExpression"], &["AttributesToGet"]),
        "PutItem" | "DeleteItem" => (
            &["ConditionExpression"],
            &["Expected", "ConditionalOperator"],
        ),
        "UpdateItem" => (
            &["UpdateExpression", "ConditionExpression"],
            &["AttributeUpdates", "Expected", "ConditionalOperator"],
        ),
        "Query" => (
            &[
                "ProjectionExpression",
                "FilterExpression",
                "KeyConditionExpression",
            ],
            &[
                "AttributesToGet",
                "QueryFilter",
                "ConditionalOperator",
                "KeyConditions",
            ],
        ),
        "Scan" => (
            &["ProjectionExpression", "FilterExpression"],
            &["AttributesToGet", "ScanFilter", "ConditionalOperator"],
        ),
        _ => return None,
    };
    Some(Forms {
        expressions,
        legacy,
    })
}

/// Every legacy parameter, which the rewritten request no longer carries.
const LEGACY_MEMBERS: [&str; 7] = [
    "AttributesToGet",
    "Expected",
    "AttributeUpdates",
    "KeyConditions",
    "QueryFilter",
    "ScanFilter",
    "ConditionalOperator",
];

/// The request in the expression form: itself when it carries no legacy parameter.
/// `keys` is the key schema a Query reads, when its table (and index) exist.
pub(crate) fn translate<'a>(
    action: &str,
    req: &'a Value,
    keys: Option<&KeySchema>,
) -> DResult<Cow<'a, Value>> {
    if action == "BatchGetItem" {
        return batch_get(req);
    }
    check(action, req)?;
    let Some(map) = req.as_object() else {
        return Ok(Cow::Borrowed(req));
    };
    if first_legacy(action, req).is_none() || stray_placeholders(action, req) {
        return Ok(Cow::Borrowed(req));
    }
    Ok(Cow::Owned(Value::Object(translate::rewrite(
        action, map, keys,
    )?)))
}

/// Placeholder maps beside no expression at all: the expression code refuses them
/// with the service's text, which it could not once the request has expressions.
fn stray_placeholders(action: &str, req: &Value) -> bool {
    let maps = ["ExpressionAttributeNames", "ExpressionAttributeValues"];
    expressions_in(action, req).is_empty() && maps.iter().any(|m| is_set(req, m))
}

/// `BatchGetItem` with each table entry in the expression form; the request itself,
/// uncopied, when no entry carries a legacy parameter.
fn batch_get(req: &Value) -> DResult<Cow<'_, Value>> {
    let Some(tables) = req.get("RequestItems").and_then(Value::as_object) else {
        return Ok(Cow::Borrowed(req));
    };
    tables
        .values()
        .try_for_each(|entry| check("GetItem", entry))?;
    if first_legacy("BatchGetItem", req).is_none() {
        return Ok(Cow::Borrowed(req));
    }
    let rewritten = tables
        .iter()
        .map(|(name, entry)| {
            Ok((
                name.clone(),
                translate("GetItem", entry, None)?.into_owned(),
            ))
        })
        .collect::<DResult<serde_json::Map<String, Value>>>()?;
    let mut out = req.clone();
    out["RequestItems"] = Value::Object(rewritten);
    Ok(Cow::Owned(out))
}

/// An error of the expression code in the words the service uses for the legacy
/// parameter the request really carried.
pub(crate) fn rephrase(action: &str, req: &Value, mut err: DynamoError) -> DynamoError {
    const REPHRASED: [(&str, &str, &str); 3] = [
        (
            "QueryFilter",
            "Filter Expression can only",
            "QueryFilter can only",
        ),
        (
            "AttributesToGet",
            "Cannot specify the ProjectionExpression",
            "Cannot specify the AttributesToGet",
        ),
        (
            "AttributeUpdates",
            "An operand in the update expression has an incorrect data type",
            "Type mismatch for attribute to update",
        ),
    ];
    for (member, from, to) in REPHRASED {
        let carried =
            is_set(req, member) || (action == "BatchGetItem" && member == "AttributesToGet");
        if carried && err.message.contains(from) {
            err.message = err.message.replacen(from, to, 1);
        }
    }
    err
}

fn batch_get_tables(req: &Value) -> impl Iterator<Item = &Value> {
    req.get("RequestItems")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|tables| tables.values())
}

/// The first legacy parameter a request (or a `BatchGetItem` table entry) carries.
pub(crate) fn first_legacy(action: &str, req: &Value) -> Option<&'static str> {
    if action == "BatchGetItem" {
        return batch_get_tables(req).find_map(|entry| first_legacy("GetItem", entry));
    }
    let forms = forms(action)?;
    forms.legacy.iter().copied().find(|n| is_set(req, n))
}

/// The expression parameters a request carries, in the order a reader meets them.
pub(crate) fn expressions_in(action: &str, req: &Value) -> Vec<&'static str> {
    if forms(action).is_none() {
        return Vec::new();
    }
    TEACHING_ORDER
        .into_iter()
        .filter(|n| is_set(req, n))
        .collect()
}

/// The order a reader meets the expressions in: what is read or written first, then
/// what narrows it.
const TEACHING_ORDER: [&str; 5] = [
    "KeyConditionExpression",
    "UpdateExpression",
    "ConditionExpression",
    "FilterExpression",
    "ProjectionExpression",
];

/// The service's first check: legacy and expression parameters in one request.
fn check(action: &str, req: &Value) -> DResult<()> {
    let Some(forms) = forms(action) else {
        return Ok(());
    };
    let present = |names: &[&'static str]| -> Vec<&'static str> {
        names.iter().copied().filter(|n| is_set(req, n)).collect()
    };
    let legacy = present(forms.legacy);
    let expressions = present(forms.expressions);
    let mixed = mixed_with(&legacy, &expressions, req);
    if !mixed.is_empty() {
        return Err(mixing_error(&mixed, &expressions));
    }
    Ok(())
}

/// The legacy parameters that count as mixing: `KeyConditions` beside a filter but no
/// `KeyConditionExpression` does not, for the service.
fn mixed_with(
    legacy: &[&'static str],
    expressions: &[&'static str],
    req: &Value,
) -> Vec<&'static str> {
    if expressions.is_empty() {
        return Vec::new();
    }
    let lone_key_conditions = !is_set(req, "KeyConditionExpression");
    legacy
        .iter()
        .copied()
        .filter(|n| *n != "KeyConditions" || !lone_key_conditions)
        .collect()
}

fn mixing_error(legacy: &[&str], expressions: &[&str]) -> DynamoError {
    DynamoError::validation(format!(
        "Can not use both expression and non-expression parameters in the same request: \
         Non-expression parameters: {{{}}} Expression parameters: {{{}}}",
        legacy.join(", "),
        expressions.join(", ")
    ))
}

fn is_set(req: &Value, name: &str) -> bool {
    req.get(name).is_some_and(|v| !v.is_null())
}
