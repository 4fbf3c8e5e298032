//! One client connection: read a frame, answer it, repeat. A frame whose length cannot be
//! trusted or whose opcode is unknown closes the connection; any other bad frame gets an
//! error reply and the connection reads on. Commands run on the blocking pool, so a long
//! query never stalls the other connections' reads; an awaitable `hello` waits here, on the
//! connection's own task, so a thousand monitors waiting hold no thread.

use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

use bson::{Document, RawDocumentBuf};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::command::{self, Shared};
use super::frame::{self, FrameError, Header, Request, HEADER_LEN, MORE_TO_COME, OP_QUERY};
use super::handshake;
use crate::pesan::server as pesan;
use crate::server::StopHandle;

/// Reply ids, unique within the process as the server's are.
static NEXT_REPLY_ID: AtomicI32 = AtomicI32::new(1);

#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub id: i64,
    pub log: bool,
}

/// A frame as read: its header and all its bytes, header included.
struct Frame {
    header: Header,
    bytes: Vec<u8>,
}

pub async fn serve(mut socket: TcpStream, shared: Shared, stop: StopHandle, options: Options) {
    let _ = socket.set_nodelay(true);
    loop {
        let frame = tokio::select! {
            frame = read_frame(&mut socket) => frame,
            () = stop.stopped() => return,
        };
        let Some(frame) = frame else {
            return;
        };
        let Some(reply) = answer(&shared, frame, options, (&socket, &stop)).await else {
            continue;
        };
        let Ok(reply) = reply else {
            return;
        };
        if socket.write_all(&reply).await.is_err() {
            return;
        }
    }
}

/// `None` at the end of the stream, on a truncated frame or on a length out of bounds.
/// The body is read as it arrives, never allocated up front from the declared length.
async fn read_frame(socket: &mut TcpStream) -> Option<Frame> {
    let mut head = [0u8; HEADER_LEN];
    socket.read_exact(&mut head).await.ok()?;
    let header = frame::header(&head).ok()?;
    let mut bytes = Vec::with_capacity(header.length.min(64 * 1024));
    bytes.extend_from_slice(&head);
    let rest = (header.length - HEADER_LEN) as u64;
    let read = (&mut *socket)
        .take(rest)
        .read_to_end(&mut bytes)
        .await
        .ok()?;
    (read as u64 == rest).then_some(Frame { header, bytes })
}

/// What may cut an awaitable `hello`'s wait short: the client (closing, or sending more)
/// and the server's stop.
type Interruptions<'a> = (&'a TcpStream, &'a StopHandle);

/// The bytes to send back: `None` when the client asked for no reply, `Err` when the
/// connection must close.
async fn answer(
    shared: &Shared,
    frame: Frame,
    options: Options,
    interruptions: Interruptions<'_>,
) -> Option<Result<Vec<u8>, ()>> {
    let header = frame.header;
    let request = match frame::decode(&frame.bytes) {
        Ok((_, request)) => request,
        Err(error) => return refuse(&header, &frame.bytes, &error),
    };
    let wants_reply = request.wants_reply();
    let started = Instant::now();
    await_topology(shared, request.command(), interruptions).await;
    let (name, reply) = run(shared, request, options.id).await;
    if options.log {
        println!("{}", log_line(&name, &reply, started.elapsed()));
    }
    wants_reply.then(|| Ok(encode(&header, reply.as_bytes())))
}

/// A frame that failed to decode: an error reply if the stream is still sound and the
/// client waits for one, otherwise the connection closes.
fn refuse(header: &Header, bytes: &[u8], error: &FrameError) -> Option<Result<Vec<u8>, ()>> {
    if error.is_fatal() || more_to_come(bytes) {
        return Some(Err(()));
    }
    let (code, code_name) = error.code();
    let reply = command::encode(&command::error_reply(code, code_name, &error.to_string()));
    Some(Ok(encode(header, reply.as_bytes())))
}

fn more_to_come(bytes: &[u8]) -> bool {
    bytes.get(HEADER_LEN..HEADER_LEN + 4).is_some_and(|flags| {
        u32::from_le_bytes([flags[0], flags[1], flags[2], flags[3]]) & MORE_TO_COME != 0
    })
}

/// Holds an awaitable `hello` for as long as `handshake::wait` says, without a thread and
/// without polling: a sleep that the client or the stop ends early.
async fn await_topology(shared: &Shared, command: &Document, (socket, stop): Interruptions<'_>) {
    let wait = handshake::wait(command, &shared.topology).unwrap_or_default();
    if wait.is_zero() {
        return;
    }
    // `peek` resolves on data or the end of the stream; `readable` may wake spuriously.
    let mut byte = [0u8; 1];
    tokio::select! {
        () = tokio::time::sleep(wait) => {}
        _ = socket.peek(&mut byte) => {}
        () = stop.stopped() => {}
    }
}

/// Runs the request's command on the blocking pool; returns its name and reply.
async fn run(shared: &Shared, request: Request, connection_id: i64) -> (String, RawDocumentBuf) {
    let (db, command) = match target(request) {
        Ok(target) => target,
        Err(reply) => return (String::new(), command::encode(&reply)),
    };
    let name = command::name(&command).to_string();
    let shared = shared.clone();
    let job = move || command::run(&shared, &db, command, connection_id);
    let reply = tokio::task::spawn_blocking(job).await.unwrap_or_else(|e| {
        command::encode(&command::error_reply(1, "InternalError", &e.to_string()))
    });
    (name, reply)
}

/// The database and command of a request. OP_QUERY carries only the legacy handshake.
fn target(request: Request) -> Result<(String, Document), Document> {
    match request {
        Request::Msg { command, .. } => Ok((command::database(&command)?, command)),
        Request::Query {
            collection,
            command,
        } => legacy(&collection, command),
    }
}

fn legacy(collection: &str, command: Document) -> Result<(String, Document), Document> {
    let name = command::name(&command);
    let handshake = matches!(name, "hello" | "isMaster" | "ismaster");
    match collection.strip_suffix(".$cmd") {
        Some(db) if handshake => Ok((db.to_string(), command)),
        _ => Err(command::error_reply(
            352,
            "UnsupportedOpQueryCommand",
            &format!(
                "Unsupported OP_QUERY command: {name}. The client driver may require an upgrade. \
                 For more details see https://dochub.mongodb.org/core/legacy-opcode-removal"
            ),
        )),
    }
}

/// An OP_QUERY is answered with OP_REPLY, everything else with OP_MSG.
fn encode(header: &Header, reply: &[u8]) -> Vec<u8> {
    let id = NEXT_REPLY_ID.fetch_add(1, Ordering::Relaxed);
    match header.op_code {
        OP_QUERY => frame::encode_reply(id, header.request_id, reply),
        _ => frame::encode_msg(id, header.request_id, 0, reply),
    }
}

fn log_line(name: &str, reply: &RawDocumentBuf, took: Duration) -> String {
    let ok = matches!(reply.get_f64("ok"), Ok(ok) if ok == 1.0);
    let code = reply.get_i32("code").ok();
    pesan::log_mongo(name, ok, code, took)
}
