//! `lessons/<id>/pelajaran.toml`: one lesson, its datasets and its exercises.

use super::error::{CourseError, Result};
use super::toml_file;
use serde::Deserialize;
use std::path::Path;

pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    pub format_version: u32,
    pub id: String,
    pub judul: String,
    /// Chapter file under `book/src/`.
    pub bab: String,
    /// ObjectId seed (24 hex digits) for the chapter's examples and for grading.
    pub objectid: String,
    pub dataset: Datasets,
    #[serde(default)]
    pub latihan: Vec<Exercise>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Datasets {
    /// What every exercise starts from.
    pub utama: DatasetFiles,
    /// Same shape, different data: grading replays the answer here too.
    pub varian: DatasetFiles,
}

#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatasetFiles {
    #[serde(default)]
    pub mongo: Vec<MongoFile>,
    #[serde(default)]
    pub dynamodb: Vec<DynamoFile>,
}

/// One collection as an Extended JSON array (mongoexport --jsonArray).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MongoFile {
    pub db: String,
    pub koleksi: String,
    pub berkas: String,
}

/// One table: CreateTable request JSON plus an array of typed items.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DynamoFile {
    pub tabel: String,
    #[serde(default)]
    pub item: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    pub id: String,
    pub judul: String,
    pub soal: String,
    pub penilaian: Grading,
    /// For `penilaian = "status"`: the script whose output shows the resulting state.
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub efisiensi: Vec<Rule>,
    #[serde(default)]
    pub petunjuk: Vec<String>,
    pub solusi: String,
    /// What the solution prints on `utama` (for `status`: what the status script prints).
    pub keluaran: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grading {
    Keluaran,
    KeluaranTanpaUrutan,
    Status,
}

#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(tag = "aturan", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Rule {
    /// No query of the answer may be a COLLSCAN.
    PakaiIndeks,
    /// Exactly one DynamoDB Query.
    SatuQuery,
    /// No DynamoDB Scan.
    TanpaScan,
    /// At most `nilai` read capacity units over all DynamoDB requests.
    MaksRcu { nilai: f64 },
}

impl LessonFile {
    /// Reads and validates `dir/pelajaran.toml`; `expected_id` is the folder name.
    pub fn load(dir: &Path, expected_id: &str) -> Result<LessonFile> {
        let path = dir.join("pelajaran.toml");
        let name = path.display().to_string();
        let lesson: LessonFile = toml_file::read(&path)?;
        lesson.validate(&name, expected_id)?;
        Ok(lesson)
    }

    pub fn parse(text: &str, name: &str, expected_id: &str) -> Result<LessonFile> {
        let lesson: LessonFile = toml_file::parse(text, name)?;
        lesson.validate(name, expected_id)?;
        Ok(lesson)
    }

    fn validate(&self, name: &str, expected_id: &str) -> Result<()> {
        toml_file::check_version(name, self.format_version, FORMAT_VERSION)?;
        if self.id != expected_id {
            return Err(CourseError::LessonIdMismatch {
                file: name.into(),
                id: self.id.clone(),
                folder: expected_id.to_string(),
            });
        }
        parse_seed(&self.objectid).ok_or_else(|| CourseError::BadObjectId {
            file: name.into(),
            hex: self.objectid.clone(),
        })?;
        self.latihan.iter().try_for_each(|ex| ex.validate(name))
    }

    /// The ObjectId seed as bytes (validated on load).
    pub fn seed(&self) -> Option<[u8; 12]> {
        parse_seed(&self.objectid)
    }
}

impl Exercise {
    fn validate(&self, name: &str) -> Result<()> {
        let needs_status = self.penilaian == Grading::Status;
        if needs_status && self.status.as_deref().is_none_or(|s| s.trim().is_empty()) {
            return Err(CourseError::StatusWithoutScript {
                file: name.into(),
                exercise: self.id.clone(),
            });
        }
        Ok(())
    }
}

/// 24 hex digits to 12 bytes, read by bson's own ObjectId parser.
pub fn parse_seed(hex: &str) -> Option<[u8; 12]> {
    bson::oid::ObjectId::parse_str(hex)
        .ok()
        .map(|oid| oid.bytes())
}

#[cfg(test)]
mod tests {
    use super::parse_seed;

    #[test]
    fn seeds_are_read_as_object_ids() {
        let seed = parse_seed("65a1f0c2e4b0a1b2c3d4e5f6");
        assert_eq!(
            seed,
            Some([0x65, 0xa1, 0xf0, 0xc2, 0xe4, 0xb0, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6])
        );
        assert_eq!(parse_seed("65A1F0C2E4B0A1B2C3D4E5F6"), seed);
    }

    #[test]
    fn malformed_seeds_are_refused() {
        for bad in [
            "",
            "65a1f0c2e4b0a1b2c3d4e5f",
            "65a1f0c2e4b0a1b2c3d4e5fg",
            "+5a1f0c2e4b0a1b2c3d4e5f6",
        ] {
            assert_eq!(parse_seed(bad), None, "{bad}");
        }
    }
}
