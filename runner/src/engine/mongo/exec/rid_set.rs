//! The record ids a multikey index scan has already fetched. Ids are dense
//! (below the collection's id bound), so one bit each is both the smallest
//! and the fastest set; a hash set was most of a long index scan. Scans of
//! indexes without arrays cannot meet a record twice and keep no set.

use crate::engine::mongo::storage::RecordId;

#[derive(Debug)]
pub(crate) enum RidSet {
    /// Every key of the index holds a different record.
    Unneeded,
    Bits(Vec<u64>),
}

impl RidSet {
    /// A set for a scan of an index over records with ids below `bound`.
    pub(crate) fn for_scan(multikey: bool, bound: usize) -> RidSet {
        if multikey {
            RidSet::Bits(vec![0; bound.div_ceil(64)])
        } else {
            RidSet::Unneeded
        }
    }

    /// Adds `rid`; false if it was there already.
    #[inline]
    pub(crate) fn insert(&mut self, rid: RecordId) -> bool {
        let RidSet::Bits(words) = self else {
            return true;
        };
        let (word, bit) = ((rid / 64) as usize, 1u64 << (rid % 64));
        match words.get_mut(word) {
            Some(w) if *w & bit != 0 => false,
            Some(w) => {
                *w |= bit;
                true
            }
            // Ids at or past the bound are never filed; count them as new.
            None => true,
        }
    }
}
