//! The real clients some end-to-end tests drive (mongosh, pymongo, boto3, the AWS CLI,
//! the AWS SDK and the MongoDB driver for Node), as `.ci/klien` installs them into
//! `.klien/` of the clone or into `KURSUS_KLIEN_DIR`.
#![allow(dead_code)] // each suite uses the clients it needs
//!
//! A test asks for a client with [`wajib`]: missing, the test skips and says how to
//! install it; with `KURSUS_KLIEN_WAJIB=1` (set by `.ci/run`) a missing client fails it.

use std::path::PathBuf;
use std::process::Command;

/// The folder the clients live in.
pub fn dir() -> PathBuf {
    match std::env::var_os("KURSUS_KLIEN_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => super::support::repo_root().join(".klien"),
    }
}

/// A client the tests can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Klien {
    /// Python with pymongo and boto3 importable.
    Python,
    /// The AWS CLI (`aws`).
    AwsCli,
    /// The real mongosh 2.4.2.
    Mongosh,
    /// Node.js with `mongodb`, `@aws-sdk/client-dynamodb` and `@aws-sdk/lib-dynamodb`
    /// resolvable (run scripts with [`node`]).
    Node,
}

impl Klien {
    fn path(self) -> PathBuf {
        match self {
            Klien::Python => dir().join("py/bin/python"),
            Klien::AwsCli => dir().join("py/bin/aws"),
            Klien::Mongosh => dir().join("node/node_modules/.bin/mongosh"),
            Klien::Node => dir().join("node/node_modules"),
        }
    }
}

/// A command for `klien`, or `None` when it is missing and not required (the test then
/// returns early; the reason is printed). Panics when it is missing and required.
pub fn wajib(klien: Klien) -> Option<Command> {
    let path = klien.path();
    if !path.exists() {
        let why = format!(
            "{klien:?} tidak ditemukan di {}: jalankan `bash .ci/klien` untuk memasangnya",
            path.display()
        );
        assert!(
            std::env::var("KURSUS_KLIEN_WAJIB").as_deref() != Ok("1"),
            "{why}"
        );
        eprintln!("dilewati: {why}");
        return None;
    }
    Some(match klien {
        Klien::Node => node(),
        _ => Command::new(path),
    })
}

/// `node` that resolves the installed packages from a script anywhere. `NODE_PATH` only
/// serves `require`: ES modules import by the absolute paths under [`dir`].
fn node() -> Command {
    let mut cmd = Command::new("node");
    cmd.env("NODE_PATH", dir().join("node/node_modules"));
    cmd
}
