//! Server-side cursors: the first batch is returned by find/aggregate, the
//! rest is fetched by getMore. Record cursors keep only record ids and fetch
//! (and project) documents batch by batch; unprojected records are handed on
//! as stored bytes so that a wire-form reply never decodes them.

use std::collections::VecDeque;

use bson::Document;

use crate::engine::mongo::aggregate::Projection;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::reply::{Batch, RawBatch};
use crate::engine::mongo::storage::{Collection, RecordId};

pub const DEFAULT_BATCH: usize = 101;

#[derive(Debug)]
pub enum CursorSource {
    Records(VecDeque<RecordId>),
    Documents(VecDeque<Document>),
}

#[derive(Debug)]
pub struct Cursor {
    pub db: String,
    pub coll: String,
    pub source: CursorSource,
    pub projection: Option<Projection>,
}

impl Cursor {
    pub fn is_exhausted(&self) -> bool {
        match &self.source {
            CursorSource::Records(r) => r.is_empty(),
            CursorSource::Documents(d) => d.is_empty(),
        }
    }

    /// Up to `size` documents; records deleted meanwhile are skipped.
    pub fn next_batch(
        &mut self,
        coll: Option<&Collection>,
        size: usize,
    ) -> Result<Batch, MongoError> {
        match (&mut self.source, &self.projection) {
            (CursorSource::Records(rids), None) => Ok(Batch::Raw(raw_batch(rids, coll, size))),
            _ => self.decoded_batch(coll, size).map(Batch::Decoded),
        }
    }

    fn decoded_batch(
        &mut self,
        coll: Option<&Collection>,
        size: usize,
    ) -> Result<Vec<Document>, MongoError> {
        let mut batch = Vec::new();
        while batch.len() < size {
            let Some(doc) = self.next_document(coll) else {
                break;
            };
            batch.push(match &self.projection {
                Some(p) => p.apply(&doc)?,
                None => doc,
            });
        }
        Ok(batch)
    }

    fn next_document(&mut self, coll: Option<&Collection>) -> Option<Document> {
        match &mut self.source {
            CursorSource::Documents(docs) => docs.pop_front(),
            CursorSource::Records(rids) => loop {
                let rid = rids.pop_front()?;
                if let Some(doc) = coll.and_then(|c| c.get(rid)) {
                    return Some(doc);
                }
            },
        }
    }
}

/// The records' bytes as stored; nothing to decode when nothing is projected.
fn raw_batch(rids: &mut VecDeque<RecordId>, coll: Option<&Collection>, size: usize) -> RawBatch {
    let mut batch = RawBatch::with_capacity(size.min(rids.len()));
    while batch.len() < size {
        let Some(rid) = rids.pop_front() else {
            break;
        };
        if let Some(raw) = coll.and_then(|c| c.raw(rid)) {
            batch.push(raw);
        }
    }
    batch
}
