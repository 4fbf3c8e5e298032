//! Errors of the course layer. Their text is already the Indonesian message for the
//! learner or author (built in `pesan`), so the CLI prints them as they are.

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CourseError {
    /// A course file (manifest, lesson, dataset, chapter) is missing or malformed.
    #[error("{0}")]
    Berkas(String),
    /// A lesson or exercise id that does not exist.
    #[error("{0}")]
    TidakAda(String),
    /// A dataset could not be loaded into a shell.
    #[error("{0}")]
    Dataset(String),
    /// The book could not be built.
    #[error("{0}")]
    Buku(String),
    /// Progress could not be saved.
    #[error("{0}")]
    Kemajuan(String),
}

pub type Result<T> = std::result::Result<T, CourseError>;
