//! Key attributes and item sizes as the service checks them: key sizes on every
//! key, the 400 KB item limit before the table is looked up, duplicate keys in
//! batches, and key paths in update expressions.

use serde_json::{json, Value};

use super::Engine;

fn orders() -> Engine {
    let mut e = Engine::new();
    let table = json!({
        "TableName": "Orders", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                      {"AttributeName": "sk", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "B"},
                                 {"AttributeName": "g", "AttributeType": "S"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByG", "Projection": {"ProjectionType": "ALL"},
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}]}]
    });
    e.execute("CreateTable", table).unwrap();
    e
}

fn refused(e: &mut Engine, action: &str, req: Value) -> String {
    let err = e.execute(action, req).unwrap_err();
    assert_eq!(err.code, "ValidationException", "{}", err.message);
    err.message
}

fn key(pk: &str) -> Value {
    json!({"pk": {"S": pk}, "sk": {"B": "AQ=="}})
}

/// An item of exactly `bytes` bytes: the keys (pk "p" = 3, sk 1 byte = 3) and `pad`.
fn item_of(bytes: usize) -> Value {
    let mut item = key("p");
    item["pad"] = json!({"S": "x".repeat(bytes - 6 - 3)});
    item
}

const TOO_BIG: &str = "Item size has exceeded the maximum allowed size";

#[test]
fn items_over_400_kb_are_refused_before_the_table_is_looked_up() {
    let mut e = orders();
    let put = |table: &str, bytes: usize| json!({"TableName": table, "Item": item_of(bytes)});
    assert_eq!(refused(&mut e, "PutItem", put("Missing", 409_601)), TOO_BIG);
    assert!(e.execute("PutItem", put("Orders", 409_600)).is_ok());
    let batch = json!({"RequestItems": {"Missing": [{"PutRequest": {"Item": item_of(409_601)}}]}});
    assert_eq!(refused(&mut e, "BatchWriteItem", batch), TOO_BIG);
    let tx =
        json!({"TransactItems": [{"Put": {"TableName": "Missing", "Item": item_of(409_601)}}]});
    assert_eq!(refused(&mut e, "TransactWriteItems", tx), TOO_BIG);
}

#[test]
fn key_values_have_size_limits_in_keys_as_in_items() {
    let mut e = orders();
    let long_hash = json!({"pk": {"S": "h".repeat(2049)}, "sk": {"B": "AQ=="}});
    assert_eq!(
        refused(&mut e, "GetItem", json!({"TableName": "Orders", "Key": long_hash})),
        "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes"
    );
    let long_range = json!({"pk": {"S": "p"}, "sk": {"B": crate::base64::encode(&[7u8; 1025])}});
    assert_eq!(
        refused(&mut e, "DeleteItem", json!({"TableName": "Orders", "Key": long_range})),
        "One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes"
    );
    let empty_binary = json!({"pk": {"S": "p"}, "sk": {"B": ""}});
    assert_eq!(
        refused(&mut e, "GetItem", json!({"TableName": "Orders", "Key": empty_binary})),
        "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: sk"
    );
}

#[test]
fn batch_writes_are_one_put_or_one_delete_and_25_in_all() {
    let mut e = orders();
    let both = json!({"PutRequest": {"Item": key("a")}, "DeleteRequest": {"Key": key("a")}});
    assert_eq!(
        refused(&mut e, "BatchWriteItem", json!({"RequestItems": {"Missing": [both]}})),
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
    );
    let puts = |n: usize| -> Vec<Value> {
        (0..n)
            .map(|i| json!({"PutRequest": {"Item": key(&i.to_string())}}))
            .collect()
    };
    let req = json!({"RequestItems": {"Orders": puts(13), "Other": puts(13)}});
    assert_eq!(
        refused(&mut e, "BatchWriteItem", req),
        "Too many items requested for the BatchWriteItem call"
    );
    let same = json!({"RequestItems": {"Orders": [
        {"PutRequest": {"Item": key("a")}}, {"DeleteRequest": {"Key": key("a")}}]}});
    assert_eq!(
        refused(&mut e, "BatchWriteItem", same),
        "Provided list of item keys contains duplicates"
    );
}

#[test]
fn duplicate_batch_get_keys_are_seen_before_the_table() {
    let mut e = orders();
    let req = json!({"RequestItems": {"Missing": {"Keys": [key("a"), {"sk": {"B": "AQ=="}, "pk": {"S": "a"}}]}}});
    assert_eq!(
        refused(&mut e, "BatchGetItem", req),
        "Provided list of item keys contains duplicates"
    );
    let distinct = json!({"RequestItems": {"Missing": {"Keys": [key("a"), key("b")]}}});
    let err = e.execute("BatchGetItem", distinct).unwrap_err();
    assert_eq!(err.code, "ResourceNotFoundException");
}

