//! The document engine through its command protocol (`run_command`), one test
//! per rule of `shared/spec/mongo-semantics.md`, plus the golden scripts of
//! `tests/golden/mongo/` run through `kursus jalankan` once the shell exists.

use bson::{doc, Bson, Document};
use kursus::engine::mongo::{Engine, MongoError};

const DB: &str = "kampus";

fn run(engine: &mut Engine, command: Document) -> Document {
    match engine.run_command(DB, command.clone()) {
        Ok(reply) => reply,
        Err(e) => panic!("command {command} failed: {e:?}"),
    }
}

fn fail(engine: &mut Engine, command: Document) -> MongoError {
    match engine.run_command(DB, command.clone()) {
        Ok(reply) => panic!("command {command} should fail, got {reply}"),
        Err(e) => e,
    }
}

fn insert(engine: &mut Engine, coll: &str, docs: Vec<Document>) -> Document {
    run(engine, doc! { "insert": coll, "documents": docs })
}

fn students() -> Engine {
    let mut e = Engine::new();
    insert(
        &mut e,
        "mata_kuliah",
        vec![
            doc! { "_id": "TSA101", "nama": "Algoritma dan Pemrograman", "sks": 4 },
            doc! { "_id": "TSA201", "nama": "Basis Data", "sks": 3 },
            doc! { "_id": "TSA202", "nama": "Jaringan Komputer", "sks": 2 },
            doc! { "_id": "TSA301", "nama": "Sistem Terdistribusi", "sks": 3 },
        ],
    );
    insert(
        &mut e,
        "mahasiswa",
        vec![
            doc! { "_id": "M001", "nama": "Andi", "angkatan": 2022, "mataKuliahId": ["TSA201", "TSA301"] },
            doc! { "_id": "M002", "nama": "Budi", "angkatan": 2023, "mataKuliahId": ["TSA201"] },
            doc! { "_id": "M003", "nama": "Citra", "angkatan": 2022, "mataKuliahId": [] },
            doc! { "_id": "M004", "nama": "Dewi", "angkatan": 2021, "mataKuliahId": ["TSA101", "TSA301", "TSA999"] },
            doc! { "_id": "M005", "nama": "Eko", "angkatan": 2023 },
        ],
    );
    e
}

/// All documents of a find, following the cursor with getMore.
fn find_cmd(engine: &mut Engine, command: Document) -> Vec<Document> {
    let coll = command.get_str("find").unwrap_or_default().to_string();
    let reply = run(engine, command);
    let cursor = reply.get_document("cursor").expect("cursor");
    let mut docs: Vec<Document> = cursor
        .get_array("firstBatch")
        .expect("firstBatch")
        .iter()
        .filter_map(|d| d.as_document().cloned())
        .collect();
    let mut id = cursor.get_i64("id").expect("id");
    while id != 0 {
        let more = run(engine, doc! { "getMore": id, "collection": coll.clone() });
        let cursor = more.get_document("cursor").expect("cursor");
        docs.extend(
            cursor
                .get_array("nextBatch")
                .expect("nextBatch")
                .iter()
                .filter_map(|d| d.as_document().cloned()),
        );
        id = cursor.get_i64("id").expect("id");
    }
    docs
}

fn find(engine: &mut Engine, coll: &str, filter: Document) -> Vec<Document> {
    find_cmd(engine, doc! { "find": coll, "filter": filter })
}

fn ids(docs: &[Document]) -> Vec<String> {
    docs.iter()
        .map(|d| {
            d.get("_id")
                .map(|v| v.to_string().trim_matches('"').to_string())
                .unwrap_or_default()
        })
        .collect()
}

fn student_ids(engine: &mut Engine, filter: Document) -> Vec<String> {
    ids(&find(engine, "mahasiswa", filter))
}

fn update(engine: &mut Engine, q: Document, u: Document, multi: bool) -> Document {
    run(
        engine,
        doc! { "update": "mahasiswa", "updates": [{ "q": q, "u": u, "multi": multi }] },
    )
}

fn write_error(reply: &Document) -> (i32, String) {
    let errors = reply.get_array("writeErrors").expect("writeErrors");
    let first = errors[0].as_document().expect("write error");
    (
        first.get_i32("code").expect("code"),
        first.get_str("errmsg").expect("errmsg").to_string(),
    )
}

fn one(engine: &mut Engine, id: impl Into<Bson>) -> Document {
    find(engine, "mahasiswa", doc! { "_id": id.into() })
        .pop()
        .expect("document")
}

// ---- _id, insert, limits ----------------------------------------------------

#[test]
fn generated_ids_follow_the_seed_and_come_first() {
    let seed = [
        0x6a, 0xe8, 0x99, 0x2e, 0xf7, 0x1c, 0xe5, 0x01, 0x6d, 0x8d, 0xe6, 0x66,
    ];
    let mut e = Engine::with_objectid_seed(Some(seed));
    insert(
        &mut e,
        "c",
        vec![doc! { "a": 1 }, doc! { "b": 2, "_id": 7 }, doc! { "c": 3 }],
    );
    let docs = find(&mut e, "c", doc! {});
    assert_eq!(docs[0].keys().next().map(String::as_str), Some("_id"));
    assert_eq!(
        docs[0].get_object_id("_id").map(|o| o.to_hex()).ok(),
        Some("6ae8992ef71ce5016d8de666".to_string())
    );
    assert_eq!(docs[1], doc! { "_id": 7, "b": 2 });
    assert_eq!(
        docs[2].get_object_id("_id").map(|o| o.to_hex()).ok(),
        Some("6ae8992ef71ce5016d8de667".to_string())
    );
    assert_eq!(e.next_object_id().to_hex(), "6ae8992ef71ce5016d8de668");
}

#[test]
fn duplicate_id_ordered_stops_unordered_continues() {
    let mut e = students();
    let reply = run(
        &mut e,
        doc! { "insert": "mahasiswa", "documents": [{ "_id": "M006" }, { "_id": "M001" }, { "_id": "M007" }] },
    );
    assert_eq!(reply.get_i32("n").ok(), Some(1));
    let (code, msg) = write_error(&reply);
    assert_eq!(code, 11000);
    assert_eq!(msg, "E11000 duplicate key error collection: kampus.mahasiswa index: _id_ dup key: { _id: \"M001\" }");
    let reply = run(
        &mut e,
        doc! { "insert": "mahasiswa", "ordered": false, "documents": [{ "_id": "M002" }, { "_id": "M008" }, { "_id": "M003" }] },
    );
    assert_eq!(reply.get_i32("n").ok(), Some(1));
    let errors = reply.get_array("writeErrors").expect("errors");
    assert_eq!(errors.len(), 2);
    assert_eq!(
        errors[1]
            .as_document()
            .and_then(|d| d.get_i32("index").ok()),
        Some(2)
    );
    assert_eq!(find(&mut e, "mahasiswa", doc! {}).len(), 7);
}

#[test]
fn array_id_is_rejected() {
    let mut e = Engine::new();
    let reply = insert(&mut e, "c", vec![doc! { "_id": [1, 2] }]);
    assert_eq!(write_error(&reply).0, 53);
}

#[test]
fn documents_over_16_megabytes_are_rejected() {
    let mut e = Engine::new();
    let big = "x".repeat(16 * 1024 * 1024);
    let reply = insert(&mut e, "c", vec![doc! { "_id": 1, "s": big }]);
    let (code, msg) = write_error(&reply);
    assert_eq!(code, 10334);
    assert!(msg.contains("max size: 16777216"), "{msg}");
    let ok = insert(
        &mut e,
        "c",
        vec![doc! { "_id": 2, "s": "x".repeat(1024 * 1024) }],
    );
    assert_eq!(ok.get_i32("n").ok(), Some(1));
}

// ---- matching arrays ---------------------------------------------------------

