//! The wire form of a reply must be exactly the bytes of the decoded form:
//! every test runs each command on two identical engines, one per form.

use std::collections::VecDeque;

use bson::oid::ObjectId;
use bson::spec::BinarySubtype;
use bson::{doc, Binary, Bson, DateTime, Document};
use proptest::prelude::*;

use super::aggregate::Projection;
use super::exec::cursor::{Cursor, CursorSource};
use super::exec::scan::ScanStats;
use super::exec::stream::RecordStream;
use super::reply::{Batch, RawBatch, Reply};
use super::{Engine, MongoError};

/// Fifteen documents, so array keys reach two digits ("10".."14").
fn students() -> Vec<Document> {
    (0..15)
        .map(|i| {
            doc! {
                "_id": i,
                "nama": format!("Mahasiswa {i}"),
                "angkatan": 2019 + i % 4,
                "ipk": 2.0 + f64::from(i) / 10.0,
                "mk": (0..i % 4).map(|k| Bson::String(format!("MK{k}"))).collect::<Vec<_>>(),
                "alamat": { "kota": if i % 2 == 0 { "Bandung" } else { "Medan" }, "kode": i64::from(i) * 1000 },
                "lulus": i % 3 == 0,
                "catatan": Bson::Null,
            }
        })
        .collect()
}

/// Values whose encoding is more than a number or a string.
fn odd_values() -> Document {
    doc! {
        "_id": 100,
        "oid": ObjectId::from_bytes([7; 12]),
        "waktu": DateTime::from_millis(1_700_000_000_000),
        "biner": Binary { subtype: BinarySubtype::Generic, bytes: vec![1, 2, 3] },
        "nol": -0.0,
        "besar": i64::MAX,
        "kosong": {},
        "daftar": [[], [1, [2]], { "a": [] }],
    }
}

/// Two engines holding the same `kelas` collection (one per reply form).
fn pair(docs: &[Document]) -> [Engine; 2] {
    [Engine::new(), Engine::new()].map(|mut engine| {
        if !docs.is_empty() {
            let insert = doc! { "insert": "kelas", "documents": docs.to_vec() };
            engine.run_command("t", insert).expect("insert runs");
        }
        engine
    })
}

/// Runs `command` in both forms; the bytes must match the decoded reply's.
fn both(engines: &mut [Engine; 2], command: Document) -> Result<Document, MongoError> {
    let decoded = engines[0].run_command("t", command.clone());
    let wire = engines[1].run_command_bson("t", command);
    match (decoded, wire) {
        (Ok(document), Ok(bytes)) => {
            let expected = bson::to_vec(&document).expect("reply encodes");
            assert_eq!(bytes.as_bytes(), expected, "wire form of {document}");
            Ok(document)
        }
        (Err(a), Err(b)) => {
            assert_eq!(a, b);
            Err(a)
        }
        (decoded, wire) => panic!("forms disagree: {decoded:?} / {wire:?}"),
    }
}

fn batch_of(reply: &Document, name: &str) -> Vec<Bson> {
    let cursor = reply.get_document("cursor").expect("a cursor reply");
    cursor.get_array(name).expect("a batch").clone()
}

fn cursor_id(reply: &Document) -> i64 {
    let cursor = reply.get_document("cursor").expect("a cursor reply");
    cursor.get_i64("id").expect("an int64 id")
}

fn ids(batch: &[Bson]) -> Vec<i32> {
    let id = |d: &Bson| d.as_document().and_then(|d| d.get_i32("_id").ok());
    batch.iter().map(|d| id(d).expect("an _id")).collect()
}

#[test]
fn find_without_projection_copies_every_record() {
    let mut docs = students();
    docs.push(odd_values());
    let mut engines = pair(&docs);
    let reply = both(&mut engines, doc! { "find": "kelas" }).expect("find runs");
    assert_eq!(batch_of(&reply, "firstBatch").len(), 16);
    assert_eq!(cursor_id(&reply), 0);
}

