//! A collection: documents by record id (natural order) plus its indexes.

use std::collections::BTreeSet;

use bson::{Bson, Document};

use super::index::{Index, RecordId};
use super::keys::Key;
use super::size::document_size;
use crate::engine::mongo::display;
use crate::engine::mongo::error::MongoError;

#[derive(Debug, Clone)]
pub struct Collection {
    pub ns: String,
    pub uuid: String,
    records: Vec<Option<Document>>,
    count: usize,
    data_size: u64,
    pub indexes: Vec<Index>,
}

type IndexKeys = Vec<(Vec<Key>, Vec<BTreeSet<String>>)>;

impl Collection {
    pub fn new(ns: &str, uuid: String) -> Collection {
        Collection {
            ns: ns.to_string(),
            uuid,
            records: Vec::new(),
            count: 0,
            data_size: 0,
            indexes: vec![Index::id_index()],
        }
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    pub fn data_size(&self) -> u64 {
        self.data_size
    }

    pub fn get(&self, rid: RecordId) -> Option<&Document> {
        self.records.get(rid as usize).and_then(Option::as_ref)
    }

    /// Documents in natural (insertion) order.
    pub fn iter(&self) -> impl Iterator<Item = (RecordId, &Document)> + '_ {
        self.records
            .iter()
            .enumerate()
            .filter_map(|(i, d)| d.as_ref().map(|d| (i as RecordId, d)))
    }

    /// Records from `start` on, for resumable scans.
    pub fn iter_from(&self, start: RecordId) -> impl Iterator<Item = (RecordId, &Document)> + '_ {
        self.iter().skip_while(move |(rid, _)| *rid < start)
    }

    pub fn index(&self, name: &str) -> Option<&Index> {
        self.indexes.iter().find(|i| i.name == name)
    }

    pub fn insert(&mut self, doc: Document) -> Result<RecordId, MongoError> {
        let rid = self.records.len() as RecordId;
        let keys = self.checked_keys(&doc, None)?;
        self.data_size += document_size(&doc) as u64;
        self.commit_keys(rid, keys);
        self.records.push(Some(doc));
        self.count += 1;
        Ok(rid)
    }

    /// Replaces a record's document, keeping its place in natural order.
    pub fn replace(&mut self, rid: RecordId, doc: Document) -> Result<(), MongoError> {
        let keys = self.checked_keys(&doc, Some(rid))?;
        let Some(old) = self.take(rid) else {
            return Ok(());
        };
        self.data_size = self.data_size + document_size(&doc) as u64 - document_size(&old) as u64;
        self.drop_keys(rid, &old);
        self.commit_keys(rid, keys);
        if let Some(slot) = self.records.get_mut(rid as usize) {
            *slot = Some(doc);
        }
        Ok(())
    }

    pub fn remove(&mut self, rid: RecordId) -> Option<Document> {
        let old = self.take(rid)?;
        self.drop_keys(rid, &old);
        self.data_size -= document_size(&old) as u64;
        self.count -= 1;
        Some(old)
    }

    fn take(&mut self, rid: RecordId) -> Option<Document> {
        self.records.get_mut(rid as usize).and_then(Option::take)
    }

    fn checked_keys(
        &self,
        doc: &Document,
        except: Option<RecordId>,
    ) -> Result<IndexKeys, MongoError> {
        let mut all = Vec::with_capacity(self.indexes.len());
        for index in &self.indexes {
            let (keys, paths) = index.keys_for(doc)?;
            if let Some(dup) = index.find_duplicate(&keys, except) {
                return Err(duplicate_error(&self.ns, index, dup));
            }
            all.push((keys, paths));
        }
        Ok(all)
    }

    fn commit_keys(&mut self, rid: RecordId, keys: IndexKeys) {
        for (index, (keys, paths)) in self.indexes.iter_mut().zip(keys) {
            index.insert_keys(rid, keys, paths);
        }
    }

    fn drop_keys(&mut self, rid: RecordId, doc: &Document) {
        for index in &mut self.indexes {
            if let Ok((keys, _)) = index.keys_for(doc) {
                index.remove_keys(rid, keys);
            }
        }
    }

    /// Builds `index` over every document; fails without side effects.
    pub fn add_index(&mut self, mut index: Index) -> Result<(), MongoError> {
        for (rid, doc) in self.iter() {
            let (keys, paths) = index.keys_for(doc)?;
            if let Some(dup) = index.find_duplicate(&keys, Some(rid)) {
                return Err(duplicate_error(&self.ns, &index, dup));
            }
            index.insert_keys(rid, keys, paths);
        }
        self.indexes.push(index);
        Ok(())
    }

    pub fn drop_index(&mut self, name: &str) -> Option<Index> {
        let position = self.indexes.iter().position(|i| i.name == name)?;
        Some(self.indexes.remove(position))
    }
}

/// `E11000 duplicate key error collection: kampus.mahasiswa index: nama_1 dup key: { nama: "Andi" }`
pub fn duplicate_error(ns: &str, index: &Index, key: &Key) -> MongoError {
    let fields: Vec<(String, Bson)> = index
        .fields
        .iter()
        .zip(key)
        .map(|((path, _), part)| (path.clone(), part.value.clone()))
        .collect();
    MongoError::duplicate_key(format!(
        "E11000 duplicate key error collection: {ns} index: {} dup key: {}",
        index.name,
        display::spaced_document(&fields)
    ))
}
