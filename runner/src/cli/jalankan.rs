//! `kursus jalankan [--pelajaran ID] [--objectid HEX] [FILE | -]`: a script as if typed.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Mulai dari dataset pelajaran ini
    #[arg(long)]
    pub pelajaran: Option<String>,
    /// ObjectId pertama yang dibuat (24 digit heksadesimal); berikutnya menaikkan penghitung
    #[arg(long)]
    pub objectid: Option<String>,
    /// Berkas skrip, atau `-` untuk masukan standar
    pub file: Option<PathBuf>,
}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("belum tersedia")
}
