//! The learner's flow through the real binary with piped input: solve the first exercise
//! of every lesson with its reference solution, fail one on purpose and read the
//! Indonesian feedback, then see the progress in `kursus daftar`.

use assert_cmd::Command;
use kursus::course::catalog::Course;
use kursus::course::items::items;
use kursus::course::pesan;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn kursus(data: &Path) -> Command {
    let mut cmd = Command::cargo_bin("kursus").unwrap();
    cmd.env("KURSUS_DIR", repo_root())
        .env("NO_COLOR", "1")
        .arg("--data-dir")
        .arg(data);
    cmd
}

fn session(data: &Path, exercise: &str, input: &str) -> String {
    let out = kursus(data)
        .args(["--latihan", exercise])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
fn first_exercise_of_every_lesson_then_a_failure_then_the_list() {
    let course = Course::load(&repo_root()).expect("the real course loads");
    let data = tempfile::tempdir().unwrap();
    for lesson in &course.lessons {
        let first = lesson
            .file
            .latihan
            .first()
            .expect("every lesson has exercises");
        let id = format!("{}/{}", lesson.file.id, first.id);
        let out = session(
            data.path(),
            &id,
            &format!("{}\n.periksa\n", first.solusi.trim()),
        );
        assert!(out.contains("Selamat datang di Kursus!"), "{id}: {out}");
        assert!(out.contains(pesan::LULUS), "{id}: {out}");
    }

    let lesson = &course.lessons[0];
    let second = &lesson.file.latihan[1];
    let id = format!("{}/{}", lesson.file.id, second.id);
    let out = session(data.path(), &id, "print('salah')\n.periksa\n.solusi\n");
    assert!(
        out.contains(&pesan::keluaran_beda(pesan::dataset_label(false)))
            || out.contains(&pesan::status_beda(pesan::dataset_label(false))),
        "{out}"
    );
    assert!(out.contains(pesan::DIFF_JUDUL), "{out}");
    let expected_items = items(&second.keluaran).len();
    if expected_items != 1 {
        assert!(
            out.contains(&pesan::dokumen_jumlah(expected_items, 1)),
            "{out}"
        );
    }
    assert!(out.contains(pesan::SOLUSI_TERKUNCI), "{out}");

    let list = kursus(data.path()).arg("daftar").output().unwrap();
    let list = String::from_utf8_lossy(&list.stdout);
    for lesson in &course.lessons {
        let first = &lesson.file.latihan[0];
        assert!(
            list.contains(&format!("[✓] {}/{}", lesson.file.id, first.id)),
            "{list}"
        );
    }
    assert!(list.contains(&format!("[ ] {id}")), "{list}");
    let total = course.exercises().count();
    assert!(
        list.contains(&format!("{}/{total} latihan", course.lessons.len())),
        "{list}"
    );
}

#[test]
fn unknown_exercise_is_reported_in_indonesian() {
    let data = tempfile::tempdir().unwrap();
    kursus(data.path())
        .args(["--latihan", "tidak/ada"])
        .assert()
        .failure()
        .stderr(predicates::str::contains(pesan::latihan_tidak_ada(
            "tidak/ada",
        )));
}