#[test]
fn updates_cannot_reach_into_key_attributes() {
    let mut e = orders();
    let update = |expr: &str| {
        json!({"TableName": "Orders", "Key": key("a"), "UpdateExpression": expr,
               "ExpressionAttributeValues": {":v": {"S": "x"}}})
    };
    assert_eq!(
        refused(&mut e, "UpdateItem", update("SET g.deep = :v")),
        "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: g"
    );
    assert_eq!(
        refused(&mut e, "UpdateItem", update("SET pk = :v")),
        "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key"
    );
    assert!(e.execute("UpdateItem", update("SET g = :v")).is_ok());
}

#[test]
fn attribute_values_are_refused_with_the_service_s_texts_for_each_type() {
    let mut e = orders();
    let put = |a: Value| {
        let mut item = key("p");
        item["a"] = a;
        json!({"TableName": "Orders", "Item": item})
    };
    let cases = [
        (json!({"S": "a", "N": "1"}), "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"),
        (json!({}), "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"),
        (json!({"BS": []}), "One or more parameter values were invalid: Binary sets should not be empty"),
        (json!({"NS": []}), "One or more parameter values were invalid: An number set  may not be empty"),
        (json!({"NS": ["1", "1.0"]}), "Input collection contains duplicates"),
        (json!({"BS": ["Yg==", "Yg=="]}), "One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates."),
    ];
    for (value, text) in cases {
        assert_eq!(
            refused(&mut e, "PutItem", put(value.clone())),
            text,
            "{value}"
        );
    }
}

#[test]
fn bad_values_are_named_by_where_they_were_given() {
    let mut e = orders();
    let mut put = json!({"TableName": "Orders", "Item": key("p"),
                         "ConditionExpression": "attribute_not_exists(a) OR a = :v",
                         "ExpressionAttributeValues": {":v": {"SS": []}}});
    assert_eq!(
        refused(&mut e, "PutItem", put.clone()),
        "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :v"
    );
    put["ExpressionAttributeValues"][":v"] = json!({"S": "x"});
    assert!(e.execute("PutItem", put).is_ok());
    let query = |start: Value| {
        json!({"TableName": "Orders", "KeyConditionExpression": "pk = :p",
               "ExpressionAttributeValues": {":p": {"S": "p"}}, "ExclusiveStartKey": start})
    };
    assert_eq!(
        refused(&mut e, "Query", query(json!({"pk": {}}))),
        "The provided starting key is invalid: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
    );
    assert_eq!(
        refused(
            &mut e,
            "Query",
            query(json!({"pk": {"S": "p"}, "n": {"NS": ["1", "1"]}}))
        ),
        "Input collection contains duplicates"
    );
}

#[test]
fn update_operators_refuse_literals_of_another_type_before_reading_the_item() {
    let mut e = orders();
    let update = |expr: &str, v: Value| {
        json!({"TableName": "Orders", "Key": key("a"), "UpdateExpression": expr,
               "ExpressionAttributeValues": {":v": v}})
    };
    assert_eq!(
        refused(&mut e, "UpdateItem", update("SET n = :v + n", json!({"S": "x"}))),
        "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S"
    );
    assert_eq!(
        refused(&mut e, "UpdateItem", update("SET l = list_append(l, :v)", json!({"N": "1"}))),
        "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: N"
    );
    let ok = update(
        "SET l = list_append(if_not_exists(l, :v), :v)",
        json!({"L": []}),
    );
    assert!(e.execute("UpdateItem", ok).is_ok());
}

/// A map `levels` deep: the attribute's own value is the first level.
fn nested(levels: usize) -> Value {
    (1..levels).fold(json!({"S": "leaf"}), |inner, _| json!({"M": {"a": inner}}))
}

#[test]
fn documents_nest_32_levels_and_no_deeper() {
    let mut e = orders();
    let put = |levels: usize| {
        let mut item = key("p");
        item["doc"] = nested(levels);
        json!({"TableName": "Orders", "Item": item})
    };
    assert!(e.execute("PutItem", put(32)).is_ok());
    let message = refused(&mut e, "PutItem", put(33));
    assert!(message.starts_with("Nesting Levels have exceeded supported limits"));
    let mut list = key("q");
    list["doc"] = json!({"L": [nested(32)]});
    let refused_list = refused(
        &mut e,
        "PutItem",
        json!({"TableName": "Orders", "Item": list}),
    );
    assert_eq!(refused_list, message, "a list is a level as a map is");
}

#[test]
fn a_transaction_over_4_mb_of_items_is_refused_and_nothing_is_written() {
    let mut e = orders();
    let puts = |count: usize| {
        let put = |i: usize| {
            let mut item = item_of(350_000);
            item["pk"] = json!({"S": format!("{i:03}")});
            json!({"Put": {"TableName": "Orders", "Item": item}})
        };
        json!({"TransactItems": (0..count).map(put).collect::<Vec<_>>()})
    };
    let message = refused(&mut e, "TransactWriteItems", puts(12));
    assert!(message.contains("exceeding the 4MB limit"), "{message}");
    let scan = e.execute("Scan", json!({"TableName": "Orders"})).unwrap();
    assert_eq!(scan["Count"], 0);
    assert!(e.execute("TransactWriteItems", puts(11)).is_ok());
}
