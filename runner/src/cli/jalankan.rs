//! `kursus jalankan [--pelajaran ID] [--objectid HEX] [FILE | -]`: a script as if typed.

use super::error::CliError;
use super::exit::Status;
use crate::shell::{split, Shell, ShellOptions};
use std::io::{Read, Write};
use std::path::PathBuf;

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

/// With `--pelajaran ID` the script starts from that lesson's main dataset and (unless
/// `--objectid` is given) its ObjectId seed, as the book's examples are written.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let source = read_source(args.file.as_ref())?;
    let seed = args.objectid.as_deref().map(parse_objectid).transpose()?;
    let mut shell = match &args.pelajaran {
        Some(id) => crate::course::learner::lesson_shell(id, seed)?,
        None => Shell::new(ShellOptions {
            objectid_seed: seed,
            ..ShellOptions::default()
        }),
    };
    stream(&mut shell, &source)?;
    Ok(Status::Success)
}

/// Prints each unit's output as soon as it is evaluated.
pub fn stream(shell: &mut Shell, source: &str) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for unit in split::split_units(source) {
        if shell.has_quit() {
            break;
        }
        let output = shell.run_unit(&unit);
        if shell.has_quit() && output.text.is_empty() {
            break;
        }
        out.write_all(output.render(true).as_bytes())?;
        out.flush()?;
    }
    Ok(())
}

fn read_source(file: Option<&PathBuf>) -> anyhow::Result<String> {
    match file {
        Some(path) if path.as_os_str() != "-" => std::fs::read_to_string(path).map_err(|cause| {
            CliError::ScriptUnreadable {
                path: path.clone(),
                cause,
            }
            .into()
        }),
        _ => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            Ok(text)
        }
    }
}

/// 24 hex digits → the 12 bytes of an ObjectId.
pub fn parse_objectid(hex: &str) -> Result<[u8; 12], CliError> {
    let oid = bson::oid::ObjectId::parse_str(hex).map_err(|_| CliError::BadObjectId {
        hex: hex.to_string(),
    })?;
    Ok(oid.bytes())
}
