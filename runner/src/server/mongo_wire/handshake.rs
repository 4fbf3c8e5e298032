//! The commands a server answers about itself rather than about data: the handshake
//! (`hello`, `isMaster`), `buildInfo` and the questions mongosh and Compass ask on connect.
//! `getLog` is the engine's: its log is where validation warnings go.
//! Replies are those of a standalone MongoDB 7.0 without authentication.

use std::time::Duration;

use bson::oid::ObjectId;
use bson::{doc, Bson, DateTime, Document};

use super::command::error_reply;
use super::frame::{MAX_BSON_SIZE, MAX_MESSAGE_SIZE};

/// The version the engine's `explain` reports as its `serverInfo`.
pub const VERSION: &str = "7.0.14";
const GIT_VERSION: &str = "ce59cfc6a3c5e5c067dca0d30697edd68d4f5188";
/// MongoDB 7.0's wire version.
const MAX_WIRE_VERSION: i32 = 21;
/// The longest an awaitable `hello` is held, whatever `maxAwaitTimeMS` asks: an early
/// answer only makes the driver ask again.
pub const MAX_AWAIT: Duration = Duration::from_secs(60);

/// A standalone's `topologyVersion`: the topology of a running standalone never changes, so
/// a process id made when the server starts and a counter that stays 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Topology {
    process_id: ObjectId,
}

impl Topology {
    pub fn started() -> Topology {
        Topology {
            process_id: ObjectId::new(),
        }
    }

    fn version(&self) -> Document {
        doc! { "processId": self.process_id, "counter": 0i64 }
    }
}

/// The reply to a server command, or `None` when the command is about data.
pub fn answer(
    name: &str,
    command: &Document,
    connection_id: i64,
    topology: &Topology,
) -> Option<Document> {
    let reply = match name {
        _ if is_hello(name) => return Some(hello(name, command, connection_id, topology)),
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

fn is_hello(name: &str) -> bool {
    matches!(name, "hello" | "isMaster" | "ismaster")
}

fn ok(mut reply: Document) -> Document {
    reply.insert("ok", 1.0);
    reply
}

/// The handshake of a standalone, in the server's field order. A bad awaitable request
/// (see `wait`) is refused before anything else. No `compression`: none is offered.
fn hello(name: &str, command: &Document, connection_id: i64, topology: &Topology) -> Document {
    if let Err(refused) = wait(command, topology) {
        return refused;
    }
    let mut reply = Document::new();
    if command.contains_key("helloOk") {
        reply.insert("helloOk", true);
    }
    match name {
        "hello" => reply.insert("isWritablePrimary", true),
        _ => reply.insert("ismaster", true),
    };
    reply.insert("topologyVersion", topology.version());
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
        "ok": 1.0,
    });
    reply
}

// ---- the awaitable hello -----------------------------------------------------------------

/// How long an awaitable `hello` (`topologyVersion` and `maxAwaitTimeMS`, as drivers'
/// monitors stream it) waits before it is answered. A client that knows this process's
/// current version waits for a change that never comes, so `maxAwaitTimeMS` (at most
/// `MAX_AWAIT`); one that knows another process, or any plain `hello`, waits for nothing.
/// `Err` is the server's error reply to a malformed request.
pub fn wait(command: &Document, topology: &Topology) -> Result<Duration, Document> {
    let name = super::command::name(command);
    if !is_hello(name) {
        return Ok(Duration::ZERO);
    }
    let known = field(command, name, "topologyVersion", client_version)?;
    let max_await = field(command, name, "maxAwaitTimeMS", milliseconds)?;
    let (process_id, counter, max_await) = match (known, max_await) {
        (None, None) => return Ok(Duration::ZERO),
        (Some((id, counter)), Some(ms)) => (id, counter, ms),
        (known, _) => return Err(one_without_the_other(known.is_some())),
    };
    if counter < 0 {
        return Err(location(
            31372,
            "topologyVersion must have a non-negative counter",
        ));
    }
    if process_id != topology.process_id {
        return Ok(Duration::ZERO);
    }
    if counter != 0 {
        return Err(location(51764, &counter_ahead(counter)));
    }
    Ok(Duration::from_millis(max_await).min(MAX_AWAIT))
}

/// An optional field read by `read`; its errors name it as the server's parser does.
fn field<T>(
    command: &Document,
    name: &str,
    key: &str,
    read: fn(&Bson) -> Result<T, FieldError>,
) -> Result<Option<T>, Document> {
    let Some(value) = command.get(key) else {
        return Ok(None);
    };
    read(value)
        .map(Some)
        .map_err(|e| e.reply(&format!("{name}.{key}")))
}

