//! The adapter without a socket: requests as the SDKs send them (and as they should
//! not), against a small engine.

use super::*;
use axum::http::Request;
use tower::ServiceExt;

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap()
    }
}

fn engine_with_table() -> Arc<Mutex<Engine>> {
    let mut engine = Engine::new();
    let table = json!({
        "TableName": "Tes",
        "KeySchema": [{ "AttributeName": "k", "KeyType": "HASH" }],
        "AttributeDefinitions": [{ "AttributeName": "k", "AttributeType": "S" }],
        "BillingMode": "PAY_PER_REQUEST"
    });
    engine.execute("CreateTable", table).unwrap();
    Arc::new(Mutex::new(engine))
}

fn send(app: &Router, request: Request<Body>) -> Answer {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        Answer {
            status,
            headers,
            body: String::from_utf8(body.to_vec()).unwrap(),
        }
    })
}

fn post(target: &str, content_type: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post("/")
        .header("x-amz-target", target)
        .header("content-type", content_type)
        .header("authorization", "AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0")
        .body(body.into())
        .unwrap()
}

fn call(app: &Router, action: &str, body: Value) -> Answer {
    let target = format!("DynamoDB_20120810.{action}");
    send(app, post(&target, AMZ_JSON, body.to_string()))
}

#[test]
fn a_write_is_read_back_with_the_service_s_headers() {
    let app = router(engine_with_table(), false);
    let item = json!({ "k": { "S": "a" }, "n": { "N": "1" } });
    let put = call(&app, "PutItem", json!({ "TableName": "Tes", "Item": item }));
    assert_eq!((put.status, put.body.as_str()), (StatusCode::OK, "{}"));
    let got = call(
        &app,
        "GetItem",
        json!({ "TableName": "Tes", "Key": { "k": { "S": "a" } } }),
    );
    assert_eq!(got.json(), json!({ "Item": item }));
    assert_eq!(got.headers["content-type"], AMZ_JSON);
    let crc = crc32::checksum(got.body.as_bytes()).to_string();
    assert_eq!(got.headers["x-amz-crc32"], crc.as_str());
    let id = got.headers["x-amzn-requestid"].to_str().unwrap();
    assert_eq!(id.len(), 52);
    assert_ne!(
        put.headers["x-amzn-requestid"],
        got.headers["x-amzn-requestid"]
    );
}

#[test]
fn engine_errors_are_400_with_the_service_s_types() {
    let app = router(engine_with_table(), false);
    let missing = call(&app, "GetItem", json!({ "TableName": "Nope", "Key": {} }));
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        missing.json(),
        json!({
            "__type": "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
            "message": "Requested resource not found"
        })
    );
    let invalid = call(&app, "Query", json!({ "TableName": "Tes" }));
    assert_eq!(
        invalid.json()["__type"],
        "com.amazon.coral.validate#ValidationException"
    );
}

#[test]
fn a_failed_condition_returns_the_old_item_when_asked() {
    let app = router(engine_with_table(), false);
    let item = json!({ "k": { "S": "a" } });
    call(&app, "PutItem", json!({ "TableName": "Tes", "Item": item }));
    let again = json!({
        "TableName": "Tes", "Item": item,
        "ConditionExpression": "attribute_not_exists(k)",
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD"
    });
    let failed = call(&app, "PutItem", again);
    assert_eq!(failed.status, StatusCode::BAD_REQUEST);
    let body = failed.json();
    assert_eq!(
        body["__type"],
        "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException"
    );
    assert_eq!(body["Item"], item);
}

#[test]
fn malformed_json_is_a_serialization_error() {
    let app = router(engine_with_table(), false);
    for body in ["{\"TableName\": ", "[1, 2]", "\"T\"", "{} {}"] {
        let answer = send(&app, post("DynamoDB_20120810.GetItem", AMZ_JSON, body));
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            answer.json(),
            json!({ "__type": "com.amazon.coral.service#SerializationException" }),
            "{body}"
        );
    }
}

#[test]
fn unknown_targets_are_unknown_operations() {
    let app = router(engine_with_table(), false);
    let targets = [
        "DynamoDB_20120810.Frobnicate",
        "DynamoDB_20111205.GetItem",
        "GetItem",
        "DynamoDB_20120810.",
        "DynamoDB_20120810.Get.Item",
    ];
    for target in targets {
        let answer = send(&app, post(target, AMZ_JSON, "{}"));
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{target}");
        assert_eq!(
            answer.json(),
            json!({ "__type": "com.amazon.coral.service#UnknownOperationException" }),
            "{target}"
        );
    }
}

#[test]
fn an_empty_body_is_a_serialization_error_after_the_target_check() {
    let app = router(engine_with_table(), false);
    let answer = send(&app, post("DynamoDB_20120810.ListTables", AMZ_JSON, ""));
    assert_eq!(
        answer.json()["__type"],
        "com.amazon.coral.service#SerializationException"
    );
    let unknown = send(&app, post("DynamoDB_20120810.Nope", AMZ_JSON, ""));
    assert_eq!(
        unknown.json()["__type"],
        "com.amazon.coral.service#UnknownOperationException"
    );
}

