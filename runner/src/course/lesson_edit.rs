//! Rewriting `keluaran` fields of `pelajaran.toml` in place (for `periksa --perbarui`),
//! leaving the rest of the author's file, comments included, untouched.

use super::error::{CourseError, Result};
use regex::Regex;
use std::ops::Range;
use std::path::Path;

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
pub fn replace_keluaran(text: &str, id: &str, output: &str) -> Option<String> {
    let section = exercise_section(text, id)?;
    let value = keluaran_value(text, section)?;
    let mut out = String::with_capacity(text.len() + output.len());
    out.push_str(text.get(..value.start)?);
    out.push_str(&toml_multiline(output));
    out.push_str(text.get(value.end..)?);
    Some(out)
}

/// Byte range of the `[[latihan]]` table whose `id` is `id`.
fn exercise_section(text: &str, id: &str) -> Option<Range<usize>> {
    let header = Regex::new(r"(?m)^\s*\[").ok()?;
    let id_line = Regex::new(&format!(
        r#"(?m)^\s*id\s*=\s*["']{}["']\s*$"#,
        regex::escape(id)
    ))
    .ok()?;
    let starts: Vec<usize> = header.find_iter(text).map(|m| m.start()).collect();
    let bounds = starts
        .iter()
        .enumerate()
        .map(|(i, s)| *s..starts.get(i + 1).copied().unwrap_or(text.len()));
    bounds
        .filter(|r| {
            text.get(r.clone())
                .is_some_and(|t| t.trim_start().starts_with("[[latihan]]"))
        })
        .find(|r| text.get(r.clone()).is_some_and(|t| id_line.is_match(t)))
}

/// Byte range of the keluaran value (after `=`) inside `section`.
fn keluaran_value(text: &str, section: Range<usize>) -> Option<Range<usize>> {
    let key = Regex::new(r"(?m)^\s*keluaran\s*=\s*").ok()?;
    let body = text.get(section.clone())?;
    let found = key.find(body)?;
    let start = section.start + found.end();
    let rest = text.get(start..)?;
    let len = value_length(rest)?;
    Some(start..start + len)
}

/// Length of the TOML string value at the start of `rest`.
fn value_length(rest: &str) -> Option<usize> {
    for delim in ["\"\"\"", "'''"] {
        if let Some(after) = rest.strip_prefix(delim) {
            let close = find_closing(after, delim)?;
            return Some(delim.len() + close + delim.len());
        }
    }
    Some(rest.find('\n').unwrap_or(rest.len()))
}

/// Offset of the closing delimiter; quotes right before it belong to the content.
fn find_closing(after: &str, delim: &str) -> Option<usize> {
    let mut from = 0;
    loop {
        let at = from + after.get(from..)?.find(delim)?;
        let escaped = delim.starts_with('"')
            && after
                .get(..at)
                .is_some_and(|b| b.ends_with('\\') && !b.ends_with("\\\\"));
        if !escaped {
            let extra = after.get(at + 3..).map_or(0, |t| {
                t.chars()
                    .take_while(|c| delim.starts_with(*c))
                    .count()
                    .min(2)
            });
            return Some(at + extra);
        }
        from = at + 1;
    }
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
