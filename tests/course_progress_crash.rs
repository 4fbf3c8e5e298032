//! The progress file survives a crash in the middle of a write: the process is killed
//! after the temporary file is written and before it replaces the old one.

use kursus::course::progress::{Progress, ProgressStore};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn temp_file_in(dir: &Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "tmp"))
}

fn wait_for_temp_file(dir: &Path) -> PathBuf {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if let Some(p) = temp_file_in(dir) {
            return p;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("the writer never paused between temp write and rename");
}

#[test]
fn killed_mid_write_keeps_every_completed_exercise() {
    let data = tempfile::tempdir().unwrap();
    let store = ProgressStore::new(data.path());
    let mut before = Progress::default();
    before
        .selesai
        .insert("embedding-referencing/contoh-a".into());
    before.selesai.insert("banyak-ke-banyak/contoh-b".into());
    store.save(&before).unwrap();

    let mut child = Command::new(env!("CARGO_BIN_EXE_kursus"))
        .args(["--data-dir"])
        .arg(data.path())
        .env("KURSUS_DIR", repo_root())
        .env("KURSUS_UJI_JEDA_TULIS", "30000")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let temp = wait_for_temp_file(data.path());
    child.kill().unwrap();
    child.wait().unwrap();

    assert!(temp.exists(), "the kill happened before the rename");
    let (after, note) = store.load();
    assert_eq!(note, None, "the file is still readable");
    assert!(before.selesai.is_subset(&after.selesai), "{after:?}");

    // A later run writes normally over the leftover temporary file.
    store.save(&after).unwrap();
    assert_eq!(store.load().0, after);
}

#[test]
fn corrupt_file_is_backed_up_and_replaced() {
    let data = tempfile::tempdir().unwrap();
    let store = ProgressStore::new(data.path());
    std::fs::write(store.path(), "{ bukan json").unwrap();
    let (progress, note) = store.load();
    assert_eq!(progress, Progress::default());
    let note = note.expect("the learner is told");
    assert!(note.contains("tidak dapat dibaca"), "{note}");
    let backups: Vec<_> = std::fs::read_dir(data.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("cadangan"))
        .collect();
    assert_eq!(backups.len(), 1);
    assert_eq!(
        std::fs::read_to_string(backups[0].path()).unwrap(),
        "{ bukan json"
    );
}

#[test]
fn newer_format_version_is_set_aside() {
    let data = tempfile::tempdir().unwrap();
    let store = ProgressStore::new(data.path());
    std::fs::write(store.path(), r#"{"format_version": 99, "selesai": []}"#).unwrap();
    let (progress, note) = store.load();
    assert_eq!(progress, Progress::default());
    assert!(note.unwrap().contains("versi kursus yang lain"));
}
