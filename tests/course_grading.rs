//! Grading and manifest errors, against a tiny fake shell so the rules are tested on
//! their own (the end-to-end tests use the real shell).

use kursus::course::dataset::{Collection, Dataset};
use kursus::course::grade::{grade, Verdict};
use kursus::course::lesson::LessonFile;
use kursus::course::manifest::Manifest;
use kursus::course::shell_port::{
    CollectionState, Command, DynamoRequest, Plan, Printed, ShellPort,
};
use kursus::course::Lesson;
use kursus::pesan;
use serde_json::Value;

/// A one-collection "shell" with a handful of statements:
/// `cetak TEXT`, `koleksi`, `koleksi-terbalik`, `hapus-pertama`, `collscan`, `ixscan`
/// (which also builds the index `{ nama: 1 }`), `query`, `scan`. Those four act like
/// declarations (`const r = …`); the others are expression statements.
#[derive(Default)]
struct Fake {
    docs: Vec<bson::Document>,
    plans: Vec<Plan>,
    dynamo: Vec<DynamoRequest>,
    indexed: bool,
}

impl Fake {
    fn statement(&mut self, line: &str) -> Printed {
        let text = match line.split_once(' ').map_or((line, ""), |(a, b)| (a, b)) {
            ("cetak", rest) => rest.replace("\\n", "\n"),
            ("koleksi", _) => show(self.docs.iter()),
            ("koleksi-terbalik", _) => show(self.docs.iter().rev()),
            ("hapus-pertama", _) => return self.remove_first(),
            ("collscan" | "ixscan", _) => return self.plan(line),
            ("query" | "scan", _) => return self.request(line),
            _ => {
                return Printed {
                    text: format!("ReferenceError: {line} is not defined"),
                    is_error: true,
                    is_undefined: false,
                    is_expression: true,
                }
            }
        };
        Printed {
            text,
            is_error: false,
            is_undefined: false,
            is_expression: true,
        }
    }

    fn remove_first(&mut self) -> Printed {
        if !self.docs.is_empty() {
            self.docs.remove(0);
        }
        Printed {
            is_expression: true,
            ..declared()
        }
    }

    fn plan(&mut self, stage: &str) -> Printed {
        let ixscan = stage == "ixscan";
        self.indexed |= ixscan;
        self.plans.push(Plan {
            ns: "kampus.mahasiswa".into(),
            stage: stage.to_uppercase(),
            index_key: ixscan.then(|| bson::doc! { "nama": 1 }),
            docs_examined: self.docs.len() as u64,
            n_returned: self.docs.len() as u64,
        });
        declared()
    }

    fn request(&mut self, op: &str) -> Printed {
        let operation = if op == "query" { "Query" } else { "Scan" };
        self.dynamo.push(DynamoRequest {
            operation: operation.into(),
            table: "AppData".into(),
            consumed_rcu: 0.5,
            count: Some(1),
            scanned_count: Some(3),
            returned: 1,
            continued: false,
            ..DynamoRequest::default()
        });
        declared()
    }
}

/// What a declaration prints: `undefined`, hidden.
fn declared() -> Printed {
    Printed {
        text: String::new(),
        is_error: false,
        is_undefined: true,
        is_expression: false,
    }
}

fn show<'a>(docs: impl Iterator<Item = &'a bson::Document>) -> String {
    let items: Vec<String> = docs
        .map(|d| {
            format!(
                "  {{ _id: {}, nama: {} }}",
                d.get_i32("_id").unwrap_or(0),
                d.get_str("nama").unwrap_or("")
            )
        })
        .collect();
    format!("[\n{}\n]", items.join(",\n"))
}

