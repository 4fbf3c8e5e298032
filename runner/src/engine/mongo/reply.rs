//! Command replies in the two forms a caller may want: decoded (`Document`,
//! as the shell reads them) or wire form (BSON bytes, as a server sends them).
//!
//! A cursor reply's batch can hold records exactly as stored, so the wire form
//! copies their bytes instead of decoding each one into a `Document` only to
//! encode it again; decoding is then left to whoever reads the reply.

use std::borrow::Cow;
use std::io::Write;

use bson::{doc, Bson, Document, RawDocument, RawDocumentBuf};

use super::error::MongoError;
use super::raw::decode;
use super::raw::element::{ARRAY, DOCUMENT};
use super::raw::encode::{append_header, append_scalar, begin_document, end_document};

/// What a command answers, before `ok: 1.0` is appended.
#[derive(Debug)]
pub(crate) enum Reply {
    Document(Document),
    Cursor(CursorReply),
}

/// `{ cursor: { firstBatch|nextBatch: [...], id, ns } }`.
#[derive(Debug)]
pub(crate) struct CursorReply {
    /// `firstBatch` (find, aggregate) or `nextBatch` (getMore).
    pub batch_name: &'static str,
    pub batch: Batch,
    pub id: i64,
    pub ns: String,
}

/// The documents of one cursor batch.
#[derive(Debug)]
pub enum Batch {
    Decoded(Vec<Document>),
    Raw(RawBatch),
}

/// Documents as BSON bytes back to back: one buffer for the whole batch
/// rather than one allocation per document.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct RawBatch {
    bytes: Vec<u8>,
    /// Where each document ends in `bytes` (the next one starts there).
    ends: Vec<usize>,
}

impl From<Document> for Reply {
    fn from(document: Document) -> Self {
        Reply::Document(document)
    }
}

impl From<Vec<Document>> for Batch {
    fn from(documents: Vec<Document>) -> Self {
        Batch::Decoded(documents)
    }
}

impl Reply {
    pub(crate) fn cursor(
        batch_name: &'static str,
        batch: impl Into<Batch>,
        id: i64,
        ns: &str,
    ) -> Reply {
        Reply::Cursor(CursorReply {
            batch_name,
            batch: batch.into(),
            id,
            ns: ns.to_string(),
        })
    }

    /// The reply document, `ok: 1.0` last (or in place if a command set it).
    /// Documents handed back to the client: a cursor's batch, or the one document a
    /// findAndModify returns.
    pub(crate) fn delivered(&self) -> u64 {
        match self {
            Reply::Cursor(cursor) => cursor.batch.len() as u64,
            Reply::Document(d) => u64::from(matches!(d.get("value"), Some(Bson::Document(_)))),
        }
    }

    /// A write reply that lists refused writes (`writeErrors`, `writeConcernError`).
    pub(crate) fn has_write_errors(&self) -> bool {
        match self {
            Reply::Document(d) => {
                d.contains_key("writeErrors") || d.contains_key("writeConcernError")
            }
            Reply::Cursor(_) => false,
        }
    }

    pub(crate) fn into_document(self) -> Document {
        let mut reply = match self {
            Reply::Document(document) => document,
            Reply::Cursor(cursor) => cursor.into_document(),
        };
        reply.insert("ok", 1.0);
        reply
    }

    /// The bytes of `into_document()`, byte for byte, without decoding records.
    pub(crate) fn into_bson(self) -> Result<RawDocumentBuf, MongoError> {
        let bytes = match self {
            Reply::Cursor(cursor) => cursor.to_bson()?,
            document => encode(&document.into_document())?,
        };
        RawDocumentBuf::from_bytes(bytes).map_err(unencodable)
    }
}

impl CursorReply {
    fn into_document(self) -> Document {
        let (name, batch) = (self.batch_name, self.batch.into_documents());
        doc! { "cursor": { name: batch, "id": Bson::Int64(self.id), "ns": self.ns } }
    }

    fn to_bson(&self) -> Result<Vec<u8>, MongoError> {
        let batch = self.batch.to_raw()?;
        // Per item a type byte, a decimal key and its NUL; then the headers.
        let framing = 10 * batch.len() + self.ns.len() + 64;
        let mut out = Vec::with_capacity(batch.bytes.len() + framing);
        let start = begin_document(&mut out);
        append_header(&mut out, DOCUMENT, "cursor");
        self.write_cursor(&mut out, &batch);
        append_scalar(&mut out, "ok", &Bson::Double(1.0));
        end_document(&mut out, start);
        Ok(out)
    }

    /// Fields in the order `into_document` inserts them.
    fn write_cursor(&self, out: &mut Vec<u8>, batch: &RawBatch) {
        let start = begin_document(out);
        append_header(out, ARRAY, self.batch_name);
        batch.write_array(out);
        append_scalar(out, "id", &Bson::Int64(self.id));
        append_scalar(out, "ns", &Bson::String(self.ns.clone()));
        end_document(out, start);
    }
}

impl Batch {
    pub fn len(&self) -> usize {
        match self {
            Batch::Decoded(documents) => documents.len(),
            Batch::Raw(raw) => raw.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn into_documents(self) -> Vec<Document> {
        match self {
            Batch::Decoded(documents) => documents,
            Batch::Raw(raw) => raw.iter().filter_map(decode).collect(),
        }
    }

    fn to_raw(&self) -> Result<Cow<'_, RawBatch>, MongoError> {
        match self {
            Batch::Raw(raw) => Ok(Cow::Borrowed(raw)),
            Batch::Decoded(documents) => RawBatch::encode(documents).map(Cow::Owned),
        }
    }
}

impl RawBatch {
    pub fn with_capacity(documents: usize) -> RawBatch {
        RawBatch {
            bytes: Vec::new(),
            ends: Vec::with_capacity(documents),
        }
    }

    pub fn push(&mut self, document: &RawDocument) {
        self.bytes.extend_from_slice(document.as_bytes());
        self.ends.push(self.bytes.len());
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &RawDocument> + '_ {
        self.slices()
            .filter_map(|bytes| RawDocument::from_bytes(bytes).ok())
    }

    fn slices(&self) -> impl Iterator<Item = &[u8]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(s, &e)| &self.bytes[s..e])
    }

    fn encode(documents: &[Document]) -> Result<RawBatch, MongoError> {
        let mut batch = RawBatch::with_capacity(documents.len());
        for document in documents {
            document.to_writer(&mut batch.bytes).map_err(unencodable)?;
            batch.ends.push(batch.bytes.len());
        }
        Ok(batch)
    }

    /// An array is a document keyed "0", "1", ...
    fn write_array(&self, out: &mut Vec<u8>) {
        let start = begin_document(out);
        for (i, bytes) in self.slices().enumerate() {
            out.push(DOCUMENT);
            // Writing into a Vec cannot fail; the key needs no allocation.
            let _ = write!(out, "{i}\0");
            out.extend_from_slice(bytes);
        }
        end_document(out, start);
    }
}

fn encode(document: &Document) -> Result<Vec<u8>, MongoError> {
    bson::to_vec(document).map_err(unencodable)
}

/// A computed document BSON cannot hold (e.g. a key with a NUL byte).
fn unencodable(e: impl std::fmt::Display) -> MongoError {
    MongoError::bad_value(format!("cannot encode reply: {e}"))
}
