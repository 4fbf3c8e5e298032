//! `kursus periksa` through the real binary and shell, on a copy of the fixture course.

use assert_cmd::Command;
use kursus::pesan;
use std::path::Path;

use crate::support::{copy_dir, fixture, periksa};

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
    assert!(out.contains(&pesan::contoh_beda("mini.md", 11)), "{out}");
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
        pesan::istilah_melenceng("mini.md", 25, "solusi rujukan", "solusi acuan"),
        pesan::glosarium_tanpa_tanda("dataset"),
        pesan::tabel_dataset_jumlah("mini.md", "mahasiswa", 3),
        pesan::bacaan_lanjut_tidak_ada("mini.md"),
    ];
    for line in expected {
        assert!(out.contains(&line), "missing {line}\n{out}");
    }
}

/// A copy of the fixture course with `edit` applied to one of its files.
fn broken_copy(file: &str, edit: impl Fn(String) -> String) -> tempfile::TempDir {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let path = work.path().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, edit(text)).unwrap();
    work
}

fn assert_fails_with(work: &Path, expected: &[String]) {
    let (ok, out) = periksa(work, &[]);
    assert!(!ok, "{out}");
    for line in expected {
        assert!(out.contains(line), "missing {line}\n{out}");
    }
}

/// Each chapter opens with objectives (with items), prerequisites and a time in minutes,
/// and closes with its summary before the reading list.
#[test]
fn a_chapter_without_its_opening_or_summary_fails() {
    let work = broken_copy("book/src/mini.md", |text| {
        text.replace("> **Perkiraan waktu**: sekitar 10 menit.\n", "")
            .replace("## Ringkasan", "## Catatan")
    });
    let closing = ["Catatan", "Kuis bab ini", "Bacaan lanjut"].map(String::from);
    let expected = ["Ringkasan", "Kuis bab ini", "Bacaan lanjut"];
    assert_fails_with(
        work.path(),
        &[
            pesan::pembuka_kurang("mini.md", pesan::LABEL_WAKTU),
            pesan::penutup_beda("mini.md", &expected, &closing),
        ],
    );
    let work = broken_copy("book/src/mini.md", |text| {
        text.replace("> - Membaca dan menghapus dokumen mahasiswa.\n", "")
            .replace("sekitar 10 menit", "sebentar")
    });
    assert_fails_with(
        work.path(),
        &[
            pesan::tujuan_tanpa_butir("mini.md"),
            pesan::waktu_tanpa_menit("mini.md"),
        ],
    );
    let work = broken_copy("book/src/mini.md", |text| {
        text.replace("dengan `.kuis` di REPL", "di REPL")
    });
    assert_fails_with(work.path(), &[pesan::kuis_tanpa_cara("mini.md")]);
}

/// Every lesson has its quiz file.
#[test]
fn a_chapter_without_a_quiz_fails() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    std::fs::remove_file(work.path().join("lessons/mini/kuis.toml")).unwrap();
    assert_fails_with(work.path(), &[pesan::kuis::bab_tanpa_kuis("mini")]);
}

/// Hints come as three tiers: the idea without code, the method named without code,
/// then the code; each short.
#[test]
fn hints_out_of_their_tiers_fail() {
    let work = broken_copy("lessons/mini/pelajaran.toml", |text| {
        let long = "kata ".repeat(170);
        text.replace(
            "\"Tampilkan satu field saja dan urutkan menurut id.\"",
            "\"Pakai proyeksi `{ nama: 1 }`.\"",
        )
        .replace(
            "\"Proyeksi memilih `nama`, lalu `.sort()` menurut `_id`.\"",
            "\"Lalu `.sort({ _id: 1 })`.\"",
        )
        .replace(
            "\"`db.mahasiswa.find({}, { nama: 1 }).sort({ _id: 1 })`\"",
            &format!("\"Urutkan saja. {long}\""),
        )
        .replace("\"Satu dokumen dihapus, dipilih menurut namanya.\", ", "")
    });
    assert_fails_with(
        work.path(),
        &[
            pesan::petunjuk_gagasan_berkode("mini/semua-nama", "{ nama: 1 }"),
            pesan::petunjuk_cara_berkode("mini/semua-nama", ".sort({ _id: 1 })"),
            pesan::petunjuk_tanpa_kode("mini/semua-nama"),
            pesan::petunjuk_panjang("mini/semua-nama", 3, 172),
            pesan::petunjuk_jumlah("mini/hapus-budi", 2),
        ],
    );
}

/// The drift list covers the calques and mixed terms: "ia" for a thing, "larik",
/// "kueri", "rekaman", "data bangkitan", "kunci asing", and glossary terms in italics;
/// the lesson files are read in their prose fields, with their own line numbers.
#[test]
fn calques_mixed_terms_and_italic_terms_fail() {
    let work = broken_copy("book/src/mini.md", |text| {
        text.replace(
            "Latihan memakai {{#istilah dataset}} ini:",
            "Latihan memakai {{#istilah dataset}} ini. Ia berisi larik, kueri, rekaman,\n\
             data bangkitan, dan kunci asing; *dataset* itu tetap kecil.",
        )
    });
    let toml = work.path().join("lessons/mini/pelajaran.toml");
    let lesson = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        lesson.replace("Hapus mahasiswa bernama Budi.", "Hapus rekaman Budi."),
    )
    .unwrap();
    let (calque, advice) = pesan::KALKE[0];
    let mut expected = vec![
        pesan::kalke("mini.md", 25, calque, advice),
        pesan::istilah_miring("mini.md", 26, "dataset"),
        pesan::istilah_melenceng("mini/pelajaran.toml", 37, "rekaman", "catatan"),
    ];
    for (line, wrong, right) in [
        (25, "larik", "array"),
        (25, "kueri", "query"),
        (25, "rekaman", "catatan"),
        (26, "bangkitan", "buatan"),
        (26, "kunci asing", "foreign key"),
    ] {
        expected.push(pesan::istilah_melenceng("mini.md", line, wrong, right));
    }
    assert_fails_with(work.path(), &expected);
}

