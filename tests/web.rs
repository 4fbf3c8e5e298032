//! The WebAssembly bundle (`cargo xtask web`, into `target/web/`) under Node: the same
//! input, typed into a session of the bundle's API, prints what the native binary prints.
//!
//! Without the bundle (or without `node`) the tests skip and say how to get it; with
//! `KURSUS_KLIEN_WAJIB=1` (as in CI) they fail instead.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

/// What the bundle prints for `input` typed into a plain session, or the exercise's.
fn web_session(glue: &Path, exercise: Option<&str>, input: &str) -> String {
    let mut node = Command::new("node");
    node.arg("--no-warnings")
        .arg(repo_root().join("tests/web/repl.mjs"))
        .arg(glue)
        .args(exercise)
        .stdin(Stdio::piped())
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
        "node failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
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
