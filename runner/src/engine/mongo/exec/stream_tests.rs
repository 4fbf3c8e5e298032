//! Cursors that scan per batch return exactly what one whole scan returns,
//! say "no more" exactly when nothing is left, and see writes made between
//! batches as the server's cursors do.

use bson::{doc, Bson, Document};
use proptest::prelude::*;

use crate::engine::mongo::Engine;

fn engine_with(values: &[Vec<i32>], indexed: bool) -> Engine {
    let mut engine = Engine::new();
    let docs: Vec<Document> = (0..)
        .zip(values)
        .map(|(i, v)| doc! { "_id": i, "a": v.clone() })
        .collect();
    if !docs.is_empty() {
        let insert = doc! { "insert": "c", "documents": docs };
        engine.run_command("t", insert).expect("insert runs");
    }
    if indexed {
        let index =
            doc! { "createIndexes": "c", "indexes": [{ "key": { "a": 1 }, "name": "a_1" }] };
        engine.run_command("t", index).expect("index builds");
    }
    engine
}

fn batch_ids(reply: &Document, name: &str) -> (Vec<i32>, i64) {
    let cursor = reply.get_document("cursor").expect("a cursor reply");
    let ids = cursor
        .get_array(name)
        .expect("a batch")
        .iter()
        .filter_map(|d| d.as_document().and_then(|d| d.get_i32("_id").ok()))
        .collect();
    (ids, cursor.get_i64("id").expect("a cursor id"))
}

/// Every id a find returns, batch by batch, with each batch's cursor id.
fn drain(engine: &mut Engine, mut find: Document, batch: i32) -> Vec<(Vec<i32>, i64)> {
    find.insert("batchSize", batch);
    let reply = engine.run_command("t", find).expect("find runs");
    let mut batches = vec![batch_ids(&reply, "firstBatch")];
    while let Some(&(_, id)) = batches.last().filter(|(_, id)| *id != 0) {
        let more = doc! { "getMore": Bson::Int64(id), "collection": "c", "batchSize": batch };
        let reply = engine.run_command("t", more).expect("getMore runs");
        batches.push(batch_ids(&reply, "nextBatch"));
    }
    batches
}

fn run(engine: &mut Engine, command: Document) -> Document {
    let name = command.keys().next().cloned().unwrap_or_default();
    engine
        .run_command("t", command)
        .unwrap_or_else(|e| panic!("{name} fails: {e:?}"))
}

/// Deletes one `_id` and inserts another, as writes between two batches.
fn delete_then_insert(engine: &mut Engine, deleted: i32, inserted: Document) {
    run(
        engine,
        doc! { "delete": "c", "deletes": [{ "q": { "_id": deleted }, "limit": 1 }] },
    );
    run(engine, doc! { "insert": "c", "documents": [inserted] });
}

fn whole(engine: &mut Engine, find: Document) -> Vec<i32> {
    drain(engine, find, 1_000_000).remove(0).0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn batches_join_into_the_whole_result(
        values in prop::collection::vec(prop::collection::vec(0i32..4, 0..4), 0..40),
        target in 0i32..4,
        batch in 1i32..7,
        skip in 0i32..5,
        limit in 0i32..30,
        indexed in any::<bool>(),
        use_in in any::<bool>(),
    ) {
        let mut engine = engine_with(&values, indexed);
        let filter = if use_in { doc! { "a": { "$in": [target, (target + 1) % 4] } } } else { doc! { "a": target } };
        let find = doc! { "find": "c", "filter": filter, "skip": skip, "limit": limit };
        let expected = whole(&mut engine, find.clone());
        let batches = drain(&mut engine, find, batch);
        let joined: Vec<i32> = batches.iter().flat_map(|(ids, _)| ids.clone()).collect();
        prop_assert_eq!(&joined, &expected);
        // Only the last batch closes the cursor, and it is empty only when
        // the whole result is.
        let (last, _) = batches.last().expect("a first batch");
        prop_assert!(!last.is_empty() || expected.is_empty());
        prop_assert!(batches.iter().rev().skip(1).all(|(ids, id)| *id != 0 && ids.len() == batch as usize));
    }
}

#[test]
fn a_collection_scan_sees_records_inserted_before_it_gets_there() {
    let values: Vec<Vec<i32>> = (0..5).map(|_| vec![1]).collect();
    let mut engine = engine_with(&values, false);
    let reply = run(
        &mut engine,
        doc! { "find": "c", "filter": { "a": 1 }, "batchSize": 2 },
    );
    let (first, id) = batch_ids(&reply, "firstBatch");
    assert_eq!((first, id != 0), (vec![0, 1], true));
    delete_then_insert(&mut engine, 3, doc! { "_id": 9, "a": 1 });
    let more = doc! { "getMore": Bson::Int64(id), "collection": "c" };
    let reply = run(&mut engine, more);
    assert_eq!(batch_ids(&reply, "nextBatch"), (vec![2, 4, 9], 0));
}

#[test]
fn an_index_scan_resumes_inside_a_key_after_writes() {
    let values: Vec<Vec<i32>> = (0..6).map(|_| vec![5]).collect();
    let mut engine = engine_with(&values, true);
    let reply = run(
        &mut engine,
        doc! { "find": "c", "filter": { "a": 5 }, "batchSize": 3 },
    );
    let (first, id) = batch_ids(&reply, "firstBatch");
    assert_eq!(first, vec![0, 1, 2]);
    // A record filed before the resume point is not returned again; one
    // filed after it is.
    delete_then_insert(&mut engine, 1, doc! { "_id": 7, "a": 5 });
    let more = doc! { "getMore": Bson::Int64(id), "collection": "c" };
    let reply = run(&mut engine, more);
    assert_eq!(batch_ids(&reply, "nextBatch"), (vec![3, 4, 5, 7], 0));
}

#[test]
fn abandoned_cursors_are_closed_oldest_first() {
    let values: Vec<Vec<i32>> = (0..3).map(|_| vec![1]).collect();
    let mut engine = engine_with(&values, false);
    let limit = crate::engine::mongo::commands::find::MAX_OPEN_CURSORS;
    let open = |engine: &mut Engine| {
        let reply = run(engine, doc! { "find": "c", "batchSize": 1 });
        batch_ids(&reply, "firstBatch").1
    };
    let first = open(&mut engine);
    let second = open(&mut engine);
    for _ in 0..limit - 1 {
        open(&mut engine);
    }
    let more = |id: i64| doc! { "getMore": Bson::Int64(id), "collection": "c", "batchSize": 1 };
    let closed = engine.run_command("t", more(first)).expect_err("closed");
    assert_eq!(
        (closed.code, closed.message),
        (43, format!("cursor id {first} not found"))
    );
    let reply = engine.run_command("t", more(second)).expect("still open");
    assert_eq!(batch_ids(&reply, "nextBatch").0, vec![1]);
}

#[test]
fn expression_errors_fail_scans_run_when_the_cursor_opens() {
    let mut engine = engine_with(&[vec![1]], false);
    let filter = doc! { "$expr": { "$add": [1, "x"] } };
    for hint in [doc! { "$natural": 1 }, doc! { "$natural": -1 }] {
        let find = doc! { "find": "c", "filter": filter.clone(), "hint": hint.clone() };
        let error = engine
            .run_command("t", find)
            .expect_err("$add of a string fails");
        assert!(
            error
                .message
                .starts_with("PlanExecutor error during find command :: caused by :: "),
            "{hint}: {}",
            error.message
        );
    }
}
