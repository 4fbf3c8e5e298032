//! TransactWriteItems with `ClientRequestToken`, on a clock the test moves.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};

use super::{Clock, Engine};

/// An engine whose clock reads `seconds`.
fn engine_at(seconds: &Arc<AtomicU64>) -> Engine {
    let mut engine = Engine::new();
    let read = Arc::clone(seconds);
    engine.set_clock(Clock::new(move || read.load(Ordering::SeqCst) as f64));
    let table = json!({
        "TableName": "Counters", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]
    });
    engine.execute("CreateTable", table).expect("table");
    engine
}

fn add_one(token: &str, by: &str) -> Value {
    json!({"ClientRequestToken": token, "TransactItems": [{"Update": {
        "TableName": "Counters", "Key": {"pk": {"S": "a"}}, "UpdateExpression": "ADD n :one",
        "ExpressionAttributeValues": {":one": {"N": by}}}}]})
}

fn counter(engine: &mut Engine) -> String {
    let got = engine.execute(
        "GetItem",
        json!({"TableName": "Counters", "Key": {"pk": {"S": "a"}}}),
    );
    let got = got.expect("item");
    got["Item"]["n"]["N"].as_str().unwrap_or("none").to_string()
}

#[test]
fn a_retry_with_the_same_token_is_answered_without_being_applied_again() {
    let seconds = Arc::new(AtomicU64::new(1_000));
    let mut e = engine_at(&seconds);
    let first = e.execute("TransactWriteItems", add_one("t1", "1"));
    let again = e.execute("TransactWriteItems", add_one("t1", "1"));
    assert_eq!(first, again);
    assert_eq!(counter(&mut e), "1");
    e.execute("TransactWriteItems", add_one("t2", "1")).unwrap();
    assert_eq!(counter(&mut e), "2", "another token is another transaction");
}

#[test]
fn another_payload_with_a_used_token_is_a_mismatch() {
    let seconds = Arc::new(AtomicU64::new(1_000));
    let mut e = engine_at(&seconds);
    e.execute("TransactWriteItems", add_one("t1", "1")).unwrap();
    let err = e
        .execute("TransactWriteItems", add_one("t1", "5"))
        .unwrap_err();
    assert_eq!(err.code, "IdempotentParameterMismatchException");
    assert!(err
        .message
        .contains("idempotent token that was already used"));
    assert_eq!(counter(&mut e), "1");
}

#[test]
fn a_token_is_remembered_ten_minutes_after_its_request_completed() {
    let seconds = Arc::new(AtomicU64::new(1_000));
    let mut e = engine_at(&seconds);
    e.execute("TransactWriteItems", add_one("t1", "1")).unwrap();
    seconds.store(1_600, Ordering::SeqCst);
    e.execute("TransactWriteItems", add_one("t1", "1")).unwrap();
    assert_eq!(counter(&mut e), "1", "600 s later the token still holds");
    seconds.store(1_601, Ordering::SeqCst);
    e.execute("TransactWriteItems", add_one("t1", "5")).unwrap();
    assert_eq!(counter(&mut e), "6", "after 10 minutes it is a new request");
}

#[test]
fn a_cancelled_transaction_leaves_its_token_free() {
    let seconds = Arc::new(AtomicU64::new(1_000));
    let mut e = engine_at(&seconds);
    let mut guarded = add_one("t1", "1");
    guarded["TransactItems"][0]["Update"]["ConditionExpression"] = json!("attribute_exists(pk)");
    let err = e
        .execute("TransactWriteItems", guarded.clone())
        .unwrap_err();
    assert_eq!(err.code, "TransactionCanceledException");
    e.execute(
        "PutItem",
        json!({"TableName": "Counters", "Item": {"pk": {"S": "a"}}}),
    )
    .unwrap();
    e.execute("TransactWriteItems", guarded).unwrap();
    assert_eq!(counter(&mut e), "1");
}

#[test]
fn the_course_engine_keeps_its_fixed_time() {
    let mut e = Engine::new();
    let table = json!({
        "TableName": "Counters", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]
    });
    let created = e.execute("CreateTable", table).unwrap();
    let time = &created["TableDescription"]["CreationDateTime"];
    assert_eq!(time.as_f64(), Some(1_767_225_601.0));
}
