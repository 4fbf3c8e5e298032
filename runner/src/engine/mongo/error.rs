//! Server errors with the server's code, codeName and message. The codeName
//! always comes from [`code_name`], the one table of the codes this engine raises.

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct MongoError {
    pub code: i32,
    pub code_name: String,
    pub message: String,
    /// Fields the server adds to the error: `keyPattern` and `keyValue` of a
    /// duplicate key, `errInfo` of a failed validation.
    pub details: Option<Box<bson::Document>>,
}

impl MongoError {
    /// A server error with `code`, named as the server names it.
    pub fn new(code: i32, message: impl Into<String>) -> Self {
        Self {
            code,
            code_name: code_name(code),
            message: message.into(),
            details: None,
        }
    }

    /// Code 11601: the caller asked the running operation to stop.
    pub fn interrupted() -> Self {
        Self::new(11601, "operation was interrupted")
    }

    pub fn with_details(mut self, details: bson::Document) -> Self {
        self.details = Some(Box::new(details));
        self
    }

    /// Code 2: the most common parse/validation failure.
    pub fn bad_value(message: impl Into<String>) -> Self {
        Self::new(2, message)
    }

    pub fn type_mismatch(message: impl Into<String>) -> Self {
        Self::new(14, message)
    }

    pub fn failed_to_parse(message: impl Into<String>) -> Self {
        Self::new(9, message)
    }

    pub fn invalid_options(message: impl Into<String>) -> Self {
        Self::new(72, message)
    }

    pub fn duplicate_key(message: impl Into<String>) -> Self {
        Self::new(11000, message)
    }

    /// Prefixes the message the way the server wraps causes.
    pub fn caused_by(mut self, prefix: &str) -> Self {
        self.message = format!("{prefix} :: caused by :: {}", self.message);
        self
    }
}

/// The server's codeName (mongo's `error_codes.yml`) for a code; assertion codes
/// without a name of their own are `Location<code>`, as the server reports them.
pub fn code_name(code: i32) -> String {
    named_code(code).map_or_else(|| format!("Location{code}"), str::to_string)
}

fn named_code(code: i32) -> Option<&'static str> {
    Some(match code {
        2 => "BadValue",
        5 => "GraphContainsCycle",
        9 => "FailedToParse",
        12 => "UnsupportedFormat",
        13 => "Unauthorized",
        14 => "TypeMismatch",
        15 => "Overflow",
        16 => "InvalidLength",
        26 => "NamespaceNotFound",
        27 => "IndexNotFound",
        28 => "PathNotViable",
        40 => "ConflictingUpdateOperators",
        43 => "CursorNotFound",
        48 => "NamespaceExists",
        52 => "DollarPrefixedFieldName",
        54 => "NotSingleValueField",
        53 => "InvalidIdField",
        56 => "EmptyFieldName",
        59 => "CommandNotFound",
        66 => "ImmutableField",
        67 => "CannotCreateIndex",
        72 => "InvalidOptions",
        73 => "InvalidNamespace",
        85 => "IndexOptionsConflict",
        86 => "IndexKeySpecsConflict",
        96 => "OperationFailed",
        111 => "NotExactValueField",
        121 => "DocumentValidationFailure",
        149 => "ViewDepthLimitExceeded",
        166 => "CommandNotSupportedOnView",
        167 => "OptionNotSupportedOnView",
        168 => "InvalidPipelineOperator",
        171 => "CannotIndexParallelArrays",
        238 => "NotImplemented",
        241 => "ConversionFailure",
        10334 => "BSONObjectTooLarge",
        11000 => "DuplicateKey",
        11601 => "Interrupted",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_codes_keep_the_server_names() {
        let names = [
            (2, "BadValue"),
            (15, "Overflow"),
            (48, "NamespaceExists"),
            (241, "ConversionFailure"),
        ];
        for (code, name) in names {
            assert_eq!(MongoError::new(code, "m").code_name, name, "{code}");
        }
        assert_eq!(MongoError::duplicate_key("m").code_name, "DuplicateKey");
    }

    /// The command table once answered "UnknownError" (and "Location17419" only by
    /// listing it) where the expression table answered `Location<code>`.
    #[test]
    fn assertion_codes_are_locations() {
        assert_eq!(code_name(17419), "Location17419");
        assert_eq!(code_name(31254), "Location31254");
        assert_eq!(MongoError::new(51091, "m").code_name, "Location51091");
    }

    #[test]
    fn expression_and_command_errors_agree() {
        for code in [9, 15, 16, 40, 168, 241, 10334, 40157] {
            let expr = crate::engine::mongo::expr::fail(code, "m");
            assert_eq!(expr, MongoError::new(code, "m"), "{code}");
        }
    }
}
