//! `AttributeUpdates`: PUT, ADD and DELETE per attribute, checked as the service
//! checks them and written as an update expression. The expression forms already
//! hold the semantics: ADD adds numbers and unions sets (creating the attribute when
//! missing), DELETE with a set subtracts it, DELETE without a value removes.

use serde_json::{json, Map, Value};

use super::conditions::model_error;
use super::translate::Placeholders;
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::types::attr_from_json;

const INVALID: &str = "One or more parameter values were invalid: ";

/// One attribute's update: `PUT` when `Action` is absent, as the service defaults.
#[derive(Debug)]
struct Update<'a> {
    attr: &'a str,
    action: &'static str,
    value: Option<&'a Value>,
}

/// The update expression for an `AttributeUpdates` map; `None` when it is empty.
pub(super) fn expression(
    map: &Map<String, Value>,
    ph: &mut Placeholders,
) -> DResult<Option<String>> {
    let updates: Vec<Update> = map
        .iter()
        .map(|(attr, u)| checked(attr, u))
        .collect::<DResult<_>>()?;
    let mut clauses: Vec<(&str, String)> = Vec::new();
    for update in &updates {
        clauses.push(clause(update, ph));
    }
    Ok(group(clauses))
}

fn checked<'a>(attr: &'a str, raw: &'a Value) -> DResult<Update<'a>> {
    let action = action(raw.get("Action"), attr)?;
    let value = raw.get("Value").filter(|v| !v.is_null());
    if let Some(v) = value {
        attr_from_json(v)?;
    }
    let update = Update {
        attr,
        action,
        value,
    };
    check_value(&update)?;
    Ok(update)
}

fn action(raw: Option<&Value>, attr: &str) -> DResult<&'static str> {
    match raw.filter(|v| !v.is_null()).map(|v| v.as_str().unwrap_or_default()) {
        None | Some("PUT") => Ok("PUT"),
        Some("ADD") => Ok("ADD"),
        Some("DELETE") => Ok("DELETE"),
        Some(other) => Err(model_error(&format!(
            "Value '{other}' at 'attributeUpdates.{attr}.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]"
        ))),
    }
}

/// Only DELETE goes without a value; DELETE takes only sets, ADD numbers, sets
/// and lists.
fn check_value(update: &Update) -> DResult<()> {
    let Some(value) = update.value else {
        if update.action == "DELETE" {
            return Ok(());
        }
        return Err(DynamoError::validation(format!(
            "{INVALID}Only DELETE action is allowed when no attribute value is specified"
        )));
    };
    let kind = type_of(value);
    let refused = match update.action {
        "DELETE" => !matches!(kind, "SS" | "NS" | "BS"),
        "ADD" => !matches!(kind, "N" | "SS" | "NS" | "BS" | "L"),
        _ => false,
    };
    if refused {
        let what = update.action;
        return Err(DynamoError::validation(format!(
            "{INVALID}{what} action{} is not supported for the type {kind}",
            if what == "DELETE" { " with value" } else { "" }
        )));
    }
    Ok(())
}

fn type_of(value: &Value) -> &str {
    value
        .as_object()
        .and_then(|m| m.keys().next())
        .map_or("", String::as_str)
}

/// The clause keyword and its text for one update. ADD of a list appends, which
/// the expressions say with `list_append` (their ADD takes no lists).
fn clause(update: &Update, ph: &mut Placeholders) -> (&'static str, String) {
    let n = ph.name(update.attr);
    let Some(value) = update.value else {
        return ("REMOVE", n);
    };
    let v = ph.value(value);
    match (update.action, type_of(value)) {
        ("PUT", _) => ("SET", format!("{n} = {v}")),
        ("ADD", "L") => {
            let empty = ph.value(&json!({ "L": [] }));
            (
                "SET",
                format!("{n} = list_append(if_not_exists({n}, {empty}), {v})"),
            )
        }
        ("ADD", _) => ("ADD", format!("{n} {v}")),
        _ => ("DELETE", format!("{n} {v}")),
    }
}

/// Clauses of one keyword written once, as an update expression requires.
fn group(clauses: Vec<(&str, String)>) -> Option<String> {
    let sections: Vec<String> = ["SET", "REMOVE", "ADD", "DELETE"]
        .iter()
        .filter_map(|keyword| {
            let parts: Vec<&str> = clauses
                .iter()
                .filter(|(k, _)| k == keyword)
                .map(|(_, text)| text.as_str())
                .collect();
            (!parts.is_empty()).then(|| format!("{keyword} {}", parts.join(", ")))
        })
        .collect();
    (!sections.is_empty()).then(|| sections.join(" "))
}
