//! PartiQL statements through `Engine::execute`, as a client sends them.

use serde_json::{json, Value};

use super::parse;
use crate::engine::dynamo::{Engine, RequestForm};

/// `Music` (Artist, SongTitle) with five songs of two artists, and `Flat` (pk).
fn engine() -> Engine {
    let mut engine = Engine::new();
    let music = json!({
        "TableName": "Music", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"},
                      {"AttributeName": "SongTitle", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"},
                                 {"AttributeName": "SongTitle", "AttributeType": "S"}]
    });
    engine.execute("CreateTable", music).expect("table");
    let flat = json!({
        "TableName": "Flat", "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]
    });
    engine.execute("CreateTable", flat).expect("table");
    for (artist, title, year) in [
        ("Acme", "A1", 2001),
        ("Acme", "A2", 2002),
        ("Acme", "B3", 2003),
        ("Zed", "Z1", 1999),
        ("Zed", "Z2", 2010),
    ] {
        let item = json!({"Artist": {"S": artist}, "SongTitle": {"S": title},
                          "Year": {"N": year.to_string()},
                          "Info": {"M": {"Genre": {"S": "Rock"}, "Tags": {"L": [{"S": "t0"}]}}}});
        engine
            .execute("PutItem", json!({"TableName": "Music", "Item": item}))
            .expect("item");
    }
    engine.take_request_log();
    engine
}

fn run(engine: &mut Engine, statement: &str) -> Result<Value, (String, String)> {
    run_with(engine, json!({ "Statement": statement }))
}

fn run_with(engine: &mut Engine, req: Value) -> Result<Value, (String, String)> {
    engine
        .execute("ExecuteStatement", req)
        .map_err(|e| (e.code, e.message))
}

