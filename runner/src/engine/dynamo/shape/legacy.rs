//! The model's constraints inside the legacy parameters' maps: each `Condition`
//! needs a `ComparisonOperator` from the model's list, an `ExpectedAttributeValue`
//! may name one, an `AttributeValueUpdate`'s `Action` is one of three. They are
//! reported among the request's other violations, at the map's place in the model.

use serde_json::Value;

use super::Rule::{OneOf, Required};
use super::{lower_first, Rule, Violations};

use crate::engine::dynamo::legacy::OPERATORS;

/// How a legacy map member is checked, given its value, its path and the findings.
type Check = fn(Option<&Value>, &str, &mut Violations);

/// The check of a legacy map member; `None` for any other member.
pub(super) fn member(name: &str) -> Option<Check> {
    match name {
        "KeyConditions" | "QueryFilter" | "ScanFilter" => Some(conditions),
        "Expected" => Some(expected),
        "AttributeUpdates" => Some(updates),
        _ => None,
    }
}

/// Each entry's `field` against `rules`, at `path.<attribute>.member.<field>` (the
/// field spelled there with a lower-case first letter).
fn each(map: Option<&Value>, path: &str, field: &str, rules: &[Rule], found: &mut Violations) {
    let entries = map.and_then(Value::as_object).into_iter().flatten();
    for (attr, entry) in entries {
        let at = format!("{path}.{attr}.member.{}", lower_first(field));
        found.check(entry.get(field), &at, rules);
    }
}

fn conditions(map: Option<&Value>, path: &str, found: &mut Violations) {
    each(
        map,
        path,
        "ComparisonOperator",
        &[Required, OneOf(&OPERATORS)],
        found,
    );
}

fn expected(map: Option<&Value>, path: &str, found: &mut Violations) {
    each(map, path, "ComparisonOperator", &[OneOf(&OPERATORS)], found);
}

fn updates(map: Option<&Value>, path: &str, found: &mut Violations) {
    each(
        map,
        path,
        "Action",
        &[OneOf(&["ADD", "PUT", "DELETE"])],
        found,
    );
}
