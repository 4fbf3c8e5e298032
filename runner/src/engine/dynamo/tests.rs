//! Engine-level tests: the spec's §10 worked lesson figures on the lesson's
//! table, and the sort orders of §8 (UTF-8 bytes, numbers, unsigned bytes).

use serde_json::{json, Value};

use super::size::item_size;
use super::types::item_from_json;
use super::Engine;

const LESSON: &str =
    include_str!("../../../../tests/golden/dynamodb/01_get_item_workspace_meta.json");

fn lesson_engine() -> Engine {
    let case: Value = serde_json::from_str(LESSON).expect("lesson case");
    let mut engine = Engine::new();
    for table in case["tables"].as_array().into_iter().flatten() {
        engine.execute("CreateTable", table.clone()).expect("table");
    }
    for item in case["items"]["AppData"].as_array().into_iter().flatten() {
        engine
            .execute("PutItem", json!({"TableName": "AppData", "Item": item}))
            .expect("item");
    }
    engine
}

fn units(resp: &Value) -> f64 {
    resp["ConsumedCapacity"]["CapacityUnits"]
        .as_f64()
        .unwrap_or(-1.0)
}

fn sizes(items: &Value) -> usize {
    items
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| item_size(&item_from_json(i).expect("item")))
        .sum()
}

fn acme_projects(extra: Value) -> Value {
    let mut req = json!({
        "TableName": "AppData", "ReturnConsumedCapacity": "TOTAL",
        "KeyConditionExpression": "#er = :er AND begins_with(#d, :p)",
        "ExpressionAttributeNames": {"#er": "EntityRef", "#d": "Detail"},
        "ExpressionAttributeValues": {":er": {"S": "WS#acme"}, ":p": {"S": "PROJ#"}}
    });
    for (k, v) in extra.as_object().into_iter().flatten() {
        match (k.as_str(), v) {
            ("ExpressionAttributeNames" | "ExpressionAttributeValues", Value::Object(m)) => {
                for (mk, mv) in m {
                    req[k][mk] = mv.clone();
                }
            }
            _ => req[k] = v.clone(),
        }
    }
    req
}

#[test]
fn get_item_of_the_workspace_meta_reads_207_bytes() {
    let mut e = lesson_engine();
    let key = json!({"EntityRef": {"S": "WS#acme"}, "Detail": {"S": "META"}});
    let eventual = e
        .execute(
            "GetItem",
            json!({"TableName": "AppData", "Key": key, "ReturnConsumedCapacity": "TOTAL"}),
        )
        .unwrap();
    assert_eq!(sizes(&json!([eventual["Item"]])), 207);
    assert_eq!(units(&eventual), 0.5);
    let strong = json!({"TableName": "AppData", "Key": key, "ConsistentRead": true, "ReturnConsumedCapacity": "TOTAL"});
    assert_eq!(units(&e.execute("GetItem", strong).unwrap()), 1.0);
}

#[test]
fn query_of_the_acme_projects_reads_765_bytes() {
    let mut e = lesson_engine();
    let resp = e.execute("Query", acme_projects(json!({}))).unwrap();
    assert_eq!(sizes(&resp["Items"]), 765);
    assert_eq!((resp["Count"].as_u64(), units(&resp)), (Some(5), 0.5));
    let filtered = acme_projects(json!({
        "FilterExpression": "#s = :active",
        "ExpressionAttributeNames": {"#s": "status"},
        "ExpressionAttributeValues": {":active": {"S": "ACTIVE"}}
    }));
    let resp = e.execute("Query", filtered).unwrap();
    assert_eq!(
        (
            resp["Count"].as_u64(),
            resp["ScannedCount"].as_u64(),
            units(&resp)
        ),
        (Some(3), Some(5), 0.5)
    );
}

