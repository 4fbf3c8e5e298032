//! Errors of the course layer. Each variant carries what went wrong as data (the file,
//! the line, the ids, the cause); `Display` words it in Indonesian through `pesan`, so
//! the CLI can both print an error and choose its exit status from the variant.

use crate::pesan;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    /// A course file could not be read.
    #[error("{}", pesan::berkas_tidak_terbaca(path.display(), cause))]
    Unreadable {
        path: PathBuf,
        cause: std::io::Error,
    },
    /// A chapter or lesson file could not be written back (`periksa --perbarui`).
    #[error("{}", pesan::berkas_tidak_tertulis(path.display(), cause))]
    Unwritable {
        path: PathBuf,
        cause: std::io::Error,
    },
    /// A TOML file does not parse or does not fit its schema; `cause` is toml's text.
    #[error("{}", pesan::toml_salah(file.display(), *line, cause))]
    Toml {
        file: PathBuf,
        line: Option<usize>,
        cause: String,
    },
    #[error("{}", pesan::versi_format_tidak_dikenal(file.display(), *found, *known))]
    FormatVersion {
        file: PathBuf,
        found: u32,
        known: u32,
    },
    /// A lesson's `id` differs from its folder's name.
    #[error("{}", pesan::id_pelajaran_beda(file.display(), id, folder))]
    LessonIdMismatch {
        file: PathBuf,
        id: String,
        folder: String,
    },
    #[error("{}", pesan::objectid_salah(file.display(), hex))]
    BadObjectId { file: PathBuf, hex: String },
    /// A `status` exercise that names no collection or table in `keadaan`.
    #[error("{}", pesan::status_tanpa_keadaan(file.display(), exercise))]
    StatusWithoutState { file: PathBuf, exercise: String },
    /// `penilaian = "rancangan"` without `[latihan.rancangan]`, or the other way round.
    #[error("{}", pesan::rancangan::rancangan_tanpa_spesifikasi(file.display(), exercise))]
    DesignWithoutSpec { file: PathBuf, exercise: String },
    #[error("{0}")]
    Design(#[from] super::design::DesignError),
    /// `uji.toml` has sample answers for an exercise the lesson does not have.
    #[error("{}", pesan::uji_latihan_tidak_ada(file.display(), exercise))]
    UnknownSampleExercise { file: PathBuf, exercise: String },
    #[error("{}", pesan::json_salah(path.display(), cause))]
    Json {
        path: PathBuf,
        cause: serde_json::Error,
    },
    /// Document `index` (1-based) of a dataset file is not valid Extended JSON.
    #[error("{}", pesan::extjson_salah(path.display(), *index, cause))]
    ExtJson {
        path: PathBuf,
        index: usize,
        cause: bson::extjson::de::Error,
    },
    /// Element `index` (1-based) of a dataset file is a value, not a document.
    #[error("{}", pesan::extjson_salah(path.display(), *index, format!("{found:?}")))]
    NotDocument {
        path: PathBuf,
        index: usize,
        found: bson::spec::ElementType,
    },
    #[error("{}", pesan::bukan_array(path.display()))]
    NotArray { path: PathBuf },
    /// The shell refused a dataset; `target` is `db.collection` or the table name and
    /// `cause` the engine's own text.
    #[error("{}", pesan::dataset_gagal_dimuat(target, cause))]
    Dataset { target: String, cause: String },
    #[error("{}", pesan::latihan_tidak_ada(id))]
    UnknownExercise { id: String },
    #[error("{}", pesan::pelajaran_tidak_ada(id))]
    UnknownLesson { id: String },
    /// No folder with `lessons/kursus.toml` was found.
    #[error("{}", pesan::kursus_tidak_ditemukan())]
    CourseNotFound,
    /// `periksa --perbarui` could not find the `keluaran` of `exercise` in `path`.
    #[error("{}", pesan::keluaran_tidak_ditemukan(path.display(), exercise))]
    KeluaranNotFound { path: PathBuf, exercise: String },
    /// mdBook failed; `cause` is its error chain.
    #[error("{}", pesan::buku_gagal(cause))]
    Book { cause: String },
    /// The progress file could not be saved.
    #[error("{}", pesan::kemajuan_gagal_ditulis(cause))]
    ProgressSave {
        path: PathBuf,
        cause: std::io::Error,
    },
}

pub type Result<T> = std::result::Result<T, CourseError>;
