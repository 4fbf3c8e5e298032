//! `ClientRequestToken` of TransactWriteItems, as the service documents it: a token is
//! valid for 10 minutes after the first request that uses it completes. Within them the
//! same request is answered as the first time without being applied again (an SDK that
//! lost the answer retries with the token it filled in), and another request with that
//! token is refused.

use std::collections::HashMap;

use serde_json::Value;

use super::{DResult, DynamoError};

/// How long a completed transaction's token is remembered, in seconds.
pub(in crate::engine::dynamo) const TOKEN_LIFETIME: f64 = 600.0;

#[derive(Debug, Default)]
pub(in crate::engine::dynamo) struct Tokens {
    seen: HashMap<String, Completed>,
}

/// A transaction that was applied, and what it answered.
#[derive(Debug)]
struct Completed {
    request: Value,
    answer: Value,
    at: f64,
}

fn mismatch() -> DynamoError {
    DynamoError::new(
        "IdempotentParameterMismatchException",
        "DynamoDB rejected the request because you retried a request with a different payload but with an idempotent token that was already used.",
    )
}

impl Tokens {
    /// The first answer when `request` repeats a live token's request; `None` for a
    /// token not seen (or expired), which the transaction then runs under.
    pub(in crate::engine::dynamo) fn replay(
        &mut self,
        token: &str,
        request: &Value,
        now: f64,
    ) -> DResult<Option<Value>> {
        self.seen.retain(|_, done| now - done.at <= TOKEN_LIFETIME);
        match self.seen.get(token) {
            Some(done) if done.request == *request => Ok(Some(done.answer.clone())),
            Some(_) => Err(mismatch()),
            None => Ok(None),
        }
    }

    /// Only applied transactions are remembered: a cancelled one changed nothing, so
    /// its retry may run again.
    pub(in crate::engine::dynamo) fn remember(
        &mut self,
        token: &str,
        request: &Value,
        answer: &Value,
        now: f64,
    ) {
        let done = Completed {
            request: request.clone(),
            answer: answer.clone(),
            at: now,
        };
        self.seen.insert(token.to_string(), done);
    }
}
