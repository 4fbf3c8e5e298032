//! What callers outside the engine may read of a table: its name, key schema and
//! item collections, for learning aids that draw them. The table's own fields and
//! its indexes stay inside the engine.

use super::table::Table;
use super::types::{AttrValue, Item};

/// A read-only view of one table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TableView<'a>(&'a Table);

/// The items that share a partition key value, in sort-key order.
#[derive(Debug, Clone)]
pub(crate) struct Collection<'a> {
    pub(crate) partition: AttrValue,
    pub(crate) items: Vec<&'a Item>,
}

impl<'a> TableView<'a> {
    pub(crate) fn new(table: &'a Table) -> Self {
        TableView(table)
    }

    pub(crate) fn name(&self) -> &'a str {
        &self.0.name
    }

    pub(crate) fn partition_key(&self) -> &'a str {
        &self.0.schema.hash
    }

    pub(crate) fn sort_key(&self) -> Option<&'a str> {
        self.0.schema.range.as_deref()
    }

    /// Whether `name` is the partition or the sort key of the table.
    pub(crate) fn is_key_attr(&self, name: &str) -> bool {
        self.0.is_key_attr(name)
    }

    /// The item collections in partition-key order.
    pub(crate) fn collections(&self) -> impl Iterator<Item = Collection<'a>> + 'a {
        self.0.partitions.iter().filter_map(|(hash, partition)| {
            Some(Collection {
                partition: hash.to_attr()?,
                items: partition.values().map(|stored| &stored.item).collect(),
            })
        })
    }
}
