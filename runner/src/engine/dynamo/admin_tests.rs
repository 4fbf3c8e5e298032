//! UpdateTable, time to live, tags and the account answers, with the service's texts.

use serde_json::{json, Value};

use super::Engine;

fn engine_with_items() -> Engine {
    let mut e = Engine::new();
    e.execute(
        "CreateTable",
        json!({
            "TableName": "Orders",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}
        }),
    )
    .unwrap();
    for (pk, status) in [("a", Some("open")), ("b", Some("shut")), ("c", None)] {
        let mut item = json!({"pk": {"S": pk}});
        if let Some(s) = status {
            item["status"] = json!({"S": s});
        }
        e.execute("PutItem", json!({"TableName": "Orders", "Item": item}))
            .unwrap();
    }
    e
}

fn message(e: &mut Engine, action: &str, req: Value) -> (String, String) {
    let err = e.execute(action, req).unwrap_err();
    (err.code, err.message)
}

fn status_index() -> Value {
    json!({
        "TableName": "Orders",
        "AttributeDefinitions": [{"AttributeName": "status", "AttributeType": "S"}],
        "GlobalSecondaryIndexUpdates": [{"Create": {
            "IndexName": "ByStatus",
            "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}
        }}]
    })
}

#[test]
fn a_created_index_holds_the_items_already_written_and_later_ones() {
    let mut e = engine_with_items();
    let out = e.execute("UpdateTable", status_index()).unwrap();
    let gsis = &out["TableDescription"]["GlobalSecondaryIndexes"];
    assert_eq!(gsis[0]["IndexName"], "ByStatus");
    let query = json!({"TableName": "Orders", "IndexName": "ByStatus",
        "KeyConditionExpression": "#s = :s",
        "ExpressionAttributeNames": {"#s": "status"},
        "ExpressionAttributeValues": {":s": {"S": "open"}}});
    assert_eq!(e.execute("Query", query.clone()).unwrap()["Count"], 1);
    let item = json!({"pk": {"S": "d"}, "status": {"S": "open"}});
    e.execute("PutItem", json!({"TableName": "Orders", "Item": item}))
        .unwrap();
    assert_eq!(e.execute("Query", query).unwrap()["Count"], 2);
}

#[test]
fn a_deleted_index_can_no_longer_be_queried() {
    let mut e = engine_with_items();
    e.execute("UpdateTable", status_index()).unwrap();
    let delete = json!({"TableName": "Orders",
        "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": "ByStatus"}}]});
    let out = e.execute("UpdateTable", delete.clone()).unwrap();
    assert!(out["TableDescription"]
        .get("GlobalSecondaryIndexes")
        .is_none_or(|g| g.as_array().is_some_and(Vec::is_empty)));
    let (code, _) = message(&mut e, "UpdateTable", delete);
    assert_eq!(code, "ResourceNotFoundException");
    let scan = json!({"TableName": "Orders", "IndexName": "ByStatus"});
    assert!(e.execute("Scan", scan).is_err());
}

#[test]
fn an_index_that_exists_or_two_at_once_are_refused() {
    let mut e = engine_with_items();
    e.execute("UpdateTable", status_index()).unwrap();
    let (_, msg) = message(&mut e, "UpdateTable", status_index());
    assert_eq!(
        msg,
        "One or more parameter values were invalid: Index with name ByStatus already exists"
    );
    let mut two = status_index();
    two["GlobalSecondaryIndexUpdates"] = json!([
        {"Delete": {"IndexName": "ByStatus"}}, {"Delete": {"IndexName": "Other"}}
    ]);
    let (code, msg) = message(&mut e, "UpdateTable", two);
    assert_eq!(code, "LimitExceededException");
    assert!(msg.starts_with("Subscriber limit exceeded: Only 1 online index"));
}

