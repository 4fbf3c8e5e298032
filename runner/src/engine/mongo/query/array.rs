//! `$size` and `$elemMatch` (`$all` is built as a conjunction in the tree).

use bson::Bson;

use super::matcher::ValueMatcher;
use super::{Node, Subject};
use crate::engine::mongo::error::MongoError;

#[derive(Debug)]
pub(crate) struct SizeMatcher {
    size: i64,
}

impl SizeMatcher {
    pub(crate) fn parse(arg: &Bson) -> Result<SizeMatcher, MongoError> {
        let size = match arg {
            Bson::Int32(i) => i64::from(*i),
            Bson::Int64(i) => *i,
            Bson::Double(f) if f.fract() == 0.0 => *f as i64,
            Bson::Double(_) => return Err(MongoError::bad_value("$size must be a whole number")),
            _ => return Err(MongoError::bad_value("$size needs a number")),
        };
        if size < 0 {
            return Err(MongoError::bad_value("$size may not be negative"));
        }
        Ok(SizeMatcher { size })
    }
}

impl ValueMatcher for SizeMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        matches!(value, Some(Bson::Array(items)) if items.len() as i64 == self.size)
    }

    fn expands_arrays(&self) -> bool {
        false
    }
}

/// `$elemMatch`: one element of the array satisfies every condition.
/// The value form (`{$gt: 4, $lt: 6}`) tests elements themselves, one level
/// deep only; the document form tests subdocument elements as a query.
#[derive(Debug)]
pub(crate) struct ElemMatchMatcher {
    pub node: Box<Node>,
    pub value_form: bool,
}

impl ValueMatcher for ElemMatchMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        let Some(Bson::Array(items)) = value else {
            return false;
        };
        items.iter().any(|element| self.element_matches(element))
    }

    fn expands_arrays(&self) -> bool {
        false
    }
}

impl ElemMatchMatcher {
    fn element_matches(&self, element: &Bson) -> bool {
        if self.value_form {
            return self.node.eval(Subject::Value(element));
        }
        // The server tests every object element, and arrays are objects
        // whose field names are their indexes: `{$elemMatch: {}}` matches `[[1]]`.
        match element {
            Bson::Document(d) => self.node.eval(Subject::Doc(d)),
            Bson::Array(items) => self.node.eval(Subject::Doc(&indexed(items))),
            _ => false,
        }
    }
}

/// An array as the document the server sees: `{"0": .., "1": ..}`.
fn indexed(items: &[Bson]) -> bson::Document {
    items
        .iter()
        .enumerate()
        .map(|(i, v)| (i.to_string(), v.clone()))
        .collect()
}
