//! Record bytes kept end to end in one buffer, addressed by record id.
//! A collection scan then reads memory in order (the prefetcher keeps up)
//! instead of chasing one heap pointer per record, and records carry no
//! allocator overhead. Replaced and removed records leave garbage that is
//! compacted away once it outweighs the live bytes.

use bson::RawDocument;

/// Garbage below this is never worth a compaction pass.
const MIN_COMPACTION: usize = 1 << 20;

#[derive(Debug, Clone, Default)]
pub struct Records {
    bytes: Vec<u8>,
    /// (start, length) in `bytes` per record id; `None` once removed.
    slots: Vec<Option<(usize, usize)>>,
    garbage: usize,
}

impl Records {
    /// The id the next pushed record gets.
    pub fn next_id(&self) -> usize {
        self.slots.len()
    }

    pub fn get(&self, rid: usize) -> Option<&RawDocument> {
        let slot = (*self.slots.get(rid)?)?;
        self.view(slot)
    }

    fn view(&self, (start, len): (usize, usize)) -> Option<&RawDocument> {
        RawDocument::from_bytes(self.bytes.get(start..start.checked_add(len)?)?).ok()
    }

    /// Live records in id order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &RawDocument)> + '_ {
        self.iter_range(0..self.slots.len())
    }

    /// Live records whose ids fall in `ids`, in id order.
    pub fn iter_range(
        &self,
        ids: std::ops::Range<usize>,
    ) -> impl Iterator<Item = (usize, &RawDocument)> + '_ {
        let slots = self.slots.get(ids.clone()).unwrap_or_default();
        let slots = slots.iter().zip(ids);
        slots.filter_map(|(slot, rid)| Some((rid, self.view((*slot)?)?)))
    }

    pub fn push(&mut self, raw: &[u8]) {
        let start = self.bytes.len();
        self.bytes.extend_from_slice(raw);
        self.slots.push(Some((start, raw.len())));
    }

    /// Stores `raw` as record `rid` (an existing id, live or just removed).
    pub fn put(&mut self, rid: usize, raw: &[u8]) {
        let start = self.bytes.len();
        let Some(slot) = self.slots.get_mut(rid) else {
            return;
        };
        if let Some((_, old)) = slot.replace((start, raw.len())) {
            self.garbage += old;
        }
        self.bytes.extend_from_slice(raw);
        self.compact_if_wasteful();
    }

    /// Forgets record `rid`; returns whether it was live.
    pub fn remove(&mut self, rid: usize) -> bool {
        let Some((_, len)) = self.slots.get_mut(rid).and_then(Option::take) else {
            return false;
        };
        self.garbage += len;
        self.compact_if_wasteful();
        true
    }

    fn compact_if_wasteful(&mut self) {
        if self.garbage < MIN_COMPACTION || self.garbage < self.bytes.len() / 2 {
            return;
        }
        let mut bytes = Vec::with_capacity(self.bytes.len() - self.garbage);
        for slot in self.slots.iter_mut().flatten() {
            let (start, len) = *slot;
            let Some(record) = self.bytes.get(start..start + len) else {
                continue;
            };
            *slot = (bytes.len(), len);
            bytes.extend_from_slice(record);
        }
        self.bytes = bytes;
        self.garbage = 0;
    }
}
