//! Kursus: an Indonesian NoSQL modelling course with a mongosh-faithful REPL
//! and a DynamoDB client, both over embedded mini-engines.
//!
//! Layering (each layer only knows the ones below it):
//! `cli` → `course` → `shell` → (`printer`, `engine`).
//! Engines know nothing of the shell; the printer knows nothing of engines.
//! `base64` is a leaf both the shell and the DynamoDB engine use; `pesan`, the catalogue of
//! Indonesian texts, is a leaf every layer above the engines may use. `server`, the network
//! plumbing (runtime, listeners, graceful stop), knows nothing of the course: the CLI
//! hands it what to serve. `wire`, the MongoDB wire format as pure functions on bytes, is
//! a leaf below it.
//!
//! Cargo features (both on by default): `buku` builds the book with mdBook, `layani` brings
//! the network stack (`kursus layani`, `kursus buku --sajikan`). Without them the CLI says
//! which feature was left out; the fuzz targets build that way.

//!
//! On `target_family = "wasm"` (the browser build, `web/`) there is no terminal, network
//! or second thread: `cli` and the native-only crates are left out, and only the library
//! without default features is built.

#[cfg(all(target_family = "wasm", any(feature = "buku", feature = "layani")))]
compile_error!(
    "the WebAssembly build has no network stack or mdBook: build it with --no-default-features"
);

/// glibc's allocator spends most of a large engine's time consolidating free lists
/// (a one-workspace Query over a million items was mostly `malloc_consolidate`);
/// mimalloc keeps small allocations cheap for the engines and the JavaScript runtime.
/// It stays in the library (not only the binary) so the benchmarks and tests run on the
/// allocator the learner's binary uses.
#[cfg(not(target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod base64;
#[cfg(not(target_family = "wasm"))]
pub mod cli;
pub mod course;
pub mod engine;
pub mod pesan;
pub(crate) mod printer;
#[cfg(feature = "layani")]
pub mod server;
pub mod shell;
pub mod wire;
