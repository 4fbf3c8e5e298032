//! Server-side cursors: the first batch is returned by find/aggregate, the
//! rest is fetched by getMore. Record cursors keep only record ids and fetch
//! (and project) documents batch by batch; unprojected records are handed on
//! as stored bytes so that a wire-form reply never decodes them.

use std::collections::VecDeque;

use bson::Document;

use super::scan::ScanStats;
use super::stream::RecordStream;
use crate::engine::mongo::aggregate::Projection;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::reply::{Batch, RawBatch};
use crate::engine::mongo::storage::Collection;

pub(crate) const DEFAULT_BATCH: usize = 101;

#[derive(Debug)]
pub enum CursorSource {
    Records(Box<RecordStream>),
    Documents(VecDeque<Document>),
}

#[derive(Debug)]
pub struct Cursor {
    pub db: String,
    pub coll: String,
    pub source: CursorSource,
    pub projection: Option<Projection>,
    /// The command's `let`, bound again for each getMore of a lazy scan.
    pub variables: Option<bson::Document>,
}

impl Cursor {
    pub fn is_exhausted(&self) -> bool {
        match &self.source {
            CursorSource::Records(r) => r.is_exhausted(),
            CursorSource::Documents(d) => d.is_empty(),
        }
    }

    /// What the cursor's scan has examined and returned so far.
    pub fn stats(&self) -> ScanStats {
        match &self.source {
            CursorSource::Records(stream) => stream.stats(),
            CursorSource::Documents(_) => ScanStats::default(),
        }
    }

    /// Up to `size` documents; records deleted meanwhile are skipped.
    pub fn next_batch(
        &mut self,
        coll: Option<&Collection>,
        size: usize,
    ) -> Result<Batch, MongoError> {
        let batch = match (&mut self.source, &self.projection) {
            (CursorSource::Records(stream), None) => Batch::Raw(raw_batch(stream, coll, size)?),
            _ => Batch::Decoded(self.decoded_batch(coll, size)?),
        };
        self.look_ahead(coll)?;
        Ok(batch)
    }

    fn decoded_batch(
        &mut self,
        coll: Option<&Collection>,
        size: usize,
    ) -> Result<Vec<Document>, MongoError> {
        let mut batch = Vec::new();
        while batch.len() < size {
            let Some(doc) = self.next_document(coll, size - batch.len())? else {
                break;
            };
            batch.push(match &self.projection {
                Some(p) => p.apply(&doc)?,
                None => doc,
            });
        }
        Ok(batch)
    }

    /// The next document, scanning on for up to `wanted` more records.
    fn next_document(
        &mut self,
        coll: Option<&Collection>,
        wanted: usize,
    ) -> Result<Option<Document>, MongoError> {
        match &mut self.source {
            CursorSource::Documents(docs) => Ok(docs.pop_front()),
            CursorSource::Records(stream) => loop {
                let Some(rid) = stream.next(coll, wanted)? else {
                    return Ok(None);
                };
                if let Some(doc) = coll.and_then(|c| c.get(rid)) {
                    return Ok(Some(doc));
                }
            },
        }
    }

    /// Scans for one more record after a batch, so the reply's cursor id
    /// says whether anything is left.
    fn look_ahead(&mut self, coll: Option<&Collection>) -> Result<(), MongoError> {
        match (&mut self.source, coll) {
            (CursorSource::Records(stream), Some(coll)) => stream.fill(coll, 1),
            _ => Ok(()),
        }
    }
}

/// The records' bytes as stored; nothing to decode when nothing is projected.
fn raw_batch(
    stream: &mut RecordStream,
    coll: Option<&Collection>,
    size: usize,
) -> Result<RawBatch, MongoError> {
    let mut batch = RawBatch::with_capacity(size.min(DEFAULT_BATCH));
    while batch.len() < size {
        let Some(rid) = stream.next(coll, size - batch.len())? else {
            break;
        };
        if let Some(raw) = coll.and_then(|c| c.raw(rid)) {
            batch.push(raw);
        }
    }
    Ok(batch)
}
