//! Encoding the common scalar types straight into BSON bytes, for index
//! keys and filter targets built on every write and query; going through a
//! `Document` and the serializer cost more than the rest of a point lookup.
//! Other types are left to the `bson` crate (callers fall back).

use bson::Bson;

/// Appends the element `name: value` if `value` is a common scalar;
/// false (and nothing appended) otherwise.
pub(crate) fn append_scalar(out: &mut Vec<u8>, name: &str, value: &Bson) -> bool {
    let Some((kind, payload)) = scalar_payload(value) else {
        return false;
    };
    append_header(out, kind, name);
    out.extend_from_slice(&payload);
    true
}

/// The type byte and name (a C string) that start an element.
pub(crate) fn append_header(out: &mut Vec<u8>, kind: u8, name: &str) {
    out.push(kind);
    out.extend_from_slice(name.as_bytes());
    out.push(0);
}

/// Reserves a nested document's length prefix, known only at its end.
pub(crate) fn begin_document(out: &mut Vec<u8>) -> usize {
    out.extend_from_slice(&[0; 4]);
    out.len() - 4
}

/// Ends the document begun at `start` (terminator, length prefix).
pub(crate) fn end_document(out: &mut Vec<u8>, start: usize) {
    out.push(0);
    let len = (out.len() - start) as i32;
    if let Some(prefix) = out.get_mut(start..start + 4) {
        prefix.copy_from_slice(&len.to_le_bytes());
    }
}

fn scalar_payload(value: &Bson) -> Option<(u8, Vec<u8>)> {
    Some(match value {
        Bson::String(s) => (2, string_payload(s)?),
        Bson::Int32(i) => (16, i.to_le_bytes().to_vec()),
        Bson::Int64(i) => (18, i.to_le_bytes().to_vec()),
        Bson::Double(f) => (1, f.to_le_bytes().to_vec()),
        Bson::Boolean(b) => (8, vec![u8::from(*b)]),
        Bson::Null => (10, Vec::new()),
        Bson::ObjectId(id) => (7, id.bytes().to_vec()),
        Bson::DateTime(d) => (9, d.timestamp_millis().to_le_bytes().to_vec()),
        _ => return None,
    })
}

/// Length (with the terminator), bytes, terminator.
fn string_payload(s: &str) -> Option<Vec<u8>> {
    let len = i32::try_from(s.len() + 1).ok()?;
    let mut out = Vec::with_capacity(s.len() + 5);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    Some(out)
}

/// A document of the given elements' bytes (adds length and terminator).
pub(crate) fn finish_document(mut body: Vec<u8>) -> Option<Vec<u8>> {
    body.push(0);
    let len = i32::try_from(body.len()).ok()?;
    let header = body.get_mut(..4)?;
    header.copy_from_slice(&len.to_le_bytes());
    Some(body)
}
