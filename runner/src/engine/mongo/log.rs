//! The server's in-memory log, as `getLog` reads it: structured JSON lines
//! (the server's format since 4.4). What the engine writes there is what a
//! learner looks for in the server's log: the documents a validator with
//! `validationAction: 'warn'` let through.

use bson::{doc, Bson, DateTime, Document};

use super::error::MongoError;
use super::expr::date::{format_date, parts_of};
use super::validation::Warning;

/// The server's `global` RamLog keeps this many lines.
const KEPT_LINES: usize = 1024;

#[derive(Debug, Default)]
pub(crate) struct ServerLog {
    lines: Vec<String>,
    written: usize,
}

impl ServerLog {
    /// Log id 20294, as the storage layer writes it.
    pub(crate) fn validation_warning(&mut self, ns: &str, warning: Warning) {
        let attr = doc! {
            "namespace": ns,
            "document": warning.document,
            "errInfo": warning.err_info,
        };
        let line = line(
            "W",
            "STORAGE",
            20294,
            "Document would fail validation",
            attr,
        );
        self.push(line);
    }

    fn push(&mut self, line: String) {
        if self.lines.len() == KEPT_LINES {
            self.lines.remove(0);
        }
        self.lines.push(line);
        self.written += 1;
    }

    /// `getLog`: `'*'` names the logs, `global` holds the lines; a fresh
    /// server has no startup warnings (so shells print none).
    pub(crate) fn get_log(&self, db: &str, command: &Document) -> Result<Document, MongoError> {
        if db != "admin" {
            return Err(MongoError::new(
                13,
                "getLog may only be run against the admin database.",
            ));
        }
        match command.get("getLog") {
            Some(Bson::String(name)) if name == "*" => {
                Ok(doc! { "names": ["global", "startupWarnings"] })
            }
            Some(Bson::String(name)) if name == "global" => Ok(doc! {
                "totalLinesWritten": self.written as i32,
                "log": self.lines.clone(),
            }),
            Some(Bson::String(name)) if name == "startupWarnings" => {
                Ok(doc! { "totalLinesWritten": 0, "log": [] })
            }
            Some(Bson::String(name)) => Err(MongoError::new(96, format!("No log named '{name}'"))),
            other => Err(MongoError::type_mismatch(format!(
                "Argument to getLog must be of type String; found {} of type {}",
                other.map(super::display::value).unwrap_or_default(),
                other.map(super::value::type_name).unwrap_or("missing"),
            ))),
        }
    }
}

/// One line as the server's JSON formatter writes it, padding included.
fn line(severity: &str, component: &str, id: i32, msg: &str, attr: Document) -> String {
    let date = format_date(
        "%Y-%m-%dT%H:%M:%S.%L+00:00",
        &parts_of(DateTime::now().timestamp_millis()),
    )
    .unwrap_or_default();
    let attr = Bson::Document(attr).into_relaxed_extjson().to_string();
    let msg = Bson::String(msg.to_string())
        .into_relaxed_extjson()
        .to_string();
    format!(
        r#"{{"t":{{"$date":"{date}"}},"s":"{severity}",{}"c":"{component}",{}"id":{id},{}"ctx":"conn1","msg":{msg},"attr":{attr}}}"#,
        pad(3, severity.len()),
        pad(9, component.len()),
        pad(8, id.to_string().len()),
    )
}

fn pad(width: usize, used: usize) -> String {
    " ".repeat(width.saturating_sub(used))
}
