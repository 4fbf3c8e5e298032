//! The query matcher used by `$match`.
//!
//! Until the engine's own matcher (`engine::mongo::query::Filter`) lands, this
//! is a small stand-in with the same interface covering equality (with array
//! semantics), comparisons, `$in`/`$nin`, `$exists`, `$size`, `$elemMatch` and
//! the logical operators.

use std::cmp::Ordering;

use bson::{Bson, Document};

use super::docpath::query_leaves;
use crate::engine::mongo::expr::{compare_values, fail, values_equal};
use crate::engine::mongo::MongoError;

#[derive(Debug, Clone)]
pub struct Filter {
    spec: Document,
}

impl Filter {
    pub fn parse(spec: &Document) -> Result<Filter, MongoError> {
        Ok(Filter { spec: spec.clone() })
    }

    pub fn matches(&self, doc: &Document) -> bool {
        matches_doc(&self.spec, doc)
    }
}

fn matches_doc(spec: &Document, doc: &Document) -> bool {
    spec.iter().all(|(key, cond)| match key.as_str() {
        "$and" => clauses(cond).iter().all(|c| matches_doc(c, doc)),
        "$or" => clauses(cond).iter().any(|c| matches_doc(c, doc)),
        "$nor" => !clauses(cond).iter().any(|c| matches_doc(c, doc)),
        _ => matches_path(doc, key, cond),
    })
}

fn clauses(cond: &Bson) -> Vec<&Document> {
    match cond {
        Bson::Array(items) => items.iter().filter_map(Bson::as_document).collect(),
        _ => Vec::new(),
    }
}

fn matches_path(doc: &Document, path: &str, cond: &Bson) -> bool {
    if matches!(cond, Bson::Null) && super::docpath::missing_for_null(doc, path) {
        return true;
    }
    let leaves = query_leaves(doc, path);
    match cond {
        Bson::Document(ops) if ops.keys().next().is_some_and(|k| k.starts_with('$')) => {
            ops.iter().all(|(op, arg)| operator(op, arg, &leaves))
        }
        value => equals_any(&leaves, value),
    }
}

/// Candidates of a leaf: the value and, for arrays, each element.
fn candidates<'a>(leaves: &[&'a Bson]) -> Vec<&'a Bson> {
    let mut out = Vec::new();
    for leaf in leaves {
        out.push(*leaf);
        if let Bson::Array(items) = leaf {
            out.extend(items.iter());
        }
    }
    out
}

fn equals_any(leaves: &[&Bson], value: &Bson) -> bool {
    if matches!(value, Bson::Null) && leaves.is_empty() {
        return true;
    }
    candidates(leaves).iter().any(|c| values_equal(c, value))
}

fn operator(op: &str, arg: &Bson, leaves: &[&Bson]) -> bool {
    let cmp = |pred: fn(Ordering) -> bool| {
        candidates(leaves)
            .iter()
            .any(|c| same_bracket(c, arg) && pred(compare_values(c, arg)))
    };
    match op {
        "$eq" => equals_any(leaves, arg),
        "$ne" => !equals_any(leaves, arg),
        "$gt" => cmp(|o| o == Ordering::Greater),
        "$gte" => cmp(|o| o != Ordering::Less),
        "$lt" => cmp(|o| o == Ordering::Less),
        "$lte" => cmp(|o| o != Ordering::Greater),
        "$in" => list(arg).iter().any(|v| equals_any(leaves, v)),
        "$nin" => !list(arg).iter().any(|v| equals_any(leaves, v)),
        "$exists" => leaves.is_empty() != crate::engine::mongo::expr::numeric::as_f64(arg).map_or(matches!(arg, Bson::Boolean(true)), |f| f != 0.0),
        "$size" => leaves.iter().any(|l| matches!(l, Bson::Array(a) if Some(a.len() as f64) == crate::engine::mongo::expr::numeric::as_f64(arg))),
        "$elemMatch" => elem_match(arg, leaves),
        "$not" => !arg.as_document().is_some_and(|ops| ops.iter().all(|(o, a)| operator(o, a, leaves))),
        _ => false,
    }
}

fn same_bracket(a: &Bson, b: &Bson) -> bool {
    use crate::engine::mongo::expr::numeric::is_number;
    std::mem::discriminant(a) == std::mem::discriminant(b) || (is_number(a) && is_number(b))
}

fn list(arg: &Bson) -> &[Bson] {
    match arg {
        Bson::Array(items) => items,
        _ => &[],
    }
}

fn elem_match(arg: &Bson, leaves: &[&Bson]) -> bool {
    let Some(spec) = arg.as_document() else {
        return false;
    };
    let is_ops = spec
        .keys()
        .next()
        .is_some_and(|k| k.starts_with('$') && !matches!(k.as_str(), "$and" | "$or" | "$nor"));
    leaves
        .iter()
        .filter_map(|l| l.as_array())
        .flatten()
        .any(|item| match item {
            _ if is_ops => spec.iter().all(|(o, a)| operator(o, a, &[item])),
            Bson::Document(d) => matches_doc(spec, d),
            _ => false,
        })
}

#[allow(dead_code)]
fn unsupported(op: &str) -> MongoError {
    fail(2, format!("unknown operator: {op}"))
}
