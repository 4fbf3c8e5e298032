//! `kursus periksa` through the real binary and shell, on a copy of the fixture course.

use assert_cmd::Command;
use kursus::pesan;
use std::path::Path;

use crate::support::{copy_dir, fixture};

fn periksa(root: &Path, extra: &[&str]) -> (bool, String) {
    let out = Command::cargo_bin("kursus")
        .unwrap()
        .env("KURSUS_DIR", root)
        .env("NO_COLOR", "1")
        .arg("periksa")
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

#[test]
fn fixture_course_passes() {
    let (ok, out) = periksa(&fixture(), &[]);
    assert!(ok, "{out}");
    assert!(out.contains(&pesan::ringkasan(1, 2, 0)), "{out}");
}

#[test]
fn wrong_keluaran_fails_and_perbarui_fixes_it() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let chapter = work.path().join("book/src/mini.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    std::fs::write(&chapter, text.replace("insertedId: 1", "insertedId: 9")).unwrap();
    let toml = work.path().join("lessons/mini/pelajaran.toml");
    let lesson = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        lesson.replace(
            "{ _id: 3, nama: 'Citra' }\n]'''",
            "{ _id: 3, nama: 'Cita' }\n]'''",
        ),
    )
    .unwrap();

    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok);
    assert!(out.contains(&pesan::contoh_beda("mini.md", 3)), "{out}");
    assert!(
        out.contains(&pesan::solusi_gagal("mini/semua-nama")),
        "{out}"
    );

    let (_, out) = periksa(work.path(), &["--perbarui"]);
    assert!(out.contains(&pesan::diperbarui("mini.md")), "{out}");
    assert!(
        out.contains(&pesan::diperbarui("mini/pelajaran.toml")),
        "{out}"
    );
    let (ok, out) = periksa(work.path(), &[]);
    assert!(ok, "{out}");
    assert!(std::fs::read_to_string(&chapter)
        .unwrap()
        .contains("insertedId: 1"));
}

#[test]
fn directive_to_a_missing_exercise_fails() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let chapter = work.path().join("book/src/mini.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    std::fs::write(
        &chapter,
        format!("{text}\n{{{{#latihan mini/tidak-ada}}}}\n"),
    )
    .unwrap();
    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok);
    assert!(out.contains("{{#latihan mini/tidak-ada}}"), "{out}");
}

/// The grader tests itself: a wrong sample answer that passes, a right one that fails,
/// feedback without the promised words and a sample for a missing exercise are all
/// reported with the exercise and the answer's number.
#[test]
fn sample_answers_judged_wrongly_are_reported() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let uji = work.path().join("lessons/mini/uji.toml");
    std::fs::write(
        &uji,
        "format_version = 1\n\
         [[latihan]]\nid = \"semua-nama\"\n\
         [[latihan.salah]]\njawaban = 'db.mahasiswa.find({}, { nama: 1 }).sort({ _id: 1 })'\nmemuat = \"x\"\n\
         [[latihan.salah]]\njawaban = 'db.mahasiswa.find({}, { nama: 1 })'\nmemuat = \"tidak ada kata ini\"\n\
         [[latihan.benar]]\njawaban = 'db.mahasiswa.find({}, { nama: 1 })'\n",
    )
    .unwrap();
    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&pesan::uji_salah_lulus("mini/semua-nama", 1)),
        "{out}"
    );
    assert!(
        out.contains(&pesan::uji_salah_tanpa(
            "mini/semua-nama",
            2,
            "tidak ada kata ini"
        )),
        "{out}"
    );
    assert!(
        out.contains(&pesan::uji_benar_gagal("mini/semua-nama", 1)),
        "{out}"
    );
    assert!(out.contains(&pesan::ringkasan(1, 2, 3)), "{out}");
}

#[test]
fn sample_answers_for_a_missing_exercise_or_with_unknown_keys_fail() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let uji = work.path().join("lessons/mini/uji.toml");
    std::fs::write(
        &uji,
        "format_version = 1\n[[latihan]]\nid = \"tidak-ada\"\n",
    )
    .unwrap();
    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok);
    assert!(out.contains("\"tidak-ada\""), "{out}");
    std::fs::write(
        &uji,
        "format_version = 1\n[[latihan]]\nid = \"semua-nama\"\nbonus = 1\n",
    )
    .unwrap();
    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok);
    assert!(out.contains("bonus"), "{out}");
}

