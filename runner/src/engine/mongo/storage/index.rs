//! One index: keys in order, each with the ascending ids of the records
//! holding it, kept current on every write.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound;

use bson::{doc, Bson, Document};

use super::keys::{document_keys, Key};
use super::postings::{PostingLists, Postings};
use crate::engine::mongo::error::MongoError;

pub(crate) type RecordId = u64;

#[derive(Debug, Clone)]
pub struct Index {
    pub name: String,
    pub key_pattern: Document,
    pub fields: Vec<(String, bool)>,
    pub unique: bool,
    pub sparse: bool,
    entries: BTreeMap<Key, Postings>,
    lists: PostingLists,
    /// (key, record id) pairs filed, for `len`.
    count: usize,
    /// Array prefixes seen per field (explain's `multiKeyPaths`).
    multikey_paths: Vec<BTreeSet<String>>,
}

impl Index {
    pub fn new(name: &str, key_pattern: Document, unique: bool, sparse: bool) -> Index {
        let fields: Vec<(String, bool)> = key_pattern
            .iter()
            .map(|(path, dir)| (path.clone(), is_descending(dir)))
            .collect();
        let multikey_paths = vec![BTreeSet::new(); fields.len()];
        Index {
            name: name.to_string(),
            key_pattern,
            fields,
            unique,
            sparse,
            entries: BTreeMap::new(),
            lists: PostingLists::default(),
            count: 0,
            multikey_paths,
        }
    }

    pub fn id_index() -> Index {
        Index::new("_id_", doc! { "_id": 1 }, true, false)
    }

    /// Key order matters: `{a: 1, b: 1}` and `{b: 1, a: 1}` are two indexes, while
    /// `bson::Document`'s own equality ignores order.
    pub fn has_key_pattern(&self, pattern: &Document) -> bool {
        self.key_pattern.iter().eq(pattern.iter())
    }

    pub fn is_id_index(&self) -> bool {
        self.name == "_id_"
    }

    pub fn is_multikey(&self) -> bool {
        self.multikey_paths.iter().any(|p| !p.is_empty())
    }

    pub fn multikey_paths(&self) -> &[BTreeSet<String>] {
        &self.multikey_paths
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The keys `doc` would add, checked for parallel arrays; sparse indexes skip
    /// documents that lack every indexed field.
    pub fn keys_for(
        &self,
        doc: &Document,
    ) -> Result<(Vec<Key>, Vec<BTreeSet<String>>), MongoError> {
        if self.sparse
            && self.fields.iter().all(|(p, _)| {
                crate::engine::mongo::value::lookup_path(doc, p)
                    .iter()
                    .all(Option::is_none)
            })
        {
            return Ok((Vec::new(), Vec::new()));
        }
        document_keys(doc, &self.fields)
    }

    /// The first key of `keys` another record already holds (unique indexes).
    pub fn find_duplicate<'k>(&self, keys: &'k [Key], except: Option<RecordId>) -> Option<&'k Key> {
        if !self.unique {
            return None;
        }
        keys.iter()
            .find(|key| self.holders(key).any(|rid| Some(rid) != except))
    }

    fn holders<'a>(&'a self, key: &Key) -> impl Iterator<Item = RecordId> + 'a {
        self.entries
            .get(key)
            .into_iter()
            .flat_map(|p| self.lists.slice(p).iter().copied())
    }

    pub fn insert_keys(&mut self, rid: RecordId, keys: Vec<Key>, paths: Vec<BTreeSet<String>>) {
        for key in keys {
            let added = match self.entries.entry(key) {
                Entry::Vacant(slot) => {
                    slot.insert(Postings::single(rid));
                    true
                }
                Entry::Occupied(mut slot) => self.lists.insert(slot.get_mut(), rid),
            };
            self.count += usize::from(added);
        }
        for (known, new) in self.multikey_paths.iter_mut().zip(paths) {
            known.extend(new);
        }
    }

    /// Frees the spare capacity a build left in its runs of record ids
    /// (grown by doubling, a multikey index's runs held up to twice their ids).
    pub fn shrink(&mut self) {
        self.lists.shrink();
    }

    pub fn remove_keys(&mut self, rid: RecordId, keys: Vec<Key>) {
        for key in keys {
            let Some(postings) = self.entries.get_mut(&key) else {
                continue;
            };
            let Some(emptied) = self.lists.remove(postings, rid) else {
                continue;
            };
            self.count -= 1;
            if emptied {
                self.entries.remove(&key);
            }
        }
    }

    /// Keys from `lo` to `hi` inclusive with their records, in key order.
    pub fn range<'a>(
        &'a self,
        lo: Key,
        hi: Key,
    ) -> Box<dyn Iterator<Item = (&'a Key, &'a [RecordId])> + 'a> {
        Box::new(self.between(lo, hi))
    }

    /// The keys of [`Index::range`], last first.
    pub fn range_rev<'a>(
        &'a self,
        lo: Key,
        hi: Key,
    ) -> Box<dyn Iterator<Item = (&'a Key, &'a [RecordId])> + 'a> {
        Box::new(self.between(lo, hi).rev())
    }

    /// An inverted range is empty (BTreeMap::range would panic on it).
    fn between<'a>(
        &'a self,
        lo: Key,
        hi: Key,
    ) -> impl DoubleEndedIterator<Item = (&'a Key, &'a [RecordId])> + 'a {
        let keys = (lo <= hi).then(|| {
            self.entries
                .range((Bound::Included(lo), Bound::Included(hi)))
        });
        let keys = keys.into_iter().flatten();
        keys.map(|(key, postings)| (key, self.lists.slice(postings)))
    }

    /// The `listIndexes` description.
    pub fn spec(&self) -> Document {
        let mut spec = doc! { "v": 2, "key": self.key_pattern.clone(), "name": self.name.clone() };
        if self.unique && !self.is_id_index() {
            spec.insert("unique", true);
        }
        if self.sparse {
            spec.insert("sparse", true);
        }
        spec
    }
}

fn is_descending(dir: &Bson) -> bool {
    crate::engine::mongo::value::number_as_f64(dir).is_some_and(|f| f < 0.0)
}