#[test]
fn scalar_matches_array_elements_and_whole_arrays_match_exactly() {
    let mut e = students();
    assert_eq!(
        student_ids(&mut e, doc! { "mataKuliahId": "TSA301" }),
        ["M001", "M004"]
    );
    assert_eq!(
        student_ids(&mut e, doc! { "mataKuliahId": ["TSA201"] }),
        ["M002"]
    );
    assert!(student_ids(&mut e, doc! { "mataKuliahId": ["TSA301", "TSA201"] }).is_empty());
    assert_eq!(student_ids(&mut e, doc! { "mataKuliahId": [] }), ["M003"]);
}

#[test]
fn arrays_of_arrays_are_traversed_one_level() {
    let mut e = Engine::new();
    insert(
        &mut e,
        "c",
        vec![
            doc! { "_id": 1, "v": [[1, 2], 3] },
            doc! { "_id": 2, "a": [5] },
            doc! { "_id": 3, "a": [[5]] },
        ],
    );
    assert!(find(&mut e, "c", doc! { "v": 1 }).is_empty());
    assert_eq!(ids(&find(&mut e, "c", doc! { "v": [1, 2] })), ["1"]);
    assert_eq!(
        ids(&find(
            &mut e,
            "c",
            doc! { "a": { "$elemMatch": { "$gt": 4, "$lt": 6 } } }
        )),
        ["2"]
    );
    assert!(find(&mut e, "c", doc! { "v.0": 3 }).is_empty());
    assert_eq!(ids(&find(&mut e, "c", doc! { "v.0": 1 })), ["1"]);
}

#[test]
fn dotted_paths_through_arrays_of_subdocuments() {
    let mut e = Engine::new();
    insert(
        &mut e,
        "c",
        vec![
            doc! { "_id": 1, "hasil": [{ "mk": "A", "skor": 50 }, { "mk": "B", "skor": 90 }] },
            doc! { "_id": 2, "hasil": [{ "mk": "A", "skor": 95 }] },
            doc! { "_id": 3, "a": [[{ "b": 1 }], 3] },
        ],
    );
    assert_eq!(
        ids(&find(
            &mut e,
            "c",
            doc! { "hasil.mk": "A", "hasil.skor": { "$gt": 80 } }
        )),
        ["1", "2"]
    );
    assert_eq!(
        ids(&find(
            &mut e,
            "c",
            doc! { "hasil": { "$elemMatch": { "mk": "A", "skor": { "$gt": 80 } } } }
        )),
        ["2"]
    );
    assert!(find(&mut e, "c", doc! { "a.b": 1 }).is_empty());
}

// ---- null, missing, $exists --------------------------------------------------

#[test]
fn null_matches_missing_and_ne_null_is_its_complement() {
    let mut e = Engine::new();
    insert(
        &mut e,
        "c",
        vec![
            doc! { "_id": 1, "f": Bson::Null },
            doc! { "_id": 2 },
            doc! { "_id": 3, "f": [1, Bson::Null] },
            doc! { "_id": 4, "f": 5 },
            doc! { "_id": 5, "f": [] },
        ],
    );
    assert_eq!(
        ids(&find(&mut e, "c", doc! { "f": Bson::Null })),
        ["1", "2", "3"]
    );
    assert_eq!(
        ids(&find(&mut e, "c", doc! { "f": { "$ne": Bson::Null } })),
        ["4", "5"]
    );
    assert_eq!(
        ids(&find(&mut e, "c", doc! { "f": { "$gte": Bson::Null } })),
        ["1", "2", "3"]
    );
    assert!(find(&mut e, "c", doc! { "f": { "$gt": Bson::Null } }).is_empty());
    assert_eq!(
        ids(&find(&mut e, "c", doc! { "f": { "$in": [Bson::Null, 5] } })),
        ["1", "2", "3", "4"]
    );
    assert_eq!(
        ids(&find(&mut e, "c", doc! { "f": { "$exists": true } })),
        ["1", "3", "4", "5"]
    );
    assert_eq!(
        ids(&find(&mut e, "c", doc! { "f": { "$exists": false } })),
        ["2"]
    );
    assert_eq!(ids(&find(&mut e, "c", doc! { "f": { "$size": 0 } })), ["5"]);
}

#[test]
fn dotted_null_follows_the_7_0_rule() {
    let mut e = Engine::new();
    insert(
        &mut e,
        "c",
        vec![
            doc! { "_id": 1 },
            doc! { "_id": 2, "a": 5 },
            doc! { "_id": 3, "a": { "c": 1 } },
            doc! { "_id": 4, "a": [{ "c": 1 }, { "b": 2 }] },
            doc! { "_id": 5, "a": [] },
            doc! { "_id": 6, "a": [1, 2] },
            doc! { "_id": 7, "a": { "b": 3 } },
        ],
    );
    assert_eq!(
        ids(&find(&mut e, "c", doc! { "a.b": Bson::Null })),
        ["1", "2", "3", "4"]
    );
}

// ---- $in $nin $all $size $regex $type ----------------------------------------

#[test]
fn in_nin_all_size() {
    let mut e = students();
    assert_eq!(
        student_ids(
            &mut e,
            doc! { "mataKuliahId": { "$in": ["TSA101", "TSA202"] } }
        ),
        ["M004"]
    );
    assert_eq!(
        student_ids(&mut e, doc! { "mataKuliahId": { "$nin": ["TSA201"] } }),
        ["M003", "M004", "M005"]
    );
    assert_eq!(
        student_ids(&mut e, doc! { "mataKuliahId": { "$ne": "TSA201" } }),
        ["M003", "M004", "M005"]
    );
    assert_eq!(
        student_ids(
            &mut e,
            doc! { "mataKuliahId": { "$all": ["TSA301", "TSA201"] } }
        ),
        ["M001"]
    );
    assert!(student_ids(&mut e, doc! { "mataKuliahId": { "$all": [] } }).is_empty());
    assert!(student_ids(&mut e, doc! { "mataKuliahId": { "$in": [] } }).is_empty());
    assert_eq!(
        student_ids(&mut e, doc! { "mataKuliahId": { "$size": 3 } }),
        ["M004"]
    );
    assert_eq!(
        fail(
            &mut e,
            doc! { "find": "mahasiswa", "filter": { "a": { "$in": 5 } } }
        )
        .code,
        2
    );
    assert_eq!(
        fail(
            &mut e,
            doc! { "find": "mahasiswa", "filter": { "a": { "$size": { "$gt": 1 } } } }
        )
        .code,
        2
    );
}

#[test]
fn regexes_match_strings_only() {
    let mut e = students();
    let re = Bson::RegularExpression(bson::Regex {
        pattern: "^a".into(),
        options: "i".into(),
    });
    assert_eq!(student_ids(&mut e, doc! { "nama": re }), ["M001"]);
    assert_eq!(
        student_ids(&mut e, doc! { "nama": { "$regex": "^c", "$options": "i" } }),
        ["M003"]
    );
    assert_eq!(
        student_ids(&mut e, doc! { "mataKuliahId": { "$regex": "999$" } }),
        ["M004"]
    );
    assert!(student_ids(&mut e, doc! { "angkatan": { "$regex": "2022" } }).is_empty());
}

#[test]
fn comparisons_bracket_types() {
    let mut e = students();
    assert!(student_ids(&mut e, doc! { "angkatan": { "$gt": "2000" } }).is_empty());
    assert_eq!(
        student_ids(&mut e, doc! { "angkatan": { "$gte": 2023 } }),
        ["M002", "M005"]
    );
    assert_eq!(
        student_ids(&mut e, doc! { "angkatan": { "$lt": 2022.5, "$gt": 2021 } }),
        ["M001", "M003"]
    );
    assert_eq!(
        student_ids(&mut e, doc! { "angkatan": { "$type": "number" } }).len(),
        5
    );
    assert_eq!(
        student_ids(&mut e, doc! { "mataKuliahId": { "$type": "array" } }).len(),
        4
    );
}

