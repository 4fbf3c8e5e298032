//! `kursus periksa` over the whole book: every example and every exercise, both datasets.

use criterion::{criterion_group, criterion_main, Criterion};
use kursus::course::catalog::{locate_root, Course};
use kursus::course::check::{check_course, Options};
use kursus::course::real_shell::factory;

fn periksa(c: &mut Criterion) {
    let Ok(root) = locate_root() else {
        eprintln!("lessons/kursus.toml tidak ditemukan; benchmark dilewati");
        return;
    };
    let course = Course::load(&root).expect("the course loads");
    let mut group = c.benchmark_group("periksa");
    group.sample_size(10);
    group.bench_function("seluruh-buku", |b| {
        b.iter(|| check_course(&factory, &course, Options::default()).expect("check runs"))
    });
    group.bench_function("muat-kursus", |b| {
        b.iter(|| Course::load(&root).expect("the course loads"))
    });
    group.finish();
}

criterion_group!(benches, periksa);
criterion_main!(benches);
