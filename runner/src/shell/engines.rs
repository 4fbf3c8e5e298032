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
    ids: ObjectIdSource,
}

/// Shared, single-threaded handle to the engines.
pub type EngineHandle = Rc<RefCell<Engines>>;

impl Engines {
    pub fn new(objectid_seed: Option<[u8; 12]>) -> Self {
        Engines {
            mongo: mongo::Engine::new(),
            dynamo: dynamo::Engine::new(),
            ids: ObjectIdSource::new(objectid_seed),
        }
    }

    /// The next client-side ObjectId (deterministic when the session has a seed).
    pub fn next_object_id(&mut self) -> bson::oid::ObjectId {
        self.ids.next()
    }
}

/// ObjectIds as the driver makes them: a fixed prefix and a 3-byte counter.
struct ObjectIdSource {
    seed: Option<[u8; 12]>,
}

impl ObjectIdSource {
    fn new(seed: Option<[u8; 12]>) -> Self {
        ObjectIdSource { seed }
    }

    fn next(&mut self) -> bson::oid::ObjectId {
        let Some(bytes) = self.seed else {
            return bson::oid::ObjectId::new();
        };
        let counter = u32::from_be_bytes([0, bytes[9], bytes[10], bytes[11]]);
        let next = (counter + 1) & 0x00ff_ffff;
        let mut following = bytes;
        following[9..12].copy_from_slice(&next.to_be_bytes()[1..4]);
        self.seed = Some(following);
        bson::oid::ObjectId::from_bytes(bytes)
    }
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
pub fn session_from(ctx: &Context) -> Option<SessionHandle> {
    ctx.get_data::<SessionHandle>().cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_ids_increment_the_counter() {
        let mut ids = ObjectIdSource::new(Some([
            0x6a, 0xe8, 0x99, 0x2e, 0xf7, 0x1c, 0xe5, 0x01, 0x6d, 0x8d, 0xe6, 0x66,
        ]));
        assert_eq!(ids.next().to_hex(), "6ae8992ef71ce5016d8de666");
        assert_eq!(ids.next().to_hex(), "6ae8992ef71ce5016d8de667");
    }
}