/// Why a field of an awaitable `hello` was refused.
enum FieldError {
    Type {
        found: &'static str,
        expected: &'static str,
    },
    Missing(&'static str),
    Negative(i64),
}

impl FieldError {
    fn reply(&self, path: &str) -> Document {
        match self {
            FieldError::Type { found, expected } => error_reply(
                14,
                "TypeMismatch",
                &format!("BSON field '{path}' is the wrong type '{found}', expected {expected}"),
            ),
            FieldError::Missing(inner) => location(
                40414,
                &format!("BSON field '{path}.{inner}' is missing but a required field"),
            ),
            FieldError::Negative(value) => location(
                51024,
                &format!("BSON field '{path}' value must be >= 0, actual value '{value}'"),
            ),
        }
    }
}

/// `{ processId: ObjectId, counter: Long }`.
fn client_version(value: &Bson) -> Result<(ObjectId, i64), FieldError> {
    let Bson::Document(version) = value else {
        return Err(wrong_type(value, "type 'object'"));
    };
    let process_id = match version.get("processId") {
        Some(Bson::ObjectId(id)) => *id,
        Some(other) => return Err(wrong_type(other, "type 'objectId'")),
        None => return Err(FieldError::Missing("processId")),
    };
    let counter = match version.get("counter") {
        Some(Bson::Int64(n)) => *n,
        Some(other) => return Err(wrong_type(other, "type 'long'")),
        None => return Err(FieldError::Missing("counter")),
    };
    Ok((process_id, counter))
}

/// A whole number of milliseconds, of any numeric type, not negative.
fn milliseconds(value: &Bson) -> Result<u64, FieldError> {
    let number = match value {
        Bson::Int32(n) => i64::from(*n),
        Bson::Int64(n) => *n,
        Bson::Double(d) if d.fract() == 0.0 && d.abs() < 9.0e15 => *d as i64,
        other => return Err(wrong_type(other, "types '[long, int, decimal, double]'")),
    };
    u64::try_from(number).map_err(|_| FieldError::Negative(number))
}

fn wrong_type(value: &Bson, expected: &'static str) -> FieldError {
    FieldError::Type {
        found: type_name(value),
        expected,
    }
}

/// The server's names of BSON types, as its parse errors print them.
fn type_name(value: &Bson) -> &'static str {
    match value {
        Bson::Double(_) => "double",
        Bson::String(_) => "string",
        Bson::Document(_) => "object",
        Bson::Array(_) => "array",
        Bson::ObjectId(_) => "objectId",
        Bson::Boolean(_) => "bool",
        Bson::DateTime(_) => "date",
        Bson::Null => "null",
        Bson::Int32(_) => "int",
        Bson::Int64(_) => "long",
        Bson::Decimal128(_) => "decimal",
        _ => "unknown",
    }
}

fn one_without_the_other(has_version: bool) -> Document {
    let message = if has_version {
        "A request with a 'topologyVersion' must include 'maxAwaitTimeMS'"
    } else {
        "A request with 'maxAwaitTimeMS' must include a 'topologyVersion'"
    };
    location(31368, message)
}

fn counter_ahead(counter: i64) -> String {
    format!(
        "Received a topology version with counter: {counter} which is greater than the \
         server topology version counter: 0"
    )
}

