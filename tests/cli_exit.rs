//! The exit-status table of `kursus` through the real binary: each documented code is
//! reached by a command that fails (or succeeds) for that reason.

use assert_cmd::Command;
use kursus::cli::exit;
use kursus::pesan;
use std::path::Path;

use crate::support::{copy_dir, fixture};

fn kursus(root: &Path, data: &Path) -> Command {
    let mut cmd = Command::cargo_bin("kursus").expect("the binary is built");
    cmd.env("KURSUS_DIR", root)
        .env("KURSUS_DATA_DIR", data)
        .env("NO_COLOR", "1")
        .write_stdin("");
    cmd
}

/// (exit code, stderr) of `kursus ARGS` on the course at `root`.
fn status(root: &Path, args: &[&str]) -> (i32, String) {
    let data = tempfile::tempdir().expect("temp dir");
    let out = kursus(root, data.path())
        .args(args)
        .output()
        .expect("kursus runs");
    let code = out.status.code().expect("exited, not killed");
    (code, String::from_utf8_lossy(&out.stderr).to_string())
}

/// A copy of the fixture course with `file` replaced by `text`.
fn broken_course(file: &str, text: &str) -> tempfile::TempDir {
    let work = tempfile::tempdir().expect("temp dir");
    copy_dir(&fixture(), work.path());
    std::fs::write(work.path().join(file), text).expect("the file is written");
    work
}

#[test]
fn help_documents_the_table_and_succeeds() {
    let data = tempfile::tempdir().expect("temp dir");
    let out = kursus(&fixture(), data.path())
        .arg("--help")
        .output()
        .expect("kursus runs");
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains(&exit::help_table()), "{help}");
    for (code, meaning) in [
        (0, pesan::cli::KELUAR_BERHASIL),
        (1, pesan::cli::KELUAR_PERIKSA_GAGAL),
        (2, pesan::cli::KELUAR_SALAH_PAKAI),
        (3, pesan::cli::KELUAR_KURSUS_RUSAK),
        (4, pesan::cli::KELUAR_ID_TIDAK_ADA),
        (5, pesan::cli::KELUAR_IO),
        (6, pesan::cli::KELUAR_BUKU),
        (7, pesan::cli::KELUAR_INTERNAL),
    ] {
        assert!(help.contains(&format!("  {code}  {meaning}")), "{help}");
    }
}

#[test]
fn success_is_0() {
    assert_eq!(status(&fixture(), &["daftar"]).0, 0);
    assert_eq!(status(&fixture(), &["periksa"]).0, 0);
}

#[test]
fn periksa_failures_are_1() {
    let fixture_chapter = std::fs::read_to_string(fixture().join("book/src/mini.md")).unwrap();
    let work = broken_course(
        "book/src/mini.md",
        &fixture_chapter.replace("insertedId: 1", "insertedId: 9"),
    );
    assert_eq!(status(work.path(), &["periksa"]).0, 1);
}

#[test]
fn usage_errors_are_2() {
    let (code, stderr) = status(&fixture(), &["--tidak-ada"]);
    assert_eq!(code, 2, "{stderr}");
    let (code, stderr) = status(&fixture(), &["jalankan", "--objectid", "zz", "-"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(&pesan::cli::objectid_salah("zz")),
        "{stderr}"
    );
}

#[test]
fn invalid_course_files_are_3() {
    let work = broken_course("lessons/kursus.toml", "format_version = 1\npelajaran = [\n");
    let (code, stderr) = status(work.path(), &["daftar"]);
    assert_eq!(code, 3, "{stderr}");
    let manifest = work.path().join("lessons").join("kursus.toml");
    assert!(
        stderr.contains(&format!("{} baris", manifest.display())),
        "the message names the file and line: {stderr}"
    );
    let work = broken_course(
        "lessons/kursus.toml",
        "format_version = 2\npelajaran = []\n",
    );
    let manifest = work.path().join("lessons").join("kursus.toml");
    let (code, stderr) = status(work.path(), &["periksa"]);
    assert_eq!(code, 3, "{stderr}");
    let expected = pesan::versi_format_tidak_dikenal(manifest.display(), 2, 1);
    assert!(stderr.contains(&expected), "{stderr}");
}

#[test]
fn unknown_ids_are_4() {
    let (code, stderr) = status(&fixture(), &["--latihan", "mini/tidak-ada"]);
    assert_eq!(code, 4, "{stderr}");
    assert!(
        stderr.contains(&pesan::latihan_tidak_ada("mini/tidak-ada")),
        "{stderr}"
    );
    let (code, stderr) = status(&fixture(), &["jalankan", "--pelajaran", "tidak-ada", "-"]);
    assert_eq!(code, 4, "{stderr}");
    assert!(
        stderr.contains(&pesan::pelajaran_tidak_ada("tidak-ada")),
        "{stderr}"
    );
}

#[test]
fn unreadable_files_are_5() {
    let missing = tempfile::tempdir().unwrap().path().join("tidak-ada.js");
    let path = missing.display().to_string();
    let (code, stderr) = status(&fixture(), &["jalankan", &path]);
    assert_eq!(code, 5, "{stderr}");
    assert!(
        stderr.contains(&format!("tidak dapat membaca {path}")),
        "{stderr}"
    );
}

#[test]
fn a_book_that_does_not_build_is_6() {
    let work = broken_course("book/book.toml", "[book\ntitle = \"Mini\"\n");
    let (code, stderr) = status(work.path(), &["buku"]);
    assert_eq!(code, 6, "{stderr}");
    assert!(stderr.contains(&pesan::buku_gagal("")), "{stderr}");
}