#[test]
fn logical_operators() {
    let mut e = students();
    assert_eq!(
        student_ids(
            &mut e,
            doc! { "$or": [{ "nama": "Andi" }, { "angkatan": 2021 }] }
        ),
        ["M001", "M004"]
    );
    assert_eq!(
        student_ids(
            &mut e,
            doc! { "$nor": [{ "angkatan": 2022 }, { "angkatan": 2023 }] }
        ),
        ["M004"]
    );
    assert_eq!(
        student_ids(&mut e, doc! { "angkatan": { "$not": { "$gte": 2022 } } }),
        ["M004"]
    );
    assert_eq!(
        fail(
            &mut e,
            doc! { "find": "mahasiswa", "filter": { "$or": [] } }
        )
        .code,
        2
    );
    let err = fail(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "$foo": 1 } },
    );
    assert_eq!(err.message, "unknown top level operator: $foo");
    let err = fail(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "a": { "$foo": 1 } } },
    );
    assert_eq!(err.message, "unknown operator: $foo");
}

#[test]
fn subdocument_equality_is_exact_and_ordered() {
    let mut e = Engine::new();
    insert(
        &mut e,
        "c",
        vec![
            doc! { "_id": 1, "alamat": { "kota": "Surabaya" } },
            doc! { "_id": 2, "alamat": { "kota": "Surabaya", "kodePos": "60111" } },
            doc! { "_id": 3, "alamat": { "kodePos": "60111", "kota": "Surabaya" } },
        ],
    );
    assert_eq!(
        ids(&find(
            &mut e,
            "c",
            doc! { "alamat": { "kota": "Surabaya" } }
        )),
        ["1"]
    );
    assert_eq!(
        ids(&find(
            &mut e,
            "c",
            doc! { "alamat": { "kota": "Surabaya", "kodePos": "60111" } }
        )),
        ["2"]
    );
    assert_eq!(
        ids(&find(&mut e, "c", doc! { "alamat.kota": "Surabaya" })),
        ["1", "2", "3"]
    );
}

// ---- sort, skip, limit, projection -------------------------------------------

#[test]
fn array_sort_uses_min_ascending_and_max_descending() {
    let mut e = students();
    let asc = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "sort": { "mataKuliahId": 1, "_id": 1 } },
    );
    assert_eq!(ids(&asc), ["M003", "M005", "M004", "M001", "M002"]);
    let desc = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "sort": { "mataKuliahId": -1, "_id": 1 } },
    );
    assert_eq!(ids(&desc), ["M004", "M001", "M002", "M005", "M003"]);
}

#[test]
fn sort_order_across_types() {
    let mut e = Engine::new();
    let oid = bson::oid::ObjectId::parse_str("6ae8992ef71ce5016d8de666").expect("oid");
    insert(
        &mut e,
        "c",
        vec![
            doc! { "_id": 1, "v": bson::DateTime::from_millis(0) },
            doc! { "_id": 2, "v": true },
            doc! { "_id": 3, "v": oid },
            doc! { "_id": 4, "v": "s" },
            doc! { "_id": 5, "v": 10 },
            doc! { "_id": 6 },
            doc! { "_id": 7, "v": { "a": 1 } },
            doc! { "_id": 8, "v": 2.5 },
        ],
    );
    let docs = find_cmd(&mut e, doc! { "find": "c", "sort": { "v": 1 } });
    assert_eq!(ids(&docs), ["6", "8", "5", "4", "7", "3", "2", "1"]);
}

#[test]
fn skip_and_limit_apply_after_sort() {
    let mut e = students();
    let docs = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "sort": { "nama": -1 }, "skip": 1, "limit": 2 },
    );
    assert_eq!(ids(&docs), ["M004", "M003"]);
}

#[test]
fn projection_keeps_document_order_and_reduces_arrays() {
    let mut e = Engine::new();
    insert(
        &mut e,
        "c",
        vec![
            doc! { "_id": 1, "b": 1, "a": 2, "hasil": [{ "mk": "A", "skor": 90 }, { "mk": "B" }, 7] },
        ],
    );
    let docs = find_cmd(
        &mut e,
        doc! { "find": "c", "projection": { "a": 1, "b": 1 } },
    );
    assert_eq!(docs[0], doc! { "_id": 1, "b": 1, "a": 2 });
    let docs = find_cmd(
        &mut e,
        doc! { "find": "c", "projection": { "hasil.skor": 1, "_id": 0 } },
    );
    assert_eq!(docs[0], doc! { "hasil": [{ "skor": 90 }, {}] });
    let docs = find_cmd(
        &mut e,
        doc! { "find": "c", "projection": { "hasil": 0, "a": 0 } },
    );
    assert_eq!(docs[0], doc! { "_id": 1, "b": 1 });
    let err = fail(
        &mut e,
        doc! { "find": "c", "projection": { "nama": 1, "angkatan": 0 } },
    );
    assert_eq!((err.code, err.code_name.as_str()), (31254, "Location31254"));
    assert_eq!(
        err.message,
        "Cannot do exclusion on field angkatan in inclusion projection"
    );
    let err = fail(
        &mut e,
        doc! { "find": "c", "projection": { "nama": 0, "angkatan": 1 } },
    );
    assert_eq!(
        err.message,
        "Cannot do inclusion on field angkatan in exclusion projection"
    );
}

#[test]
fn get_more_pages_through_a_large_result() {
    let mut e = Engine::new();
    let docs: Vec<Document> = (0..250).map(|i| doc! { "_id": i }).collect();
    insert(&mut e, "c", docs);
    let reply = run(&mut e, doc! { "find": "c", "filter": {} });
    let cursor = reply.get_document("cursor").expect("cursor");
    assert_eq!(cursor.get_array("firstBatch").map(Vec::len).ok(), Some(101));
    assert_ne!(cursor.get_i64("id").ok(), Some(0));
    assert_eq!(cursor.get_str("ns").ok(), Some("kampus.c"));
    assert_eq!(find(&mut e, "c", doc! {}).len(), 250);
    let err = fail(&mut e, doc! { "getMore": 424242i64, "collection": "c" });
    assert_eq!(err.code, 43);
}

// ---- updates -----------------------------------------------------------------

#[test]
fn new_fields_are_added_in_lexicographic_order() {
    let mut e = students();
    update(
        &mut e,
        doc! { "_id": "M005" },
        doc! { "$set": { "semester": 3, "ipk": 3.5 }, "$inc": { "cuti": 1 } },
        false,
    );
    assert_eq!(
        one(&mut e, "M005"),
        doc! { "_id": "M005", "nama": "Eko", "angkatan": 2023, "cuti": 1, "ipk": 3.5, "semester": 3 }
    );
}

#[test]
fn matched_and_modified_are_counted_separately() {
    let mut e = students();
    let reply = update(
        &mut e,
        doc! {},
        doc! { "$pull": { "mataKuliahId": "TSA201" } },
        true,
    );
    assert_eq!(
        (reply.get_i32("n").ok(), reply.get_i32("nModified").ok()),
        (Some(5), Some(2))
    );
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$set": { "nama": "Andi" } },
        false,
    );
    assert_eq!(
        (reply.get_i32("n").ok(), reply.get_i32("nModified").ok()),
        (Some(1), Some(0))
    );
}

#[test]
fn push_each_slice_sort_position_and_add_to_set() {
    let mut e = students();
    update(
        &mut e,
        doc! { "_id": "M002" },
        doc! { "$push": { "mataKuliahId": { "$each": ["X3", "X1"], "$position": 0 } } },
        false,
    );
    assert_eq!(
        one(&mut e, "M002").get_array("mataKuliahId").cloned().ok(),
        Some(vec!["X3".into(), "X1".into(), "TSA201".into()])
    );
    update(
        &mut e,
        doc! { "_id": "M002" },
        doc! { "$push": { "mataKuliahId": { "$each": ["A0"], "$sort": 1, "$slice": 2 } } },
        false,
    );
    assert_eq!(
        one(&mut e, "M002").get_array("mataKuliahId").cloned().ok(),
        Some(vec!["A0".into(), "TSA201".into()])
    );
    update(
        &mut e,
        doc! { "_id": "M003" },
        doc! { "$addToSet": { "mataKuliahId": { "$each": ["B", "B", "C"] } } },
        false,
    );
    assert_eq!(
        one(&mut e, "M003").get_array("mataKuliahId").cloned().ok(),
        Some(vec!["B".into(), "C".into()])
    );
    update(
        &mut e,
        doc! { "_id": "M005" },
        doc! { "$push": { "tags": ["x", "y"] } },
        false,
    );
    assert_eq!(
        one(&mut e, "M005").get_array("tags").cloned().ok(),
        Some(vec![Bson::Array(vec!["x".into(), "y".into()])])
    );
}

