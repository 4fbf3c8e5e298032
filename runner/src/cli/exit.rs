//! The exit statuses of `kursus`: the one table from an outcome or an error to a code,
//! also shown at the end of `kursus --help`.

use super::error::CliError;
use crate::course::CourseError;
use crate::pesan::cli as pesan;
use std::error::Error;
use std::process::ExitCode;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Success,
    /// `kursus periksa` ran and found failures.
    ChecksFailed,
    /// Bad arguments; clap exits with this code for its own parse errors.
    Usage,
    /// A course file is malformed, or no course folder was found.
    CourseInvalid,
    /// The lesson or exercise asked for does not exist.
    UnknownId,
    /// A file could not be read or written, the progress file included.
    Io,
    /// mdBook could not build the book.
    Book,
    /// Anything else: a bug of ours.
    Internal,
}

/// Every status, in the order `--help` lists them.
pub const ALL: [Status; 8] = [
    Status::Success,
    Status::ChecksFailed,
    Status::Usage,
    Status::CourseInvalid,
    Status::UnknownId,
    Status::Io,
    Status::Book,
    Status::Internal,
];

impl Status {
    pub const fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::ChecksFailed => 1,
            Status::Usage => 2,
            Status::CourseInvalid => 3,
            Status::UnknownId => 4,
            Status::Io => 5,
            Status::Book => 6,
            Status::Internal => 7,
        }
    }

    fn meaning(self) -> &'static str {
        match self {
            Status::Success => pesan::KELUAR_BERHASIL,
            Status::ChecksFailed => pesan::KELUAR_PERIKSA_GAGAL,
            Status::Usage => pesan::KELUAR_SALAH_PAKAI,
            Status::CourseInvalid => pesan::KELUAR_KURSUS_RUSAK,
            Status::UnknownId => pesan::KELUAR_ID_TIDAK_ADA,
            Status::Io => pesan::KELUAR_IO,
            Status::Book => pesan::KELUAR_BUKU,
            Status::Internal => pesan::KELUAR_INTERNAL,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status.code())
    }
}

/// The table at the end of `kursus --help`.
pub fn help_table() -> String {
    pesan::tabel_kode_keluar(&ALL.map(|s| (s.code(), s.meaning())))
}

/// The status of a failed command: the first cause in the error's chain that we know.
pub fn status_of(err: &anyhow::Error) -> Status {
    err.chain().find_map(classify).unwrap_or(Status::Internal)
}

fn classify(cause: &(dyn Error + 'static)) -> Option<Status> {
    if let Some(e) = cause.downcast_ref::<CourseError>() {
        return Some(course_status(e));
    }
    if let Some(e) = cause.downcast_ref::<CliError>() {
        return Some(cli_status(e));
    }
    let io = cause.is::<std::io::Error>() || cause.is::<rustyline::error::ReadlineError>();
    io.then_some(Status::Io)
}

fn course_status(err: &CourseError) -> Status {
    match err {
        CourseError::UnknownExercise { .. } | CourseError::UnknownLesson { .. } => {
            Status::UnknownId
        }
        CourseError::Unwritable { .. } | CourseError::ProgressSave { .. } => Status::Io,
        CourseError::Book { .. } => Status::Book,
        CourseError::Unreadable { .. }
        | CourseError::Toml { .. }
        | CourseError::FormatVersion { .. }
        | CourseError::LessonIdMismatch { .. }
        | CourseError::BadObjectId { .. }
        | CourseError::StatusWithoutState { .. }
        | CourseError::DesignWithoutSpec { .. }
        | CourseError::Design(_)
        | CourseError::UnknownSampleExercise { .. }
        | CourseError::Json { .. }
        | CourseError::ExtJson { .. }
        | CourseError::NotDocument { .. }
        | CourseError::NotArray { .. }
        | CourseError::Dataset { .. }
        | CourseError::CourseNotFound
        | CourseError::KeluaranNotFound { .. } => Status::CourseInvalid,
    }
}

fn cli_status(err: &CliError) -> Status {
    match err {
        CliError::BadObjectId { .. } | CliError::FeatureLeftOut { .. } => Status::Usage,
        CliError::ScriptUnreadable { .. } => Status::Io,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_usage_is_clap_s() {
        let mut codes: Vec<u8> = ALL.iter().map(|s| s.code()).collect();
        codes.dedup();
        assert_eq!(codes, (0..8).collect::<Vec<u8>>());
        assert_eq!(Status::Usage.code(), 2);
        let table = help_table();
        for status in ALL {
            let line = format!("  {}  {}", status.code(), status.meaning());
            assert!(table.contains(&line), "{table}");
        }
    }

    #[test]
    fn the_chain_decides() {
        let unknown = CourseError::UnknownLesson { id: "x".into() };
        let wrapped = anyhow::Error::new(unknown).context("membuka sesi");
        assert_eq!(status_of(&wrapped), Status::UnknownId);
        let io = std::io::Error::other("disk penuh");
        assert_eq!(status_of(&anyhow::Error::new(io)), Status::Io);
        let usage = CliError::BadObjectId { hex: "zz".into() };
        assert_eq!(status_of(&usage.into()), Status::Usage);
        assert_eq!(status_of(&anyhow::anyhow!("lain")), Status::Internal);
    }
}