/// Without its `.sort()`, the reference solution must fail on the variant; a variant
/// stored in the asked order would let a missing sort pass, and periksa says so.
#[test]
fn a_variant_that_cannot_catch_a_missing_sort_fails() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let variant = work.path().join("lessons/mini/data/mahasiswa-varian.json");
    std::fs::write(
        &variant,
        "[{ \"_id\": 4, \"nama\": \"Budi\" }, { \"_id\": 5, \"nama\": \"Dewi\" }]",
    )
    .unwrap();
    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok);
    assert!(
        out.contains(&pesan::mutan_lulus("mini/semua-nama", "tanpa urutan")),
        "{out}"
    );
}

/// A generated wrong answer listed as equivalent must exist and pass: a stale listing
/// would excuse nothing and hide that the data changed.
#[test]
fn an_equivalent_that_is_no_mutant_or_fails_is_reported() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let uji = work.path().join("lessons/mini/uji.toml");
    let listed = "format_version = 1\n[[latihan]]\nid = \"semua-nama\"\n\
                  [[latihan.setara]]\nmutan = \"urutan _id dibalik\"\nalasan = \"tidak benar\"\n";
    std::fs::write(&uji, listed).unwrap();
    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(&pesan::setara_tidak_lulus(
            "mini/semua-nama",
            "urutan _id dibalik"
        )),
        "{out}"
    );
}

/// `--perbarui` edits `[[latihan]]` tables; an exercise written another way (here an
/// inline table) cannot be rewritten, and that must fail loudly instead of being skipped.
#[test]
fn perbarui_fails_on_an_exercise_it_cannot_find() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let toml = work.path().join("lessons/mini/pelajaran.toml");
    let lesson = std::fs::read_to_string(&toml).unwrap();
    let (head, _) = lesson.split_once("[[latihan]]").unwrap();
    // A top-level key must come before the first table header.
    let exercises = "latihan = [\n  { id = \"semua-nama\", judul = \"Semua nama\", soal = \"x\", \
         penilaian = \"keluaran\", solusi = \"db.mahasiswa.find({}, { nama: 1 })\", \
         keluaran = \"salah\" },\n]\n\n[dataset.utama]";
    let inline = head.replacen("[dataset.utama]", exercises, 1);
    std::fs::write(&toml, &inline).unwrap();

    let out = Command::cargo_bin("kursus")
        .unwrap()
        .env("KURSUS_DIR", work.path())
        .env("NO_COLOR", "1")
        .args(["periksa", "--perbarui"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let message = pesan::keluaran_tidak_ditemukan(toml.display(), "semua-nama");
    assert!(stdout.contains(&format!("✗ {message}")), "{stdout}");
    assert!(
        !stdout.contains(&pesan::diperbarui("mini/pelajaran.toml")),
        "{stdout}"
    );
    assert_eq!(std::fs::read_to_string(&toml).unwrap(), inline);
}

#[test]
fn the_text_checks_run_in_periksa() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let chapter = work.path().join("book/src/mini.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    let broken = text
        .replace(".sort({ _id: 1 })", "")
        .replace("{{#istilah dataset}}", "dataset, lihat solusi rujukan,")
        .replace("| `mahasiswa` | 3 |", "| `mahasiswa` | 4 |")
        .replace("## Bacaan lanjut", "## Lain");
    std::fs::write(&chapter, broken).unwrap();

    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok);
    let expected = [
        pesan::teknik_belum_ditunjukkan("mini/semua-nama", &[".sort()".to_string()]),
        pesan::istilah_melenceng("mini.md", 17, "solusi rujukan", "solusi acuan"),
        pesan::glosarium_tanpa_tanda("dataset"),
        pesan::tabel_dataset_jumlah("mini.md", "mahasiswa", 3),
        pesan::bacaan_lanjut_tidak_ada("mini.md"),
    ];
    for line in expected {
        assert!(out.contains(&line), "missing {line}\n{out}");
    }
}
