//! `kursus buku` and `kursus daftar` on a small fixture course (no shell needed).

use assert_cmd::Command;
use kursus::course::progress::{Progress, ProgressStore};

use crate::support::{copy_dir, fixture};

#[test]
fn book_renders_exercise_boxes_and_keluaran_labels() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    Command::cargo_bin("kursus")
        .unwrap()
        .env("KURSUS_DIR", work.path())
        .arg("buku")
        .assert()
        .success();
    let html = std::fs::read_to_string(work.path().join("book/book/mini.html")).unwrap();
    assert!(
        html.contains("kursus --latihan mini/semua-nama"),
        "exercise command missing"
    );
    assert!(html.contains("class=\"latihan\""));
    assert!(html.contains("<summary>Petunjuk 1</summary>"));
    assert!(html.contains("Keluaran"));
    assert!(!html.contains("language-js kursus") && !html.contains("{{#latihan"));
}

#[test]
fn daftar_shows_ticks_and_the_progress_bar() {
    let data = tempfile::tempdir().unwrap();
    let mut progress = Progress::default();
    progress.selesai.insert("mini/semua-nama".into());
    ProgressStore::new(data.path()).save(&progress).unwrap();
    let out = Command::cargo_bin("kursus")
        .unwrap()
        .env("KURSUS_DIR", fixture())
        .args(["daftar", "--data-dir"])
        .arg(data.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("[✓] mini/semua-nama"), "{text}");
    assert!(text.contains("[ ] mini/hapus-budi"), "{text}");
    assert!(text.contains("1/2 latihan (50%)"), "{text}");
}

#[test]
fn daftar_alias_list_reads_kursus_data_dir() {
    let data = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("kursus")
        .unwrap()
        .env("KURSUS_DIR", fixture())
        .env("KURSUS_DATA_DIR", data.path())
        .arg("list")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("0/2 latihan (0%)"));
}
