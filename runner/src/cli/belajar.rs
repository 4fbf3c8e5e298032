//! Bare `kursus`, `kursus --latihan ID` and `kursus --bab ID`: the REPL with the
//! learner's course session plugged in.

use std::path::Path;

use super::exit::Status;
use super::repl::{self, Companion};
use crate::course::learner::{self, LearnerSession, Start};
use crate::shell::Shell;

/// The course's side of the REPL: its greeting, its dot-commands and the answer.
struct Learner {
    session: LearnerSession,
    greeting: String,
}

impl Companion for Learner {
    fn greeting(&self) -> Option<String> {
        Some(self.greeting.clone())
    }

    fn dot_command(&mut self, line: &str, shell: &mut Shell) -> String {
        self.session.handle_dot(line, shell)
    }

    fn entered(&mut self, entry: &str) {
        self.session.record(entry);
    }
}

/// Without a course folder (and nothing asked for) it is the plain REPL.
pub fn run(start: Start<'_>, data_dir: Option<&Path>) -> anyhow::Result<Status> {
    let asked = start.latihan.is_some() || start.bab.is_some();
    if !asked && crate::course::catalog::locate_root().is_err() {
        return repl::run_plain(data_dir);
    }
    let (session, shell, greeting) = learner::open(start, data_dir)?;
    repl::run(shell, &mut Learner { session, greeting }, data_dir)?;
    Ok(Status::Success)
}
