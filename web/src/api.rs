//! The module's API: one JSON request in, one JSON response out, over the course's
//! [`Console`], the same API the terminal REPL drives. Nothing of the REPL is written
//! here; this file only translates.
//!
//! Requests (`op` names the call; `session` is the number `open` answered):
//! - `{"op":"open"}`: a plain shell, as `kursus jalankan` without a script.
//!   `{"op":"open","kursus":true}` the course where the learner left off (as `kursus`);
//!   with `"latihan":"PELAJARAN/LATIHAN"` that exercise (as `--latihan`), with
//!   `"bab":"PELAJARAN"` that lesson's chapter (as `--bab`). Answers
//!   `{"session":N,"prompt":…,"greeting":…|null}`.
//! - `{"op":"line","session":N,"line":…}`: one typed line, as the terminal takes it.
//!   Answers `{"entry":{…}|null,"prompt":…,"quit":bool}`; `entry` is the entry the
//!   line completed and what it printed: `{"entry":…,"output":…,"spans":[{"text","class"}]}`.
//! - `{"op":"finish","session":N}`: the end of input; what was typed runs as it stands.
//! - `{"op":"run","session":N,"entry":…}`: one whole entry (an editor's text), as
//!   `line` answers.
//! - `{"op":"example","session":N,"code":…}`: a book example, run as `kursus periksa`
//!   runs it: answers `{"output":…}`, the text its `keluaran` block shows.
//! - `{"op":"complete","text":…}`: whether the lines typed so far make an entry the
//!   REPL would run now. Answers `{"complete":bool}`.
//! - `{"op":"model","session":N}`: the design exercise's model text; with `"text":…`
//!   it replaces the model, which `.periksa` then grades.
//! - `{"op":"progress","session":N}`: the progress JSON, as `kursus daftar --ekspor`
//!   writes it; without `session`, the stored one.
//! - `{"op":"import","json":…}` (with `session` when one is open on the course):
//!   merges an exported progress, as `kursus daftar --impor`. Answers `{"message":…}`.
//! - `{"op":"close","session":N}`.
//!
//! A chapter's quiz (`session` a course session; `bab` the chapter, `soal` a question's
//! full id `bab/id` as the quiz asks it, re-asked ones under their own chapter), judged,
//! recorded and saved by the course's `Session` as the terminal's `.kuis` does:
//! - `{"op":"quiz_answer","session":N,"bab":…,"soal":…,"jawaban":…}`: one answer (letters
//!   `a` or `a,c` for options, the text otherwise). Answers `{"benar":bool,"umpan":[…],
//!   "dihitung":bool,"nilai":{…}}`: the feedback lines as the terminal prints them;
//!   `dihitung` false when the input is no answer (`umpan` says why) or the answers were
//!   already shown (the score stays). `nilai` is `{"benar":N,"jumlah":N,"teks":…}`.
//! - `{"op":"quiz_reveal","session":N,"bab":…}`: every answer with its explanation; the
//!   quiz can no longer be retried. Answers `{"jawaban":[{"soal":…,"baris":[…]}],
//!   "nilai":{…},"catatan":…}`.
//! - `{"op":"quiz_state","session":N,"bab":…}`: the quiz as recorded, for a page loaded
//!   again: `{"benar":[ids],"salah":[ids],"umpan":{id:[…]},"dilihat":bool,"nilai":{…},
//!   "catatan":…|null,"jawaban":[…]|null}` (`umpan`: the verdict line of each answered
//!   question; `jawaban` as `quiz_reveal` gives it, once the answers were shown).
//!
//! Every answer has `"ok":true`; a request that cannot be answered gets
//! `{"ok":false,"error":…}` (the learner's message where there is one).
//!
//! The learner's files (progress, design models) live in the data folder: the
//! `KURSUS_DATA_DIR` the host sets, which it preopens, else `/kursus`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use kursus::course::console::{self, Completed, Console};
use kursus::course::learner::{LearnerSession, Start};
use kursus::course::progress::ProgressStore;
use kursus::course::{transfer, Course};
use kursus::pesan::kuis;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    Open {
        #[serde(default)]
        kursus: bool,
        #[serde(default)]
        latihan: Option<String>,
        #[serde(default)]
        bab: Option<String>,
    },
    Line {
        session: u32,
        line: String,
    },
    Finish {
        session: u32,
    },
    Run {
        session: u32,
        entry: String,
    },
    Example {
        session: u32,
        code: String,
    },
    Complete {
        text: String,
    },
    Model {
        session: u32,
        #[serde(default)]
        text: Option<String>,
    },
    Progress {
        #[serde(default)]
        session: Option<u32>,
    },
    Import {
        #[serde(default)]
        session: Option<u32>,
        json: String,
    },
    Close {
        session: u32,
    },
    QuizAnswer {
        session: u32,
        bab: String,
        soal: String,
        jawaban: String,
    },
    QuizReveal {
        session: u32,
        bab: String,
    },
    QuizState {
        session: u32,
        bab: String,
    },
}

