//! The WebAssembly bundle (`cargo xtask web`, into `target/web/`) under Node: the same
//! input, typed into a session of the bundle's API, prints what the native binary prints.
//!
//! Without the bundle (or without `node`) the tests skip and say how to get it; with
//! `KURSUS_KLIEN_WAJIB=1` (as in CI) they fail instead.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use kursus::course::{chapter, check, sample_answers, Course};

use super::support::{kursus, learner_session, repo_root};

/// `KURSUS_WEB_DIR`, else `web/` in the target folder this test binary was built into.
fn bundle_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("KURSUS_WEB_DIR") {
        return PathBuf::from(dir);
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    // <target>/<profile>/deps/e2e-<hash>
    let target = exe.ancestors().nth(3).expect("under a target folder");
    target.join("web")
}

/// The bundle's glue module, or `None` when the test is to be skipped.
fn required_bundle() -> Option<PathBuf> {
    let dir = bundle_dir();
    let glue = dir.join("kursus.mjs");
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let missing = if !dir.join("kursus.wasm").is_file() || !glue.is_file() {
        format!(
            "bundel WebAssembly tidak ada di {}: bangun dengan `cargo xtask web`",
            dir.display()
        )
    } else if !node {
        "node tidak ditemukan di PATH".to_string()
    } else {
        return Some(glue);
    };
    assert!(
        std::env::var("KURSUS_KLIEN_WAJIB").as_deref() != Ok("1"),
        "{missing}"
    );
    eprintln!("dilewati: {missing}");
    None
}

/// A console of the bundle under Node: how it is opened, where its files are.
#[derive(Default)]
struct Web<'a> {
    /// The `open` request's options as JSON (`None`: a plain shell).
    open: Option<String>,
    data: Option<&'a Path>,
    /// A design model handed over as text before the input.
    model: Option<&'a Path>,
}

impl Web<'_> {
    fn exercise<'a>(id: &str, data: &'a Path) -> Web<'a> {
        Web {
            open: Some(serde_json::json!({ "latihan": id }).to_string()),
            data: Some(data),
            model: None,
        }
    }

    /// What the console prints on standard output for `input` typed line by line.
    fn session(&self, glue: &Path, input: &str) -> String {
        let mut node = node_script("repl.mjs", glue);
        node.args(self.open.as_deref().or(self.data.map(|_| "{}")))
            .args(self.data);
        if let Some(model) = self.model {
            node.env("KURSUS_MODEL", model);
        }
        run_node(node, input)
    }
}

fn node_script(script: &str, glue: &Path) -> Command {
    let mut node = Command::new("node");
    node.arg("--no-warnings")
        .arg(repo_root().join("tests/web").join(script))
        .arg(glue);
    node
}

