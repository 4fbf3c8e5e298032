//! Errors as mongosh prints them (its `formatError`) and the Node REPL's
//! `Uncaught` framing (spec §12).
//!
//! The shell builds an [`ErrorInfo`] from whatever was thrown and calls
//! [`format_error`], which gives exactly the text a terminal shows for it
//! when uncaught (without the REPL's final `\n`).

use super::{inspect, Options, Value};

/// A thrown error, reduced to what mongosh prints.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct ErrorInfo {
    /// `error.name`: `TypeError`, `MongoServerError`, `MongoBulkWriteError`, …
    /// (empty: no `name: ` prefix).
    pub name: String,
    /// Printed as `name[codeName]` when set.
    pub code_name: Option<String>,
    /// `error.message`; for a SyntaxError the Babel message with its code frame.
    pub message: String,
    /// `errInfo`, printed as `Additional information: …`.
    pub err_info: Option<Value>,
    /// `result`, printed as `Result: …` (a `BulkWriteResult` object).
    pub result: Option<Value>,
    /// `writeErrors`, printed as `Write Errors: …`.
    pub write_errors: Option<Value>,
    /// `violations`, printed as `Violations: …`.
    pub violations: Option<Value>,
    /// `cause`, printed after `Caused by: `.
    pub cause: Option<Box<ErrorInfo>>,
}

/// What the REPL shows for an uncaught error (without the final `\n`): mongosh's
/// `formatError` text (`name[codeName]: message` plus the inspected extras at full
/// depth, and the two newlines a SyntaxError gets) framed the way Node's REPL frames it.
pub(crate) fn format_error(err: &ErrorInfo) -> String {
    let mut text = visible(&frame_uncaught(&writer_text(err)));
    // Node's REPL ends the error with a newline only when the text lacks one
    // (a SyntaxError's text already ends with two), so that one is the final one.
    if text.ends_with('\n') {
        text.pop();
    }
    text
}

/// The writer's text: mongosh starts each formatted error with `\r`.
fn writer_text(err: &ErrorInfo) -> String {
    let mut text = headline(err);
    if err.name == "SyntaxError" {
        text.push_str("\n\n");
    }
    let extras = [
        ("Additional information", &err.err_info),
        ("Result", &err.result),
        ("Write Errors", &err.write_errors),
        ("Violations", &err.violations),
    ];
    for (label, value) in extras {
        if let Some(value) = value {
            let shown = inspect(value, &Options::FULL_DEPTH);
            text.push_str(&format!("\n{label}: {shown}"));
        }
    }
    if let Some(cause) = &err.cause {
        text.push_str(&format!("\nCaused by: \n{}", writer_text(cause)));
    }
    text
}

fn headline(err: &ErrorInfo) -> String {
    if err.name.is_empty() {
        return err.message.clone();
    }
    let code_name = err
        .code_name
        .as_ref()
        .map(|c| format!("[{c}]"))
        .unwrap_or_default();
    format!("\r{}{code_name}: {}", err.name, err.message)
}

/// Node's REPL: the first line that looks like an error name gets
/// `Uncaught ` (or `Uncaught:` and a newline when longer than 80); if none
/// does (mongosh's leading `\r` prevents it for the headline), the whole text
/// gets `Uncaught ` when it is one line, `Uncaught:` and a newline otherwise.
fn frame_uncaught(text: &str) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let Some(hit) = lines.iter().position(|l| looks_like_error_name(l)) else {
        let sep = if lines.len() <= 1 { " " } else { ":\n" };
        return format!("Uncaught{sep}{text}");
    };
    let mut framed = String::with_capacity(text.len() + 10);
    for (i, line) in lines.iter().enumerate() {
        if i == hit {
            let fits = line.encode_utf16().count() <= BREAK_LENGTH;
            framed.push_str(if fits { "Uncaught " } else { "Uncaught:\n" });
        }
        framed.push_str(line);
    }
    framed
}

const BREAK_LENGTH: usize = 80;

/// `/^\[?([A-Z][a-z0-9_]*)*Error/`: segments that each start with a capital,
/// directly followed by `Error`.
fn looks_like_error_name(line: &str) -> bool {
    let rest = line.strip_prefix('[').unwrap_or(line);
    let mut chars = rest.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if rest.get(i..).is_some_and(|r| r.starts_with("Error")) {
            return true;
        }
        if !c.is_ascii_uppercase() {
            return false;
        }
        while chars
            .next_if(|(_, c)| matches!(c, 'a'..='z' | '0'..='9' | '_'))
            .is_some()
        {}
    }
    false
}

/// What a terminal shows: a carriage return sends the cursor back to the
/// start of the line, so only the text after the last one on a line remains.
fn visible(text: &str) -> String {
    text.split('\n')
        .map(|line| line.rsplit('\r').next().unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_names_are_recognised_like_node() {
        for line in [
            "TypeError: x",
            "Error",
            "[MongoServerError]",
            "MongoBulkWriteError: y",
        ] {
            assert!(looks_like_error_name(line), "{line}");
        }
        for line in [
            "\rTypeError: x",
            "Write Errors: [",
            "Result: X",
            "  WriteError {",
            "error",
        ] {
            assert!(!looks_like_error_name(line), "{line}");
        }
    }

    #[test]
    fn framing_follows_the_line_count() {
        assert_eq!(frame_uncaught("\rError: x"), "Uncaught \rError: x");
        assert_eq!(frame_uncaught("\rE: x\nmore"), "Uncaught:\n\rE: x\nmore");
        assert_eq!(
            frame_uncaught("\rE: x\nTypeError: y"),
            "\rE: x\nUncaught TypeError: y"
        );
    }

    #[test]
    fn extras_and_causes_follow_the_message() {
        let err = ErrorInfo {
            name: "MongoServerError".into(),
            message: "Document failed validation".into(),
            err_info: Some(Value::Object(super::super::Object {
                class: None,
                entries: vec![("failingDocumentId".into(), Value::Number(1.0))],
            })),
            cause: Some(Box::new(ErrorInfo {
                name: "Error".into(),
                message: "akar".into(),
                ..ErrorInfo::default()
            })),
            ..ErrorInfo::default()
        };
        let expected = "Uncaught:\nMongoServerError: Document failed validation\n\
                        Additional information: { failingDocumentId: 1 }\n\
                        Caused by: \nError: akar";
        assert_eq!(format_error(&err), expected);
    }
}