#[test]
fn whole_collection_scan_and_gsi_figures() {
    let mut e = lesson_engine();
    let whole = json!({"TableName": "AppData", "ReturnConsumedCapacity": "TOTAL",
        "KeyConditionExpression": "EntityRef = :er", "ExpressionAttributeValues": {":er": {"S": "WS#acme"}}});
    let resp = e.execute("Query", whole).unwrap();
    assert_eq!(
        (sizes(&resp["Items"]), resp["Count"].as_u64(), units(&resp)),
        (1108, Some(8), 0.5)
    );
    let scan = e
        .execute(
            "Scan",
            json!({"TableName": "AppData", "ReturnConsumedCapacity": "TOTAL"}),
        )
        .unwrap();
    assert_eq!(
        (
            sizes(&scan["Items"]),
            scan["ScannedCount"].as_u64(),
            units(&scan)
        ),
        (2300, Some(15), 0.5)
    );
    let gsi = json!({"TableName": "AppData", "IndexName": "StatusIndex", "ReturnConsumedCapacity": "INDEXES",
        "KeyConditionExpression": "#s = :s", "ExpressionAttributeNames": {"#s": "status"},
        "ExpressionAttributeValues": {":s": {"S": "ACTIVE"}}});
    let resp = e.execute("Query", gsi).unwrap();
    assert_eq!(
        (sizes(&resp["Items"]), resp["Count"].as_u64()),
        (627, Some(6))
    );
    assert_eq!(
        resp["ConsumedCapacity"]["GlobalSecondaryIndexes"]["StatusIndex"]["CapacityUnits"],
        json!(0.5)
    );
    assert_eq!(
        resp["ConsumedCapacity"]["Table"]["CapacityUnits"],
        json!(0.0)
    );
}

#[test]
fn the_request_log_records_every_request() {
    let mut e = lesson_engine();
    e.take_request_log();
    e.execute("Query", acme_projects(json!({}))).unwrap();
    let _ = e.execute("Scan", json!({"TableName": "Nope"}));
    let log = e.take_request_log();
    assert_eq!(log.len(), 2);
    assert_eq!(
        (
            log[0].operation.as_str(),
            log[0].count,
            log[0].scanned_count
        ),
        ("Query", Some(5), Some(5))
    );
    assert_eq!(log[0].read_units, 0.5);
    assert_eq!(
        (log[1].operation.as_str(), log[1].table.as_str()),
        ("Scan", "Nope")
    );
}

#[test]
fn without_records_the_answers_stay_and_nothing_is_logged() {
    let mut kept = lesson_engine();
    kept.take_request_log();
    let mut bare = lesson_engine();
    bare.take_request_log();
    bare.keep_request_records(false);
    let history_before = bare.history().count();
    let requests = [
        (
            "Query",
            acme_projects(json!({"ReturnConsumedCapacity": "TOTAL"})),
        ),
        ("Scan", json!({"TableName": "Nope"})),
    ];
    for (action, request) in requests {
        let expected = kept.execute(action, request.clone());
        assert_eq!(bare.execute(action, request), expected, "{action}");
    }
    assert_eq!(kept.take_request_log().len(), 2);
    assert!(bare.take_request_log().is_empty());
    assert_eq!(bare.history().count(), history_before);
    bare.keep_request_records(true);
    bare.execute("Query", acme_projects(json!({}))).unwrap();
    let log = bare.take_request_log();
    assert_eq!((log.len(), log[0].read_units), (1, 0.5));
}

