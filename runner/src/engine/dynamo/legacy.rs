//! The legacy (pre-expression) request parameters. The engine implements only the
//! expression forms, so a legacy parameter is refused by name instead of being ignored,
//! which would answer a different question than the one asked. Mixing both forms gets
//! the service's own text, as the service checks that first.

use serde_json::Value;

use super::errors::{DResult, DynamoError};
use crate::pesan::shell as pesan;

/// The expression parameters and the legacy ones of one action, in the service's order.
struct Forms {
    expressions: &'static [&'static str],
    legacy: &'static [&'static str],
}

fn forms(action: &str) -> Option<Forms> {
    let (expressions, legacy): (&[&str], &[&str]) = match action {
        "GetItem" => (&["ProjectionExpression"], &["AttributesToGet"]),
        "PutItem" | "DeleteItem" => (&["ConditionExpression"], &["Expected"]),
        "UpdateItem" => (
            &["UpdateExpression", "ConditionExpression"],
            &["AttributeUpdates", "Expected"],
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

/// Refuses a request (or a `BatchGetItem` table entry) that uses a legacy parameter.
pub(crate) fn refuse_legacy(action: &str, req: &Value) -> DResult<()> {
    if action == "BatchGetItem" {
        return batch_get_tables(req).try_for_each(|entry| check("GetItem", entry));
    }
    check(action, req)
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

/// The expression parameters a request carries, in the service's order.
pub(crate) fn expressions_in(action: &str, req: &Value) -> Vec<&'static str> {
    let Some(forms) = forms(action) else {
        return Vec::new();
    };
    let present = forms.expressions.iter().copied().filter(|n| is_set(req, n));
    present.collect()
}

fn check(action: &str, req: &Value) -> DResult<()> {
    let Some(forms) = forms(action) else {
        return Ok(());
    };
    let present = |names: &[&'static str]| -> Vec<&'static str> {
        names.iter().copied().filter(|n| is_set(req, n)).collect()
    };
    let legacy = present(forms.legacy);
    let Some(first) = legacy.first() else {
        return Ok(());
    };
    let expressions = present(forms.expressions);
    let mixed = mixed_with(&legacy, &expressions, req);
    if !mixed.is_empty() {
        return Err(mixing_error(&mixed, &expressions));
    }
    Err(DynamoError::validation(pesan::parameter_lama_dynamodb(
        first,
        replacement(first),
    )))
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

fn replacement(legacy: &str) -> &'static str {
    match legacy {
        "AttributesToGet" => "ProjectionExpression",
        "Expected" => "ConditionExpression",
        "AttributeUpdates" => "UpdateExpression",
        "KeyConditions" => "KeyConditionExpression",
        _ => "FilterExpression",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn message(action: &str, req: Value) -> String {
        refuse_legacy(action, &req).unwrap_err().message
    }

    #[test]
    fn each_legacy_parameter_is_refused_by_name() {
        let cases = [
            ("GetItem", "AttributesToGet", "ProjectionExpression"),
            ("PutItem", "Expected", "ConditionExpression"),
            ("UpdateItem", "AttributeUpdates", "UpdateExpression"),
            ("Query", "KeyConditions", "KeyConditionExpression"),
            ("Query", "QueryFilter", "FilterExpression"),
            ("Scan", "ScanFilter", "FilterExpression"),
        ];
        for (action, legacy, instead) in cases {
            let req = json!({ "TableName": "T", legacy: {} });
            let err = refuse_legacy(action, &req).unwrap_err();
            assert_eq!(err.code, "ValidationException");
            assert_eq!(
                err.message,
                pesan::parameter_lama_dynamodb(legacy, instead),
                "{action}"
            );
        }
    }

    #[test]
    fn mixing_gets_the_service_text() {
        let req = json!({ "Expected": {}, "ConditionExpression": "attribute_exists(a)" });
        assert_eq!(
            message("PutItem", req),
            "Can not use both expression and non-expression parameters in the same request: \
             Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"
        );
    }

    #[test]
    fn lone_key_conditions_beside_a_filter_is_not_mixing() {
        let req = json!({ "KeyConditions": {}, "FilterExpression": "a = :a" });
        assert_eq!(
            message("Query", req),
            pesan::parameter_lama_dynamodb("KeyConditions", "KeyConditionExpression")
        );
    }

    #[test]
    fn batch_get_entries_and_plain_requests_pass_or_fail_alike() {
        let ok = json!({ "RequestItems": { "T": { "Keys": [], "ProjectionExpression": "a" } } });
        assert!(refuse_legacy("BatchGetItem", &ok).is_ok());
        let old = json!({ "RequestItems": { "T": { "Keys": [], "AttributesToGet": ["a"] } } });
        assert!(refuse_legacy("BatchGetItem", &old).is_err());
        let plain = json!({ "TableName": "T", "ProjectionExpression": "a", "Expected": null });
        assert!(refuse_legacy("GetItem", &plain).is_ok());
    }
}