#[test]
fn find_with_filter_and_projection() {
    let mut engines = pair(&students());
    let find = doc! { "find": "kelas", "filter": { "lulus": true }, "projection": { "nama": 1, "alamat.kota": 1 } };
    let reply = both(&mut engines, find).expect("find runs");
    let batch = batch_of(&reply, "firstBatch");
    assert_eq!(ids(&batch), [0, 3, 6, 9, 12]);
    let first = batch[0].as_document().expect("a document");
    assert_eq!(
        first,
        &doc! { "_id": 0, "nama": "Mahasiswa 0", "alamat": { "kota": "Bandung" } }
    );
}

#[test]
fn find_with_exclusion_projection() {
    let mut engines = pair(&students());
    let find = doc! { "find": "kelas", "projection": { "mk": 0, "alamat": 0 }, "batchSize": 4 };
    let reply = both(&mut engines, find).expect("find runs");
    let batch = batch_of(&reply, "firstBatch");
    assert_eq!(ids(&batch), [0, 1, 2, 3]);
    assert!(!batch[1].as_document().expect("doc").contains_key("mk"));
}

#[test]
fn find_batches_then_get_more_until_exhausted() {
    let mut engines = pair(&students());
    let reply = both(&mut engines, doc! { "find": "kelas", "batchSize": 4 }).expect("find");
    assert_eq!(ids(&batch_of(&reply, "firstBatch")), [0, 1, 2, 3]);
    let id = cursor_id(&reply);
    assert_ne!(id, 0);
    let more = doc! { "getMore": id, "collection": "kelas", "batchSize": 5 };
    let reply = both(&mut engines, more).expect("getMore");
    assert_eq!(ids(&batch_of(&reply, "nextBatch")), [4, 5, 6, 7, 8]);
    assert_eq!(cursor_id(&reply), id);
    let rest = both(&mut engines, doc! { "getMore": id, "collection": "kelas" }).expect("rest");
    assert_eq!(ids(&batch_of(&rest, "nextBatch")), [9, 10, 11, 12, 13, 14]);
    assert_eq!(cursor_id(&rest), 0);
}

#[test]
fn find_with_sort_skip_and_limit() {
    let mut engines = pair(&students());
    let find = doc! { "find": "kelas", "sort": { "angkatan": -1, "_id": 1 }, "skip": 2, "limit": 6, "batchSize": 3 };
    let reply = both(&mut engines, find).expect("find");
    assert_eq!(ids(&batch_of(&reply, "firstBatch")), [11, 2, 6]);
    let more = doc! { "getMore": cursor_id(&reply), "collection": "kelas" };
    let reply = both(&mut engines, more).expect("getMore");
    assert_eq!(ids(&batch_of(&reply, "nextBatch")), [10, 14, 1]);
}

#[test]
fn get_more_with_projection_stays_projected() {
    let mut engines = pair(&students());
    let find = doc! { "find": "kelas", "projection": { "_id": 1 }, "batchSize": 10 };
    let reply = both(&mut engines, find).expect("find");
    let more = doc! { "getMore": cursor_id(&reply), "collection": "kelas" };
    let reply = both(&mut engines, more).expect("getMore");
    let batch = batch_of(&reply, "nextBatch");
    assert_eq!(batch[0], Bson::Document(doc! { "_id": 10 }));
}

#[test]
fn get_more_skips_records_deleted_meanwhile() {
    let mut engines = pair(&students());
    let reply = both(&mut engines, doc! { "find": "kelas", "batchSize": 2 }).expect("find");
    let delete = doc! { "delete": "kelas", "deletes": [{ "q": { "angkatan": 2020 }, "limit": 0 }] };
    assert_eq!(
        both(&mut engines, delete).expect("delete").get_i32("n"),
        Ok(4)
    );
    let more = doc! { "getMore": cursor_id(&reply), "collection": "kelas", "batchSize": 4 };
    let reply = both(&mut engines, more).expect("getMore");
    assert_eq!(ids(&batch_of(&reply, "nextBatch")), [2, 3, 4, 6]);
}

