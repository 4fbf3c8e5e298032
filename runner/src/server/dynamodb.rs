//! The DynamoDB JSON protocol over HTTP, as a thin adapter over `dynamo::Engine::execute`
//! (the call the shell makes): `POST /` with `X-Amz-Target: DynamoDB_20120810.<Action>`,
//! the engine's request and response bodies, its errors as HTTP 400 with the service's
//! `__type`. SigV4 headers are accepted without being verified. Malformed requests get
//! the service's own answers (dynalite's recordings of them are the reference); nothing
//! a client sends makes the server panic.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::IntoResponse;
use axum::Router;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::Body as HttpBody;
use serde_json::{json, Value};

use super::crc32;
use super::request_id::RequestIds;
use super::{Endpoint, Server};
use crate::engine::dynamo::{Answer, Clock, DynamoError, Engine, OPERATIONS};
use crate::pesan::server as pesan;

/// The service's request size limit.
pub const MAX_BODY: usize = 16 * 1024 * 1024;

/// Where a response body starts unless the answer knows better (a page does):
/// most answers fit.
const BODY_CAPACITY: usize = 4096;

const API_VERSION: &str = "DynamoDB_20120810";
const STREAMS_API: &str = "DynamoDBStreams_20120810";
const AMZ_JSON: &str = "application/x-amz-json-1.0";
const PLAIN_JSON: &str = "application/json";
/// What the service answers a request that is not a POST of JSON.
const NOT_AN_OPERATION: &str = "<UnknownOperationException/>\n";
/// What the service answers a GET (load balancers' health checks).
const HEALTHY: &str = "healthy: dynamodb.us-east-1.amazonaws.com ";

/// For tests only: set to `1`, the first TransactWriteItems that succeeds is applied
/// and its connection then closed unanswered, as a network failure would, so that a
/// test can watch a client retry it.
pub const DROP_FIRST_TRANSACTION: &str = "KURSUS_TEST_DROP_FIRST_TRANSACTION";

/// A connection closed on purpose, without an answer.
#[derive(Debug, thiserror::Error)]
#[error("connection dropped by {DROP_FIRST_TRANSACTION}")]
pub struct Dropped;

/// Serves `engine` on `endpoint` until the server stops, straight on hyper: every
/// path and method reaches the one handler, as `router`'s fallback does.
pub fn serve(server: &mut Server, endpoint: Endpoint, engine: Arc<Mutex<Engine>>, log: bool) {
    let service = Service::new(engine, log);
    let armed = std::env::var(DROP_FIRST_TRANSACTION).is_ok_and(|v| v == "1");
    service.drop_next_transaction.store(armed, Ordering::SeqCst);
    server.serve_http1(endpoint, move |request| {
        let service = service.clone();
        async move { service.answer(request).await }
    });
}

/// The endpoint's routes, for tests that call it without a socket.
pub fn router(engine: Arc<Mutex<Engine>>, log: bool) -> Router {
    let answer = |State(service): State<Arc<Service>>, request: Request| async move {
        match service.answer(request).await {
            Ok(response) => response.map(Body::new),
            // Without a socket there is no connection to drop: the loss shows as a 500.
            Err(Dropped) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        }
    };
    Router::new()
        .fallback(answer)
        .with_state(Service::new(engine, log))
}

struct Service {
    engine: Arc<Mutex<Engine>>,
    log: bool,
    ids: RequestIds,
    /// See [`DROP_FIRST_TRANSACTION`].
    drop_next_transaction: AtomicBool,
}

/// One answer and what the log line says about it.
struct Reply {
    status: StatusCode,
    content_type: &'static str,
    body: Vec<u8>,
    operation: &'static str,
    table: String,
}

impl Reply {
    fn raw(status: StatusCode, content_type: &'static str, body: &str) -> Reply {
        Reply {
            status,
            content_type,
            body: body.as_bytes().to_vec(),
            operation: "",
            table: String::new(),
        }
    }

    fn json(status: StatusCode, content_type: &'static str, body: &Value) -> Reply {
        let body = serde_json::to_vec(body).unwrap_or_default();
        Reply {
            body,
            ..Reply::raw(status, content_type, "")
        }
    }

    fn error(content_type: &'static str, error: &DynamoError) -> Reply {
        Reply::json(StatusCode::BAD_REQUEST, content_type, &error_body(error))
    }
}

impl Service {
    /// The server's engine answers nobody's grading: it keeps no request records, and
    /// lives in real time (tables' creation times, transactions' tokens).
    fn new(engine: Arc<Mutex<Engine>>, log: bool) -> Arc<Service> {
        let mut locked = engine.lock().unwrap_or_else(PoisonError::into_inner);
        locked.keep_request_records(false);
        locked.set_clock(Clock::new(seconds_since_epoch));
        drop(locked);
        Arc::new(Service {
            engine,
            log,
            ids: RequestIds::new(),
            drop_next_transaction: AtomicBool::new(false),
        })
    }

