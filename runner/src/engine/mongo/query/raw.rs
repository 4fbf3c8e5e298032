//! Matching stored records on their raw bytes: the simple conditions
//! (equality, `$in` without regexes, ranges, `$exists`) under `$and/$or/
//! $nor/$not`, with exactly the semantics of the owned matchers. Filters with
//! anything else are not compiled and the caller decodes the document.

use bson::{Bson, RawBson, RawBsonRef};

use super::comparison::CmpOp;
use super::Node;
use crate::engine::mongo::raw::compare::{canonical_type, compare_element, element_equal};
use crate::engine::mongo::raw::element::{elements, kind_rank, same_bytes, Element, ARRAY, NULL};
use crate::engine::mongo::raw::path::{any_reached, Reached};
use crate::engine::mongo::raw::to_raw;
use crate::engine::mongo::value::array_index;

/// A leaf condition that can be evaluated on a raw value.
#[derive(Debug, Clone)]
pub(crate) enum RawTest {
    Eq(Target),
    Cmp(CmpOp, RawBson),
    In { values: Vec<Target>, has_null: bool },
    Exists,
}

/// An equality target; a string one is also kept as bytes, so the scan
/// compares text without going through the general BSON order.
#[derive(Debug, Clone)]
pub(crate) struct Target {
    raw: RawBson,
    text: Option<Box<[u8]>>,
}

impl Target {
    fn new(value: &Bson) -> Option<Target> {
        let text = match value {
            Bson::String(s) | Bson::Symbol(s) => Some(s.as_bytes().into()),
            _ => None,
        };
        Some(Target {
            raw: to_raw(value)?,
            text,
        })
    }

    /// Query equality (`1 == 1.0`; strings equal symbols with the same text).
    #[inline]
    fn equals(&self, e: Element<'_>) -> bool {
        match &self.text {
            Some(text) => e.str_bytes().is_some_and(|s| same_bytes(s, text)),
            None => element_equal(e, self.raw.as_raw_bson_ref()),
        }
    }

    /// A text target as a string value is stored: length, bytes, NUL.
    fn encoded_text(&self) -> Option<Vec<u8>> {
        let text = self.text.as_ref()?;
        let length = i32::try_from(text.len() + 1).ok()?;
        let mut bytes = length.to_le_bytes().to_vec();
        bytes.extend_from_slice(text);
        bytes.push(0);
        Some(bytes)
    }

    fn is_null(&self) -> bool {
        matches!(self.raw, RawBson::Null)
    }
}

impl RawTest {
    pub(crate) fn eq(target: &Bson) -> Option<RawTest> {
        Target::new(target).map(RawTest::Eq)
    }

    pub(crate) fn cmp(op: CmpOp, target: &Bson) -> Option<RawTest> {
        to_raw(target).map(|t| RawTest::Cmp(op, t))
    }

    pub(crate) fn any_of(values: &[Bson]) -> Option<RawTest> {
        let has_null = values.iter().any(|v| matches!(v, Bson::Null));
        let values = values.iter().map(Target::new).collect::<Option<Vec<_>>>()?;
        Some(RawTest::In { values, has_null })
    }

    #[inline(always)]
    fn matches(&self, value: Reached<'_>) -> bool {
        match self {
            RawTest::Eq(t) => value.map_or_else(|| t.is_null(), |v| t.equals(v)),
            RawTest::Cmp(op, t) => cmp_matches(*op, t.as_raw_bson_ref(), value),
            RawTest::In { values, has_null } => match value {
                None => *has_null,
                Some(v) => values.iter().any(|t| t.equals(v)),
            },
            RawTest::Exists => value.is_some(),
        }
    }

    /// Equality to plain scalars only: then an index key equal to a target
    /// is exactly a document the condition matches (no null, array or
    /// subdocument subtleties).
    fn is_plain_points(&self) -> bool {
        match self {
            RawTest::Eq(t) => is_plain(&t.raw),
            RawTest::In { values, has_null } => {
                !has_null && values.iter().all(|t| is_plain(&t.raw))
            }
            _ => false,
        }
    }

    /// `$exists` looks at the array itself, comparisons also at its elements.
    fn expands_arrays(&self) -> bool {
        !matches!(self, RawTest::Exists)
    }
}

