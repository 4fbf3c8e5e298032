//! `$expr`: an aggregation expression evaluated per document.
//!
//! The expression language lives in `engine::mongo::expr`; until it is wired
//! in, `$expr` is rejected at parse time rather than answered wrongly.

use bson::{Bson, Document};

use crate::engine::mongo::error::MongoError;

#[derive(Debug)]
pub struct ExprCondition {
    pub expression: Bson,
}

impl ExprCondition {
    pub fn parse(expression: &Bson) -> Result<ExprCondition, MongoError> {
        let _ = expression;
        Err(MongoError::bad_value("$expr is not supported yet"))
    }

    pub fn matches(&self, _doc: &Document) -> bool {
        false
    }
}
