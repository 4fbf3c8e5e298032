//! The document engine: MongoDB semantics over in-memory collections.
//!
//! Its interface is the server's command protocol: `run_command(db, { find: .. })`
//! returns the reply document the server would, or a [`MongoError`];
//! `run_command_bson` returns the same reply as BSON bytes.

use std::collections::{BTreeMap, HashMap, VecDeque};

use bson::oid::ObjectId;
use bson::{Document, RawDocumentBuf};

mod aggregate;
mod commands;
mod display;
mod error;
mod exec;
mod expr;
mod log;
mod oid;
mod query;
mod raw;
mod reply;
#[cfg(test)]
mod reply_tests;
mod sort;
mod storage;
mod update;
mod validation;
mod value;
mod views;
mod write_concern;

pub use error::{code_name, MongoError};
pub use exec::cursor::Cursor;
use storage::Collection;
pub use write_concern::is_unacknowledged;

/// What one query did, for grading efficiency (`take_plan_log`).
#[derive(Debug, Clone, PartialEq)]
pub struct PlanRecord {
    pub ns: String,
    /// `COLLSCAN`, `IXSCAN`, `IDHACK` or `EOF`.
    pub stage: String,
    pub index: Option<String>,
    /// The key pattern of `index` (`{ _id: 1 }` for IDHACK), as grading names indexes.
    pub index_key: Option<Document>,
    pub keys_examined: u64,
    pub docs_examined: u64,
    pub n_returned: u64,
}

/// One command the engine ran, for grading how many reads or writes an answer made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRecord {
    /// The command's name as sent: `find`, `aggregate`, `update`, `getMore`, ...
    pub name: String,
    pub ns: String,
    /// Documents the reply handed back (a cursor's batch, findAndModify's value).
    pub delivered: u64,
    /// The command succeeded: no error and no write error in its reply. A refused
    /// request is not work the learner did, and grading does not count it.
    pub ok: bool,
    /// An aggregate's stage names in order (`$unwind`, `$match`, ...); empty for the
    /// other commands. Grading names a `$match` that came too late by them.
    pub stages: Vec<String>,
}

/// The first key of each stage of an `aggregate` command's pipeline.
fn stage_names(command: &Document) -> Vec<String> {
    let Ok(pipeline) = command.get_array("pipeline") else {
        return Vec::new();
    };
    pipeline
        .iter()
        .filter_map(|stage| stage.as_document()?.keys().next().cloned())
        .collect()
}

/// The seed's twelve bytes folded into the generator's state; none: entropy.
fn random_for(seed: Option<[u8; 12]>) -> expr::random::Random {
    match seed {
        Some(bytes) => expr::random::Random::seeded(
            bytes
                .iter()
                .fold(0u64, |acc, b| acc.rotate_left(8) ^ u64::from(*b)),
        ),
        None => expr::random::Random::from_entropy(),
    }
}

/// All databases of one session.
#[derive(Debug)]
pub struct Engine {
    databases: BTreeMap<String, BTreeMap<String, Collection>>,
    oids: oid::ObjectIdGenerator,
    plan_log: Vec<PlanRecord>,
    command_log: Vec<CommandRecord>,
    cursors: HashMap<i64, Cursor>,
    /// Open cursor ids, oldest first (some may be closed since).
    cursor_order: VecDeque<i64>,
    next_cursor: i64,
    next_uuid: u64,
    log: log::ServerLog,
    random: expr::random::Random,
}

impl Default for Engine {
    fn default() -> Self {
        Self::with_objectid_seed(None)
    }
}

impl Engine {
    pub fn new() -> Self {
        Self::default()
    }

    /// An engine whose ObjectIds start at `seed` and count up, and whose `$rand`
    /// follows from it (reproducible output).
    pub fn with_objectid_seed(seed: Option<[u8; 12]>) -> Self {
        Engine {
            databases: BTreeMap::new(),
            oids: oid::ObjectIdGenerator::new(seed),
            plan_log: Vec::new(),
            command_log: Vec::new(),
            cursors: HashMap::new(),
            cursor_order: VecDeque::new(),
            next_cursor: 0,
            next_uuid: 0,
            log: log::ServerLog::default(),
            random: random_for(seed),
        }
    }

    /// `$rand` draws from the process's entropy from now on: a served engine
    /// keeps its lesson's ObjectId seed but is no reproducible example.
    pub fn randomize(&mut self) {
        self.random = expr::random::Random::from_entropy();
    }

