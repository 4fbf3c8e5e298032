//! Request rules the service checks before touching data: index definitions,
//! ListTables' limit, Select without an index, BatchGetItem's 100 keys.

use serde_json::{json, Value};

use super::Engine;

fn refused(e: &mut Engine, action: &str, req: Value) -> String {
    e.execute(action, req).unwrap_err().message
}

fn table_with(indexes: Value) -> Value {
    let mut req = json!({
        "TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                      {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "S"},
                                 {"AttributeName": "g", "AttributeType": "S"}]
    });
    for (k, v) in indexes.as_object().into_iter().flatten() {
        req[k] = v.clone();
    }
    req
}

/// A table of the key attributes alone (an unused definition is refused).
fn plain_table() -> Value {
    let mut req = table_with(json!({}));
    if let Some(definitions) = req["AttributeDefinitions"].as_array_mut() {
        definitions.truncate(2);
    }
    req
}

fn gsi(name: &str, key: &str) -> Value {
    json!({"IndexName": name, "KeySchema": [{"AttributeName": key, "KeyType": "HASH"}],
           "Projection": {"ProjectionType": "ALL"}})
}

const INVALID: &str = "One or more parameter values were invalid: ";

#[test]
fn index_definitions_follow_the_service_s_rules() {
    let mut e = Engine::new();
    let cases = [
        (json!({"GlobalSecondaryIndexes": []}), "List of GlobalSecondaryIndexes is empty"),
        (json!({"GlobalSecondaryIndexes": [gsi("ByG", "g"), gsi("ByG", "g")]}), "Duplicate index name: ByG"),
        (json!({"GlobalSecondaryIndexes": [gsi("ByX", "x")]}),
         "Some index key attributes are not defined in AttributeDefinitions. Keys: [x], AttributeDefinitions: [pk, sk, g]"),
        (json!({"LocalSecondaryIndexes": [gsi("ByG", "g")]}), "Index KeySchema does not have a range key for index: ByG"),
        (json!({"LocalSecondaryIndexes": [{"IndexName": "ByG", "Projection": {"ProjectionType": "ALL"},
            "KeySchema": [{"AttributeName": "sk", "KeyType": "HASH"}, {"AttributeName": "g", "KeyType": "RANGE"}]}]}),
         "Index KeySchema does not have the same leading hash key as table KeySchema for index: ByG. index hash key: sk, table hash key: pk"),
        (json!({"GlobalSecondaryIndexes": [{"IndexName": "ByG", "Projection": {},
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}]}]}), "Unknown ProjectionType: null"),
        (json!({"GlobalSecondaryIndexes": [{"IndexName": "ByG",
            "Projection": {"ProjectionType": "ALL", "NonKeyAttributes": ["a"]},
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}]}]}),
         "ProjectionType is ALL, but NonKeyAttributes is specified"),
    ];
    for (indexes, detail) in cases {
        assert_eq!(
            refused(&mut e, "CreateTable", table_with(indexes)),
            format!("{INVALID}{detail}")
        );
    }
    assert!(e.table_names().is_empty());
}

