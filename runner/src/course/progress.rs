//! The learner's progress: a versioned JSON file in the data directory, replaced
//! atomically (temporary file in the same folder, fsync, rename) so a crash mid-write
//! never leaves a half-written file behind.

use super::error::{CourseError, Result};
use crate::pesan;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

/// 2 added saved work (`tersimpan`); a version-1 file is read as version 2 without it.
pub const FORMAT_VERSION: u32 = 2;
/// The oldest format this build still reads (and upgrades on its next save).
const OLDEST_FORMAT: u32 = 1;
const FILE_NAME: &str = "kemajuan.json";
/// Test hook: milliseconds to wait between writing the temporary file and renaming it.
const PAUSE_ENV: &str = "KURSUS_UJI_JEDA_TULIS";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    pub format_version: u32,
    /// The exercise the learner is on, `<pelajaran>/<latihan>`.
    #[serde(default)]
    pub aktif: Option<String>,
    /// Passed exercises.
    #[serde(default)]
    pub selesai: BTreeSet<String>,
    /// How many hints of each exercise have been shown.
    #[serde(default)]
    pub petunjuk: BTreeMap<String, usize>,
    /// What was typed in each exercise since it was last reset, kept across sessions.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tersimpan: BTreeMap<String, SavedWork>,
    /// Each chapter's quiz as answered so far, by chapter id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub kuis: BTreeMap<String, QuizRecord>,
}

/// One chapter's quiz: the questions (`bab/id`) last answered right and wrong, and
/// whether the answers were shown (which ends retrying, as in mdbook-quiz).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuizRecord {
    #[serde(default)]
    pub benar: BTreeSet<String>,
    #[serde(default)]
    pub salah: BTreeSet<String>,
    #[serde(default)]
    pub jawaban_dilihat: bool,
}

impl QuizRecord {
    pub fn note(&mut self, question: &str, correct: bool) {
        let (into, from) = if correct {
            (&mut self.benar, &mut self.salah)
        } else {
            (&mut self.salah, &mut self.benar)
        };
        from.remove(question);
        into.insert(question.to_string());
    }
}

/// The statements typed in one exercise, in order.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedWork {
    pub pernyataan: Vec<SavedStatement>,
    /// When the last statement was added (seconds since 1970), to keep the newest work
    /// when two copies of the progress are merged.
    #[serde(default)]
    pub diubah: u64,
}

/// One top-level statement as typed, and whether it was stopped before its end.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedStatement {
    pub kode: String,
    /// Stopped by Ctrl-C or a limit: neither restored nor graded.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dihentikan: bool,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            format_version: FORMAT_VERSION,
            aktif: None,
            selesai: BTreeSet::new(),
            petunjuk: BTreeMap::new(),
            tersimpan: BTreeMap::new(),
            kuis: BTreeMap::new(),
        }
    }
}

impl Progress {
    pub fn is_done(&self, full_id: &str) -> bool {
        self.selesai.contains(full_id)
    }

    /// Reads a progress file's text: this format or an older one (upgraded), else why not.
    pub fn parse(bytes: &[u8]) -> std::result::Result<Progress, Unusable> {
        let version = serde_json::from_slice::<Version>(bytes)
            .map_err(|_| Unusable::Corrupt)?
            .format_version;
        if !(OLDEST_FORMAT..=FORMAT_VERSION).contains(&version) {
            return Err(Unusable::OtherVersion);
        }
        let mut progress: Progress =
            serde_json::from_slice(bytes).map_err(|_| Unusable::Corrupt)?;
        // Version 1 differs only by lacking `tersimpan`, which defaults to empty.
        progress.format_version = FORMAT_VERSION;
        Ok(progress)
    }

    /// Adds a statement to an exercise's saved work.
    pub fn save_statement(&mut self, exercise: &str, statement: SavedStatement) {
        let work = self.tersimpan.entry(exercise.to_string()).or_default();
        work.pernyataan.push(statement);
        work.diubah = now_secs();
    }
}

