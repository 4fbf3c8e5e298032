//! Find projections: inclusion or exclusion of (dotted) fields, `_id` kept
//! unless excluded, with the server's mixing errors. Inclusion keeps the input
//! document's field order; `"$path"` and literal values add computed fields.

use bson::{Bson, Document};

use super::error::MongoError;
use super::query::logical::truthy;
use super::value::get_path;

#[derive(Debug, Clone)]
enum Node {
    Keep,
    Drop,
    Computed(Bson),
    Children(Vec<(String, Node)>),
}

#[derive(Debug, Clone)]
pub struct FindProjection {
    tree: Vec<(String, Node)>,
    inclusion: bool,
    keep_id: bool,
}

impl FindProjection {
    pub fn parse(spec: &Document) -> Result<FindProjection, MongoError> {
        let mut projection = FindProjection {
            tree: Vec::new(),
            inclusion: false,
            keep_id: true,
        };
        let mut mode: Option<bool> = None;
        for (path, value) in spec {
            let node = leaf(value);
            if path == "_id" && !matches!(node, Node::Computed(_)) {
                projection.keep_id = matches!(node, Node::Keep);
                continue;
            }
            check_mode(&mut mode, path, &node)?;
            insert(&mut projection.tree, path, node);
        }
        projection.inclusion = mode.unwrap_or(projection.keep_id && spec.contains_key("_id"));
        Ok(projection)
    }

    pub fn apply(&self, doc: &Document) -> Document {
        if self.inclusion {
            self.include(doc)
        } else {
            self.exclude(doc)
        }
    }

    fn include(&self, doc: &Document) -> Document {
        let mut out = Document::new();
        if self.keep_id {
            if let Some(id) = doc.get("_id") {
                out.insert("_id", id.clone());
            }
        }
        include_into(&self.tree, doc, &mut out);
        add_computed(&self.tree, doc, &mut out);
        out
    }

    fn exclude(&self, doc: &Document) -> Document {
        let mut out = exclude_from(&self.tree, doc);
        if !self.keep_id {
            out.remove("_id");
        }
        out
    }
}

fn leaf(value: &Bson) -> Node {
    match value {
        Bson::Boolean(_)
        | Bson::Int32(_)
        | Bson::Int64(_)
        | Bson::Double(_)
        | Bson::Decimal128(_) => {
            if truthy(value) {
                Node::Keep
            } else {
                Node::Drop
            }
        }
        other => Node::Computed(other.clone()),
    }
}

fn check_mode(mode: &mut Option<bool>, path: &str, node: &Node) -> Result<(), MongoError> {
    let inclusive = !matches!(node, Node::Drop);
    match *mode {
        Some(true) if !inclusive => Err(MongoError::location(
            31254,
            format!("Cannot do exclusion on field {path} in inclusion projection"),
        )),
        Some(false) if inclusive => Err(MongoError::location(
            31253,
            format!("Cannot do inclusion on field {path} in exclusion projection"),
        )),
        _ => {
            *mode = Some(inclusive);
            Ok(())
        }
    }
}

fn insert(tree: &mut Vec<(String, Node)>, path: &str, node: Node) {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    let Some(rest) = rest else {
        tree.push((head.to_string(), node));
        return;
    };
    if !tree.iter().any(|(k, _)| k == head) {
        tree.push((head.to_string(), Node::Children(Vec::new())));
    }
    if let Some((_, Node::Children(children))) = tree.iter_mut().find(|(k, _)| k == head) {
        insert(children, rest, node);
    }
}

fn include_into(tree: &[(String, Node)], doc: &Document, out: &mut Document) {
    for (key, value) in doc {
        match tree.iter().find(|(k, _)| k == key).map(|(_, n)| n) {
            Some(Node::Keep) => {
                out.insert(key.clone(), value.clone());
            }
            Some(Node::Children(children)) => {
                if let Some(v) = include_value(children, value) {
                    out.insert(key.clone(), v);
                }
            }
            _ => {}
        }
    }
}

fn include_value(children: &[(String, Node)], value: &Bson) -> Option<Bson> {
    match value {
        Bson::Document(d) => {
            let mut sub = Document::new();
            include_into(children, d, &mut sub);
            add_computed(children, d, &mut sub);
            Some(Bson::Document(sub))
        }
        Bson::Array(items) => Some(Bson::Array(
            items
                .iter()
                .filter_map(|i| include_value(children, i))
                .collect(),
        )),
        _ => None,
    }
}

fn add_computed(tree: &[(String, Node)], doc: &Document, out: &mut Document) {
    for (key, node) in tree {
        if let Node::Computed(expr) = node {
            if let Some(v) = computed_value(expr, doc) {
                out.insert(key.clone(), v);
            }
        }
    }
}

fn computed_value(expr: &Bson, doc: &Document) -> Option<Bson> {
    match expr {
        Bson::String(s) if s.starts_with('$') => get_path(doc, &s[1..]).cloned(),
        Bson::Document(d) if d.contains_key("$literal") => d.get("$literal").cloned(),
        other => Some(other.clone()),
    }
}

fn exclude_from(tree: &[(String, Node)], doc: &Document) -> Document {
    let mut out = Document::new();
    for (key, value) in doc {
        match tree.iter().find(|(k, _)| k == key).map(|(_, n)| n) {
            Some(Node::Drop) => {}
            Some(Node::Children(children)) => {
                out.insert(key.clone(), exclude_value(children, value));
            }
            _ => {
                out.insert(key.clone(), value.clone());
            }
        }
    }
    out
}

fn exclude_value(children: &[(String, Node)], value: &Bson) -> Bson {
    match value {
        Bson::Document(d) => Bson::Document(exclude_from(children, d)),
        Bson::Array(items) => {
            Bson::Array(items.iter().map(|i| exclude_value(children, i)).collect())
        }
        other => other.clone(),
    }
}