#[test]
fn other_content_types_and_methods_are_not_operations() {
    let app = router(engine_with_table(), false);
    let form = send(
        &app,
        post("DynamoDB_20120810.ListTables", "text/plain", "{}"),
    );
    assert_eq!(form.status, StatusCode::NOT_FOUND);
    assert_eq!(form.body, NOT_AN_OPERATION);
    let put = Request::put("/").body(Body::from("{}")).unwrap();
    assert_eq!(send(&app, put).status, StatusCode::NOT_FOUND);
    let charset = post(
        "DynamoDB_20120810.ListTables",
        "application/json; charset=utf-8",
        "{}",
    );
    let listed = send(&app, charset);
    assert_eq!(listed.status, StatusCode::OK);
    assert_eq!(listed.headers["content-type"], PLAIN_JSON);
    assert_eq!(listed.json(), json!({ "TableNames": ["Tes"] }));
}

#[test]
fn a_get_is_a_health_check() {
    let app = router(engine_with_table(), false);
    let answer = send(&app, Request::get("/").body(Body::empty()).unwrap());
    assert_eq!(
        (answer.status, answer.body.as_str()),
        (StatusCode::OK, HEALTHY)
    );
}

#[test]
fn bodies_over_16_mb_are_refused_declared_or_not() {
    let app = router(engine_with_table(), false);
    let mut declared = post("DynamoDB_20120810.PutItem", AMZ_JSON, "{}");
    let too_long = HeaderValue::from(MAX_BODY as u64 + 1);
    declared
        .headers_mut()
        .insert(header::CONTENT_LENGTH, too_long);
    assert_eq!(send(&app, declared).status, StatusCode::PAYLOAD_TOO_LARGE);
    let big = format!(
        "{{\"TableName\": \"Tes\", \"Item\": {{\"k\": {{\"S\": \"{}\"}}}}}}",
        "x".repeat(MAX_BODY)
    );
    let streamed = send(&app, post("DynamoDB_20120810.PutItem", AMZ_JSON, big));
    assert_eq!(streamed.status, StatusCode::PAYLOAD_TOO_LARGE);
    let scan = call(&app, "Scan", json!({ "TableName": "Tes" }));
    assert_eq!(scan.json()["Count"], 0, "nothing was written");
}

#[test]
fn legacy_parameters_are_served() {
    let app = router(engine_with_table(), false);
    let old = json!({ "TableName": "Tes", "Key": { "k": { "S": "a" } }, "AttributesToGet": ["k"] });
    let answer = call(&app, "GetItem", old);
    assert_eq!(answer.status, StatusCode::OK);
    let mixed = json!({ "TableName": "Tes", "Key": { "k": { "S": "a" } },
                        "AttributesToGet": ["k"], "ProjectionExpression": "k" });
    let answer = call(&app, "GetItem", mixed);
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.json()["message"]
        .as_str()
        .unwrap()
        .starts_with("Can not use both expression and non-expression parameters"));
}

#[test]
fn every_answer_is_logged_with_operation_table_and_status() {
    let engine = engine_with_table();
    let service = Service::new(engine, true);
    let mut headers = HeaderMap::new();
    headers.insert(
        "x-amz-target",
        HeaderValue::from_static("DynamoDB_20120810.Scan"),
    );
    let reply = service.call(&headers, AMZ_JSON, br#"{"TableName": "Tes"}"#);
    let line = log_line(&reply, Duration::from_millis(2));
    assert_eq!(
        line,
        pesan::log_dynamodb("Scan", "Tes", 200, Duration::from_millis(2))
    );
    assert!(line.contains("Scan Tes -> 200"), "{line}");
}

/// A request body that arrives in the given chunks.
struct Chunks(std::collections::VecDeque<Bytes>);

impl hyper::body::Body for Chunks {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
        std::task::Poll::Ready(self.0.pop_front().map(|c| Ok(hyper::body::Frame::data(c))))
    }
}

fn read_chunks(chunks: Vec<Bytes>) -> Bytes {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    match runtime.block_on(read_body(Chunks(chunks.into()))) {
        Ok(bytes) => bytes,
        Err(reply) => panic!("refused with {}", reply.status),
    }
}