    async fn answer<B>(
        &self,
        request: hyper::Request<B>,
    ) -> Result<hyper::Response<Full<Bytes>>, Dropped>
    where
        B: HttpBody<Data = Bytes>,
        B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        let started = self.log.then(Instant::now);
        let (parts, body) = request.into_parts();
        let reply = match screen(&parts.method, &parts.headers) {
            Err(reply) if reply.status == StatusCode::PAYLOAD_TOO_LARGE => reply,
            Err(reply) => {
                // Read what was sent, so the connection stays open for the next request.
                let _ = read_body(body).await;
                reply
            }
            Ok(content_type) => match read_body(body).await {
                Ok(bytes) => self.call(&parts.headers, content_type, &bytes),
                Err(reply) => reply,
            },
        };
        if let Some(started) = started {
            println!("{}", log_line(&reply, started.elapsed()));
        }
        if self.drops(&reply) {
            return Err(Dropped);
        }
        Ok(respond(reply, &self.ids))
    }

    /// Whether this answer is the one [`DROP_FIRST_TRANSACTION`] loses.
    fn drops(&self, reply: &Reply) -> bool {
        let applied = reply.operation == "TransactWriteItems" && reply.status == StatusCode::OK;
        applied && self.drop_next_transaction.swap(false, Ordering::SeqCst)
    }
}

fn seconds_since_epoch() -> f64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH);
    since.map_or(0.0, |d| d.as_secs_f64())
}

/// What is refused before the body is read; otherwise the content type to answer in.
fn screen(method: &Method, headers: &HeaderMap) -> Result<&'static str, Reply> {
    if method == Method::GET {
        return Err(Reply::raw(StatusCode::OK, "text/plain", HEALTHY));
    }
    let not_found = || Reply::raw(StatusCode::NOT_FOUND, "text/plain", NOT_AN_OPERATION);
    if method != Method::POST {
        return Err(not_found());
    }
    let length = declared_length(headers);
    if length.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(Reply::raw(StatusCode::PAYLOAD_TOO_LARGE, "text/plain", ""));
    }
    let media = media_type(headers);
    if media.eq_ignore_ascii_case(AMZ_JSON) {
        Ok(AMZ_JSON)
    } else if media.eq_ignore_ascii_case(PLAIN_JSON) || length == Some(0) {
        Ok(PLAIN_JSON)
    } else {
        Err(not_found())
    }
}

fn declared_length(headers: &HeaderMap) -> Option<u64> {
    let value = headers.get(header::CONTENT_LENGTH)?;
    value.to_str().ok()?.trim().parse().ok()
}

/// The content type without its parameters (`; charset=utf-8`), in the case sent.
fn media_type(headers: &HeaderMap) -> &str {
    let value = headers.get(header::CONTENT_TYPE);
    let text = value.and_then(|v| v.to_str().ok()).unwrap_or_default();
    let media = text.split(';').next().unwrap_or_default();
    media.trim()
}

/// The whole body, up to the service's limit. A client that goes away mid-body gets
/// an answer nobody reads; its connection closes and nothing else is touched.
async fn read_body<B>(body: B) -> Result<Bytes, Reply>
where
    B: HttpBody<Data = Bytes>,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    // `to_bytes` keeps a body that came in one chunk as it came, without a copy.
    match Limited::new(body, MAX_BODY).collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(error) if error.is::<LengthLimitError>() => {
            Err(Reply::raw(StatusCode::PAYLOAD_TOO_LARGE, "text/plain", ""))
        }
        Err(_) => Err(Reply::error(PLAIN_JSON, &serialization())),
    }
}

impl Service {
    /// Parses the request and runs it, in the service's order of checks: the JSON
    /// first, then the target, then whether there was a body at all.
    fn call(&self, headers: &HeaderMap, content_type: &'static str, body: &[u8]) -> Reply {
        let request = match parse_body(body) {
            Ok(request) => request,
            Err(error) => return Reply::error(content_type, &error),
        };
        let Some(operation) = target(headers) else {
            return Reply::error(content_type, &unknown_target(headers));
        };
        let Some(request) = request else {
            return Reply::error(content_type, &serialization());
        };
        let table = if self.log {
            table_name(&request)
        } else {
            String::new()
        };
        let mut reply = self.execute(operation, request, content_type);
        reply.operation = operation;
        reply.table = table;
        reply
    }

