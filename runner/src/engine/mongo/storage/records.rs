//! Record bytes kept end to end in a few large segments, addressed by
//! record id. A collection scan then reads memory in order (the prefetcher
//! keeps up) instead of chasing one heap pointer per record, and records
//! carry no allocator overhead. Segments are allocated at their final size:
//! one growing buffer doubled its capacity and copied itself as a
//! collection grew, briefly holding the data twice. Replaced and removed
//! records leave garbage that is compacted away once it outweighs the live
//! bytes.

use bson::RawDocument;

/// Garbage below this is never worth a compaction pass.
const MIN_COMPACTION: usize = 1 << 20;

/// Bytes per segment (a larger record gets a segment of its own size).
const SEGMENT: usize = 8 << 20;

/// Where a record's bytes are; `len` 0 marks a removed record (a BSON
/// document takes at least five bytes).
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    segment: u32,
    start: u32,
    len: u32,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Records {
    segments: Vec<Vec<u8>>,
    slots: Vec<Slot>,
    /// Bytes in segments, live or garbage.
    used: usize,
    garbage: usize,
}

impl Records {
    /// The id the next pushed record gets.
    pub(crate) fn next_id(&self) -> usize {
        self.slots.len()
    }

    pub(crate) fn get(&self, rid: usize) -> Option<&RawDocument> {
        RawDocument::from_bytes(self.bytes(*self.slots.get(rid)?)?).ok()
    }

    fn bytes(&self, slot: Slot) -> Option<&[u8]> {
        let start = slot.start as usize;
        let bytes = self.segments.get(slot.segment as usize)?;
        (slot.len > 0).then(|| bytes.get(start..start + slot.len as usize))?
    }

    /// Live records in id order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, &RawDocument)> + '_ {
        self.bytes_range(0..self.slots.len())
            .filter_map(|(rid, bytes)| Some((rid, RawDocument::from_bytes(bytes).ok()?)))
    }

    /// The bytes of live records whose ids fall in `ids`, in id order
    /// (scans read them without building a `RawDocument` view each).
    pub(crate) fn bytes_range(
        &self,
        ids: std::ops::Range<usize>,
    ) -> impl Iterator<Item = (usize, &[u8])> + '_ {
        let slots = self.slots.get(ids.clone()).unwrap_or_default();
        let slots = slots.iter().zip(ids);
        slots.filter_map(|(slot, rid)| Some((rid, self.bytes(*slot)?)))
    }

    pub(crate) fn push(&mut self, raw: &[u8]) {
        let slot = self.append(raw);
        self.slots.push(slot);
    }

    /// Copies `raw` to the end of the last segment, or of a new one when it
    /// does not fit there.
    fn append(&mut self, raw: &[u8]) -> Slot {
        let fits = self
            .segments
            .last()
            .is_some_and(|s| s.capacity() - s.len() >= raw.len());
        if !fits {
            self.segments
                .push(Vec::with_capacity(SEGMENT.max(raw.len())));
        }
        let segment = self.segments.len() - 1;
        let bytes = &mut self.segments[segment];
        let start = bytes.len();
        bytes.extend_from_slice(raw);
        self.used += raw.len();
        Slot {
            segment: segment as u32,
            start: start as u32,
            len: raw.len() as u32,
        }
    }

    /// Stores `raw` as record `rid` (an existing id, live or just removed).
    pub(crate) fn put(&mut self, rid: usize, raw: &[u8]) {
        if rid >= self.slots.len() {
            return;
        }
        let slot = self.append(raw);
        let old = std::mem::replace(&mut self.slots[rid], slot);
        self.garbage += old.len as usize;
        self.compact_if_wasteful();
    }

    /// Forgets record `rid`; returns whether it was live.
    pub(crate) fn remove(&mut self, rid: usize) -> bool {
        let Some(slot) = self.slots.get_mut(rid).filter(|s| s.len > 0) else {
            return false;
        };
        self.garbage += std::mem::take(slot).len as usize;
        self.compact_if_wasteful();
        true
    }

    fn compact_if_wasteful(&mut self) {
        if self.garbage < MIN_COMPACTION || self.garbage < self.used / 2 {
            return;
        }
        let old = std::mem::take(self);
        self.slots.reserve(old.slots.len());
        for slot in &old.slots {
            let slot = match old.bytes(*slot) {
                Some(bytes) => self.append(bytes),
                None => Slot::default(),
            };
            self.slots.push(slot);
        }
    }
}
