//! Document engine benchmarks on the lesson's workload: 1,000,000 students,
//! each enrolled in 1 to 10 of 200 courses (`mataKuliahId` array).
//!
//! Query replies are measured in wire form (`run_command_bson`: BSON bytes,
//! as a server sends them; decoding is the client's work). One bench,
//! "reverse query, multikey index, decoded documents", asks for the decoded
//! `Document` form instead, to show what decoding the results costs.
//!
//! `cargo bench --bench mongo` (set KURSUS_BENCH_N for a smaller data set).

use std::hint::black_box;
use std::time::Instant;

use bson::{doc, Bson, Document, RawDocument, RawDocumentBuf};
use criterion::{Criterion, Throughput};
use kursus::engine::mongo::{Engine, MongoError};

const COURSES: u64 = 200;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn course(i: u64) -> String {
    format!("MK{i:03}")
}

fn student(rng: &mut Rng, i: u64) -> Document {
    let n = 1 + rng.next() % 10;
    let ids: Vec<Bson> = (0..n)
        .map(|_| Bson::String(course(rng.next() % COURSES)))
        .collect();
    doc! { "_id": format!("M{i:07}"), "nama": format!("Mahasiswa {i}"), "angkatan": 2019 + (i % 6) as i32, "mataKuliahId": ids }
}

fn students(count: u64) -> Vec<Document> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..count).map(|i| student(&mut rng, i)).collect()
}

fn load(engine: &mut Engine, docs: &[Document]) {
    for chunk in docs.chunks(10_000) {
        let reply = engine.run_command(
            "kampus",
            doc! { "insert": "mahasiswa", "documents": chunk.to_vec() },
        );
        assert!(reply.is_ok());
    }
}

/// How many documents a find/aggregate reply's first batch holds (0 on error).
fn first_batch_len(reply: Result<RawDocumentBuf, MongoError>) -> usize {
    reply.ok().map_or(0, |r| raw_first_batch_len(&r))
}

fn raw_first_batch_len(reply: &RawDocument) -> usize {
    reply
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"))
        .map_or(0, |batch| batch.into_iter().count())
}

fn find_all(engine: &mut Engine, filter: Document) -> usize {
    let reply = engine.run_command_bson(
        "kampus",
        doc! { "find": "mahasiswa", "filter": filter, "batchSize": 1_000_000 },
    );
    first_batch_len(reply)
}

/// `find_all` with the reply decoded into `Document`s (as the shell reads it).
fn find_all_decoded(engine: &mut Engine, filter: Document) -> usize {
    let reply = engine.run_command(
        "kampus",
        doc! { "find": "mahasiswa", "filter": filter, "batchSize": 1_000_000 },
    );
    reply
        .ok()
        .and_then(|r| {
            r.get_document("cursor")
                .ok()?
                .get_array("firstBatch")
                .ok()
                .map(Vec::len)
        })
        .unwrap_or(0)
}

/// The way mongosh runs `find`: the server's default first batch of 101
/// (the open cursor is killed so iterations do not pile up cursors).
fn find_first_batch(engine: &mut Engine, filter: Document) -> usize {
    let reply = engine.run_command_bson("kampus", doc! { "find": "mahasiswa", "filter": filter });
    let Ok(reply) = reply else {
        return 0;
    };
    if let Ok(id) = reply.get_document("cursor").and_then(|c| c.get_i64("id")) {
        let _ = engine.run_command(
            "kampus",
            doc! { "killCursors": "mahasiswa", "cursors": [id] },
        );
    }
    raw_first_batch_len(&reply)
}

fn count(engine: &mut Engine, filter: Document) -> i32 {
    let reply = engine.run_command("kampus", doc! { "count": "mahasiswa", "query": filter });
    reply.ok().and_then(|r| r.get_i32("n").ok()).unwrap_or(-1)
}

fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .nth(1)
                .and_then(|p| p.parse::<u64>().ok())
        })
        .map(|pages| pages * 4096)
        .unwrap_or(0)
}

fn bson_bytes(docs: &[Document]) -> u64 {
    docs.iter()
        .map(|d| bson::to_vec(d).map(|v| v.len() as u64).unwrap_or(0))
        .sum()
}

/// The 200 courses the students reference (as the mingo script builds them).
fn load_courses(engine: &mut Engine) {
    let courses: Vec<Document> = (0..COURSES)
        .map(|i| doc! { "_id": course(i), "nama": format!("Mata Kuliah {i}") })
        .collect();
    let reply = engine.run_command(
        "kampus",
        doc! { "insert": "mata_kuliah", "documents": courses },
    );
    assert!(reply.is_ok());
}