impl ShellPort for Fake {
    fn run_statements(&mut self, source: &str) -> Vec<Printed> {
        source
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| self.statement(l.trim()))
            .collect()
    }
    fn load_collection(
        &mut self,
        _db: &str,
        _coll: &str,
        docs: Vec<bson::Document>,
    ) -> Result<(), String> {
        self.docs.extend(docs);
        Ok(())
    }
    fn dynamo_execute(&mut self, _action: &str, _request: Value) -> Result<Value, String> {
        Ok(Value::Null)
    }
    fn use_db(&mut self, _db: &str) {}
    fn take_plan_log(&mut self) -> Vec<Plan> {
        std::mem::take(&mut self.plans)
    }
    fn take_command_log(&mut self) -> Vec<Command> {
        Vec::new()
    }
    fn take_dynamo_log(&mut self) -> Vec<DynamoRequest> {
        std::mem::take(&mut self.dynamo)
    }
    fn collection_state(&mut self, _db: &str, _coll: &str) -> CollectionState {
        let mut indexes = vec![bson::doc! { "v": 2, "key": { "_id": 1 }, "name": "_id_" }];
        if self.indexed {
            indexes.push(bson::doc! { "v": 2, "key": { "nama": 1 }, "name": "nama_1" });
        }
        CollectionState {
            docs: self.docs.clone(),
            indexes,
        }
    }
}

fn factory(_seed: Option<[u8; 12]>) -> Fake {
    Fake::default()
}

fn dataset(names: &[(i32, &str)]) -> Dataset {
    let docs = names
        .iter()
        .map(|(id, n)| bson::doc! { "_id": *id, "nama": *n })
        .collect();
    Dataset {
        collections: vec![Collection {
            db: "kampus".into(),
            name: "mahasiswa".into(),
            docs,
        }],
        tables: vec![],
    }
}

fn lesson(exercise_toml: &str) -> Lesson {
    let text = format!(
        "format_version = 1\nid = \"uji\"\njudul = \"Uji\"\nbab = \"uji.md\"\nobjectid = \"6ae8992ef71ce5016d8de666\"\n\
         [dataset.utama]\n[dataset.varian]\n[[latihan]]\nid = \"a\"\njudul = \"A\"\nsoal = \"s\"\n{exercise_toml}"
    );
    let file = LessonFile::parse(&text, "uji/pelajaran.toml", "uji").expect("fixture parses");
    Lesson {
        file,
        dir: ".".into(),
        utama: dataset(&[(1, "'Ani'"), (2, "'Budi'"), (3, "'Citra'")]),
        varian: dataset(&[(7, "'Dewi'"), (8, "'Eka'")]),
        kuis: None,
    }
}

fn grade_answer(lesson: &Lesson, answer: &str) -> Verdict {
    grade(&factory, lesson, &lesson.file.latihan[0], answer).expect("grading runs")
}

const ORDERED: &str = "penilaian = \"keluaran\"\nsolusi = \"koleksi\"\nkeluaran = \"\"\"\n[\n  { _id: 1, nama: 'Ani' },\n  { _id: 2, nama: 'Budi' },\n  { _id: 3, nama: 'Citra' }\n]\n\"\"\"\n";

#[test]
fn reference_solution_passes() {
    let l = lesson(ORDERED);
    let v = grade_answer(&l, "koleksi");
    assert!(v.passed, "{v:?}");
    assert_eq!(
        v.remarks,
        vec![
            pesan::LULUS.to_string(),
            pesan::jawaban_dinilai(1, "koleksi")
        ]
    );
}

#[test]
fn empty_answer_fails_with_a_hint_to_type_something() {
    let v = grade_answer(&lesson(ORDERED), "  \n");
    assert!(!v.passed);
    assert_eq!(v.remarks, vec![pesan::JAWABAN_KOSONG.to_string()]);
}

#[test]
fn only_order_differs_is_named() {
    let v = grade_answer(&lesson(ORDERED), "koleksi-terbalik");
    assert!(!v.passed);
    assert!(v.remarks.contains(&pesan::hanya_urutan_beda()), "{v:?}");
    assert!(v.diff.is_some());
}

#[test]
fn unordered_grading_accepts_any_order() {
    let l = lesson(&ORDERED.replace("\"keluaran\"\n", "\"keluaran-tanpa-urutan\"\n"));
    assert!(grade_answer(&l, "koleksi-terbalik").passed);
}

#[test]
fn hard_coded_output_fails_on_the_variant() {
    let l = lesson(ORDERED);
    let hard_coded = "cetak [\\n  { _id: 1, nama: 'Ani' },\\n  { _id: 2, nama: 'Budi' },\\n  { _id: 3, nama: 'Citra' }\\n]";
    let v = grade_answer(&l, hard_coded);
    assert!(!v.passed, "{v:?}");
    assert!(
        v.remarks
            .contains(&pesan::hanya_utama(pesan::dataset_label(true), true)),
        "{v:?}"
    );
    // The hidden rows are never shown: no diff against the variant's expected output.
    assert_eq!(v.diff, None, "{v:?}");
}