/// Mirrors `CmpMatcher`: null bounds mean equality to null, MinKey/MaxKey
/// compare across types, everything else only within its type.
fn cmp_matches(op: CmpOp, target: RawBsonRef<'_>, value: Reached<'_>) -> bool {
    if matches!(target, RawBsonRef::Null) {
        return op.includes_equal() && value.is_none_or(|v| v.kind == NULL);
    }
    let Some(v) = value else {
        return false;
    };
    if matches!(target, RawBsonRef::MinKey | RawBsonRef::MaxKey) {
        return op.accepts(compare_element(v, target));
    }
    kind_rank(v.kind) == canonical_type(target) && op.accepts(compare_element(v, target))
}

/// The filter tree restricted to raw-evaluable leaves.
#[derive(Debug)]
pub(crate) enum RawNode {
    And(Vec<RawNode>),
    Or(Vec<RawNode>),
    Nor(Vec<RawNode>),
    Not(Box<RawNode>),
    Leaf { parts: Vec<String>, test: RawTest },
    Const(bool),
}

impl RawNode {
    /// The raw form of `node`, or `None` if any part of it needs the document.
    pub(crate) fn compile(node: &Node) -> Option<RawNode> {
        Some(match node {
            Node::And(nodes) => RawNode::And(compile_all(nodes)?),
            Node::Or(nodes) => RawNode::Or(compile_all(nodes)?),
            Node::Nor(nodes) => RawNode::Nor(compile_all(nodes)?),
            Node::Not(inner) => RawNode::Not(Box::new(RawNode::compile(inner)?)),
            Node::Leaf { parts, matcher, .. } => RawNode::Leaf {
                parts: parts.clone(),
                test: matcher.raw_test()?,
            },
            Node::Expr(_) => return None,
            Node::Const(b) => RawNode::Const(*b),
        })
    }

    /// Whether the document with these bytes matches.
    pub(crate) fn eval(&self, doc: &[u8]) -> bool {
        match self {
            RawNode::And(nodes) => nodes.iter().all(|n| n.eval(doc)),
            RawNode::Or(nodes) => nodes.iter().any(|n| n.eval(doc)),
            RawNode::Nor(nodes) => !nodes.iter().any(|n| n.eval(doc)),
            RawNode::Not(node) => !node.eval(doc),
            RawNode::Leaf { parts, test } => {
                any_reached(doc, parts, &mut |value| value_matches(test, value))
            }
            RawNode::Const(b) => *b,
        }
    }
}

impl RawNode {
    /// Bytes found in every record this filter matches: the encoded value of
    /// a text equality it requires (a string or symbol element stores its
    /// length, text and NUL exactly so, wherever the path leads). A scan
    /// skips a record without them after one vectorised search, instead
    /// of walking its elements.
    pub(crate) fn needle(&self) -> Option<Vec<u8>> {
        match self {
            RawNode::Leaf {
                test: RawTest::Eq(target),
                ..
            } => target.encoded_text(),
            RawNode::And(nodes) => nodes.iter().find_map(RawNode::needle),
            _ => None,
        }
    }

    /// Whether the whole filter is equality to plain scalars on `path`, so
    /// index point bounds on `path` answer it without reading documents.
    /// Numeric components are excluded: index keys address array elements
    /// differently from the query language there.
    pub(crate) fn is_points_on(&self, path: &str) -> bool {
        let RawNode::Leaf { parts, test } = self else {
            return false;
        };
        parts.iter().all(|p| array_index(p).is_none())
            && parts.iter().map(String::as_str).eq(path.split('.'))
            && test.is_plain_points()
    }
}

fn is_plain(value: &RawBson) -> bool {
    matches!(
        value,
        RawBson::Double(_)
            | RawBson::String(_)
            | RawBson::Int32(_)
            | RawBson::Int64(_)
            | RawBson::Boolean(_)
            | RawBson::DateTime(_)
            | RawBson::ObjectId(_)
    )
}

fn compile_all(nodes: &[Node]) -> Option<Vec<RawNode>> {
    nodes.iter().map(RawNode::compile).collect()
}

/// A value matches, or (for comparisons) one element of an array value does.
#[inline]
fn value_matches(test: &RawTest, value: Reached<'_>) -> bool {
    if test.matches(value) {
        return true;
    }
    match value {
        Some(array) if array.kind == ARRAY && test.expands_arrays() => {
            elements(array.value).any(|e| test.matches(Some(e)))
        }
        _ => false,
    }
}
