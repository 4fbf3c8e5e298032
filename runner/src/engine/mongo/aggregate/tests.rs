//! Pipeline tests: each stage, field order, missing vs null, arrays, and
//! the lessons' pipelines end to end over an in-memory catalog.

use std::collections::HashMap;

use bson::{doc, oid::ObjectId, Bson, Document};

use super::{run_pipeline, Catalog, Projection};
use crate::engine::mongo::MongoError;

#[derive(Default)]
struct MemCatalog {
    collections: HashMap<String, Vec<Document>>,
}

impl Catalog for MemCatalog {
    fn collection_documents(&self, ns: &str) -> Result<Vec<Document>, MongoError> {
        Ok(self.collections.get(ns).cloned().unwrap_or_default())
    }
}

fn mata_kuliah() -> Vec<Document> {
    vec![
        doc! { "_id": "TSA101", "nama": "Algoritma dan Pemrograman", "sks": 4 },
        doc! { "_id": "TSA201", "nama": "Basis Data", "sks": 3 },
        doc! { "_id": "TSA202", "nama": "Jaringan Komputer", "sks": 2 },
        doc! { "_id": "TSA301", "nama": "Sistem Terdistribusi", "sks": 3 },
    ]
}

fn mahasiswa() -> Vec<Document> {
    vec![
        doc! { "_id": "M001", "nama": "Andi", "angkatan": 2022, "mataKuliahId": ["TSA201", "TSA301"] },
        doc! { "_id": "M002", "nama": "Budi", "angkatan": 2023, "mataKuliahId": ["TSA201"] },
        doc! { "_id": "M003", "nama": "Citra", "angkatan": 2022, "mataKuliahId": [] },
        doc! { "_id": "M004", "nama": "Dewi", "angkatan": 2021, "mataKuliahId": ["TSA101", "TSA301", "TSA999"] },
        doc! { "_id": "M005", "nama": "Eko", "angkatan": 2023 },
    ]
}

fn oid(hex: &str) -> ObjectId {
    ObjectId::parse_str(hex).unwrap_or_else(|_| ObjectId::from_bytes([0; 12]))
}

fn dosen() -> Vec<Document> {
    vec![
        doc! { "_id": oid("65f000000000000000000d01"), "nama": "Dr. Sari Wulandari", "bidang": "Basis Data" },
        doc! { "_id": oid("65f000000000000000000d02"), "nama": "Dr. Bambang Pratama", "bidang": "Jaringan" },
    ]
}

fn mahasiswa_wali() -> Vec<Document> {
    vec![
        doc! { "_id": oid("65f000000000000000000a01"), "nim": "2201001", "nama": "Andi",
        "alamat": { "jalan": "Jl. Dago 12", "kota": "Bandung", "kodePos": "40135" },
        "waliId": oid("65f000000000000000000d01") },
        doc! { "_id": oid("65f000000000000000000a02"), "nim": "2201002", "nama": "Sinta",
        "alamat": { "jalan": "Jl. Malioboro 5", "kota": "Yogyakarta", "kodePos": "55213" },
        "waliId": oid("65f000000000000000000d02") },
        doc! { "_id": oid("65f000000000000000000a03"), "nim": "2201003", "nama": "Rudi",
        "alamat": { "jalan": "Jl. Braga 7", "kota": "Bandung", "kodePos": "40111" },
        "waliId": oid("65f000000000000000000d99") },
        doc! { "_id": oid("65f000000000000000000a04"), "nim": "2201004", "nama": "Maya",
        "alamat": { "kota": "Surabaya" } },
    ]
}

fn catalog() -> MemCatalog {
    let mut c = MemCatalog::default();
    c.collections
        .insert("kampus.mata_kuliah".into(), mata_kuliah());
    c.collections.insert("kampus.mahasiswa".into(), mahasiswa());
    c.collections.insert("kampus.dosen".into(), dosen());
    c
}

fn stages(pipeline: Bson) -> Vec<Document> {
    match pipeline {
        Bson::Array(items) => items
            .into_iter()
            .filter_map(|s| s.as_document().cloned())
            .collect(),
        _ => Vec::new(),
    }
}

fn run(input: Vec<Document>, pipeline: Bson) -> Result<Vec<Document>, MongoError> {
    run_pipeline(input, &stages(pipeline), "kampus", &catalog())
}