#[test]
fn array_operator_errors_use_server_texts() {
    let mut e = students();
    update(
        &mut e,
        doc! { "_id": "M002" },
        doc! { "$set": { "mataKuliahId": "TSA201" } },
        false,
    );
    let reply = update(
        &mut e,
        doc! { "_id": "M002" },
        doc! { "$push": { "mataKuliahId": "X" } },
        false,
    );
    assert_eq!(write_error(&reply), (2, "The field 'mataKuliahId' must be an array but is of type string in document {_id: \"M002\"}".to_string()));
    let reply = update(
        &mut e,
        doc! { "_id": "M002" },
        doc! { "$pull": { "mataKuliahId": "X" } },
        false,
    );
    assert_eq!(
        write_error(&reply),
        (2, "Cannot apply $pull to a non-array value".to_string())
    );
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$pop": { "angkatan": 1 } },
        false,
    );
    assert_eq!(
        write_error(&reply),
        (
            14,
            "Path 'angkatan' contains an element of non-array type 'int'".to_string()
        )
    );
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$pop": { "mataKuliahId": 2 } },
        false,
    );
    assert_eq!(write_error(&reply).0, 9);
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$inc": { "nama": 1 } },
        false,
    );
    assert_eq!(write_error(&reply), (14, "Cannot apply $inc to a value of non-numeric type. {_id: \"M001\"} has the field 'nama' of non-numeric type string".to_string()));
}

#[test]
fn pull_by_value_condition_and_subdocument_query() {
    let mut e = Engine::new();
    insert(
        &mut e,
        "mahasiswa",
        vec![doc! { "_id": "A", "n": [1, 5, 7, 5], "h": [{ "x": 1, "b": 2 }, { "x": 2 }] }],
    );
    update(
        &mut e,
        doc! { "_id": "A" },
        doc! { "$pull": { "n": { "$gte": 6 }, "h": { "x": 1 } } },
        false,
    );
    update(
        &mut e,
        doc! { "_id": "A" },
        doc! { "$pull": { "n": 5 } },
        false,
    );
    assert_eq!(
        one(&mut e, "A"),
        doc! { "_id": "A", "n": [1], "h": [{ "x": 2 }] }
    );
    update(
        &mut e,
        doc! { "_id": "A" },
        doc! { "$pullAll": { "n": [1] }, "$pop": { "h": -1 } },
        false,
    );
    assert_eq!(one(&mut e, "A"), doc! { "_id": "A", "n": [], "h": [] });
}

#[test]
fn set_through_a_scalar_fails_with_path_not_viable() {
    let mut e = Engine::new();
    insert(&mut e, "mahasiswa", vec![doc! { "_id": 1, "nama": "Andi" }]);
    let reply = update(
        &mut e,
        doc! { "_id": 1 },
        doc! { "$set": { "nama.depan": "A" } },
        false,
    );
    assert_eq!(
        write_error(&reply),
        (
            28,
            "Cannot create field 'depan' in element {nama: \"Andi\"}".to_string()
        )
    );
    update(
        &mut e,
        doc! { "_id": 1 },
        doc! { "$set": { "alamat.kota": "Bandung" }, "$unset": { "nama": "" } },
        false,
    );
    assert_eq!(
        one(&mut e, 1),
        doc! { "_id": 1, "alamat": { "kota": "Bandung" } }
    );
}

#[test]
fn id_is_immutable() {
    let mut e = students();
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$set": { "_id": "X" } },
        false,
    );
    assert_eq!(
        write_error(&reply),
        (
            66,
            "Performing an update on the path '_id' would modify the immutable field '_id'"
                .to_string()
        )
    );
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "_id": "X", "nama": "A" },
        false,
    );
    assert_eq!(write_error(&reply).1, "After applying the update, the (immutable) field '_id' was found to have been altered to _id: \"X\"");
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$set": { "_id": "M001", "x": 1 } },
        false,
    );
    assert_eq!(reply.get_i32("nModified").ok(), Some(1));
}

#[test]
fn conflicting_and_unknown_operators() {
    let mut e = students();
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$set": { "a.b": 1 }, "$unset": { "a": 1 } },
        false,
    );
    assert_eq!(write_error(&reply).0, 40);
    let reply = update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$foo": { "a": 1 } },
        false,
    );
    assert_eq!(write_error(&reply).0, 9);
}

#[test]
fn replacement_keeps_id_first() {
    let mut e = students();
    update(
        &mut e,
        doc! { "_id": "M002" },
        doc! { "nama": "Budi B" },
        false,
    );
    assert_eq!(
        one(&mut e, "M002"),
        doc! { "_id": "M002", "nama": "Budi B" }
    );
}

#[test]
fn positional_operators() {
    let mut e = Engine::new();
    insert(
        &mut e,
        "mahasiswa",
        vec![
            doc! { "_id": 1, "hasil": [{ "mk": "TSA201", "skor": 80 }, { "mk": "TSA301", "skor": 60 }] },
        ],
    );
    update(
        &mut e,
        doc! { "_id": 1, "hasil.mk": "TSA301" },
        doc! { "$set": { "hasil.$.skor": 70 } },
        false,
    );
    assert_eq!(
        one(&mut e, 1).get_array("hasil").cloned().ok(),
        Some(vec![
            Bson::Document(doc! { "mk": "TSA201", "skor": 80 }),
            Bson::Document(doc! { "mk": "TSA301", "skor": 70 }),
        ])
    );
    update(
        &mut e,
        doc! { "_id": 1 },
        doc! { "$inc": { "hasil.$[].skor": 1 } },
        false,
    );
    run(
        &mut e,
        doc! { "update": "mahasiswa", "updates": [{ "q": { "_id": 1 }, "u": { "$set": { "hasil.$[h].lulus": true } }, "arrayFilters": [{ "h.skor": { "$gte": 75 } }] }] },
    );
    assert_eq!(
        one(&mut e, 1).get_array("hasil").cloned().ok(),
        Some(vec![
            Bson::Document(doc! { "mk": "TSA201", "skor": 81, "lulus": true }),
            Bson::Document(doc! { "mk": "TSA301", "skor": 71 }),
        ])
    );
    let reply = update(
        &mut e,
        doc! { "_id": 1 },
        doc! { "$set": { "hasil.$.skor": 0 } },
        false,
    );
    assert_eq!(write_error(&reply).0, 2);
}

#[test]
fn upsert_builds_from_equality_conditions() {
    let mut e = Engine::with_objectid_seed(Some([1; 12]));
    let reply = run(
        &mut e,
        doc! { "update": "mahasiswa", "updates": [{
        "q": { "nim": "22", "alamat.kota": "Bandung", "angkatan": { "$gt": 2000 } },
        "u": { "$set": { "nama": "Rudi" }, "$setOnInsert": { "baru": true } }, "upsert": true }] },
    );
    assert_eq!(reply.get_i32("n").ok(), Some(1));
    let upserted = reply.get_array("upserted").expect("upserted")[0]
        .as_document()
        .cloned()
        .expect("doc");
    let id = upserted.get("_id").cloned().expect("id");
    let docs = find(&mut e, "mahasiswa", doc! {});
    assert_eq!(
        docs[0],
        doc! { "_id": id, "nim": "22", "alamat": { "kota": "Bandung" }, "baru": true, "nama": "Rudi" }
    );
}