#[test]
fn get_more_after_drop_finds_no_cursor() {
    let mut engines = pair(&students());
    let reply = both(&mut engines, doc! { "find": "kelas", "batchSize": 2 }).expect("find");
    both(&mut engines, doc! { "drop": "kelas" }).expect("drop");
    let more = doc! { "getMore": cursor_id(&reply), "collection": "kelas" };
    assert_eq!(both(&mut engines, more).expect_err("killed").code, 43);
}

#[test]
fn empty_result_and_missing_collection() {
    let mut engines = pair(&students());
    let none = doc! { "find": "kelas", "filter": { "angkatan": 1999 } };
    assert!(batch_of(&both(&mut engines, none).expect("find"), "firstBatch").is_empty());
    let missing = doc! { "find": "tidak_ada", "filter": { "x": 1 } };
    let reply = both(&mut engines, missing).expect("find");
    assert!(batch_of(&reply, "firstBatch").is_empty());
    assert_eq!(
        reply.get_document("cursor").unwrap().get_str("ns"),
        Ok("t.tidak_ada")
    );
}

#[test]
fn aggregate_and_listing_commands() {
    let mut engines = pair(&students());
    let pipeline = vec![
        doc! { "$group": { "_id": "$angkatan", "n": { "$sum": 1 } } },
        doc! { "$sort": { "_id": 1 } },
    ];
    let aggregate =
        doc! { "aggregate": "kelas", "pipeline": pipeline, "cursor": { "batchSize": 3 } };
    let reply = both(&mut engines, aggregate).expect("aggregate");
    assert_eq!(batch_of(&reply, "firstBatch").len(), 3);
    let more = doc! { "getMore": cursor_id(&reply), "collection": "kelas" };
    assert_eq!(
        batch_of(&both(&mut engines, more).unwrap(), "nextBatch").len(),
        1
    );
    let indexes = both(&mut engines, doc! { "listIndexes": "kelas" }).expect("listIndexes");
    assert_eq!(batch_of(&indexes, "firstBatch").len(), 1);
    let colls = both(&mut engines, doc! { "listCollections": 1 }).expect("listCollections");
    assert_eq!(batch_of(&colls, "firstBatch").len(), 1);
}

#[test]
fn document_replies_end_with_ok() {
    let mut engines = pair(&students());
    let count = both(
        &mut engines,
        doc! { "count": "kelas", "query": { "lulus": true } },
    );
    let count = count.expect("count");
    assert_eq!(count, doc! { "n": 5, "ok": 1.0 });
    let explain = doc! { "explain": { "find": "kelas", "filter": { "_id": 3 } } };
    assert_eq!(
        both(&mut engines, explain).expect("explain").get_f64("ok"),
        Ok(1.0)
    );
}

#[test]
fn errors_are_the_same_in_both_forms() {
    let mut engines = pair(&students());
    let unknown = both(&mut engines, doc! { "frobnicate": 1 }).expect_err("no such command");
    assert_eq!(unknown.code, 59);
    let bad = doc! { "find": "kelas", "filter": { "nama": { "$bogus": 1 } } };
    assert_eq!(both(&mut engines, bad).expect_err("bad operator").code, 2);
    let cursor = doc! { "getMore": 12345i64, "collection": "kelas" };
    assert_eq!(both(&mut engines, cursor).expect_err("no cursor").code, 43);
}

fn record_cursor(engine: &Engine, projection: Option<Projection>) -> Cursor {
    let coll = engine.collection("t", "kelas").expect("loaded");
    Cursor {
        db: "t".into(),
        coll: "kelas".into(),
        source: CursorSource::Records(Box::new(RecordStream::ready(
            coll.iter().map(|(rid, _)| rid).collect(),
            ScanStats::default(),
        ))),
        projection,
        variables: None,
    }
}

