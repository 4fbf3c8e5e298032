//! Shape constraints: every violation of a request in one message, before any
//! table is looked up.

use serde_json::{json, Value};

use crate::engine::dynamo::Engine;

fn refused(action: &str, req: Value) -> String {
    let err = Engine::new().execute(action, req).unwrap_err();
    assert_eq!(err.code, "ValidationException", "{}", err.message);
    err.message
}

const PATTERN: &str = "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+";

#[test]
fn several_violations_are_reported_together_in_the_service_s_order() {
    let req = json!({"TableName": "a;", "Select": "hi", "IndexName": "ix", "Limit": 0});
    let expected = [
        "Value 'hi' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]".to_string(),
        "Value 'ix' at 'indexName' failed to satisfy constraint: Member must have length greater than or equal to 3".to_string(),
        format!("Value 'a;' at 'tableName' failed to satisfy constraint: {PATTERN}"),
        "Value 'a;' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3".to_string(),
    ];
    // Query's Limit is not a model violation: it is checked after the model.
    assert_eq!(
        refused("Query", req),
        format!("4 validation errors detected: {}", expected.join("; "))
    );
}

#[test]
fn query_and_scan_word_a_limit_of_0_differently() {
    let key = json!({"TableName": "Orders", "KeyConditionExpression": "pk = :p",
                     "ExpressionAttributeValues": {":p": {"S": "x"}}, "Limit": 0});
    assert_eq!(
        refused("Query", key),
        "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1"
    );
    assert_eq!(
        refused("Scan", json!({"TableName": "Orders", "Limit": 0})),
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"
    );
}

#[test]
fn one_violation_keeps_the_singular() {
    let msg = refused("GetItem", json!({"TableName": "Orders"}));
    assert_eq!(
        msg,
        "1 validation error detected: Value null at 'key' failed to satisfy constraint: Member must not be null"
    );
}

#[test]
fn at_most_ten_violations_are_named() {
    let req = json!({"TransactItems": (0..12).map(|_| json!({"Put": {}})).collect::<Vec<_>>()});
    let msg = refused("TransactWriteItems", req);
    assert!(msg.starts_with("10 validation errors detected: "), "{msg}");
    assert_eq!(msg.matches("failed to satisfy constraint").count(), 10);
    assert!(msg.contains("Value null at 'transactItems.1.member.put.item' failed to satisfy constraint: Member must not be null; Value null at 'transactItems.1.member.put.tableName'"), "{msg}");
}

#[test]
fn shape_comes_before_the_table_and_the_legacy_parameters() {
    let req = json!({"TableName": "Missing", "Key": {}, "ReturnConsumedCapacity": "ALL", "AttributesToGet": ["a"]});
    assert_eq!(
        refused("GetItem", req),
        "1 validation error detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"
    );
    let mut e = Engine::new();
    let err = e
        .execute("GetItem", json!({"TableName": "Missing", "Key": {}}))
        .unwrap_err();
    assert_eq!(err.code, "ResourceNotFoundException");
}

#[test]
fn table_names_of_batch_requests_are_map_keys_with_their_own_constraint() {
    let msg = refused("BatchWriteItem", json!({"RequestItems": {"a": []}}));
    assert_eq!(
        msg,
        format!("2 validation errors detected: Value '{{a=[]}}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, {PATTERN}]; Value '{{a=[]}}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]")
    );
    let msg = refused("BatchWriteItem", json!({"RequestItems": {}}));
    assert_eq!(
        msg,
        "The requestItems parameter is required for BatchWriteItem"
    );
}

#[test]
fn batch_write_requests_need_their_item_or_key() {
    let req = json!({"RequestItems": {"Orders": [{"PutRequest": {}, "DeleteRequest": {}}]},
        "ReturnItemCollectionMetrics": "hi"});
    assert_eq!(
        refused("BatchWriteItem", req),
        "3 validation errors detected: Value 'hi' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]; Value null at 'requestItems.Orders.member.1.member.deleteRequest.key' failed to satisfy constraint: Member must not be null; Value null at 'requestItems.Orders.member.1.member.putRequest.item' failed to satisfy constraint: Member must not be null"
    );
}

#[test]
fn batch_get_takes_1_to_100_keys_per_table() {
    let msg = refused(
        "BatchGetItem",
        json!({"RequestItems": {"Orders": {"Keys": []}}}),
    );
    assert_eq!(msg, "1 validation error detected: Value '[]' at 'requestItems.Orders.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1");
    let keys: Vec<Value> = (0..101)
        .map(|i| json!({"pk": {"S": i.to_string()}}))
        .collect();
    let msg = refused(
        "BatchGetItem",
        json!({"RequestItems": {"Orders": {"Keys": keys}}}),
    );
    assert_eq!(msg, "1 validation error detected: Value at 'RequestItems.Orders.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100");
}

#[test]
fn transact_get_items_need_a_get_with_key_and_table() {
    let req = json!({"TransactItems": [{"Get": {"TableName": "ab"}}, {}]});
    assert_eq!(
        refused("TransactGetItems", req),
        "3 validation errors detected: Value null at 'transactItems.1.member.get.key' failed to satisfy constraint: Member must not be null; Value 'ab' at 'transactItems.1.member.get.tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; Value null at 'transactItems.2.member.get' failed to satisfy constraint: Member must not be null"
    );
}

