//! The listener in process, spoken to byte by byte on port 0.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bson::{doc, Document};

use super::frame::{self, CHECKSUM_PRESENT, MORE_TO_COME, OP_MSG, OP_QUERY};
use super::{crc32c, serve_with};
use crate::engine::mongo::Engine;
use crate::server::{loopback, Server, StopHandle};

struct Running {
    addr: SocketAddr,
    stop: StopHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.stop();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn start_with(timeout: Duration) -> Running {
    let (sender, receiver) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let mut server = Server::new().unwrap();
        let endpoint = server.bind(loopback(0)).unwrap();
        let engine = Arc::new(Mutex::new(Engine::new()));
        sender
            .send((endpoint.addr(), server.stop_handle()))
            .unwrap();
        serve_with(&mut server, endpoint, engine, false, timeout);
        server.run().unwrap();
    });
    let (addr, stop) = receiver.recv().unwrap();
    Running {
        addr,
        stop,
        thread: Some(thread),
    }
}

fn start() -> Running {
    start_with(super::CURSOR_TIMEOUT)
}

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream
}

fn bytes(document: &Document) -> Vec<u8> {
    bson::to_vec(document).unwrap()
}

/// An OP_MSG frame from raw sections.
fn msg(request_id: i32, flags: u32, sections: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&0i32.to_le_bytes());
    out.extend_from_slice(&request_id.to_le_bytes());
    out.extend_from_slice(&0i32.to_le_bytes());
    out.extend_from_slice(&OP_MSG.to_le_bytes());
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(sections);
    let checksummed = flags & CHECKSUM_PRESENT != 0;
    let length = out.len() as i32 + if checksummed { 4 } else { 0 };
    out[..4].copy_from_slice(&length.to_le_bytes());
    if checksummed {
        let sum = crc32c(&out);
        out.extend_from_slice(&sum.to_le_bytes());
    }
    out
}

fn body(command: &Document) -> Vec<u8> {
    let mut section = vec![0u8];
    section.extend(bytes(command));
    section
}

fn sequence(name: &str, documents: &[Document]) -> Vec<u8> {
    let mut inner = name.as_bytes().to_vec();
    inner.push(0);
    documents.iter().for_each(|d| inner.extend(bytes(d)));
    let mut section = vec![1u8];
    section.extend(((inner.len() + 4) as i32).to_le_bytes());
    section.extend(inner);
    section
}

/// Reads one reply frame: its header and its first document.
fn read_reply(stream: &mut TcpStream) -> std::io::Result<(frame::Header, Document)> {
    let mut head = [0u8; frame::HEADER_LEN];
    stream.read_exact(&mut head)?;
    let header = frame::header(&head).unwrap();
    let mut rest = vec![0u8; header.length - frame::HEADER_LEN];
    stream.read_exact(&mut rest)?;
    let document = match header.op_code {
        OP_MSG => &rest[5..],
        _ => &rest[20..],
    };
    Ok((header, Document::from_reader(document).unwrap()))
}

fn command(stream: &mut TcpStream, request_id: i32, command: &Document) -> Document {
    stream
        .write_all(&msg(request_id, 0, &body(command)))
        .unwrap();
    let (header, reply) = read_reply(stream).unwrap();
    assert_eq!(header.response_to, request_id);
    reply
}

/// True once the server has closed the connection (a read sees the end).
fn closed(stream: &mut TcpStream) -> bool {
    let mut byte = [0u8; 1];
    matches!(stream.read(&mut byte), Ok(0) | Err(_))
}

#[test]
fn the_legacy_handshake_is_answered_with_op_reply() {
    let server = start();
    let mut stream = connect(server.addr);
    let query = doc! { "isMaster": 1, "helloOk": true, "client": { "driver": { "name": "x" } } };
    let mut frame = Vec::new();
    frame.extend_from_slice(&0i32.to_le_bytes());
    frame.extend_from_slice(&9i32.to_le_bytes());
    frame.extend_from_slice(&0i32.to_le_bytes());
    frame.extend_from_slice(&OP_QUERY.to_le_bytes());
    frame.extend_from_slice(&0i32.to_le_bytes());
    frame.extend_from_slice(b"admin.$cmd\0");
    frame.extend_from_slice(&0i32.to_le_bytes());
    frame.extend_from_slice(&(-1i32).to_le_bytes());
    frame.extend(bytes(&query));
    let length = frame.len() as i32;
    frame[..4].copy_from_slice(&length.to_le_bytes());
    stream.write_all(&frame).unwrap();
    let (header, reply) = read_reply(&mut stream).unwrap();
    assert_eq!((header.op_code, header.response_to), (frame::OP_REPLY, 9));
    assert_eq!(reply.get_bool("ismaster"), Ok(true));
    assert_eq!(reply.get_bool("helloOk"), Ok(true));
    assert_eq!(reply.get_i32("maxWireVersion"), Ok(21));
}

