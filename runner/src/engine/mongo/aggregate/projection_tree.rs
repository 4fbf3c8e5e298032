//! The tree a projection parses into: one node per path level, items in
//! specification order.

use bson::Bson;

use crate::engine::mongo::expr::{self, fail};
use crate::engine::mongo::MongoError;

use super::find_ops::FindOp;

#[derive(Debug, Clone)]
pub(crate) enum Item {
    Include,
    Exclude,
    Computed(Bson),
    Child(Node),
    Find(FindOp),
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Node {
    items: Vec<(String, Item)>,
}

impl Node {
    pub(crate) fn get(&self, key: &str) -> Option<&Item> {
        self.items
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, item)| item)
    }

    fn get_mut(&mut self, key: &str) -> Option<&mut Item> {
        self.items
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, item)| item)
    }

    pub(crate) fn items(&self) -> impl Iterator<Item = (&str, &Item)> {
        self.items.iter().map(|(k, item)| (k.as_str(), item))
    }

    pub(crate) fn remove(&mut self, key: &str) {
        self.items.retain(|(k, _)| k != key);
    }

    /// Whether any computed field lives in this subtree.
    pub(crate) fn has_computed(&self) -> bool {
        self.items.iter().any(|(_, item)| match item {
            Item::Computed(_) => true,
            Item::Child(child) => child.has_computed(),
            _ => false,
        })
    }

    pub(crate) fn validate(&self) -> Result<(), MongoError> {
        self.items.iter().try_for_each(|(_, item)| match item {
            Item::Computed(e) => expr::validate(e),
            Item::Child(child) => child.validate(),
            _ => Ok(()),
        })
    }

    /// Adds `item` at dotted `path` with the server's collision errors.
    pub(crate) fn add_at_path(&mut self, path: &str, item: Item) -> Result<(), MongoError> {
        self.add_at(path, path, item)
    }

    fn add_at(&mut self, full: &str, rest: &str, item: Item) -> Result<(), MongoError> {
        let Some((head, tail)) = rest.split_once('.') else {
            return self.add_leaf(full, rest, item);
        };
        match self.get_mut(head) {
            None => {
                let mut child = Node::default();
                child.add_at(full, tail, item)?;
                self.items.push((head.to_string(), Item::Child(child)));
                Ok(())
            }
            Some(Item::Child(child)) => child.add_at(full, tail, item),
            Some(_) => Err(fail(
                31249,
                format!("Path collision at {full} remaining portion {tail}"),
            )),
        }
    }

    fn add_leaf(&mut self, full: &str, key: &str, item: Item) -> Result<(), MongoError> {
        match (self.get_mut(key), item) {
            (None, item) => {
                self.items.push((key.to_string(), item));
                Ok(())
            }
            // `{a: {b: 1}, "a.c": 1}` style merges of two sub-projections.
            (Some(Item::Child(existing)), Item::Child(new)) => {
                existing.items.extend(new.items);
                Ok(())
            }
            _ => Err(fail(31250, format!("Path collision at {full}"))),
        }
    }
}
