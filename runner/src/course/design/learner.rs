//! The learner's side of a design exercise, as the REPL's dot-commands reach it:
//! the note naming the model file (written from the starter on first use),
//! `.sunting` and `.periksa`. Plain functions, so any REPL driver can call them.

use super::blueprint::Blueprint;
use super::grade::grade_model;
use super::starter;
use crate::course::catalog::ExerciseRef;
use crate::course::error::Result;
use crate::course::grade::Verdict;
use crate::course::shell_port::ShellFactory;
use crate::pesan::rancangan as pesan;
use std::path::{Path, PathBuf};

fn model_path(data_dir: &Path, e: ExerciseRef<'_>) -> PathBuf {
    starter::path(data_dir, &e.lesson.file.id, &e.exercise.id)
}

/// For a design exercise: writes the starter file if missing and says where it is.
pub fn note(data_dir: &Path, e: ExerciseRef<'_>) -> Option<String> {
    let spec = e.exercise.design()?;
    let path = model_path(data_dir, e);
    Some(match starter::ensure(&path, spec) {
        Ok(()) => pesan::berkas_rancangan(path.display()),
        Err(problem) => problem,
    })
}

/// `.sunting`: the model file in the learner's editor.
pub fn edit(data_dir: &Path, e: ExerciseRef<'_>) -> String {
    let Some(spec) = e.exercise.design() else {
        return pesan::BUKAN_RANCANGAN.to_string();
    };
    let path = model_path(data_dir, e);
    match starter::ensure(&path, spec) {
        Ok(()) => starter::edit(&path),
        Err(problem) => problem,
    }
}

/// The learner's model as it stands (the starter until changed), for a front end
/// with its own editor; `None` when `e` is not a design exercise.
pub fn model(data_dir: &Path, e: ExerciseRef<'_>) -> Option<std::result::Result<String, String>> {
    let spec = e.exercise.design()?;
    let path = model_path(data_dir, e);
    Some(starter::ensure(&path, spec).and_then(|_| starter::read(&path)))
}

/// Replaces the learner's model with `text`, as saving it in an editor does.
pub fn write_model(
    data_dir: &Path,
    e: ExerciseRef<'_>,
    text: &str,
) -> std::result::Result<(), String> {
    if e.exercise.design().is_none() {
        return Err(pesan::BUKAN_RANCANGAN.to_string());
    }
    let path = model_path(data_dir, e);
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|_| std::fs::write(&path, text));
    written.map_err(|e| pesan::berkas_tidak_tertulis(path.display(), e))
}

/// `.periksa` on a design exercise: the model file graded on fresh generated data.
pub fn check<F: ShellFactory>(
    factory: &F,
    data_dir: &Path,
    e: ExerciseRef<'_>,
) -> Result<Option<Verdict>> {
    let Some(spec) = e.exercise.design() else {
        return Ok(None);
    };
    let path = model_path(data_dir, e);
    let model = match starter::ensure(&path, spec).and_then(|_| starter::read(&path)) {
        Ok(model) => model,
        Err(problem) => return Ok(Some(failed(problem))),
    };
    let blueprint = Blueprint::build(factory, spec)?;
    Ok(Some(grade_model(
        factory,
        e.lesson.file.seed(),
        spec,
        &blueprint,
        &model,
    )))
}

fn failed(problem: String) -> Verdict {
    Verdict {
        passed: false,
        remarks: vec![problem],
        diff: None,
    }
}