/// The consoles a page has open, and the course they are opened on.
pub struct Api {
    data_dir: PathBuf,
    course: Option<Course>,
    consoles: BTreeMap<u32, Console>,
    next_id: u32,
}

type Answer = Result<Value, String>;

impl Default for Api {
    fn default() -> Api {
        Api::new()
    }
}

impl Api {
    /// The API on the host's data folder (see the module's documentation).
    pub fn new() -> Api {
        let dir = std::env::var_os("KURSUS_DATA_DIR");
        Api::with_data_dir(dir.map_or_else(|| PathBuf::from("/kursus"), PathBuf::from))
    }

    pub fn with_data_dir(data_dir: PathBuf) -> Api {
        Api {
            data_dir,
            course: None,
            consoles: BTreeMap::new(),
            next_id: 0,
        }
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
            Request::Open {
                kursus,
                latihan,
                bab,
            } => self.open(kursus, latihan.as_deref(), bab.as_deref()),
            Request::Line { session, line } => self.step(session, |c| c.push_line(&line)),
            Request::Finish { session } => self.step(session, Console::finish),
            Request::Run { session, entry } => self.step(session, |c| c.submit(&entry)),
            Request::Example { session, code } => {
                Ok(json!({ "output": self.console(session)?.run_example(&code) }))
            }
            Request::Complete { text } => Ok(json!({ "complete": is_complete_entry(&text) })),
            Request::Model { session, text } => self.model(session, text.as_deref()),
            Request::Progress { session } => self.progress(session),
            Request::Import { session, json } => self.import(session, &json),
            Request::Close { session } => self
                .consoles
                .remove(&session)
                .map(|_| json!({}))
                .ok_or_else(|| unknown_session(session)),
            Request::QuizAnswer {
                session,
                bab,
                soal,
                jawaban,
            } => self.quiz_answer(session, &bab, &soal, &jawaban),
            Request::QuizReveal { session, bab } => self.quiz_reveal(session, &bab),
            Request::QuizState { session, bab } => self.quiz_state(session, &bab),
        }
    }

    /// The bundled course, parsed on first use and copied for each course session.
    fn course(&mut self) -> Result<Course, String> {
        if self.course.is_none() {
            self.course = Some(crate::bundle::course().map_err(|e| e.to_string())?);
        }
        Ok(self.course.clone().expect("loaded just above"))
    }

    fn open(&mut self, kursus: bool, latihan: Option<&str>, bab: Option<&str>) -> Answer {
        let console = if kursus || latihan.is_some() || bab.is_some() {
            let start = Start { latihan, bab };
            let course = self.course()?;
            Console::learner_in(course, start, &self.data_dir).map_err(|e| e.to_string())?
        } else {
            Console::plain()
        };
        self.next_id += 1;
        let id = self.next_id;
        let answer = json!({
            "session": id,
            "prompt": console.prompt(),
            "greeting": console.greeting(),
        });
        self.consoles.insert(id, console);
        Ok(answer)
    }

    fn console(&mut self, id: u32) -> Result<&mut Console, String> {
        self.consoles
            .get_mut(&id)
            .ok_or_else(|| unknown_session(id))
    }

    fn step(&mut self, id: u32, act: impl FnOnce(&mut Console) -> Option<Completed>) -> Answer {
        let console = self.console(id)?;
        let done = act(console);
        Ok(json!({
            "entry": done.map(|d| completed(&d)),
            "prompt": console.prompt(),
            "quit": console.has_quit(),
        }))
    }

    fn model(&mut self, id: u32, text: Option<&str>) -> Answer {
        let session = self.console(id)?.session().ok_or_else(not_a_course)?;
        match text {
            Some(text) => session.write_design_model(text).map(|()| json!({})),
            None => match session.design_model() {
                Some(model) => model.map(|text| json!({ "text": text })),
                None => Err(kursus::pesan::rancangan::BUKAN_RANCANGAN.to_string()),
            },
        }
    }

    fn progress(&mut self, id: Option<u32>) -> Answer {
        let json = match id {
            Some(id) => {
                let console = self.console(id)?;
                let session = console.session().ok_or_else(not_a_course)?;
                transfer::export(session.progress())
            }
            None => transfer::export(&ProgressStore::new(&self.data_dir).load().0),
        };
        Ok(json!({ "json": json }))
    }

    fn import(&mut self, id: Option<u32>, json: &str) -> Answer {
        let other = transfer::parse_import(json.as_bytes())?;
        let merged = match id {
            Some(id) => {
                let console = self.console(id)?;
                let session = console.session_mut().ok_or_else(not_a_course)?;
                session.import(other).map_err(|e| e.to_string())?
            }
            None => {
                let store = ProgressStore::new(&self.data_dir);
                let mut progress = store.load().0;
                let merged = transfer::merge(&mut progress, other);
                store.save(&progress).map_err(|e| e.to_string())?;
                merged
            }
        };
        Ok(json!({ "message": merged.to_string() }))
    }
}

