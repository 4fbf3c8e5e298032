//! `lessons/<id>/uji.toml`: answers the grader must judge rightly. Every `salah`
//! answer must fail with feedback containing `memuat`; every `benar` answer must pass
//! (with feedback containing its `memuat`, when it has one).
//! `kursus periksa` runs them all, so the grader tests itself.

use super::catalog::Lesson;
use super::error::{CourseError, Result};
use super::toml_file;
use serde::Deserialize;
use std::path::Path;

pub const FILE_NAME: &str = "uji.toml";

#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SampleFile {
    pub format_version: u32,
    #[serde(default)]
    pub latihan: Vec<Samples>,
}

/// The sample answers of one exercise.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Samples {
    /// The exercise id within the lesson.
    pub id: String,
    #[serde(default)]
    pub salah: Vec<WrongAnswer>,
    #[serde(default)]
    pub benar: Vec<RightAnswer>,
    /// Generated wrong answers (see `mutant`) that are in fact right, with why.
    #[serde(default)]
    pub setara: Vec<Equivalent>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Equivalent {
    /// The mutant's name as `kursus periksa` prints it.
    pub mutan: String,
    pub alasan: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrongAnswer {
    pub jawaban: String,
    /// A piece of text the feedback must contain.
    pub memuat: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RightAnswer {
    pub jawaban: String,
    /// A piece of text the passing feedback must contain, when it says more than
    /// that the answer passed.
    #[serde(default)]
    pub memuat: Option<String>,
}

/// The lesson's sample answers; none when it has no `uji.toml`. An exercise id the
/// lesson does not have is an error.
pub fn load(lesson: &Lesson) -> Result<Vec<Samples>> {
    let path = lesson.dir.join(FILE_NAME);
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let file: SampleFile = toml_file::read(&path)?;
    validate(&file, lesson, &path)?;
    Ok(file.latihan)
}

fn validate(file: &SampleFile, lesson: &Lesson, path: &Path) -> Result<()> {
    let name = path.display().to_string();
    toml_file::check_version(&name, file.format_version, 1)?;
    let unknown = file
        .latihan
        .iter()
        .find(|s| !lesson.file.latihan.iter().any(|e| e.id == s.id));
    match unknown {
        Some(s) => Err(CourseError::UnknownSampleExercise {
            file: path.to_path_buf(),
            exercise: s.id.clone(),
        }),
        None => Ok(()),
    }
}
