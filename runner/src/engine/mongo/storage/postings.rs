//! The record ids filed under one index key, ascending. Unique keys hold a
//! single id inline; a multikey index's few popular keys hold long runs,
//! stored once per key instead of once per (key, id) entry.

use super::index::RecordId;

#[derive(Debug, Clone)]
pub enum Postings {
    One(RecordId),
    Many(Vec<RecordId>),
}

impl Postings {
    pub fn as_slice(&self) -> &[RecordId] {
        match self {
            Postings::One(rid) => std::slice::from_ref(rid),
            Postings::Many(rids) => rids,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    /// Files `rid` in order; false if it was already there.
    pub fn insert(&mut self, rid: RecordId) -> bool {
        let position = match self.as_slice().binary_search(&rid) {
            Ok(_) => return false,
            Err(position) => position,
        };
        match self {
            Postings::One(first) => *self = Postings::Many(ordered_pair(*first, rid)),
            Postings::Many(rids) => rids.insert(position, rid),
        }
        true
    }

    /// Removes `rid`; false if it was not there.
    pub fn remove(&mut self, rid: RecordId) -> bool {
        let Ok(position) = self.as_slice().binary_search(&rid) else {
            return false;
        };
        match self {
            Postings::One(_) => *self = Postings::Many(Vec::new()),
            Postings::Many(rids) => {
                rids.remove(position);
            }
        }
        true
    }
}

fn ordered_pair(a: RecordId, b: RecordId) -> Vec<RecordId> {
    if a < b {
        vec![a, b]
    } else {
        vec![b, a]
    }
}
