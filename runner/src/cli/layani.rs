//! `kursus layani` (alias server): the lesson's data over the real services' protocols,
//! for the AWS CLI, the SDKs and the drivers. The course loads the data into a shell as
//! for an exercise; the shell then hands its engines over, one per service, shared by
//! every connection, in memory only.

use super::exit::Status;
use crate::engine::{dynamo, mongo};
use crate::pesan::server as pesan;
use crate::server::{self, Server};
use crate::shell::{Engines, Shell, ShellOptions};
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::{Arc, Mutex};

#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Muat dataset latihan pelajaran ini (tanpa opsi ini: mulai kosong)
    #[arg(long, value_name = "ID")]
    pub pelajaran: Option<String>,
    /// Layani API DynamoDB (AWS CLI, SDK) di port ini; 0 memilih port bebas
    #[arg(long, value_name = "PORT")]
    pub dynamodb: Option<u16>,
    /// Layani protokol MongoDB (mongosh, driver) di port ini; 0 memilih port bebas
    #[arg(long, value_name = "PORT")]
    pub mongo: Option<u16>,
    /// Alamat yang didengarkan (bawaan 127.0.0.1); alamat lain terbuka tanpa autentikasi
    #[arg(long, value_name = "ALAMAT")]
    pub host: Option<IpAddr>,
    /// Cetak satu baris per permintaan
    #[arg(long)]
    pub log: bool,
}

/// The engines of one server, each behind its own lock: a write acknowledged to one
/// client is seen by the next request of any other.
struct Shared {
    mongo: Arc<Mutex<mongo::Engine>>,
    dynamo: Arc<Mutex<dynamo::Engine>>,
}

pub fn run(args: Args) -> anyhow::Result<Status> {
    if args.dynamodb.is_none() && args.mongo.is_none() {
        eprintln!("{}", pesan::LAYANI_PERLU_ENDPOINT);
        return Ok(Status::Usage);
    }
    let engines = share(load(args.pelajaran.as_deref())?);
    let host = args.host.unwrap_or(server::DEFAULT_HOST);
    let mut server = Server::new()?;
    let lines = start(&mut server, &args, host, engines)?;
    warn_if_open(host);
    lines.iter().for_each(|line| println!("{line}"));
    println!("{}", pesan::LAYANI_BERJALAN);
    server.run()?;
    Ok(Status::Success)
}

/// The lesson's exercise data, or nothing.
fn load(lesson: Option<&str>) -> anyhow::Result<Engines> {
    let shell = match lesson {
        Some(id) => crate::course::learner::lesson_shell(id, None)?,
        None => Shell::new(ShellOptions::default()),
    };
    Ok(shell.into_engines())
}

fn share(mut engines: Engines) -> Shared {
    engines.mongo.randomize();
    Shared {
        mongo: Arc::new(Mutex::new(engines.mongo)),
        dynamo: Arc::new(Mutex::new(engines.dynamo)),
    }
}

/// Binds and serves every endpoint asked for; returns the lines that announce them.
fn start(
    server: &mut Server,
    args: &Args,
    host: IpAddr,
    engines: Shared,
) -> anyhow::Result<Vec<String>> {
    let mut lines = Vec::new();
    if let Some(port) = args.dynamodb {
        let endpoint = server.bind(SocketAddr::new(host, port))?;
        lines.push(pesan::endpoint_berjalan(
            "DynamoDB",
            "http",
            endpoint.addr(),
        ));
        server::dynamodb::serve(server, endpoint, engines.dynamo, args.log);
    }
    if let Some(port) = args.mongo {
        let endpoint = server.bind(SocketAddr::new(host, port))?;
        // A connection string names a database after the slash; none is the default.
        let address = format!("{}/", endpoint.addr());
        lines.push(pesan::endpoint_berjalan("MongoDB", "mongodb", address));
        server::mongo_wire::serve(server, endpoint, engines.mongo, args.log);
    }
    Ok(lines)
}

/// Requests are not authenticated: say so when the port is reachable from elsewhere.
fn warn_if_open(host: IpAddr) {
    if !host.is_loopback() {
        eprintln!("{}", pesan::peringatan_tanpa_autentikasi(host));
    }
}

/// `kursus buku --sajikan`: the built book on loopback until Ctrl-C or SIGTERM. It lives
/// with the other endpoints so that one feature gates the whole network stack.
pub fn serve_book(html: &Path, port: u16) -> anyhow::Result<()> {
    let mut server = Server::new()?;
    let endpoint = server.bind(server::loopback(port))?;
    println!("{}", crate::pesan::buku_disajikan(endpoint.addr()));
    let files = server::files(html, crate::pesan::HALAMAN_TIDAK_ADA);
    server.serve_http(endpoint, files);
    server.run()?;
    Ok(())
}