fn run_node(mut node: Command, input: &str) -> String {
    node.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = node.spawn().expect("node runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("piped");
        stdin
            .write_all(input.as_bytes())
            .expect("node reads its input");
    }
    let out = child.wait_with_output().expect("node finishes");
    assert!(
        out.status.success(),
        "node failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

fn web_session(glue: &Path, exercise: Option<&str>, input: &str) -> String {
    let data = tempfile::tempdir().unwrap();
    match exercise {
        Some(id) => Web::exercise(id, data.path()).session(glue, input),
        None => Web::default().session(glue, input),
    }
}

const PLAIN: &str = r#"use kampus
db.mahasiswa.insertMany([
  { _id: 1, nama: "Ani", kota: "Bandung", ipk: 3.5, kuliah: ["basis data", "jaringan"] },
  { _id: 2, nama: "Budi", kota: "Medan", ipk: 3.1, kuliah: ["basis data"] }
])
db.mahasiswa.createIndex({ kota: 1 })
db.mahasiswa.find({ kota: "Bandung" }, { _id: 0, nama: 1 })
db.mahasiswa.aggregate([{ $unwind: "$kuliah" }, { $group: { _id: "$kuliah", n: { $sum: 1 } } }, { $sort: { _id: 1 } }])
if (true)
  print("dua baris")
new Date(0).toISOString()
db.mahasiswa.find({ $where: 1 })
show collections
"#;

#[test]
fn a_plain_session_prints_what_the_native_shell_prints() {
    let Some(glue) = required_bundle() else {
        return;
    };
    let data = tempfile::tempdir().unwrap();
    let native = kursus(data.path())
        .args(["jalankan", "-"])
        .write_stdin(PLAIN)
        .output()
        .expect("kursus runs");
    let native = String::from_utf8(native.stdout).unwrap();
    assert!(native.contains("switched to db kampus"), "{native}");
    assert_eq!(web_session(&glue, None, PLAIN), native);
}

#[test]
fn an_exercise_session_starts_on_the_lesson_data() {
    let Some(glue) = required_bundle() else {
        return;
    };
    let cases = [
        (
            "embedding-referencing/cari-kota",
            "db.mahasiswa.find({ \"alamat.kota\": \"Bandung\" }, { _id: 0, nama: 1, nim: 1 }).sort({ nim: 1 })\n\
             db.mahasiswa.countDocuments()\n",
        ),
        (
            "dynamodb-satu-ke-banyak/metadata-workspace",
            "dynamodb.getItem({\n  TableName: 'AppData',\n  Key: { EntityRef: { S: 'WS#globex' }, Detail: { S: 'META' } },\n  ProjectionExpression: '#n, settings.theme',\n  ExpressionAttributeNames: { '#n': 'name' }\n})\n",
        ),
    ];
    for (exercise, input) in cases {
        let data = tempfile::tempdir().unwrap();
        let native = learner_session(data.path(), exercise, input);
        assert!(!native.trim().is_empty(), "{exercise}: no native output");
        assert_eq!(
            web_session(&glue, Some(exercise), input),
            native,
            "{exercise}"
        );
    }
}

fn course() -> Course {
    Course::load(&repo_root()).expect("the course loads")
}

/// Every chapter with its examples, as `kursus periksa` runs them: a lesson's chapter in
/// its `--bab` console, the book's other pages in a plain one.
fn chapters(course: &Course) -> Vec<(String, serde_json::Value, Vec<chapter::Example>)> {
    let mut chapters = Vec::new();
    let mut lesson_pages = Vec::new();
    for lesson in &course.lessons {
        let path = course.chapter_path(lesson);
        let open = serde_json::json!({ "bab": lesson.file.id });
        chapters.push((path.display().to_string(), open, examples(&path)));
        lesson_pages.push(path);
    }
    for path in check::markdown_files(&repo_root().join("book/src")) {
        if !lesson_pages.contains(&path) {
            let examples = examples(&path);
            if !examples.is_empty() {
                chapters.push((path.display().to_string(), serde_json::json!({}), examples));
            }
        }
    }
    chapters
}

fn examples(path: &Path) -> Vec<chapter::Example> {
    chapter::examples(&std::fs::read_to_string(path).expect("the chapter reads"))
}

#[test]
fn every_book_example_prints_what_periksa_accepts() {
    let Some(glue) = required_bundle() else {
        return;
    };
    let course = course();
    let chapters = chapters(&course);
    let request: Vec<serde_json::Value> = chapters
        .iter()
        .map(|(_, open, examples)| {
            let codes: Vec<&str> = examples.iter().map(|e| e.code.body.as_str()).collect();
            serde_json::json!({ "open": open, "codes": codes })
        })
        .collect();
    let printed = run_node(
        node_script("examples.mjs", &glue),
        &serde_json::Value::from(request).to_string(),
    );
    let printed: Vec<Vec<String>> = serde_json::from_str(&printed).expect("JSON outputs");
    let mut count = 0;
    for ((name, _, examples), outputs) in chapters.iter().zip(printed) {
        assert_eq!(examples.len(), outputs.len(), "{name}");
        for (example, output) in examples.iter().zip(outputs) {
            let expected = example
                .expected
                .as_ref()
                .expect("every example has its output");
            let expected = kursus::course::grade::trim_output(&expected.body);
            assert_eq!(output, expected, "{name}, line {}", example.code.open + 1);
            count += 1;
        }
    }
    assert!(count >= 50, "only {count} examples were found");
}

#[test]
fn an_exercise_of_each_lesson_gets_the_terminal_verdicts() {
    let Some(glue) = required_bundle() else {
        return;
    };
    let course = course();
    for lesson in &course.lessons {
        let samples = sample_answers::load(lesson).expect("the wrong answers load");
        let (exercise, wrong) = lesson
            .file
            .latihan
            .iter()
            .filter(|e| e.design().is_none())
            .find_map(|e| {
                let s = samples.iter().find(|s| s.id == e.id)?;
                Some((e, s.salah.first()?))
            })
            .expect("a query exercise with a wrong answer");
        let id = format!("{}/{}", lesson.file.id, exercise.id);
        for (answer, right) in [(&exercise.solusi, true), (&wrong.jawaban, false)] {
            let input = format!("{}\n.periksa\n", answer.trim_end());
            let native_data = tempfile::tempdir().unwrap();
            let native = learner_session(native_data.path(), &id, &input);
            let web_data = tempfile::tempdir().unwrap();
            let web = Web::exercise(&id, web_data.path()).session(&glue, &input);
            assert_eq!(
                native.contains(kursus::pesan::LULUS),
                right,
                "{id}: {native}"
            );
            assert_eq!(web, native, "{id}");
        }
    }
}

#[test]
fn design_models_get_the_terminal_verdicts() {
    let Some(glue) = required_bundle() else {
        return;
    };
    let course = course();
    let mut graded = 0;
    for e in course.exercises().filter(|e| e.exercise.design().is_some()) {
        let samples = sample_answers::load(e.lesson).expect("the wrong answers load");
        let flawed = samples
            .iter()
            .find(|s| s.id == e.exercise.id)
            .and_then(|s| s.salah.first())
            .expect("a flawed model");
        for model in [&e.exercise.solusi, &flawed.jawaban] {
            let native_data = tempfile::tempdir().unwrap();
            let file = native_data
                .path()
                .join("rancangan")
                .join(&e.lesson.file.id)
                .join(format!("{}.js", e.exercise.id));
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, model).unwrap();
            let native = learner_session(native_data.path(), &e.full_id(), ".periksa\n");
            let web_data = tempfile::tempdir().unwrap();
            let web = Web {
                model: Some(&file),
                ..Web::exercise(&e.full_id(), web_data.path())
            };
            assert_eq!(web.session(&glue, ".periksa\n"), native, "{}", e.full_id());
            graded += 1;
        }
    }
    assert!(graded >= 4, "only {graded} design models were graded");
}

#[test]
fn progress_moves_between_the_browser_and_the_terminal_intact() {
    let Some(glue) = required_bundle() else {
        return;
    };
    let course = course();
    let mut query = course.exercises().filter(|e| e.exercise.design().is_none());
    let (passed, hinted) = (query.next().unwrap(), query.next().unwrap());
    let web_data = tempfile::tempdir().unwrap();
    let solved = format!("{}\n.periksa\n", passed.exercise.solusi.trim_end());
    Web::exercise(&passed.full_id(), web_data.path()).session(&glue, &solved);
    let worked = ".petunjuk\n.petunjuk\ndb.getName()\n";
    Web::exercise(&hinted.full_id(), web_data.path()).session(&glue, worked);
    let progress = |data: &Path| {
        let out = run_node(
            {
                let mut node = node_script("progress.mjs", &glue);
                node.arg(data).arg("ekspor");
                node
            },
            "",
        );
        serde_json::from_str::<serde_json::Value>(&out).expect("progress JSON")
    };
    let exported = progress(web_data.path());
    assert_eq!(exported["selesai"], serde_json::json!([passed.full_id()]));
    assert_eq!(exported["petunjuk"][hinted.full_id()], 2);
    assert_eq!(
        exported["tersimpan"][hinted.full_id()]["pernyataan"][0]["kode"],
        "db.getName()"
    );
    let files = tempfile::tempdir().unwrap();
    let from_web = files.path().join("dari-peramban.json");
    std::fs::write(&from_web, exported.to_string()).unwrap();
    let native_data = tempfile::tempdir().unwrap();
    kursus(native_data.path())
        .args(["daftar", "--impor"])
        .arg(&from_web)
        .assert()
        .success();
    let from_terminal = files.path().join("dari-terminal.json");
    kursus(native_data.path())
        .args(["daftar", "--ekspor"])
        .arg(&from_terminal)
        .assert()
        .success();
    let terminal: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&from_terminal).unwrap()).unwrap();
    assert_eq!(terminal, exported, "the terminal kept everything");
    let back = tempfile::tempdir().unwrap();
    let mut import = node_script("progress.mjs", &glue);
    import.arg(back.path()).arg("impor").arg(&from_terminal);
    let message = run_node(import, "");
    let saved = exported["tersimpan"].as_object().map_or(0, |t| t.len());
    assert_eq!(
        message.trim_end(),
        kursus::pesan::impor_selesai(1, 1, saved)
    );
    assert_eq!(
        progress(back.path()),
        exported,
        "the browser got it all back"
    );
}
