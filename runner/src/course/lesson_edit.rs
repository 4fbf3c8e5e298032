//! Rewriting `keluaran` fields of `pelajaran.toml` in place (for `periksa --perbarui`),
//! leaving the rest of the author's file, comments and layout included, untouched.

use super::error::{CourseError, Result};
use std::path::Path;
use toml_edit::{DocumentMut, Value};

/// Sets the `keluaran` of each `(exercise id, output)` pair. An exercise whose
/// `keluaran` cannot be found is an error and the file is left as it was.
pub fn update_keluaran(path: &Path, updates: &[(String, String)]) -> Result<()> {
    let mut text = std::fs::read_to_string(path).map_err(|cause| CourseError::Unreadable {
        path: path.to_path_buf(),
        cause,
    })?;
    for (id, output) in updates {
        text =
            replace_keluaran(&text, id, output).ok_or_else(|| CourseError::KeluaranNotFound {
                path: path.to_path_buf(),
                exercise: id.clone(),
            })?;
    }
    std::fs::write(path, text).map_err(|cause| CourseError::Unwritable {
        path: path.to_path_buf(),
        cause,
    })
}

/// The text with exercise `id`'s keluaran replaced, or `None` if it cannot be found.
/// Only that value changes: toml_edit keeps every other byte, comments included.
pub fn replace_keluaran(text: &str, id: &str, output: &str) -> Option<String> {
    let mut doc: DocumentMut = text.parse().ok()?;
    let value = keluaran_of(&mut doc, id)?;
    let mut fresh: Value = toml_multiline(output).parse().ok()?;
    *fresh.decor_mut() = value.decor().clone();
    *value = fresh;
    Some(doc.to_string())
}

/// The `keluaran` value of the `[[latihan]]` table whose `id` is `id`.
fn keluaran_of<'d>(doc: &'d mut DocumentMut, id: &str) -> Option<&'d mut Value> {
    doc.get_mut("latihan")?
        .as_array_of_tables_mut()?
        .iter_mut()
        .find(|t| t.get("id").and_then(|v| v.as_str()) == Some(id))?
        .get_mut("keluaran")?
        .as_value_mut()
}

/// Writes the computed answers of a chapter's quiz into its `kuis.toml`, the rest of
/// the file untouched.
pub fn update_quiz(path: &Path, updates: &[super::quiz::verify::Update]) -> Result<()> {
    let text = std::fs::read_to_string(path).map_err(|cause| CourseError::Unreadable {
        path: path.to_path_buf(),
        cause,
    })?;
    let mut doc: DocumentMut = text.parse().map_err(|_| CourseError::KeluaranNotFound {
        path: path.to_path_buf(),
        exercise: String::new(),
    })?;
    for update in updates {
        apply_quiz_update(&mut doc, update).ok_or_else(|| CourseError::KeluaranNotFound {
            path: path.to_path_buf(),
            exercise: quiz_question(update).to_string(),
        })?;
    }
    std::fs::write(path, doc.to_string()).map_err(|cause| CourseError::Unwritable {
        path: path.to_path_buf(),
        cause,
    })
}

fn quiz_question(update: &super::quiz::verify::Update) -> &str {
    use super::quiz::verify::Update;
    match update {
        Update::Keluaran { question, .. } | Update::Candidate { question, .. } => question,
    }
}

fn apply_quiz_update(doc: &mut DocumentMut, update: &super::quiz::verify::Update) -> Option<()> {
    use super::quiz::verify::Update;
    let question = doc
        .get_mut("soal")?
        .as_array_of_tables_mut()?
        .iter_mut()
        .find(|t| t.get("id").and_then(|v| v.as_str()) == Some(quiz_question(update)))?;
    match update {
        Update::Keluaran { value, .. } => {
            let slot = question.get_mut("keluaran")?.as_value_mut()?;
            let fresh: Value = if value.contains('\n') {
                toml_multiline(value).parse().ok()?
            } else {
                Value::from(value.as_str())
            };
            replace_value(slot, fresh);
        }
        Update::Candidate {
            index,
            memenuhi,
            angka,
            ..
        } => {
            let candidate = question
                .get_mut("kandidat")?
                .as_array_of_tables_mut()?
                .get_mut(*index)?;
            replace_value(
                candidate.get_mut("memenuhi")?.as_value_mut()?,
                Value::from(*memenuhi),
            );
            let figure = if angka.fract() == 0.0 {
                Value::from(*angka as i64)
            } else {
                Value::from(*angka)
            };
            replace_value(candidate.get_mut("angka")?.as_value_mut()?, figure);
        }
    }
    Some(())
}

