//! Server-side cursors: the first batch is returned by find/aggregate, the
//! rest is fetched by getMore. Record cursors keep only record ids and fetch
//! (and project) documents batch by batch.

use std::collections::VecDeque;

use bson::Document;

use crate::engine::mongo::aggregate::Projection;
use crate::engine::mongo::error::MongoError;
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