#[test]
fn a_body_in_chunks_is_read_whole_and_one_chunk_as_it_came() {
    assert!(read_chunks(Vec::new()).is_empty());
    let chunk = Bytes::from_static(b"{\"TableName\"");
    let one = read_chunks(vec![chunk.clone()]);
    assert_eq!(one.as_ptr(), chunk.as_ptr(), "a single chunk is not copied");
    let parts = [&b"{\"Table"[..], b"Name\":", b" \"Tes\"}"];
    let joined = read_chunks(parts.iter().map(|p| Bytes::copy_from_slice(p)).collect());
    assert_eq!(&joined[..], br#"{"TableName": "Tes"}"#);
}

#[test]
fn the_server_s_engine_keeps_no_request_records() {
    let engine = engine_with_table();
    let history = engine.lock().unwrap().history().count();
    let app = router(engine.clone(), false);
    let got = call(
        &app,
        "GetItem",
        json!({ "TableName": "Tes", "Key": { "k": { "S": "a" } } }),
    );
    assert_eq!((got.status, got.body.as_str()), (StatusCode::OK, "{}"));
    let mut engine = engine.lock().unwrap();
    let created = engine.take_request_log();
    assert_eq!(created.len(), 1, "only CreateTable, from before the server");
    assert_eq!(engine.history().count(), history);
}

#[test]
fn members_of_the_wrong_json_type_and_bad_base64_are_serialization_errors() {
    let app = router(engine_with_table(), false);
    let cases = [
        (json!({ "TableName": 5 }), "NUMBER_VALUE cannot be converted to String"),
        (json!({ "TableName": "Tes", "ConsistentRead": "yes" }), "Unexpected token received from parser"),
        (json!({ "TableName": "Tes", "Key": [] }), "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"),
        (json!({ "TableName": "Tes", "Key": { "k": { "B": "abc" } } }), "Base64 encoded length is expected a multiple of 4 bytes but found: 3"),
        (json!({ "TableName": "Tes", "Key": { "k": { "B": "+/+=" } } }), "Invalid last non-pad Base64 character dectected"),
        (json!({ "TableName": "Tes", "Key": { "k": { "B": "!!!!" } } }), "Invalid last non-pad Base64 character dectected"),
    ];
    for (body, message) in cases {
        let answer = call(&app, "GetItem", body.clone());
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        let expected = json!({ "__type": "com.amazon.coral.service#SerializationException", "Message": message });
        assert_eq!(answer.json(), expected, "{body}");
    }
}

#[test]
fn the_streams_api_is_told_streams_are_not_served() {
    let app = router(engine_with_table(), false);
    let target = "DynamoDBStreams_20120810.ListStreams";
    let answer = send(&app, post(target, AMZ_JSON, "{}"));
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let body = answer.json();
    assert_eq!(
        body["__type"],
        "com.amazon.coral.service#UnknownOperationException"
    );
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.contains("Streams is not served"), "{body}");
}

#[test]
fn another_account_s_table_is_access_denied() {
    let app = router(engine_with_table(), false);
    let arn = "arn:aws:dynamodb:us-east-1:000000000000:table/Tes";
    let answer = call(&app, "ListTagsOfResource", json!({ "ResourceArn": arn }));
    let body = answer.json();
    assert_eq!(
        body["__type"],
        "com.amazon.coral.service#AccessDeniedException"
    );
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.contains("dynamodb:ListTagsOfResource on resource: arn:aws:dynamodb:us-east-1:000000000000:table/Tes"), "{body}");
}

#[test]
fn the_server_s_tables_have_real_creation_times_and_ids() {
    let app = router(Arc::new(Mutex::new(Engine::new())), false);
    let table = json!({
        "TableName": "Live", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{ "AttributeName": "k", "KeyType": "HASH" }],
        "AttributeDefinitions": [{ "AttributeName": "k", "AttributeType": "S" }, { "AttributeName": "g", "AttributeType": "S" }],
        "GlobalSecondaryIndexes": [{ "IndexName": "ByG", "Projection": { "ProjectionType": "KEYS_ONLY" },
            "KeySchema": [{ "AttributeName": "g", "KeyType": "HASH" }] }],
        "StreamSpecification": { "StreamEnabled": true, "StreamViewType": "KEYS_ONLY" }
    });
    let before = seconds_since_epoch();
    call(&app, "CreateTable", table);
    let item = json!({ "k": { "S": "a" }, "g": { "S": "x" }, "other": { "S": "not projected" } });
    call(
        &app,
        "PutItem",
        json!({ "TableName": "Live", "Item": item }),
    );
    let described = call(&app, "DescribeTable", json!({ "TableName": "Live" })).json();
    let table = &described["Table"];
    let created = table["CreationDateTime"].as_f64().unwrap();
    assert!(
        created >= before && created <= seconds_since_epoch(),
        "{table}"
    );
    assert_eq!(table["TableId"].as_str().map(str::len), Some(36), "{table}");
    let index = &table["GlobalSecondaryIndexes"][0];
    assert_eq!(
        index["IndexArn"],
        format!("{}/index/ByG", table["TableArn"].as_str().unwrap())
    );
    assert_eq!(
        (
            index["ItemCount"].as_u64(),
            index["IndexSizeBytes"].as_u64()
        ),
        (Some(1), Some(4))
    );
    assert_eq!(
        table["StreamSpecification"],
        json!({ "StreamEnabled": true, "StreamViewType": "KEYS_ONLY" })
    );
    let label = table["LatestStreamLabel"].as_str().unwrap();
    assert!(table["LatestStreamArn"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/stream/{label}")));
}
