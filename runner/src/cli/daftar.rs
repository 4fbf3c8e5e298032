//! `kursus daftar` (alias list): lessons and exercises with ✓ and a progress bar.

use super::exit::Status;
use crate::course::catalog::{locate_root, Course};
use crate::course::listing;
use crate::course::progress::{data_dir, ProgressStore};
use std::path::Path;

#[derive(clap::Args, Debug, Default)]
pub struct Args {}

pub fn run(_args: Args, data_dir_flag: Option<&Path>) -> anyhow::Result<Status> {
    let course = Course::load(&locate_root()?)?;
    let store = ProgressStore::new(&data_dir(data_dir_flag));
    let (progress, note) = store.load();
    if let Some(note) = note {
        eprintln!("{note}");
    }
    println!("{}", listing::render(&course, &progress));
    Ok(Status::Success)
}