#[test]
fn find_and_modify_returns_old_or_new() {
    let mut e = students();
    let reply = run(
        &mut e,
        doc! { "findAndModify": "mahasiswa", "query": { "_id": "M001" }, "update": { "$inc": { "angkatan": 1 } } },
    );
    assert_eq!(
        reply
            .get_document("value")
            .ok()
            .and_then(|d| d.get_i32("angkatan").ok()),
        Some(2022)
    );
    let reply = run(
        &mut e,
        doc! { "findAndModify": "mahasiswa", "query": { "_id": "M001" }, "update": { "$inc": { "angkatan": 1 } }, "new": true, "fields": { "angkatan": 1 } },
    );
    assert_eq!(
        reply.get_document("value").ok(),
        Some(&doc! { "_id": "M001", "angkatan": 2024 })
    );
    let reply = run(
        &mut e,
        doc! { "findAndModify": "mahasiswa", "query": { "angkatan": 2023 }, "sort": { "_id": -1 }, "remove": true },
    );
    assert_eq!(
        reply
            .get_document("value")
            .ok()
            .and_then(|d| d.get_str("_id").ok()),
        Some("M005")
    );
    assert_eq!(find(&mut e, "mahasiswa", doc! {}).len(), 4);
}

#[test]
fn delete_one_and_many() {
    let mut e = students();
    let reply = run(
        &mut e,
        doc! { "delete": "mahasiswa", "deletes": [{ "q": { "angkatan": 2022 }, "limit": 1 }] },
    );
    assert_eq!(reply.get_i32("n").ok(), Some(1));
    assert_eq!(student_ids(&mut e, doc! { "angkatan": 2022 }), ["M003"]);
    let reply = run(
        &mut e,
        doc! { "delete": "mahasiswa", "deletes": [{ "q": {}, "limit": 0 }] },
    );
    assert_eq!(reply.get_i32("n").ok(), Some(4));
}

#[test]
fn count_and_distinct() {
    let mut e = students();
    assert_eq!(
        run(
            &mut e,
            doc! { "count": "mahasiswa", "query": { "angkatan": 2022 } }
        )
        .get_i32("n")
        .ok(),
        Some(2)
    );
    assert_eq!(
        run(&mut e, doc! { "count": "mahasiswa" }).get_i32("n").ok(),
        Some(5)
    );
    let values = run(
        &mut e,
        doc! { "distinct": "mahasiswa", "key": "mataKuliahId" },
    );
    assert_eq!(
        values.get_array("values").cloned().ok(),
        Some(vec![
            "TSA101".into(),
            "TSA201".into(),
            "TSA301".into(),
            "TSA999".into()
        ])
    );
}

// ---- indexes, planner, explain -----------------------------------------------

fn create_index(e: &mut Engine, key: Document, unique: bool) -> Result<Document, MongoError> {
    let mut spec = doc! { "key": key.clone(), "name": default_name(&key) };
    if unique {
        spec.insert("unique", true);
    }
    e.run_command(DB, doc! { "createIndexes": "mahasiswa", "indexes": [spec] })
}

fn default_name(key: &Document) -> String {
    key.iter()
        .map(|(k, v)| format!("{k}_{v}"))
        .collect::<Vec<_>>()
        .join("_")
}

#[test]
fn indexes_are_listed_in_creation_order_and_idempotent() {
    let mut e = students();
    let reply = create_index(&mut e, doc! { "mataKuliahId": 1 }, false).expect("created");
    assert_eq!(
        (
            reply.get_i32("numIndexesBefore").ok(),
            reply.get_i32("numIndexesAfter").ok()
        ),
        (Some(1), Some(2))
    );
    let again = create_index(&mut e, doc! { "mataKuliahId": 1 }, false).expect("again");
    assert_eq!(again.get_i32("numIndexesAfter").ok(), Some(2));
    create_index(&mut e, doc! { "nama": 1 }, true).expect("unique");
    let list = run(&mut e, doc! { "listIndexes": "mahasiswa" });
    let batch = list
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"))
        .cloned()
        .expect("batch");
    assert_eq!(
        batch[0],
        Bson::Document(doc! { "v": 2, "key": { "_id": 1 }, "name": "_id_" })
    );
    assert_eq!(
        batch[2],
        Bson::Document(doc! { "v": 2, "key": { "nama": 1 }, "name": "nama_1", "unique": true })
    );
    let err = fail(
        &mut e,
        doc! { "dropIndexes": "mahasiswa", "index": "tidak_ada" },
    );
    assert_eq!(
        (err.code, err.message.as_str()),
        (27, "index not found with name [tidak_ada]")
    );
}

#[test]
fn unique_index_rejects_duplicates_and_missing_fields_collide() {
    let mut e = students();
    create_index(&mut e, doc! { "nama": 1 }, true).expect("unique");
    let reply = insert(
        &mut e,
        "mahasiswa",
        vec![doc! { "_id": "M009", "nama": "Andi" }],
    );
    assert_eq!(write_error(&reply).1, "E11000 duplicate key error collection: kampus.mahasiswa index: nama_1 dup key: { nama: \"Andi\" }");
    insert(&mut e, "mahasiswa", vec![doc! { "_id": "N1" }]);
    let reply = insert(&mut e, "mahasiswa", vec![doc! { "_id": "N2" }]);
    assert_eq!(write_error(&reply).0, 11000);
    let reply = update(
        &mut e,
        doc! { "_id": "M002" },
        doc! { "$set": { "nama": "Andi" } },
        false,
    );
    assert_eq!(write_error(&reply).0, 11000);
    assert_eq!(one(&mut e, "M002").get_str("nama").ok(), Some("Budi"));
    let err = create_index(&mut e, doc! { "angkatan": 1 }, true).expect_err("duplicates");
    assert!(
        err.message.starts_with("Index build failed: "),
        "{}",
        err.message
    );
    assert!(err.message.contains(":: caused by :: E11000 duplicate key error collection: kampus.mahasiswa index: angkatan_1 dup key: { angkatan: 2022 }"), "{}", err.message);
}

#[test]
fn compound_index_rejects_parallel_arrays() {
    let mut e = students();
    update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$set": { "tags": ["a", "b"] } },
        false,
    );
    let err =
        create_index(&mut e, doc! { "mataKuliahId": 1, "tags": 1 }, false).expect_err("parallel");
    assert_eq!(
        (err.code, err.code_name.as_str()),
        (171, "CannotIndexParallelArrays")
    );
    assert!(
        err.message
            .contains("cannot index parallel arrays [tags] [mataKuliahId]"),
        "{}",
        err.message
    );
    create_index(&mut e, doc! { "angkatan": 1, "mataKuliahId": 1 }, false)
        .expect("one array is fine");
    let reply = insert(
        &mut e,
        "mahasiswa",
        vec![doc! { "_id": "P", "angkatan": [1, 2], "mataKuliahId": ["x", "y"] }],
    );
    assert_eq!(write_error(&reply).0, 171);
}

/// A counter as explain reports it (int32, or int64 when large).
fn int(doc: &Document, key: &str) -> Option<i64> {
    match doc.get(key) {
        Some(Bson::Int32(i)) => Some(i64::from(*i)),
        Some(Bson::Int64(i)) => Some(*i),
        _ => None,
    }
}

fn explain(e: &mut Engine, find: Document) -> Document {
    run(e, doc! { "explain": find, "verbosity": "executionStats" })
}

#[test]
fn explain_shows_ixscan_under_fetch_for_the_multikey_index() {
    let mut e = students();
    create_index(&mut e, doc! { "mataKuliahId": 1 }, false).expect("index");
    let out = explain(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "mataKuliahId": "TSA301" } },
    );
    let plan = out
        .get_document("queryPlanner")
        .and_then(|q| q.get_document("winningPlan"))
        .expect("plan");
    assert_eq!(plan.get_str("stage").ok(), Some("FETCH"));
    let ix = plan.get_document("inputStage").expect("ixscan");
    assert_eq!(ix.get_str("stage").ok(), Some("IXSCAN"));
    assert_eq!(ix.get_str("indexName").ok(), Some("mataKuliahId_1"));
    assert_eq!(ix.get_bool("isMultiKey").ok(), Some(true));
    assert_eq!(
        ix.get_document("multiKeyPaths").ok(),
        Some(&doc! { "mataKuliahId": ["mataKuliahId"] })
    );
    assert_eq!(
        ix.get_document("indexBounds").ok(),
        Some(&doc! { "mataKuliahId": ["[\"TSA301\", \"TSA301\"]"] })
    );
    let stats = out.get_document("executionStats").expect("stats");
    assert_eq!(int(stats, "nReturned"), Some(2));
    assert_eq!(int(stats, "totalKeysExamined"), Some(2));
    assert_eq!(int(stats, "totalDocsExamined"), Some(2));
}

