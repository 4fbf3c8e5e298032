//! Service errors: the exception name and the service's message text.

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct DynamoError {
    /// e.g. `ValidationException`, `ResourceNotFoundException`.
    pub code: String,
    pub message: String,
    /// The old item carried by `ConditionalCheckFailedException` when
    /// `ReturnValuesOnConditionCheckFailure` is `ALL_OLD` (typed form); boxed so that
    /// every `Result` carrying this error stays small.
    pub item: Option<Box<Value>>,
    /// `CancellationReasons` of a `TransactionCanceledException`.
    pub cancellation_reasons: Option<Vec<Value>>,
}

pub(crate) type DResult<T> = Result<T, DynamoError>;

impl DynamoError {
    pub fn new(code: &str, message: impl Into<String>) -> DynamoError {
        DynamoError {
            code: code.to_string(),
            message: message.into(),
            item: None,
            cancellation_reasons: None,
        }
    }

    pub fn validation(message: impl Into<String>) -> DynamoError {
        DynamoError::new("ValidationException", message)
    }

    pub fn not_found() -> DynamoError {
        DynamoError::new("ResourceNotFoundException", "Requested resource not found")
    }

    pub fn conditional_failed() -> DynamoError {
        DynamoError::new(
            "ConditionalCheckFailedException",
            "The conditional request failed",
        )
    }

    /// The error body as boto3 shows it (`Error.Code`, `Error.Message` and extras).
    pub fn to_json(&self) -> Value {
        let mut body = serde_json::json!({ "__type": self.code, "message": self.message });
        if let Some(item) = &self.item {
            body["Item"] = (**item).clone();
        }
        if let Some(reasons) = &self.cancellation_reasons {
            body["CancellationReasons"] = Value::Array(reasons.clone());
        }
        body
    }
}

/// `1 validation error detected: …` for request-shape constraints.
pub(crate) fn shape_error(detail: &str) -> DynamoError {
    DynamoError::validation(format!("1 validation error detected: {detail}"))
}

pub(crate) fn invalid_params(detail: &str) -> DynamoError {
    DynamoError::validation(format!(
        "One or more parameter values were invalid: {detail}"
    ))
}
