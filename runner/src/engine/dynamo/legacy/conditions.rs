//! Legacy conditions: `Condition` (KeyConditions, QueryFilter, ScanFilter) and
//! `ExpectedAttributeValue` (Expected). Each is checked as the service checks it,
//! then written as the expression that means the same, so that evaluation stays
//! the expression code's alone.

use serde_json::{Map, Value};

use super::translate::Placeholders;
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::expr::eval::compare;
use crate::engine::dynamo::types::{attr_from_json, AttrValue};

/// The operators in the order the service's model lists them.
pub(crate) const OPERATORS: [&str; 13] = [
    "IN",
    "NULL",
    "BETWEEN",
    "LT",
    "NOT_CONTAINS",
    "EQ",
    "GT",
    "NOT_NULL",
    "NE",
    "LE",
    "BEGINS_WITH",
    "GE",
    "CONTAINS",
];

const INVALID: &str = "One or more parameter values were invalid: ";

/// One attribute's test: its name, operator and operand values.
#[derive(Debug, Clone)]
pub(super) struct Test {
    pub attr: String,
    pub op: &'static str,
    pub values: Vec<Value>,
}

/// Whether `count` operands suit the operator.
fn arity_ok(op: &str, count: usize) -> bool {
    match op {
        "NULL" | "NOT_NULL" => count == 0,
        "IN" => count >= 1,
        "BETWEEN" => count == 2,
        _ => count == 1,
    }
}

/// The operand types an operator accepts; `None` for any type (EQ and NE work on
/// every type, lists and maps included, as the service documents).
fn accepted_types(op: &str) -> Option<&'static [&'static str]> {
    match op {
        "BEGINS_WITH" => Some(&["S", "B"]),
        "EQ" | "NE" | "NULL" | "NOT_NULL" => None,
        _ => Some(&["S", "N", "B"]),
    }
}

/// The model's own check of `ComparisonOperator`: required in a `Condition`, one of
/// the thirteen names wherever it appears. The request's shape check reports these
/// first, among its other violations; the translation repeats them so that it never
/// writes an expression from an operator it does not know.
pub(super) fn operator(raw: Option<&Value>, at: &str) -> DResult<Option<&'static str>> {
    let Some(raw) = raw.filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let text = raw.as_str().unwrap_or_default();
    match OPERATORS.iter().find(|op| **op == text) {
        Some(op) => Ok(Some(op)),
        None => Err(model_error(&format!(
            "Value '{text}' at '{at}' failed to satisfy constraint: Member must satisfy enum value set: [{}]",
            OPERATORS.join(", ")
        ))),
    }
}

/// One model violation, worded as the service words a list of one.
pub(super) fn model_error(violation: &str) -> DynamoError {
    DynamoError::validation(format!("1 validation error detected: {violation}"))
}

/// The operands, checked as values first (the service's bare texts), then against
/// the operator: their number, one type for all, the operator's types, the order
/// of BETWEEN's bounds.
pub(super) fn check_operands(op: &str, values: &[Value]) -> DResult<()> {
    let parsed: Vec<AttrValue> = values.iter().map(attr_from_json).collect::<DResult<_>>()?;
    if !arity_ok(op, parsed.len()) {
        return Err(DynamoError::validation(format!(
            "{INVALID}Invalid number of argument(s) for the {op} ComparisonOperator"
        )));
    }
    if parsed
        .windows(2)
        .any(|w| w[0].type_name() != w[1].type_name())
    {
        return Err(DynamoError::validation(format!(
            "{INVALID}AttributeValues inside AttributeValueList must be of same type"
        )));
    }
    check_types(op, &parsed)?;
    check_bounds(op, &parsed)
}

fn check_types(op: &str, values: &[AttrValue]) -> DResult<()> {
    let Some(accepted) = accepted_types(op) else {
        return Ok(());
    };
    match values.iter().find(|v| !accepted.contains(&v.type_name())) {
        Some(v) => Err(DynamoError::validation(format!(
            "{INVALID}ComparisonOperator {op} is not valid for {} AttributeValue type",
            v.type_name()
        ))),
        None => Ok(()),
    }
}

fn check_bounds(op: &str, values: &[AttrValue]) -> DResult<()> {
    let inverted =
        op == "BETWEEN" && compare(&values[0], &values[1]) == Some(std::cmp::Ordering::Greater);
    if inverted {
        return Err(DynamoError::validation(
            "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound",
        ));
    }
    Ok(())
}

/// The tests of a `Condition` map (`param` names it in model errors: `queryFilter`).
pub(super) fn condition_tests(map: &Map<String, Value>, param: &str) -> DResult<Vec<Test>> {
    map.iter()
        .map(|(attr, cond)| {
            let at = format!("{param}.{attr}.member.comparisonOperator");
            let Some(op) = operator(cond.get("ComparisonOperator"), &at)? else {
                return Err(model_error(&format!(
                    "Value null at '{at}' failed to satisfy constraint: Member must not be null"
                )));
            };
            let values = value_list(cond);
            check_operands(op, &values)?;
            Ok(Test {
                attr: attr.clone(),
                op,
                values,
            })
        })
        .collect()
}

