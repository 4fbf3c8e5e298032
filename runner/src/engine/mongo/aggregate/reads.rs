//! What `$lookup` stages read from their foreign collections: every inner
//! read is counted, and a stage's reads add up to one plan log entry and to
//! the fields explain shows on the stage.

use std::cell::RefCell;

use bson::{doc, Bson, Document};

use crate::engine::mongo::PlanRecord;

/// The reads one `$lookup` stage made in one command.
#[derive(Debug, Clone)]
pub(crate) struct LookupReads {
    pub stage: u64,
    /// Examined and returned counts summed over the reads; the stage and
    /// index of the first read until a collection scan makes it COLLSCAN.
    pub totals: PlanRecord,
    pub collection_scans: u64,
    pub indexes_used: Vec<String>,
}

impl LookupReads {
    fn new(stage: u64, read: &PlanRecord) -> LookupReads {
        let mut totals = read.clone();
        totals.keys_examined = 0;
        totals.docs_examined = 0;
        totals.n_returned = 0;
        LookupReads {
            stage,
            totals,
            collection_scans: 0,
            indexes_used: Vec::new(),
        }
    }

    fn add(&mut self, read: &PlanRecord) {
        self.totals.keys_examined += read.keys_examined;
        self.totals.docs_examined += read.docs_examined;
        self.totals.n_returned += read.n_returned;
        match &read.index {
            Some(name) if !self.indexes_used.contains(name) => self.indexes_used.push(name.clone()),
            Some(_) => {}
            None => self.note_scan(),
        }
    }

    /// One collection scan among the reads makes the stage a COLLSCAN: the
    /// join did not use an index throughout.
    fn note_scan(&mut self) {
        self.collection_scans += 1;
        self.totals.stage = "COLLSCAN".to_string();
        self.totals.index = None;
        self.totals.index_key = None;
    }

    /// `totalDocsExamined`, `totalKeysExamined`, `collectionScans` and
    /// `indexesUsed`, as the server adds them to a `$lookup` stage it ran
    /// outside the slot-based engine.
    pub(crate) fn explain_fields(&self) -> Document {
        let names: Vec<Bson> = self
            .indexes_used
            .iter()
            .cloned()
            .map(Bson::String)
            .collect();
        doc! {
            "totalDocsExamined": self.totals.docs_examined as i64,
            "totalKeysExamined": self.totals.keys_examined as i64,
            "collectionScans": self.collection_scans as i64,
            "indexesUsed": names,
        }
    }
}

/// The explain fields of a `$lookup` stage that read nothing.
pub(crate) fn no_reads() -> Document {
    doc! {
        "totalDocsExamined": 0i64,
        "totalKeysExamined": 0i64,
        "collectionScans": 0i64,
        "indexesUsed": Bson::Array(Vec::new()),
    }
}

/// The reads of every `$lookup` stage in a command, by stage.
#[derive(Debug, Default)]
pub(crate) struct ReadLog {
    stages: RefCell<Vec<LookupReads>>,
}

impl ReadLog {
    pub(crate) fn note(&self, stage: u64, read: &PlanRecord) {
        let mut stages = self.stages.borrow_mut();
        let position = stages.iter().position(|s| s.stage == stage);
        let entry = match position {
            Some(i) => &mut stages[i],
            None => {
                stages.push(LookupReads::new(stage, read));
                stages.last_mut().expect("just pushed")
            }
        };
        entry.add(read);
    }

    /// The stages' totals in the order they first read.
    pub(crate) fn take(&self) -> Vec<LookupReads> {
        std::mem::take(&mut *self.stages.borrow_mut())
    }

    pub(crate) fn of_stage(&self, stage: u64) -> Option<LookupReads> {
        self.stages
            .borrow()
            .iter()
            .find(|s| s.stage == stage)
            .cloned()
    }
}