/// A design exercise whose reference model computes with a pipeline the chapter never
/// ran, and whose feedback points to a section the book does not have.
const DESIGN_EXERCISE: &str = r#"
[[latihan]]
id = "rancang-total"
judul = "Rancang: total per kunci"
soal = "Simpan catatan `{ k, n }`; `pola.total(k)` menjumlahkan `n` milik `k` dengan 1 perintah baca lewat indeks."
penilaian = "rancangan"
petunjuk = ["Jumlahkan di server.", "Pakai `$group` dengan `$sum`.", "`{ $group: { _id: null, t: { $sum: '$n' } } }`"]
solusi = '''
function siapkan() { db.m.createIndex({ k: 1 }); }
function simpan(r) { db.m.insertOne({ k: r.k, n: r.n }); }
const pola = {
  total(k) {
    const h = db.m.aggregate([{ $match: { k: k } }, { $group: { _id: null, t: { $sum: '$n' } } }]).toArray();
    return h.length ? h[0].t : 0;
  },
};
'''

[latihan.rancangan]
mesin = "mongo"
benih = 7
ukuran = { dokumen = 2048, larik = 50 }
awal = '''
function siapkan() {}
function simpan(rekaman) {}
const pola = { total(k) {} };
'''
data = '''(acak, miring) => ({ rekaman: [{ k: 'a', n: 1 }, { k: 'a', n: 2 }, { k: 'b', n: 5 }] })'''

[latihan.rancangan.bagian]
jawaban = "«Mini»"
anggaran = "«Mini»"
baca = "«Bagian yang tidak ada»"
ukuran = "«Mini»"
sumber = "«Mini»"

[[latihan.rancangan.pola]]
nama = "total"
argumen = '''(data) => [['a'], ['b']]'''
acuan = '''(data, k) => data.filter((r) => r.k === k).reduce((s, r) => s + r.n, 0)'''
"#;

#[test]
fn a_design_model_is_held_to_the_techniques_shown_and_real_sections() {
    let work = broken_copy("lessons/mini/pelajaran.toml", |text| {
        format!("{text}{DESIGN_EXERCISE}")
    });
    let missing = [
        "$group",
        "$match",
        "$sum",
        ".aggregate()",
        ".createIndex()",
        ".toArray()",
    ]
    .map(String::from);
    assert_fails_with(
        work.path(),
        &[
            pesan::teknik_belum_ditunjukkan("mini/rancang-total", &missing),
            pesan::bagian_tidak_ada("mini/rancang-total", "Bagian yang tidak ada"),
        ],
    );
}

fn book_page(name: &str) -> String {
    std::fs::read_to_string(crate::support::repo_root().join("book/src").join(name)).unwrap()
}

/// The executed examples of a real chapter whose code contains `code`, with outputs.
fn examples_with(name: &str, code: &str) -> Vec<(String, String)> {
    kursus::course::chapter::examples(&book_page(name))
        .into_iter()
        .filter(|e| e.code.body.contains(code))
        .map(|e| (e.code.body, e.expected.map(|k| k.body).unwrap_or_default()))
        .collect()
}

/// What the lecturer found missing (issue 33), in the real book: checked here where
/// `periksa` has no general rule for it.
#[test]
fn the_book_teaches_what_a_lecturer_missed() {
    let glossary = book_page("glosarium.md");
    for term in [
        "pengenal natural",
        "indeks",
        "indeks unik",
        "query rentang",
        "koleksi penghubung",
        "arah maju",
        "arah balik",
    ] {
        assert!(
            glossary.contains(&format!("| {term} |")),
            "glossary lacks {term}"
        );
    }
    let embedding = book_page("embedding-referencing.md");
    assert!(
        embedding.contains("`ON DELETE CASCADE`") && embedding.contains("`ON DELETE SET NULL`")
    );
    // `$ne` also matches a document without the field: one shown has no `mataKuliahId`.
    let ne = examples_with("banyak-ke-banyak.md", "$ne");
    assert!(
        ne.iter().any(|(_, out)| out
            .lines()
            .any(|l| l.contains("nama:") && !l.contains("mataKuliahId"))),
        "{ne:?}"
    );
    // A multikey index still serves an extra condition, which filters fetched documents.
    let extra = examples_with(
        "banyak-ke-banyak.md",
        "rencana({ mataKuliahId: \"TSA201\", nama:",
    );
    assert!(
        extra
            .iter()
            .any(|(_, out)| out.contains("IXSCAN") && out.contains("hasil: 1")),
        "{extra:?}"
    );
    // A status GSI with three values is itself a hot partition.
    let dynamo = book_page("dynamodb-satu-ke-banyak.md");
    assert!(dynamo
        .split("\n\n")
        .any(|p| p.contains("tiga nilai") && p.contains("hot partition") && p.contains("GSI")));
}
