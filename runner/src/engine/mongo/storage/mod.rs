//! In-memory storage: collections of documents and their indexes.

pub(crate) mod collection;
pub(crate) mod index;
pub(crate) mod key;
#[cfg(test)]
mod key_tests;
pub(crate) mod keys;
pub(crate) mod postings;
#[cfg(test)]
mod postings_tests;
pub(crate) mod records;
#[cfg(test)]
mod records_tests;
pub(crate) mod size;

pub(crate) use collection::Collection;
pub(crate) use index::{Index, RecordId};
