//! `kursus daftar` (alias list): lessons and exercises with ✓ and a progress bar;
//! `--ekspor`/`--impor` move the progress between front ends (course/transfer.rs).

use super::exit::Status;
use crate::course::catalog::{locate_root, Course};
use crate::course::progress::{data_dir, ProgressStore};
use crate::course::{listing, transfer};
use crate::pesan;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Tulis kemajuan ke BERKAS (JSON yang sama dengan di peramban) (alias: --export)
    #[arg(
        long,
        value_name = "BERKAS",
        alias = "export",
        conflicts_with = "impor"
    )]
    pub ekspor: Option<PathBuf>,
    /// Gabungkan kemajuan dari BERKAS ke kemajuan di sini (alias: --import)
    #[arg(long, value_name = "BERKAS", alias = "import")]
    pub impor: Option<PathBuf>,
}

pub fn run(args: Args, data_dir_flag: Option<&Path>) -> anyhow::Result<Status> {
    let store = ProgressStore::new(&data_dir(data_dir_flag));
    let (mut progress, note) = store.load();
    if let Some(note) = note {
        eprintln!("{note}");
    }
    if let Some(file) = &args.ekspor {
        std::fs::write(file, transfer::export(&progress))?;
        println!("{}", pesan::ekspor_selesai(file.display()));
        return Ok(Status::Success);
    }
    if let Some(file) = &args.impor {
        let Some(merged) = import(&std::fs::read(file)?, &mut progress) else {
            return Ok(Status::Io);
        };
        store.save(&progress)?;
        println!("{merged}");
    }
    let course = Course::load(&locate_root()?)?;
    println!("{}", listing::render(&course, &progress));
    Ok(Status::Success)
}

/// The merge, or `None` after telling why the file was refused.
fn import(
    bytes: &[u8],
    progress: &mut crate::course::progress::Progress,
) -> Option<transfer::Merged> {
    match transfer::parse_import(bytes) {
        Ok(other) => Some(transfer::merge(progress, other)),
        Err(why) => {
            eprintln!("{why}");
            None
        }
    }
}
