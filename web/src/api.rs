//! The module's API: one JSON request in, one JSON response out.
//!
//! Requests (`op` names the call):
//! - `{"op":"open"}`: a plain shell, as `kursus` outside a course; `{"op":"open",
//!   "latihan":"PELAJARAN/LATIHAN"}`: that exercise's shell, its dataset loaded and its
//!   database selected, as `kursus --latihan`. Answers `{"ok":true,"session":N,"prompt":…}`.
//! - `{"op":"complete","text":…}`: whether the lines typed so far make an entry the REPL
//!   would run now. Answers `{"ok":true,"complete":bool}`.
//! - `{"op":"run","session":N,"entry":…}`: runs one complete entry. Answers
//!   `{"ok":true,"output":…,"prompt":…,"quit":bool}`, the output exactly as the terminal
//!   prints it.
//! - `{"op":"close","session":N}`.
//!
//! A request that cannot be answered gets `{"ok":false,"error":…}`.
//!
//! The entry handling below is a stand-in until the course's front-end-neutral console
//! takes over: it mirrors what the terminal REPL does for one entry and offers no
//! dot-commands in exercise sessions yet.

use std::collections::BTreeMap;

use kursus::course::session::is_dot_command;
use kursus::course::{real_shell, Course, CourseError};
use kursus::shell::{split, Shell, ShellOptions};
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    Open {
        #[serde(default)]
        latihan: Option<String>,
    },
    Complete {
        text: String,
    },
    Run {
        session: u32,
        entry: String,
    },
    Close {
        session: u32,
    },
}

/// The sessions a page has open, and the course they are opened from.
#[derive(Default)]
pub struct Api {
    course: Option<Course>,
    sessions: BTreeMap<u32, WebSession>,
    next_id: u32,
}

struct WebSession {
    shell: Shell,
    /// Opened on an exercise: dot-commands belong to its course session.
    exercise: Option<String>,
}

type Answer = Result<Value, String>;

impl Api {
    pub fn new() -> Api {
        Api::default()
    }