#[test]
fn wrong_field_and_missing_documents_are_explained() {
    let l = lesson(ORDERED);
    let v = grade_answer(&l, "cetak [\\n  { _id: 1, nama: 'Anita' }\\n]");
    assert!(
        v.remarks
            .contains(&pesan::field_beda("{ _id: 1 }", "nama", "'Ani'", "'Anita'")),
        "{v:?}"
    );
    assert!(v.remarks.contains(&pesan::dokumen_kurang(2)), "{v:?}");
}

#[test]
fn errors_are_quoted_in_the_feedback() {
    let v = grade_answer(&lesson(ORDERED), "kolesi");
    assert!(
        v.remarks
            .iter()
            .any(|r| r.contains("kolesi is not defined")),
        "{v:?}"
    );
}

#[test]
fn collscan_breaks_pakai_indeks() {
    let l = lesson(&format!(
        "efisiensi = [{{ aturan = \"pakai-indeks\", kunci = {{ nama = 1 }} }}]\n{ORDERED}"
    ));
    let v = grade_answer(&l, "collscan\nkoleksi");
    assert!(!v.passed);
    assert_eq!(v.remarks[0], pesan::efisiensi_collscan("kampus.mahasiswa"));
    assert_eq!(v.remarks[1], pesan::pernyataan_pelanggar(1, "collscan"));
    assert!(v.remarks[0]
        .contains("hasilnya benar, tetapi query ini memindai seluruh koleksi (COLLSCAN)"));
    assert!(grade_answer(&l, "ixscan\nkoleksi").passed);
}

#[test]
fn dynamo_rules_count_queries_scans_and_capacity() {
    let rules = "efisiensi = [{ aturan = \"tanpa-scan\" }, { aturan = \"satu-query\" }, { aturan = \"maks-rcu\", nilai = 0.5 }]\n";
    let l = lesson(&format!("{rules}{ORDERED}"));
    assert_eq!(
        grade_answer(&l, "scan\nkoleksi").remarks[0],
        pesan::efisiensi_scan(1)
    );
    assert_eq!(
        grade_answer(&l, "koleksi").remarks[0],
        pesan::efisiensi_jumlah_query(0)
    );
    let twice = grade_answer(&l, "query\nquery\nkoleksi");
    assert_eq!(twice.remarks[0], pesan::efisiensi_jumlah_query(2));
    assert_eq!(twice.remarks[1], pesan::pernyataan_pelanggar(2, "query"));
    assert!(grade_answer(&l, "query\nkoleksi").passed);
}

#[test]
fn status_grading_compares_the_resulting_state() {
    let l =
        lesson("penilaian = \"status\"\nkeadaan = [\"mahasiswa\"]\nsolusi = \"hapus-pertama\"\n");
    assert!(grade_answer(&l, "hapus-pertama").passed);
    let v = grade_answer(&l, "cetak apa saja");
    assert!(!v.passed);
    assert_eq!(
        v.remarks[0],
        pesan::status_beda(pesan::dataset_label(false), false)
    );
    let label = pesan::bagian_keadaan("mahasiswa", false);
    assert_eq!(
        v.remarks[1],
        pesan::keadaan_dokumen_lebih(&label, &pesan::rekaman(false, "{ _id: 1 }"))
    );
    let twice = grade_answer(&l, "hapus-pertama\nhapus-pertama");
    assert_eq!(
        twice.remarks[1],
        pesan::keadaan_dokumen_hilang(&label, &pesan::rekaman(false, "{ _id: 2 }"))
    );
}

#[test]
fn the_last_statement_printing_the_keluaran_is_the_answer() {
    let l = lesson(ORDERED);
    let v = grade_answer(&l, "koleksi-terbalik\nkoleksi\ncetak lain");
    assert!(v.passed, "{v:?}");
    assert!(
        v.remarks.contains(&pesan::jawaban_dinilai(2, "koleksi")),
        "{v:?}"
    );
}