fn replace_value(slot: &mut Value, mut fresh: Value) {
    *fresh.decor_mut() = slot.decor().clone();
    *slot = fresh;
}

/// A TOML multi-line string holding `text` exactly (a literal string when possible).
pub fn toml_multiline(text: &str) -> String {
    if !text.contains("'''") && !text.ends_with('\'') {
        return format!("'''\n{text}'''");
    }
    let escaped = text.replace('\\', "\\\\").replace("\"\"\"", "\"\"\\\"");
    format!("\"\"\"\n{escaped}\"\"\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOML: &str = "format_version = 1\n\n[[latihan]]\nid = \"a\"\nkeluaran = \"\"\"\nlama\n\"\"\"\n\n[[latihan]]\nid = \"b\"\n# komentar\nkeluaran = '''\nx\n'''\nsolusi = \"db\"\n";

    #[test]
    fn replaces_only_the_named_exercise() {
        let out = replace_keluaran(TOML, "b", "{ nama: 'Ani' }").unwrap();
        assert!(
            out.contains("id = \"b\"\n# komentar\nkeluaran = '''\n{ nama: 'Ani' }'''\nsolusi"),
            "{out}"
        );
        assert!(out.contains("keluaran = \"\"\"\nlama\n\"\"\""));
    }

    /// Everything but the one value stays byte for byte: comments, blank lines,
    /// odd spacing, key order and the other multi-line strings.
    #[test]
    fn only_the_value_changes() {
        let before = "# kepala\nformat_version = 1\n\n[[latihan]]\nid   =  \"a\"  # catatan\nsoal = \"\"\"\nTulis\n  query.\n\"\"\"\nkeluaran = '''\nlama''' # sisa\n\n\n[[latihan]]\nid = 'b'\nkeluaran = \"x\"\n";
        let after = replace_keluaran(before, "a", "[\n  { n: 1 }\n]").unwrap();
        let expected = before.replace("'''\nlama'''", "'''\n[\n  { n: 1 }\n]'''");
        assert_eq!(after, expected);
        let single = replace_keluaran(before, "b", "y").unwrap();
        assert_eq!(
            single,
            before.replace("keluaran = \"x\"", "keluaran = '''\ny'''")
        );
    }

    #[test]
    fn unknown_exercises_and_missing_keluaran_are_not_found() {
        assert_eq!(replace_keluaran(TOML, "tidak-ada", "x"), None);
        let no_output = "[[latihan]]\nid = \"a\"\nsolusi = \"db\"\n";
        assert_eq!(replace_keluaran(no_output, "a", "x"), None);
        assert_eq!(replace_keluaran("[[latihan]\nid = ", "a", "x"), None);
    }

    #[test]
    fn an_exercise_that_cannot_be_found_fails_and_leaves_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pelajaran.toml");
        std::fs::write(&path, TOML).unwrap();
        let updates = [
            ("a".to_string(), "baru".to_string()),
            ("tidak-ada".to_string(), "x".to_string()),
        ];
        let err = update_keluaran(&path, &updates).unwrap_err();
        assert!(
            matches!(&err, CourseError::KeluaranNotFound { exercise, .. } if exercise == "tidak-ada"),
            "{err:?}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), TOML);
        assert!(err.to_string().contains("tidak-ada"), "{err}");
    }

    #[test]
    fn round_trips_through_toml() {
        for text in ["a\\b 'c'", "x'''y", "ends with '"] {
            let out = replace_keluaran(TOML, "a", text).unwrap();
            let parsed: toml::Value = toml::from_str(&out).unwrap();
            let got = parsed["latihan"][0]["keluaran"]
                .as_str()
                .unwrap()
                .to_string();
            assert_eq!(got, text);
        }
    }
}