fn sort_table(key_type: &str, values: &[Value]) -> Vec<Value> {
    let mut e = Engine::new();
    e.execute("CreateTable", json!({"TableName": "Sorted",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": key_type}],
        "BillingMode": "PAY_PER_REQUEST"})).unwrap();
    for v in values {
        e.execute(
            "PutItem",
            json!({"TableName": "Sorted", "Item": {"pk": {"S": "p"}, "sk": {key_type: v}}}),
        )
        .unwrap();
    }
    let resp = e
        .execute(
            "Query",
            json!({"TableName": "Sorted", "KeyConditionExpression": "pk = :p",
        "ExpressionAttributeValues": {":p": {"S": "p"}}}),
        )
        .unwrap();
    resp["Items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| i["sk"][key_type].clone())
        .collect()
}

#[test]
fn strings_sort_by_utf8_bytes() {
    let order = [
        "10",
        "9",
        "A#",
        "PROJ#2026-0042",
        "PROJ#2026-0100",
        "PROJ#2026-42",
        "Zulu",
        "_x",
        "a",
        "éclair",
        "\u{fffd}",
        "\u{1f600}",
    ];
    let mut shuffled: Vec<Value> = order.iter().rev().map(|s| json!(s)).collect();
    shuffled.rotate_left(5);
    assert_eq!(
        sort_table("S", &shuffled),
        order.iter().map(|s| json!(s)).collect::<Vec<_>>()
    );
}

#[test]
fn numbers_sort_numerically_and_normalise() {
    let order = ["-20", "-3", "0", "0.001", "2.5", "9", "10", "100", "1000"];
    let shuffled: Vec<Value> = ["100", "-3", "0.001", "10", "1000", "0", "9", "-20", "2.5"]
        .iter()
        .map(|s| json!(s))
        .collect();
    assert_eq!(
        sort_table("N", &shuffled),
        order.iter().map(|s| json!(s)).collect::<Vec<_>>()
    );
    assert_eq!(sort_table("N", &[json!("007.50")]), vec![json!("7.5")]);
}

#[test]
fn binary_sorts_as_unsigned_bytes() {
    // 00, 0000, 01, 7f, 80, fe, ff, ff00 in base64
    let order = [
        "AA==", "AAA=", "AQ==", "fw==", "gA==", "/g==", "/w==", "/wA=",
    ];
    let shuffled: Vec<Value> = [
        "/w==", "gA==", "AA==", "/wA=", "fw==", "AAA=", "/g==", "AQ==",
    ]
    .iter()
    .map(|s| json!(s))
    .collect();
    assert_eq!(
        sort_table("B", &shuffled),
        order.iter().map(|s| json!(s)).collect::<Vec<_>>()
    );
}

fn query_with(kce: &str, extra: Value) -> Value {
    let mut req = json!({"TableName": "AppData", "KeyConditionExpression": kce,
        "ExpressionAttributeNames": {"#er": "EntityRef", "#d": "Detail"},
        "ExpressionAttributeValues": {":er": {"S": "WS#acme"}}});
    for (k, v) in extra.as_object().into_iter().flatten() {
        match (k.as_str(), v) {
            ("ExpressionAttributeNames" | "ExpressionAttributeValues", Value::Object(m)) => {
                for (mk, mv) in m {
                    req[k][mk] = mv.clone();
                }
            }
            _ => req[k] = v.clone(),
        }
    }
    req
}

fn put(item: Value) -> Value {
    let mut full = json!({"EntityRef": {"S": "WS#t"}, "Detail": {"S": "X"}});
    for (k, v) in item.as_object().into_iter().flatten() {
        full[k] = v.clone();
    }
    json!({"TableName": "AppData", "Item": full})
}

#[test]
fn validation_texts_match_the_service() {
    let s = |v: &str| json!({"S": v});
    let n = |v: &str| json!({"N": v});
    let cases: Vec<(&str, Value, &str)> = vec![
        ("Query", query_with("#er = :er OR #d = :er", json!({})), "Invalid operator used in KeyConditionExpression: OR"),
        ("Query", query_with("#er = :er AND #d > :a AND #d < :b", json!({"ExpressionAttributeValues": {":a": s("A"), ":b": s("B")}})),
            "KeyConditionExpressions must only contain one condition per key"),
        ("Query", query_with("#er = :er AND #d.x = :a", json!({"ExpressionAttributeValues": {":a": s("A")}})),
            "KeyConditionExpressions cannot have conditions on nested attributes"),
        ("Query", query_with("#er = :er AND contains(#d, :a)", json!({"ExpressionAttributeValues": {":a": s("A")}})),
            "Invalid operator used in KeyConditionExpression: contains"),
        ("Query", query_with("#er = :er AND #d IN (:a)", json!({"ExpressionAttributeValues": {":a": s("A")}})),
            "Invalid operator used in KeyConditionExpression: IN"),
        ("Query", query_with("begins_with(#er, :er)", json!({"ExpressionAttributeNames": {}})).tap_remove_names("#d"),
            "Query key condition not supported"),
        ("Query", query_with("#er = :er AND projectName = :a", json!({"ExpressionAttributeValues": {":a": s("A")}})).tap_remove_names("#d"),
            "Query condition missed key schema element: Detail"),
        ("Query", query_with("#er = :er AND startsWith(#d, :a)", json!({"ExpressionAttributeValues": {":a": s("A")}})),
            "Invalid KeyConditionExpression: Invalid function name; function: startsWith"),
        ("Query", query_with("#er = :er AND", json!({})).tap_remove_names("#d"),
            "Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\""),
        ("Query", query_with("#er = :er", json!({"FilterExpression": "startswith(projectName, :a)", "ExpressionAttributeValues": {":a": s("A")}})).tap_remove_names("#d"),
            "Invalid FilterExpression: Invalid function name; function: startswith"),
        ("Query", query_with("#er = :er", json!({"FilterExpression": "contains(tags)"})).tap_remove_names("#d"),
            "Invalid FilterExpression: Incorrect number of operands for operator or function; operator or function: contains, number of operands: 1"),
        ("Query", query_with("#er = :er", json!({"FilterExpression": "attribute_type(tags, :t)", "ExpressionAttributeValues": {":t": s("STRING")}})).tap_remove_names("#d"),
            "Invalid FilterExpression: Invalid attribute type name found; type: STRING, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"),
        ("Query", query_with("#er = :er", json!({"FilterExpression": "budget BETWEEN :a AND :b", "ExpressionAttributeValues": {":a": n("10"), ":b": n("-5")}})).tap_remove_names("#d"),
            "Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:10}, upper bound operand: AttributeValue: {N:-5}"),
        ("Query", query_with("#er = :er", json!({"FilterExpression": "((budget = :a))", "ExpressionAttributeValues": {":a": n("1")}})).tap_remove_names("#d"),
            "Invalid FilterExpression: The expression has redundant parentheses;"),
        ("Query", query_with("#er = :er", json!({"ProjectionExpression": "name"})).tap_remove_names("#d"),
            "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name"),
        ("Query", query_with("#er = :er", json!({"Select": "X"})).tap_remove_names("#d"),
            "1 validation error detected: Value 'X' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]"),
        ("PutItem", put(json!({"EntityRef": s("")})),
            "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: EntityRef"),
        ("PutItem", put(json!({"status": s("")})),
            "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: StatusIndex, IndexKey: status"),
        ("PutItem", put(json!({"status": n("1")})),
            "One or more parameter values were invalid: Type mismatch for Index Key status Expected: S Actual: N IndexName: StatusIndex"),
        ("PutItem", put(json!({"EntityRef": n("1")})),
            "One or more parameter values were invalid: Type mismatch for key EntityRef expected: S actual: N"),
        ("PutItem", put(json!({"tags": {"SS": []}})), "One or more parameter values were invalid: An string set  may not be empty"),
        ("PutItem", put(json!({"tags": {"SS": ["a", "a"]}})), "One or more parameter values were invalid: Input collection [a, a] contains duplicates."),
        ("PutItem", put(json!({"gone": {"NULL": false}})), "One or more parameter values were invalid: Null attribute value types must have the value of true"),
        ("Scan", json!({"TableName": "AppData", "Limit": 0}),
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"),
        ("Scan", json!({"TableName": "AppData", "Segment": 5, "TotalSegments": 5}),
            "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 5 is not less than TotalSegments: 5"),
        ("UpdateItem", json!({"TableName": "AppData", "Key": {"EntityRef": s("WS#acme"), "Detail": s("META")},
            "UpdateExpression": "SET settings.nope.deep = :v", "ExpressionAttributeValues": {":v": n("1")}}),
            "The document path provided in the update expression is invalid for update"),
        ("UpdateItem", json!({"TableName": "AppData", "Key": {"EntityRef": s("WS#acme"), "Detail": s("META")},
            "UpdateExpression": "INVALID SYNTAX"}),
            "Invalid UpdateExpression: Syntax error; token: \"INVALID\", near: \"INVALID SYNTAX\""),
    ];
    let mut e = lesson_engine();
    for (action, req, want) in cases {
        let got = e.execute(action, req.clone()).err().map(|e| e.message);
        assert_eq!(got.as_deref(), Some(want), "{action} {req}");
    }
}

trait TapRemove {
    fn tap_remove_names(self, key: &str) -> Value;
}

impl TapRemove for Value {
    fn tap_remove_names(mut self, key: &str) -> Value {
        if let Some(m) = self
            .get_mut("ExpressionAttributeNames")
            .and_then(Value::as_object_mut)
        {
            m.shift_remove(key);
        }
        self
    }
}

/// Deterministic mutation of expression text: every request must answer with
/// a response or a service error, never a panic.
#[test]
fn mutated_expressions_never_panic() {
    let corpus = [
        "#er = :er AND begins_with(#d, :p)",
        "#s IN (:a, :b) AND attribute_not_exists(archivedAt) OR NOT (size(tags) > :n)",
        "members[0].email, settings.theme, #d",
        "SET a = if_not_exists(a, :n) + :n, l = list_append(l, :l) REMOVE b[1] ADD c :n DELETE t :s",
        "#d BETWEEN :a AND :b",
    ];
    let noise = [
        "(", ")", "#", ":", ",", ".", "[", "]", "<", ">", "=", "!", " AND ", " OR ", " NOT ", "0",
        "9", "a", "size(", "SET ", "\u{e9}",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut e = lesson_engine();
    for round in 0..1000 {
        let mut text = corpus[round % corpus.len()].to_string();
        for _ in 0..1 + next(4) {
            let at = next(text.len() + 1);
            let at = (0..=at)
                .rev()
                .find(|i| text.is_char_boundary(*i))
                .unwrap_or(0);
            match next(3) {
                0 => text.insert_str(at, noise[next(noise.len())]),
                1 => {
                    let end = (at + 1 + next(3)).min(text.len());
                    if let Some(cut) = (at..=end).rev().find(|i| text.is_char_boundary(*i)) {
                        text.replace_range(at..cut, "");
                    }
                }
                _ => text = format!("{text}{}", &text.clone()[..at]),
            }
        }
        let values = json!({":er": {"S": "WS#acme"}, ":p": {"S": "P"}, ":a": {"S": "A"}, ":b": {"S": "B"},
            ":n": {"N": "1"}, ":l": {"L": []}, ":s": {"SS": ["x"]}});
        let names = json!({"#er": "EntityRef", "#d": "Detail", "#s": "status"});
        let _ = e.execute(
            "Query",
            json!({"TableName": "AppData", "KeyConditionExpression": text,
            "ExpressionAttributeNames": names, "ExpressionAttributeValues": values}),
        );
        let _ = e.execute(
            "Scan",
            json!({"TableName": "AppData", "FilterExpression": text, "ProjectionExpression": text,
            "ExpressionAttributeNames": names, "ExpressionAttributeValues": values}),
        );
        let _ = e.execute(
            "UpdateItem",
            json!({"TableName": "AppData", "UpdateExpression": text,
            "Key": {"EntityRef": {"S": "WS#fuzz"}, "Detail": {"S": "X"}},
            "ExpressionAttributeNames": names, "ExpressionAttributeValues": values}),
        );
    }
}

#[test]
fn lsi_pages_continue_from_their_last_evaluated_key() {
    let mut e = Engine::new();
    e.execute("CreateTable", json!({"TableName": "Lsi", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"},
            {"AttributeName": "at", "AttributeType": "N"}],
        "LocalSecondaryIndexes": [{"IndexName": "ByAt", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
            {"AttributeName": "at", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]})).unwrap();
    for (sk, at) in [("a", "3"), ("b", "1"), ("c", "2")] {
        e.execute("PutItem", json!({"TableName": "Lsi", "Item": {"pk": {"S": "p"}, "sk": {"S": sk}, "at": {"N": at}}})).unwrap();
    }
    let query = |start: Option<Value>| {
        let mut q = json!({"TableName": "Lsi", "IndexName": "ByAt", "KeyConditionExpression": "pk = :p",
            "ExpressionAttributeValues": {":p": {"S": "p"}}, "Limit": 2});
        if let Some(s) = start {
            q["ExclusiveStartKey"] = s;
        }
        q
    };
    let first = e.execute("Query", query(None)).unwrap();
    assert_eq!(first["Items"][0]["sk"], json!({"S": "b"}));
    let lek = first["LastEvaluatedKey"].clone();
    assert_eq!(
        lek,
        json!({"pk": {"S": "p"}, "sk": {"S": "c"}, "at": {"N": "2"}})
    );
    let second = e.execute("Query", query(Some(lek))).unwrap();
    assert_eq!(
        second["Items"],
        json!([{"pk": {"S": "p"}, "sk": {"S": "a"}, "at": {"N": "3"}}])
    );
}

#[test]
fn every_listed_operation_is_dispatched_and_no_other() {
    let mut engine = Engine::new();
    for operation in super::OPERATIONS {
        let err = engine.execute(operation, serde_json::json!({})).err();
        let code = err.map(|e| e.code).unwrap_or_default();
        assert_ne!(code, "UnknownOperationException", "{operation}");
    }
    let err = engine
        .execute("CreateBackup", serde_json::json!({}))
        .unwrap_err();
    assert_eq!(err.code, "UnknownOperationException");
}
