//! The DynamoDB engine: single-table design over in-memory partitions.
//!
//! Its interface is the service's JSON protocol: `execute("Query", request)` returns
//! the response body the service would, or a [`DynamoError`].

use serde_json::Value;

mod error;
pub use error::DynamoError;

#[derive(Debug, Default)]
pub struct Engine {}

impl Engine {
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs one action (`GetItem`, `Query`, ...) with its request in AWS JSON.
    pub fn execute(&mut self, _action: &str, _request: Value) -> Result<Value, DynamoError> {
        todo!()
    }
}