/// Only the version, read first so that a newer file is told apart from a broken one.
#[derive(Deserialize)]
struct Version {
    format_version: u32,
}

fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Why a progress file could not be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unusable {
    Corrupt,
    OtherVersion,
}

/// A progress file set aside on load: where its backup went, or why it could not.
#[derive(Debug)]
pub struct SetAside {
    pub file: PathBuf,
    pub why: Unusable,
    pub backup: PathBuf,
    /// The rename's error when the backup could not be made.
    pub failed: Option<std::io::Error>,
}

impl std::fmt::Display for SetAside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (file, backup) = (self.file.display(), self.backup.display());
        let other_version = self.why == Unusable::OtherVersion;
        let text = match &self.failed {
            None if other_version => pesan::kemajuan_versi_baru(file, backup),
            None => pesan::kemajuan_rusak(file, backup),
            Some(e) => pesan::kemajuan_tanpa_cadangan(file, other_version, backup, e),
        };
        f.write_str(&text)
    }
}

/// Where the progress file lives.
#[derive(Debug, Clone)]
pub struct ProgressStore {
    path: PathBuf,
}

/// The data directory: `--data-dir`, else `KURSUS_DATA_DIR`, else the platform's.
pub fn data_dir(flag: Option<&Path>) -> PathBuf {
    if let Some(dir) = flag {
        return dir.to_path_buf();
    }
    if let Some(dir) = std::env::var_os("KURSUS_DATA_DIR") {
        return PathBuf::from(dir);
    }
    dirs::data_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("kursus")
}

impl ProgressStore {
    pub fn new(data_dir: &Path) -> ProgressStore {
        ProgressStore {
            path: data_dir.join(FILE_NAME),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the progress; a missing file is a fresh start, and an unreadable or
    /// foreign one is set aside as a backup (the returned note says where, or that
    /// the backup failed).
    pub fn load(&self) -> (Progress, Option<String>) {
        let Ok(bytes) = std::fs::read(&self.path) else {
            return (Progress::default(), None);
        };
        let why = match Progress::parse(&bytes) {
            Ok(progress) => return (progress, None),
            Err(why) => why,
        };
        let note = self.set_aside(why, &self.backup_path());
        (Progress::default(), Some(note.to_string()))
    }

    /// The progress as stored, or `None` when there is none or it cannot be read; unlike
    /// [`ProgressStore::load`] it never sets a bad file aside.
    pub fn peek(&self) -> Option<Progress> {
        let bytes = std::fs::read(&self.path).ok()?;
        Progress::parse(&bytes).ok()
    }

    fn backup_path(&self) -> PathBuf {
        let stamp = now_secs();
        self.path.with_extension(format!("json.cadangan-{stamp}"))
    }

    fn set_aside(&self, why: Unusable, backup: &Path) -> SetAside {
        SetAside {
            file: self.path.clone(),
            why,
            backup: backup.to_path_buf(),
            failed: std::fs::rename(&self.path, backup).err(),
        }
    }

    /// Replaces the file atomically.
    pub fn save(&self, progress: &Progress) -> Result<()> {
        self.write_atomically(progress)
            .map_err(|cause| CourseError::ProgressSave {
                path: self.path.clone(),
                cause,
            })
    }

    fn write_atomically(&self, progress: &Progress) -> std::io::Result<()> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir)?;
        let temp = dir.join(format!("{FILE_NAME}.{}.tmp", writer_tag()));
        let mut json = serde_json::to_vec_pretty(progress).map_err(std::io::Error::other)?;
        json.push(b'\n');
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(&json)?;
        file.sync_all()?;
        drop(file);
        pause_for_tests();
        std::fs::rename(&temp, &self.path)?;
        sync_dir(dir);
        Ok(())
    }
}

/// Tells apart the temporary files of two processes saving at once.
#[cfg(not(target_family = "wasm"))]
fn writer_tag() -> u32 {
    std::process::id()
}

