//! Server errors with the server's code, codeName and message.

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct MongoError {
    pub code: i32,
    pub code_name: String,
    pub message: String,
}