#[test]
fn document_sequences_and_checksums_reach_the_engine() {
    let server = start();
    let mut stream = connect(server.addr);
    let insert = doc! { "insert": "mahasiswa", "$db": "kampus" };
    let mut sections = body(&insert);
    sections.extend(sequence(
        "documents",
        &[doc! { "_id": 1 }, doc! { "_id": 2 }],
    ));
    stream
        .write_all(&msg(1, CHECKSUM_PRESENT, &sections))
        .unwrap();
    let (_, reply) = read_reply(&mut stream).unwrap();
    assert_eq!(reply.get_i32("n"), Ok(2), "{reply}");
    let count = command(
        &mut stream,
        2,
        &doc! { "count": "mahasiswa", "$db": "kampus" },
    );
    assert_eq!(count.get_i32("n"), Ok(2), "{count}");
}

#[test]
fn more_to_come_writes_get_no_reply_but_are_done() {
    let server = start();
    let mut stream = connect(server.addr);
    let insert = doc! { "insert": "c", "documents": [{ "_id": 1 }], "$db": "d",
    "writeConcern": { "w": 0 } };
    stream
        .write_all(&msg(1, MORE_TO_COME, &body(&insert)))
        .unwrap();
    let count = command(&mut stream, 2, &doc! { "count": "c", "$db": "d" });
    assert_eq!(
        count.get_i32("n"),
        Ok(1),
        "the reply answered request 2 only: {count}"
    );
}

#[test]
fn a_wrong_checksum_is_refused_and_the_connection_goes_on() {
    let server = start();
    let mut stream = connect(server.addr);
    let mut frame = msg(
        1,
        CHECKSUM_PRESENT,
        &body(&doc! { "ping": 1, "$db": "admin" }),
    );
    let last = frame.len() - 1;
    frame[last] ^= 0xFF;
    stream.write_all(&frame).unwrap();
    let (_, reply) = read_reply(&mut stream).unwrap();
    assert_eq!(reply.get_str("codeName"), Ok("ChecksumMismatch"), "{reply}");
    let ping = command(&mut stream, 2, &doc! { "ping": 1, "$db": "admin" });
    assert_eq!(ping.get_f64("ok"), Ok(1.0));
}

#[test]
fn invalid_bson_gets_an_error_reply() {
    let server = start();
    let mut stream = connect(server.addr);
    let mut document = bytes(&doc! { "ping": 1, "$db": "admin" });
    document[4] = 0x7F; // an element type that does not exist
    let mut sections = vec![0u8];
    sections.extend(document);
    stream.write_all(&msg(1, 0, &sections)).unwrap();
    let (_, reply) = read_reply(&mut stream).unwrap();
    assert_eq!(reply.get_i32("code"), Ok(22), "{reply}");
    assert_eq!(reply.get_f64("ok"), Ok(0.0));
}

#[test]
fn a_document_over_16_mb_is_bson_object_too_large() {
    let server = start();
    let mut stream = connect(server.addr);
    let big = "x".repeat(frame::MAX_COMMAND_SIZE);
    let insert = doc! { "insert": "c", "documents": [{ "s": big }], "$db": "d" };
    stream.write_all(&msg(1, 0, &body(&insert))).unwrap();
    let (_, reply) = read_reply(&mut stream).unwrap();
    assert_eq!(
        reply.get_str("codeName"),
        Ok("BSONObjectTooLarge"),
        "{reply}"
    );
    let ping = command(&mut stream, 2, &doc! { "ping": 1, "$db": "admin" });
    assert_eq!(ping.get_f64("ok"), Ok(1.0));
}

#[test]
fn bad_lengths_and_opcodes_close_only_their_connection() {
    let server = start();
    let mut others = connect(server.addr);
    let mut too_long = connect(server.addr);
    let mut header = Vec::new();
    for word in [48_000_001i32, 1, 0, OP_MSG] {
        header.extend_from_slice(&word.to_le_bytes());
    }
    too_long.write_all(&header).unwrap();
    assert!(closed(&mut too_long));
    let mut unknown = connect(server.addr);
    let mut frame = msg(1, 0, &body(&doc! { "ping": 1, "$db": "admin" }));
    frame[12..16].copy_from_slice(&2012i32.to_le_bytes());
    unknown.write_all(&frame).unwrap();
    assert!(closed(&mut unknown));
    let mut truncated = connect(server.addr);
    truncated.write_all(&frame[..10]).unwrap();
    drop(truncated);
    let ping = command(&mut others, 1, &doc! { "ping": 1, "$db": "admin" });
    assert_eq!(ping.get_f64("ok"), Ok(1.0));
}

#[test]
fn a_missing_db_and_unknown_commands_are_errors() {
    let server = start();
    let mut stream = connect(server.addr);
    let reply = command(&mut stream, 1, &doc! { "ping": 1 });
    assert_eq!(reply.get_i32("code"), Ok(40571), "{reply}");
    let reply = command(&mut stream, 2, &doc! { "atlasVersion": 1, "$db": "admin" });
    assert_eq!(reply.get_str("codeName"), Ok("CommandNotFound"), "{reply}");
}

