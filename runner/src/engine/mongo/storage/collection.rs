//! A collection: documents by record id (natural order) plus its indexes.
//!
//! Records are kept as raw BSON bytes (see `records`): a fraction of the
//! memory of a decoded `Document` and readable in place by the raw matcher;
//! only documents that are returned or updated are decoded.

use std::collections::BTreeSet;

use bson::{Bson, Document, RawDocument, RawDocumentBuf};

use super::index::{Index, RecordId};
use super::keys::Key;
use super::records::Records;
use super::size::document_size;
use crate::engine::mongo::display;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::raw::decode;
use crate::engine::mongo::validation::Validation;

#[derive(Debug, Clone)]
pub struct Collection {
    pub ns: String,
    pub uuid: String,
    records: Records,
    count: usize,
    data_size: u64,
    pub indexes: Vec<Index>,
    /// The `validator` and its level and action (`create`, `collMod`).
    pub(crate) validation: Validation,
}

type IndexKeys = Vec<(Vec<Key>, Vec<BTreeSet<String>>)>;

impl Collection {
    pub fn new(ns: &str, uuid: String) -> Collection {
        Collection {
            ns: ns.to_string(),
            uuid,
            records: Records::default(),
            count: 0,
            data_size: 0,
            indexes: vec![Index::id_index()],
            validation: Validation::default(),
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

    /// The decoded document of a record.
    pub fn get(&self, rid: RecordId) -> Option<Document> {
        self.raw(rid).and_then(decode)
    }

    /// A record's stored bytes.
    pub fn raw(&self, rid: RecordId) -> Option<&RawDocument> {
        self.records.get(usize::try_from(rid).ok()?)
    }

    /// Records in natural (insertion) order, undecoded.
    pub fn iter(&self) -> impl Iterator<Item = (RecordId, &RawDocument)> + '_ {
        self.records.iter().map(|(i, d)| (i as RecordId, d))
    }

    /// The bytes of the records with ids in `ids`, in id order.
    pub fn bytes_range(
        &self,
        ids: std::ops::Range<usize>,
    ) -> impl Iterator<Item = (RecordId, &[u8])> + '_ {
        self.records
            .bytes_range(ids)
            .map(|(i, d)| (i as RecordId, d))
    }

    /// One past the largest record id ever given (removed ids included).
    pub fn id_bound(&self) -> usize {
        self.records.next_id()
    }

    /// Decoded documents in natural order.
    pub fn documents(&self) -> impl Iterator<Item = Document> + '_ {
        self.iter().filter_map(|(_, raw)| decode(raw))
    }

    pub fn index(&self, name: &str) -> Option<&Index> {
        self.indexes.iter().find(|i| i.name == name)
    }

    pub fn insert(&mut self, doc: Document) -> Result<RecordId, MongoError> {
        let rid = self.records.next_id() as RecordId;
        let keys = self.checked_keys(&doc, None)?;
        let raw = encode(&doc)?;
        self.data_size += document_size(&doc) as u64;
        self.commit_keys(rid, keys);
        self.records.push(raw.as_bytes());
        self.count += 1;
        Ok(rid)
    }

    /// Replaces a record's document, keeping its place in natural order.
    pub fn replace(&mut self, rid: RecordId, doc: Document) -> Result<(), MongoError> {
        let keys = self.checked_keys(&doc, Some(rid))?;
        let raw = encode(&doc)?;
        let Some(old) = self.take(rid) else {
            return Ok(());
        };
        self.data_size = self.data_size + document_size(&doc) as u64 - document_size(&old) as u64;
        self.drop_keys(rid, &old);
        self.commit_keys(rid, keys);
        self.records.put(rid as usize, raw.as_bytes());
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
        let doc = self.get(rid)?;
        self.records.remove(rid as usize);
        Some(doc)
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
        for (rid, raw) in self.iter() {
            let Some(doc) = decode(raw) else {
                continue;
            };
            let (keys, paths) = index.keys_for(&doc)?;
            if let Some(dup) = index.find_duplicate(&keys, Some(rid)) {
                return Err(duplicate_error(&self.ns, &index, dup));
            }
            index.insert_keys(rid, keys, paths);
        }
        index.shrink();
        self.indexes.push(index);
        Ok(())
    }

    pub fn drop_index(&mut self, name: &str) -> Option<Index> {
        let position = self.indexes.iter().position(|i| i.name == name)?;
        Some(self.indexes.remove(position))
    }
}

/// A document's stored form.
fn encode(doc: &Document) -> Result<RawDocumentBuf, MongoError> {
    RawDocumentBuf::from_document(doc)
        .map_err(|e| MongoError::bad_value(format!("cannot store document: {e}")))
}

/// `E11000 duplicate key error collection: kampus.mahasiswa index: nama_1 dup key: { nama: "Andi" }`
pub(crate) fn duplicate_error(ns: &str, index: &Index, key: &Key) -> MongoError {
    let fields: Vec<(String, Bson)> = index
        .fields
        .iter()
        .zip(key.values())
        .map(|((path, _), value)| (path.clone(), value))
        .collect();
    let message = format!(
        "E11000 duplicate key error collection: {ns} index: {} dup key: {}",
        index.name,
        display::spaced_document(&fields)
    );
    let key_value: bson::Document = fields.into_iter().collect();
    MongoError::duplicate_key(message).with_details(bson::doc! {
        "keyPattern": index.key_pattern.clone(),
        "keyValue": key_value,
    })
}
