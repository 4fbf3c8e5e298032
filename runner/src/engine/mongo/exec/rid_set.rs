//! A set of record ids for de-duplicating multikey index scans. Ids are
//! small dense integers, so one multiplication spreads them well; SipHash's
//! resistance to chosen keys buys nothing here and costs most of the scan.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::engine::mongo::storage::RecordId;

pub type RidSet = HashSet<RecordId, BuildHasherDefault<RidHasher>>;

#[derive(Default)]
pub struct RidHasher(u64);

const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

impl Hasher for RidHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(*b)).wrapping_mul(SPREAD);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(SPREAD);
    }
}
