//! Decoding stored records into `Document`s for the documents a query
//! returns or an update rewrites. Common types are built straight from the
//! bytes; the `bson` crate's own conversion copies every string and array
//! into intermediate owned raw values first, which dominated returning
//! results. Other types still go through the crate.

use bson::{Bson, Document, RawDocument};

use super::element::{elements, Element, ARRAY, DOCUMENT, DOUBLE, INT32, INT64, NULL, STRING};

/// The document a record holds; stored bytes were encoded by the engine,
/// so a failure would mean corruption and reads as "no document".
pub(crate) fn decode(raw: &RawDocument) -> Option<Document> {
    document(raw.as_bytes())
}

fn document(bytes: &[u8]) -> Option<Document> {
    let mut doc = Document::new();
    for element in elements(bytes) {
        let key = std::str::from_utf8(element.key).ok()?;
        doc.insert(key, value(element)?);
    }
    Some(doc)
}

fn value(e: Element<'_>) -> Option<Bson> {
    Some(match e.kind {
        STRING => Bson::String(std::str::from_utf8(e.str_bytes()?).ok()?.to_owned()),
        INT32 | INT64 | DOUBLE => number(e)?,
        DOCUMENT => Bson::Document(document(e.value)?),
        ARRAY => Bson::Array(elements(e.value).map(value).collect::<Option<_>>()?),
        NULL => Bson::Null,
        BOOLEAN => Bson::Boolean(e.value.first()? != &0),
        _ => Bson::try_from(e.to_ref()?).ok()?,
    })
}

const BOOLEAN: u8 = 8;

fn number(e: Element<'_>) -> Option<Bson> {
    Some(match e.kind {
        INT32 => Bson::Int32(i32::from_le_bytes(e.value.try_into().ok()?)),
        INT64 => Bson::Int64(i64::from_le_bytes(e.value.try_into().ok()?)),
        _ => Bson::Double(f64::from_le_bytes(e.value.try_into().ok()?)),
    })
}