/// One student with the courses it references joined in (a one-document batch).
fn lookup_one(engine: &mut Engine, id: &str) -> usize {
    let pipeline = vec![
        doc! { "$match": { "_id": id } },
        doc! { "$lookup": { "from": "mata_kuliah", "localField": "mataKuliahId", "foreignField": "_id", "as": "mk" } },
    ];
    let reply = engine.run_command_bson(
        "kampus",
        doc! { "aggregate": "mahasiswa", "pipeline": pipeline, "cursor": {} },
    );
    first_batch_len(reply)
}

fn main() {
    let n: u64 = std::env::var("KURSUS_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let mut c = Criterion::default().sample_size(10).configure_from_args();
    let docs = students(n);
    let data = bson_bytes(&docs);

    // Memory first, on a heap no earlier benchmark has grown: a warmed-up
    // allocator reuses freed pages and hides part of the growth.
    let before = resident_bytes();
    let started = Instant::now();
    let mut engine = Engine::new();
    load(&mut engine, &docs);
    let load_time = started.elapsed();
    let used = resident_bytes().saturating_sub(before);
    println!("loaded {n} students in {load_time:?}; BSON {data} bytes; resident growth {used} bytes ({:.2}x)", used as f64 / data as f64);

    let mut group = c.benchmark_group("insert");
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("insertMany 100k", |b| {
        b.iter(|| {
            let mut engine = Engine::new();
            load(&mut engine, &docs[..100_000.min(docs.len())]);
            black_box(engine)
        })
    });
    group.finish();

    c.bench_function("reverse query, no index (COLLSCAN)", |b| {
        b.iter(|| black_box(find_all(&mut engine, doc! { "mataKuliahId": "MK042" })))
    });
    c.bench_function("reverse query, no index, count", |b| {
        b.iter(|| black_box(count(&mut engine, doc! { "mataKuliahId": "MK042" })))
    });
    let targets: Vec<Bson> = (0..5).map(|i| Bson::String(course(i * 17))).collect();
    c.bench_function("reverse query, no index, first batch of 101", |b| {
        b.iter(|| {
            black_box(find_first_batch(
                &mut engine,
                doc! { "mataKuliahId": "MK042" },
            ))
        })
    });
    c.bench_function("forward $in on _id (5 ids)", |b| {
        let ids: Vec<Bson> = (0..5)
            .map(|i| Bson::String(format!("M{:07}", i * 99_991 % n)))
            .collect();
        b.iter(|| {
            black_box(find_all(
                &mut engine,
                doc! { "_id": { "$in": ids.clone() } },
            ))
        })
    });
    let started = Instant::now();
    let reply = engine.run_command("kampus", doc! { "createIndexes": "mahasiswa", "indexes": [{ "key": { "mataKuliahId": 1 }, "name": "mataKuliahId_1" }] });
    assert!(reply.is_ok());
    println!(
        "multikey index built in {:?}; resident now {} bytes",
        started.elapsed(),
        resident_bytes().saturating_sub(before)
    );
    c.bench_function("reverse query, multikey index (IXSCAN)", |b| {
        b.iter(|| black_box(find_all(&mut engine, doc! { "mataKuliahId": "MK042" })))
    });
    c.bench_function("reverse query, multikey index, decoded documents", |b| {
        b.iter(|| {
            black_box(find_all_decoded(
                &mut engine,
                doc! { "mataKuliahId": "MK042" },
            ))
        })
    });
    c.bench_function("reverse query, multikey index, first batch of 101", |b| {
        b.iter(|| {
            black_box(find_first_batch(
                &mut engine,
                doc! { "mataKuliahId": "MK042" },
            ))
        })
    });
    c.bench_function("reverse query, multikey index, count", |b| {
        b.iter(|| black_box(count(&mut engine, doc! { "mataKuliahId": "MK042" })))
    });
    c.bench_function("forward $in on mataKuliahId (5 courses), index", |b| {
        b.iter(|| {
            black_box(find_all(
                &mut engine,
                doc! { "mataKuliahId": { "$in": targets.clone() } },
            ))
        })
    });
    load_courses(&mut engine);
    c.bench_function("$lookup for one student", |b| {
        b.iter(|| black_box(lookup_one(&mut engine, "M0000042")))
    });
    let decoded = find_all_decoded(&mut engine, doc! { "mataKuliahId": "MK042" });
    assert_eq!(
        decoded,
        find_all(&mut engine, doc! { "mataKuliahId": "MK042" })
    );
    engine.take_plan_log();
    find_all(&mut engine, doc! { "mataKuliahId": "MK042" });
    println!("plan: {:?}", engine.take_plan_log());
    c.final_summary();
}