#[test]
fn explain_collscan_examines_every_document() {
    let mut e = students();
    create_index(&mut e, doc! { "mataKuliahId": 1 }, false).expect("index");
    let out = explain(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "nama": "Andi" } },
    );
    let plan = out
        .get_document("queryPlanner")
        .and_then(|q| q.get_document("winningPlan"))
        .expect("plan");
    assert_eq!(plan.get_str("stage").ok(), Some("COLLSCAN"));
    assert_eq!(
        plan.get_document("filter").ok(),
        Some(&doc! { "nama": { "$eq": "Andi" } })
    );
    let stats = out.get_document("executionStats").expect("stats");
    assert_eq!(int(stats, "nReturned"), Some(1));
    assert_eq!(int(stats, "totalKeysExamined"), Some(0));
    assert_eq!(int(stats, "totalDocsExamined"), Some(5));
}

#[test]
fn index_scans_return_index_order_and_log_plans() {
    let mut e = students();
    create_index(&mut e, doc! { "mataKuliahId": 1 }, false).expect("index");
    e.take_plan_log();
    assert_eq!(
        student_ids(
            &mut e,
            doc! { "mataKuliahId": { "$in": ["TSA301", "TSA101"] } }
        ),
        ["M004", "M001"]
    );
    // Different elements may satisfy the two bounds (M004: TSA301 and TSA101).
    assert_eq!(
        student_ids(
            &mut e,
            doc! { "mataKuliahId": { "$gte": "TSA2", "$lt": "TSA3" } }
        ),
        ["M001", "M002", "M004"]
    );
    student_ids(&mut e, doc! { "nama": "Budi" });
    student_ids(&mut e, doc! { "_id": "M002" });
    let log = e.take_plan_log();
    assert_eq!(log.len(), 4);
    assert_eq!(
        (
            log[0].stage.as_str(),
            log[0].index.as_deref(),
            log[0].keys_examined
        ),
        ("IXSCAN", Some("mataKuliahId_1"), 3)
    );
    assert_eq!(log[0].n_returned, 2);
    assert_eq!(log[2].stage, "COLLSCAN");
    assert_eq!(log[2].docs_examined, 5);
    assert_eq!(log[3].stage, "IDHACK");
    assert!(e.take_plan_log().is_empty());
}

#[test]
fn indexes_stay_current_after_writes() {
    let mut e = students();
    create_index(&mut e, doc! { "mataKuliahId": 1 }, false).expect("index");
    update(
        &mut e,
        doc! { "_id": "M003" },
        doc! { "$push": { "mataKuliahId": "TSA301" } },
        false,
    );
    update(
        &mut e,
        doc! { "_id": "M001" },
        doc! { "$pull": { "mataKuliahId": "TSA301" } },
        false,
    );
    run(
        &mut e,
        doc! { "delete": "mahasiswa", "deletes": [{ "q": { "_id": "M004" }, "limit": 1 }] },
    );
    assert_eq!(
        student_ids(&mut e, doc! { "mataKuliahId": "TSA301" }),
        ["M003"]
    );
    let log = e.take_plan_log();
    assert_eq!(log.last().map(|l| l.stage.as_str()), Some("IXSCAN"));
}

#[test]
fn compound_and_descending_indexes_answer_like_a_scan() {
    let mut e = Engine::new();
    let docs: Vec<Document> = (0..60).map(|i| doc! { "_id": i, "a": i % 3, "b": i % 7, "c": if i % 2 == 0 { Bson::Int32(i) } else { Bson::String(i.to_string()) } }).collect();
    insert(&mut e, "mahasiswa", docs);
    let filters = vec![
        doc! { "a": 1, "b": { "$gt": 2 } },
        doc! { "a": { "$in": [0, 2] }, "b": 3 },
        doc! { "b": { "$lte": 1 } },
        doc! { "c": { "$gte": 10, "$lt": 20 } },
        doc! { "c": { "$gt": "3" } },
        doc! { "a": Bson::Null },
    ];
    let mut expected = Vec::new();
    for f in &filters {
        let mut ids = student_ids(&mut e, f.clone());
        ids.sort();
        expected.push(ids);
    }
    create_index(&mut e, doc! { "a": 1, "b": -1 }, false).expect("compound");
    create_index(&mut e, doc! { "c": -1 }, false).expect("desc");
    for (f, want) in filters.iter().zip(expected) {
        let mut got = student_ids(&mut e, f.clone());
        got.sort();
        assert_eq!(got, want, "filter {f}");
    }
    let log = e.take_plan_log();
    assert!(
        log.iter()
            .rev()
            .take(6)
            .filter(|l| l.stage == "IXSCAN")
            .count()
            >= 4
    );
}

// ---- admin -------------------------------------------------------------------

#[test]
fn drop_list_collections_and_databases() {
    let mut e = students();
    let names: Vec<String> = run(&mut e, doc! { "listCollections": 1, "nameOnly": true })
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"))
        .expect("batch")
        .iter()
        .filter_map(|d| {
            d.as_document()
                .and_then(|d| d.get_str("name").ok())
                .map(str::to_string)
        })
        .collect();
    assert_eq!(names, ["mahasiswa", "mata_kuliah"]);
    let dbs = run(&mut e, doc! { "listDatabases": 1 });
    let names: Vec<&str> = dbs
        .get_array("databases")
        .expect("dbs")
        .iter()
        .filter_map(|d| d.as_document().and_then(|d| d.get_str("name").ok()))
        .collect();
    // A fresh server's system databases are listed too, in name order.
    assert_eq!(names, ["admin", "config", "kampus", "local"]);
    let kampus = dbs.get_array("databases").expect("dbs")[2]
        .as_document()
        .cloned()
        .expect("db");
    assert!(kampus.get_i64("sizeOnDisk").expect("size") > 0);
    run(&mut e, doc! { "drop": "mahasiswa" });
    assert!(find(&mut e, "mahasiswa", doc! {}).is_empty());
    run(&mut e, doc! { "dropDatabase": 1 });
    let left: Vec<String> = run(&mut e, doc! { "listDatabases": 1 })
        .get_array("databases")
        .expect("dbs")
        .iter()
        .filter_map(|d| d.as_document().and_then(|d| d.get_str("name").ok()))
        .map(str::to_string)
        .collect();
    assert_eq!(left, ["admin", "config", "local"]);
}

#[test]
fn unknown_commands_fail_with_command_not_found() {
    let mut e = Engine::new();
    let err = fail(&mut e, doc! { "frobnicate": 1 });
    assert_eq!((err.code, err.code_name.as_str()), (59, "CommandNotFound"));
}

// ---- golden scripts through the real binary -----------------------------------

mod golden {
    use std::path::{Path, PathBuf};

    use serde_json::Value;

