//! The queries of `mongo_wire.py` in process, on the same students: what the wire and
//! pymongo add is the difference between the two runs.
//!
//! `cargo bench --bench mongo_wire` (KURSUS_BENCH_N students, 1,000,000 by default).

use std::hint::black_box;

use bson::{doc, Bson, Document};
use criterion::Criterion;
use kursus::engine::mongo::Engine;

const COURSES: u64 = 200;

/// The generator of `mongo_wire.py`, step for step, so both load the same students.
fn students(count: u64) -> Vec<Document> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..count)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let courses: Vec<Bson> = (0..1 + state % 10)
                .map(|k| Bson::String(format!("MK{:03}", (state >> k) % COURSES)))
                .collect();
            let angkatan = 2019 + (i % 6) as i32;
            doc! { "_id": format!("M{i:07}"), "nama": format!("Mahasiswa {i}"),
            "angkatan": angkatan, "mataKuliahId": courses }
        })
        .collect()
}

fn load(count: u64) -> Engine {
    let mut engine = Engine::new();
    for chunk in students(count).chunks(10_000) {
        let insert = doc! { "insert": "mahasiswa", "documents": chunk.to_vec(), "ordered": false };
        let _ = engine.run_command("kampus", insert);
    }
    let index = doc! { "createIndexes": "mahasiswa",
    "indexes": [{ "key": { "mataKuliahId": 1 }, "name": "mataKuliahId_1" }] };
    let _ = engine.run_command("kampus", index);
    engine
}

/// The reply's bytes, as the listener would send them.
fn reply_len(engine: &mut Engine, command: Document) -> usize {
    engine
        .run_command_bson("kampus", command)
        .map_or(0, |reply| reply.as_bytes().len())
}

fn main() {
    let count = std::env::var("KURSUS_BENCH_N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let mut engine = load(count);
    let mut c = Criterion::default().configure_from_args();
    c.bench_function("find, one batch of 101 (in process)", |b| {
        b.iter(|| {
            black_box(reply_len(
                &mut engine,
                doc! { "find": "mahasiswa", "limit": 101 },
            ))
        })
    });
    c.bench_function(
        "reverse query MK042, IXSCAN, all documents (in process)",
        |b| {
            let find = doc! { "find": "mahasiswa", "filter": { "mataKuliahId": "MK042" },
            "batchSize": 1_000_000 };
            b.iter(|| black_box(reply_len(&mut engine, find.clone())))
        },
    );
    c.final_summary();
}
