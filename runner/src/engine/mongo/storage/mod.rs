//! In-memory storage: collections of documents and their indexes.

pub mod collection;
pub mod index;
pub mod key;
#[cfg(test)]
mod key_tests;
pub mod keys;
pub mod postings;
#[cfg(test)]
mod postings_tests;
pub mod records;
#[cfg(test)]
mod records_tests;
pub mod size;

pub use collection::Collection;
pub use index::{Index, RecordId};
