//! The Kursus shell, both engines and the course for the browser.
//!
//! [`api`] answers JSON requests (open a session, is an entry complete, run an entry) and
//! is plain Rust, tested natively; [`abi`] hands it bytes across the WebAssembly boundary;
//! [`bundle`] is the course, carried inside the module. See README.md for the exports.

pub mod abi;
pub mod api;
pub mod bundle;
#[cfg(all(target_os = "wasi", feature = "pthread-stubs"))]
mod wasi_threads;