#[test]
fn index_counts_and_shapes_are_limited() {
    let mut e = Engine::new();
    let many: Vec<Value> = (0..21).map(|i| gsi(&format!("Index{i}"), "g")).collect();
    let msg = refused(
        &mut e,
        "CreateTable",
        table_with(json!({"GlobalSecondaryIndexes": many})),
    );
    assert_eq!(
        msg,
        format!("{INVALID}GlobalSecondaryIndex count exceeds the per-table limit of 20")
    );
    let unprojected = json!({"GlobalSecondaryIndexes": [{"IndexName": "ByG",
        "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}]}]});
    let msg = refused(&mut e, "CreateTable", table_with(unprojected));
    assert_eq!(msg, "1 validation error detected: Value null at 'globalSecondaryIndexes.1.member.projection' failed to satisfy constraint: Member must not be null");
    let mut paid = gsi("ByG", "g");
    paid["ProvisionedThroughput"] = json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1});
    let msg = refused(
        &mut e,
        "CreateTable",
        table_with(json!({"GlobalSecondaryIndexes": [paid]})),
    );
    assert_eq!(msg, format!("{INVALID}ProvisionedThroughput should not be specified for index: ByG when BillingMode is PAY_PER_REQUEST"));
}

#[test]
fn table_keys_and_attribute_types_are_checked() {
    let mut e = Engine::new();
    let mut req = table_with(json!({}));
    req["AttributeDefinitions"][2]["AttributeType"] = json!("X");
    assert_eq!(refused(&mut e, "CreateTable", req), "1 validation error detected: Value 'X' at 'attributeDefinitions.3.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]");
    let mut req = table_with(json!({}));
    req["KeySchema"][1]["AttributeName"] = json!("pk");
    assert_eq!(
        refused(&mut e, "CreateTable", req),
        "Both the Hash Key and the Range Key element in the KeySchema have the same name"
    );
    let mut req = plain_table();
    req["KeySchema"][1]["AttributeName"] = json!("pk");
    req["AttributeDefinitions"] = json!([{"AttributeName": "pk", "AttributeType": "S"}]);
    assert_eq!(
        refused(&mut e, "CreateTable", req),
        "Invalid KeySchema: Some index key attribute have no definition"
    );
    let mut req = table_with(json!({}));
    req["KeySchema"][1]["KeyType"] = json!("HASH");
    assert_eq!(
        refused(&mut e, "CreateTable", req),
        "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type"
    );
}

#[test]
fn list_tables_takes_a_limit_of_1_to_100() {
    let mut e = Engine::new();
    let msg = refused(&mut e, "ListTables", json!({"Limit": 0}));
    assert_eq!(msg, "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
    let msg = refused(&mut e, "ListTables", json!({"Limit": 101}));
    assert_eq!(msg, "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100");
    e.execute("CreateTable", plain_table()).unwrap();
    let out = e.execute("ListTables", json!({"Limit": 1})).unwrap();
    assert_eq!(out["TableNames"], json!(["Orders"]));
}

#[test]
fn all_projected_attributes_needs_an_index() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let msg = refused(
        &mut e,
        "Scan",
        json!({"TableName": "Orders", "Select": "ALL_PROJECTED_ATTRIBUTES"}),
    );
    assert_eq!(
        msg,
        "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"
    );
}

#[test]
fn batch_get_item_takes_100_keys_in_all() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let mut second = plain_table();
    second["TableName"] = json!("Orders2");
    e.execute("CreateTable", second).unwrap();
    let keys = |n: usize| -> Vec<Value> {
        (0..n)
            .map(|i| json!({"pk": {"S": format!("p{i}")}, "sk": {"S": "s"}}))
            .collect()
    };
    let req =
        json!({"RequestItems": {"Orders": {"Keys": keys(60)}, "Orders2": {"Keys": keys(41)}}});
    assert_eq!(
        refused(&mut e, "BatchGetItem", req),
        "Too many items requested for the BatchGetItem call"
    );
    let req =
        json!({"RequestItems": {"Orders": {"Keys": keys(60)}, "Orders2": {"Keys": keys(40)}}});
    assert!(e.execute("BatchGetItem", req).is_ok());
}

#[test]
fn return_values_outside_the_enum_or_the_operation_are_refused_before_writing() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let key = json!({"pk": {"S": "a"}, "sk": {"S": "1"}});
    let put = |rv: &str, member: &str| json!({"TableName": "Orders", "Item": key, member: rv});
    let enum_text = "1 validation error detected: Value 'BOGUS' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]";
    assert_eq!(
        refused(&mut e, "PutItem", put("BOGUS", "ReturnValues")),
        enum_text
    );
    for rv in ["ALL_NEW", "UPDATED_OLD", "UPDATED_NEW"] {
        assert_eq!(
            refused(&mut e, "PutItem", put(rv, "ReturnValues")),
            "Return values set to invalid value"
        );
    }
    let on_failure = refused(
        &mut e,
        "PutItem",
        put("ALL_NEW", "ReturnValuesOnConditionCheckFailure"),
    );
    assert_eq!(on_failure, "1 validation error detected: Value 'ALL_NEW' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
    let update = json!({"TableName": "Orders", "Key": key, "ReturnValues": "BOGUS",
        "UpdateExpression": "SET n = :n", "ExpressionAttributeValues": {":n": {"N": "1"}}});
    assert_eq!(refused(&mut e, "UpdateItem", update), enum_text);
    let delete = json!({"TableName": "Orders", "Key": key, "ReturnValues": "ALL_NEW"});
    assert_eq!(
        refused(&mut e, "DeleteItem", delete),
        "Return values set to invalid value"
    );
    let got = e
        .execute("GetItem", json!({"TableName": "Orders", "Key": key}))
        .unwrap();
    assert!(got.get("Item").is_none(), "{got}");
    let old = e
        .execute("PutItem", put("ALL_OLD", "ReturnValues"))
        .unwrap();
    assert!(old.get("Attributes").is_none(), "{old}");
}

#[test]
fn scan_segments_outside_the_model_s_ranges_are_shape_errors() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let scan = |segment: i64, total: i64| json!({"TableName": "Orders", "Segment": segment, "TotalSegments": total});
    let shape = |value: i64, path: &str, bound: &str| {
        format!("1 validation error detected: Value '{value}' at '{path}' failed to satisfy constraint: Member must have value {bound}")
    };
    let cases = [
        (
            scan(-1, 2),
            shape(-1, "segment", "greater than or equal to 0"),
        ),
        (
            scan(0, 0),
            shape(0, "totalSegments", "greater than or equal to 1"),
        ),
        (
            scan(0, 1_000_001),
            shape(1_000_001, "totalSegments", "less than or equal to 1000000"),
        ),
        (
            scan(1_000_000, 1_000_000),
            shape(1_000_000, "segment", "less than or equal to 999999"),
        ),
    ];
    for (req, text) in cases {
        assert_eq!(refused(&mut e, "Scan", req), text);
    }
    assert!(e.execute("Scan", scan(999_999, 1_000_000)).is_ok());
}