    fn golden_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/mongo")
    }

    /// Top-level statements: a statement ends at a line end where every
    /// bracket opened since its start is closed (strings and comments aside).
    pub fn statements(source: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut current = String::new();
        let mut depth: i32 = 0;
        for line in source.lines() {
            let trimmed = line.trim();
            if current.is_empty() && (trimmed.is_empty() || trimmed.starts_with("//")) {
                continue;
            }
            depth += bracket_balance(line);
            current.push_str(line);
            current.push('\n');
            if depth <= 0 {
                out.push(std::mem::take(&mut current));
                depth = 0;
            }
        }
        if !current.trim().is_empty() {
            out.push(current);
        }
        out
    }

    fn bracket_balance(line: &str) -> i32 {
        let mut balance = 0;
        let mut quote: Option<char> = None;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match (quote, c) {
                (Some(_), '\\') => {
                    chars.next();
                }
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'' | '`') => quote = Some(c),
                (None, '/') if chars.peek() == Some(&'/') => break,
                (None, '(' | '[' | '{') => balance += 1,
                (None, ')' | ']' | '}') => balance -= 1,
                _ => {}
            }
        }
        balance
    }

    /// The script with its last statement's value printed as relaxed EJSON.
    pub fn with_epilogue(source: &str) -> String {
        let mut parts = statements(source);
        let last = parts.pop().unwrap_or_default();
        let last = last
            .trim()
            .trim_start_matches(';')
            .trim_end_matches(';')
            .to_string();
        let mut script = parts.concat();
        script.push_str(&format!(
            "try {{ let __v = ({last}); if (__v && typeof __v.toArray === 'function') {{ __v = __v.toArray(); }} \
             print('@@' + EJSON.stringify(__v === undefined ? null : __v, {{ relaxed: true }})); }} \
             catch (e) {{ print('@@' + JSON.stringify({{ $error: {{ name: e.name, code: e.code, codeName: e.codeName, message: e.message }} }})); }}\n"
        ));
        script
    }

    /// Expected vs actual with the contract's wildcards.
    pub fn json_matches(expected: &Value, actual: &Value) -> bool {
        match (expected, actual) {
            (Value::Object(e), Value::Object(a))
                if e.len() == 1 && e.get("$oid") == Some(&Value::String("<generated>".into())) =>
            {
                a.len() == 1 && a.get("$oid").is_some_and(Value::is_string)
            }
            (Value::Object(e), Value::Object(a)) if e.contains_key("messageContains") => {
                let needle = e
                    .get("messageContains")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let message_ok = a
                    .get("message")
                    .and_then(Value::as_str)
                    .is_some_and(|m| m.contains(needle));
                message_ok
                    && e.iter()
                        .filter(|(k, _)| *k != "messageContains")
                        .all(|(k, v)| a.get(k).is_some_and(|av| json_matches(v, av)))
            }
            (Value::Object(e), Value::Object(a)) => {
                e.len() == a.len()
                    && e.iter()
                        .zip(a.iter())
                        .all(|((ek, ev), (ak, av))| ek == ak && json_matches(ev, av))
            }
            (Value::Array(e), Value::Array(a)) => {
                e.len() == a.len() && e.iter().zip(a).all(|(x, y)| json_matches(x, y))
            }
            (Value::Number(e), Value::Number(a)) => e.as_f64() == a.as_f64(),
            _ => expected == actual,
        }
    }

    fn run_case(script: &Path) -> Result<(), String> {
        let source = std::fs::read_to_string(script).map_err(|e| e.to_string())?;
        let expected_path = script.with_extension("expected.json");
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(&expected_path).map_err(|e| e.to_string())?,
        )
        .map_err(|e| e.to_string())?;
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let file = dir.path().join("case.js");
        std::fs::write(&file, with_epilogue(&source)).map_err(|e| e.to_string())?;
        let output = assert_cmd::Command::cargo_bin("kursus")
            .map_err(|e| e.to_string())?
            .arg("jalankan")
            .arg(&file)
            .output()
            .map_err(|e| e.to_string())?;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let line = stdout
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("@@"))
            .ok_or_else(|| format!("no result line in: {stdout}"))?;
        let actual: Value = serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
        if json_matches(&expected, &actual) {
            Ok(())
        } else {
            Err(format!("expected {expected}\n     got {actual}"))
        }
    }

    #[test]
    fn statement_splitting_keeps_multiline_statements_together() {
        let parts = statements("use kampus\n// note\ndb.c.insertMany([\n  { a: 1 }\n])\nconst s = \"(\"\n;({ a: 1,\n  b: 2 })\n");
        assert_eq!(parts.len(), 4);
        assert!(parts[3].starts_with(";({ a: 1"));
    }

    #[test]
    fn wildcards_follow_the_contract() {
        let expected: Value = serde_json::json!({ "id": { "$oid": "<generated>" }, "$error": { "code": 1, "messageContains": "abc" } });
        let good: Value = serde_json::json!({ "id": { "$oid": "6ae8992ef71ce5016d8de666" }, "$error": { "code": 1, "message": "xx abc yy" } });
        let bad: Value = serde_json::json!({ "id": "x", "$error": { "code": 1, "message": "xx" } });
        assert!(json_matches(&expected, &good));
        assert!(!json_matches(&expected, &bad));
    }

    #[test]
    fn golden_scripts_through_the_binary() {
        let mut scripts: Vec<PathBuf> = std::fs::read_dir(golden_dir())
            .map(|rd| {
                rd.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "js"))
                    .collect()
            })
            .unwrap_or_default();
        scripts.sort();
        assert!(!scripts.is_empty());
        let failures: Vec<String> = scripts
            .iter()
            .filter_map(|s| run_case(s).err().map(|e| format!("{}: {e}", s.display())))
            .collect();
        assert!(
            failures.is_empty(),
            "{} of {} failed:\n{}",
            failures.len(),
            scripts.len(),
            failures.join("\n")
        );
    }
}

#[test]
fn pipeline_updates_compute_from_the_document_and_keep_its_id() {
    let mut e = students();
    let reply = run(
        &mut e,
        doc! { "update": "mahasiswa", "updates": [{
            "q": { "angkatan": 2022 },
            "u": [
                { "$set": { "jumlahMk": { "$size": "$mataKuliahId" }, "angkatan": { "$add": ["$angkatan", 1] } } },
                { "$unset": "nama" }
            ],
            "multi": true
        }] },
    );
    assert_eq!(reply.get_i32("nModified").ok(), Some(2));
    let andi = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "_id": "M001" } },
    );
    assert_eq!(
        andi,
        vec![
            doc! { "_id": "M001", "angkatan": 2023, "mataKuliahId": ["TSA201", "TSA301"], "jumlahMk": 2 }
        ]
    );
    run(
        &mut e,
        doc! { "update": "mahasiswa", "updates": [{
            "q": { "_id": "M002" },
            "u": [{ "$replaceWith": { "ringkas": { "$concat": ["$nama", "!"] } } }]
        }] },
    );
    let budi = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "_id": "M002" } },
    );
    assert_eq!(budi, vec![doc! { "_id": "M002", "ringkas": "Budi!" }]);
}

#[test]
fn pipeline_updates_reject_other_stages_and_id_changes() {
    let mut e = students();
    let first_error = |reply: Document| -> Document {
        let errors = reply.get_array("writeErrors").expect("a write error");
        errors
            .first()
            .and_then(Bson::as_document)
            .cloned()
            .expect("error document")
    };
    let stage = first_error(run(
        &mut e,
        doc! { "update": "mahasiswa", "updates": [{ "q": {}, "u": [{ "$match": { "a": 1 } }] }] },
    ));
    assert_eq!(stage.get_i32("code").ok(), Some(72));
    assert_eq!(
        stage.get_str("errmsg").ok(),
        Some("$match is not allowed to be used within an update")
    );
    let id = first_error(run(
        &mut e,
        doc! { "update": "mahasiswa", "updates": [{ "q": { "_id": "M003" }, "u": [{ "$set": { "_id": "X" } }] }] },
    ));
    assert_eq!(id.get_i32("code").ok(), Some(66));
}

#[test]
fn pipeline_upsert_builds_from_the_query() {
    let mut e = students();
    run(
        &mut e,
        doc! { "update": "mahasiswa", "updates": [{
            "q": { "_id": "M009", "angkatan": 2024 },
            "u": [{ "$set": { "nama": "Gita", "tahunDepan": { "$add": ["$angkatan", 1] } } }],
            "upsert": true
        }] },
    );
    let gita = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "_id": "M009" } },
    );
    assert_eq!(
        gita,
        vec![doc! { "_id": "M009", "angkatan": 2024, "nama": "Gita", "tahunDepan": 2025 }]
    );
}

