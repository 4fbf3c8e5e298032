//! The expression operators' short forms for [`MongoError`]; names come from the
//! engine's one code table.

use crate::engine::mongo::MongoError;

/// A server error with `code` (`Location<code>` when the code has no name).
pub(crate) fn fail(code: i32, message: impl Into<String>) -> MongoError {
    MongoError::new(code, message)
}

/// Adds the server's context prefix (`"<context> :: caused by :: <message>"`).
pub(crate) fn with_context(context: &str, err: MongoError) -> MongoError {
    err.caused_by(context)
}
