//! What the CLI prints, pinned as insta snapshots (`tests/snapshots/`) through the real
//! binary, on the small fixture course so lesson edits do not churn them. Paths of the
//! temporary folders are replaced by `[KURSUS]` and `[DATA]`, so the snapshots hold on
//! any machine. After a deliberate change, re-approve them all with
//! `INSTA_UPDATE=always cargo test --locked --test e2e cli_snapshots::` and review the diff.

use assert_cmd::Command;
use std::path::Path;

use crate::support::{copy_dir, fixture};

/// A course the test may change, and an empty data folder.
struct Workplace {
    course: tempfile::TempDir,
    data: tempfile::TempDir,
}

impl Workplace {
    fn new() -> Workplace {
        let course = tempfile::tempdir().expect("temp dir");
        copy_dir(&fixture(), course.path());
        Workplace {
            course,
            data: tempfile::tempdir().expect("temp dir"),
        }
    }

    fn edit(&self, file: &str, from: &str, to: &str) {
        let path = self.course.path().join(file);
        let text = std::fs::read_to_string(&path).expect("a fixture file");
        assert!(text.contains(from), "{file} holds {from:?}");
        std::fs::write(&path, text.replace(from, to)).expect("the file is written");
    }

    /// stdout and stderr of `kursus ARGS` fed `input`, with the temporary paths masked.
    fn run(&self, args: &[&str], input: &str) -> String {
        let out = Command::cargo_bin("kursus")
            .expect("the binary is built")
            .env("KURSUS_DIR", self.course.path())
            .env("KURSUS_DATA_DIR", self.data.path())
            .env("NO_COLOR", "1")
            .args(args)
            .write_stdin(input.to_string())
            .output()
            .expect("kursus runs");
        let text = format!(
            "exit: {:?}\n--- stdout\n{}--- stderr\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        self.mask(&text)
    }

    fn mask(&self, text: &str) -> String {
        let masked = mask_path(text, self.course.path(), "[KURSUS]");
        mask_path(&masked, self.data.path(), "[DATA]")
    }
}

/// Replaces `path`, and first its canonical form, which may differ through symlinks
/// and then holds the plain path inside it (`/private/var/…` on macOS).
fn mask_path(text: &str, path: &Path, label: &str) -> String {
    let mut out = text.to_string();
    if let Ok(real) = path.canonicalize() {
        out = out.replace(&real.display().to_string(), label);
    }
    out.replace(&path.display().to_string(), label)
}

/// The backup's name carries the time in seconds; keep its shape only.
fn mask_stamp(text: &str) -> String {
    let marker = "cadangan-";
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(marker) {
        let (head, tail) = rest.split_at(at + marker.len());
        out.push_str(head);
        out.push_str("[WAKTU]");
        rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    out.push_str(rest);
    out
}

#[test]
fn help() {
    insta::assert_snapshot!("help", Workplace::new().run(&["--help"], ""));
}

#[test]
fn daftar() {
    insta::assert_snapshot!("daftar", Workplace::new().run(&["daftar"], ""));
}

#[test]
fn daftar_with_a_corrupt_progress_file() {
    let place = Workplace::new();
    std::fs::write(place.data.path().join("kemajuan.json"), "{ rusak").unwrap();
    let out = place.run(&["daftar"], "");
    insta::assert_snapshot!("daftar_kemajuan_rusak", mask_stamp(&out));
}

#[test]
fn periksa_passing() {
    insta::assert_snapshot!("periksa_lulus", Workplace::new().run(&["periksa"], ""));
}

#[test]
fn periksa_failing() {
    let place = Workplace::new();
    place.edit("book/src/mini.md", "insertedId: 1", "insertedId: 9");
    place.edit(
        "lessons/mini/pelajaran.toml",
        "nama: 'Citra' }\n]'''",
        "nama: 'Cita' }\n]'''",
    );
    insta::assert_snapshot!("periksa_gagal", place.run(&["periksa"], ""));
}

#[test]
fn periksa_on_a_broken_lesson_file() {
    let place = Workplace::new();
    place.edit(
        "lessons/mini/pelajaran.toml",
        "penilaian = \"keluaran\"",
        "penilaian = 3",
    );
    insta::assert_snapshot!("periksa_berkas_rusak", place.run(&["periksa"], ""));
}

#[test]
fn repl_greeting() {
    let out = Workplace::new().run(&[], "use kampus\ndb.mahasiswa.countDocuments()\nexit\n");
    insta::assert_snapshot!("repl_sapaan", out);
}
