//! One command from any connection to its reply: the fields only the server reads are
//! taken off, the server's own commands are answered here, and everything about data goes
//! to the engine's `run_command_bson`, the entry point the shell uses too.

use std::sync::{Arc, Mutex, MutexGuard};

use bson::{doc, Bson, Document, RawDocumentBuf};

use super::cursors::{Cursors, Note};
use super::handshake::{self, Topology};
use super::stats;
use crate::engine::mongo::{Engine, MongoError};

/// Fields a driver adds to every command that concern the connection, the session or the
/// topology, not the command: the engine never sees them. `readConcern`, `writeConcern`,
/// `maxTimeMS` and `comment` are arguments of the command and stay.
const TRANSPORT_FIELDS: [&str; 8] = [
    "$db",
    "lsid",
    "$clusterTime",
    "$readPreference",
    "apiVersion",
    "apiStrict",
    "apiDeprecationErrors",
    "$client",
];

/// What every connection shares: the one engine, the cursors' clocks and the topology
/// version, made once for the server's life.
#[derive(Clone)]
pub struct Shared {
    pub engine: Arc<Mutex<Engine>>,
    pub cursors: Arc<Cursors>,
    pub topology: Topology,
}

impl Shared {
    pub fn new(engine: Arc<Mutex<Engine>>) -> Shared {
        Shared {
            engine,
            cursors: Arc::new(Cursors::default()),
            topology: Topology::started(),
        }
    }

    /// A panic inside one command must not make the engine unusable for every client.
    pub fn engine(&self) -> MutexGuard<'_, Engine> {
        self.engine
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The command's name: its first key, as the server reads it.
pub fn name(command: &Document) -> &str {
    command.keys().next().map(String::as_str).unwrap_or("")
}

/// Runs `command` against database `db`; the reply is always a document, `ok: 0` on error.
pub fn run(shared: &Shared, db: &str, mut command: Document, connection_id: i64) -> RawDocumentBuf {
    for field in TRANSPORT_FIELDS {
        command.remove(field);
    }
    let name = name(&command).to_string();
    if let Some(reply) = handshake::answer(&name, &command, connection_id, &shared.topology) {
        return encode(&reply);
    }
    let note = Note::of(&command);
    shared.cursors.touch(note);
    let reply = match stats::answer(&name, shared, db, &command) {
        Some(reply) => reply.and_then(|d| RawDocumentBuf::from_document(&d).map_err(internal)),
        None => run_in_engine(shared, db, command),
    };
    match reply {
        Ok(reply) => {
            shared.cursors.after(note, &reply);
            reply
        }
        Err(error) => encode(&error_reply(error.code, &error.code_name, &error.message)),
    }
}

/// The grading logs are the course's: a server that never reads them keeps them empty.
fn run_in_engine(
    shared: &Shared,
    db: &str,
    command: Document,
) -> Result<RawDocumentBuf, MongoError> {
    let mut engine = shared.engine();
    let reply = engine.run_command_bson(db, command);
    engine.take_command_log();
    engine.take_plan_log();
    reply
}

/// `{ ok: 0, errmsg, code, codeName }`, in the server's order.
pub fn error_reply(code: i32, code_name: &str, message: &str) -> Document {
    doc! { "ok": 0.0, "errmsg": message, "code": code, "codeName": code_name }
}

/// Documents built here are small and plain; one that cannot be encoded is reported as
/// the server reports an internal failure rather than crashing the connection.
pub fn encode(document: &Document) -> RawDocumentBuf {
    RawDocumentBuf::from_document(document).unwrap_or_else(|e| {
        let reply = error_reply(1, "InternalError", &e.to_string());
        RawDocumentBuf::from_document(&reply).unwrap_or_default()
    })
}

fn internal(error: bson::raw::Error) -> MongoError {
    MongoError::new(1, error.to_string())
}

/// The database of an OP_MSG command: its `$db` field, which every OP_MSG must carry.
pub fn database(command: &Document) -> Result<String, Document> {
    match command.get("$db") {
        Some(Bson::String(db)) if !db.is_empty() => Ok(db.clone()),
        _ => Err(error_reply(
            40571,
            "Location40571",
            "OP_MSG requests require a $db argument",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared() -> Shared {
        Shared::new(Arc::new(Mutex::new(Engine::new())))
    }

    fn reply(shared: &Shared, command: Document) -> Document {
        run(shared, "kampus", command, 1).to_document().unwrap()
    }

    #[test]
    fn driver_fields_do_not_reach_the_engine() {
        let shared = shared();
        let insert = doc! {
            "insert": "c", "documents": [{ "_id": 1 }], "$db": "kampus",
            "lsid": { "id": 1 }, "$clusterTime": {}, "$readPreference": { "mode": "primary" },
            "apiVersion": "1", "writeConcern": { "w": 1 }, "maxTimeMS": 1000, "comment": "x",
        };
        assert_eq!(reply(&shared, insert).get_i32("n"), Ok(1));
        let found = reply(&shared, doc! { "find": "c", "filter": {}, "$db": "kampus" });
        let batch = found
            .get_document("cursor")
            .unwrap()
            .get_array("firstBatch")
            .unwrap();
        assert_eq!(batch, &vec![Bson::Document(doc! { "_id": 1 })]);
    }

    #[test]
    fn unknown_commands_are_command_not_found() {
        let found = reply(&shared(), doc! { "frobnicate": 1, "$db": "kampus" });
        assert_eq!(found.get_f64("ok"), Ok(0.0));
        assert_eq!(found.get_i32("code"), Ok(59));
        assert_eq!(found.get_str("codeName"), Ok("CommandNotFound"));
        assert_eq!(found.get_str("errmsg"), Ok("no such command: 'frobnicate'"));
    }

    #[test]
    fn the_server_answers_hello_not_the_engine() {
        let found = reply(&shared(), doc! { "hello": 1, "$db": "admin" });
        assert_eq!(found.get_i32("maxWireVersion"), Ok(21));
    }

    #[test]
    fn a_missing_db_is_refused() {
        let error = database(&doc! { "ping": 1 }).unwrap_err();
        assert_eq!(error.get_i32("code"), Ok(40571));
        assert_eq!(
            database(&doc! { "ping": 1, "$db": "x" }),
            Ok("x".to_string())
        );
    }
}
