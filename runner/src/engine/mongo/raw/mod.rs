//! Reading stored records without decoding them: BSON order on raw values
//! (`compare`) and the query language's path traversal (`path`).

pub(crate) mod compare;
pub(crate) mod decode;
#[cfg(test)]
mod decode_tests;
pub(crate) mod element;
pub(crate) mod encode;

pub(crate) use decode::decode;
pub(crate) mod path;

use bson::{Bson, Document, RawBson, RawDocumentBuf};

/// `value` as an owned raw value (`None` only if it cannot be encoded,
/// e.g. a key with a NUL byte inside a subdocument).
pub(crate) fn to_raw(value: &Bson) -> Option<RawBson> {
    match value {
        Bson::String(s) => Some(RawBson::String(s.clone())),
        Bson::Int32(i) => Some(RawBson::Int32(*i)),
        Bson::Int64(i) => Some(RawBson::Int64(*i)),
        Bson::Double(f) => Some(RawBson::Double(*f)),
        Bson::Boolean(b) => Some(RawBson::Boolean(*b)),
        Bson::Null => Some(RawBson::Null),
        other => encoded(other),
    }
}

/// Any value, through a one-field document and the serializer.
fn encoded(value: &Bson) -> Option<RawBson> {
    let mut holder = Document::new();
    holder.insert("", value.clone());
    let bytes = RawDocumentBuf::from_document(&holder).ok()?;
    let element = bytes.get("").ok().flatten()?;
    Some(element.to_raw_bson())
}