fn value_list(cond: &Value) -> Vec<Value> {
    cond.get("AttributeValueList")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

fn has(cond: &Value, member: &str) -> bool {
    cond.get(member).is_some_and(|v| !v.is_null())
}

/// The tests of an `Expected` map: the `ComparisonOperator` form, or the older
/// `Value`/`Exists` one, which is EQ, NOT_NULL or NULL.
pub(super) fn expected_tests(map: &Map<String, Value>) -> DResult<Vec<Test>> {
    map.iter()
        .map(|(attr, cond)| expected_test(attr, cond))
        .collect()
}

fn expected_test(attr: &str, cond: &Value) -> DResult<Test> {
    let for_attr =
        |text: &str| DynamoError::validation(format!("{INVALID}{text} for Attribute: {attr}"));
    if has(cond, "AttributeValueList") && has(cond, "Value") {
        return Err(for_attr(
            "Value and AttributeValueList cannot be used together",
        ));
    }
    let at = format!("expected.{attr}.member.comparisonOperator");
    match operator(cond.get("ComparisonOperator"), &at)? {
        Some(op) => compared(attr, op, cond),
        None if has(cond, "AttributeValueList") => Err(for_attr(
            "AttributeValueList can only be used with a ComparisonOperator",
        )),
        None => exists_form(attr, cond),
    }
}

/// `ComparisonOperator` with its operands in `AttributeValueList` or in `Value`.
fn compared(attr: &str, op: &'static str, cond: &Value) -> DResult<Test> {
    let for_attr =
        |text: String| DynamoError::validation(format!("{INVALID}{text} for Attribute: {attr}"));
    if has(cond, "Exists") {
        return Err(for_attr(
            "Exists and ComparisonOperator cannot be used together".into(),
        ));
    }
    let values = match cond.get("Value").filter(|v| !v.is_null()) {
        Some(v) => vec![v.clone()],
        None => value_list(cond),
    };
    let without_operands = !has(cond, "Value") && !has(cond, "AttributeValueList");
    if without_operands && op != "NULL" && op != "NOT_NULL" {
        return Err(for_attr(format!(
            "Value or AttributeValueList must be used with ComparisonOperator: {op}"
        )));
    }
    check_operands(op, &values)?;
    Ok(Test {
        attr: attr.to_string(),
        op,
        values,
    })
}

/// `Exists` (true when absent) with or without `Value`.
fn exists_form(attr: &str, cond: &Value) -> DResult<Test> {
    let exists = cond.get("Exists").and_then(Value::as_bool);
    let value = cond.get("Value").filter(|v| !v.is_null());
    let test = |op, values| Test {
        attr: attr.to_string(),
        op,
        values,
    };
    match (exists, value) {
        (Some(false), None) => Ok(test("NULL", Vec::new())),
        (Some(false), Some(_)) => Err(DynamoError::validation(format!(
            "{INVALID}Value cannot be used when Exists is false for Attribute: {attr}"
        ))),
        (_, Some(v)) => {
            attr_from_json(v)?;
            Ok(test("EQ", vec![v.clone()]))
        }
        (named, None) => Err(DynamoError::validation(format!(
            "{INVALID}Value must be provided when Exists is {} for Attribute: {attr}",
            if named.is_some() { "true" } else { "null" }
        ))),
    }
}

/// The test as condition-expression text.
pub(super) fn expression(test: &Test, ph: &mut Placeholders) -> String {
    let n = ph.name(&test.attr);
    let v: Vec<String> = test.values.iter().map(|v| ph.value(v)).collect();
    match test.op {
        "NULL" => format!("attribute_not_exists({n})"),
        "NOT_NULL" => format!("attribute_exists({n})"),
        "CONTAINS" => format!("contains({n}, {})", v[0]),
        "NOT_CONTAINS" => format!("NOT contains({n}, {})", v[0]),
        "BEGINS_WITH" => format!("begins_with({n}, {})", v[0]),
        "IN" => format!("{n} IN ({})", v.join(", ")),
        "BETWEEN" => format!("{n} BETWEEN {} AND {}", v[0], v[1]),
        op => format!("{n} {} {}", comparator(op), v[0]),
    }
}

fn comparator(op: &str) -> &'static str {
    match op {
        "NE" => "<>",
        "LE" => "<=",
        "LT" => "<",
        "GE" => ">=",
        "GT" => ">",
        _ => "=",
    }
}

/// The tests joined by `ConditionalOperator` (AND when absent), or `None` for none.
pub(super) fn joined(tests: &[Test], or: bool, ph: &mut Placeholders) -> Option<String> {
    if tests.is_empty() {
        return None;
    }
    let parts: Vec<String> = tests
        .iter()
        .map(|t| format!("({})", expression(t, ph)))
        .collect();
    Some(parts.join(if or { " OR " } else { " AND " }))
}
