//! The record ids filed under one index key, ascending. A key held by one
//! record (every key of a unique index) stores that id in the index entry
//! itself; a multikey index's popular keys keep their runs in the index's
//! list arena. An entry is then eight bytes: with a `Vec` in every entry,
//! half-full B-tree nodes made an `_id` index cost about 110 bytes a
//! document, most of a collection's overhead.

use super::index::RecordId;

/// One id, or (high bit set) the position of a list in [`PostingLists`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Postings(u64);

const LIST: u64 = 1 << 63;

/// The runs of ids of keys held by more than one record.
#[derive(Debug, Clone, Default)]
pub(crate) struct PostingLists {
    lists: Vec<Vec<RecordId>>,
    /// Positions of emptied lists, reused before the arena grows.
    free: Vec<usize>,
}

impl Postings {
    pub(crate) fn single(rid: RecordId) -> Postings {
        debug_assert!(rid < LIST, "record ids stay far below 2^63");
        Postings(rid)
    }

    fn list(self) -> Option<usize> {
        (self.0 & LIST != 0).then_some((self.0 & !LIST) as usize)
    }
}

impl PostingLists {
    pub(crate) fn slice<'a>(&'a self, postings: &'a Postings) -> &'a [RecordId] {
        match postings.list() {
            Some(i) => self.lists.get(i).map_or(&[], Vec::as_slice),
            None => std::slice::from_ref(&postings.0),
        }
    }

    /// Files `rid` in order; false if it was already there.
    pub(crate) fn insert(&mut self, postings: &mut Postings, rid: RecordId) -> bool {
        let Some(i) = postings.list() else {
            if postings.0 == rid {
                return false;
            }
            *postings = self.new_list(ordered_pair(postings.0, rid));
            return true;
        };
        let Some(list) = self.lists.get_mut(i) else {
            return false;
        };
        match list.binary_search(&rid) {
            Ok(_) => false,
            Err(position) => {
                list.insert(position, rid);
                true
            }
        }
    }

    /// Removes `rid`: `Some(true)` if the key is left with no record,
    /// `None` if `rid` was not there.
    pub(crate) fn remove(&mut self, postings: &mut Postings, rid: RecordId) -> Option<bool> {
        let Some(i) = postings.list() else {
            return (postings.0 == rid).then_some(true);
        };
        let list = self.lists.get_mut(i)?;
        let position = list.binary_search(&rid).ok()?;
        list.remove(position);
        if let [last] = list.as_slice() {
            *postings = Postings(*last);
            self.release(i);
        }
        Some(false)
    }

    pub(crate) fn shrink(&mut self) {
        self.lists.iter_mut().for_each(Vec::shrink_to_fit);
    }

    fn new_list(&mut self, rids: Vec<RecordId>) -> Postings {
        let i = match self.free.pop() {
            Some(i) => {
                self.lists[i] = rids;
                i
            }
            None => {
                self.lists.push(rids);
                self.lists.len() - 1
            }
        };
        Postings(LIST | i as u64)
    }

    fn release(&mut self, i: usize) {
        if let Some(list) = self.lists.get_mut(i) {
            *list = Vec::new();
            self.free.push(i);
        }
    }
}

fn ordered_pair(a: RecordId, b: RecordId) -> Vec<RecordId> {
    if a < b {
        vec![a, b]
    } else {
        vec![b, a]
    }
}
