//! The document engine: MongoDB semantics over in-memory collections.
//!
//! Its interface is the server's command protocol: `run_command(db, { find: .. })`
//! returns the reply document the server would, or a [`MongoError`].

use bson::Document;

pub mod aggregate;
mod error;
pub mod expr;
pub use error::MongoError;

/// All databases of one session.
#[derive(Debug, Default)]
pub struct Engine {}

impl Engine {
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs one server command (`find`, `insert`, `update`, `delete`, `aggregate`, ...).
    pub fn run_command(&mut self, _db: &str, _command: Document) -> Result<Document, MongoError> {
        todo!()
    }
}
