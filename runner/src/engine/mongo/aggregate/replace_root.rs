//! `$replaceRoot: {newRoot: expr}` and `$replaceWith: expr`.

use bson::{Bson, Document};

use crate::engine::mongo::expr::{self, fail, show, type_name, Vars};
use crate::engine::mongo::MongoError;

#[derive(Debug, Clone)]
pub(crate) struct ReplaceRoot {
    new_root: Bson,
}

impl ReplaceRoot {
    pub(crate) fn parse(stage: &str, arg: &Bson) -> Result<ReplaceRoot, MongoError> {
        let new_root = if stage == "$replaceWith" {
            arg.clone()
        } else {
            let Bson::Document(spec) = arg else {
                return Err(fail(
                    40228,
                    "expected an object as specification for $replaceRoot stage",
                ));
            };
            spec.get("newRoot")
                .cloned()
                .ok_or_else(|| fail(40231, "no newRoot specified for the $replaceRoot stage"))?
        };
        expr::validate(&new_root)?;
        Ok(ReplaceRoot { new_root })
    }

    pub(crate) fn apply(&self, doc: &Document, vars: &Vars) -> Result<Document, MongoError> {
        match expr::evaluate(&self.new_root, doc, vars)? {
            Some(Bson::Document(d)) => Ok(d),
            other => Err(fail(
                40228,
                format!(
                    "'newRoot' expression must evaluate to an object, but resulting value was: {}. Type of resulting value: '{}'. Input document: {}",
                    other.as_ref().map(show::value).unwrap_or_else(|| "MISSING".to_string()),
                    type_name(other.as_ref()),
                    show::document(doc)
                ),
            )),
        }
    }
}
