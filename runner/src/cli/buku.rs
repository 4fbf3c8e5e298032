//! `kursus buku`.

use std::process::ExitCode;

#[derive(clap::Args, Debug, Default)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("belum tersedia")
}
