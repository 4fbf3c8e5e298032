//! `x-amzn-RequestId`: 52 characters of upper-case letters and digits, as DynamoDB
//! sends them. They only need to differ between requests, not to be secret.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

const ALPHABET: &[u8; 36] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const LENGTH: usize = 52;

#[derive(Debug)]
pub struct RequestIds {
    next: AtomicU64,
}

impl RequestIds {
    /// Seeded from the clock, so two servers started one after the other differ too.
    pub fn new() -> RequestIds {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        RequestIds {
            next: AtomicU64::new(nanos ^ u64::from(std::process::id())),
        }
    }

    /// The id as bytes, ready for a header value.
    pub fn next_id(&self) -> [u8; LENGTH] {
        let mut state = self.next.fetch_add(1, Ordering::Relaxed);
        let mut id = [0; LENGTH];
        for byte in &mut id {
            state = mix(state);
            *byte = ALPHABET[(state % 36) as usize];
        }
        id
    }
}

/// splitmix64's step: neighbouring counters give unrelated ids.
fn mix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_have_dynamodb_s_shape_and_differ() {
        let ids = RequestIds::new();
        let first = ids.next_id();
        let second = ids.next_id();
        assert_eq!(first.len(), 52);
        assert!(first.iter().all(|b| ALPHABET.contains(b)), "{first:?}");
        assert_ne!(first, second);
    }
}