fn query(cond: &str, values: Value) -> Value {
    json!({"TableName": "Orders", "KeyConditionExpression": cond, "ExpressionAttributeValues": values})
}

#[test]
fn key_conditions_name_one_or_two_keys_of_the_schema() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let v = json!({":v": {"S": "a"}});
    assert_eq!(
        refused(
            &mut e,
            "Query",
            query("pk = :v AND sk = :v AND x = :v", v.clone())
        ),
        "Conditions can be of length 1 or 2 only"
    );
    let mut hash_only = plain_table();
    hash_only["TableName"] = json!("Hashes");
    hash_only["KeySchema"].as_array_mut().unwrap().truncate(1);
    hash_only["AttributeDefinitions"]
        .as_array_mut()
        .unwrap()
        .truncate(1);
    e.execute("CreateTable", hash_only).unwrap();
    let mut req = query("pk = :v AND x = :v", v);
    req["TableName"] = json!("Hashes");
    assert_eq!(
        refused(&mut e, "Query", req),
        "Query key condition not supported"
    );
}

#[test]
fn a_start_key_of_the_wrong_type_is_not_a_key_of_the_table() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let mut req = query("pk = :v", json!({":v": {"S": "a"}}));
    req["ExclusiveStartKey"] = json!({"pk": {"S": "a"}, "sk": {"N": "1"}});
    assert_eq!(
        refused(&mut e, "Query", req.clone()),
        "The provided starting key is invalid: The provided key element does not match the schema"
    );
    req["ExclusiveStartKey"]["sk"] = json!({"S": "1"});
    assert!(e.execute("Query", req).is_ok());
}

#[test]
fn a_projection_allows_only_specific_attributes() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let scan = |select: &str, projection: Option<&str>| {
        let mut req = json!({"TableName": "Orders", "Select": select});
        if let Some(p) = projection {
            req["ProjectionExpression"] = json!(p);
        }
        req
    };
    assert_eq!(
        refused(&mut e, "Scan", scan("ALL_ATTRIBUTES", Some("a"))),
        "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES"
    );
    assert_eq!(
        refused(&mut e, "Scan", scan("COUNT", Some("a"))),
        "Cannot specify the ProjectionExpression when choosing to get only the Count"
    );
    assert_eq!(
        refused(&mut e, "Scan", scan("SPECIFIC_ATTRIBUTES", None)),
        "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES"
    );
    assert!(e
        .execute("Scan", scan("SPECIFIC_ATTRIBUTES", Some("a")))
        .is_ok());
    let count = e.execute("Scan", scan("COUNT", None)).unwrap();
    assert!(count.get("Items").is_none(), "{count}");
}

