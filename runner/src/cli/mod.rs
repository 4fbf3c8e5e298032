//! The command line: argument parsing and one file per subcommand.

use crate::pesan::cli as pesan;
use clap::{Parser, Subcommand};
use exit::Status;
use std::path::PathBuf;
use std::process::ExitCode;

pub mod buku;
pub mod daftar;
pub mod error;
pub mod exit;
pub mod jalankan;
pub mod layani;
pub mod periksa;
pub mod repl;

pub use error::CliError;

/// Kursus — belajar pemodelan data NoSQL lewat REPL mongosh dan DynamoDB.
#[derive(Parser, Debug)]
#[command(name = "kursus", version, about, after_help = exit::help_table())]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Buka REPL langsung pada latihan ini, misalnya banyak-ke-banyak/peserta-kuliah
    #[arg(long, value_name = "PELAJARAN/LATIHAN")]
    pub latihan: Option<String>,
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
    /// Bangun buku (alias: book)
    #[command(alias = "book")]
    Buku(buku::Args),
    /// Layani data pelajaran lewat API DynamoDB dan protokol MongoDB (alias: server)
    #[command(alias = "server")]
    Layani(layani::Args),
}

/// Bare `kursus` (or `kursus --latihan ID`): the REPL at the learner's exercise.
/// Without a course folder (and no exercise asked for) it is the plain REPL.
fn belajar(latihan: Option<&str>, data_dir: Option<&std::path::Path>) -> anyhow::Result<Status> {
    if latihan.is_none() && crate::course::catalog::locate_root().is_err() {
        return repl::run(repl::Args::default());
    }
    let (mut session, greeting) = crate::course::learner::open(latihan, data_dir)?;
    let shell = session.fresh_shell()?;
    crate::course::repl_loop::run(&mut session, shell, &greeting)?;
    Ok(Status::Success)
}

/// `kursus jalankan`, with `--pelajaran ID` starting from that lesson's main dataset
/// and (unless `--objectid` is given) its ObjectId seed, as the examples are written.
fn jalankan_pelajaran(mut args: jalankan::Args) -> anyhow::Result<Status> {
    if let (Some(id), None) = (args.pelajaran.as_deref(), args.objectid.as_ref()) {
        let seed = crate::course::learner::lesson_seed(id)?;
        args.objectid = seed.map(|b| bson::oid::ObjectId::from_bytes(b).to_hex());
    }
    jalankan::run_with_loader(args, Some(load_lesson_dataset))
}

fn load_lesson_dataset(shell: &mut crate::shell::Shell, id: &str) -> anyhow::Result<()> {
    crate::course::learner::load_lesson(id, shell)?;
    Ok(())
}

pub fn dispatch(args: Args) -> ExitCode {
    let result = match args.command {
        None => belajar(args.latihan.as_deref(), args.data_dir.as_deref()),
        Some(Command::Jalankan(a)) => jalankan_pelajaran(a),
        Some(Command::Periksa(a)) => periksa::run(a),
        Some(Command::Daftar(a)) => daftar::run(a, args.data_dir.as_deref()),
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
