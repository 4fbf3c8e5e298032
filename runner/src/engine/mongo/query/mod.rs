//! Query filters: parsing `{field: cond, $and: [..]}` into a tree of
//! conditions and matching documents with the server's array semantics.
//!
//! One file per operator family: `comparison` (`$eq $gt.. $in`), `element`
//! (`$exists $type`), `array` (`$size $elemMatch`), `regex`, `logical`
//! (`$and $or $nor $not` and field conditions), `expr` (`$expr`).

use bson::{Bson, Document, RawDocument};

pub(crate) mod array;
pub(crate) mod comparison;
pub(crate) mod comparison_mod;
pub(crate) mod element;
pub(crate) mod expr;
pub(crate) mod logical;
pub(crate) mod matcher;
pub(crate) mod raw;
#[cfg(test)]
mod raw_tests;
pub(crate) mod regex;

use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::lookup_parts;
pub(crate) use matcher::ValueMatcher;

/// A parsed query filter.
#[derive(Debug)]
pub struct Filter {
    root: Node,
    /// The same tree for raw records, when every leaf has a raw form.
    raw: Option<raw::RawNode>,
    /// Bytes every matching record contains (see [`raw::RawNode::needle`]).
    needle: Option<memchr::memmem::Finder<'static>>,
    source: Document,
}

impl Default for Filter {
    fn default() -> Filter {
        Filter::empty()
    }
}

impl Filter {
    pub fn parse(filter: &Document) -> Result<Filter, MongoError> {
        let root = logical::parse_document(filter)?;
        Ok(Filter::from_root(root, filter.clone()))
    }

    /// The filter `{}`, which matches every document.
    pub fn empty() -> Filter {
        Filter::from_root(Node::And(Vec::new()), Document::new())
    }

    fn from_root(root: Node, source: Document) -> Filter {
        let raw = raw::RawNode::compile(&root);
        let needle = raw.as_ref().and_then(raw::RawNode::needle);
        Filter {
            needle: needle.map(|n| memchr::memmem::Finder::new(&n).into_owned()),
            raw,
            root,
            source,
        }
    }

    pub fn matches(&self, doc: &Document) -> bool {
        self.root.eval(Subject::Doc(doc))
    }

    /// Matches a stored record, decoding it only if the filter needs that.
    pub fn matches_raw(&self, doc: &RawDocument) -> bool {
        self.matches_bytes(doc.as_bytes())
    }

    /// [`Filter::matches_raw`] on a record's bytes (stored records are
    /// well formed, so scans skip building a `RawDocument` view).
    pub fn matches_bytes(&self, doc: &[u8]) -> bool {
        if self.needle.as_ref().is_some_and(|n| n.find(doc).is_none()) {
            return false;
        }
        match &self.raw {
            Some(node) => node.eval(doc),
            None => RawDocument::from_bytes(doc)
                .ok()
                .and_then(crate::engine::mongo::raw::decode)
                .is_some_and(|d| self.matches(&d)),
        }
    }

    /// Whether index point bounds on `path` answer this filter exactly.
    pub fn is_points_on(&self, path: &str) -> bool {
        self.raw.as_ref().is_some_and(|r| r.is_points_on(path))
    }

    /// Whether scans pre-check records for bytes every match contains.
    #[cfg(test)]
    pub fn has_needle(&self) -> bool {
        self.needle.is_some()
    }

    /// Whether records can be matched without decoding them.
    pub fn is_raw(&self) -> bool {
        self.raw.is_some()
    }

    /// The filter as sent (the planner reads index bounds from it).
    pub fn source(&self) -> &Document {
        &self.source
    }

    pub fn is_empty(&self) -> bool {
        self.source.is_empty()
    }
}

/// A condition on a single value, as `$pull` and array filters use them:
/// operator documents test the value, plain documents query a subdocument.
#[derive(Debug)]
pub(crate) struct ValueCondition {
    node: Node,
    value_form: bool,
}

impl ValueCondition {
    pub(crate) fn parse(condition: &Document) -> Result<ValueCondition, MongoError> {
        let value_form = logical::is_value_form(condition);
        let node = if value_form {
            logical::parse_operators("", condition)?
        } else {
            logical::parse_document(condition)?
        };
        Ok(ValueCondition { node, value_form })
    }

    pub(crate) fn matches(&self, value: &Bson) -> bool {
        match (self.value_form, value) {
            (true, v) => self.node.eval(Subject::Value(v)),
            (false, Bson::Document(d)) => self.node.eval(Subject::Doc(d)),
            (false, _) => false,
        }
    }
}

/// What a node is evaluated against: a document (paths look into it) or a
/// bare value (the empty path is the value itself).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Subject<'a> {
    Doc(&'a Document),
    Value(&'a Bson),
}

#[derive(Debug)]
pub(crate) enum Node {
    And(Vec<Node>),
    Or(Vec<Node>),
    Nor(Vec<Node>),
    Not(Box<Node>),
    Leaf {
        path: String,
        parts: Vec<String>,
        matcher: Box<dyn ValueMatcher>,
    },
    Expr(expr::ExprCondition),
    Const(bool),
}

impl Node {
    pub(crate) fn eval(&self, subject: Subject<'_>) -> bool {
        match self {
            Node::And(nodes) => nodes.iter().all(|n| n.eval(subject)),
            Node::Or(nodes) => nodes.iter().any(|n| n.eval(subject)),
            Node::Nor(nodes) => !nodes.iter().any(|n| n.eval(subject)),
            Node::Not(node) => !node.eval(subject),
            Node::Leaf {
                path,
                parts,
                matcher,
            } => leaf_matches(subject, path, parts, matcher.as_ref()),
            Node::Expr(condition) => match subject {
                Subject::Doc(d) => condition.matches(d),
                Subject::Value(_) => false,
            },
            Node::Const(b) => *b,
        }
    }
}

fn leaf_matches(
    subject: Subject<'_>,
    path: &str,
    parts: &[String],
    matcher: &dyn ValueMatcher,
) -> bool {
    match subject {
        Subject::Value(v) if path.is_empty() => matcher.matches(Some(v)),
        Subject::Value(Bson::Document(d)) => path_matches(d, parts, matcher),
        Subject::Value(_) => matcher.matches(None),
        Subject::Doc(d) => path_matches(d, parts, matcher),
    }
}

fn path_matches(doc: &Document, parts: &[String], matcher: &dyn ValueMatcher) -> bool {
    if let [single] = parts {
        return match doc.get(single) {
            Some(v) => value_matches(Some(v), matcher),
            None => matcher.matches(None),
        };
    }
    let mut values = Vec::new();
    lookup_parts(doc, parts, &mut values);
    values.into_iter().any(|v| value_matches(v, matcher))
}

fn value_matches(value: Option<&Bson>, matcher: &dyn ValueMatcher) -> bool {
    if matcher.matches(value) {
        return true;
    }
    match value {
        Some(Bson::Array(items)) if matcher.expands_arrays() => {
            items.iter().any(|e| matcher.matches(Some(e)))
        }
        _ => false,
    }
}
