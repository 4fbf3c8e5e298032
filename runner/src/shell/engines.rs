//! The engines a session talks to, shared between the shell and its JS globals.
//!
//! Modules that add JavaScript globals (e.g. a DynamoDB client) reach the engines
//! through [`EngineHandle`]: register native functions with
//! [`super::natives::register_native`] and, inside them, call
//! [`session_from`] to get the [`Session`] and its `engines`.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::Context;

use crate::engine::{dynamo, mongo};

/// Every engine of one learner session.
pub struct Engines {
    pub mongo: mongo::Engine,
    pub dynamo: dynamo::Engine,
}

/// Shared, single-threaded handle to the engines.
pub type EngineHandle = Rc<RefCell<Engines>>;

impl Engines {
    pub fn new(objectid_seed: Option<[u8; 12]>) -> Self {
        Engines {
            mongo: mongo::Engine::with_objectid_seed(objectid_seed),
            dynamo: dynamo::Engine::new(),
        }
    }

    /// Bytes of documents and items held, as the engines count them for their stats.
    pub fn data_bytes(&self) -> u64 {
        self.mongo.data_bytes() + self.dynamo.data_bytes()
    }

    /// `Err(cap)` once the session holds its data cap or more: writes are refused then,
    /// so a runaway loop of inserts cannot take the machine's memory.
    pub fn check_cap(&self) -> Result<(), u64> {
        let cap = super::budget::data_cap();
        if self.data_bytes() >= cap {
            return Err(cap);
        }
        Ok(())
    }

    /// The next client-side ObjectId, from the document engine's generator so
    /// that shell inserts and server-side upserts share one counter.
    pub fn next_object_id(&mut self) -> bson::oid::ObjectId {
        self.mongo.next_object_id()
    }
}

/// A document-engine command that can add data (checked against the data cap).
pub(crate) fn grows_mongo(command: &bson::Document) -> bool {
    let name = command
        .keys()
        .next()
        .map(String::as_str)
        .unwrap_or_default();
    let sink = || {
        command.get_array("pipeline").is_ok_and(|stages| {
            stages.iter().any(|s| {
                s.as_document()
                    .is_some_and(|d| d.contains_key("$out") || d.contains_key("$merge"))
            })
        })
    };
    matches!(
        name,
        "insert" | "update" | "findAndModify" | "findandmodify" | "createIndexes" | "create"
    ) || (name == "aggregate" && sink())
}

/// A DynamoDB action that can add data.
pub(crate) fn grows_dynamo(action: &str) -> bool {
    matches!(
        action,
        "PutItem"
            | "UpdateItem"
            | "BatchWriteItem"
            | "TransactWriteItems"
            | "CreateTable"
            | "UpdateTable"
    )
}

/// Output and control state of one session, reachable from native functions.
pub struct Session {
    pub engines: EngineHandle,
    /// Text printed by `print`, warnings etc. during the current unit.
    pub out: String,
    /// Set by `exit`/`quit`.
    pub quit: bool,
}

pub type SessionHandle = Rc<RefCell<Session>>;

/// The session a context belongs to (set by [`super::Shell::new`]).
pub(crate) fn session_from(ctx: &Context) -> Option<SessionHandle> {
    ctx.get_data::<SessionHandle>().cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: [u8; 12] = [
        0x6a, 0xe8, 0x99, 0x2e, 0xf7, 0x1c, 0xe5, 0x01, 0x6d, 0x8d, 0xe6, 0x66,
    ];

    #[test]
    fn seeded_ids_start_at_the_seed_and_increment_the_counter() {
        let mut engines = Engines::new(Some(SEED));
        assert_eq!(
            engines.next_object_id().to_hex(),
            "6ae8992ef71ce5016d8de666"
        );
        assert_eq!(
            engines.next_object_id().to_hex(),
            "6ae8992ef71ce5016d8de667"
        );
    }

    #[test]
    fn client_ids_and_server_upserts_share_one_counter() {
        let mut engines = Engines::new(Some(SEED));
        assert_eq!(
            engines.next_object_id().to_hex(),
            "6ae8992ef71ce5016d8de666"
        );
        let update = bson::doc! { "q": { "x": 1 }, "u": { "$set": { "y": 2 } }, "upsert": true };
        let reply = engines
            .mongo
            .run_command("test", bson::doc! { "update": "c", "updates": [update] })
            .expect("upsert");
        let upserted = reply
            .get_array("upserted")
            .ok()
            .and_then(|list| list.first())
            .and_then(|entry| entry.as_document())
            .and_then(|entry| entry.get_object_id("_id").ok());
        assert_eq!(
            upserted.map(|id| id.to_hex()).as_deref(),
            Some("6ae8992ef71ce5016d8de667")
        );
        assert_eq!(
            engines.next_object_id().to_hex(),
            "6ae8992ef71ce5016d8de668"
        );
    }
}
