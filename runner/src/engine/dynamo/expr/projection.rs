//! ProjectionExpression: copying document paths out of an item, with list
//! elements compacted (`members[1].email` gives `members: [{email}]`).

use std::collections::BTreeMap;

use indexmap::IndexMap;

use super::ast::{Path, PathElem};
use super::error::{ExprError, ExprResult};
use super::eval::get_path;
use crate::engine::dynamo::types::{AttrValue, Item};

enum Node {
    Leaf(AttrValue),
    Map(IndexMap<String, Node>),
    List(BTreeMap<usize, Node>),
}

/// Two paths that overlap (one is a prefix of the other) or conflict
/// (one indexes a list where the other names a map key).
pub(crate) fn check_overlaps(paths: &[&Path]) -> ExprResult<()> {
    for (i, a) in paths.iter().enumerate() {
        for b in &paths[i + 1..] {
            check_pair(a, b)?;
        }
    }
    Ok(())
}

fn check_pair(a: &Path, b: &Path) -> ExprResult<()> {
    for (x, y) in a.0.iter().zip(b.0.iter()) {
        let same = match (x, y) {
            (PathElem::Index(i), PathElem::Index(j)) => i == j,
            (PathElem::Index(_), _) | (_, PathElem::Index(_)) => {
                return Err(pair_message("conflict", a, b));
            }
            (p, q) => p == q,
        };
        if !same {
            return Ok(());
        }
    }
    Err(pair_message("overlap", a, b))
}

fn pair_message(kind: &str, a: &Path, b: &Path) -> ExprError {
    ExprError::new(format!(
        "Two document paths {kind} with each other; must remove or rewrite one of these paths; path one: {}, path two: {}",
        a.describe(),
        b.describe()
    ))
}

pub(crate) fn project(item: &Item, paths: &[Path]) -> Item {
    let mut root: IndexMap<String, Node> = IndexMap::new();
    for path in paths {
        if let Some(value) = get_path(item, path) {
            insert_top(&mut root, &path.0, value.clone());
        }
    }
    root.into_iter().map(|(k, n)| (k, node_value(n))).collect()
}

fn insert_top(root: &mut IndexMap<String, Node>, elems: &[PathElem], value: AttrValue) {
    let Some((PathElem::Attr(name), rest)) = elems.split_first() else {
        return;
    };
    if rest.is_empty() {
        root.insert(name.clone(), Node::Leaf(value));
        return;
    }
    let child = root
        .entry(name.clone())
        .or_insert_with(|| empty_for(&rest[0]));
    insert_node(child, rest, value);
}

fn empty_for(elem: &PathElem) -> Node {
    match elem {
        PathElem::Index(_) => Node::List(BTreeMap::new()),
        _ => Node::Map(IndexMap::new()),
    }
}

fn insert_node(node: &mut Node, elems: &[PathElem], value: AttrValue) {
    let Some((first, rest)) = elems.split_first() else {
        return;
    };
    let slot = match (node, first) {
        (Node::Map(map), PathElem::Attr(name)) => map.entry(name.clone()),
        (Node::List(list), PathElem::Index(i)) => {
            let entry = list.entry(*i);
            return fill(entry.or_insert_with(|| placeholder(rest)), rest, value);
        }
        _ => return,
    };
    fill(slot.or_insert_with(|| placeholder(rest)), rest, value);
}

fn placeholder(rest: &[PathElem]) -> Node {
    rest.first()
        .map(empty_for)
        .unwrap_or(Node::Leaf(AttrValue::Null))
}

fn fill(node: &mut Node, rest: &[PathElem], value: AttrValue) {
    if rest.is_empty() {
        *node = Node::Leaf(value);
    } else {
        insert_node(node, rest, value);
    }
}

fn node_value(node: Node) -> AttrValue {
    match node {
        Node::Leaf(v) => v,
        Node::Map(m) => AttrValue::M(m.into_iter().map(|(k, n)| (k, node_value(n))).collect()),
        Node::List(l) => AttrValue::L(l.into_values().map(node_value).collect()),
    }
}
