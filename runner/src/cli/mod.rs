//! The command line: argument parsing and one file per subcommand.

use crate::pesan::cli as pesan;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

pub mod belajar;
#[cfg(feature = "buku")]
pub mod buku;
pub mod daftar;
pub mod dynamo_completion;
pub mod editor;
pub mod error;
pub mod exit;
pub mod jalankan;
pub mod kuis;
#[cfg(feature = "layani")]
pub mod layani;
pub mod left_out;
pub mod periksa;
pub mod repl;

pub use error::CliError;
#[cfg(not(feature = "buku"))]
pub use left_out::buku;
#[cfg(not(feature = "layani"))]
pub use left_out::layani;

/// Kursus — belajar pemodelan data NoSQL lewat REPL mongosh dan DynamoDB.
#[derive(Parser, Debug)]
#[command(name = "kursus", version, about, after_help = exit::help_table())]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Buka REPL langsung pada latihan ini, misalnya banyak-ke-banyak/peserta-kuliah
    #[arg(long, value_name = "PELAJARAN/LATIHAN")]
    pub latihan: Option<String>,
    /// Buka sesi bebas untuk mengetik contoh bab pelajaran ini, tanpa penilaian
    #[arg(long, value_name = "PELAJARAN", conflicts_with = "latihan")]
    pub bab: Option<String>,
    /// Folder data untuk kemajuan (bawaan: KURSUS_DATA_DIR atau folder data pengguna)
    #[arg(long, global = true, value_name = "FOLDER")]
    pub data_dir: Option<PathBuf>,
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
    /// Kerjakan kuis konsep sebuah bab (alias: quiz)
    #[command(alias = "quiz")]
    Kuis(kuis::Args),
    /// Bangun buku (alias: book)
    #[command(alias = "book")]
    Buku(buku::Args),
    /// Layani data pelajaran lewat API DynamoDB dan protokol MongoDB (alias: server)
    #[command(alias = "server")]
    Layani(layani::Args),
}

pub fn dispatch(args: Args) -> ExitCode {
    let result = match args.command {
        None => belajar::run(
            crate::course::learner::Start {
                latihan: args.latihan.as_deref(),
                bab: args.bab.as_deref(),
            },
            args.data_dir.as_deref(),
        ),
        Some(Command::Jalankan(a)) => jalankan::run(a),
        Some(Command::Periksa(a)) => periksa::run(a),
        Some(Command::Daftar(a)) => daftar::run(a, args.data_dir.as_deref()),
        Some(Command::Kuis(a)) => kuis::run(a, args.data_dir.as_deref()),
        Some(Command::Buku(a)) => buku::run(a),
        Some(Command::Layani(a)) => layani::run(a),
    };
    match result {
        Ok(status) => status.into(),
        Err(err) => {
            eprintln!("{}", pesan::kesalahan(format!("{err:#}")));
            exit::status_of(&err).into()
        }
    }
}
