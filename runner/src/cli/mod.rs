//! The command line: argument parsing and one file per subcommand.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

pub mod buku;
pub mod daftar;
pub mod jalankan;
pub mod periksa;
pub mod repl;

/// Kursus — belajar pemodelan data NoSQL lewat REPL mongosh dan DynamoDB.
#[derive(Parser, Debug)]
#[command(name = "kursus", version, about)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Jalankan skrip seolah-olah diketik di REPL (alias: run)
    #[command(alias = "run")]
    Jalankan(jalankan::Args),
    /// Periksa seluruh buku: contoh, latihan, dan solusi (alias: check)
    #[command(alias = "check")]
    Periksa(periksa::Args),
    /// Daftar pelajaran dan latihan beserta kemajuan (alias: list)
    #[command(alias = "list")]
    Daftar(daftar::Args),
    /// Bangun buku (alias: book)
    #[command(alias = "book")]
    Buku(buku::Args),
}

pub fn dispatch(args: Args) -> ExitCode {
    let result = match args.command {
        None => repl::run(repl::Args::default()),
        Some(Command::Jalankan(a)) => jalankan::run(a),
        Some(Command::Periksa(a)) => periksa::run(a),
        Some(Command::Daftar(a)) => daftar::run(a),
        Some(Command::Buku(a)) => buku::run(a),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("kesalahan: {err:#}");
            ExitCode::FAILURE
        }
    }
}
