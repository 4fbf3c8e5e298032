//! One `.periksa` of the lesson-3 capstone design exercise with its reference model,
//! as the REPL runs it: the model file read from the data folder, the reference plan
//! built from the exercise's seed, the model loaded and graded on both datasets.
//! The bar is 1 s.

use criterion::{criterion_group, criterion_main, Criterion};
use kursus::course::catalog::{locate_root, Course};
use kursus::course::design::{learner, starter};
use kursus::course::real_shell::factory;

const CAPSTONE: &str = "dynamodb-satu-ke-banyak/rancang-tenant-panas";

fn periksa_rancangan(c: &mut Criterion) {
    let Ok(root) = locate_root() else {
        eprintln!("lessons/kursus.toml tidak ditemukan; benchmark dilewati");
        return;
    };
    let course = Course::load(&root).expect("the course loads");
    let e = course.find_exercise(CAPSTONE).expect("the capstone exists");
    let data = tempfile::tempdir().expect("temp dir");
    let model = starter::path(data.path(), &e.lesson.file.id, &e.exercise.id);
    std::fs::create_dir_all(model.parent().expect("the model's folder")).expect("folder");
    std::fs::write(&model, &e.exercise.solusi).expect("the model is written");
    let mut group = c.benchmark_group("periksa-rancangan");
    group.sample_size(10);
    group.bench_function("tenant-panas", |b| {
        b.iter(|| {
            let verdict = learner::check(&factory, data.path(), e)
                .expect("the check runs")
                .expect("a design exercise");
            assert!(verdict.passed, "{:?}", verdict.remarks);
        })
    });
    group.finish();
}

criterion_group!(benches, periksa_rancangan);
criterion_main!(benches);
