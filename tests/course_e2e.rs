//! The learner's flow through the real binary with piped input, against the real
//! lessons: solve the first exercise of every lesson with its reference solution, fail
//! one on purpose and read the Indonesian feedback, then see the progress in
//! `kursus daftar`. Also pins what bare `kursus` prints for piped input, the COLLSCAN
//! verdict and `kursus jalankan --pelajaran`.

use assert_cmd::Command;
use kursus::course::catalog::{Course, Lesson};
use kursus::course::items::items;
use kursus::course::lesson::Grading;
use kursus::pesan;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in runner/")
        .to_path_buf()
}

fn kursus(data: &Path) -> Command {
    let mut cmd = Command::cargo_bin("kursus").expect("the binary is built");
    cmd.env("KURSUS_DIR", repo_root())
        .env("KURSUS_DATA_DIR", data)
        .env("NO_COLOR", "1");
    cmd
}

/// (stdout, stderr) of `kursus --latihan ID` fed `input`.
fn session(data: &Path, exercise: &str, input: &str) -> (String, String) {
    let out = kursus(data)
        .args(["--latihan", exercise])
        .write_stdin(input.to_string())
        .output()
        .expect("kursus runs");
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn is_dynamodb(lesson: &Lesson) -> bool {
    lesson.file.id.starts_with("dynamodb")
}

/// Whether the shell has its DynamoDB client yet (`typeof dynamodb` is not `undefined`).
fn shell_has_dynamodb(data: &Path) -> bool {
    let out = kursus(data)
        .args(["jalankan", "-"])
        .write_stdin("typeof dynamodb\n")
        .output()
        .expect("kursus jalankan runs");
    String::from_utf8_lossy(&out.stdout).trim() != "undefined"
}

/// Types `use kampus` (as the chapters start) and the reference solution, then `.periksa`.
fn solve_first_exercise(data: &Path, lesson: &Lesson) -> String {
    let first = lesson
        .file
        .latihan
        .first()
        .expect("every lesson has exercises");
    let id = format!("{}/{}", lesson.file.id, first.id);
    let use_db = if is_dynamodb(lesson) {
        ""
    } else {
        "use kampus\n"
    };
    let input = format!("{use_db}{}\n.periksa\n", first.solusi.trim());
    let (out, err) = session(data, &id, &input);
    assert!(err.contains("Selamat datang di Kursus!"), "{id}: {err}");
    assert!(
        !out.contains("Selamat datang"),
        "{id}: welcome on stdout: {out}"
    );
    assert!(out.contains(pesan::LULUS), "{id}: {out}");
    assert!(out.contains("✓ Benar! Latihan ini selesai."), "{id}: {out}");
    id
}

#[test]
fn first_exercise_of_every_lesson_then_a_failure_then_the_list() {
    let course = Course::load(&repo_root()).expect("the real course loads");
    let data = tempfile::tempdir().expect("temp dir");
    let dynamo_ready = shell_has_dynamodb(data.path());
    let mut solved = Vec::new();
    for lesson in &course.lessons {
        if is_dynamodb(lesson) && !dynamo_ready {
            eprintln!(
                "DILEWATI: {} — `typeof dynamodb` is undefined, the shell has no DynamoDB client yet",
                lesson.file.id
            );
            continue;
        }
        solved.push(solve_first_exercise(data.path(), lesson));
    }
    let mongo_lessons = course.lessons.iter().filter(|l| !is_dynamodb(l)).count();
    assert!(mongo_lessons >= 2 && solved.len() >= mongo_lessons);

    let failed = fail_on_purpose(data.path(), &course.lessons[0]);

    let list = kursus(data.path())
        .arg("daftar")
        .output()
        .expect("daftar runs");
    let list = String::from_utf8_lossy(&list.stdout);
    for id in &solved {
        assert!(list.contains(&format!("[✓] {id}")), "{list}");
    }
    assert!(list.contains(&format!("[ ] {failed}")), "{list}");
    let total = course.exercises().count();
    assert!(
        list.contains(&format!("{}/{total} latihan", solved.len())),
        "{list}"
    );
}

/// A wrong answer to an unsolved output-graded exercise: the Indonesian feedback names
/// the dataset, the document counts and shows the diff; the solution stays locked.
fn fail_on_purpose(data: &Path, lesson: &Lesson) -> String {
    let second = lesson
        .file
        .latihan
        .iter()
        .skip(1)
        .find(|e| matches!(e.penilaian, Grading::Keluaran))
        .expect("the lesson has a second output-graded exercise");
    let id = format!("{}/{}", lesson.file.id, second.id);
    let (out, _) = session(data, &id, "print('salah')\n.periksa\n.solusi\n");
    assert!(
        out.contains("✗ Keluaran pada dataset utama belum sesuai dengan yang diharapkan."),
        "{out}"
    );
    assert!(
        out.contains("Perbedaan (- diharapkan, + keluaran Anda):"),
        "{out}"
    );
    let expected_items = items(&second.keluaran).len();
    if expected_items != 1 {
        assert!(
            out.contains(&format!(
                "Diharapkan {expected_items} dokumen, keluaran Anda berisi 1."
            )),
            "{out}"
        );
    }
    assert!(out.contains(pesan::SOLUSI_TERKUNCI), "{out}");
    assert!(!out.contains(pesan::LULUS), "{out}");
    id
}

#[test]
fn collscan_answer_is_right_but_not_efficient() {
    let data = tempfile::tempdir().expect("temp dir");
    let answer = "use kampus\n\
        db.mahasiswa.createIndex({ mataKuliahId: 1 })\n\
        db.mahasiswa.find({ $expr: { $in: ['TSA301', '$mataKuliahId'] } }, { _id: 1, nama: 1 })\n\
        .periksa\n";
    let (out, _) = session(data.path(), "banyak-ke-banyak/peserta-kuliah", answer);
    assert!(
        out.contains("hasilnya benar, tetapi query ini memindai seluruh koleksi (COLLSCAN)"),
        "{out}"
    );
    assert!(out.contains("`kampus.mahasiswa`"), "{out}");
    assert!(!out.contains(pesan::LULUS), "{out}");

    let fixed = ".ulang\nuse kampus\n\
        db.mahasiswa.createIndex({ mataKuliahId: 1 })\n\
        db.mahasiswa.find({ mataKuliahId: 'TSA301' }, { _id: 1, nama: 1 })\n\
        .periksa\n";
    let (out, _) = session(data.path(), "banyak-ke-banyak/peserta-kuliah", fixed);
    assert!(out.contains(pesan::LULUS), "{out}");
}

#[test]
fn piped_bare_kursus_prints_only_the_shell_output() {
    let data = tempfile::tempdir().expect("temp dir");
    kursus(data.path())
        .write_stdin("use kampus\n1+1\n")
        .assert()
        .success()
        // The exercise session already opens on the dataset's database.
        .stdout("already on db kampus\n2\n");
}

#[test]
fn unwritable_data_folder_still_opens_the_repl() {
    let data = tempfile::tempdir().expect("temp dir");
    let blocker = data.path().join("berkas");
    std::fs::write(&blocker, "bukan folder").expect("write");
    let out = kursus(&blocker.join("data"))
        .write_stdin("use kampus\n1+1\n")
        .output()
        .expect("kursus runs");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "already on db kampus\n2\n"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("kemajuan gagal disimpan"));
}

