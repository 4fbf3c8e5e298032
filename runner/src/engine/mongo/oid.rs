//! The ObjectId generator shared by the engine and the shell: with a seed,
//! ids are the seed with its last three bytes counting up (reproducible
//! examples and grading); without one, time + a per-process value + counter.

use std::time::{SystemTime, UNIX_EPOCH};

use bson::oid::ObjectId;

#[derive(Debug, Clone)]
pub(crate) struct ObjectIdGenerator {
    prefix: [u8; 9],
    counter: u32,
    seeded: bool,
}

impl ObjectIdGenerator {
    pub(crate) fn new(seed: Option<[u8; 12]>) -> Self {
        match seed {
            Some(bytes) => Self::seeded(bytes),
            None => Self::random(),
        }
    }

    fn seeded(bytes: [u8; 12]) -> Self {
        let mut prefix = [0u8; 9];
        prefix.copy_from_slice(&bytes[..9]);
        let counter = u32::from_be_bytes([0, bytes[9], bytes[10], bytes[11]]);
        Self {
            prefix,
            counter,
            seeded: true,
        }
    }

    fn random() -> Self {
        let sample = ObjectId::new().bytes();
        let mut prefix = [0u8; 9];
        prefix.copy_from_slice(&sample[..9]);
        let counter = u32::from_be_bytes([0, sample[9], sample[10], sample[11]]);
        Self {
            prefix,
            counter,
            seeded: false,
        }
    }

    pub(crate) fn next_id(&mut self) -> ObjectId {
        if !self.seeded {
            let seconds = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0);
            self.prefix[..4].copy_from_slice(&(seconds as u32).to_be_bytes());
        }
        let mut bytes = [0u8; 12];
        bytes[..9].copy_from_slice(&self.prefix);
        bytes[9..].copy_from_slice(&self.counter.to_be_bytes()[1..]);
        self.counter = (self.counter + 1) & 0x00ff_ffff;
        ObjectId::from_bytes(bytes)
    }
}