/// The quiz ops: the course's `Session` judges, records and explains; this translates.
impl Api {
    fn learner(&mut self, id: u32) -> Result<&mut LearnerSession, String> {
        self.console(id)?.session_mut().ok_or_else(not_a_course)
    }

    fn quiz_answer(&mut self, id: u32, bab: &str, soal: &str, jawaban: &str) -> Answer {
        let session = self.learner(id)?;
        let answer = session
            .quiz_answer(bab, soal, jawaban)
            .map_err(|e| e.to_string())?;
        Ok(json!({
            "benar": answer.correct,
            "umpan": answer.notes,
            "dihitung": answer.counted,
            "nilai": score(answer.score),
        }))
    }

    fn quiz_reveal(&mut self, id: u32, bab: &str) -> Answer {
        let session = self.learner(id)?;
        let answers = session.quiz_reveal(bab).map_err(|e| e.to_string())?;
        let (_, counts) = session.quiz_record(bab);
        Ok(json!({
            "jawaban": answer_lines(answers),
            "nilai": score(counts),
            "catatan": kuis::JAWABAN_SUDAH_DILIHAT,
        }))
    }

    fn quiz_state(&mut self, id: u32, bab: &str) -> Answer {
        let session = self.learner(id)?;
        let (record, counts) = session.quiz_record(bab);
        let shown = record.jawaban_dilihat;
        let verdicts = record.benar.iter().map(|q| (q, kuis::BENAR));
        let verdicts = verdicts.chain(record.salah.iter().map(|q| (q, kuis::BELUM_TEPAT)));
        let umpan: serde_json::Map<String, Value> = verdicts
            .map(|(q, line)| (q.clone(), json!([line])))
            .collect();
        Ok(json!({
            "benar": record.benar,
            "salah": record.salah,
            "umpan": umpan,
            "dilihat": shown,
            "nilai": score(counts),
            "catatan": shown.then_some(kuis::JAWABAN_SUDAH_DILIHAT),
            "jawaban": shown.then(|| answer_lines(session.quiz_answers(bab))),
        }))
    }
}

/// A quiz's (right, total), with the sentence the terminal says it in.
fn score((right, total): (usize, usize)) -> Value {
    json!({ "benar": right, "jumlah": total, "teks": kuis::nilai(right, total) })
}

fn answer_lines(answers: Vec<(String, Vec<String>)>) -> Value {
    answers
        .into_iter()
        .map(|(soal, baris)| json!({ "soal": soal, "baris": baris }))
        .collect()
}

fn completed(done: &Completed) -> Value {
    let spans: Vec<Value> = done
        .spans
        .iter()
        .map(|s| json!({ "text": s.text, "class": s.kind.name() }))
        .collect();
    json!({ "entry": done.entry, "output": done.output, "spans": spans })
}

fn unknown_session(id: u32) -> String {
    format!("no session {id}")
}

fn not_a_course() -> String {
    "this session is a plain shell, not a course session".to_string()
}

/// Whether the lines typed so far are an entry the REPL runs now: a dot-command on its
/// first line, or code the console would run (the REPL ends each line with a newline).
pub fn is_complete_entry(text: &str) -> bool {
    if kursus::course::session::is_dot_command(text) {
        return true;
    }
    if text.trim().is_empty() {
        return false;
    }
    let mut typed = text.to_string();
    if !typed.ends_with('\n') {
        typed.push('\n');
    }
    console::is_complete(&typed)
}

#[cfg(test)]
mod tests;