#[test]
fn jalankan_pelajaran_starts_from_the_lesson_dataset() {
    let data = tempfile::tempdir().expect("temp dir");
    let course = Course::load(&repo_root()).expect("the real course loads");
    let lesson = course
        .lessons
        .iter()
        .find(|l| !is_dynamodb(l))
        .expect("a MongoDB lesson");
    let mahasiswa = lesson
        .utama
        .collections
        .iter()
        .find(|c| c.name == "mahasiswa")
        .expect("the lesson has mahasiswa");
    let out = kursus(data.path())
        .args(["jalankan", "--pelajaran", &lesson.file.id, "-"])
        .write_stdin("db.mahasiswa.countDocuments()\ndb.getName()\n")
        .output()
        .expect("jalankan runs");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}\n{}\n", mahasiswa.docs.len(), mahasiswa.db)
    );
}

#[test]
fn jalankan_pelajaran_uses_the_lesson_objectid_seed() {
    let data = tempfile::tempdir().expect("temp dir");
    let course = Course::load(&repo_root()).expect("the real course loads");
    let lesson = &course.lessons[0];
    let seed = lesson.file.seed().expect("the lesson has an ObjectId seed");
    let out = kursus(data.path())
        .args(["jalankan", "--pelajaran", &lesson.file.id, "-"])
        .write_stdin("ObjectId().toHexString()\n")
        .output()
        .expect("jalankan runs");
    let hex: String = seed.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{hex}\n"));
}

#[test]
fn jalankan_unknown_pelajaran_fails() {
    let data = tempfile::tempdir().expect("temp dir");
    kursus(data.path())
        .args(["jalankan", "--pelajaran", "tidak-ada", "-"])
        .write_stdin("1\n")
        .assert()
        .failure();
}

#[test]
fn unknown_exercise_is_reported_in_indonesian() {
    let data = tempfile::tempdir().expect("temp dir");
    kursus(data.path())
        .args(["--latihan", "tidak/ada"])
        .assert()
        .failure()
        .stderr(predicates::str::contains(pesan::latihan_tidak_ada(
            "tidak/ada",
        )));
}

/// Looking around first (a `findOne`, an `explain`) costs nothing, and the verdict
/// names the statement it graded, counted as the learner typed them.
#[test]
fn explored_answer_passes_and_the_graded_statement_is_named() {
    let data = tempfile::tempdir().expect("temp dir");
    let answer = "use kampus\n\
        db.mahasiswa.findOne()\n\
        db.mahasiswa.find({ mataKuliahId: 'TSA301' }).explain('executionStats')\n\
        db.mahasiswa.createIndex({ mataKuliahId: 1 })\n\
        db.mahasiswa.find({ mataKuliahId: 'TSA301' }, { _id: 1, nama: 1 })\n\
        .periksa\n";
    let (out, _) = session(data.path(), "banyak-ke-banyak/peserta-kuliah", answer);
    assert!(out.contains(pesan::LULUS), "{out}");
    let graded = pesan::jawaban_dinilai(
        5,
        "db.mahasiswa.find({ mataKuliahId: 'TSA301' }, { _id: 1, nama…",
    );
    assert!(out.contains(&graded), "{out}");
}

/// Printing the index name and forcing the `_id` index is not using the index.
#[test]
fn printed_index_name_with_a_hint_fails_and_names_the_query() {
    let data = tempfile::tempdir().expect("temp dir");
    let answer = "use kampus\n\
        print('mataKuliahId_1')\n\
        db.mahasiswa.find({ mataKuliahId: 'TSA301' }, { _id: 1, nama: 1 }).hint({ _id: 1 })\n\
        .periksa\n";
    let (out, _) = session(data.path(), "banyak-ke-banyak/peserta-kuliah", answer);
    assert!(!out.contains(pesan::LULUS), "{out}");
    assert!(
        out.contains(&pesan::efisiensi_indeks_lain(
            "{ mataKuliahId: 1 }",
            "IXSCAN { _id: 1 }"
        )),
        "{out}"
    );
    assert!(out.contains("Pernyataan yang melanggar: ke-3"), "{out}");
}
