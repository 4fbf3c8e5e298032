//! BSON encoded sizes without encoding (16 MB limit, `sizeOnDisk`).

use bson::{Bson, Document};

/// The maximum BSON document size the server accepts.
pub(crate) const MAX_BSON_SIZE: usize = 16 * 1024 * 1024;

pub(crate) fn document_size(doc: &Document) -> usize {
    4 + doc
        .iter()
        .map(|(k, v)| 1 + k.len() + 1 + value_size(v))
        .sum::<usize>()
        + 1
}

fn array_size(items: &[Bson]) -> usize {
    let mut total = 5;
    for (i, v) in items.iter().enumerate() {
        total += 1 + decimal_len(i) + 1 + value_size(v);
    }
    total
}

fn decimal_len(mut i: usize) -> usize {
    let mut len = 1;
    while i >= 10 {
        i /= 10;
        len += 1;
    }
    len
}

pub(crate) fn value_size(v: &Bson) -> usize {
    match v {
        Bson::Double(_) | Bson::Int64(_) | Bson::DateTime(_) | Bson::Timestamp(_) => 8,
        Bson::Int32(_) => 4,
        Bson::Decimal128(_) => 16,
        Bson::String(s) | Bson::Symbol(s) | Bson::JavaScriptCode(s) => 4 + s.len() + 1,
        Bson::Document(d) => document_size(d),
        Bson::Array(items) => array_size(items),
        Bson::Binary(b) => 4 + 1 + b.bytes.len(),
        Bson::ObjectId(_) => 12,
        Bson::Boolean(_) => 1,
        Bson::Null | Bson::Undefined | Bson::MinKey | Bson::MaxKey => 0,
        Bson::RegularExpression(re) => re.pattern.len() + 1 + re.options.len() + 1,
        Bson::JavaScriptCodeWithScope(c) => 4 + 4 + c.code.len() + 1 + document_size(&c.scope),
        Bson::DbPointer(_) => 4 + 12 + 12,
    }
}
