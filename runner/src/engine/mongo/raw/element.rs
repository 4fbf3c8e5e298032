//! A minimal reader for stored BSON: walks a document's elements and
//! slices out their values without validating or converting anything.
//! Records were encoded by the engine itself, so the hot paths (field
//! lookup, array elements, string and number comparison) can read bytes
//! directly; every other use converts to `RawBsonRef` through the `bson`
//! crate. Malformed bytes end the walk instead of panicking.

use bson::{RawBsonRef, RawDocument};

use crate::engine::mongo::value::Num;

/// One element of a document: its key, BSON type byte and value bytes.
#[derive(Debug, Clone, Copy)]
pub struct Element<'a> {
    parent: &'a [u8],
    pub key: &'a [u8],
    pub kind: u8,
    pub value: &'a [u8],
}

pub(crate) const DOUBLE: u8 = 1;
pub(crate) const STRING: u8 = 2;
pub(crate) const DOCUMENT: u8 = 3;
pub(crate) const ARRAY: u8 = 4;
pub(crate) const NULL: u8 = 10;
pub(crate) const INT32: u8 = 16;
pub(crate) const INT64: u8 = 18;
pub(crate) const SYMBOL: u8 = 14;

/// The elements of a document (or array) given its full bytes.
pub(crate) fn elements(doc: &[u8]) -> Elements<'_> {
    Elements { doc, pos: 4 }
}

/// The first element named `key`. Keys are compared before they are
/// measured, so the field searched for costs one comparison.
pub(crate) fn find<'a>(doc: &'a [u8], key: &str) -> Option<Element<'a>> {
    let key = key.as_bytes();
    let mut pos = 4;
    loop {
        let kind = *doc.get(pos)?;
        let rest = doc.get(pos + 1..)?;
        let named = rest.get(key.len()) == Some(&0)
            && rest.get(..key.len()).is_some_and(|k| same_bytes(k, key));
        let key_len = if named { key.len() } else { key_len(rest)? };
        let element = element_at(doc, pos, kind, key_len)?;
        if named {
            return Some(element);
        }
        pos += 2 + key_len + element.value.len();
    }
}

pub(crate) struct Elements<'a> {
    doc: &'a [u8],
    pos: usize,
}

impl<'a> Iterator for Elements<'a> {
    type Item = Element<'a>;

    #[inline(always)]
    fn next(&mut self) -> Option<Element<'a>> {
        let kind = *self.doc.get(self.pos)?;
        let rest = self.doc.get(self.pos + 1..)?;
        let element = element_at(self.doc, self.pos, kind, key_len(rest)?)?;
        self.pos += 2 + element.key.len() + element.value.len();
        Some(element)
    }
}

/// The element whose type byte sits at `pos` (`None` for the terminator).
/// Always inlined: returned through memory, its fields were stored one by
/// one and reloaded as a pair, a store-forwarding stall on every element.
#[inline(always)]
fn element_at(doc: &[u8], pos: usize, kind: u8, key_len: usize) -> Option<Element<'_>> {
    let key = doc.get(pos + 1..pos + 1 + key_len)?;
    let tail = doc.get(pos + 2 + key_len..)?;
    let value = tail.get(..value_size(kind, tail)?)?;
    Some(Element {
        parent: doc,
        key,
        kind,
        value,
    })
}

/// Byte equality without a `memcmp` call or a loop: ids and codes are a
/// few bytes, where the call, or the branch on every byte, cost more than
/// the comparison. Equal-length texts of 4 to 16 bytes are equal when both
/// their first and last halves are (the halves may overlap).
#[inline(always)]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    match a.len() {
        4..=8 => ends::<4>(a) == ends::<4>(b),
        9..=16 => ends::<8>(a) == ends::<8>(b),
        _ => a == b,
    }
}

