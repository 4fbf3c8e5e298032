//! Kursus: an Indonesian NoSQL modelling course with a mongosh-faithful REPL
//! and a DynamoDB client, both over embedded mini-engines.
//!
//! Layering (each layer only knows the ones below it):
//! `cli` → `course` → `shell` → (`printer`, `engine`).
//! Engines know nothing of the shell; the printer knows nothing of engines.
//! `base64` is a leaf both the shell and the DynamoDB engine use.

pub mod base64;
pub mod cli;
pub mod course;
pub mod engine;
pub mod printer;
pub mod shell;
