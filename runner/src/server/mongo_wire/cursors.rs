//! The server's cursor timeout: a cursor nobody has asked for more of in ten minutes is
//! closed, unless it was opened with `noCursorTimeout`. The engine keeps the cursors and
//! knows no clock; the server keeps the clock and closes them with `killCursors`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bson::{Bson, Document, RawDocumentBuf};

/// The server's `cursorTimeoutMillis` default.
pub const CURSOR_TIMEOUT: Duration = Duration::from_secs(600);

#[derive(Debug, Default)]
pub struct Cursors {
    open: Mutex<HashMap<i64, Open>>,
}

#[derive(Debug)]
struct Open {
    db: String,
    collection: String,
    last_used: Instant,
}

/// A cursor to close: its database and collection (for `killCursors`) and id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expired {
    pub db: String,
    pub collection: String,
    pub id: i64,
}

/// What the clock needs to know of a command, read before the engine takes it.
#[derive(Debug, Clone, Copy)]
pub struct Note {
    get_more: Option<i64>,
    no_timeout: bool,
}

impl Note {
    pub fn of(command: &Document) -> Note {
        Note {
            get_more: command.get_i64("getMore").ok(),
            no_timeout: command.get_bool("noCursorTimeout").unwrap_or(false),
        }
    }
}

impl Cursors {
    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Open>> {
        self.open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Notes the cursor a reply leaves open; a `getMore` that exhausted its cursor ends it.
    pub fn after(&self, note: Note, reply: &RawDocumentBuf) {
        let Some((id, ns)) = cursor_of(reply) else {
            return;
        };
        if let Some(more) = note.get_more {
            if id == 0 {
                self.open().remove(&more);
            }
            return;
        }
        if id == 0 || note.no_timeout {
            return;
        }
        let (db, collection) = ns.split_once('.').unwrap_or((ns.as_str(), ""));
        let open = Open {
            db: db.to_string(),
            collection: collection.to_string(),
            last_used: Instant::now(),
        };
        self.open().insert(id, open);
    }

    /// A `getMore` restarts its cursor's clock.
    pub fn touch(&self, note: Note) {
        if let Some(id) = note.get_more {
            if let Some(open) = self.open().get_mut(&id) {
                open.last_used = Instant::now();
            }
        }
    }

    /// Takes out every cursor idle for longer than `timeout`.
    pub fn expired(&self, now: Instant, timeout: Duration) -> Vec<Expired> {
        let mut open = self.open();
        let old: Vec<i64> = open
            .iter()
            .filter(|(_, c)| now.saturating_duration_since(c.last_used) > timeout)
            .map(|(id, _)| *id)
            .collect();
        old.into_iter()
            .filter_map(|id| open.remove(&id).map(|c| c.expired(id)))
            .collect()
    }
}

impl Open {
    fn expired(self, id: i64) -> Expired {
        Expired {
            db: self.db,
            collection: self.collection,
            id,
        }
    }
}

fn cursor_of(reply: &RawDocumentBuf) -> Option<(i64, String)> {
    let cursor = reply.get_document("cursor").ok()?;
    let id = cursor.get_i64("id").ok()?;
    let ns = cursor.get_str("ns").ok()?.to_string();
    Some((id, ns))
}

/// The command that closes an expired cursor.
pub fn kill_command(expired: &Expired) -> Document {
    let mut command = Document::new();
    command.insert("killCursors", expired.collection.clone());
    command.insert("cursors", vec![Bson::Int64(expired.id)]);
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson::doc;

    fn reply(id: i64) -> RawDocumentBuf {
        let d =
            doc! { "cursor": { "firstBatch": [], "id": id, "ns": "kampus.mahasiswa" }, "ok": 1.0 };
        RawDocumentBuf::from_document(&d).unwrap()
    }

    #[test]
    fn idle_cursors_expire_and_name_their_collection() {
        let cursors = Cursors::default();
        cursors.after(Note::of(&doc! { "find": "mahasiswa" }), &reply(42));
        cursors.after(Note::of(&doc! { "find": "mahasiswa" }), &reply(0));
        let later = Instant::now() + Duration::from_secs(2);
        assert!(cursors
            .expired(Instant::now(), Duration::from_secs(60))
            .is_empty());
        let expired = cursors.expired(later, Duration::from_secs(1));
        let one = Expired {
            db: "kampus".to_string(),
            collection: "mahasiswa".to_string(),
            id: 42,
        };
        assert_eq!(expired, vec![one]);
        assert!(cursors.expired(later, Duration::from_secs(1)).is_empty());
    }

    #[test]
    fn no_timeout_and_exhausted_cursors_are_not_kept() {
        let cursors = Cursors::default();
        let find = doc! { "find": "mahasiswa", "noCursorTimeout": true };
        cursors.after(Note::of(&find), &reply(7));
        cursors.after(Note::of(&doc! { "find": "mahasiswa" }), &reply(8));
        cursors.after(
            Note::of(&doc! { "getMore": 8i64, "collection": "mahasiswa" }),
            &reply(0),
        );
        let later = Instant::now() + Duration::from_secs(5);
        assert!(cursors.expired(later, Duration::ZERO).is_empty());
    }
}
