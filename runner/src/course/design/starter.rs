//! The learner's model file: written from the exercise's starter text (with its
//! TODOs) into the data folder the first time the exercise is opened, opened in
//! `$EDITOR` by `.sunting`, read back by `.periksa`.

use super::spec::Spec;
use crate::pesan::rancangan as pesan;
use std::path::{Path, PathBuf};

/// `<data>/rancangan/<pelajaran>/<latihan>.js`
pub fn path(data_dir: &Path, lesson: &str, exercise: &str) -> PathBuf {
    data_dir
        .join("rancangan")
        .join(lesson)
        .join(format!("{exercise}.js"))
}

/// Writes the starter file unless the learner already has one (their work stays).
pub fn ensure(path: &Path, spec: &Spec) -> Result<(), String> {
    if path.exists() {
        return Ok(());
    }
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|_| std::fs::write(path, spec.awal.trim_start()));
    written.map_err(|e| pesan::berkas_tidak_tertulis(path.display(), e))
}

pub fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| pesan::berkas_tidak_terbaca(path.display(), e))
}

/// Opens `path` in `$VISUAL` or `$EDITOR` (which may carry its own arguments) and
/// waits for it to close.
pub fn edit(path: &Path) -> String {
    let editor = ["VISUAL", "EDITOR"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.trim().is_empty());
    let Some(editor) = editor else {
        return pesan::tanpa_editor(path.display());
    };
    let mut words = editor.split_whitespace();
    let program = words.next().unwrap_or_default();
    let status = std::process::Command::new(program)
        .args(words)
        .arg(path)
        .status();
    match status {
        Ok(s) if s.success() => pesan::selesai_menyunting(path.display()),
        Ok(s) => pesan::editor_gagal(&editor, s),
        Err(e) => pesan::editor_gagal(&editor, e),
    }
}
