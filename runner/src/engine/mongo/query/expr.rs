//! `$expr`: an aggregation expression evaluated per document, through the
//! expression engine in `engine::mongo::expr`.

use std::cell::RefCell;

use bson::{Bson, Document};

use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::expr::{evaluate_truthy, validate, Vars};

thread_local! {
    /// The first evaluation error of the running scan. Matching answers yes or no,
    /// so the error waits here until the executor reports it as the server does.
    static FIRST_ERROR: RefCell<Option<MongoError>> = const { RefCell::new(None) };
}

/// The first `$expr` error since the last call (and forgets it).
pub(crate) fn take_error() -> Option<MongoError> {
    FIRST_ERROR.with(|slot| slot.borrow_mut().take())
}

fn keep_first(error: MongoError) {
    FIRST_ERROR.with(|slot| {
        slot.borrow_mut().get_or_insert(error);
    });
}

#[derive(Debug)]
pub(crate) struct ExprCondition {
    pub expression: Bson,
}

impl ExprCondition {
    /// Checks operator names and shapes up front, as the server does.
    pub(crate) fn parse(expression: &Bson) -> Result<ExprCondition, MongoError> {
        validate(expression)?;
        crate::engine::mongo::expr::scope::check_expr(expression)?;
        Ok(ExprCondition {
            expression: expression.clone(),
        })
    }

    /// A runtime evaluation error makes the document not match and is kept for
    /// [`take_error`].
    pub(crate) fn matches(&self, doc: &Document) -> bool {
        evaluate_truthy(&self.expression, doc, &Vars::new()).unwrap_or_else(|e| {
            keep_first(e);
            false
        })
    }
}