    /// One request against the shared engine, its answer written while the engine is
    /// still locked (a page borrows the table's items).
    fn execute(&self, operation: &str, request: Value, content_type: &'static str) -> Reply {
        let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            engine.respond(operation, request, |result| {
                answer_reply(content_type, result)
            })
        }));
        drop(engine);
        outcome.unwrap_or_else(|_| Reply::error(content_type, &internal_error()))
    }
}

/// The table the log line names, as the engine's own request record would.
fn table_name(request: &Value) -> String {
    let name = request.get("TableName").and_then(Value::as_str);
    name.unwrap_or_default().to_string()
}

fn answer_reply(content_type: &'static str, result: Result<Answer<'_>, DynamoError>) -> Reply {
    let answer = match result {
        Ok(answer) => answer,
        Err(error) => return Reply::error(content_type, &error),
    };
    let mut body = Vec::with_capacity(answer.len_hint().max(BODY_CAPACITY));
    match answer.write_json(&mut body) {
        Ok(()) => Reply {
            body,
            ..Reply::raw(StatusCode::OK, content_type, "")
        },
        Err(_) => Reply::error(content_type, &internal_error()),
    }
}

/// The request object; `None` for an empty body. Anything but a JSON object is a
/// serialization error, as for the service.
fn parse_body(body: &[u8]) -> Result<Option<Value>, DynamoError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(value @ Value::Object(_)) => Ok(Some(value)),
        _ => Err(serialization()),
    }
}

/// The action of `X-Amz-Target: DynamoDB_20120810.<Action>`, if the engine has it.
fn target(headers: &HeaderMap) -> Option<&'static str> {
    let value = headers.get("x-amz-target")?.to_str().ok()?;
    let (api, action) = value.split_once('.')?;
    let known = OPERATIONS.iter().find(|known| **known == action);
    known.copied().filter(|_| api == API_VERSION)
}

/// The Streams API shares the endpoint's protocol; its clients are told why nothing
/// answers them rather than only that nothing does.
fn unknown_target(headers: &HeaderMap) -> DynamoError {
    let value = headers.get("x-amz-target").and_then(|v| v.to_str().ok());
    let api = value.and_then(|v| v.split_once('.')).map(|(api, _)| api);
    if api != Some(STREAMS_API) {
        return unknown_operation();
    }
    DynamoError::new(
        "UnknownOperationException",
        "DynamoDB Streams is not served here: tables keep their StreamSpecification, but no stream records are written",
    )
}

fn serialization() -> DynamoError {
    DynamoError::new("SerializationException", "")
}

fn unknown_operation() -> DynamoError {
    DynamoError::new("UnknownOperationException", "")
}

/// Only reachable through a bug of the engine, which is caught rather than let
/// take the connection (and the lock) down.
fn internal_error() -> DynamoError {
    DynamoError::new("InternalServerError", "Internal server error")
}

/// The error body with the service's `__type`; the two protocol-level errors carry
/// no message, as the service sends them.
fn error_body(error: &DynamoError) -> Value {
    let kind = format!("{}#{}", namespace(&error.code), error.code);
    if error.message.is_empty() {
        return json!({ "__type": kind });
    }
    if error.code == "SerializationException" {
        // The request framework capitalises its message member; DynamoDB does not.
        return json!({ "__type": kind, "Message": error.message });
    }
    let mut body = error.to_json();
    body["__type"] = Value::String(kind);
    body
}

/// The service answers validation and protocol errors from its request framework
/// (Coral), and the rest from DynamoDB itself.
fn namespace(code: &str) -> &'static str {
    match code {
        "ValidationException" => "com.amazon.coral.validate",
        "SerializationException"
        | "UnknownOperationException"
        | "MissingAuthenticationTokenException"
        | "IncompleteSignatureException"
        | "InvalidSignatureException"
        | "UnrecognizedClientException"
        | "AccessDeniedException" => "com.amazon.coral.service",
        _ => "com.amazonaws.dynamodb.v20120810",
    }
}

fn respond(reply: Reply, ids: &RequestIds) -> hyper::Response<Full<Bytes>> {
    let checksum = HeaderValue::from(crc32::checksum(&reply.body));
    let mut response = hyper::Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() = reply.status;
    let headers = response.headers_mut();
    headers.reserve(3);
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(reply.content_type),
    );
    if let Ok(id) = HeaderValue::from_bytes(&ids.next_id()) {
        headers.insert("x-amzn-requestid", id);
    }
    headers.insert("x-amz-crc32", checksum);
    response
}

fn log_line(reply: &Reply, took: Duration) -> String {
    let operation = if reply.operation.is_empty() {
        "-"
    } else {
        reply.operation
    };
    pesan::log_dynamodb(operation, &reply.table, reply.status.as_u16(), took)
}

#[cfg(test)]
#[path = "dynamodb_tests.rs"]
mod tests;
