//! `$eq`, `$gt`, `$gte`, `$lt`, `$lte`, `$in` (negations are built in the tree).

use std::cmp::Ordering;

use bson::{Bson, Document};

use super::matcher::ValueMatcher;
use super::raw::RawTest;
use super::regex::RegexMatcher;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::{canonical_type, compare_values, values_equal};

#[derive(Debug)]
pub(crate) struct EqMatcher {
    pub target: Bson,
}

impl ValueMatcher for EqMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        match value {
            None => matches!(self.target, Bson::Null),
            Some(v) => values_equal(v, &self.target),
        }
    }

    fn raw_test(&self) -> Option<RawTest> {
        RawTest::eq(&self.target)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Gt,
    Gte,
    Lt,
    Lte,
}

impl CmpOp {
    pub(crate) fn from_name(name: &str) -> Option<CmpOp> {
        match name {
            "$gt" => Some(CmpOp::Gt),
            "$gte" => Some(CmpOp::Gte),
            "$lt" => Some(CmpOp::Lt),
            "$lte" => Some(CmpOp::Lte),
            _ => None,
        }
    }

    pub(crate) fn accepts(self, ord: Ordering) -> bool {
        match self {
            CmpOp::Gt => ord == Ordering::Greater,
            CmpOp::Gte => ord != Ordering::Less,
            CmpOp::Lt => ord == Ordering::Less,
            CmpOp::Lte => ord != Ordering::Greater,
        }
    }

    pub(crate) fn includes_equal(self) -> bool {
        matches!(self, CmpOp::Gte | CmpOp::Lte)
    }
}

/// Range comparison with type bracketing: only values of the same canonical
/// type compare; `$gte/$lte: null` behave like equality to null.
#[derive(Debug)]
pub(crate) struct CmpMatcher {
    pub op: CmpOp,
    pub target: Bson,
}

impl ValueMatcher for CmpMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        if matches!(self.target, Bson::Null) {
            return self.op.includes_equal() && matches!(value, None | Some(Bson::Null));
        }
        let Some(v) = value else {
            return false;
        };
        if brackets_everything(&self.target) {
            return self.op.accepts(compare_values(v, &self.target));
        }
        canonical_type(v) == canonical_type(&self.target)
            && self.op.accepts(compare_values(v, &self.target))
    }

    fn raw_test(&self) -> Option<RawTest> {
        RawTest::cmp(self.op, &self.target)
    }
}

/// MinKey/MaxKey bounds compare against every type.
fn brackets_everything(target: &Bson) -> bool {
    matches!(target, Bson::MinKey | Bson::MaxKey)
}

/// `$in`: any listed value equals (or listed regex matches) the value.
#[derive(Debug)]
pub(crate) struct InMatcher {
    pub values: Vec<Bson>,
    pub regexes: Vec<RegexMatcher>,
    has_null: bool,
}

impl InMatcher {
    pub(crate) fn parse(operator: &str, arg: &Bson) -> Result<InMatcher, MongoError> {
        let Bson::Array(items) = arg else {
            return Err(MongoError::bad_value(format!("{operator} needs an array")));
        };
        let mut values = Vec::new();
        let mut regexes = Vec::new();
        for item in items {
            match item {
                Bson::RegularExpression(re) => {
                    regexes.push(RegexMatcher::new(&re.pattern, &re.options)?)
                }
                Bson::Document(d) if is_operator_doc(d) => {
                    return Err(MongoError::bad_value(format!(
                        "cannot nest $ under {operator}"
                    )))
                }
                other => values.push(other.clone()),
            }
        }
        let has_null = values.iter().any(|v| matches!(v, Bson::Null));
        Ok(InMatcher {
            values,
            regexes,
            has_null,
        })
    }
}

impl ValueMatcher for InMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        let Some(v) = value else {
            return self.has_null;
        };
        self.values.iter().any(|t| values_equal(v, t))
            || self.regexes.iter().any(|r| r.matches(Some(v)))
    }

    /// Regexes need the decoded value.
    fn raw_test(&self) -> Option<RawTest> {
        if !self.regexes.is_empty() {
            return None;
        }
        RawTest::any_of(&self.values)
    }
}

/// A document whose first field is an operator (`{$gt: 1}`), not a literal.
pub(crate) fn is_operator_doc(doc: &Document) -> bool {
    doc.keys().next().is_some_and(|k| k.starts_with('$'))
}
