//! `kursus` with no subcommand: the interactive REPL (rustyline), or piped input.

use std::process::ExitCode;

#[derive(Debug, Default)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("belum tersedia")
}
