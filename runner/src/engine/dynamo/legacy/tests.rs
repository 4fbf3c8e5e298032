//! The legacy parameters against the service's texts and semantics, through the
//! engine's own entry point.

use serde_json::{json, Value};

use super::*;
use crate::engine::dynamo::{Engine, RequestForm};

const INVALID: &str = "One or more parameter values were invalid: ";

/// A table `Tes` keyed by `pk` and `sk` (strings) holding `items`.
fn engine_with(items: &[Value]) -> Engine {
    let mut e = Engine::new();
    e.execute(
        "CreateTable",
        json!({
            "TableName": "Tes", "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                          {"AttributeName": "sk", "KeyType": "RANGE"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                     {"AttributeName": "sk", "AttributeType": "S"}]
        }),
    )
    .unwrap();
    for item in items {
        e.execute("PutItem", json!({"TableName": "Tes", "Item": item}))
            .unwrap();
    }
    e
}

fn sample() -> Engine {
    engine_with(&[
        json!({"pk": {"S": "p"}, "sk": {"S": "a"}, "n": {"N": "1"}, "tag": {"S": "red-x"}}),
        json!({"pk": {"S": "p"}, "sk": {"S": "b"}, "n": {"N": "2"}, "tag": {"S": "blue"}}),
        json!({"pk": {"S": "p"}, "sk": {"S": "c"}, "n": {"N": "3"}, "tags": {"SS": ["x", "y"]}}),
    ])
}

fn cond(op: &str, values: Value) -> Value {
    json!({"ComparisonOperator": op, "AttributeValueList": values})
}

fn refused(e: &mut Engine, action: &str, req: Value) -> String {
    let err = e.execute(action, req).unwrap_err();
    assert_eq!(err.code, "ValidationException", "{}", err.message);
    err.message
}

