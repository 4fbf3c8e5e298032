//! Start-up to a ready shell, and a one-line script.

use criterion::{criterion_group, criterion_main, Criterion};
use kursus::shell::{Shell, ShellOptions};

fn startup(c: &mut Criterion) {
    c.bench_function("shell_baru", |b| {
        b.iter(|| Shell::new(ShellOptions::default()))
    });
    c.bench_function("skrip_satu_baris", |b| {
        b.iter(|| {
            let mut shell = Shell::new(ShellOptions::default());
            shell.run_script("use kampus\n1 + 1")
        })
    });
}

criterion_group!(benches, startup);
criterion_main!(benches);
