//! Bare `kursus`, `kursus --latihan ID` and `kursus --bab ID`: the REPL on the learner's
//! course console, or on the plain shell outside a course.

use std::path::Path;

use super::exit::Status;
use super::repl;
use crate::course::console::Console;
use crate::course::learner::Start;

/// Without a course folder (and nothing asked for) it is the plain REPL.
pub fn run(start: Start<'_>, data_dir: Option<&Path>) -> anyhow::Result<Status> {
    let asked = start.latihan.is_some() || start.bab.is_some();
    let console = if !asked && crate::course::catalog::locate_root().is_err() {
        Console::plain()
    } else {
        Console::learner(start, data_dir)?
    };
    repl::run(console, data_dir)?;
    Ok(Status::Success)
}
