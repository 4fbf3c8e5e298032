//! Responses written as text must be the very bytes serde_json writes for the
//! tree of the same response: the HTTP endpoint sends the one, the shell reads
//! the other, and clients check `x-amz-crc32` against the text.

use indexmap::IndexMap;
use proptest::prelude::*;
use serde_json::{json, Value};

use super::number::Number;
use super::text::{write_item, write_value};
use super::types::{item_to_json, AttrValue, Item};
use super::Engine;

fn text_of(write: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> String {
    let mut out = Vec::new();
    write(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Strings with what JSON must escape: quotes, backslashes, control characters,
/// and text outside ASCII.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just('"'),
            Just('\\'),
            Just('\n'),
            Just('\u{1}'),
            Just('\u{7f}'),
            Just('é'),
            Just('😀'),
            prop::char::range('a', 'z'),
        ],
        0..6,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn number() -> impl Strategy<Value = Number> {
    let mantissa = (any::<i64>(), 0u32..6).prop_map(|(n, scale)| format!("{n}e-{scale}"));
    let extreme = prop_oneof![Just("1E+125".to_string()), Just("-1E-130".to_string())];
    prop_oneof![mantissa, extreme].prop_filter_map("a DynamoDB number", |t| Number::parse(&t).ok())
}

fn scalar() -> impl Strategy<Value = AttrValue> {
    prop_oneof![
        text().prop_map(AttrValue::S),
        number().prop_map(AttrValue::N),
        prop::collection::vec(any::<u8>(), 0..7).prop_map(AttrValue::B),
        any::<bool>().prop_map(AttrValue::Bool),
        Just(AttrValue::Null),
        prop::collection::vec(text(), 1..3).prop_map(AttrValue::SS),
        prop::collection::vec(number(), 1..3).prop_map(AttrValue::NS),
        prop::collection::vec(prop::collection::vec(any::<u8>(), 1..4), 1..3)
            .prop_map(AttrValue::BS),
    ]
}

fn value() -> impl Strategy<Value = AttrValue> {
    scalar().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(AttrValue::L),
            prop::collection::vec((text(), inner), 0..4)
                .prop_map(|pairs| AttrValue::M(pairs.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn attribute_values_are_written_as_serde_json_writes_their_tree(v in value()) {
        let written = text_of(|out| write_value(out, &v));
        prop_assert_eq!(written, v.to_json().to_string());
    }

    #[test]
    fn items_are_written_in_attribute_order(pairs in prop::collection::vec((text(), value()), 0..6)) {
        let item: Item = pairs.into_iter().collect();
        let written = text_of(|out| write_item(out, &item));
        prop_assert_eq!(written, item_to_json(&item).to_string());
    }
}

/// A table of projects; with `indexes`, two GSIs on `status`: one projecting
/// everything (read in place) and one keys only (entries built per read).
fn table_with(items: &[Value], indexes: bool) -> Engine {
    let mut engine = Engine::new();
    let mut table = json!({
        "TableName": "Proyek",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "sk", "AttributeType": "S"}
        ],
        "BillingMode": "PAY_PER_REQUEST"
    });
    if indexes {
        let status = json!({"AttributeName": "status", "AttributeType": "S"});
        table["AttributeDefinitions"]
            .as_array_mut()
            .unwrap()
            .push(status);
        let index = |name: &str, projection: &str| {
            json!({
                "IndexName": name,
                "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": projection}
            })
        };
        table["GlobalSecondaryIndexes"] =
            json!([index("ByStatus", "ALL"), index("StatusKeys", "KEYS_ONLY")]);
    }
    engine.execute("CreateTable", table).unwrap();
    for item in items {
        engine
            .execute("PutItem", json!({"TableName": "Proyek", "Item": item}))
            .unwrap();
    }
    engine
}

fn project(n: usize) -> Value {
    json!({
        "pk": {"S": "WS#1"}, "sk": {"S": format!("P#{n}")},
        "name": {"S": format!("Proyek \"{n}\" é\n")},
        "status": {"S": if n.is_multiple_of(2) { "ACTIVE" } else { "DONE" }},
        "budget": {"N": format!("{}.50", n * 1000)},
        "tags": {"SS": ["a", "b"]}
    })
}

/// The text `respond` writes, next to the tree `execute` gives for the same request.
fn both(engine: &mut Engine, action: &str, request: Value) -> (String, Value) {
    let written = engine.respond(action, request.clone(), |r| {
        text_of(|out| r.unwrap().write_json(out))
    });
    (written, engine.execute(action, request).unwrap())
}

#[test]
fn a_query_page_is_written_as_its_tree_with_every_member() {
    let mut engine = table_with(&(0..5).map(project).collect::<Vec<_>>(), false);
    let request = json!({
        "TableName": "Proyek", "Limit": 2, "ReturnConsumedCapacity": "INDEXES",
        "KeyConditionExpression": "pk = :p AND begins_with(sk, :s)",
        "ExpressionAttributeValues": {":p": {"S": "WS#1"}, ":s": {"S": "P#"}}
    });
    let (written, tree) = both(&mut engine, "Query", request);
    assert_eq!(written, tree.to_string());
    let start = r#"{"Items":[{"pk":{"S":"WS#1"},"sk":{"S":"P#0"},"name":{"S":"Proyek \"0\" é\n"},"status":{"S":"ACTIVE"},"budget":{"N":"0.5"},"tags":{"SS":["a","b"]}},"#;
    assert!(written.starts_with(start), "{written}");
    let end = r#""Count":2,"ScannedCount":2,"LastEvaluatedKey":{"pk":{"S":"WS#1"},"sk":{"S":"P#1"}},"ConsumedCapacity":{"TableName":"Proyek","CapacityUnits":0.5,"Table":{"CapacityUnits":0.5}}}"#;
    assert!(written.ends_with(end), "{written}");
}

#[test]
fn pages_from_indexes_projections_filters_and_counts_match_their_trees() {
    let mut engine = table_with(&(0..6).map(project).collect::<Vec<_>>(), true);
    let key = json!({":p": {"S": "WS#1"}});
    // Each request with the Count and ScannedCount it must answer.
    let requests = [
        (
            "Scan",
            json!({"TableName": "Proyek", "IndexName": "ByStatus", "Limit": 3}),
            (3, 3),
        ),
        (
            "Scan",
            json!({"TableName": "Proyek", "IndexName": "StatusKeys", "Limit": 4}),
            (4, 4),
        ),
        (
            "Scan",
            json!({"TableName": "Proyek", "Select": "COUNT", "ReturnConsumedCapacity": "TOTAL"}),
            (6, 6),
        ),
        (
            "Query",
            json!({"TableName": "Proyek", "KeyConditionExpression": "pk = :p",
            "ProjectionExpression": "budget, tags", "ScanIndexForward": false,
            "ExpressionAttributeValues": key}),
            (6, 6),
        ),
        (
            "Query",
            json!({"TableName": "Proyek", "IndexName": "ByStatus",
            "KeyConditionExpression": "#s = :a", "FilterExpression": "budget > :b",
            "ExpressionAttributeNames": {"#s": "status"},
            "ExpressionAttributeValues": {":a": {"S": "ACTIVE"}, ":b": {"N": "1000"}}}),
            (2, 3),
        ),
    ];
    let mut trees = Vec::new();
    for (action, request, counts) in requests {
        let (written, tree) = both(&mut engine, action, request);
        assert_eq!(written, tree.to_string());
        assert_eq!(
            (tree["Count"].as_u64(), tree["ScannedCount"].as_u64()),
            (Some(counts.0), Some(counts.1)),
            "{tree}"
        );
        trees.push(tree);
    }
    let keys_only = &trees[1]["Items"][0];
    let names: Vec<&String> = keys_only.as_object().unwrap().keys().collect();
    assert_eq!(names, ["pk", "sk", "status"], "{keys_only}");
    assert!(trees[2].get("Items").is_none(), "{}", trees[2]);
    assert_eq!(
        trees[3]["Items"][0],
        json!({"budget": {"N": "5000.5"}, "tags": {"SS": ["a", "b"]}})
    );
}

#[test]
fn the_request_log_is_written_after_the_answer() {
    let mut engine = table_with(&(0..3).map(project).collect::<Vec<_>>(), false);
    let request = json!({"TableName": "Proyek", "Limit": 2});
    let count = engine.respond("Scan", request, |r| r.map(|_| ()).is_ok());
    assert!(count);
    let log = engine.take_request_log();
    let last = log.last().unwrap();
    assert_eq!(
        (last.operation.as_str(), last.table.as_str()),
        ("Scan", "Proyek")
    );
    assert_eq!((last.count, last.scanned_count), (Some(2), Some(2)));
}

#[test]
fn errors_reach_the_writer_and_the_log() {
    let mut engine = table_with(&[], false);
    let request = json!({"TableName": "Missing", "KeyConditionExpression": "pk = :p",
        "ExpressionAttributeValues": {":p": {"S": "x"}}});
    let code = engine.respond("Query", request, |r| r.err().map(|e| e.code));
    assert_eq!(code.as_deref(), Some("ResourceNotFoundException"));
    let log = engine.take_request_log();
    let last = log.last().unwrap();
    assert_eq!(
        (last.operation.as_str(), last.table.as_str()),
        ("Query", "Missing")
    );
}

#[test]
fn empty_maps_lists_and_attributes_keep_their_shape() {
    let item: Item = [
        ("m".to_string(), AttrValue::M(IndexMap::new())),
        ("l".to_string(), AttrValue::L(Vec::new())),
    ]
    .into_iter()
    .collect();
    let written = text_of(|out| write_item(out, &item));
    assert_eq!(written, r#"{"m":{"M":{}},"l":{"L":[]}}"#);
    assert_eq!(text_of(|out| write_item(out, &Item::new())), "{}");
    let quoted = AttrValue::S("tab\t \"q\" \\ \u{1f} \u{8}\u{c}\r\u{7f}".to_string());
    let expected = "{\"S\":\"tab\\t \\\"q\\\" \\\\ \\u001f \\b\\f\\r\u{7f}\"}";
    assert_eq!(text_of(|out| write_value(out, &quoted)), expected);
}

#[test]
fn the_text_of_a_stored_item_follows_its_updates_and_deletes() {
    let mut engine = table_with(&(0..3).map(project).collect::<Vec<_>>(), true);
    let key = json!({"pk": {"S": "WS#1"}, "sk": {"S": "P#1"}});
    let update = json!({"TableName": "Proyek", "Key": key,
        "UpdateExpression": "SET budget = :b REMOVE tags",
        "ExpressionAttributeValues": {":b": {"N": "7"}}});
    engine.execute("UpdateItem", update).unwrap();
    let delete = json!({"TableName": "Proyek", "Key": {"pk": {"S": "WS#1"}, "sk": {"S": "P#2"}}});
    engine.execute("DeleteItem", delete).unwrap();
    let query = json!({"TableName": "Proyek", "KeyConditionExpression": "pk = :p",
        "ExpressionAttributeValues": {":p": {"S": "WS#1"}}});
    let (written, tree) = both(&mut engine, "Query", query);
    assert_eq!(written, tree.to_string());
    assert_eq!(tree["Count"], json!(2));
    let updated = r#"{"pk":{"S":"WS#1"},"sk":{"S":"P#1"},"name":{"S":"Proyek \"1\" é\n"},"status":{"S":"DONE"},"budget":{"N":"7"}}"#;
    assert!(written.contains(updated), "{written}");
    let (by_status, _) = both(
        &mut engine,
        "Scan",
        json!({"TableName": "Proyek", "IndexName": "ByStatus"}),
    );
    assert!(
        by_status.contains(updated) && !by_status.contains("P#2"),
        "{by_status}"
    );
}

#[test]
fn a_get_item_is_written_as_its_tree_found_projected_or_missing() {
    let mut engine = table_with(&(0..3).map(project).collect::<Vec<_>>(), false);
    let key = |n: usize| json!({"pk": {"S": "WS#1"}, "sk": {"S": format!("P#{n}")}});
    let cases = [
        json!({"TableName": "Proyek", "Key": key(1)}),
        json!({"TableName": "Proyek", "Key": key(1), "ReturnConsumedCapacity": "TOTAL"}),
        json!({"TableName": "Proyek", "Key": key(2), "ConsistentRead": true,
               "ReturnConsumedCapacity": "INDEXES", "ProjectionExpression": "#n, tags",
               "ExpressionAttributeNames": {"#n": "name"}}),
        json!({"TableName": "Proyek", "Key": key(1), "ProjectionExpression": "nothing"}),
        json!({"TableName": "Proyek", "Key": key(9)}),
        json!({"TableName": "Proyek", "Key": key(9), "ReturnConsumedCapacity": "TOTAL"}),
    ];
    let mut texts = Vec::new();
    for request in cases {
        let (written, tree) = both(&mut engine, "GetItem", request);
        assert_eq!(written, tree.to_string());
        texts.push(written);
    }
    let item = r#"{"pk":{"S":"WS#1"},"sk":{"S":"P#1"},"name":{"S":"Proyek \"1\" é\n"},"status":{"S":"DONE"},"budget":{"N":"1000.5"},"tags":{"SS":["a","b"]}}"#;
    assert_eq!(texts[0], format!(r#"{{"Item":{item}}}"#));
    let capacity = r#""ConsumedCapacity":{"TableName":"Proyek","CapacityUnits":0.5}"#;
    assert_eq!(texts[1], format!(r#"{{"Item":{item},{capacity}}}"#));
    assert!(
        texts[2].starts_with(r#"{"Item":{"name":{"S":"Proyek \"2\" é\n"},"tags":{"SS":["a","b"]}},"ConsumedCapacity":{"TableName":"Proyek","CapacityUnits":1.0,"#),
        "{}",
        texts[2]
    );
    assert_eq!(texts[3], r#"{"Item":{}}"#);
    assert_eq!(texts[4], "{}");
    assert_eq!(texts[5], format!("{{{capacity}}}"));
}
