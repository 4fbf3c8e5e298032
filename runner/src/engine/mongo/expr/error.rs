//! Building [`MongoError`] values with the server's code names.

use crate::engine::mongo::MongoError;

/// A server error with `code`; the code name follows the server's table
/// (`Location<code>` for codes that have no name of their own).
pub fn fail(code: i32, message: impl Into<String>) -> MongoError {
    MongoError {
        code,
        code_name: code_name(code),
        message: message.into(),
    }
}

fn code_name(code: i32) -> String {
    let named = match code {
        2 => "BadValue",
        9 => "FailedToParse",
        14 => "TypeMismatch",
        15 => "Overflow",
        16 => "InvalidLength",
        40 => "ConflictingUpdateOperators",
        168 => "InvalidPipelineOperator",
        241 => "ConversionFailure",
        _ => return format!("Location{code}"),
    };
    named.to_string()
}

/// Adds the server's context prefix (`"<context> :: caused by :: <message>"`).
pub fn with_context(context: &str, err: MongoError) -> MongoError {
    MongoError {
        message: format!("{context} :: caused by :: {}", err.message),
        ..err
    }
}