#[test]
fn create_table_names_its_table_first_in_its_own_words() {
    assert_eq!(
        refused("CreateTable", json!({})),
        "The parameter 'TableName' is required but was not present in the request"
    );
    let short = json!({"TableName": "ab", "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]});
    assert_eq!(
        refused("CreateTable", short),
        "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3"
    );
}

#[test]
fn an_empty_table_name_breaks_only_the_length_names_and_arns_share() {
    let req = json!({"TableName": "", "Item": {"pk": {"S": "a"}}});
    assert_eq!(
        refused("PutItem", req),
        "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1"
    );
}

#[test]
fn create_table_reports_every_violation_of_its_definitions() {
    assert_eq!(
        refused("CreateTable", json!({"TableName": "abc;"})),
        format!("3 validation errors detected: Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null; Value 'abc;' at 'tableName' failed to satisfy constraint: {PATTERN}; Value null at 'keySchema' failed to satisfy constraint: Member must not be null")
    );
    let req = json!({"TableName": "abc", "AttributeDefinitions": [], "KeySchema": [],
        "ProvisionedThroughput": {"ReadCapacityUnits": -1, "WriteCapacityUnits": -1}, "BillingMode": "A"});
    assert_eq!(
        refused("CreateTable", req),
        "4 validation errors detected: Value 'A' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]; Value '-1' at 'provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1; Value '-1' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1; Value '[]' at 'keySchema' failed to satisfy constraint: Member must have length greater than or equal to 1"
    );
}

#[test]
fn create_table_checks_each_key_element_and_index() {
    let req = json!({"TableName": "abc", "AttributeDefinitions": [{"AttributeName": "a"}],
        "KeySchema": [{"KeyType": "HASH"}, {"AttributeName": "a", "KeyType": "Woop"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ix", "KeySchema": [{"AttributeName": "a"}],
            "Projection": {"ProjectionType": "SOME"}}]});
    let msg = refused("CreateTable", req);
    let expected = [
        "Value null at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must not be null",
        "Value null at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must not be null",
        "Value 'Woop' at 'keySchema.2.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]",
        "Value 'ix' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3",
        "Value null at 'globalSecondaryIndexes.1.member.keySchema.1.member.keyType' failed to satisfy constraint: Member must not be null",
        "Value 'SOME' at 'globalSecondaryIndexes.1.member.projection.projectionType' failed to satisfy constraint: Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]",
    ];
    assert_eq!(
        msg,
        format!("6 validation errors detected: {}", expected.join("; "))
    );
}

#[test]
fn update_table_reports_its_index_updates_together() {
    let req = json!({"TableName": "Orders", "BillingMode": "FREE",
        "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 1},
        "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "ix", "KeySchema": []}},
                                        {"Delete": {}}]});
    let expected = [
        "Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1",
        "Value 'FREE' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]",
        "Value null at 'globalSecondaryIndexUpdates.1.member.create.projection' failed to satisfy constraint: Member must not be null",
        "Value 'ix' at 'globalSecondaryIndexUpdates.1.member.create.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3",
        "Value '[]' at 'globalSecondaryIndexUpdates.1.member.create.keySchema' failed to satisfy constraint: Member must have length greater than or equal to 1",
        "Value null at 'globalSecondaryIndexUpdates.2.member.delete.indexName' failed to satisfy constraint: Member must not be null",
    ];
    assert_eq!(
        refused("UpdateTable", req),
        format!("6 validation errors detected: {}", expected.join("; "))
    );
    assert_eq!(
        refused(
            "UpdateTable",
            json!({"TableName": "ab", "BillingMode": "PAY_PER_REQUEST"})
        ),
        "TableName must be at least 3 characters long and at most 255 characters long"
    );
}

#[test]
fn a_key_schema_of_three_shows_its_elements_as_the_service_prints_them() {
    let element = |name: &str, kind: &str| json!({"AttributeName": name, "KeyType": kind});
    let req = json!({"TableName": "abc", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "KeySchema": [element("pk", "HASH"), element("sk", "RANGE"), element("x", "RANGE")]});
    assert_eq!(
        refused("CreateTable", req),
        "1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), KeySchemaElement(attributeName=sk, keyType=RANGE), KeySchemaElement(attributeName=x, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2"
    );
}

#[test]
fn legacy_maps_are_checked_at_their_place_in_the_model() {
    let ops = "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]";
    let req = json!({"TableName": "abc;", "ConditionalOperator": "AN", "Segment": -1, "TotalSegments": 2,
                     "ScanFilter": {"a": {}, "b": {"ComparisonOperator": ""}}});
    assert_eq!(
        refused("Scan", req),
        format!("4 validation errors detected: Value 'abc;' at 'tableName' failed to satisfy constraint: {PATTERN}; \
                 Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]; \
                 Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null; \
                 Value '' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: {ops}; \
                 Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0")
            .replacen("4 validation errors", "5 validation errors", 1)
    );
    let req = json!({"TableName": "abc", "QueryFilter": {"a": {}}, "KeyConditions": {"b": {}}});
    assert_eq!(
        refused("Query", req),
        "2 validation errors detected: Value null at 'queryFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null; \
         Value null at 'keyConditions.b.member.comparisonOperator' failed to satisfy constraint: Member must not be null"
    );
    let req = json!({"TableName": "abc", "Key": {}, "Expected": {"a": {"ComparisonOperator": "LIKE"}},
                     "AttributeUpdates": {"b": {"Action": "SET"}}});
    assert_eq!(
        refused("UpdateItem", req),
        format!("2 validation errors detected: Value 'LIKE' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: {ops}; \
                 Value 'SET' at 'attributeUpdates.b.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]")
    );
}
