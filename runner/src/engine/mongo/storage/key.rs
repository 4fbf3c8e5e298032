//! Index keys in compact form: the key parts as one small raw BSON document
//! (field `"{i}"` ascending, `"-{i}"` descending), kept inline when short.
//! Ordering compares the parts with the raw BSON order, so keys sort exactly
//! as the owned values would, without a `Vec` of cloned `Bson` per entry.

use std::cmp::Ordering;
use std::fmt;

use bson::{Bson, Document, RawDocumentBuf};

use crate::engine::mongo::raw::compare::compare_elements;
use crate::engine::mongo::raw::element::{elements, Element};
use crate::engine::mongo::raw::encode::{append_scalar, finish_document};

/// Bytes kept inside the key itself: `_id` strings and course codes fit.
const INLINE: usize = 22;

#[derive(Clone)]
enum Bytes {
    Inline { len: u8, data: [u8; INLINE] },
    Heap(Box<[u8]>),
}

#[derive(Clone)]
pub struct Key(Bytes);

impl Key {
    /// The key holding `parts` (value, descending) in index field order.
    pub fn new<'a>(parts: impl IntoIterator<Item = (&'a Bson, bool)>) -> Key {
        let parts: Vec<(&Bson, bool)> = parts.into_iter().collect();
        Key::from_bytes(scalar_key(&parts).unwrap_or_else(|| document_key(&parts)))
    }

    fn from_bytes(bytes: Vec<u8>) -> Key {
        let mut data = [0; INLINE];
        match data.get_mut(..bytes.len()) {
            Some(slot) => {
                slot.copy_from_slice(&bytes);
                Key(Bytes::Inline {
                    len: bytes.len() as u8,
                    data,
                })
            }
            None => Key(Bytes::Heap(bytes.into_boxed_slice())),
        }
    }

    fn bytes(&self) -> &[u8] {
        match &self.0 {
            Bytes::Inline { len, data } => data.get(..*len as usize).unwrap_or(data),
            Bytes::Heap(b) => b,
        }
    }

    /// The parts with their direction (`true` = descending).
    pub fn parts(&self) -> impl Iterator<Item = (Element<'_>, bool)> + '_ {
        elements(self.bytes()).map(|e| (e, e.key.first() == Some(&b'-')))
    }

    /// The parts decoded (error messages).
    pub fn values(&self) -> Vec<Bson> {
        self.parts()
            .filter_map(|(v, _)| v.to_ref().and_then(|v| Bson::try_from(v).ok()))
            .collect()
    }
}

fn part_name(i: usize, descending: bool) -> String {
    if descending {
        format!("-{i}")
    } else {
        i.to_string()
    }
}

/// Keys of common scalars, encoded directly (`None` for other types).
fn scalar_key(parts: &[(&Bson, bool)]) -> Option<Vec<u8>> {
    let mut body = vec![0; 4];
    for (i, (value, descending)) in parts.iter().enumerate() {
        if !append_scalar(&mut body, &part_name(i, *descending), value) {
            return None;
        }
    }
    finish_document(body)
}

fn document_key(parts: &[(&Bson, bool)]) -> Vec<u8> {
    let mut doc = Document::new();
    for (i, (value, descending)) in parts.iter().enumerate() {
        doc.insert(part_name(i, *descending), (*value).clone());
    }
    encoded(&doc)
}

/// A document that cannot be encoded (a NUL in a subdocument key) still
/// gets a key: an empty one, which sorts first.
fn encoded(doc: &Document) -> Vec<u8> {
    RawDocumentBuf::from_document(doc)
        .map(RawDocumentBuf::into_bytes)
        .unwrap_or_else(|_| vec![5, 0, 0, 0, 0])
}

impl Ord for Key {
    /// Part by part in the field's direction; a prefix sorts first.
    fn cmp(&self, other: &Self) -> Ordering {
        let mut left = self.parts();
        let mut right = other.parts();
        loop {
            match (left.next(), right.next()) {
                (None, None) => return Ordering::Equal,
                (None, Some(_)) => return Ordering::Less,
                (Some(_), None) => return Ordering::Greater,
                (Some((a, descending)), Some((b, _))) => {
                    let ord = compare_elements(a, b);
                    let ord = if descending { ord.reverse() } else { ord };
                    if ord != Ordering::Equal {
                        return ord;
                    }
                }
            }
        }
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Key {}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.values()).finish()
    }
}