#[test]
fn record_batches_stay_raw_unless_projected() {
    let [engine, _] = pair(&students());
    let coll = engine.collection("t", "kelas");
    let batch = record_cursor(&engine, None)
        .next_batch(coll, 4)
        .expect("batch");
    assert!(matches!(&batch, Batch::Raw(raw) if raw.len() == 4));
    let projection = Projection::parse_find(&doc! { "nama": 1 }, &Document::new()).ok();
    let batch = record_cursor(&engine, projection)
        .next_batch(coll, 4)
        .expect("batch");
    assert!(matches!(&batch, Batch::Decoded(docs) if docs.len() == 4));
    let mut documents = record_cursor(&engine, None);
    documents.source = CursorSource::Documents(VecDeque::from(students()));
    assert!(matches!(
        documents.next_batch(coll, 2),
        Ok(Batch::Decoded(_))
    ));
}

#[test]
fn raw_batches_decode_to_the_documents_they_hold() {
    let docs = students();
    let mut raw = RawBatch::default();
    for doc in &docs {
        raw.push(&bson::RawDocumentBuf::from_document(doc).expect("encodes"));
    }
    let reply = Reply::cursor("firstBatch", Batch::Raw(raw.clone()), 7, "t.kelas");
    let expected =
        doc! { "cursor": { "firstBatch": docs.clone(), "id": 7i64, "ns": "t.kelas" }, "ok": 1.0 };
    assert_eq!(reply.into_document(), expected);
    let reply = Reply::cursor("firstBatch", Batch::Raw(raw), 7, "t.kelas");
    let bytes = reply.into_bson().expect("encodes");
    assert_eq!(bytes.as_bytes(), bson::to_vec(&expected).unwrap());
}

#[test]
fn unencodable_documents_are_an_error_in_wire_form() {
    let reply = Reply::cursor("firstBatch", vec![doc! { "a\0b": 1 }], 0, "t.x");
    assert_eq!(reply.into_bson().expect_err("NUL in a key").code, 2);
}

fn value() -> impl Strategy<Value = Bson> {
    let scalar = prop_oneof![
        (-3i32..3).prop_map(Bson::Int32),
        (-3i64..3).prop_map(Bson::Int64),
        prop_oneof![Just(-0.0), Just(1.5), Just(f64::NAN)].prop_map(Bson::Double),
        "[a-c]{0,3}".prop_map(Bson::String),
        any::<bool>().prop_map(Bson::Boolean),
        Just(Bson::Null),
    ];
    scalar.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Bson::Array),
            (inner.clone(), inner).prop_map(|(a, b)| Bson::Document(doc! { "b": a, "c": b })),
        ]
    })
}

fn filter() -> impl Strategy<Value = Document> {
    prop_oneof![
        Just(Document::new()),
        value().prop_map(|v| doc! { "a": v }),
        value().prop_map(|v| doc! { "a": { "$gte": v } }),
        value().prop_map(|v| doc! { "a.b": { "$ne": v } }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn wire_form_matches_decoded_form(
        values in prop::collection::vec(value(), 0..12),
        filter in filter(),
        batch in 1i32..5,
        project in any::<bool>(),
    ) {
        let docs: Vec<Document> =
            (0..).zip(values).map(|(i, a)| doc! { "_id": i, "a": a, "z": i % 2 }).collect();
        let mut engines = pair(&docs);
        let mut find = doc! { "find": "kelas", "filter": filter, "batchSize": batch };
        if project {
            find.insert("projection", doc! { "a": 1 });
        }
        let reply = both(&mut engines, find).expect("find runs");
        let mut id = cursor_id(&reply);
        while id != 0 {
            let more = doc! { "getMore": id, "collection": "kelas", "batchSize": batch };
            id = cursor_id(&both(&mut engines, more).expect("getMore runs"));
        }
    }
}
