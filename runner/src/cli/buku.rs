//! `kursus buku [--sajikan]` (alias book): builds the book, optionally serves it.

use super::exit::Status;
use crate::course::book;
use crate::course::catalog::{locate_root, Course};
use crate::pesan;
use crate::server::{self, Server};
use std::path::Path;

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
        serve(&html, args.port)?;
    }
    Ok(Status::Success)
}

/// Serves the built book on loopback until Ctrl-C or SIGTERM.
fn serve(html: &Path, port: u16) -> anyhow::Result<()> {
    let mut server = Server::new()?;
    let endpoint = server.bind(server::loopback(port))?;
    println!("{}", pesan::buku_disajikan(endpoint.addr()));
    server.serve_http(endpoint, server::files(html, pesan::HALAMAN_TIDAK_ADA));
    server.run()?;
    Ok(())
}
