//! `$lookup` reads of the foreign collection: planned like a `find`, one
//! plan log entry per stage with their totals, shown on the stage by explain.

use bson::{doc, Bson, Document};

use crate::engine::mongo::{Engine, PlanRecord};

fn pesanan() -> Vec<Document> {
    vec![
        doc! { "_id": 1, "produk": "P1" },
        doc! { "_id": 2, "produk": ["P2", "P3"] },
        doc! { "_id": 3 },
    ]
}

fn produk() -> Vec<Document> {
    vec![
        doc! { "_id": 10, "kode": "P1" },
        doc! { "_id": 11, "kode": "P2" },
        doc! { "_id": 12, "kode": "P1" },
        doc! { "_id": 13, "kode": "P9" },
    ]
}

/// Orders and products, the products indexed on `kode` when `indexed`.
fn load(indexed: bool) -> Engine {
    let mut engine = Engine::new();
    for (coll, docs) in [("pesanan", pesanan()), ("produk", produk())] {
        engine
            .run_command("t", doc! { "insert": coll, "documents": docs })
            .expect("insert");
    }
    if indexed {
        let index = doc! { "createIndexes": "produk", "indexes": [{ "key": { "kode": 1 }, "name": "kode_1" }] };
        engine.run_command("t", index).expect("index builds");
    }
    engine.take_plan_log();
    engine
}

fn join() -> Document {
    doc! { "$lookup": { "from": "produk", "localField": "produk", "foreignField": "kode", "as": "p" } }
}

/// The pipeline's output and the plan log it left.
fn aggregate(engine: &mut Engine, pipeline: Vec<Document>) -> (Vec<Bson>, Vec<PlanRecord>) {
    let command = doc! { "aggregate": "pesanan", "pipeline": pipeline, "cursor": {} };
    let reply = engine.run_command("t", command).expect("aggregate runs");
    let batch = reply
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"));
    (batch.cloned().unwrap_or_default(), engine.take_plan_log())
}

#[test]
fn join_without_an_index_is_one_collscan_entry_counting_every_read() {
    let (output, log) = aggregate(&mut load(false), vec![join()]);
    assert_eq!(log.len(), 2, "the outer read, then the lookup's: {log:?}");
    let inner = &log[1];
    assert_eq!(
        (inner.ns.as_str(), inner.stage.as_str()),
        ("t.produk", "COLLSCAN")
    );
    // Three orders, each a scan of the four products; P1 twice, P2 once.
    assert_eq!((inner.docs_examined, inner.n_returned), (12, 3));
    assert_eq!(output.len(), 3);
}

#[test]
fn join_on_an_indexed_field_is_an_ixscan_with_the_same_output() {
    let (plain, _) = aggregate(&mut load(false), vec![join()]);
    let (indexed, log) = aggregate(&mut load(true), vec![join()]);
    assert_eq!(plain, indexed);
    let inner = &log[1];
    assert_eq!(inner.stage, "IXSCAN");
    assert_eq!(inner.index.as_deref(), Some("kode_1"));
    assert_eq!(inner.index_key, Some(doc! { "kode": 1 }));
    assert_eq!((inner.docs_examined, inner.n_returned), (3, 3));
}

#[test]
fn pipeline_form_plans_its_leading_match() {
    let lookup = doc! { "$lookup": { "from": "produk", "pipeline": [{ "$match": { "kode": "P1" } }], "as": "p" } };
    let (plain, _) = aggregate(&mut load(false), vec![lookup.clone()]);
    let (indexed, log) = aggregate(&mut load(true), vec![lookup]);
    assert_eq!(plain, indexed);
    let inner = &log[1];
    // Each of the three orders reads the two P1 products through the index.
    assert_eq!((inner.stage.as_str(), inner.docs_examined), ("IXSCAN", 6));
}

#[test]
fn pipeline_form_with_variables_scans_the_collection_once_per_outer_document() {
    let matched = doc! { "$match": { "$expr": { "$eq": ["$kode", "$$p"] } } };
    let lookup = doc! { "$lookup": { "from": "produk", "let": { "p": "$produk" }, "pipeline": [matched], "as": "p" } };
    let (_, log) = aggregate(&mut load(true), vec![lookup]);
    let inner = &log[1];
    assert_eq!(
        (inner.stage.as_str(), inner.docs_examined),
        ("COLLSCAN", 12)
    );
}

#[test]
fn two_lookup_stages_log_one_entry_each() {
    let (_, log) = aggregate(&mut load(true), vec![join(), join()]);
    let stages: Vec<&str> = log.iter().map(|r| r.stage.as_str()).collect();
    assert_eq!(stages, ["COLLSCAN", "IXSCAN", "IXSCAN"]);
}

/// The `$lookup` entry of an executionStats explain of the join.
fn explained_lookup(engine: &mut Engine) -> Document {
    let command = doc! { "explain": { "aggregate": "pesanan", "pipeline": [join()], "cursor": {} }, "verbosity": "executionStats" };
    let reply = engine.run_command("t", command).expect("explain runs");
    let stages = reply.get_array("stages").expect("stages are listed");
    assert!(stages[0]
        .as_document()
        .is_some_and(|s| s.contains_key("$cursor")));
    stages[1].as_document().cloned().expect("the $lookup stage")
}

#[test]
fn explain_shows_what_the_lookup_read() {
    let scanned = explained_lookup(&mut load(false));
    assert_eq!(scanned.get_i64("totalDocsExamined"), Ok(12));
    assert_eq!(scanned.get_i64("collectionScans"), Ok(3));
    assert_eq!(scanned.get_array("indexesUsed").map(Vec::len), Ok(0));
    let indexed = explained_lookup(&mut load(true));
    assert_eq!(indexed.get_i64("totalDocsExamined"), Ok(3));
    assert_eq!(indexed.get_i64("collectionScans"), Ok(0));
    assert_eq!(
        indexed.get_array("indexesUsed"),
        Ok(&vec![Bson::String("kode_1".into())])
    );
    assert_eq!(indexed.get_i64("nReturned"), Ok(3));
}
