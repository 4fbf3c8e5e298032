//! The book is the test suite: `kursus periksa` runs every example of every chapter
//! and grades every exercise's reference solution on both datasets.

use assert_cmd::Command;
use std::path::PathBuf;

fn project_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn count_in_summary(summary: &str, noun: &str) -> usize {
    let words: Vec<&str> = summary.split_whitespace().collect();
    words
        .windows(2)
        .find(|w| w[1].trim_end_matches('.') == noun)
        .and_then(|w| w[0].parse().ok())
        .unwrap_or(0)
}

#[test]
fn every_book_example_and_exercise_passes() {
    let data = tempfile::tempdir().expect("temp dir");
    let output = Command::cargo_bin("kursus")
        .expect("binary")
        .arg("periksa")
        .env("KURSUS_DIR", project_root())
        .env("KURSUS_DATA_DIR", data.path())
        .env("NO_COLOR", "1")
        .output()
        .expect("run kursus periksa");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "periksa failed:\n{stdout}\n{stderr}"
    );
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(summary.starts_with("Semua lulus"), "summary: {summary}");
    assert!(
        count_in_summary(summary, "contoh") >= 50,
        "too few examples: {summary}"
    );
    assert!(
        count_in_summary(summary, "latihan") >= 18,
        "too few exercises: {summary}"
    );
}
