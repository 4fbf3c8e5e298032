//! The learner's progress: a versioned JSON file in the data directory, replaced
//! atomically (temporary file in the same folder, fsync, rename) so a crash mid-write
//! never leaves a half-written file behind.

use super::error::{CourseError, Result};
use crate::pesan;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

pub const FORMAT_VERSION: u32 = 1;
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
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            format_version: FORMAT_VERSION,
            aktif: None,
            selesai: BTreeSet::new(),
            petunjuk: BTreeMap::new(),
        }
    }
}

impl Progress {
    pub fn is_done(&self, full_id: &str) -> bool {
        self.selesai.contains(full_id)
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
    /// foreign one is set aside as a backup (the returned note says where).
    pub fn load(&self) -> (Progress, Option<String>) {
        let Ok(bytes) = std::fs::read(&self.path) else {
            return (Progress::default(), None);
        };
        match serde_json::from_slice::<Progress>(&bytes) {
            Ok(p) if p.format_version == FORMAT_VERSION => (p, None),
            Ok(_) => (
                Progress::default(),
                Some(self.set_aside(pesan::kemajuan_versi_baru)),
            ),
            Err(_) => (
                Progress::default(),
                Some(self.set_aside(pesan::kemajuan_rusak)),
            ),
        }
    }

    fn set_aside(&self, message: fn(String, String) -> String) -> String {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let backup = self.path.with_extension(format!("json.cadangan-{stamp}"));
        let _ = std::fs::rename(&self.path, &backup);
        message(
            self.path.display().to_string(),
            backup.display().to_string(),
        )
    }

    /// Replaces the file atomically.
    pub fn save(&self, progress: &Progress) -> Result<()> {
        self.write_atomically(progress)
            .map_err(|e| CourseError::Kemajuan(pesan::kemajuan_gagal_ditulis(e)))
    }

    fn write_atomically(&self, progress: &Progress) -> std::io::Result<()> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir)?;
        let temp = dir.join(format!("{FILE_NAME}.{}.tmp", std::process::id()));
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
