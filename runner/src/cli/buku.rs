//! `kursus buku [--sajikan]` (alias book): builds the book, optionally serves it.

use super::exit::Status;
use super::layani;
use crate::course::book;
use crate::course::catalog::{locate_root, Course};
use crate::pesan;

#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Sajikan buku di 127.0.0.1 setelah dibangun
    #[arg(long)]
    pub sajikan: bool,
    /// Port untuk --sajikan (0 = pilih port bebas)
    #[arg(long, default_value_t = 3000)]
    pub port: u16,
}

pub fn run(args: Args) -> anyhow::Result<Status> {
    let root = locate_root()?;
    let html = book::build(Course::load(&root)?)?;
    println!("{}", pesan::buku_selesai(html.display()));
    match book::copy_web_bundle(&root, &html)? {
        Some(web) => println!("{}", pesan::bundel_web_disalin(web.display())),
        None => println!("{}", pesan::BUNDEL_WEB_TIDAK_ADA),
    }
    if args.sajikan {
        layani::serve_book(&html, args.port)?;
    }
    Ok(Status::Success)
}