#[test]
fn expr_evaluation_errors_fail_the_query() {
    let mut e = students();
    let error = fail(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "$expr": { "$add": ["$nama", 1] } } },
    );
    assert!(
        error
            .message
            .starts_with("PlanExecutor error during find command :: caused by :: $add only supports numeric or date types, not string"),
        "{}",
        error.message
    );
    let matched = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "$expr": { "$gt": ["$angkatan", 2022] } } },
    );
    assert_eq!(matched.len(), 2);
}

#[test]
fn natural_hint_scans_the_collection_in_either_direction() {
    let mut e = students();
    let ids = |docs: Vec<Document>| -> Vec<String> {
        docs.iter()
            .filter_map(|d| d.get_str("_id").ok().map(str::to_string))
            .collect()
    };
    let forward = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "filter": { "angkatan": { "$gte": 2022 } }, "hint": { "$natural": 1 } },
    );
    assert_eq!(ids(forward), ["M001", "M002", "M003", "M005"]);
    let backward = find_cmd(
        &mut e,
        doc! { "find": "mahasiswa", "filter": {}, "hint": { "$natural": -1 }, "limit": 2 },
    );
    assert_eq!(ids(backward), ["M005", "M004"]);
}

#[test]
fn a_large_collection_scan_keeps_natural_order_and_counts() {
    let mut e = Engine::new();
    let docs: Vec<Document> = (0..60_000)
        .map(|i: i32| doc! { "_id": i, "k": i % 7 })
        .collect();
    insert(&mut e, "besar", docs);
    run(
        &mut e,
        doc! { "delete": "besar", "deletes": [{ "q": { "_id": 3 }, "limit": 1 }] },
    );
    let found = find_cmd(
        &mut e,
        doc! { "find": "besar", "filter": { "k": 3 }, "batchSize": 100_000 },
    );
    let ids: Vec<i32> = found.iter().filter_map(|d| d.get_i32("_id").ok()).collect();
    let expected: Vec<i32> = (0..60_000).filter(|i| i % 7 == 3 && *i != 3).collect();
    assert_eq!(ids, expected);
    let explained = run(
        &mut e,
        doc! { "explain": { "find": "besar", "filter": { "k": 3 } }, "verbosity": "executionStats" },
    );
    let stats = explained.get_document("executionStats").expect("stats");
    assert_eq!(stats.get_i32("totalDocsExamined").ok(), Some(59_999));
    assert_eq!(stats.get_i32("nReturned").ok(), Some(expected.len() as i32));
}

// ---- key order, non-blocking sorts, plan choice --------------------------------

/// `n` students with an equality field (`kelas`, five values) and a sort field (`urut`).
fn numbered(n: i32) -> Engine {
    let mut e = Engine::new();
    let docs: Vec<Document> = (0..n)
        .map(|i| doc! { "_id": format!("M{i:03}"), "kelas": format!("K{}", i % 5), "urut": n - i })
        .collect();
    insert(&mut e, "mahasiswa", docs);
    e
}

fn winning_index(out: &Document) -> Option<String> {
    let mut stage = out
        .get_document("queryPlanner")
        .ok()?
        .get_document("winningPlan")
        .ok()?;
    while stage.get_str("stage").ok()? != "IXSCAN" {
        stage = stage.get_document("inputStage").ok()?;
    }
    stage.get_str("indexName").ok().map(str::to_string)
}

fn stages(out: &Document) -> Vec<String> {
    let mut names = Vec::new();
    let mut stage = out
        .get_document("queryPlanner")
        .and_then(|q| q.get_document("winningPlan"))
        .ok();
    while let Some(s) = stage {
        names.extend(s.get_str("stage").ok().map(str::to_string));
        stage = s.get_document("inputStage").ok();
    }
    names
}

#[test]
fn indexes_on_the_same_fields_in_another_order_are_two_indexes() {
    let mut e = numbered(10);
    create_index(&mut e, doc! { "kelas": 1, "urut": 1 }, false).expect("first");
    create_index(&mut e, doc! { "urut": 1, "kelas": 1 }, false).expect("second");
    let listed = run(&mut e, doc! { "listIndexes": "mahasiswa" });
    let batch = listed
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"))
        .expect("indexes");
    let names: Vec<&str> = batch
        .iter()
        .filter_map(|i| i.as_document()?.get_str("name").ok())
        .collect();
    assert_eq!(names, ["_id_", "kelas_1_urut_1", "urut_1_kelas_1"]);
    run(
        &mut e,
        doc! { "dropIndexes": "mahasiswa", "index": { "urut": 1, "kelas": 1 } },
    );
    let out = explain(
        &mut e,
        doc! { "find": "mahasiswa", "filter": {}, "hint": { "kelas": 1, "urut": 1 } },
    );
    assert_eq!(winning_index(&out).as_deref(), Some("kelas_1_urut_1"));
    let again = create_index(&mut e, doc! { "kelas": 1, "urut": 1 }, false);
    assert!(again.is_ok(), "the same key pattern again is a no-op");
}

#[test]
fn a_sort_the_index_provides_stops_the_scan_at_the_limit() {
    let mut e = numbered(50);
    create_index(&mut e, doc! { "urut": 1 }, false).expect("index");
    let find =
        doc! { "find": "mahasiswa", "filter": {}, "sort": { "urut": 1 }, "limit": 3, "skip": 2 };
    let out = explain(&mut e, find.clone());
    assert_eq!(stages(&out), ["LIMIT", "SKIP", "FETCH", "IXSCAN"]);
    let stats = out.get_document("executionStats").expect("stats");
    assert_eq!(int(stats, "nReturned"), Some(3));
    assert_eq!(int(stats, "totalKeysExamined"), Some(5));
    assert_eq!(int(stats, "totalDocsExamined"), Some(5));
    let found = find_cmd(&mut e, find);
    let order: Vec<i32> = found
        .iter()
        .filter_map(|d| d.get_i32("urut").ok())
        .collect();
    assert_eq!(order, [3, 4, 5]);
}

#[test]
fn a_sort_the_index_cannot_provide_is_still_a_blocking_sort() {
    let mut e = numbered(50);
    create_index(&mut e, doc! { "urut": 1 }, false).expect("index");
    // Walked either way the index has no `_id` order to give after `urut`.
    let find =
        doc! { "find": "mahasiswa", "filter": {}, "sort": { "urut": -1, "_id": -1 }, "limit": 2 };
    let out = explain(&mut e, find.clone());
    assert_eq!(stages(&out)[0], "SORT");
    let stats = out.get_document("executionStats").expect("stats");
    assert_eq!(int(stats, "totalDocsExamined"), Some(50));
    let found = find_cmd(&mut e, find);
    let order: Vec<i32> = found
        .iter()
        .filter_map(|d| d.get_i32("urut").ok())
        .collect();
    assert_eq!(order, [50, 49]);
}

#[test]
fn an_equality_bound_index_beats_one_that_only_sorts() {
    let mut e = numbered(50);
    create_index(&mut e, doc! { "urut": 1 }, false).expect("sort index");
    create_index(&mut e, doc! { "kelas": 1 }, false).expect("equality index");
    let find = doc! { "find": "mahasiswa", "filter": { "kelas": "K2" }, "sort": { "urut": 1 }, "limit": 2 };
    let out = explain(&mut e, find.clone());
    assert_eq!(winning_index(&out).as_deref(), Some("kelas_1"));
    assert_eq!(stages(&out)[0], "SORT");
    // An index bounded by the equality that also yields the sort order wins, and
    // examines only what the limit needs.
    create_index(&mut e, doc! { "kelas": 1, "urut": 1 }, false).expect("compound");
    let out = explain(&mut e, find.clone());
    assert_eq!(winning_index(&out).as_deref(), Some("kelas_1_urut_1"));
    assert_eq!(stages(&out), ["LIMIT", "FETCH", "IXSCAN"]);
    let stats = out.get_document("executionStats").expect("stats");
    assert_eq!(int(stats, "totalKeysExamined"), Some(2));
    let found = find_cmd(&mut e, find);
    let order: Vec<i32> = found
        .iter()
        .filter_map(|d| d.get_i32("urut").ok())
        .collect();
    assert_eq!(order, [3, 8]);
}