#[test]
fn idle_cursors_time_out_and_others_share_the_engine() {
    let server = start_with(Duration::from_millis(200));
    let mut writer = connect(server.addr);
    let documents: Vec<Document> = (0..5).map(|i| doc! { "_id": i }).collect();
    command(
        &mut writer,
        1,
        &doc! { "insert": "c", "documents": documents, "$db": "d" },
    );
    let mut reader = connect(server.addr);
    let find = command(
        &mut reader,
        1,
        &doc! { "find": "c", "batchSize": 2, "$db": "d" },
    );
    let id = find.get_document("cursor").unwrap().get_i64("id").unwrap();
    assert_ne!(id, 0, "{find}");
    std::thread::sleep(Duration::from_millis(800));
    let more = doc! { "getMore": id, "collection": "c", "$db": "d" };
    let reply = command(&mut writer, 2, &more);
    assert_eq!(reply.get_str("codeName"), Ok("CursorNotFound"), "{reply}");
}

// ---- the awaitable hello -------------------------------------------------------------------

/// The server's topologyVersion, from a plain hello.
fn topology_version(stream: &mut TcpStream) -> Document {
    let hello = command(stream, 1, &doc! { "hello": 1, "$db": "admin" });
    hello.get_document("topologyVersion").unwrap().clone()
}

fn awaitable(version: Document, max_await_ms: i64) -> Document {
    doc! { "hello": 1, "topologyVersion": version, "maxAwaitTimeMS": max_await_ms,
    "$db": "admin" }
}

#[test]
fn an_awaitable_hello_waits_its_time_and_a_stale_one_does_not() {
    let server = start();
    let mut stream = connect(server.addr);
    let version = topology_version(&mut stream);
    let started = Instant::now();
    let reply = command(&mut stream, 2, &awaitable(version.clone(), 400));
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(400), "{waited:?}");
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    assert_eq!(reply.get_document("topologyVersion"), Ok(&version));
    let stale = doc! { "processId": bson::oid::ObjectId::new(), "counter": 0i64 };
    let started = Instant::now();
    let reply = command(&mut stream, 3, &awaitable(stale, 10_000));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(reply.get_document("topologyVersion"), Ok(&version));
}

#[test]
fn a_waiting_hello_holds_no_one_else_and_ends_with_the_client_s_next_frame() {
    let server = start();
    let mut monitor = connect(server.addr);
    let version = topology_version(&mut monitor);
    let started = Instant::now();
    let long_wait = msg(2, 0, &body(&awaitable(version, 60_000)));
    monitor.write_all(&long_wait).unwrap();
    let mut other = connect(server.addr);
    let ping = command(&mut other, 1, &doc! { "ping": 1, "$db": "admin" });
    assert_eq!(ping.get_f64("ok"), Ok(1.0));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "another client waited"
    );
    let ping = msg(3, 0, &body(&doc! { "ping": 1, "$db": "admin" }));
    monitor.write_all(&ping).unwrap();
    let (header, hello) = read_reply(&mut monitor).unwrap();
    assert_eq!((header.response_to, hello.get_f64("ok")), (2, Ok(1.0)));
    let (header, ping) = read_reply(&mut monitor).unwrap();
    assert_eq!((header.response_to, ping.get_f64("ok")), (3, Ok(1.0)));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn stopping_the_server_answers_a_waiting_hello() {
    let server = start();
    let mut monitor = connect(server.addr);
    let version = topology_version(&mut monitor);
    let started = Instant::now();
    monitor
        .write_all(&msg(2, 0, &body(&awaitable(version, 60_000))))
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    server.stop.stop();
    let (header, hello) = read_reply(&mut monitor).unwrap();
    assert_eq!((header.response_to, hello.get_f64("ok")), (2, Ok(1.0)));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn stats_count_views_apart_and_get_log_is_the_engines() {
    let server = start();
    let mut stream = connect(server.addr);
    let run = |stream: &mut TcpStream, id: i32, mut c: Document, db: &str| {
        c.insert("$db", db);
        command(stream, id, &c)
    };
    let create =
        doc! { "create": "c", "validator": { "n": { "$lt": 5 } }, "validationAction": "warn" };
    run(&mut stream, 1, create, "t");
    run(
        &mut stream,
        2,
        doc! { "insert": "c", "documents": [{ "_id": 1, "n": 9 }] },
        "t",
    );
    run(
        &mut stream,
        3,
        doc! { "create": "v", "viewOn": "c", "pipeline": [] },
        "t",
    );
    let stats = run(&mut stream, 4, doc! { "dbStats": 1 }, "t");
    // `c` and `system.views`, which holds the definition.
    assert_eq!(stats.get_i64("collections"), Ok(2), "{stats}");
    assert_eq!(stats.get_i64("views"), Ok(1), "{stats}");
    assert_eq!(stats.get_i64("objects"), Ok(2), "{stats}");
    let on_view = run(&mut stream, 5, doc! { "collStats": "v" }, "t");
    assert_eq!(on_view.get_i32("code"), Ok(166), "{on_view}");
    let log = run(&mut stream, 6, doc! { "getLog": "global" }, "admin");
    let lines = log.get_array("log").unwrap();
    assert_eq!(lines.len(), 1, "{log}");
    assert!(
        lines[0]
            .as_str()
            .unwrap()
            .contains(r#""attr":{"namespace":"t.c""#),
        "{log}"
    );
}
