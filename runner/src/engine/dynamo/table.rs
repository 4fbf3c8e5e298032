//! A table: key schema, items per partition in sort-key order, and its
//! secondary indexes kept up to date on every write.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::errors::{invalid_params, DResult, DynamoError};
use super::size::item_size;
use super::text::write_item;
use super::types::{AttrValue, Item, KeyVal};

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct KeySchema {
    pub(crate) hash: String,
    pub(crate) range: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Projection {
    All,
    KeysOnly,
    Include(Vec<String>),
}

/// (index hash, index range, table hash, table range)
pub(crate) type IndexKey = (KeyVal, KeyVal, KeyVal, KeyVal);
/// (table hash, table range)
pub(crate) type TableKey = (KeyVal, KeyVal);

#[derive(Debug, Clone)]
pub(crate) struct Index {
    pub(crate) name: String,
    pub(crate) global: bool,
    pub(crate) schema: KeySchema,
    pub(crate) projection: Projection,
    pub(crate) entries: BTreeSet<IndexKey>,
    /// The index as given to CreateTable, for DescribeTable.
    pub(crate) definition: Value,
}

/// A stored item with its size and its wire JSON, both worked out once when it
/// is stored: items are never changed in place (an update stores a new one), and
/// a Query that sends the text reads a few contiguous bytes per item instead of
/// every one of its strings from wherever they lie in the heap.
#[derive(Debug, Clone)]
pub(crate) struct Stored {
    pub(crate) item: Item,
    pub(crate) size: usize,
    /// `None` only if writing the text failed, which a `Vec` never does.
    pub(crate) text: Option<Box<[u8]>>,
}

impl Stored {
    fn new(item: Item) -> Stored {
        let mut text = Vec::new();
        let text = write_item(&mut text, &item)
            .ok()
            .map(|()| text.into_boxed_slice());
        Stored {
            size: item_size(&item),
            item,
            text,
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Table {
    pub(crate) name: String,
    pub(crate) schema: KeySchema,
    /// AttributeDefinitions: name → S | N | B.
    pub(crate) attr_types: Vec<(String, String)>,
    pub(crate) indexes: Vec<Index>,
    pub(crate) partitions: BTreeMap<KeyVal, BTreeMap<KeyVal, Stored>>,
    pub(crate) item_count: usize,
    pub(crate) size_bytes: usize,
    pub(crate) definition: Value,
    pub(crate) created: f64,
    /// The attribute UpdateTimeToLive named, while TTL is enabled.
    pub(crate) ttl: Option<String>,
    /// Tags by key, as TagResource left them.
    pub(crate) tags: BTreeMap<String, String>,
    pub(crate) stream: Option<Stream>,
    /// The service's id of the table, in `kursus layani` only: the course prints
    /// descriptions that stay the same from run to run.
    pub(crate) id: Option<String>,
}

/// The stream CreateTable's `StreamSpecification` asked for.
#[derive(Debug, Clone)]
pub(crate) struct Stream {
    pub(crate) view_type: String,
    /// The stream's creation time, which also names it in its ARN.
    pub(crate) label: String,
}

impl Table {
    pub(crate) fn attr_type(&self, name: &str) -> &str {
        self.attr_types
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.as_str())
            .unwrap_or("S")
    }

    pub(crate) fn index(&self, name: &str) -> Option<&Index> {
        self.indexes.iter().find(|i| i.name == name)
    }

    pub(crate) fn has_lsi(&self) -> bool {
        self.indexes.iter().any(|i| !i.global)
    }

    pub(crate) fn is_key_attr(&self, name: &str) -> bool {
        self.schema.hash == name || self.schema.range.as_deref() == Some(name)
    }

    pub(crate) fn get(&self, key: &TableKey) -> Option<&Item> {
        self.stored(key).map(|stored| &stored.item)
    }

    pub(crate) fn stored(&self, key: &TableKey) -> Option<&Stored> {
        self.partitions.get(&key.0)?.get(&key.1)
    }

    /// The table key of a key map or an item, or `None` when an attribute is missing.
    pub(crate) fn table_key(&self, item: &Item) -> Option<TableKey> {
        key_of(&self.schema, item)
    }

    pub(crate) fn key_item(&self, key: &TableKey) -> Item {
        let mut out = Item::new();
        push_key(&mut out, &self.schema.hash, &key.0);
        if let Some(range) = &self.schema.range {
            push_key(&mut out, range, &key.1);
        }
        out
    }

    /// Inserts or replaces an item; returns the old one.
    pub(crate) fn put(&mut self, key: TableKey, item: Item) -> Option<Item> {
        let old = self.delete(&key);
        for index in self.indexes.iter_mut() {
            if let Some(ik) = index.key_for(&key, &item) {
                index.entries.insert(ik);
            }
        }
        let stored = Stored::new(item);
        self.item_count += 1;
        self.size_bytes += stored.size;
        self.partitions
            .entry(key.0)
            .or_default()
            .insert(key.1, stored);
        old
    }

    pub(crate) fn delete(&mut self, key: &TableKey) -> Option<Item> {
        let partition = self.partitions.get_mut(&key.0)?;
        let Stored {
            item: old, size, ..
        } = partition.remove(&key.1)?;
        if partition.is_empty() {
            self.partitions.remove(&key.0);
        }
        for index in self.indexes.iter_mut() {
            if let Some(ik) = index.key_for(key, &old) {
                index.entries.remove(&ik);
            }
        }
        self.item_count -= 1;
        self.size_bytes -= size;
        Some(old)
    }

    /// Bytes of one item collection: its items plus their LSI entries.
    pub(crate) fn collection_size(&self, hash: &KeyVal) -> usize {
        let Some(partition) = self.partitions.get(hash) else {
            return 0;
        };
        partition
            .values()
            .map(|stored| self.item_with_lsi_size(&stored.item))
            .sum()
    }

    pub(crate) fn item_with_lsi_size(&self, item: &Item) -> usize {
        let lsi: usize = self
            .indexes
            .iter()
            .filter(|i| !i.global)
            .filter_map(|i| i.entry(self, item))
            .map(|e| item_size(&e))
            .sum();
        item_size(item) + lsi
    }

    /// Checks an item written by PutItem/UpdateItem against the key schema,
    /// index keys and key size limits (the item's own size is checked before the
    /// table is looked up, see [`super::size::check_item_size`]).
    pub(crate) fn validate_item(&self, item: &Item) -> DResult<TableKey> {
        for name in std::iter::once(&self.schema.hash).chain(self.schema.range.iter()) {
            self.validate_key_attr(item, name)?;
        }
        for index in &self.indexes {
            index.validate_item(self, item)?;
        }
        check_key_sizes(&self.schema, item)?;
        self.table_key(item)
            .ok_or_else(|| invalid_params("Missing the key in the item"))
    }

    fn validate_key_attr(&self, item: &Item, name: &str) -> DResult<()> {
        let Some(value) = item.get(name) else {
            return Err(invalid_params(&format!(
                "Missing the key {name} in the item"
            )));
        };
        let want = self.attr_type(name);
        if value.type_name() != want {
            return Err(invalid_params(&format!(
                "Type mismatch for key {name} expected: {want} actual: {}",
                value.type_name()
            )));
        }
        if is_empty_scalar(value) {
            return Err(empty_key_error(name, value));
        }
        Ok(())
    }

    /// Checks a `Key` map (GetItem, DeleteItem, UpdateItem, batch keys).
    pub(crate) fn parse_key(&self, key: &Item) -> DResult<TableKey> {
        let wanted = 1 + usize::from(self.schema.range.is_some());
        let mismatch =
            || DynamoError::validation("The provided key element does not match the schema");
        if key.len() != wanted {
            return Err(mismatch());
        }
        for (name, value) in key {
            if !self.is_key_attr(name) || value.type_name() != self.attr_type(name) {
                return Err(mismatch());
            }
            if is_empty_scalar(value) {
                return Err(empty_key_error(name, value));
            }
        }
        check_key_sizes(&self.schema, key)?;
        self.table_key(key).ok_or_else(mismatch)
    }
}

fn check_key_sizes(schema: &KeySchema, item: &Item) -> DResult<()> {
    let size = |name: &str| item.get(name).map(super::size::value_size).unwrap_or(0);
    if size(&schema.hash) > 2048 {
        return Err(invalid_params(
            "Size of hashkey has exceeded the maximum size limit of2048 bytes",
        ));
    }
    if schema.range.as_deref().is_some_and(|r| size(r) > 1024) {
        return Err(invalid_params(
            "Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
        ));
    }
    Ok(())
}

fn is_empty_scalar(value: &AttrValue) -> bool {
    matches!(value, AttrValue::S(s) if s.is_empty())
        || matches!(value, AttrValue::B(b) if b.is_empty())
}

fn empty_key_error(name: &str, value: &AttrValue) -> DynamoError {
    let kind = if matches!(value, AttrValue::B(_)) {
        "binary"
    } else {
        "string"
    };
    DynamoError::validation(format!(
        "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty {kind} value. Key: {name}"
    ))
}

fn push_key(out: &mut Item, name: &str, key: &KeyVal) {
    if let Some(v) = key.to_attr() {
        out.insert(name.to_string(), v);
    }
}

pub(crate) fn key_of(schema: &KeySchema, item: &Item) -> Option<TableKey> {
    let hash = KeyVal::from_attr(item.get(&schema.hash)?)?;
    let range = match &schema.range {
        Some(r) => KeyVal::from_attr(item.get(r)?)?,
        None => KeyVal::None,
    };
    Some((hash, range))
}

impl Index {
    /// The index key of an item, if the item carries every index key attribute
    /// with a key type (sparse index).
    pub(crate) fn key_for(&self, table_key: &TableKey, item: &Item) -> Option<IndexKey> {
        let (h, r) = key_of(&self.schema, item)?;
        Some((h, r, table_key.0.clone(), table_key.1.clone()))
    }

    /// The attributes this index holds for an item.
    pub(crate) fn entry(&self, table: &Table, item: &Item) -> Option<Item> {
        key_of(&self.schema, item)?;
        if self.projection == Projection::All {
            return Some(item.clone());
        }
        let keep = |name: &str| {
            table.is_key_attr(name)
                || self.is_key_attr(name)
                || matches!(&self.projection, Projection::Include(names) if names.iter().any(|n| n == name))
        };
        Some(
            item.iter()
                .filter(|(k, _)| keep(k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        )
    }

    pub(crate) fn is_key_attr(&self, name: &str) -> bool {
        self.schema.hash == name || self.schema.range.as_deref() == Some(name)
    }

    pub(crate) fn projects(&self, table: &Table, name: &str) -> bool {
        match &self.projection {
            Projection::All => true,
            Projection::KeysOnly => table.is_key_attr(name) || self.is_key_attr(name),
            Projection::Include(names) => {
                table.is_key_attr(name) || self.is_key_attr(name) || names.iter().any(|n| n == name)
            }
        }
    }

    fn validate_item(&self, table: &Table, item: &Item) -> DResult<()> {
        for name in std::iter::once(&self.schema.hash).chain(self.schema.range.iter()) {
            let Some(value) = item.get(name) else {
                continue;
            };
            let want = table.attr_type(name);
            if value.type_name() != want {
                return Err(invalid_params(&format!(
                    "Type mismatch for Index Key {name} Expected: {want} Actual: {} IndexName: {}",
                    value.type_name(),
                    self.name
                )));
            }
            if is_empty_scalar(value) {
                return Err(DynamoError::validation(format!(
                    "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: {}, IndexKey: {name}",
                    self.name
                )));
            }
        }
        Ok(())
    }
}