/// A WebAssembly instance has no process id (std panics asking) and is the only writer
/// of its data folder.
#[cfg(target_family = "wasm")]
fn writer_tag() -> u32 {
    0
}

fn pause_for_tests() {
    let millis = std::env::var(PAUSE_ENV)
        .ok()
        .and_then(|v| v.parse::<u64>().ok());
    if let Some(ms) = millis {
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }
}

/// Makes the rename itself durable where the platform allows syncing a directory.
fn sync_dir(dir: &Path) {
    if let Ok(handle) = std::fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store_with(text: &str) -> (tempfile::TempDir, ProgressStore) {
        let dir = tempfile::tempdir().unwrap();
        let store = ProgressStore::new(dir.path());
        std::fs::write(store.path(), text).unwrap();
        (dir, store)
    }

    #[test]
    fn a_corrupt_file_is_backed_up_and_the_note_says_where() {
        let (dir, store) = store_with("{ rusak");
        let (progress, note) = store.load();
        assert_eq!(progress, Progress::default());
        let backups: Vec<PathBuf> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(backups.len(), 1, "{backups:?}");
        assert_eq!(std::fs::read_to_string(&backups[0]).unwrap(), "{ rusak");
        let expected = pesan::kemajuan_rusak(store.path().display(), backups[0].display());
        assert_eq!(note.as_deref(), Some(expected.as_str()));
    }

    #[test]
    fn a_version_1_file_loads_with_nothing_lost_and_is_upgraded() {
        let v1 = r#"{
  "format_version": 1,
  "aktif": "embedding-referencing/cari-kota",
  "selesai": ["embedding-referencing/profil"],
  "petunjuk": { "embedding-referencing/cari-kota": 2 }
}"#;
        let (dir, store) = store_with(v1);
        let (progress, note) = store.load();
        assert_eq!(note, None);
        assert_eq!(progress.format_version, FORMAT_VERSION);
        assert_eq!(
            progress.aktif.as_deref(),
            Some("embedding-referencing/cari-kota")
        );
        assert!(progress.is_done("embedding-referencing/profil"));
        assert_eq!(progress.petunjuk["embedding-referencing/cari-kota"], 2);
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no backup"
        );
        store.save(&progress).unwrap();
        assert_eq!(store.load().0, progress);
    }

    #[test]
    fn saved_work_round_trips() {
        let (_dir, store) = store_with("{\"format_version\": 2}");
        let mut progress = store.load().0;
        let typed = |kode: &str, dihentikan| SavedStatement {
            kode: kode.to_string(),
            dihentikan,
        };
        progress.save_statement("a/b", typed("const x = 1", false));
        progress.save_statement("a/b", typed("while (true) {}", true));
        store.save(&progress).unwrap();
        let back = store.load().0;
        assert_eq!(back.tersimpan["a/b"].pernyataan.len(), 2);
        assert!(back.tersimpan["a/b"].pernyataan[1].dihentikan);
        assert_eq!(back, progress);
    }

    #[test]
    fn a_failed_backup_is_not_reported_as_saved() {
        let (dir, store) = store_with("{\"format_version\": 99}");
        // A non-empty folder in the backup's place makes the rename fail.
        let backup = dir.path().join("cadangan");
        std::fs::create_dir_all(backup.join("isi")).unwrap();
        let note = store.set_aside(Unusable::OtherVersion, &backup);
        let failure = note.failed.as_ref().expect("the rename fails");
        let text = note.to_string();
        let cause = failure.to_string();
        let claimed = pesan::kemajuan_versi_baru(store.path().display(), backup.display());
        assert_ne!(text, claimed);
        assert_eq!(
            text,
            pesan::kemajuan_tanpa_cadangan(store.path().display(), true, backup.display(), cause)
        );
        assert!(store.path().exists(), "the original file stays in place");
    }
}
