//! `kursus buku [--sajikan]` (alias book): builds the book, optionally serves it.

use super::exit::Status;
use crate::course::catalog::{locate_root, Course};
use crate::course::{book, serve};
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
    let course = Course::load(&locate_root()?)?;
    let html = book::build(course)?;
    println!("{}", pesan::buku_selesai(html.display()));
    if args.sajikan {
        let listener = serve::bind(args.port)?;
        println!("{}", pesan::buku_disajikan(listener.local_addr()?));
        serve::serve(listener, &html);
    }
    Ok(Status::Success)
}