#[inline(always)]
fn ends<const N: usize>(s: &[u8]) -> (Option<&[u8; N]>, Option<&[u8; N]>) {
    (s.first_chunk::<N>(), s.last_chunk::<N>())
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The length of the NUL-terminated key at the start of `rest`, eight
/// bytes at a time: a byte-by-byte search was most of a collection scan.
#[inline(always)]
fn key_len(rest: &[u8]) -> Option<usize> {
    let mut offset = 0;
    while let Some(chunk) = rest.get(offset..offset + 8) {
        let word = u64::from_le_bytes(chunk.try_into().ok()?);
        // The lowest flagged byte is the first zero (borrows only run upwards).
        let zeros = word.wrapping_sub(ONES) & !word & HIGHS;
        if zeros != 0 {
            return Some(offset + (zeros.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    let tail = rest.get(offset..)?;
    tail.iter().position(|b| *b == 0).map(|p| offset + p)
}

/// Bytes taken by a value of type `kind` at the start of `tail`; `None`
/// for the terminating zero and anything unknown. The common types are
/// tested first: a jump over every type mispredicted on each element.
#[inline(always)]
fn value_size(kind: u8, tail: &[u8]) -> Option<usize> {
    if kind == STRING {
        Some(4 + length(tail)?)
    } else if kind == DOCUMENT || kind == ARRAY {
        length(tail)
    } else if kind == INT32 {
        Some(4)
    } else {
        rare_value_size(kind, tail)
    }
}

fn rare_value_size(kind: u8, tail: &[u8]) -> Option<usize> {
    match kind {
        1 | 9 | 17 | 18 => Some(8),
        16 => Some(4),
        7 => Some(12),
        8 => Some(1),
        19 => Some(16),
        6 | 10 | 0x7F | 0xFF => Some(0),
        2 | 13 | 14 => Some(4 + length(tail)?),
        3 | 4 | 15 => length(tail),
        5 => Some(4 + 1 + length(tail)?),
        11 => regex_size(tail),
        12 => Some(4 + length(tail)? + 12),
        _ => None,
    }
}

#[inline(always)]
fn length(tail: &[u8]) -> Option<usize> {
    let bytes: [u8; 4] = tail.get(..4)?.try_into().ok()?;
    usize::try_from(i32::from_le_bytes(bytes)).ok()
}

fn regex_size(tail: &[u8]) -> Option<usize> {
    let pattern = tail.iter().position(|b| *b == 0)?;
    let options = tail.get(pattern + 1..)?.iter().position(|b| *b == 0)?;
    Some(pattern + 1 + options + 1)
}

impl<'a> Element<'a> {
    /// The bytes of a string or symbol (without length and terminator).
    pub fn str_bytes(&self) -> Option<&'a [u8]> {
        match self.kind {
            STRING | SYMBOL => self.value.get(4..self.value.len().checked_sub(1)?),
            _ => None,
        }
    }

    /// Int, long and double values.
    pub fn number(&self) -> Option<Num> {
        match self.kind {
            DOUBLE => Some(Num::Float(f64::from_le_bytes(self.value.try_into().ok()?))),
            INT32 => Some(Num::Int(i64::from(i32::from_le_bytes(
                self.value.try_into().ok()?,
            )))),
            INT64 => Some(Num::Int(i64::from_le_bytes(self.value.try_into().ok()?))),
            _ => None,
        }
    }

    /// The bytes of a subdocument or array (walkable with [`elements`]).
    pub fn nested(&self) -> Option<&'a [u8]> {
        matches!(self.kind, DOCUMENT | ARRAY).then_some(self.value)
    }

    /// The value as the `bson` crate reads it (looked up again in the parent).
    pub fn to_ref(self) -> Option<RawBsonRef<'a>> {
        let parent = RawDocument::from_bytes(self.parent).ok()?;
        let key = std::str::from_utf8(self.key).ok()?;
        parent.get(key).ok().flatten()
    }
}

/// The canonical type rank of a BSON type byte (`canonicalizeBSONType`).
pub(crate) fn kind_rank(kind: u8) -> i32 {
    match kind {
        0xFF => -1,
        6 => 0,
        10 => 5,
        1 | 16 | 18 | 19 => 10,
        2 | 14 => 15,
        3 => 20,
        4 => 25,
        5 => 30,
        7 => 35,
        8 => 40,
        9 => 45,
        17 => 47,
        11 => 50,
        12 => 55,
        13 => 60,
        15 => 65,
        _ => 127,
    }
}