fn ok(input: Vec<Document>, pipeline: Bson) -> Vec<Document> {
    match run(input, pipeline.clone()) {
        Ok(v) => v,
        Err(e) => panic!("{pipeline:?} failed: {e:?}"),
    }
}

fn err(input: Vec<Document>, pipeline: Bson) -> MongoError {
    match run(input, pipeline.clone()) {
        Ok(v) => panic!("{pipeline:?} should fail, gave {v:?}"),
        Err(e) => e,
    }
}

#[test]
fn lookup_all_students_keeps_empty_missing_and_dangling() {
    let out = ok(
        mahasiswa(),
        bson::bson!([
            { "$lookup": { "from": "mata_kuliah", "localField": "mataKuliahId", "foreignField": "_id", "as": "mataKuliah" } },
            { "$project": { "_id": 0, "nama": 1, "mataKuliah.nama": 1 } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "nama": "Andi", "mataKuliah": [ { "nama": "Basis Data" }, { "nama": "Sistem Terdistribusi" } ] },
            doc! { "nama": "Budi", "mataKuliah": [ { "nama": "Basis Data" } ] },
            doc! { "nama": "Citra", "mataKuliah": [] },
            doc! { "nama": "Dewi", "mataKuliah": [ { "nama": "Algoritma dan Pemrograman" }, { "nama": "Sistem Terdistribusi" } ] },
            doc! { "nama": "Eko", "mataKuliah": [] },
        ]
    );
}

#[test]
fn lookup_appends_as_field_and_matches_foreign_arrays() {
    let out = ok(
        vec![doc! { "_id": "TSA301", "nama": "x" }],
        bson::bson!([
            { "$lookup": { "from": "mahasiswa", "localField": "_id", "foreignField": "mataKuliahId", "as": "peserta" } },
            { "$project": { "peserta._id": 1, "nama": 1 } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "_id": "TSA301", "nama": "x", "peserta": [ { "_id": "M001" }, { "_id": "M004" } ] }
        ]
    );
}

#[test]
fn lookup_missing_local_joins_null_or_missing_foreign() {
    let input = vec![doc! { "_id": 1 }, doc! { "_id": 2, "k": Bson::Null }];
    let out = ok(
        input,
        bson::bson!([
            { "$lookup": { "from": "mahasiswa", "localField": "k", "foreignField": "mataKuliahId", "as": "m" } },
            { "$project": { "n": { "$size": "$m" }, "first": { "$arrayElemAt": ["$m._id", 0] } } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "_id": 1, "n": 1, "first": "M005" },
            doc! { "_id": 2, "n": 1, "first": "M005" }
        ]
    );
    let out = ok(
        mahasiswa_wali(),
        bson::bson!([
            { "$match": { "nim": { "$in": ["2201003", "2201004"] } } },
            { "$lookup": { "from": "dosen", "localField": "waliId", "foreignField": "_id", "as": "wali" } },
            { "$project": { "_id": 0, "nim": 1, "wali": 1 } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "nim": "2201003", "wali": [] },
            doc! { "nim": "2201004", "wali": [] }
        ]
    );
}

#[test]
fn lookup_pipeline_form_with_let() {
    let out = ok(
        vec![doc! { "_id": 1, "min": 3 }],
        bson::bson!([
            { "$lookup": {
                "from": "mata_kuliah", "let": { "batas": "$min" },
                "pipeline": [ { "$match": { "$expr": { "$gte": ["$sks", "$$batas"] } } }, { "$project": { "_id": 1 } } ],
                "as": "mk" } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "_id": 1, "min": 3, "mk": [ { "_id": "TSA101" }, { "_id": "TSA201" }, { "_id": "TSA301" } ] }
        ]
    );
}

#[test]
fn unwind_drops_dangling_and_projects_paths() {
    let out = ok(
        mahasiswa_wali(),
        bson::bson!([
            { "$match": { "waliId": { "$exists": true } } },
            { "$lookup": { "from": "dosen", "localField": "waliId", "foreignField": "_id", "as": "wali" } },
            { "$unwind": "$wali" },
            { "$project": { "_id": 0, "mahasiswa": "$nama", "wali": "$wali.nama" } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "mahasiswa": "Andi", "wali": "Dr. Sari Wulandari" },
            doc! { "mahasiswa": "Sinta", "wali": "Dr. Bambang Pratama" },
        ]
    );
}

#[test]
fn unwind_preserve_and_index() {
    let input = vec![
        doc! { "_id": 1, "a": [10, 20], "z": 1 },
        doc! { "_id": 2, "a": [], "z": 2 },
        doc! { "_id": 3, "a": Bson::Null },
        doc! { "_id": 4 },
        doc! { "_id": 5, "a": "s" },
    ];
    let spec = bson::bson!([{ "$unwind": { "path": "$a", "preserveNullAndEmptyArrays": true, "includeArrayIndex": "i" } }]);
    assert_eq!(
        ok(input.clone(), spec),
        vec![
            doc! { "_id": 1, "a": 10, "z": 1, "i": 0i64 },
            doc! { "_id": 1, "a": 20, "z": 1, "i": 1i64 },
            doc! { "_id": 2, "z": 2, "i": Bson::Null },
            doc! { "_id": 3, "a": Bson::Null, "i": Bson::Null },
            doc! { "_id": 4, "i": Bson::Null },
            doc! { "_id": 5, "a": "s", "i": Bson::Null },
        ]
    );
    let plain: Vec<Bson> = ok(input, bson::bson!([{ "$unwind": "$a" }]))
        .iter()
        .filter_map(|d| d.get("_id").cloned())
        .collect();
    assert_eq!(plain, vec![Bson::Int32(1), Bson::Int32(1), Bson::Int32(5)]);
    assert_eq!(
        err(vec![], bson::bson!([{ "$unwind": "a" }])).message,
        "path option to $unwind stage should be prefixed with a '$': a"
    );
}

#[test]
fn size_with_if_null_then_sort() {
    let out = ok(
        mahasiswa(),
        bson::bson!([
            { "$project": { "nama": 1, "jumlahMK": { "$size": { "$ifNull": ["$mataKuliahId", []] } } } },
            { "$sort": { "jumlahMK": -1, "_id": 1 } }
        ]),
    );
    let ids: Vec<&str> = out.iter().filter_map(|d| d.get_str("_id").ok()).collect();
    assert_eq!(ids, vec!["M004", "M001", "M002", "M003", "M005"]);
    assert_eq!(
        out[0],
        doc! { "_id": "M004", "nama": "Dewi", "jumlahMK": 3 }
    );
}

#[test]
fn runtime_errors_carry_the_plan_executor_prefix() {
    let e = err(
        mahasiswa(),
        bson::bson!([{ "$project": { "n": { "$size": "$mataKuliahId" } } }]),
    );
    assert_eq!(e.code, 17124);
    assert_eq!(e.message, "PlanExecutor error during aggregation :: caused by :: The argument to $size must be an array, but was of type: missing");
}

#[test]
fn group_by_subfield_with_accumulators() {
    let out = ok(
        mahasiswa_wali(),
        bson::bson!([
            { "$group": { "_id": "$alamat.kota", "mahasiswa": { "$push": "$nama" }, "n": { "$sum": 1 }, "c": { "$count": {} } } },
            { "$sort": { "_id": 1 } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "_id": "Bandung", "mahasiswa": ["Andi", "Rudi"], "n": 2, "c": 2 },
            doc! { "_id": "Surabaya", "mahasiswa": ["Maya"], "n": 1, "c": 1 },
            doc! { "_id": "Yogyakarta", "mahasiswa": ["Sinta"], "n": 1, "c": 1 },
        ]
    );
}

#[test]
fn group_accumulators_null_and_missing_keys() {
    let input = vec![
        doc! { "k": Bson::Null, "v": 1 },
        doc! { "v": 2.5 },
        doc! { "k": 1, "v": "x" },
        doc! { "k": 1.0, "v": 4 },
        doc! { "k": 1i64 },
    ];
    let out = ok(
        input,
        bson::bson!([{ "$group": {
        "_id": "$k", "sum": { "$sum": "$v" }, "avg": { "$avg": "$v" }, "min": { "$min": "$v" }, "max": { "$max": "$v" },
        "set": { "$addToSet": "$v" }, "first": { "$first": "$v" }, "last": { "$last": "$v" }, "all": { "$push": "$v" } } }]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "_id": Bson::Null, "sum": 3.5, "avg": 1.75, "min": 1, "max": 2.5, "set": [1, 2.5], "first": 1, "last": 2.5, "all": [1, 2.5] },
            doc! { "_id": 1, "sum": 4, "avg": 4.0, "min": 4, "max": "x", "set": ["x", 4], "first": "x", "last": Bson::Null, "all": ["x", 4] },
        ]
    );
    let e = err(
        vec![],
        bson::bson!([{ "$group": { "_id": 1, "x": { "$tidak": 1 } } }]),
    );
    assert_eq!(e.message, "unknown group operator '$tidak'");
    assert_eq!(
        err(vec![], bson::bson!([{ "$group": { "x": { "$sum": 1 } } }])).code,
        15955
    );
}

#[test]
fn group_object_keys_omit_missing_fields_but_one_field_reads_null() {
    // One field: the server evaluates it alone, so missing becomes null
    // (its groupMissing.js); with more fields a missing one is left out.
    let out = ok(
        vec![doc! { "a": 1 }, doc! { "b": 2 }],
        bson::bson!([{ "$group": { "_id": { "a": "$a" }, "n": { "$sum": 1 } } }]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "_id": { "a": 1 }, "n": 1 },
            doc! { "_id": { "a": null }, "n": 1 }
        ]
    );
    let out = ok(
        vec![doc! { "a": 1, "b": 1 }, doc! { "b": 2 }],
        bson::bson!([{ "$group": { "_id": { "a": "$a", "b": "$b" }, "n": { "$sum": 1 } } }]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "_id": { "a": 1, "b": 1 }, "n": 1 },
            doc! { "_id": { "b": 2 }, "n": 1 }
        ]
    );
}

#[test]
fn project_inclusion_keeps_input_order_and_appends_computed() {
    let input = vec![doc! { "b": 1, "_id": 9, "a": 2, "c": 3 }];
    let out = ok(
        input.clone(),
        bson::bson!([{ "$project": { "x": "$c", "a": 1, "b": 1 } }]),
    );
    assert_eq!(out, vec![doc! { "b": 1, "_id": 9, "a": 2, "x": 3 }]);
    let out = ok(input, bson::bson!([{ "$project": { "a": 0, "_id": 0 } }]));
    assert_eq!(out, vec![doc! { "b": 1, "c": 3 }]);
}

#[test]
fn project_nested_paths_through_arrays() {
    let input = vec![
        doc! { "_id": 1, "hasil": [ { "mk": "A", "skor": 90 }, { "mk": "B" }, 5, [ { "skor": 1 } ] ] },
    ];
    let out = ok(
        input.clone(),
        bson::bson!([{ "$project": { "hasil.skor": 1 } }]),
    );
    assert_eq!(
        out,
        vec![doc! { "_id": 1, "hasil": [ { "skor": 90 }, {}, [ { "skor": 1 } ] ] }]
    );
    let out = ok(
        input,
        bson::bson!([{ "$project": { "hasil.mk": 0, "_id": 0 } }]),
    );
    assert_eq!(
        out,
        vec![doc! { "hasil": [ { "skor": 90 }, {}, 5, [ { "skor": 1 } ] ] }]
    );
}

#[test]
fn project_missing_expression_omits_field() {
    let out = ok(
        vec![doc! { "_id": 1, "wali": {} }],
        bson::bson!([{ "$project": { "namaWali": "$wali.nama", "lit": "teks" } }]),
    );
    assert_eq!(out, vec![doc! { "_id": 1, "lit": "teks" }]);
}

#[test]
fn projection_mixing_errors() {
    let find = Projection::parse(&doc! { "nama": 1, "angkatan": 0 }, true).err();
    assert_eq!(
        find.map(|e| (e.code, e.code_name, e.message)),
        Some((
            31254,
            "Location31254".to_string(),
            "Cannot do exclusion on field angkatan in inclusion projection".to_string(),
        ))
    );
    let e = err(
        vec![],
        bson::bson!([{ "$project": { "angkatan": 0, "nama": 1 } }]),
    );
    assert_eq!((e.code, e.message.as_str()), (31253, "Invalid $project :: caused by :: Cannot do inclusion on field nama in exclusion projection"));
    let e = err(vec![], bson::bson!([{ "$project": { "a": 0, "b": "$x" } }]));
    assert_eq!(e.code, 31310);
    let e = err(vec![], bson::bson!([{ "$project": { "a": 1, "a.b": 1 } }]));
    assert_eq!(
        e.message,
        "Invalid $project :: caused by :: Path collision at a.b remaining portion b"
    );
    assert_eq!(err(vec![], bson::bson!([{ "$project": {} }])).code, 51272);
    assert!(Projection::parse(&doc! { "_id": 0, "nama": 1 }, true).is_ok());
}

#[test]
fn find_projection_slice_and_elem_match() {
    let p = Projection::parse(&doc! { "a": { "$slice": -1 } }, true);
    let out = p.and_then(|p| p.apply(&doc! { "_id": 1, "a": [1, 2, 3], "b": 2 }));
    assert_eq!(out, Ok(doc! { "_id": 1, "a": [3], "b": 2 }));
    let p = Projection::parse(&doc! { "h": { "$elemMatch": { "s": { "$gt": 5 } } } }, true);
    let out = p.and_then(|p| {
        p.apply(&doc! { "_id": 1, "h": [ { "s": 1 }, { "s": 7 }, { "s": 9 } ], "b": 2 })
    });
    assert_eq!(out, Ok(doc! { "_id": 1, "h": [ { "s": 7 } ] }));
}

#[test]
fn add_fields_set_and_unset() {
    let input = vec![doc! { "_id": 1, "a": 1, "s": { "x": 1 }, "arr": [ { "p": 1 }, { "p": 2 } ] }];
    let out = ok(
        input.clone(),
        bson::bson!([{ "$addFields": { "z": 3, "a": "$s.x", "s": { "y": 2 }, "arr.q": true, "gone": "$nope" } }]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "_id": 1, "a": 1, "s": { "x": 1, "y": 2 }, "arr": [ { "p": 1, "q": true }, { "p": 2, "q": true } ], "z": 3 }
        ]
    );
    let out = ok(
        input.clone(),
        bson::bson!([{ "$set": { "a": "$$REMOVE" } }]),
    );
    assert_eq!(
        out,
        vec![doc! { "_id": 1, "s": { "x": 1 }, "arr": [ { "p": 1 }, { "p": 2 } ] }]
    );
    let out = ok(input, bson::bson!([{ "$unset": ["a", "s.x", "arr"] }]));
    assert_eq!(out, vec![doc! { "_id": 1, "s": {} }]);
}

#[test]
fn match_sort_skip_limit_count() {
    let out = ok(
        mahasiswa(),
        bson::bson!([
            { "$match": { "angkatan": { "$gte": 2022 } } }, { "$sort": { "nama": -1 } }, { "$skip": 1 }, { "$limit": 2 },
            { "$project": { "_id": 1 } }
        ]),
    );
    assert_eq!(out, vec![doc! { "_id": "M003" }, doc! { "_id": "M002" }]);
    assert_eq!(
        ok(
            mahasiswa(),
            bson::bson!([{ "$match": { "mataKuliahId": "TSA301" } }, { "$count": "jumlah" }])
        ),
        vec![doc! { "jumlah": 2 }]
    );
    assert_eq!(
        ok(
            mahasiswa(),
            bson::bson!([{ "$match": { "x": 1 } }, { "$count": "jumlah" }])
        ),
        Vec::<Document>::new()
    );
    assert_eq!(
        err(vec![], bson::bson!([{ "$limit": 0 }])).message,
        "the limit must be positive"
    );
    assert_eq!(
        err(
            vec![],
            bson::bson!([{ "$match": { "$expr": { "$tidak": 1 } } }])
        )
        .code,
        168
    );
}

#[test]
fn sort_uses_array_min_ascending_and_max_descending() {
    let input = vec![
        doc! { "_id": 1, "v": [1, 9] },
        doc! { "_id": 2, "v": 5 },
        doc! { "_id": 3, "v": [] },
        doc! { "_id": 4 },
    ];
    let ids = |docs: Vec<Document>| {
        docs.iter()
            .filter_map(|d| d.get_i32("_id").ok())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        ids(ok(input.clone(), bson::bson!([{ "$sort": { "v": 1 } }]))),
        vec![3, 4, 1, 2]
    );
    assert_eq!(
        ids(ok(input, bson::bson!([{ "$sort": { "v": -1 } }]))),
        vec![1, 2, 4, 3]
    );
}

#[test]
fn replace_root_sort_by_count_and_facet() {
    let out = ok(
        mahasiswa_wali(),
        bson::bson!([{ "$replaceRoot": { "newRoot": "$alamat" } }, { "$project": { "kota": 1, "_id": 0 } }]),
    );
    assert_eq!(out.len(), 4);
    assert_eq!(out[3], doc! { "kota": "Surabaya" });
    let e = err(
        vec![doc! { "_id": 1 }],
        bson::bson!([{ "$replaceWith": "$x" }]),
    );
    assert_eq!(e.message, "PlanExecutor error during aggregation :: caused by :: 'newRoot' expression must evaluate to an object, but resulting value was: MISSING. Type of resulting value: 'missing'. Input document: {_id: 1}");
    let out = ok(
        mahasiswa(),
        bson::bson!([{ "$unwind": "$mataKuliahId" }, { "$sortByCount": "$mataKuliahId" }, { "$limit": 2 }]),
    );
    assert_eq!(out[0], doc! { "_id": "TSA201", "count": 2 });
    let out = ok(
        mahasiswa(),
        bson::bson!([{ "$facet": { "n": [{ "$count": "c" }], "pertama": [{ "$limit": 1 }, { "$project": { "nama": 1, "_id": 0 } }] } }]),
    );
    assert_eq!(
        out,
        vec![doc! { "n": [ { "c": 5 } ], "pertama": [ { "nama": "Andi" } ] }]
    );
}

#[test]
fn stage_shape_errors() {
    assert_eq!(
        err(vec![], bson::bson!([{ "$tidak": 1 }])).message,
        "Unrecognized pipeline stage name: '$tidak'"
    );
    assert_eq!(
        err(vec![], bson::bson!([{ "$match": {}, "$limit": 1 }])).code,
        40323
    );
    assert_eq!(err(vec![], bson::bson!([{ "$count": "a.b" }])).code, 40160);
}

#[test]
fn no_stage_panics_on_awkward_specifications() {
    let names = [
        "$match",
        "$project",
        "$addFields",
        "$set",
        "$unset",
        "$lookup",
        "$unwind",
        "$group",
        "$sort",
        "$limit",
        "$skip",
        "$count",
        "$replaceRoot",
        "$replaceWith",
        "$sortByCount",
        "$facet",
    ];
    let args = [
        Bson::Null,
        bson::bson!("$nama"),
        bson::bson!(""),
        bson::bson!(-1),
        bson::bson!(i64::MAX),
        bson::bson!([]),
        bson::bson!(["$a", 1]),
        bson::bson!({}),
        bson::bson!({ "_id": "$nama", "a.b": 1, "x": { "$sum": "$y" } }),
        bson::bson!({ "from": "mata_kuliah", "localField": "a.b", "foreignField": "x.y", "as": "a.b.c" }),
        bson::bson!({ "path": "$mataKuliahId", "includeArrayIndex": "mataKuliahId.i" }),
        bson::bson!({ "newRoot": "$$ROOT", "a": [{ "$limit": 1 }] }),
        bson::bson!({ "nama": { "$elemMatch": {} }, "mataKuliahId": { "$slice": [i64::MIN, 1] } }),
    ];
    for name in names {
        for arg in &args {
            let mut stage = Document::new();
            stage.insert(name, arg.clone());
            let _ = run(mahasiswa(), Bson::Array(vec![Bson::Document(stage)]));
        }
    }
}

#[test]
fn find_positional_projection_picks_the_matched_element() {
    let doc = doc! { "_id": 1, "nama": "A", "hasil": [ { "mk": "X", "skor": 1 }, { "mk": "Y", "skor": 2 } ] };
    let query = doc! { "hasil.mk": "Y" };
    let p = Projection::parse_find(&doc! { "hasil.$": 1 }, &query);
    assert_eq!(
        p.and_then(|p| p.apply(&doc)),
        Ok(doc! { "_id": 1, "hasil": [ { "mk": "Y", "skor": 2 } ] })
    );
    let e = Projection::parse_find(&doc! { "hasil.$": 1 }, &doc! { "nama": "A" })
        .err()
        .map(|e| e.code);
    assert_eq!(e, Some(31277));
    let e = Projection::parse(&doc! { "hasil.$": 1 }, false)
        .err()
        .map(|e| e.code);
    assert_eq!(e, Some(31324));
}

#[test]
fn lookup_null_joins_follow_the_dotted_null_rule() {
    let mut c = catalog();
    c.collections.insert(
        "kampus.f".into(),
        vec![
            doc! { "_id": 1, "a": [] },
            doc! { "_id": 2, "a": [1, 2] },
            doc! { "_id": 3, "a": [ { "b": 1 }, {} ] },
            doc! { "_id": 4, "a": 5 },
            doc! { "_id": 5, "a": { "b": Bson::Null } },
            doc! { "_id": 6, "a": [ [ { "b": 1 } ] ] },
        ],
    );
    let pipeline = stages(bson::bson!([
        { "$lookup": { "from": "f", "localField": "x", "foreignField": "a.b", "as": "j" } },
        { "$project": { "_id": 0, "ids": "$j._id" } }
    ]));
    let out = run_pipeline(vec![doc! { "_id": 0 }], &pipeline, "kampus", &c);
    assert_eq!(out, Ok(vec![doc! { "ids": [3, 4, 5] }]));
}

#[test]
fn lookup_combined_join_and_pipeline_and_uncorrelated() {
    let out = ok(
        mahasiswa(),
        bson::bson!([
            { "$match": { "_id": "M004" } },
            { "$lookup": { "from": "mata_kuliah", "localField": "mataKuliahId", "foreignField": "_id",
                           "pipeline": [ { "$match": { "sks": { "$gte": 4 } } }, { "$project": { "_id": 0, "nama": 1 } } ],
                           "as": "berat" } },
            { "$lookup": { "from": "mata_kuliah", "pipeline": [ { "$count": "n" } ], "as": "semua" } },
            { "$project": { "_id": 0, "berat": 1, "semua": 1 } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "berat": [ { "nama": "Algoritma dan Pemrograman" } ], "semua": [ { "n": 4 } ] }
        ]
    );
    let e = err(
        vec![],
        bson::bson!([{ "$lookup": { "from": "x", "localField": "a", "as": "b" } }]),
    );
    assert_eq!(e.message, "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be specified");
}

#[test]
fn unwind_then_group_counts_students_per_course() {
    let out = ok(
        mahasiswa(),
        bson::bson!([
            { "$unwind": "$mataKuliahId" },
            { "$group": { "_id": "$mataKuliahId", "jumlah": { "$sum": 1 }, "nama": { "$addToSet": "$nama" } } },
            { "$sort": { "jumlah": -1, "_id": 1 } }
        ]),
    );
    let rows: Vec<(String, i32)> = out
        .iter()
        .filter_map(|d| {
            Some((
                d.get_str("_id").ok()?.to_string(),
                d.get_i32("jumlah").ok()?,
            ))
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("TSA201".to_string(), 2),
            ("TSA301".to_string(), 2),
            ("TSA101".to_string(), 1),
            ("TSA999".to_string(), 1),
        ]
    );
    assert_eq!(out[0].get_array("nama").ok().map(|a| a.len()), Some(2));
}

#[test]
fn compound_group_keys_and_conditional_projection() {
    let out = ok(
        mahasiswa(),
        bson::bson!([
            { "$group": { "_id": { "angkatan": "$angkatan" }, "n": { "$sum": 1 } } },
            { "$sort": { "_id.angkatan": 1 } },
            { "$project": { "_id": 0, "angkatan": "$_id.angkatan", "ramai": { "$cond": [{ "$gte": ["$n", 2] }, "ya", "tidak"] } } }
        ]),
    );
    assert_eq!(
        out,
        vec![
            doc! { "angkatan": 2021, "ramai": "tidak" },
            doc! { "angkatan": 2022, "ramai": "ya" },
            doc! { "angkatan": 2023, "ramai": "ya" },
        ]
    );
}

#[test]
fn closures_are_catalogs() {
    let foreign = |ns: &str| -> Result<Vec<Document>, MongoError> {
        Ok(if ns == "db.f" {
            vec![doc! { "_id": 1, "k": "a" }]
        } else {
            Vec::new()
        })
    };
    let pipeline = stages(
        bson::bson!([{ "$lookup": { "from": "f", "localField": "k", "foreignField": "k", "as": "j" } }]),
    );
    let out = run_pipeline(vec![doc! { "k": "a" }], &pipeline, "db", &foreign);
    assert_eq!(
        out,
        Ok(vec![doc! { "k": "a", "j": [ { "_id": 1, "k": "a" } ] }])
    );
}
