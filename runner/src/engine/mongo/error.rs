//! Server errors with the server's code, codeName and message.

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct MongoError {
    pub code: i32,
    pub code_name: String,
    pub message: String,
}

impl MongoError {
    pub fn new(code: i32, code_name: &str, message: impl Into<String>) -> Self {
        Self {
            code,
            code_name: code_name.to_string(),
            message: message.into(),
        }
    }

    /// Code 2: the most common parse/validation failure.
    pub fn bad_value(message: impl Into<String>) -> Self {
        Self::new(2, "BadValue", message)
    }

    pub fn type_mismatch(message: impl Into<String>) -> Self {
        Self::new(14, "TypeMismatch", message)
    }

    pub fn failed_to_parse(message: impl Into<String>) -> Self {
        Self::new(9, "FailedToParse", message)
    }

    pub fn invalid_options(message: impl Into<String>) -> Self {
        Self::new(72, "InvalidOptions", message)
    }

    /// Errors the server names `Location<code>`.
    pub fn location(code: i32, message: impl Into<String>) -> Self {
        Self::new(code, &format!("Location{code}"), message)
    }

    pub fn duplicate_key(message: impl Into<String>) -> Self {
        Self::new(11000, "DuplicateKey", message)
    }

    /// Prefixes the message the way the server wraps causes.
    pub fn caused_by(mut self, prefix: &str) -> Self {
        self.message = format!("{prefix} :: caused by :: {}", self.message);
        self
    }
}

/// The server's codeName for the codes this engine produces (write errors
/// carry only the code; clients that want a name can look it up here).
pub fn code_name(code: i32) -> &'static str {
    match code {
        2 => "BadValue",
        9 => "FailedToParse",
        11 => "UserNotFound",
        14 => "TypeMismatch",
        26 => "NamespaceNotFound",
        27 => "IndexNotFound",
        28 => "PathNotViable",
        40 => "ConflictingUpdateOperators",
        43 => "CursorNotFound",
        52 => "DollarPrefixedFieldName",
        53 => "InvalidIdField",
        56 => "EmptyFieldName",
        59 => "CommandNotFound",
        66 => "ImmutableField",
        67 => "CannotCreateIndex",
        72 => "InvalidOptions",
        73 => "InvalidNamespace",
        85 => "IndexOptionsConflict",
        86 => "IndexKeySpecsConflict",
        171 => "CannotIndexParallelArrays",
        10334 => "BSONObjectTooLarge",
        11000 => "DuplicateKey",
        17419 => "Location17419",
        _ => "UnknownError",
    }
}