    pub fn next_object_id(&mut self) -> ObjectId {
        self.oids.next_id()
    }

    /// The plans of the queries run since the last call.
    /// Bytes of BSON held in every collection (what `dataSize` reports).
    pub fn data_bytes(&self) -> u64 {
        self.databases
            .values()
            .flat_map(|db| db.values())
            .map(Collection::data_size)
            .sum()
    }

    pub fn take_plan_log(&mut self) -> Vec<PlanRecord> {
        std::mem::take(&mut self.plan_log)
    }

    /// The commands run since the last call.
    pub fn take_command_log(&mut self) -> Vec<CommandRecord> {
        std::mem::take(&mut self.command_log)
    }

    fn record_command(&mut self, db: &str, command: &Document) {
        let Some((name, target)) = command.iter().next() else {
            return;
        };
        let ns = match target {
            bson::Bson::String(coll) => format!("{db}.{coll}"),
            _ => db.to_string(),
        };
        self.command_log.push(CommandRecord {
            name: name.clone(),
            ns,
            delivered: 0,
            ok: false,
            stages: stage_names(command),
        });
    }

    /// Notes on the command just logged how many documents its reply carries.
    fn record_reply(&mut self, reply: &reply::Reply) {
        if let Some(last) = self.command_log.last_mut() {
            last.delivered = reply.delivered();
            last.ok = !reply.has_write_errors();
        }
    }

    /// A command that fails leaves no plan behind: its reads are not counted.
    fn dispatch_logged(&mut self, db: &str, command: Document) -> Result<reply::Reply, MongoError> {
        let plans = self.plan_log.len();
        let lent = expr::random::Lent::enter(self.random);
        let result = commands::dispatch(self, db, command);
        self.random = lent.give_back(self.random);
        if result.is_err() {
            self.plan_log.truncate(plans);
        }
        result
    }

    /// Runs one server command (`find`, `insert`, `update`, `delete`, `aggregate`, ...).
    pub fn run_command(&mut self, db: &str, command: Document) -> Result<Document, MongoError> {
        self.record_command(db, &command);
        let reply = self.dispatch_logged(db, command)?;
        self.record_reply(&reply);
        Ok(reply.into_document())
    }

    /// The reply as the server sends it on the wire: BSON bytes, byte for
    /// byte those of `run_command`'s document. Returned records are copied as
    /// stored, so a large result costs no decoding; that is the reader's job.
    pub fn run_command_bson(
        &mut self,
        db: &str,
        command: Document,
    ) -> Result<RawDocumentBuf, MongoError> {
        self.record_command(db, &command);
        let reply = self.dispatch_logged(db, command)?;
        self.record_reply(&reply);
        reply.into_bson()
    }

    /// Documents of `db.coll` in natural order (empty when it does not exist).
    pub fn collection_documents(&self, db: &str, coll: &str) -> Vec<Document> {
        self.collection(db, coll)
            .map(|c| c.documents().collect())
            .unwrap_or_default()
    }

    pub(crate) fn collection(&self, db: &str, coll: &str) -> Option<&Collection> {
        self.databases.get(db)?.get(coll)
    }

    pub(crate) fn collection_mut(&mut self, db: &str, coll: &str) -> Option<&mut Collection> {
        self.databases.get_mut(db)?.get_mut(coll)
    }

    /// The collection, created implicitly as the server does on first write.
    pub(crate) fn collection_or_create(&mut self, db: &str, coll: &str) -> &mut Collection {
        let uuid = self.new_uuid();
        self.databases
            .entry(db.to_string())
            .or_default()
            .entry(coll.to_string())
            .or_insert_with(|| Collection::new(&format!("{db}.{coll}"), uuid))
    }

    fn new_uuid(&mut self) -> String {
        self.next_uuid += 1;
        format!(
            "{:08x}-0000-4000-8000-{:012x}",
            0x6b75_7273u32, self.next_uuid
        )
    }

    /// Logs what `validationAction: 'warn'` let through, as the server does.
    pub(crate) fn note_warning(
        &mut self,
        db: &str,
        coll: &str,
        warning: Option<validation::Warning>,
    ) {
        if let Some(warning) = warning {
            self.log
                .validation_warning(&format!("{db}.{coll}"), warning);
        }
    }

    pub(crate) fn record_plan(&mut self, record: PlanRecord) {
        self.plan_log.push(record);
    }
}