#[test]
fn an_index_created_on_a_provisioned_table_needs_its_own_capacity() {
    let mut e = Engine::new();
    let mut table = plain_table();
    table["BillingMode"] = json!("PROVISIONED");
    table["ProvisionedThroughput"] = json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1});
    e.execute("CreateTable", table).unwrap();
    let create = |extra: Value| {
        let mut def = gsi("ByG", "g");
        for (k, v) in extra.as_object().into_iter().flatten() {
            def[k] = v.clone();
        }
        json!({"TableName": "Orders",
               "AttributeDefinitions": [{"AttributeName": "g", "AttributeType": "S"}],
               "GlobalSecondaryIndexUpdates": [{"Create": def}]})
    };
    assert_eq!(
        refused(&mut e, "UpdateTable", create(json!({}))),
        format!("{INVALID}ProvisionedThroughput is not specified for index: ByG")
    );
    let mut on_demand = create(json!({}));
    on_demand["BillingMode"] = json!("PAY_PER_REQUEST");
    assert!(e.execute("UpdateTable", on_demand).is_ok());
}

#[test]
fn an_operator_needs_two_distinct_operands() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let filter = |expr: &str, names: Value| json!({"TableName": "Orders", "FilterExpression": expr, "ExpressionAttributeNames": names});
    assert!(e
        .execute("Scan", filter("#x = a.b[0]", json!({"#x": "a"})))
        .is_ok());
    assert_eq!(
        refused(&mut e, "Scan", filter("a.b[0] <> #x.b[0]", json!({"#x": "a"}))),
        "Invalid FilterExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: <>, first operand: [a, b, [0]]"
    );
    assert_eq!(
        refused(&mut e, "Scan", filter("contains(#x, a)", json!({"#x": "a"}))),
        "Invalid FilterExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a]"
    );
    assert!(e
        .execute("Scan", filter("contains(#x, b)", json!({"#x": "a"})))
        .is_ok());
}

#[test]
fn a_transaction_entry_holds_exactly_one_action() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let key = json!({"pk": {"S": "a"}, "sk": {"S": "1"}});
    let entry = json!({"Put": {"TableName": "Orders", "Item": key},
                       "Delete": {"TableName": "Orders", "Key": key}});
    assert_eq!(
        refused(
            &mut e,
            "TransactWriteItems",
            json!({"TransactItems": [entry]})
        ),
        "TransactItems can only contain one of Check, Put, Update or Delete"
    );
    let got = e
        .execute("GetItem", json!({"TableName": "Orders", "Key": key}))
        .unwrap();
    assert!(got.get("Item").is_none(), "{got}");
}

#[test]
fn in_takes_at_most_100_operands() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let scan = |n: usize| {
        let names: Vec<String> = (0..n).map(|i| format!(":v{i}")).collect();
        let values: serde_json::Map<String, Value> = names
            .iter()
            .map(|k| (k.clone(), json!({"N": "1"})))
            .collect();
        json!({"TableName": "Orders", "FilterExpression": format!("a IN ({})", names.join(", ")),
               "ExpressionAttributeValues": values})
    };
    assert_eq!(
        refused(&mut e, "Scan", scan(101)),
        "Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 101"
    );
    assert!(e.execute("Scan", scan(100)).is_ok());
}