    /// Answers one request given as JSON bytes; always returns JSON bytes.
    pub fn call_bytes(&mut self, request: &[u8]) -> Vec<u8> {
        let answer = serde_json::from_slice::<Request>(request)
            .map_err(|e| format!("bad request: {e}"))
            .and_then(|request| self.handle(request));
        let response = match answer {
            Ok(Value::Object(mut fields)) => {
                fields.insert("ok".to_string(), Value::Bool(true));
                Value::Object(fields)
            }
            Ok(other) => json!({ "ok": true, "value": other }),
            Err(error) => json!({ "ok": false, "error": error }),
        };
        serde_json::to_vec(&response).unwrap_or_else(|_| br#"{"ok":false}"#.to_vec())
    }

    fn handle(&mut self, request: Request) -> Answer {
        match request {
            Request::Open { latihan } => self.open(latihan),
            Request::Complete { text } => Ok(json!({ "complete": is_complete_entry(&text) })),
            Request::Run { session, entry } => self.run(session, &entry),
            Request::Close { session } => self
                .sessions
                .remove(&session)
                .map(|_| json!({}))
                .ok_or_else(|| unknown_session(session)),
        }
    }

    fn course(&mut self) -> Result<&Course, CourseError> {
        if self.course.is_none() {
            self.course = Some(crate::bundle::course()?);
        }
        Ok(self.course.as_ref().expect("loaded just above"))
    }

    fn open(&mut self, latihan: Option<String>) -> Answer {
        let shell = match &latihan {
            None => Shell::new(ShellOptions::default()),
            Some(id) => exercise_shell(self.course().map_err(|e| e.to_string())?, id)
                .map_err(|e| e.to_string())?,
        };
        self.next_id += 1;
        let id = self.next_id;
        let prompt = prompt(&shell);
        self.sessions.insert(
            id,
            WebSession {
                shell,
                exercise: latihan,
            },
        );
        Ok(json!({ "session": id, "prompt": prompt }))
    }

    fn run(&mut self, id: u32, entry: &str) -> Answer {
        let session = self
            .sessions
            .get_mut(&id)
            .ok_or_else(|| unknown_session(id))?;
        let output = if is_dot_command(entry) {
            if session.exercise.is_some() {
                return Err("dot-commands are not offered in exercise sessions yet".to_string());
            }
            format!(
                "{}\n",
                kursus::pesan::cli::perintah_tidak_dikenal(entry.trim())
            )
        } else {
            run_code(&mut session.shell, entry)
        };
        Ok(json!({
            "output": output,
            "prompt": prompt(&session.shell),
            "quit": session.shell.has_quit(),
        }))
    }
}

/// The exercise's starting shell: its lesson's ObjectId seed and main dataset, as the
/// terminal opens `kursus --latihan`.
fn exercise_shell(course: &Course, full_id: &str) -> Result<Shell, CourseError> {
    let exercise = course.find_exercise(full_id)?;
    let mut shell = real_shell::factory(exercise.lesson.file.seed());
    exercise.lesson.utama.load_into(&mut shell)?;
    Ok(shell)
}

/// mongosh's prompt at the start of an entry.
fn prompt(shell: &Shell) -> String {
    format!("{}> ", shell.current_db())
}

fn unknown_session(id: u32) -> String {
    format!("no session {id}")
}

/// Whether the lines typed so far are an entry the REPL runs now: a dot-command on its
/// first line, a shell command, a complete statement, or input that can never become
/// valid. Blank input is nothing to run.
pub fn is_complete_entry(text: &str) -> bool {
    if is_dot_command(text) {
        return true;
    }
    if text.trim().is_empty() {
        return false;
    }
    // The REPL ends every typed line with a newline before it asks.
    let mut typed = text.to_string();
    if !typed.ends_with('\n') {
        typed.push('\n');
    }
    split::is_shell_command(typed.trim()) || split::is_complete(&typed)
}

/// Runs the entry's statements in order, printing as the terminal prints them.
fn run_code(shell: &mut Shell, code: &str) -> String {
    let mut out = String::new();
    for unit in split::split_units(code) {
        if shell.has_quit() {
            break;
        }
        let output = shell.run_unit(&unit);
        if !(shell.has_quit() && output.text.is_empty()) {
            out.push_str(&output.render(true));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(api: &mut Api, request: Value) -> Value {
        let bytes = api.call_bytes(request.to_string().as_bytes());
        serde_json::from_slice(&bytes).expect("the answer is JSON")
    }

    fn open(api: &mut Api, request: Value) -> u64 {
        let answer = call(api, request);
        assert_eq!(answer["ok"], true, "{answer}");
        answer["session"].as_u64().expect("a session id")
    }

    fn run(api: &mut Api, session: u64, entry: &str) -> Value {
        call(
            api,
            json!({ "op": "run", "session": session, "entry": entry }),
        )
    }

    #[test]
    fn a_plain_session_prints_as_the_terminal() {
        let mut api = Api::new();
        let s = open(&mut api, json!({ "op": "open" }));
        let used = run(&mut api, s, "use kampus");
        assert_eq!(used["output"], "switched to db kampus\n");
        assert_eq!(used["prompt"], "kampus> ");
        let found = run(&mut api, s, "db.m.insertOne({ _id: 1 }); db.m.findOne()");
        let mut shell = Shell::new(ShellOptions::default());
        let expected = run_code(&mut shell, "use kampus\n")
            + &run_code(&mut shell, "db.m.insertOne({ _id: 1 }); db.m.findOne()");
        assert_eq!(
            format!(
                "switched to db kampus\n{}",
                found["output"].as_str().unwrap()
            ),
            expected
        );
        assert!(found["output"].as_str().unwrap().ends_with("{ _id: 1 }\n"));
    }

    #[test]
    fn an_exercise_session_starts_on_its_dataset() {
        let mut api = Api::new();
        let course = crate::bundle::course().unwrap();
        let exercise = course
            .exercises()
            .find(|e| !e.lesson.utama.collections.is_empty())
            .expect("a lesson with collections");
        let collection = &exercise.lesson.utama.collections[0];
        let s = open(
            &mut api,
            json!({ "op": "open", "latihan": exercise.full_id() }),
        );
        let count = run(
            &mut api,
            s,
            &format!("db.{}.countDocuments()", collection.name),
        );
        assert_eq!(count["output"], format!("{}\n", collection.docs.len()));
        assert_eq!(count["prompt"], format!("{}> ", collection.db));
    }

    #[test]
    fn an_unknown_exercise_is_an_error_not_a_session() {
        let mut api = Api::new();
        let answer = call(
            &mut api,
            json!({ "op": "open", "latihan": "tidak-ada/latihan" }),
        );
        assert_eq!(answer["ok"], false);
        assert!(answer["error"]
            .as_str()
            .unwrap()
            .contains("tidak-ada/latihan"));
    }

    #[test]
    fn entries_are_complete_as_the_repl_decides() {
        assert!(!is_complete_entry("if (true)"));
        assert!(is_complete_entry("if (true)\nprint(1)"));
        assert!(is_complete_entry("({ a: 1 ]"));
        assert!(is_complete_entry("use kampus"));
        assert!(is_complete_entry(".periksa"));
        assert!(!is_complete_entry("   "));
        assert!(!is_complete_entry("db.m.find({"));
    }

    #[test]
    fn closed_and_unknown_sessions_are_refused() {
        let mut api = Api::new();
        let s = open(&mut api, json!({ "op": "open" }));
        assert_eq!(
            call(&mut api, json!({ "op": "close", "session": s }))["ok"],
            true
        );
        let answer = run(&mut api, s, "1");
        assert_eq!(answer["ok"], false);
        assert_eq!(call(&mut api, json!({ "op": "nope" }))["ok"], false);
        assert_eq!(api.call_bytes(b"not json")[..12], br#"{"ok":false,"#[..]);
    }

    #[test]
    fn exit_ends_the_session() {
        let mut api = Api::new();
        let s = open(&mut api, json!({ "op": "open" }));
        assert_eq!(run(&mut api, s, "exit")["quit"], true);
    }
}
