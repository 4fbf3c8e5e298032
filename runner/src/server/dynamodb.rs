//! The DynamoDB JSON protocol over HTTP, as a thin adapter over `dynamo::Engine::execute`
//! (the call the shell makes): `POST /` with `X-Amz-Target: DynamoDB_20120810.<Action>`,
//! the engine's request and response bodies, its errors as HTTP 400 with the service's
//! `__type`. SigV4 headers are accepted without being verified. Malformed requests get
//! the service's own answers (dynalite's recordings of them are the reference); nothing
//! a client sends makes the server panic.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde_json::{json, Value};

use super::crc32;
use super::request_id::RequestIds;
use super::{Endpoint, Server};
use crate::engine::dynamo::{Answer, DynamoError, Engine, OPERATIONS};
use crate::pesan::server as pesan;

/// The service's request size limit.
pub const MAX_BODY: usize = 16 * 1024 * 1024;

/// Where a response body starts unless the answer knows better (a page does):
/// most answers fit.
const BODY_CAPACITY: usize = 4096;

const API_VERSION: &str = "DynamoDB_20120810";
const AMZ_JSON: &str = "application/x-amz-json-1.0";
const PLAIN_JSON: &str = "application/json";
/// What the service answers a request that is not a POST of JSON.
const NOT_AN_OPERATION: &str = "<UnknownOperationException/>\n";
/// What the service answers a GET (load balancers' health checks).
const HEALTHY: &str = "healthy: dynamodb.us-east-1.amazonaws.com ";

/// Serves `engine` on `endpoint` until the server stops.
pub fn serve(server: &mut Server, endpoint: Endpoint, engine: Arc<Mutex<Engine>>, log: bool) {
    server.serve_http(endpoint, router(engine, log));
}

/// The endpoint's routes, for `serve` and for tests that call it without a socket.
pub fn router(engine: Arc<Mutex<Engine>>, log: bool) -> Router {
    let service = Service {
        engine,
        log,
        ids: Arc::new(RequestIds::new()),
    };
    Router::new().fallback(answer).with_state(service)
}

#[derive(Clone)]
struct Service {
    engine: Arc<Mutex<Engine>>,
    log: bool,
    ids: Arc<RequestIds>,
}

/// One answer and what the log line says about it.
struct Reply {
    status: StatusCode,
    content_type: &'static str,
    body: Vec<u8>,
    operation: String,
    table: String,
}

impl Reply {
    fn raw(status: StatusCode, content_type: &'static str, body: &str) -> Reply {
        Reply {
            status,
            content_type,
            body: body.as_bytes().to_vec(),
            operation: String::new(),
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

async fn answer(State(service): State<Service>, request: Request) -> Response {
    let started = Instant::now();
    let (parts, body) = request.into_parts();
    let reply = match screen(&parts.method, &parts.headers) {
        Err(reply) if reply.status == StatusCode::PAYLOAD_TOO_LARGE => reply,
        Err(reply) => {
            // Read what was sent, so the connection stays open for the next request.
            let _ = read_body(body).await;
            reply
        }
        Ok(content_type) => match read_body(body).await {
            Ok(bytes) => service.call(&parts.headers, content_type, &bytes),
            Err(reply) => reply,
        },
    };
    if service.log {
        println!("{}", log_line(&reply, started.elapsed()));
    }
    respond(reply, &service.ids)
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
async fn read_body(body: Body) -> Result<Bytes, Reply> {
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
            return Reply::error(content_type, &unknown_operation());
        };
        let Some(request) = request else {
            return Reply::error(content_type, &serialization());
        };
        let (mut reply, table) = self.execute(operation, request, content_type);
        reply.operation = operation.to_string();
        reply.table = table;
        reply
    }

    /// One request against the shared engine, its answer written while the engine is
    /// still locked (a page borrows the table's items). The engine's own request log
    /// is drained at once: nobody grades a server's requests, and it would only grow.
    fn execute(
        &self,
        operation: &str,
        request: Value,
        content_type: &'static str,
    ) -> (Reply, String) {
        let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            engine.respond(operation, request, |result| {
                answer_reply(content_type, result)
            })
        }));
        let table = engine
            .take_request_log()
            .pop()
            .map(|record| record.table)
            .unwrap_or_default();
        drop(engine);
        let reply = outcome.unwrap_or_else(|_| Reply::error(content_type, &internal_error()));
        (reply, table)
    }
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
fn target(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get("x-amz-target")?.to_str().ok()?;
    let (api, action) = value.split_once('.')?;
    (api == API_VERSION && OPERATIONS.contains(&action)).then_some(action)
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
        | "UnrecognizedClientException" => "com.amazon.coral.service",
        _ => "com.amazonaws.dynamodb.v20120810",
    }
}

fn respond(reply: Reply, ids: &RequestIds) -> Response {
    let checksum = HeaderValue::from(crc32::checksum(&reply.body));
    let mut response = (reply.status, Body::from(reply.body)).into_response();
    let headers = response.headers_mut();
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
        &reply.operation
    };
    pesan::log_dynamodb(operation, &reply.table, reply.status.as_u16(), took)
}

#[cfg(test)]
#[path = "dynamodb_tests.rs"]
mod tests;
