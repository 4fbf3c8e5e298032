//! `$addFields` / `$set` (existing fields keep their place, new ones are
//! appended in spec order, nested objects merge) and `$unset`.

use bson::{Bson, Document};

use crate::engine::mongo::expr::{self, error::with_context, fail, Vars};
use crate::engine::mongo::MongoError;

use super::projection_tree::{Item, Node};
use super::Projection;

#[derive(Debug, Clone)]
pub(crate) struct AddFields {
    root: Node,
}

impl AddFields {
    pub(crate) fn parse(stage: &str, arg: &Bson) -> Result<AddFields, MongoError> {
        let Bson::Document(spec) = arg else {
            return Err(fail(
                40272,
                format!(
                    "{stage} specification stage must be an object, got {}",
                    expr::type_name(Some(arg))
                ),
            ));
        };
        let mut root = Node::default();
        parse_into(&mut root, spec).map_err(|e| with_context(&format!("Invalid {stage}"), e))?;
        Ok(AddFields { root })
    }

    pub(crate) fn apply(&self, doc: &Document, vars: &Vars) -> Result<Document, MongoError> {
        Setter { root: doc, vars }.set_doc(&self.root, doc.clone())
    }
}

fn parse_into(node: &mut Node, spec: &Document) -> Result<(), MongoError> {
    for (key, value) in spec {
        if key.starts_with('$') {
            return Err(fail(
                16410,
                "FieldPath field names may not start with '$'. Consider using $getField or $setField.",
            ));
        }
        node.add_at_path(key, parse_value(value)?)?;
    }
    Ok(())
}

/// A plain object (no `$` operator) is a nested spec; anything else an expression.
fn parse_value(value: &Bson) -> Result<Item, MongoError> {
    match value {
        Bson::Document(d) if !d.is_empty() && !d.keys().any(|k| k.starts_with('$')) => {
            let mut child = Node::default();
            parse_into(&mut child, d)?;
            Ok(Item::Child(child))
        }
        other => {
            expr::validate(other)?;
            Ok(Item::Computed(other.clone()))
        }
    }
}

struct Setter<'a> {
    root: &'a Document,
    vars: &'a Vars,
}

impl Setter<'_> {
    fn set_doc(&self, node: &Node, mut doc: Document) -> Result<Document, MongoError> {
        for (key, item) in node.items() {
            match item {
                Item::Computed(e) => match expr::evaluate(e, self.root, self.vars)? {
                    Some(v) => {
                        doc.insert(key, v);
                    }
                    None => {
                        doc.remove(key);
                    }
                },
                Item::Child(child) => {
                    let current = doc.remove_placeholder(key);
                    let merged = self.set_value(child, current)?;
                    doc.insert(key, merged);
                }
                _ => {}
            }
        }
        Ok(doc)
    }

    /// A nested spec applied to the current value: merged into documents,
    /// applied to each element of arrays, replacing anything else.
    fn set_value(&self, node: &Node, current: Option<Bson>) -> Result<Bson, MongoError> {
        Ok(match current {
            Some(Bson::Document(d)) => Bson::Document(self.set_doc(node, d)?),
            Some(Bson::Array(items)) => Bson::Array(
                items
                    .into_iter()
                    .map(|i| self.set_value(node, Some(i)))
                    .collect::<Result<_, _>>()?,
            ),
            _ => Bson::Document(self.set_doc(node, Document::new())?),
        })
    }
}

/// Takes a field's value out while keeping its slot (re-inserting keeps the position).
trait TakeInPlace {
    fn remove_placeholder(&mut self, key: &str) -> Option<Bson>;
}

impl TakeInPlace for Document {
    fn remove_placeholder(&mut self, key: &str) -> Option<Bson> {
        self.get_mut(key)
            .map(|slot| std::mem::replace(slot, Bson::Null))
    }
}

/// `$unset: "a"` or `$unset: ["a", "b.c"]`: an exclusion projection.
pub(crate) fn parse_unset(arg: &Bson) -> Result<Projection, MongoError> {
    let paths: Vec<String> = match arg {
        Bson::String(s) => vec![s.clone()],
        Bson::Array(items) => items
            .iter()
            .map(|i| match i {
                Bson::String(s) => Ok(s.clone()),
                _ => Err(fail(31120, "$unset specification must be a string or an array containing only string values")),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(fail(31002, "$unset specification must be a string or an array")),
    };
    if paths.is_empty() {
        return Err(fail(
            31119,
            "$unset specification must be a string or an array with at least one field",
        ));
    }
    Projection::exclusion_of(&paths)
}
