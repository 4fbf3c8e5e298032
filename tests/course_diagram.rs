//! Data-model pictures (`[[gambar]]`, `{{#gambar …}}`): `kursus periksa` fails on each
//! declaration the data contradicts, and `kursus buku` draws them with their text
//! alternatives. Runs on a copy of the fixture course given a picture and data for it.

use assert_cmd::Command;
use kursus::pesan::gambar as pesan;
use std::path::Path;

use crate::support::{copy_dir, fixture, periksa};

const DATA: &str = r#"[
  { "_id": 1, "nama": "Ani", "kota": "Bogor", "alamat": { "jalan": "Jl. Mawar 1", "kota": "Bogor" }, "temanId": [2, 3] },
  { "_id": 2, "nama": "Budi", "kota": "Bandung", "alamat": { "jalan": "Jl. Melati 2", "kota": "Bandung" }, "temanId": [1] },
  { "_id": 3, "nama": "Citra", "kota": "Depok", "alamat": { "jalan": "Jl. Anggrek 3", "kota": "Depok" }, "temanId": [] }
]
"#;

const PICTURE: &str = r#"
[[gambar]]
nama = "teman"
keterangan = "Mahasiswa dengan `alamat` tertanam dan array `temanId`."
koleksi = [ { nama = "mahasiswa", field = ["_id", "nama", "alamat", "temanId"] } ]
rujukan = [ { dari = "mahasiswa.temanId", ke = "mahasiswa._id", kardinalitas = "terbatas", batas = 2 } ]
"#;

/// A copy of the fixture with the picture declared, its data, and the directive placed.
fn course_with_picture() -> tempfile::TempDir {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    write(work.path(), "lessons/mini/data/mahasiswa.json", DATA);
    edit(work.path(), "lessons/mini/pelajaran.toml", |t| {
        format!("{t}{PICTURE}")
    });
    edit(work.path(), "book/src/mini.md", |t| {
        format!("{t}\n{{{{#gambar mini/teman}}}}\n")
    });
    work
}

fn write(root: &Path, file: &str, text: &str) {
    std::fs::write(root.join(file), text).unwrap();
}

fn edit(root: &Path, file: &str, change: impl Fn(&str) -> String) {
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    write(root, file, &change(&text));
}

/// The fixture with the picture, changed by `change` in `file`, fails with `expected`.
fn breaks(file: &str, change: impl Fn(&str) -> String, expected: &str) {
    let work = course_with_picture();
    edit(work.path(), file, change);
    let out = periksa(work.path(), &[]).1;
    assert!(out.contains(expected), "expected {expected}\n{out}");
}

const TOML: &str = "lessons/mini/pelajaran.toml";
const JSON: &str = "lessons/mini/data/mahasiswa.json";

#[test]
fn a_picture_matching_its_data_passes() {
    let work = course_with_picture();
    let out = periksa(work.path(), &[]).1;
    assert!(!out.contains("gambar mini/teman"), "{out}");
}

#[test]
fn a_field_the_data_lacks_fails() {
    let change = |t: &str| t.replace("\"temanId\"] }", "\"temanId\", \"umur\"] }");
    breaks(
        TOML,
        change,
        &pesan::field_tidak_ada("mini", "teman", "mahasiswa", "umur"),
    );
}

#[test]
fn a_missing_collection_fails() {
    let change = |t: &str| t.replace("{ nama = \"mahasiswa\", field", "{ nama = \"dosen\", field");
    breaks(
        TOML,
        change,
        &pesan::koleksi_tidak_ada("mini", "teman", "dosen"),
    );
}

#[test]
fn a_reference_to_nowhere_fails() {
    let change = |t: &str| t.replace("ke = \"mahasiswa._id\"", "ke = \"mahasiswa.nim\"");
    let expected =
        pesan::rujukan_tanpa_sasaran("mini", "teman", "mahasiswa.temanId", "mahasiswa.nim");
    breaks(TOML, change, &expected);
}

#[test]
fn a_referenced_value_with_no_target_fails() {
    let change = |t: &str| t.replace("\"temanId\": [1]", "\"temanId\": [9]");
    breaks(
        JSON,
        change,
        &pesan::rujukan_menggantung("mini", "teman", "mahasiswa.temanId", "9"),
    );
}

#[test]
fn one_where_the_data_holds_an_array_fails() {
    let change = |t: &str| {
        t.replace(
            "kardinalitas = \"terbatas\", batas = 2",
            "kardinalitas = \"satu\"",
        )
    };
    breaks(
        TOML,
        change,
        &pesan::bukan_satu("mini", "teman", "mahasiswa.temanId", "1"),
    );
}

#[test]
fn an_array_where_the_data_holds_one_value_fails() {
    let change = |t: &str| t.replace("\"temanId\": [2, 3]", "\"temanId\": 2");
    breaks(
        JSON,
        change,
        &pesan::bukan_array("mini", "teman", "mahasiswa.temanId", "1"),
    );
}

#[test]
fn a_bound_the_data_exceeds_fails() {
    let change = |t: &str| t.replace("batas = 2", "batas = 1");
    let expected = pesan::batas_terlampaui("mini", "teman", "mahasiswa.temanId", ("1", 2, 1));
    breaks(TOML, change, &expected);
}

#[test]
fn a_directive_naming_no_picture_fails() {
    let change = |t: &str| format!("{t}\n{{{{#gambar mini/tidak-ada}}}}\n");
    let work = course_with_picture();
    edit(work.path(), "book/src/mini.md", change);
    let text = std::fs::read_to_string(work.path().join("book/src/mini.md")).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("mini/tidak-ada"))
        .unwrap()
        + 1;
    let out = periksa(work.path(), &[]).1;
    let expected = pesan::gambar_tidak_dinyatakan("mini.md", line, "mini/tidak-ada");
    assert!(out.contains(&expected), "{out}");
}

#[test]
fn a_picture_never_placed_fails() {
    let change = |t: &str| t.replace("{{#gambar mini/teman}}", "");
    breaks(
        "book/src/mini.md",
        change,
        &pesan::gambar_tidak_dipasang("mini", "teman"),
    );
}

#[test]
fn the_book_holds_the_picture_and_its_text_alternative() {
    let work = course_with_picture();
    Command::cargo_bin("kursus")
        .unwrap()
        .env("KURSUS_DIR", work.path())
        .arg("buku")
        .assert()
        .success();
    let html = std::fs::read_to_string(work.path().join("book/book/mini.html")).unwrap();
    assert!(!html.contains("{{#gambar"));
    for part in [
        "<figure class=\"kursus-gambar\" id=\"gambar-mini-teman\">",
        "role=\"img\"",
        "aria-labelledby=\"gambar-mini-teman-svg-judul gambar-mini-teman-svg-desk\"",
        "<title id=\"gambar-mini-teman-svg-judul\">Model data: koleksi mahasiswa</title>",
        "<desc id=\"gambar-mini-teman-svg-desk\">Koleksi mahasiswa berisi _id (int), nama (string), alamat (object) (subdokumen: jalan (string), kota (string)), temanId ([int]).",
        "<figcaption>Mahasiswa dengan <code>alamat</code> tertanam dan array <code>temanId</code>.</figcaption>",
    ] {
        assert!(html.contains(part), "missing {part}");
    }
}
