//! Kursus: an Indonesian NoSQL modelling course with a mongosh-faithful REPL
//! and a DynamoDB client, both over embedded mini-engines.
//!
//! Layering (each layer only knows the ones below it):
//! `cli` → `course` → `shell` → (`printer`, `engine`).
//! Engines know nothing of the shell; the printer knows nothing of engines.
//! `base64` is a leaf both the shell and the DynamoDB engine use; `pesan`, the catalogue of
//! Indonesian texts, is a leaf every layer above the engines may use.

/// glibc's allocator spends most of a large engine's time consolidating free lists
/// (a one-workspace Query over a million items was mostly `malloc_consolidate`);
/// mimalloc keeps small allocations cheap for the engines and the JavaScript runtime.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod base64;
pub mod cli;
pub mod course;
pub mod engine;
pub mod pesan;
pub(crate) mod printer;
pub mod shell;
