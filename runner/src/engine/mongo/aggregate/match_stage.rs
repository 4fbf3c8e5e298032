//! `$match`: the query matcher, with a top-level `$expr` evaluated here so
//! that pipeline variables (`$$x` from `$lookup`'s `let`) are in scope.

use bson::{Bson, Document};

use crate::engine::mongo::expr::{self, fail, Vars};
use crate::engine::mongo::MongoError;

use super::matcher::Filter;

#[derive(Debug, Clone)]
pub(crate) struct MatchStage {
    filter: Filter,
    exprs: Vec<Bson>,
    /// The filter without `$expr`: it names no variables, so a planner can
    /// read index bounds from it.
    query: Document,
}

impl MatchStage {
    pub(crate) fn query(&self) -> &Document {
        &self.query
    }

    pub(crate) fn parse(arg: &Bson) -> Result<MatchStage, MongoError> {
        let Bson::Document(spec) = arg else {
            return Err(fail(
                15959,
                "the match filter must be an expression in an object",
            ));
        };
        let mut rest = Document::new();
        let mut exprs = Vec::new();
        for (key, value) in spec {
            if key == "$expr" {
                expr::validate(value)?;
                exprs.push(value.clone());
            } else {
                rest.insert(key.clone(), value.clone());
            }
        }
        Ok(MatchStage {
            filter: Filter::parse(&rest)?,
            exprs,
            query: rest,
        })
    }

    pub(crate) fn matches(&self, doc: &Document, vars: &Vars) -> Result<bool, MongoError> {
        for e in &self.exprs {
            if !expr::evaluate_truthy(e, doc, vars)? {
                return Ok(false);
            }
        }
        let matched = self.filter.matches(doc);
        match crate::engine::mongo::query::expr::take_error() {
            Some(error) => Err(error),
            None => Ok(matched),
        }
    }

    pub(crate) fn run(
        &self,
        docs: Vec<Document>,
        vars: &Vars,
    ) -> Result<Vec<Document>, MongoError> {
        let mut out = Vec::new();
        for doc in docs {
            if self.matches(&doc, vars)? {
                out.push(doc);
            }
        }
        Ok(out)
    }
}
