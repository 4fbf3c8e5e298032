//! `kursus periksa [--perbarui]` (alias check): every example and exercise of the book.

use super::exit::Status;
use crate::course::catalog::{locate_root, Course};
use crate::course::check::{check_course, Options};
use crate::course::render::colour_wanted;
use crate::course::shell_port::ShellFactory;

#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Tulis ulang blok keluaran dan field `keluaran` dari keluaran sebenarnya (untuk penulis)
    #[arg(long)]
    pub perbarui: bool,
}

pub fn run(args: Args) -> anyhow::Result<Status> {
    run_with(args, &crate::course::real_shell::factory)
}

pub fn run_with<F: ShellFactory + Sync>(args: Args, factory: &F) -> anyhow::Result<Status> {
    let course = Course::load(&locate_root()?)?;
    let options = Options {
        update: args.perbarui,
        colour: colour_wanted(),
    };
    let report = check_course(factory, &course, options)?;
    for line in &report.lines {
        println!("{line}");
    }
    println!("{}", report.summary());
    Ok(if report.failures == 0 {
        Status::Success
    } else {
        Status::ChecksFailed
    })
}
