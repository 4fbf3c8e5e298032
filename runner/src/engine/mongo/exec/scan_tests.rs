//! Index scans that skip re-checking documents must find exactly what a
//! collection scan finds.

use bson::{doc, Bson, Document};
use proptest::prelude::*;

use crate::engine::mongo::Engine;

fn value() -> impl Strategy<Value = Bson> {
    let scalar = prop_oneof![
        (0i32..3).prop_map(Bson::Int32),
        (0i64..3).prop_map(Bson::Int64),
        prop_oneof![Just(1.0), Just(1.5)].prop_map(Bson::Double),
        prop_oneof![Just("x"), Just("y")].prop_map(|s| Bson::String(s.into())),
        Just(Bson::Null),
    ];
    scalar.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Bson::Array),
            inner.prop_map(|b| Bson::Document(doc! { "b": b })),
        ]
    })
}

fn ids(engine: &mut Engine, coll: &str, filter: &Document) -> Vec<i32> {
    let command = doc! { "find": coll, "filter": filter.clone(), "batchSize": 1000 };
    let reply = engine.run_command("t", command).expect("find runs");
    let batch = reply
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"))
        .cloned()
        .unwrap_or_default();
    let mut ids: Vec<i32> = batch
        .iter()
        .filter_map(|d| d.as_document().and_then(|d| d.get_i32("_id").ok()))
        .collect();
    ids.sort_unstable();
    ids
}

fn load(values: &[Bson], path: &str) -> Engine {
    let mut engine = Engine::new();
    let docs: Vec<Document> = (0..)
        .zip(values)
        .map(|(i, v)| doc! { "_id": i, "a": v.clone() })
        .collect();
    for coll in ["plain", "indexed"] {
        let insert = doc! { "insert": coll, "documents": docs.clone() };
        engine.run_command("t", insert).expect("insert runs");
    }
    let index =
        doc! { "createIndexes": "indexed", "indexes": [{ "key": { path: 1 }, "name": "i" }] };
    engine.run_command("t", index).expect("index builds");
    engine
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn index_points_find_what_a_scan_finds(
        values in prop::collection::vec(value(), 1..8),
        targets in prop::collection::vec(value(), 1..3),
        nested in any::<bool>(),
    ) {
        let path = if nested { "a.b" } else { "a" };
        let mut engine = load(&values, path);
        let first = targets.first().cloned().unwrap_or(Bson::Null);
        for filter in [doc! { path: first }, doc! { path: { "$in": targets.clone() } }] {
            let plain = ids(&mut engine, "plain", &filter);
            let indexed = ids(&mut engine, "indexed", &filter);
            prop_assert_eq!(plain, indexed, "filter {}", filter);
        }
    }
}

#[test]
fn in_with_numbers_of_different_types_returns_each_document_once() {
    let values = [Bson::Document(doc! { "b": 1 })];
    let mut engine = load(&values, "a");
    let targets = vec![
        Bson::Document(doc! { "b": 1 }),
        Bson::Document(doc! { "b": 1i64 }),
        Bson::Document(doc! { "b": 1.0 }),
    ];
    let filter = doc! { "a": { "$in": targets } };
    assert_eq!(ids(&mut engine, "indexed", &filter), vec![0]);
    assert_eq!(ids(&mut engine, "plain", &filter), vec![0]);
}
