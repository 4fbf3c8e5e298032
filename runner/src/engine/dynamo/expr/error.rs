//! The expression code's errors. Their texts are AWS's own English words: they
//! become a `ValidationException` message, most behind `Invalid <member>: `.

/// One expression error, worded as the service words it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ExprError(String);

impl ExprError {
    pub fn new(text: impl Into<String>) -> Self {
        ExprError(text.into())
    }

    /// The same error behind the service's prefix (`"KeyConditionExpressions …: "`).
    pub fn prefixed(self, prefix: &str) -> Self {
        ExprError(format!("{prefix}{}", self.0))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<ExprError> for super::super::DynamoError {
    /// Errors the service reports without a member prefix.
    fn from(e: ExprError) -> Self {
        super::super::DynamoError::validation(e.0)
    }
}

pub type ExprResult<T> = Result<T, ExprError>;

impl PartialEq<&str> for ExprError {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}
