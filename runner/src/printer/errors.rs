//! Errors as mongosh prints them (its `formatError`) and the Node REPL's
//! `Uncaught` framing (spec §12).
//!
//! The shell builds an [`ErrorInfo`] from whatever was thrown and calls
//! [`format_error`], which gives exactly the text a terminal shows (without
//! the REPL's final `\n`). [`error_text`] and [`frame_uncaught`] are its two
//! steps, for callers that need only one of them.

use super::{inspect, Options, Value};

/// A thrown error, reduced to what mongosh prints.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ErrorInfo {
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

/// mongosh's `formatError` text, without its leading carriage return:
/// `name[codeName]: message` plus the inspected extras (full depth), and the
/// two newlines a SyntaxError gets.
pub fn error_text(err: &ErrorInfo) -> String {
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
            text.push_str(&format!(
                "\n{label}: {}",
                inspect(value, &Options::FULL_DEPTH)
            ));
        }
    }
    if let Some(cause) = &err.cause {
        text.push_str(&format!("\nCaused by: \n{}", error_text(cause)));
    }
    text
}

fn headline(err: &ErrorInfo) -> String {
    let mut text = String::new();
    if !err.name.is_empty() {
        text.push_str(&err.name);
        if let Some(code_name) = &err.code_name {
            text.push_str(&format!("[{code_name}]"));
        }
        text.push_str(": ");
    }
    text.push_str(&err.message);
    text
}

/// The Node REPL's framing as a terminal shows it: a one-line error appears
/// as is (its carriage return overwrote the `Uncaught ` prefix); an error
/// spanning several lines gets a line `Uncaught:` first.
pub fn frame_uncaught(text: &str) -> String {
    let body = text.strip_suffix('\n').unwrap_or(text);
    if body.contains('\n') {
        format!("Uncaught:\n{text}")
    } else {
        text.to_string()
    }
}

/// What the REPL shows for an uncaught error: [`error_text`] framed by
/// [`frame_uncaught`].
pub fn format_error(err: &ErrorInfo) -> String {
    frame_uncaught(&error_text(err))
}
