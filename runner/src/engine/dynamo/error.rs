//! Service errors: the exception name and the service's message text.

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct DynamoError {
    /// e.g. `ValidationException`, `ResourceNotFoundException`.
    pub code: String,
    pub message: String,
}