#[test]
fn a_read_transaction_reads_each_item_once() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let get = |sk: &str| json!({"Get": {"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"S": sk}}}});
    assert_eq!(
        refused(
            &mut e,
            "TransactGetItems",
            json!({"TransactItems": [get("1"), get("1")]})
        ),
        "Transaction request cannot include multiple operations on one item"
    );
    let out = e
        .execute(
            "TransactGetItems",
            json!({"TransactItems": [get("1"), get("2")]}),
        )
        .unwrap();
    assert_eq!(out["Responses"], json!([{}, {}]));
}

/// An item of exactly 300 KB (307,200 bytes by the service's count).
fn item_of_300_kb(n: usize) -> Value {
    let pad = "x".repeat(300 * 1024 - "pkP".len() - "sk00".len() - "pad".len());
    json!({"pk": {"S": "P"}, "sk": {"S": format!("{n:02}")}, "pad": {"S": pad}})
}

#[test]
fn batch_get_item_stops_at_16_mb_and_hands_back_the_rest() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    for n in 0..100 {
        let put = json!({"TableName": "Orders", "Item": item_of_300_kb(n)});
        e.execute("PutItem", put).unwrap();
    }
    let keys: Vec<Value> = (0..100)
        .map(|n| json!({"pk": {"S": "P"}, "sk": {"S": format!("{n:02}")}}))
        .collect();
    let spec = json!({"Keys": keys, "ConsistentRead": true});
    let req = json!({"RequestItems": {"Orders": spec}, "ReturnConsumedCapacity": "TOTAL"});
    let got = e.execute("BatchGetItem", req).unwrap();
    // The service's example: 100 items of 300 KB give 52 (16 MB), the rest unprocessed.
    let items = got["Responses"]["Orders"].as_array().unwrap();
    assert_eq!(items.len(), 52);
    assert_eq!(items[51]["sk"], json!({"S": "51"}));
    let rest = &got["UnprocessedKeys"]["Orders"];
    assert_eq!(rest["Keys"], json!(keys[52..]));
    assert_eq!(rest["ConsistentRead"], json!(true));
    assert_eq!(
        got["ConsumedCapacity"][0]["CapacityUnits"],
        json!(52.0 * 75.0)
    );
    let again = json!({"RequestItems": got["UnprocessedKeys"].clone()});
    let got = e.execute("BatchGetItem", again).unwrap();
    assert_eq!(got["Responses"]["Orders"].as_array().unwrap().len(), 48);
    assert_eq!(got["UnprocessedKeys"], json!({}));
}

#[test]
fn a_get_whose_key_does_not_fit_cancels_the_read_transaction() {
    let mut e = Engine::new();
    e.execute("CreateTable", plain_table()).unwrap();
    let good = json!({"Get": {"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}}});
    let empty = json!({"Get": {"TableName": "Orders", "Key": {}}});
    let err = e
        .execute("TransactGetItems", json!({"TransactItems": [good, empty]}))
        .unwrap_err();
    assert_eq!(err.code, "TransactionCanceledException");
    assert_eq!(
        err.message,
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]"
    );
    let reasons = err.cancellation_reasons.unwrap_or_default();
    assert_eq!(
        reasons[1]["Message"],
        "The provided key element does not match the schema"
    );
}

#[test]
fn an_empty_batch_is_refused_in_the_batch_s_words() {
    let mut e = Engine::new();
    for action in ["BatchGetItem", "BatchWriteItem"] {
        assert_eq!(
            refused(&mut e, action, json!({"RequestItems": {}})),
            format!("The requestItems parameter is required for {action}")
        );
    }
}

#[test]
fn a_stream_asked_for_is_described_and_the_course_keeps_fixed_descriptions() {
    let mut e = Engine::new();
    let mut table = plain_table();
    table["StreamSpecification"] = json!({"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"});
    let created = e.execute("CreateTable", table).unwrap();
    let described = &created["TableDescription"];
    assert_eq!(described["LatestStreamLabel"], "2026-01-01T00:00:01.000");
    assert_eq!(
        described["LatestStreamArn"],
        "arn:aws:dynamodb:us-east-1:123456789012:table/Orders/stream/2026-01-01T00:00:01.000"
    );
    assert_eq!(
        described["StreamSpecification"]["StreamViewType"],
        "NEW_IMAGE"
    );
    assert!(
        described.get("TableId").is_none(),
        "no id to change between runs"
    );
    let mut bad = plain_table();
    bad["TableName"] = json!("Other");
    bad["StreamSpecification"] = json!({"StreamEnabled": true, "StreamViewType": "ALL"});
    assert!(refused(&mut e, "CreateTable", bad).contains("streamSpecification.streamViewType"));
}