#[test]
fn update_table_needs_something_to_change() {
    let mut e = engine_with_items();
    let (_, msg) = message(&mut e, "UpdateTable", json!({"TableName": "Orders"}));
    assert!(msg.starts_with("At least one of ProvisionedThroughput, BillingMode"));
    let same = json!({"TableName": "Orders",
        "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}});
    let (_, msg) = message(&mut e, "UpdateTable", same);
    assert!(msg.starts_with("The provisioned throughput for the table will not change."));
    let (code, _) = message(
        &mut e,
        "UpdateTable",
        json!({"TableName": "Nope", "BillingMode": "PAY_PER_REQUEST"}),
    );
    assert_eq!(code, "ResourceNotFoundException");
}

#[test]
fn billing_mode_and_throughput_change_the_description() {
    let mut e = engine_with_items();
    let more = json!({"TableName": "Orders",
        "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 3}});
    let out = e.execute("UpdateTable", more).unwrap();
    assert_eq!(
        out["TableDescription"]["ProvisionedThroughput"]["ReadCapacityUnits"],
        7
    );
    let on_demand = json!({"TableName": "Orders", "BillingMode": "PAY_PER_REQUEST"});
    let out = e.execute("UpdateTable", on_demand).unwrap();
    let table = &out["TableDescription"];
    assert_eq!(
        table["BillingModeSummary"]["BillingMode"],
        "PAY_PER_REQUEST"
    );
    assert_eq!(table["ProvisionedThroughput"]["WriteCapacityUnits"], 0);
}

#[test]
fn throughput_rules_hold_for_create_and_update() {
    let mut e = engine_with_items();
    let zero = json!({"TableName": "Orders",
        "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 5}});
    let (_, msg) = message(&mut e, "UpdateTable", zero);
    assert_eq!(msg, "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1");
    let both = json!({"TableName": "Second", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}});
    let (_, msg) = message(&mut e, "CreateTable", both);
    assert_eq!(msg, "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
    let (_, msg) = message(
        &mut e,
        "UpdateTable",
        json!({"TableName": "Orders", "BillingMode": "FREE"}),
    );
    assert!(msg.contains("at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]"));
}

fn provisioned_table(extra: Value) -> Value {
    let mut req = json!({"TableName": "Third",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "g", "AttributeType": "S"}],
        "GlobalSecondaryIndexes": [{"IndexName": "ByG",
            "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}]});
    for (k, v) in extra.as_object().into_iter().flatten() {
        req[k] = v.clone();
    }
    req
}

#[test]
fn provisioned_billing_needs_capacity_for_the_table_and_each_global_index() {
    let mut e = Engine::new();
    let units = json!({"ReadCapacityUnits": 1, "WriteCapacityUnits": 1});
    for billing in [json!({}), json!({"BillingMode": "PROVISIONED"})] {
        let (code, msg) = message(&mut e, "CreateTable", provisioned_table(billing));
        assert_eq!(code, "ValidationException");
        assert_eq!(msg, "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
    }
    let table_only = provisioned_table(json!({"ProvisionedThroughput": units}));
    let (_, msg) = message(&mut e, "CreateTable", table_only.clone());
    assert_eq!(msg, "One or more parameter values were invalid: ProvisionedThroughput is not specified for index: ByG");
    assert!(e
        .execute("DescribeTable", json!({"TableName": "Third"}))
        .is_err());
    let mut both = table_only;
    both["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"] = units;
    e.execute("CreateTable", both).unwrap();
    let on_demand = json!({"TableName": "Fourth", "BillingMode": "PAY_PER_REQUEST"});
    e.execute("CreateTable", provisioned_table(on_demand))
        .unwrap();
}

fn ttl(enabled: bool, name: &str) -> Value {
    json!({"TableName": "Orders",
        "TimeToLiveSpecification": {"Enabled": enabled, "AttributeName": name}})
}

#[test]
fn time_to_live_is_enabled_once_and_described() {
    let mut e = engine_with_items();
    let describe = json!({"TableName": "Orders"});
    let off = e.execute("DescribeTimeToLive", describe.clone()).unwrap();
    assert_eq!(
        off["TimeToLiveDescription"],
        json!({"TimeToLiveStatus": "DISABLED"})
    );
    let out = e.execute("UpdateTimeToLive", ttl(true, "expires")).unwrap();
    assert_eq!(out["TimeToLiveSpecification"]["AttributeName"], "expires");
    let on = e.execute("DescribeTimeToLive", describe).unwrap();
    assert_eq!(on["TimeToLiveDescription"]["TimeToLiveStatus"], "ENABLED");
    assert_eq!(on["TimeToLiveDescription"]["AttributeName"], "expires");
    let (_, msg) = message(&mut e, "UpdateTimeToLive", ttl(true, "other"));
    assert_eq!(msg, "TimeToLive is already enabled");
    e.execute("UpdateTimeToLive", ttl(false, "expires"))
        .unwrap();
    let (_, msg) = message(&mut e, "UpdateTimeToLive", ttl(false, "expires"));
    assert_eq!(msg, "TimeToLive is already disabled");
}

#[test]
fn time_to_live_needs_its_specification() {
    let mut e = engine_with_items();
    let (_, msg) = message(&mut e, "UpdateTimeToLive", json!({"TableName": "Orders"}));
    assert_eq!(msg, "1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy constraint: Member must not be null");
    let (code, _) = message(&mut e, "DescribeTimeToLive", json!({"TableName": "Nope"}));
    assert_eq!(code, "ResourceNotFoundException");
}

const ARN: &str = "arn:aws:dynamodb:us-east-1:123456789012:table/Orders";

#[test]
fn tags_are_added_listed_and_removed_by_the_table_s_arn() {
    let mut e = engine_with_items();
    let described = e
        .execute("DescribeTable", json!({"TableName": "Orders"}))
        .unwrap();
    assert_eq!(described["Table"]["TableArn"], ARN);
    let tags = json!([{"Key": "team", "Value": "a"}, {"Key": "env", "Value": "dev"}]);
    e.execute("TagResource", json!({"ResourceArn": ARN, "Tags": tags}))
        .unwrap();
    e.execute(
        "UntagResource",
        json!({"ResourceArn": ARN, "TagKeys": ["team"]}),
    )
    .unwrap();
    let listed = e
        .execute("ListTagsOfResource", json!({"ResourceArn": ARN}))
        .unwrap();
    assert_eq!(listed["Tags"], json!([{"Key": "env", "Value": "dev"}]));
}

#[test]
fn tags_of_an_unknown_or_malformed_arn_are_refused() {
    let mut e = engine_with_items();
    let missing = "arn:aws:dynamodb:us-east-1:123456789012:table/Nope";
    let (code, msg) = message(
        &mut e,
        "ListTagsOfResource",
        json!({"ResourceArn": missing}),
    );
    assert_eq!(code, "ResourceNotFoundException");
    assert_eq!(
        msg,
        format!("Requested resource not found: ResourcArn: {missing} not found")
    );
    let (code, msg) = message(
        &mut e,
        "ListTagsOfResource",
        json!({"ResourceArn": "Orders"}),
    );
    assert_eq!(code, "ValidationException");
    assert_eq!(
        msg,
        "Invalid TableArn: Invalid ResourceArn provided as input Orders"
    );
    let (_, msg) = message(
        &mut e,
        "TagResource",
        json!({"ResourceArn": ARN, "Tags": []}),
    );
    assert_eq!(msg, "Atleast one Tag needs to be provided as Input.");
}

#[test]
fn create_table_keeps_its_tags() {
    let mut e = Engine::new();
    e.execute(
        "CreateTable",
        json!({"TableName": "Tagged",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
        "BillingMode": "PAY_PER_REQUEST",
        "Tags": [{"Key": "k", "Value": "v"}]}),
    )
    .unwrap();
    let arn = "arn:aws:dynamodb:us-east-1:123456789012:table/Tagged";
    let listed = e
        .execute("ListTagsOfResource", json!({"ResourceArn": arn}))
        .unwrap();
    assert_eq!(listed["Tags"], json!([{"Key": "k", "Value": "v"}]));
}

#[test]
fn account_answers_and_continuous_backups() {
    let mut e = engine_with_items();
    let limits = e.execute("DescribeLimits", json!({})).unwrap();
    assert_eq!(limits["TableMaxReadCapacityUnits"], 40000);
    let endpoints = e.execute("DescribeEndpoints", json!({})).unwrap();
    assert_eq!(endpoints["Endpoints"][0]["CachePeriodInMinutes"], 1440);
    let backups = e
        .execute("DescribeContinuousBackups", json!({"TableName": "Orders"}))
        .unwrap();
    let pitr = &backups["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
    assert_eq!(pitr["PointInTimeRecoveryStatus"], "DISABLED");
    let (code, msg) = message(
        &mut e,
        "DescribeContinuousBackups",
        json!({"TableName": "Nope"}),
    );
    assert_eq!(
        (code.as_str(), msg.as_str()),
        ("TableNotFoundException", "Table not found: Nope")
    );
}

#[test]
fn each_index_update_is_one_action_on_its_own_index() {
    let mut e = engine_with_items();
    let (_, msg) = message(
        &mut e,
        "UpdateTable",
        json!({"TableName": "Orders", "GlobalSecondaryIndexUpdates": [{}]}),
    );
    assert_eq!(msg, "One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null");
    let change = json!({"Update": {"IndexName": "ByStatus",
        "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}});
    let twice =
        json!({"TableName": "Orders", "GlobalSecondaryIndexUpdates": [change.clone(), change]});
    let (_, msg) = message(&mut e, "UpdateTable", twice);
    assert_eq!(msg, "One or more parameter values were invalid: Only one global secondary index update per index is allowed simultaneously. Index: ByStatus");
}

#[test]
fn the_table_s_arn_stands_for_its_name_and_is_echoed_back() {
    let mut e = engine_with_items();
    let key = json!({"pk": {"S": "a"}});
    let got = e
        .execute(
            "GetItem",
            json!({"TableName": ARN, "Key": key, "ReturnConsumedCapacity": "TOTAL"}),
        )
        .unwrap();
    assert_eq!(got["Item"]["status"], json!({"S": "open"}));
    // The API reference: an ARN given in the input comes back as the table's name.
    assert_eq!(got["ConsumedCapacity"]["TableName"], ARN);
    let put = json!({"TableName": ARN, "Item": {"pk": {"S": "d"}}});
    e.execute("PutItem", put).unwrap();
    let query = json!({"TableName": ARN, "KeyConditionExpression": "pk = :p",
                       "ExpressionAttributeValues": {":p": {"S": "d"}}});
    assert_eq!(e.execute("Query", query).unwrap()["Count"], 1);
    let batch = json!({"RequestItems": {ARN: {"Keys": [key]}}});
    let got = e.execute("BatchGetItem", batch).unwrap();
    assert_eq!(got["Responses"][ARN].as_array().map(Vec::len), Some(1));
    let get = json!({"TransactItems": [{"Get": {"TableName": ARN, "Key": {"pk": {"S": "b"}}}}]});
    let got = e.execute("TransactGetItems", get).unwrap();
    assert_eq!(got["Responses"][0]["Item"]["status"], json!({"S": "shut"}));
    let described = e
        .execute("DescribeTable", json!({"TableName": ARN}))
        .unwrap();
    assert_eq!(described["Table"]["TableName"], "Orders");
}

#[test]
fn another_account_s_arn_names_no_table_and_names_keep_their_rules() {
    let mut e = engine_with_items();
    let other = "arn:aws:dynamodb:eu-west-1:999999999999:table/Orders";
    let key = json!({"pk": {"S": "a"}});
    let (code, _) = message(&mut e, "GetItem", json!({"TableName": other, "Key": key}));
    assert_eq!(code, "ResourceNotFoundException");
    let (_, msg) = message(&mut e, "GetItem", json!({"TableName": "a:b", "Key": key}));
    assert_eq!(msg, "1 validation error detected: Value 'a:b' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
    let long = format!("arn:{}", "x".repeat(1021));
    let (_, msg) = message(&mut e, "GetItem", json!({"TableName": long, "Key": key}));
    assert_eq!(
        msg,
        format!("1 validation error detected: Value '{long}' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 1024")
    );
}
