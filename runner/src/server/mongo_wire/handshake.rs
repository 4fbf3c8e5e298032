//! The commands a server answers about itself rather than about data: the handshake
//! (`hello`, `isMaster`), `buildInfo` and the questions mongosh and Compass ask on connect.
//! `getLog` is the engine's: its log is where validation warnings go.
//! Replies are those of a standalone MongoDB 7.0 without authentication.

use bson::{doc, Bson, DateTime, Document};

use super::frame::{MAX_BSON_SIZE, MAX_MESSAGE_SIZE};

/// The version the engine's `explain` reports as its `serverInfo`.
pub const VERSION: &str = "7.0.14";
const GIT_VERSION: &str = "ce59cfc6a3c5e5c067dca0d30697edd68d4f5188";
/// MongoDB 7.0's wire version.
const MAX_WIRE_VERSION: i32 = 21;

/// The reply to a server command, or `None` when the command is about data.
pub fn answer(name: &str, command: &Document, connection_id: i64) -> Option<Document> {
    let reply = match name {
        "hello" | "isMaster" | "ismaster" => hello(name, command, connection_id),
        "buildInfo" | "buildinfo" => build_info(),
        "ping" | "endSessions" | "logout" => Document::new(),
        "getParameter" => get_parameter(command),
        "getCmdLineOpts" => doc! { "argv": ["mongod"], "parsed": {} },
        "hostInfo" => host_info(),
        "connectionStatus" => connection_status(),
        "whatsmyuri" => doc! { "you": "127.0.0.1" },
        _ => return None,
    };
    Some(ok(reply))
}

fn ok(mut reply: Document) -> Document {
    reply.insert("ok", 1.0);
    reply
}

/// No `topologyVersion`: drivers then poll every heartbeat instead of streaming, which a
/// server whose topology never changes has no use for. No `compression`: none is offered.
fn hello(name: &str, command: &Document, connection_id: i64) -> Document {
    let mut reply = Document::new();
    if command.contains_key("helloOk") {
        reply.insert("helloOk", true);
    }
    match name {
        "hello" => reply.insert("isWritablePrimary", true),
        _ => reply.insert("ismaster", true),
    };
    reply.extend(doc! {
        "maxBsonObjectSize": MAX_BSON_SIZE as i32,
        "maxMessageSizeBytes": MAX_MESSAGE_SIZE as i32,
        "maxWriteBatchSize": 100_000,
        "localTime": DateTime::now(),
        "logicalSessionTimeoutMinutes": 30,
        "connectionId": Bson::Int64(connection_id),
        "minWireVersion": 0,
        "maxWireVersion": MAX_WIRE_VERSION,
        "readOnly": false,
    });
    reply
}

fn build_info() -> Document {
    doc! {
        "version": VERSION,
        "gitVersion": GIT_VERSION,
        "modules": [],
        "allocator": "tcmalloc",
        "javascriptEngine": "mozjs",
        "sysInfo": "deprecated",
        "versionArray": [7, 0, 14, 0],
        "bits": 64,
        "debug": false,
        "maxBsonObjectSize": MAX_BSON_SIZE as i32,
        "storageEngines": ["devnull", "wiredTiger"],
    }
}

/// `featureCompatibilityVersion` is what shells ask for; other parameters are unknown.
fn get_parameter(command: &Document) -> Document {
    let mut reply = Document::new();
    if command.contains_key("featureCompatibilityVersion") || all_parameters(command) {
        reply.insert("featureCompatibilityVersion", doc! { "version": "7.0" });
    }
    reply
}

fn all_parameters(command: &Document) -> bool {
    match command.get("getParameter") {
        Some(Bson::String(star)) => star == "*",
        Some(Bson::Document(options)) => options.get_bool("allParameters").unwrap_or(false),
        _ => false,
    }
}

fn host_info() -> Document {
    doc! {
        "system": { "currentTime": DateTime::now(), "hostname": "localhost",
                    "cpuAddrSize": 64, "numCores": 1, "cpuArch": std::env::consts::ARCH },
        "os": { "type": std::env::consts::OS, "name": std::env::consts::OS },
        "extra": {},
    }
}

fn connection_status() -> Document {
    doc! { "authInfo": { "authenticatedUsers": [], "authenticatedUserRoles": [] } }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hello_is_a_standalone_7_0_without_compression() {
        let reply = answer("hello", &doc! { "hello": 1, "helloOk": true }, 7).unwrap();
        assert_eq!(reply.get_bool("isWritablePrimary"), Ok(true));
        assert_eq!(reply.get_bool("helloOk"), Ok(true));
        assert_eq!(reply.get_i32("maxWireVersion"), Ok(21));
        assert_eq!(reply.get_i64("connectionId"), Ok(7));
        assert_eq!(reply.get_i32("maxMessageSizeBytes"), Ok(48_000_000));
        assert!(!reply.contains_key("compression") && !reply.contains_key("setName"));
        assert_eq!(reply.get_f64("ok"), Ok(1.0));
    }

    #[test]
    fn legacy_is_master_names_the_old_field() {
        let reply = answer("isMaster", &doc! { "isMaster": 1 }, 1).unwrap();
        assert_eq!(reply.get_bool("ismaster"), Ok(true));
        assert!(!reply.contains_key("helloOk") && !reply.contains_key("isWritablePrimary"));
    }

    #[test]
    fn data_commands_are_not_answered_here() {
        assert_eq!(answer("find", &doc! { "find": "c" }, 1), None);
        assert_eq!(answer("atlasVersion", &doc! { "atlasVersion": 1 }, 1), None);
    }
}
