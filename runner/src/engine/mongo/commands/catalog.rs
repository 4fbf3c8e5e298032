//! The engine's collections as a pipeline's `$lookup` reads them: views
//! resolved, inner reads planned as a `find` would be, and every read noted
//! so the command's plan log counts it.

use bson::Document;

use crate::engine::mongo::aggregate::reads::ReadLog;
use crate::engine::mongo::aggregate::{run_pipeline, Catalog};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::planner::{self, Plan};
use crate::engine::mongo::exec::{plan_record_of, scan};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::storage::Collection;
use crate::engine::mongo::{Engine, PlanRecord};

pub(crate) struct EngineCatalog<'a> {
    engine: &'a Engine,
    pub reads: ReadLog,
}

impl<'a> EngineCatalog<'a> {
    pub(crate) fn new(engine: &'a Engine) -> Self {
        EngineCatalog {
            engine,
            reads: ReadLog::default(),
        }
    }

    fn collection(&self, ns: &str) -> Option<&Collection> {
        let (db, coll) = ns.split_once('.')?;
        self.engine.collection(db, coll)
    }
}

impl Catalog for EngineCatalog<'_> {
    /// A view's documents are computed from its source, as the server
    /// resolves a view named by `$lookup` or `$unionWith`.
    fn collection_documents(&self, ns: &str) -> Result<Vec<Document>, MongoError> {
        if let Some((db, coll)) = ns.split_once('.') {
            if let Some(view) = self.engine.resolve_view(db, coll)? {
                let input = self.engine.collection_documents(db, &view.source);
                return run_pipeline(input, &view.pipeline, db, self);
            }
        }
        Ok(self
            .collection(ns)
            .map(|c| c.documents().collect())
            .unwrap_or_default())
    }

    /// The planner's choice for `filter`, run when it is an index scan.
    fn indexed_read(
        &self,
        ns: &str,
        filter: &Document,
    ) -> Option<Result<(Vec<Document>, PlanRecord), MongoError>> {
        let coll = self.collection(ns)?;
        let planned = Filter::parse(filter).and_then(|f| {
            let plan = planner::choose(coll, f.source(), None, None)?;
            Ok((f, plan))
        });
        match planned {
            Ok((_, Plan::CollScan | Plan::CollScanBackward)) => None,
            Ok((filter, plan)) => Some(run_indexed(coll, &filter, &plan)),
            Err(e) => Some(Err(e)),
        }
    }

    fn note_read(&self, stage: u64, read: &PlanRecord) {
        self.reads.note(stage, read);
    }
}

/// The documents an index plan finds, in natural order as the in-memory
/// join returns them, and its plan log entry.
fn run_indexed(
    coll: &Collection,
    filter: &Filter,
    plan: &Plan,
) -> Result<(Vec<Document>, PlanRecord), MongoError> {
    let (mut rids, stats) = scan::run(coll, plan, filter, None)?;
    rids.sort_unstable();
    let docs = rids.iter().filter_map(|rid| coll.get(*rid)).collect();
    Ok((docs, plan_record_of(coll, plan, &stats)))
}