/// An error the server raises by its source location: `Location<code>`.
fn location(code: i32, message: &str) -> Document {
    error_reply(code, &format!("Location{code}"), message)
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

    fn plain(name: &str, command: &Document) -> Option<Document> {
        answer(name, command, 1, &Topology::started())
    }

    #[test]
    fn hello_is_a_standalone_7_0_without_compression() {
        let topology = Topology::started();
        let reply = answer("hello", &doc! { "hello": 1, "helloOk": true }, 7, &topology).unwrap();
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
        let reply = plain("isMaster", &doc! { "isMaster": 1 }).unwrap();
        assert_eq!(reply.get_bool("ismaster"), Ok(true));
        assert!(!reply.contains_key("helloOk") && !reply.contains_key("isWritablePrimary"));
    }

    #[test]
    fn data_commands_are_not_answered_here() {
        assert_eq!(plain("find", &doc! { "find": "c" }), None);
        assert_eq!(plain("atlasVersion", &doc! { "atlasVersion": 1 }), None);
    }

    #[test]
    fn topology_version_follows_the_primary_flag_and_lasts_the_server_s_life() {
        let topology = Topology::started();
        let hello = |name: &str| answer(name, &doc! { name: 1 }, 1, &topology).unwrap();
        let reply = hello("hello");
        let keys: Vec<&str> = reply.keys().take(2).map(String::as_str).collect();
        assert_eq!(keys, ["isWritablePrimary", "topologyVersion"]);
        let version = reply.get_document("topologyVersion").unwrap();
        assert!(matches!(version.get("processId"), Some(Bson::ObjectId(_))));
        assert_eq!(version.get("counter"), Some(&Bson::Int64(0)));
        assert_eq!(
            hello("isMaster").get_document("topologyVersion"),
            Ok(version)
        );
        let other = Topology::started().version();
        assert_ne!(&other, version, "two servers, one process id");
    }

    fn awaitable(topology: &Topology, counter: i64, max_await: Bson) -> Document {
        let version = doc! { "processId": topology.process_id, "counter": counter };
        doc! { "hello": 1, "topologyVersion": version, "maxAwaitTimeMS": max_await }
    }

    #[test]
    fn a_client_that_knows_this_topology_waits_out_max_await_time_bounded() {
        let topology = Topology::started();
        let waits = |ms: Bson| wait(&awaitable(&topology, 0, ms), &topology).unwrap();
        assert_eq!(waits(Bson::Int64(500)), Duration::from_millis(500));
        assert_eq!(waits(Bson::Int32(0)), Duration::ZERO);
        assert_eq!(waits(Bson::Double(250.0)), Duration::from_millis(250));
        assert_eq!(waits(Bson::Int64(i64::MAX)), MAX_AWAIT);
    }

    #[test]
    fn plain_hellos_other_processes_and_other_commands_wait_for_nothing() {
        let topology = Topology::started();
        assert_eq!(wait(&doc! { "hello": 1 }, &topology), Ok(Duration::ZERO));
        let stale = awaitable(&Topology::started(), 0, Bson::Int64(10_000));
        assert_eq!(wait(&stale, &topology), Ok(Duration::ZERO));
        let version = doc! { "processId": topology.process_id, "counter": 0i64 };
        let find = doc! { "find": "c", "topologyVersion": version, "maxAwaitTimeMS": 10_000 };
        assert_eq!(wait(&find, &topology), Ok(Duration::ZERO));
    }

    fn refused(command: &Document, topology: &Topology) -> (i32, String, String) {
        let reply = answer(super::super::command::name(command), command, 1, topology).unwrap();
        assert_eq!(reply.get_f64("ok"), Ok(0.0), "{reply}");
        let code = reply.get_i32("code").unwrap();
        let name = reply.get_str("codeName").unwrap().to_string();
        (code, name, reply.get_str("errmsg").unwrap().to_string())
    }

    #[test]
    fn malformed_awaitable_requests_get_the_server_s_errors() {
        let topology = Topology::started();
        let mut no_wait = awaitable(&topology, 0, Bson::Int32(1));
        no_wait.remove("maxAwaitTimeMS");
        let (code, _, message) = refused(&no_wait, &topology);
        assert_eq!(code, 31368);
        assert!(
            message.contains("must include 'maxAwaitTimeMS'"),
            "{message}"
        );
        let (code, _, message) = refused(&doc! { "hello": 1, "maxAwaitTimeMS": 5 }, &topology);
        assert_eq!(code, 31368);
        assert!(
            message.contains("must include a 'topologyVersion'"),
            "{message}"
        );
        let cases = [
            (awaitable(&topology, -1, Bson::Int32(5)), 31372),
            (awaitable(&topology, 3, Bson::Int32(5)), 51764),
            (awaitable(&topology, 0, Bson::Int32(-1)), 51024),
            (awaitable(&topology, 0, Bson::from("5")), 14),
        ];
        for (command, code) in cases {
            assert_eq!(refused(&command, &topology).0, code, "{command}");
        }
        let missing = doc! { "hello": 1, "topologyVersion": { "counter": 0i64 },
        "maxAwaitTimeMS": 5 };
        let (code, name, message) = refused(&missing, &topology);
        assert_eq!((code, name.as_str()), (40414, "Location40414"));
        assert!(
            message.contains("'hello.topologyVersion.processId'"),
            "{message}"
        );
    }
}