fn sort_keys(answer: &Value) -> Vec<String> {
    answer["Items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["sk"]["S"].as_str().unwrap_or("-").to_string())
        .collect()
}

fn key_query(extra: Value) -> Value {
    let mut req =
        json!({"TableName": "Tes", "KeyConditions": {"pk": cond("EQ", json!([{"S": "p"}]))}});
    for (k, v) in extra.as_object().unwrap() {
        req[k] = v.clone();
    }
    req
}

fn item(e: &mut Engine, sk: &str) -> Value {
    let got = e.execute(
        "GetItem",
        json!({"TableName": "Tes", "Key": {"pk": {"S": "p"}, "sk": {"S": sk}}}),
    );
    got.unwrap()["Item"].clone()
}

#[test]
fn mixing_gets_the_service_text() {
    let req = json!({ "Expected": {}, "ConditionExpression": "attribute_exists(a)" });
    assert_eq!(
        translate("PutItem", &req, None).unwrap_err().message,
        "Can not use both expression and non-expression parameters in the same request: \
         Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"
    );
    let all = json!({"AttributeUpdates": {}, "Expected": {}, "ConditionalOperator": "AND",
                     "UpdateExpression": "SET a = :v", "ConditionExpression": "a = :v"});
    assert!(translate("UpdateItem", &all, None)
        .unwrap_err()
        .message
        .ends_with(
            "Non-expression parameters: {AttributeUpdates, Expected, ConditionalOperator} \
         Expression parameters: {UpdateExpression, ConditionExpression}"
        ));
}

#[test]
fn key_conditions_beside_a_filter_expression_is_not_mixing() {
    let mut e = sample();
    let req = key_query(json!({"FilterExpression": "n > :n",
                               "ExpressionAttributeValues": {":n": {"N": "1"}}}));
    assert_eq!(sort_keys(&e.execute("Query", req).unwrap()), ["b", "c"]);
}

#[test]
fn a_request_without_legacy_parameters_is_left_alone() {
    let plain = json!({ "TableName": "Tes", "ProjectionExpression": "a", "Expected": null });
    assert!(matches!(
        translate("GetItem", &plain, None),
        Ok(Cow::Borrowed(_))
    ));
    let batch = json!({"RequestItems": {"Tes": {"Keys": [], "ProjectionExpression": "a"}}});
    assert!(matches!(
        translate("BatchGetItem", &batch, None),
        Ok(Cow::Borrowed(_))
    ));
    let mixed = json!({"RequestItems": {"Tes": {"Keys": [], "ProjectionExpression": "a",
                                                "AttributesToGet": ["a"]}}});
    assert!(translate("BatchGetItem", &mixed, None)
        .unwrap_err()
        .message
        .starts_with("Can not use both"));
}

#[test]
fn attributes_to_get_projects_without_adding_the_key() {
    let mut e = sample();
    let req = json!({"TableName": "Tes", "Key": {"pk": {"S": "p"}, "sk": {"S": "a"}},
                     "AttributesToGet": ["tag", "missing"]});
    let got = e.execute("GetItem", req).unwrap();
    assert_eq!(got["Item"], json!({"tag": {"S": "red-x"}}));
    let dup = json!({"TableName": "Tes", "Key": {"pk": {"S": "p"}, "sk": {"S": "a"}},
                     "AttributesToGet": ["tag", "tag"]});
    assert_eq!(
        refused(&mut e, "GetItem", dup),
        format!("{INVALID}Duplicate value in attribute name: tag")
    );
}

#[test]
fn attributes_to_get_in_batch_get_query_and_scan() {
    let mut e = sample();
    let batch = json!({"RequestItems": {"Tes": {"Keys": [{"pk": {"S": "p"}, "sk": {"S": "b"}}],
                                              "AttributesToGet": ["n"]}}});
    let got = e.execute("BatchGetItem", batch).unwrap();
    assert_eq!(got["Responses"]["Tes"], json!([{"n": {"N": "2"}}]));
    let q = key_query(json!({"AttributesToGet": ["sk"], "Select": "SPECIFIC_ATTRIBUTES"}));
    let got = e.execute("Query", q).unwrap();
    assert_eq!(got["Items"][0], json!({"sk": {"S": "a"}}));
    let scan = json!({"TableName": "Tes", "AttributesToGet": ["n"]});
    assert_eq!(
        e.execute("Scan", scan).unwrap()["Items"][2],
        json!({"n": {"N": "3"}})
    );
}

#[test]
fn attributes_to_get_with_another_select_is_named_as_sent() {
    let mut e = sample();
    let req = json!({"TableName": "Tes", "AttributesToGet": ["n"], "Select": "ALL_ATTRIBUTES"});
    assert_eq!(
        refused(&mut e, "Scan", req),
        "Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES"
    );
}

#[test]
fn key_conditions_select_a_range_of_the_collection() {
    let mut e = sample();
    let cases = [
        (cond("BEGINS_WITH", json!([{"S": "b"}])), vec!["b"]),
        (
            cond("BETWEEN", json!([{"S": "a"}, {"S": "b"}])),
            vec!["a", "b"],
        ),
        (cond("GT", json!([{"S": "a"}])), vec!["b", "c"]),
        (cond("LE", json!([{"S": "b"}])), vec!["a", "b"]),
    ];
    for (sort, want) in cases {
        let req = key_query(json!({}));
        let mut req = req;
        req["KeyConditions"]["sk"] = sort.clone();
        assert_eq!(sort_keys(&e.execute("Query", req).unwrap()), want, "{sort}");
    }
    let back = key_query(json!({"ScanIndexForward": false}));
    assert_eq!(
        sort_keys(&e.execute("Query", back).unwrap()),
        ["c", "b", "a"]
    );
}

#[test]
fn key_conditions_are_refused_in_the_service_s_words() {
    let mut e = sample();
    let with = |conditions: Value| json!({"TableName": "Tes", "KeyConditions": conditions});
    let eq = cond("EQ", json!([{"S": "p"}]));
    let cases = [
        (with(json!({})), "Conditions can be of length 1 or 2 only".to_string()),
        (
            with(json!({"pk": eq, "sk": cond("NE", json!([{"S": "a"}]))})),
            "Attempted conditional constraint is not an indexable operation".into(),
        ),
        (
            with(json!({"pk": cond("GT", json!([{"S": "p"}]))})),
            "Query key condition not supported".into(),
        ),
        (
            with(json!({"pk": eq, "n": cond("NE", json!([{"N": "1"}]))})),
            "Query condition missed key schema element: sk".into(),
        ),
        (
            with(json!({"pk": cond("NOT_NULL", json!([]))})),
            "Attempted conditional constraint is not an indexable operation".into(),
        ),
        (
            with(json!({"sk": cond("EQ", json!([{"S": "a"}]))})),
            "Query condition missed key schema element: pk".into(),
        ),
        (
            with(json!({"pk": cond("EQ", json!([{"N": "1"}]))})),
            format!("{INVALID}Condition parameter type does not match schema type"),
        ),
        (
            with(json!({"pk": {"AttributeValueList": [{"S": "p"}]}})),
            "1 validation error detected: Value null at 'keyConditions.pk.member.comparisonOperator' failed to satisfy constraint: Member must not be null".into(),
        ),
    ];
    for (req, want) in cases {
        assert_eq!(refused(&mut e, "Query", req), want);
    }
}

#[test]
fn query_filter_filters_after_the_key_and_counts_what_it_read() {
    let mut e = sample();
    let req = key_query(json!({"QueryFilter": {"tag": cond("CONTAINS", json!([{"S": "x"}]))}}));
    let got = e.execute("Query", req).unwrap();
    assert_eq!(
        (got["Count"].clone(), got["ScannedCount"].clone()),
        (json!(1), json!(3))
    );
    let on_key = key_query(json!({"QueryFilter": {"sk": cond("EQ", json!([{"S": "a"}]))}}));
    assert_eq!(
        refused(&mut e, "Query", on_key),
        "QueryFilter can only contain non-primary key attributes: Primary key attribute: sk"
    );
}

#[test]
fn each_operator_filters_as_documented() {
    let mut e = sample();
    let cases = [
        ("EQ", json!([{"N": "2"}]), vec!["b"]),
        ("NE", json!([{"N": "2"}]), vec!["a", "c"]),
        ("LT", json!([{"N": "2"}]), vec!["a"]),
        ("LE", json!([{"N": "2"}]), vec!["a", "b"]),
        ("GT", json!([{"N": "2"}]), vec!["c"]),
        ("GE", json!([{"N": "2"}]), vec!["b", "c"]),
        ("IN", json!([{"N": "1"}, {"N": "3"}]), vec!["a", "c"]),
        ("BETWEEN", json!([{"N": "2"}, {"N": "3"}]), vec!["b", "c"]),
    ];
    for (op, values, want) in cases {
        let req = json!({"TableName": "Tes", "ScanFilter": {"n": cond(op, values)}});
        assert_eq!(sort_keys(&e.execute("Scan", req).unwrap()), want, "{op}");
    }
    let on_tag = [
        ("NULL", json!([]), vec!["c"]),
        ("NOT_NULL", json!([]), vec!["a", "b"]),
        ("BEGINS_WITH", json!([{"S": "bl"}]), vec!["b"]),
        ("CONTAINS", json!([{"S": "-"}]), vec!["a"]),
        ("NOT_CONTAINS", json!([{"S": "-"}]), vec!["b", "c"]),
    ];
    for (op, values, want) in on_tag {
        let req = json!({"TableName": "Tes", "ScanFilter": {"tag": cond(op, values)}});
        assert_eq!(sort_keys(&e.execute("Scan", req).unwrap()), want, "{op}");
    }
}

#[test]
fn conditional_operator_joins_two_or_more_conditions() {
    let mut e = sample();
    let two = json!({"n": cond("EQ", json!([{"N": "1"}])), "tags": cond("NOT_NULL", json!([]))});
    let or = json!({"TableName": "Tes", "ScanFilter": two, "ConditionalOperator": "OR"});
    assert_eq!(sort_keys(&e.execute("Scan", or).unwrap()), ["a", "c"]);
    let and = json!({"TableName": "Tes", "ScanFilter": two, "ConditionalOperator": "AND"});
    assert_eq!(
        sort_keys(&e.execute("Scan", and).unwrap()),
        Vec::<String>::new()
    );
    let alone = json!({"TableName": "Tes", "ConditionalOperator": "AND"});
    assert_eq!(
        refused(&mut e, "Scan", alone),
        "ConditionalOperator cannot be used without Filter or Expected"
    );
    let one = json!({"TableName": "Tes", "ConditionalOperator": "OR",
                     "ScanFilter": {"n": cond("EQ", json!([{"N": "1"}]))}});
    assert_eq!(
        refused(&mut e, "Scan", one),
        "ConditionalOperator can only be used when Filter or Expected has two or more elements"
    );
}

#[test]
fn operands_are_counted_and_typed_per_operator() {
    let mut e = sample();
    let cases = [
        ("EQ", json!([]), format!("{INVALID}Invalid number of argument(s) for the EQ ComparisonOperator")),
        ("NULL", json!([{"S": "a"}]), format!("{INVALID}Invalid number of argument(s) for the NULL ComparisonOperator")),
        ("BETWEEN", json!([{"N": "1"}]), format!("{INVALID}Invalid number of argument(s) for the BETWEEN ComparisonOperator")),
        ("IN", json!([]), format!("{INVALID}Invalid number of argument(s) for the IN ComparisonOperator")),
        ("IN", json!([{"S": "a"}, {"N": "1"}]), format!("{INVALID}AttributeValues inside AttributeValueList must be of same type")),
        ("LT", json!([{"BOOL": true}]), format!("{INVALID}ComparisonOperator LT is not valid for BOOL AttributeValue type")),
        ("CONTAINS", json!([{"SS": ["a"]}]), format!("{INVALID}ComparisonOperator CONTAINS is not valid for SS AttributeValue type")),
        ("BEGINS_WITH", json!([{"N": "1"}]), format!("{INVALID}ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type")),
        ("BETWEEN", json!([{"N": "3"}, {"N": "1"}]), "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound".into()),
        ("EQ", json!([{"SS": []}]), format!("{INVALID}An string set  may not be empty")),
    ];
    for (op, values, want) in cases {
        let req = json!({"TableName": "Tes", "ScanFilter": {"n": cond(op, values)}});
        assert_eq!(refused(&mut e, "Scan", req), want, "{op}");
    }
    let bad = json!({"TableName": "Tes", "ScanFilter": {"n": {"ComparisonOperator": "LIKE"}}});
    assert!(refused(&mut e, "Scan", bad).starts_with(
        "1 validation error detected: Value 'LIKE' at 'scanFilter.n.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL"
    ));
}

#[test]
fn expected_value_and_exists_form() {
    let mut e = sample();
    let put = |expected: Value| {
        json!({"TableName": "Tes", "Item": {"pk": {"S": "p"}, "sk": {"S": "a"}, "n": {"N": "9"}},
               "Expected": expected})
    };
    let failed = |e: &mut Engine, req| e.execute("PutItem", req).unwrap_err().code;
    assert_eq!(
        failed(&mut e, put(json!({"pk": {"Exists": false}}))),
        "ConditionalCheckFailedException"
    );
    assert_eq!(
        failed(&mut e, put(json!({"n": {"Value": {"N": "2"}}}))),
        "ConditionalCheckFailedException"
    );
    e.execute(
        "PutItem",
        put(json!({"n": {"Value": {"N": "1"}, "Exists": true}})),
    )
    .unwrap();
    assert_eq!(item(&mut e, "a")["n"], json!({"N": "9"}));
    let fresh = json!({"TableName": "Tes", "Item": {"pk": {"S": "q"}, "sk": {"S": "a"}},
                       "Expected": {"pk": {"Exists": false}}});
    e.execute("PutItem", fresh).unwrap();
}

#[test]
fn expected_comparison_form_with_and_and_or() {
    let mut e = sample();
    let delete = |expected: Value, op: &str| {
        json!({"TableName": "Tes", "Key": {"pk": {"S": "p"}, "sk": {"S": "b"}},
               "Expected": expected, "ConditionalOperator": op})
    };
    let both =
        json!({"n": cond("GE", json!([{"N": "2"}])), "tag": cond("EQ", json!([{"S": "red"}]))});
    let err = e
        .execute("DeleteItem", delete(both.clone(), "AND"))
        .unwrap_err();
    assert_eq!(err.code, "ConditionalCheckFailedException");
    e.execute("DeleteItem", delete(both, "OR")).unwrap();
    assert_eq!(item(&mut e, "b"), Value::Null);
    let single = json!({"TableName": "Tes", "Key": {"pk": {"S": "p"}, "sk": {"S": "a"}},
                        "Expected": {"n": {"ComparisonOperator": "EQ", "Value": {"N": "1"}}}});
    e.execute("DeleteItem", single).unwrap();
}

#[test]
fn expected_is_refused_in_the_service_s_words() {
    let mut e = sample();
    let s = json!({"S": "a"});
    let cases = [
        (
            json!({"Value": s, "AttributeValueList": [s]}),
            "Value and AttributeValueList cannot be used together for Attribute: a",
        ),
        (
            json!({"ComparisonOperator": "EQ", "Exists": true}),
            "Exists and ComparisonOperator cannot be used together for Attribute: a",
        ),
        (
            json!({"ComparisonOperator": "LT"}),
            "Value or AttributeValueList must be used with ComparisonOperator: LT for Attribute: a",
        ),
        (
            json!({"AttributeValueList": [s]}),
            "AttributeValueList can only be used with a ComparisonOperator for Attribute: a",
        ),
        (
            json!({"Exists": true, "AttributeValueList": [s]}),
            "AttributeValueList can only be used with a ComparisonOperator for Attribute: a",
        ),
        (
            json!({"Exists": true}),
            "Value must be provided when Exists is true for Attribute: a",
        ),
        (
            json!({}),
            "Value must be provided when Exists is null for Attribute: a",
        ),
        (
            json!({"Exists": false, "Value": s}),
            "Value cannot be used when Exists is false for Attribute: a",
        ),
        (
            json!({"ComparisonOperator": "NULL", "Value": s}),
            "Invalid number of argument(s) for the NULL ComparisonOperator",
        ),
    ];
    for (expected, want) in cases {
        let req = json!({"TableName": "Tes", "Item": {"pk": {"S": "p"}, "sk": {"S": "z"}},
                         "Expected": {"a": expected}});
        assert_eq!(refused(&mut e, "PutItem", req), format!("{INVALID}{want}"));
    }
}

fn update(e: &mut Engine, updates: Value) -> Result<Value, DynamoError> {
    e.execute(
        "UpdateItem",
        json!({"TableName": "Tes", "Key": {"pk": {"S": "p"}, "sk": {"S": "c"}},
               "AttributeUpdates": updates, "ReturnValues": "ALL_NEW"}),
    )
}

#[test]
fn attribute_updates_put_add_and_delete() {
    let mut e = sample();
    let got = update(
        &mut e,
        json!({
            "n": {"Action": "ADD", "Value": {"N": "5"}},
            "tags": {"Action": "DELETE", "Value": {"SS": ["x"]}},
            "fresh": {"Value": {"S": "v"}},
            "count": {"Action": "ADD", "Value": {"N": "-2"}},
            "list": {"Action": "ADD", "Value": {"L": [{"S": "one"}]}},
        }),
    )
    .unwrap();
    let a = &got["Attributes"];
    assert_eq!(a["n"], json!({"N": "8"}));
    assert_eq!(a["tags"], json!({"SS": ["y"]}));
    assert_eq!(a["fresh"], json!({"S": "v"}));
    assert_eq!(
        a["count"],
        json!({"N": "-2"}),
        "ADD to a missing number starts at 0"
    );
    assert_eq!(a["list"], json!({"L": [{"S": "one"}]}));
    let got = update(
        &mut e,
        json!({
            "tags": {"Action": "ADD", "Value": {"SS": ["z"]}},
            "list": {"Action": "ADD", "Value": {"L": [{"S": "two"}]}},
            "fresh": {"Action": "DELETE"},
            "nothing": {"Action": "DELETE", "Value": {"SS": ["q"]}},
        }),
    )
    .unwrap();
    let a = &got["Attributes"];
    assert_eq!(a["tags"], json!({"SS": ["y", "z"]}));
    assert_eq!(a["list"]["L"].as_array().unwrap().len(), 2);
    assert!(a.get("fresh").is_none() && a.get("nothing").is_none());
}

#[test]
fn deletes_alone_leave_a_missing_item_missing_and_a_put_creates_it() {
    let mut e = sample();
    let key = json!({"pk": {"S": "p"}, "sk": {"S": "new"}});
    let deletes = json!({
        "TableName": "Tes", "Key": key, "ReturnValues": "ALL_NEW",
        "AttributeUpdates": {"n": {"Action": "DELETE"}, "tags": {"Action": "DELETE", "Value": {"SS": ["x"]}}}
    });
    assert_eq!(e.execute("UpdateItem", deletes).unwrap(), json!({}));
    let get = json!({"TableName": "Tes", "Key": key});
    assert_eq!(e.execute("GetItem", get.clone()).unwrap(), json!({}));
    let with_put = json!({
        "TableName": "Tes", "Key": key,
        "AttributeUpdates": {"n": {"Action": "DELETE"}, "m": {"Value": {"N": "1"}}}
    });
    e.execute("UpdateItem", with_put).unwrap();
    assert_eq!(
        e.execute("GetItem", get).unwrap()["Item"]["m"],
        json!({"N": "1"})
    );
}

#[test]
fn attribute_updates_are_refused_in_the_service_s_words() {
    let mut e = sample();
    let cases = [
        (
            json!({"n": {"Action": "PUT"}}),
            format!("{INVALID}Only DELETE action is allowed when no attribute value is specified"),
        ),
        (
            json!({"n": {"Action": "ADD"}}),
            format!("{INVALID}Only DELETE action is allowed when no attribute value is specified"),
        ),
        (
            json!({"n": {"Action": "DELETE", "Value": {"N": "1"}}}),
            format!("{INVALID}DELETE action with value is not supported for the type N"),
        ),
        (
            json!({"n": {"Action": "ADD", "Value": {"S": "x"}}}),
            format!("{INVALID}ADD action is not supported for the type S"),
        ),
        (
            json!({"pk": {"Action": "PUT", "Value": {"S": "x"}}}),
            format!("{INVALID}Cannot update attribute pk. This attribute is part of the key"),
        ),
        (
            json!({"n": {"Action": "ADD", "Value": {"SS": ["x"]}}}),
            "Type mismatch for attribute to update".into(),
        ),
        (
            json!({"tags": {"Action": "DELETE", "Value": {"NS": ["1"]}}}),
            "Type mismatch for attribute to update".into(),
        ),
    ];
    for (updates, want) in cases {
        let err = update(&mut e, updates.clone()).unwrap_err();
        assert_eq!(err.message, want, "{updates}");
    }
}

#[test]
fn attribute_updates_with_expected() {
    let mut e = sample();
    let req = |n: &str| {
        json!({"TableName": "Tes", "Key": {"pk": {"S": "p"}, "sk": {"S": "a"}},
               "AttributeUpdates": {"n": {"Action": "PUT", "Value": {"N": "7"}}},
               "Expected": {"n": {"Value": {"N": n}}}})
    };
    let err = e.execute("UpdateItem", req("5")).unwrap_err();
    assert_eq!(err.code, "ConditionalCheckFailedException");
    e.execute("UpdateItem", req("1")).unwrap();
    assert_eq!(item(&mut e, "a")["n"], json!({"N": "7"}));
}

#[test]
fn placeholders_beside_no_expression_are_refused_as_before() {
    let mut e = sample();
    let req = json!({"TableName": "Tes", "ScanFilter": {"n": cond("EQ", json!([{"N": "1"}]))},
                     "ExpressionAttributeNames": {"#n": "n"}});
    assert_eq!(
        refused(&mut e, "Scan", req),
        "ExpressionAttributeNames can only be specified when using expressions"
    );
}

#[test]
fn generated_placeholders_do_not_clash_with_the_request_s_own() {
    let mut e = sample();
    let req = key_query(json!({"FilterExpression": "#legacy0 = :legacy0",
        "ExpressionAttributeNames": {"#legacy0": "n"},
        "ExpressionAttributeValues": {":legacy0": {"N": "3"}}}));
    assert_eq!(sort_keys(&e.execute("Query", req).unwrap()), ["c"]);
}

#[test]
fn the_record_names_the_first_legacy_parameter() {
    let mut e = sample();
    e.take_request_log();
    e.execute("Query", key_query(json!({"AttributesToGet": ["n"]})))
        .unwrap();
    let log = e.take_request_log();
    assert_eq!(log[0].form, RequestForm::Legacy("AttributesToGet"));
    assert!(log[0].expressions.is_empty());
    let batch = json!({"RequestItems": {"Tes": {"Keys": [], "AttributesToGet": ["a"]}}});
    assert_eq!(
        first_legacy("BatchGetItem", &batch),
        Some("AttributesToGet")
    );
}