#[test]
fn without_a_match_the_last_printed_value_is_compared_and_named() {
    let v = grade_answer(&lesson(ORDERED), "koleksi-terbalik\nhapus-pertama");
    assert!(!v.passed);
    assert!(
        v.remarks
            .contains(&pesan::dibandingkan_dengan(1, "koleksi-terbalik")),
        "{v:?}"
    );
    assert!(v.remarks.contains(&pesan::hanya_urutan_beda()), "{v:?}");
}

#[test]
fn looking_around_costs_nothing_but_declarations_count() {
    let rules = "efisiensi = [{ aturan = \"tanpa-scan\" }]\n";
    let l = lesson(&format!("{rules}{ORDERED}"));
    // `koleksi-terbalik` stands for a findOne typed to look; `scan` for `const r = scan`.
    assert!(grade_answer(&l, "koleksi-terbalik\nkoleksi").passed);
    let v = grade_answer(&l, "scan\nkoleksi");
    assert!(!v.passed);
    assert_eq!(v.remarks[1], pesan::pernyataan_pelanggar(1, "scan"));
}

#[test]
fn reads_beyond_the_result_break_baca_seperlunya() {
    let rules = "efisiensi = [{ aturan = \"baca-seperlunya\", lebih = 2 }]\n";
    let l = lesson(&format!(
        "{rules}penilaian = \"keluaran\"\nsolusi = \"query\\nkoleksi\"\nkeluaran = \"\"\"\n[\n  {{ _id: 1, nama: 'Ani' }},\n  {{ _id: 2, nama: 'Budi' }},\n  {{ _id: 3, nama: 'Citra' }}\n]\n\"\"\"\n"
    ));
    // The fake Query returns 1 item after reading 3: 1 result + 2 more may be read.
    assert!(grade_answer(&l, "query\nkoleksi").passed);
    let v = grade_answer(&l, "query\nquery\nkoleksi");
    assert!(!v.passed);
    assert_eq!(v.remarks[0], pesan::efisiensi_baca(6, 1, 2, true));
}

#[test]
fn unknown_manifest_key_names_file_and_line() {
    let err = Manifest::parse(
        "format_version = 1\npelajaran = []\nbonus = 3\n",
        "lessons/kursus.toml",
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("lessons/kursus.toml baris 3:"), "{text}");
    assert!(text.contains("bonus"), "{text}");
}

#[test]
fn unknown_exercise_key_names_its_line() {
    let text = "format_version = 1\nid = \"x\"\njudul = \"J\"\nbab = \"x.md\"\nobjectid = \"6ae8992ef71ce5016d8de666\"\n\
                [dataset.utama]\n[dataset.varian]\n[[latihan]]\nid = \"a\"\njudul = \"A\"\nsoal = \"s\"\n\
                penilaian = \"keluaran\"\nsolusi = \"\"\nkeluaran = \"\"\npetunjukk = []\n";
    let err = LessonFile::parse(text, "lessons/x/pelajaran.toml", "x")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("lessons/x/pelajaran.toml baris 15:"),
        "{err}"
    );
    assert!(err.contains("petunjukk"), "{err}");
}

#[test]
fn unsupported_format_version_is_rejected() {
    let err = Manifest::parse("format_version = 2\npelajaran = []\n", "k.toml").unwrap_err();
    assert_eq!(
        err.to_string(),
        pesan::versi_format_tidak_dikenal("k.toml", 2, 1)
    );
}

#[test]
fn unknown_grading_mode_and_rule_are_rejected() {
    let bad_mode = "penilaian = \"kira-kira\"\nsolusi = \"\"\nkeluaran = \"\"\n";
    let text = format!(
        "format_version = 1\nid = \"x\"\njudul = \"J\"\nbab = \"x.md\"\nobjectid = \"6ae8992ef71ce5016d8de666\"\n\
         [dataset.utama]\n[dataset.varian]\n[[latihan]]\nid = \"a\"\njudul = \"A\"\nsoal = \"s\"\n{bad_mode}"
    );
    let err = LessonFile::parse(&text, "p.toml", "x")
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("p.toml baris 12:"), "{err}");
}
