//! `$expr`: an aggregation expression evaluated per document, through the
//! expression engine in `engine::mongo::expr`.

use bson::{Bson, Document};

use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::expr::{evaluate_truthy, validate, Vars};

#[derive(Debug)]
pub struct ExprCondition {
    pub expression: Bson,
}

impl ExprCondition {
    /// Checks operator names and shapes up front, as the server does.
    pub fn parse(expression: &Bson) -> Result<ExprCondition, MongoError> {
        validate(expression)?;
        Ok(ExprCondition {
            expression: expression.clone(),
        })
    }

    /// A runtime evaluation error makes the document not match (the filter
    /// interface has no error channel).
    pub fn matches(&self, doc: &Document) -> bool {
        evaluate_truthy(&self.expression, doc, &Vars::new()).unwrap_or(false)
    }
}
