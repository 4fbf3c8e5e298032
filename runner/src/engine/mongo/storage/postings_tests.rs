//! Posting lists behave as one ordered set of ids per key, however ids move
//! between the inline form and the arena.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::postings::{PostingLists, Postings};

proptest! {
    #[test]
    fn postings_match_a_set_per_key(ops in prop::collection::vec((0u8..3, 0u64..6, any::<bool>()), 0..80)) {
        let mut lists = PostingLists::default();
        let mut entries: BTreeMap<u8, Postings> = BTreeMap::new();
        let mut model: BTreeMap<u8, BTreeSet<u64>> = BTreeMap::new();
        for (key, rid, add) in ops {
            let expected = if add {
                model.entry(key).or_default().insert(rid)
            } else {
                model.get_mut(&key).is_some_and(|s| s.remove(&rid))
            };
            let done = match (add, entries.get_mut(&key)) {
                (true, None) => {
                    entries.insert(key, Postings::single(rid));
                    true
                }
                (true, Some(p)) => lists.insert(p, rid),
                (false, None) => false,
                (false, Some(p)) => match lists.remove(p, rid) {
                    Some(true) => {
                        entries.remove(&key);
                        true
                    }
                    Some(false) => true,
                    None => false,
                },
            };
            prop_assert_eq!(done, expected);
            model.retain(|_, s| !s.is_empty());
            let now: BTreeMap<u8, Vec<u64>> =
                entries.iter().map(|(k, p)| (*k, lists.slice(p).to_vec())).collect();
            let want: BTreeMap<u8, Vec<u64>> =
                model.iter().map(|(k, s)| (*k, s.iter().copied().collect())).collect();
            prop_assert_eq!(now, want);
        }
    }
}
