//! Tab completion for the DynamoDB globals: `ddb.` (DocumentClient) and `dynamodb.`
//! (low-level) methods, and the request keys of the call being typed.

/// `ddb.<op>` with the low-level action it stands for, then the learning aids.
const DDB_METHODS: [(&str, &str); 16] = [
    ("get(", "GetItem"),
    ("put(", "PutItem"),
    ("update(", "UpdateItem"),
    ("delete(", "DeleteItem"),
    ("query(", "Query"),
    ("scan(", "Scan"),
    ("batchGet(", "BatchGetItem"),
    ("batchWrite(", "BatchWriteItem"),
    ("transactGet(", "TransactGetItems"),
    ("transactWrite(", "TransactWriteItems"),
    ("executeStatement(", "ExecuteStatement"),
    ("batchExecuteStatement(", "BatchExecuteStatement"),
    ("executeTransaction(", "ExecuteTransaction"),
    ("koleksi(", ""),
    ("riwayat(", ""),
    ("ekspresi(", ""),
];

const DYNAMODB_METHODS: [&str; 17] = [
    "createTable(",
    "describeTable(",
    "listTables(",
    "deleteTable(",
    "putItem(",
    "getItem(",
    "updateItem(",
    "deleteItem(",
    "query(",
    "scan(",
    "batchGetItem(",
    "batchWriteItem(",
    "transactWriteItems(",
    "transactGetItems(",
    "executeStatement(",
    "batchExecuteStatement(",
    "executeTransaction(",
];

const READ: [&str; 4] = [
    "ProjectionExpression",
    "ExpressionAttributeNames",
    "ConsistentRead",
    "ReturnConsumedCapacity",
];

const WRITE: [&str; 5] = [
    "ConditionExpression",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
    "ReturnValues",
    "ReturnConsumedCapacity",
];

const PAGED: [&str; 10] = [
    "IndexName",
    "FilterExpression",
    "ProjectionExpression",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
    "Limit",
    "ExclusiveStartKey",
    "Select",
    "ConsistentRead",
    "ReturnConsumedCapacity",
];

const CREATE_TABLE: [&str; 7] = [
    "TableName",
    "KeySchema",
    "AttributeDefinitions",
    "BillingMode",
    "ProvisionedThroughput",
    "GlobalSecondaryIndexes",
    "LocalSecondaryIndexes",
];

const STATEMENT: [&str; 7] = [
    "Statement",
    "Parameters",
    "Limit",
    "NextToken",
    "ConsistentRead",
    "ReturnConsumedCapacity",
    "ReturnValuesOnConditionCheckFailure",
];

/// The methods offered after `ddb.` or `dynamodb.` (`None` for any other object).
pub fn methods(object: &str) -> Option<Vec<&'static str>> {
    match object {
        "ddb" => Some(DDB_METHODS.iter().map(|(m, _)| *m).collect()),
        "dynamodb" => Some(DYNAMODB_METHODS.to_vec()),
        _ => None,
    }
}

/// The request keys of the DynamoDB call whose arguments `before` is inside.
pub fn request_keys(before: &str) -> Option<Vec<&'static str>> {
    let action = open_call(before)?;
    let keys = match action.as_str() {
        "GetItem" => [&["TableName", "Key"][..], &READ].concat(),
        "PutItem" => [&["TableName", "Item"][..], &WRITE].concat(),
        "DeleteItem" => [&["TableName", "Key"][..], &WRITE].concat(),
        "UpdateItem" => [&["TableName", "Key", "UpdateExpression"][..], &WRITE].concat(),
        "Query" => [
            &["TableName", "KeyConditionExpression", "ScanIndexForward"][..],
            &PAGED,
        ]
        .concat(),
        "Scan" => [&["TableName"][..], &PAGED].concat(),
        "BatchGetItem" | "BatchWriteItem" => vec!["RequestItems", "ReturnConsumedCapacity"],
        "TransactGetItems" | "TransactWriteItems" => {
            vec!["TransactItems", "ReturnConsumedCapacity"]
        }
        "CreateTable" => CREATE_TABLE.to_vec(),
        "ExecuteStatement" => STATEMENT.to_vec(),
        "BatchExecuteStatement" => vec!["Statements", "ReturnConsumedCapacity"],
        "ExecuteTransaction" => vec![
            "TransactStatements",
            "ClientRequestToken",
            "ReturnConsumedCapacity",
        ],
        _ => vec!["TableName"],
    };
    Some(keys)
}

/// The low-level action of the last `ddb.<op>(` or `dynamodb.<op>(` in `before`.
fn open_call(before: &str) -> Option<String> {
    let (at, object) = ["ddb.", "dynamodb."]
        .iter()
        .filter_map(|o| before.rfind(o).map(|at| (at, *o)))
        .max_by_key(|(at, _)| *at)?;
    let rest = &before[at + object.len()..];
    let method = rest.split('(').next()?;
    rest.contains('(').then(|| action_of(object, method))?
}

fn action_of(object: &str, method: &str) -> Option<String> {
    if object == "ddb." {
        let (_, action) = DDB_METHODS
            .iter()
            .find(|(m, _)| m.trim_end_matches('(') == method)?;
        return (!action.is_empty()).then(|| action.to_string());
    }
    let mut chars = method.chars();
    let first = chars.next()?.to_ascii_uppercase();
    Some(std::iter::once(first).chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_of_each_client() {
        assert!(methods("ddb").is_some_and(|m| m.contains(&"query(")));
        assert!(methods("dynamodb").is_some_and(|m| m.contains(&"batchWriteItem(")));
        assert!(methods("db").is_none());
    }

    #[test]
    fn keys_follow_the_call_being_typed() {
        let query = request_keys("ddb.query({ TableName: 'AppData', ").unwrap_or_default();
        assert!(query.contains(&"KeyConditionExpression"));
        assert!(!query.contains(&"Item"));
        let put = request_keys("dynamodb.putItem({ ").unwrap_or_default();
        assert!(put.contains(&"Item") && put.contains(&"ConditionExpression"));
        assert_eq!(request_keys("db.m.find({ "), None);
        assert_eq!(request_keys("ddb.koleksi("), None);
        let statement = request_keys("ddb.executeStatement({ ").unwrap_or_default();
        assert!(statement.contains(&"Statement") && statement.contains(&"Parameters"));
    }
}
