//! Errors of the command line itself (the course layer has its own, `CourseError`).

use crate::pesan::cli as pesan;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// `--objectid` is not 24 hex digits.
    #[error("{}", pesan::objectid_salah(hex))]
    BadObjectId { hex: String },
    /// The script for `kursus jalankan` could not be read.
    #[error("{}", pesan::skrip_tidak_terbaca(path.display(), cause))]
    ScriptUnreadable {
        path: PathBuf,
        cause: std::io::Error,
    },
    /// A subcommand whose Cargo feature this build left out.
    #[error("{}", pesan::fitur_tidak_disertakan(feature))]
    FeatureLeftOut { feature: &'static str },
}