fn titles(answer: &Value) -> Vec<String> {
    answer["Items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| i["SongTitle"]["S"].as_str().unwrap_or("?").to_string())
        .collect()
}

fn refused(engine: &mut Engine, statement: &str) -> (String, String) {
    run(engine, statement).expect_err(statement)
}

#[test]
fn statements_of_each_kind_parse_and_malformed_ones_are_refused_as_aws_words_it() {
    for ok in [
        r#"SELECT * FROM "Music""#,
        r#"select a.b, c[0], "d" from Music."Idx" where x = 1 and (y <> 'a' or not z < 3) order by x desc"#,
        r#"SELECT * FROM "t" WHERE a BETWEEN 1 AND 2 AND b IN [1, 2] AND c IN ('x') AND d IS NOT MISSING"#,
        r#"INSERT INTO "t" VALUE {'pk': 'a', 'n': -1.5e3, 'l': [1, true, null], 's': <<'a','b'>>, 'm': {'x': ?}}"#,
        r#"UPDATE "t" SET a = 1, b = b + 1 SET c = list_append(c, [1]) REMOVE d WHERE pk = 'a'"#,
        r#"DELETE FROM "t" WHERE pk = ? RETURNING ALL OLD *"#,
    ] {
        assert!(parse(ok).is_ok(), "{ok}: {:?}", parse(ok).err());
    }
    let wrong = |text: &str| parse(text).expect_err(text).message;
    let prefix = "Statement wasn't well formed, can't be processed: ";
    assert_eq!(
        wrong(r#"SELECTT * FROMM "Music""#),
        format!("{prefix}Expected data manipulation")
    );
    assert_eq!(
        wrong("SELECT * FROM"),
        format!("{prefix}Unexpected end of statement")
    );
    assert_eq!(
        wrong(r#"SELECT * FROM "t" WHERE a == 1"#),
        format!("{prefix}Unexpected token: =")
    );
    assert_eq!(
        wrong(r#"UPDATE "t" WHERE a = 1"#),
        format!("{prefix}Unexpected token: WHERE")
    );
    assert!(wrong("SELECT * FROM 't").contains("unterminated quote"));
}

#[test]
fn parameters_are_counted_against_the_statement() {
    let mut e = engine();
    let req = json!({"Statement": r#"SELECT * FROM "Music" WHERE Artist = ?"#});
    let err = run_with(&mut e, req).unwrap_err();
    assert_eq!(
        err,
        (
            "ValidationException".into(),
            "Number of parameters in request and statement don't match.".into()
        )
    );
    let req = json!({"Statement": r#"SELECT * FROM "Music" WHERE Artist = ?"#, "Parameters": []});
    assert_eq!(
        run_with(&mut e, req).unwrap_err().1,
        "1 validation error detected: Value '[]' at 'parameters' failed to satisfy constraint: Member must have length greater than or equal to 1"
    );
    let req = json!({"Statement": r#"SELECT * FROM "Music" WHERE Artist = ?"#,
                     "Parameters": [{"S": "Zed"}]});
    assert_eq!(titles(&run_with(&mut e, req).unwrap()), ["Z1", "Z2"]);
}

#[test]
fn a_select_fixing_the_partition_key_is_a_query_and_is_logged_as_one() {
    let mut e = engine();
    let answer = run(
        &mut e,
        r#"SELECT * FROM "Music" WHERE Artist = 'Acme' AND Year > 2001"#,
    )
    .unwrap();
    assert_eq!(titles(&answer), ["A2", "B3"]);
    let log = e.take_request_log();
    assert_eq!(log.len(), 1);
    let r = &log[0];
    assert_eq!(r.operation, "Query");
    assert_eq!(r.form, RequestForm::PartiQL);
    assert_eq!(r.table, "Music");
    assert_eq!(
        (r.count, r.scanned_count, r.returned),
        (Some(2), Some(3), 2)
    );
    assert!(r.read_units > 0.0 && r.ok);
}

#[test]
fn a_sort_key_condition_bound_to_a_parameter_narrows_the_read_too() {
    let mut e = engine();
    let req = json!({"Statement": r#"SELECT * FROM "Music" WHERE Artist = ? AND begins_with(SongTitle, ?)"#,
                     "Parameters": [{"S": "Acme"}, {"S": "A"}]});
    assert_eq!(titles(&run_with(&mut e, req).unwrap()), ["A1", "A2"]);
    let r = &e.take_request_log()[0];
    assert_eq!((r.count, r.scanned_count), (Some(2), Some(2)));
    // A set is no key type: the condition only filters what the partition read.
    let req = json!({"Statement": r#"SELECT * FROM "Music" WHERE Artist = ? AND SongTitle = ?"#,
                     "Parameters": [{"S": "Acme"}, {"SS": ["A1"]}]});
    assert!(titles(&run_with(&mut e, req).unwrap()).is_empty());
    assert_eq!(e.take_request_log()[0].scanned_count, Some(3));
}

#[test]
fn a_select_without_the_partition_key_is_a_scan_and_is_logged_as_one() {
    let mut e = engine();
    let answer = run(
        &mut e,
        r#"SELECT SongTitle FROM "Music" WHERE Year >= 2003"#,
    )
    .unwrap();
    assert_eq!(titles(&answer), ["B3", "Z2"]);
    assert_eq!(answer["Items"][0], json!({"SongTitle": {"S": "B3"}}));
    let r = &e.take_request_log()[0];
    assert_eq!(r.operation, "Scan");
    assert_eq!((r.count, r.scanned_count), (Some(2), Some(5)));
}

#[test]
fn in_over_partition_keys_queries_each_and_the_sort_key_narrows_the_read() {
    let mut e = engine();
    let answer = run(
        &mut e,
        r#"SELECT * FROM "Music" WHERE Artist IN ['Zed', 'Acme'] AND begins_with(SongTitle, 'A')"#,
    )
    .unwrap();
    assert_eq!(titles(&answer), ["A1", "A2"]);
    let r = &e.take_request_log()[0];
    assert_eq!((r.operation.as_str(), r.scanned_count), ("Query", Some(2)));
    let answer = run(
        &mut e,
        r#"SELECT * FROM "Music" WHERE Artist = 'Acme' AND SongTitle BETWEEN 'A2' AND 'Z' OR Artist = 'Zed'"#,
    )
    .unwrap();
    assert_eq!(titles(&answer), ["A2", "B3", "Z1", "Z2"]);
    assert_eq!(e.take_request_log()[0].operation, "Scan");
}

#[test]
fn where_functions_and_missing_attributes() {
    let mut e = engine();
    let cases = [
        ("contains(SongTitle, '2')", vec!["A2", "Z2"]),
        ("attribute_type(Year, 'N') AND Year < 2000", vec!["Z1"]),
        (
            "Info.Genre = 'Rock' AND Info.Tags[0] = 't0' AND Year = 2010",
            vec!["Z2"],
        ),
        (
            "size(SongTitle) = 2 AND NOT (Artist = 'Acme')",
            vec!["Z1", "Z2"],
        ),
        (
            "Nothing IS MISSING AND Year IN (1999, 2003)",
            vec!["B3", "Z1"],
        ),
        (
            "Year IS NOT MISSING AND Year <> 2001 AND Artist = 'Acme'",
            vec!["A2", "B3"],
        ),
    ];
    for (cond, want) in cases {
        let answer = run(&mut e, &format!(r#"SELECT * FROM "Music" WHERE {cond}"#)).unwrap();
        let mut got = titles(&answer);
        got.sort();
        assert_eq!(got, want, "{cond}");
    }
}

#[test]
fn order_by_the_sort_key_needs_the_partition_key() {
    let mut e = engine();
    let answer = run(
        &mut e,
        r#"SELECT * FROM "Music" WHERE Artist = 'Acme' ORDER BY SongTitle DESC"#,
    )
    .unwrap();
    assert_eq!(titles(&answer), ["B3", "A2", "A1"]);
    let (code, message) = refused(&mut e, r#"SELECT * FROM "Music" ORDER BY SongTitle"#);
    assert_eq!(code, "ValidationException");
    assert_eq!(
        message,
        "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause."
    );
}

#[test]
fn nested_paths_project_under_their_last_name() {
    let mut e = engine();
    let answer = run(
        &mut e,
        r#"SELECT Info.Genre, Info.Tags[0], Year FROM "Music" WHERE Artist = 'Zed' AND SongTitle = 'Z1'"#,
    )
    .unwrap();
    assert_eq!(
        answer["Items"],
        json!([{"Genre": {"S": "Rock"}, "Tags": {"S": "t0"}, "Year": {"N": "1999"}}])
    );
}

/// Every page of a statement, following NextToken.
fn pages(e: &mut Engine, statement: &str, limit: u64) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut token: Option<Value> = None;
    loop {
        let mut req = json!({"Statement": statement, "Limit": limit});
        if let Some(t) = token.take() {
            req["NextToken"] = t;
        }
        let answer = run_with(e, req).unwrap();
        out.push(titles(&answer));
        match answer.get("NextToken") {
            Some(t) => token = Some(t.clone()),
            None => return out,
        }
        assert!(out.len() < 10, "paging does not end");
    }
}

#[test]
fn limit_and_next_token_page_scans_and_queries_over_several_partitions() {
    let mut e = engine();
    assert_eq!(
        pages(&mut e, r#"SELECT * FROM "Music""#, 2),
        vec![vec!["A1", "A2"], vec!["B3", "Z1"], vec!["Z2"]]
    );
    assert_eq!(
        pages(
            &mut e,
            r#"SELECT * FROM "Music" WHERE Artist IN ['Acme', 'Zed']"#,
            2
        ),
        vec![vec!["A1", "A2"], vec!["B3", "Z1"], vec!["Z2"]]
    );
    let log = e.take_request_log();
    assert!(log[1].continued && !log[0].continued);
    let bad = json!({"Statement": r#"SELECT * FROM "Music""#, "NextToken": "not a token"});
    assert_eq!(run_with(&mut e, bad).unwrap_err().1, "Invalid NextToken");
}

#[test]
fn consumed_capacity_is_returned_when_asked_for() {
    let mut e = engine();
    let req = json!({"Statement": r#"SELECT * FROM "Music" WHERE Artist = 'Acme'"#,
                     "ReturnConsumedCapacity": "TOTAL", "ConsistentRead": true});
    let answer = run_with(&mut e, req).unwrap();
    assert_eq!(
        answer["ConsumedCapacity"],
        json!({"TableName": "Music", "CapacityUnits": 1.0})
    );
    let answer = run(&mut e, r#"SELECT * FROM "Music""#).unwrap();
    assert!(answer.get("ConsumedCapacity").is_none());
}

#[test]
fn insert_adds_a_new_item_and_refuses_an_existing_key() {
    let mut e = engine();
    let req = json!({"Statement": r#"INSERT INTO "Flat" VALUE {'pk': ?, 'n': 1, 'l': [1, 'x'], 's': <<'a', 'b'>>, 'm': {'t': true, 'z': null}}"#,
                     "Parameters": [{"S": "k1"}]});
    assert_eq!(run_with(&mut e, req.clone()).unwrap(), json!({"Items": []}));
    let got = e
        .execute(
            "GetItem",
            json!({"TableName": "Flat", "Key": {"pk": {"S": "k1"}}}),
        )
        .unwrap();
    assert_eq!(
        got["Item"],
        json!({"pk": {"S": "k1"}, "n": {"N": "1"}, "l": {"L": [{"N": "1"}, {"S": "x"}]},
               "s": {"SS": ["a", "b"]}, "m": {"M": {"t": {"BOOL": true}, "z": {"NULL": true}}}})
    );
    let err = run_with(&mut e, req).unwrap_err();
    assert_eq!(
        err,
        (
            "DuplicateItemException".into(),
            "Duplicate primary key exists in table".into()
        )
    );
    let log = e.take_request_log();
    assert_eq!(log[0].operation, "PutItem");
    assert_eq!(log[0].form, RequestForm::PartiQL);
    assert!(log[0].write_units > 0.0);
    let (code, _) = refused(&mut e, r#"INSERT INTO "Nope" VALUE {'pk': 'a'}"#);
    assert_eq!(code, "ResourceNotFoundException");
}

#[test]
fn update_sets_adds_appends_and_removes_on_an_existing_item_only() {
    let mut e = engine();
    run(
        &mut e,
        r#"INSERT INTO "Flat" VALUE {'pk': 'a', 'n': 1, 'c': [0], 'd': 'x', 's': <<1>>}"#,
    )
    .unwrap();
    run(
        &mut e,
        r#"UPDATE "Flat" SET a = 'new', n = n + 1, c = list_append(c, [1]) SET s = set_add(s, <<2>>) REMOVE d WHERE pk = 'a'"#,
    )
    .unwrap();
    let got = e
        .execute(
            "GetItem",
            json!({"TableName": "Flat", "Key": {"pk": {"S": "a"}}}),
        )
        .unwrap();
    assert_eq!(
        got["Item"],
        json!({"pk": {"S": "a"}, "n": {"N": "2"}, "c": {"L": [{"N": "0"}, {"N": "1"}]},
               "s": {"NS": ["1", "2"]}, "a": {"S": "new"}})
    );
    let log = e.take_request_log();
    assert_eq!(log[log.len() - 2].operation, "UpdateItem");
    let (code, message) = refused(&mut e, r#"UPDATE "Flat" SET n = 5 WHERE pk = 'missing'"#);
    assert_eq!(
        (code.as_str(), message.as_str()),
        (
            "ConditionalCheckFailedException",
            "The conditional request failed"
        )
    );
    let req = json!({"Statement": r#"UPDATE "Flat" SET n = 5 WHERE pk = 'a' AND n > 10"#,
                     "ReturnValuesOnConditionCheckFailure": "ALL_OLD"});
    let err = e.execute("ExecuteStatement", req).unwrap_err();
    assert_eq!(err.code, "ConditionalCheckFailedException");
    assert_eq!(err.item.as_deref().unwrap()["n"], json!({"N": "2"}));
    let returned = run(
        &mut e,
        r#"UPDATE "Flat" SET n = 7 WHERE pk = 'a' RETURNING MODIFIED OLD *"#,
    )
    .unwrap();
    assert_eq!(returned["Items"], json!([{"n": {"N": "2"}}]));
}

#[test]
fn update_and_delete_must_name_the_whole_key() {
    let mut e = engine();
    let text = "Where clause does not contain a mandatory equality on all key attributes";
    for statement in [
        r#"UPDATE "Music" SET Year = 1 WHERE Artist = 'Acme'"#,
        r#"UPDATE "Music" SET Year = 1"#,
        r#"DELETE FROM "Music" WHERE Artist = 'Acme' OR SongTitle = 'A1'"#,
        r#"DELETE FROM "Music" WHERE Artist = 'Acme' AND SongTitle > 'A1'"#,
    ] {
        assert_eq!(
            refused(&mut e, statement),
            ("ValidationException".into(), text.into())
        );
    }
}

#[test]
fn delete_removes_the_item_a_missing_one_is_no_error_and_a_condition_must_hold() {
    let mut e = engine();
    let (code, _) = refused(
        &mut e,
        r#"DELETE FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'A1' AND Year = 1"#,
    );
    assert_eq!(code, "ConditionalCheckFailedException");
    let answer = run(
        &mut e,
        r#"DELETE FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'A1' AND Year = 2001 RETURNING ALL OLD *"#,
    )
    .unwrap();
    assert_eq!(titles(&answer), ["A1"]);
    run(
        &mut e,
        r#"DELETE FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'A1'"#,
    )
    .unwrap();
    run(
        &mut e,
        r#"DELETE FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'A1' AND Year = 2001"#,
    )
    .unwrap();
    let left = run(&mut e, r#"SELECT * FROM "Music" WHERE Artist = 'Acme'"#).unwrap();
    assert_eq!(titles(&left), ["A2", "B3"]);
    assert_eq!(e.take_request_log()[1].operation, "DeleteItem");
}

fn batch(e: &mut Engine, statements: &[&str]) -> Result<Value, (String, String)> {
    let list: Vec<Value> = statements
        .iter()
        .map(|s| json!({ "Statement": s }))
        .collect();
    e.execute("BatchExecuteStatement", json!({ "Statements": list }))
        .map_err(|e| (e.code, e.message))
}

#[test]
fn a_batch_answers_each_statement_and_keeps_reads_and_writes_apart() {
    let mut e = engine();
    let answer = batch(
        &mut e,
        &[
            r#"SELECT * FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'A1'"#,
            r#"SELECT * FROM "Music" WHERE Artist = 'Acme'"#,
            r#"SELECT * FROM "Nope" WHERE pk = 'x'"#,
            r#"SELECT * FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'none'"#,
        ],
    )
    .unwrap();
    let r = &answer["Responses"];
    assert_eq!(r[0]["Item"]["SongTitle"], json!({"S": "A1"}));
    assert_eq!(r[0]["TableName"], json!("Music"));
    assert_eq!(
        r[1]["Error"],
        json!({"Code": "ValidationError", "Message": "Select statements within BatchExecuteStatement must specify the primary key in the where clause."})
    );
    assert_eq!(r[2]["Error"]["Code"], json!("ResourceNotFound"));
    assert_eq!(r[3], json!({"TableName": "Music"}));
    let log = e.take_request_log();
    assert_eq!(log[0].operation, "BatchExecuteStatement");
    assert_eq!((log[0].returned, log[0].table.as_str()), (1, "Music,Nope"));
    assert_eq!(log[0].form, RequestForm::PartiQL);

    let answer = batch(
        &mut e,
        &[
            r#"INSERT INTO "Flat" VALUE {'pk': 'a'}"#,
            r#"INSERT INTO "Flat" VALUE {'pk': 'a'}"#,
            r#"UPDATE "Flat" SET n = 1 WHERE pk = 'a'"#,
        ],
    )
    .unwrap();
    assert_eq!(answer["Responses"][0], json!({"TableName": "Flat"}));
    assert_eq!(
        answer["Responses"][1]["Error"]["Code"],
        json!("DuplicateItem")
    );
    assert_eq!(answer["Responses"][2], json!({"TableName": "Flat"}));

    let mixed = batch(
        &mut e,
        &[
            r#"SELECT * FROM "Flat" WHERE pk = 'a'"#,
            r#"DELETE FROM "Flat" WHERE pk = 'a'"#,
        ],
    );
    assert_eq!(
        mixed.unwrap_err().1,
        "Read and write requests together in the same batch is not supported."
    );
    let many = vec![r#"SELECT * FROM "Flat" WHERE pk = 'a'"#; 26];
    let err = batch(&mut e, &many).unwrap_err();
    assert!(err.1.contains("at 'statements' failed to satisfy constraint: Member must have length less than or equal to 25"), "{}", err.1);
    let err = batch(&mut e, &[]).unwrap_err();
    assert!(
        err.1
            .contains("Member must have length greater than or equal to 1"),
        "{}",
        err.1
    );
}

fn transaction(
    e: &mut Engine,
    statements: &[&str],
    token: Option<&str>,
) -> Result<Value, crate::engine::dynamo::DynamoError> {
    let list: Vec<Value> = statements
        .iter()
        .map(|s| json!({ "Statement": s }))
        .collect();
    let mut req = json!({ "TransactStatements": list });
    if let Some(t) = token {
        req["ClientRequestToken"] = json!(t);
    }
    e.execute("ExecuteTransaction", req)
}

#[test]
fn a_transaction_applies_all_or_nothing_and_names_a_duplicate_key() {
    let mut e = engine();
    transaction(
        &mut e,
        &[r#"INSERT INTO "Flat" VALUE {'pk': 'a', 'n': 1}"#],
        None,
    )
    .unwrap();
    let err = transaction(
        &mut e,
        &[
            r#"INSERT INTO "Flat" VALUE {'pk': 'b'}"#,
            r#"INSERT INTO "Flat" VALUE {'pk': 'a'}"#,
            r#"UPDATE "Flat" SET n = 2 WHERE pk = 'c' AND n = 5"#,
        ],
        None,
    )
    .unwrap_err();
    assert_eq!(err.code, "TransactionCanceledException");
    assert_eq!(
        err.message,
        "Transaction cancelled, please refer cancellation reasons for specific reasons [None, DuplicateItem, ConditionalCheckFailed]"
    );
    let reasons = err.cancellation_reasons.unwrap();
    assert_eq!(
        reasons[1],
        json!({"Code": "DuplicateItem", "Message": "Duplicate primary key exists in table"})
    );
    let b = run(&mut e, r#"SELECT * FROM "Flat" WHERE pk = 'b'"#).unwrap();
    assert_eq!(b["Items"], json!([]));
    let log = e.take_request_log();
    assert_eq!(log[1].operation, "ExecuteTransaction");
    assert_eq!(log[1].form, RequestForm::PartiQL);
    let mixed = transaction(
        &mut e,
        &[
            r#"SELECT * FROM "Flat" WHERE pk = 'a'"#,
            r#"DELETE FROM "Flat" WHERE pk = 'a'"#,
        ],
        None,
    );
    assert_eq!(
        mixed.unwrap_err().message,
        "ExecuteTransaction API does not support both read and write operations in the same request."
    );
}

#[test]
fn a_transaction_retried_with_its_token_is_not_applied_twice() {
    let mut e = engine();
    run(&mut e, r#"INSERT INTO "Flat" VALUE {'pk': 'a', 'n': 1}"#).unwrap();
    let add = [r#"UPDATE "Flat" SET n = n + 1 WHERE pk = 'a'"#];
    transaction(&mut e, &add, Some("tok-1")).unwrap();
    transaction(&mut e, &add, Some("tok-1")).unwrap();
    let other = transaction(
        &mut e,
        &[r#"UPDATE "Flat" SET n = n + 5 WHERE pk = 'a'"#],
        Some("tok-1"),
    );
    assert_eq!(
        other.unwrap_err().code,
        "IdempotentParameterMismatchException"
    );
    transaction(&mut e, &add, Some("tok-2")).unwrap();
    let read = transaction(
        &mut e,
        &[
            r#"SELECT n FROM "Flat" WHERE pk = 'a'"#,
            r#"SELECT * FROM "Flat" WHERE pk = 'zz'"#,
        ],
        None,
    )
    .unwrap();
    assert_eq!(read["Responses"], json!([{"Item": {"n": {"N": "3"}}}, {}]));
}

#[test]
fn a_select_on_an_index_queries_or_scans_the_index_and_writes_refuse_one() {
    let mut e = engine();
    let index = json!({
        "TableName": "Music",
        "AttributeDefinitions": [{"AttributeName": "Year", "AttributeType": "N"}],
        "GlobalSecondaryIndexUpdates": [{"Create": {"IndexName": "ByYear",
            "KeySchema": [{"AttributeName": "Year", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}}}]
    });
    e.execute("UpdateTable", index).expect("index");
    e.take_request_log();
    let answer = run(
        &mut e,
        r#"SELECT * FROM "Music"."ByYear" WHERE "Year" = 2010"#,
    )
    .unwrap();
    assert_eq!(titles(&answer), ["Z2"]);
    let r = &e.take_request_log()[0];
    assert_eq!(
        (r.operation.as_str(), r.index.as_deref(), r.scanned_count),
        ("Query", Some("ByYear"), Some(1))
    );
    let answer = run(
        &mut e,
        r#"SELECT * FROM "Music"."ByYear" WHERE SongTitle = 'A1'"#,
    )
    .unwrap();
    assert_eq!(titles(&answer), ["A1"]);
    assert_eq!(e.take_request_log()[0].operation, "Scan");
    let (_, message) = refused(&mut e, r#"SELECT * FROM "Music"."Nope""#);
    assert_eq!(message, "The table does not have the specified index: Nope");
    let (_, message) = refused(
        &mut e,
        r#"DELETE FROM "Music"."ByYear" WHERE Artist = 'Zed' AND SongTitle = 'Z1'"#,
    );
    assert_eq!(message, "This operation is not supported on an index");
    let req = json!({"Statement": r#"DELETE FROM "Music" WHERE Artist = 'Zed' AND SongTitle = 'Z1'"#,
                     "NextToken": "abc"});
    assert_eq!(
        run_with(&mut e, req).unwrap_err().1,
        "NextToken is only valid on a SELECT statement"
    );
}

#[test]
fn equalities_on_the_partition_key_joined_by_or_are_queries_not_a_scan() {
    let mut e = engine();
    let answer = run(
        &mut e,
        r#"SELECT * FROM "Music" WHERE Artist = 'Zed' OR Artist = 'Acme'"#,
    )
    .unwrap();
    assert_eq!(titles(&answer).len(), 5);
    let r = &e.take_request_log()[0];
    assert_eq!((r.operation.as_str(), r.scanned_count), ("Query", Some(5)));
    run(
        &mut e,
        r#"SELECT * FROM "Music" WHERE Artist = 'Zed' OR "Year" = 2001"#,
    )
    .unwrap();
    assert_eq!(e.take_request_log()[0].operation, "Scan");
}

#[test]
fn is_null_holds_for_null_and_missing_attributes() {
    let mut e = engine();
    let item = json!({"Artist": {"S": "Nil"}, "SongTitle": {"S": "N1"}, "Year": {"NULL": true}});
    e.execute("PutItem", json!({"TableName": "Music", "Item": item}))
        .unwrap();
    let null = run(&mut e, r#"SELECT * FROM "Music" WHERE "Year" IS NULL"#).unwrap();
    assert_eq!(titles(&null), ["N1"]);
    let none = run(&mut e, r#"SELECT * FROM "Music" WHERE Nope IS NULL"#).unwrap();
    assert_eq!(titles(&none).len(), 6);
    let set = run(&mut e, r#"SELECT * FROM "Music" WHERE "Year" IS NOT NULL"#).unwrap();
    assert_eq!(titles(&set).len(), 5);
}

#[test]
fn a_closing_semicolon_is_allowed_and_deep_nesting_is_refused_not_fatal() {
    let mut e = engine();
    let answer = run(&mut e, r#"SELECT * FROM "Music" WHERE Artist = 'Zed';"#).unwrap();
    assert_eq!(titles(&answer), ["Z1", "Z2"]);
    let deep = |open: &str, close: &str| {
        format!(
            r#"SELECT * FROM "Music" WHERE {}Artist = 'Zed'{}"#,
            open.repeat(1200),
            close.repeat(1200)
        )
    };
    let nesting = (
        "ValidationException".to_string(),
        "Nesting Levels have exceeded supported limits".to_string(),
    );
    assert_eq!(run(&mut e, &deep("(", ")")).unwrap_err(), nesting);
    assert_eq!(run(&mut e, &deep("NOT ", "")).unwrap_err(), nesting);
    let list = format!(
        r#"INSERT INTO "Flat" VALUE {{'pk': 'x', 'l': {}1{}}}"#,
        "[".repeat(1500),
        "]".repeat(1500)
    );
    assert_eq!(run(&mut e, &list).unwrap_err(), nesting);
    let fine = deep("(", ")").replace(&"(".repeat(1200), &"(".repeat(20));
    let fine = fine.replace(&")".repeat(1200), &")".repeat(20));
    assert_eq!(titles(&run(&mut e, &fine).unwrap()), ["Z1", "Z2"]);
}

#[test]
fn conditions_the_key_condition_does_not_hold_still_filter_a_query() {
    let mut e = engine();
    let one = run(
        &mut e,
        r#"SELECT * FROM "Music" WHERE Artist = 'Acme' AND begins_with(SongTitle, 'A') AND "Year" > 2001"#,
    )
    .unwrap();
    assert_eq!(titles(&one), ["A2"]);
    let r = &e.take_request_log()[0];
    assert_eq!((r.count, r.scanned_count), (Some(1), Some(2)));
    let none = run(
        &mut e,
        r#"SELECT * FROM "Music" WHERE Artist = 'Acme' AND Artist = 'Zed'"#,
    )
    .unwrap();
    assert!(titles(&none).is_empty());
}
