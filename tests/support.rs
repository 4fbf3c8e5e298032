//! Helpers shared by the end-to-end suites: the small fixture course and a way to
//! copy it somewhere a test may change it.

use std::path::{Path, PathBuf};

pub fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/kursus-mini")
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// `kursus periksa` on the course at `root`: whether it passed, and what it printed.
pub fn periksa(root: &Path, extra: &[&str]) -> (bool, String) {
    let out = assert_cmd::Command::cargo_bin("kursus")
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

/// The repository root, where the real course lives.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in runner/")
        .to_path_buf()
}

/// The real binary on the real course, keeping its progress in `data`.
pub fn kursus(data: &Path) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("kursus").expect("the binary is built");
    cmd.env("KURSUS_DIR", repo_root())
        .env("KURSUS_DATA_DIR", data)
        .env("NO_COLOR", "1");
    cmd
}

/// What `kursus --latihan EXERCISE` prints on stdout when `input` is piped in.
pub fn learner_session(data: &Path, exercise: &str, input: &str) -> String {
    let out = kursus(data)
        .args(["--latihan", exercise])
        .write_stdin(input.to_string())
        .output()
        .expect("kursus runs");
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The document engine through `run_command`, as the server answers.
pub mod engine {
    use bson::{Bson, Document};
    use kursus::engine::mongo::{Engine, MongoError};

    pub fn run(engine: &mut Engine, db: &str, command: Document) -> Document {
        match engine.run_command(db, command.clone()) {
            Ok(reply) => reply,
            Err(e) => panic!("command {command} failed: {e:?}"),
        }
    }

    pub fn fail(engine: &mut Engine, db: &str, command: Document) -> MongoError {
        match engine.run_command(db, command.clone()) {
            Ok(reply) => panic!("command {command} should fail, got {reply}"),
            Err(e) => e,
        }
    }

    pub fn first_batch(reply: &Document) -> Vec<Document> {
        reply
            .get_document("cursor")
            .and_then(|c| c.get_array("firstBatch"))
            .map(|b| b.iter().filter_map(|d| d.as_document().cloned()).collect())
            .unwrap_or_default()
    }

    pub fn write_errors(reply: &Document) -> Vec<Document> {
        reply
            .get_array("writeErrors")
            .map(|e| e.iter().filter_map(Bson::as_document).cloned().collect())
            .unwrap_or_default()
    }
}
