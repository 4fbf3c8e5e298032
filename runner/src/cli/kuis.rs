//! `kursus kuis BAB` (alias quiz): a chapter's concept checks on their own, one
//! question at a time, answers kept in the progress file; it ends with the quiz.

use super::exit::Status;
use super::repl;
use crate::course::console::Console;
use crate::course::learner::Start;
use std::path::Path;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Bab yang kuisnya dikerjakan, misalnya embedding-referencing
    #[arg(value_name = "BAB")]
    pub bab: String,
}

pub fn run(args: Args, data_dir: Option<&Path>) -> anyhow::Result<Status> {
    let start = Start {
        latihan: None,
        bab: Some(&args.bab),
    };
    let mut console = Console::learner(start, data_dir)?;
    console.begin_quiz();
    repl::run(console, data_dir)?;
    Ok(Status::Success)
}
