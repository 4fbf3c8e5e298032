//! The DynamoDB endpoint over HTTP: GetItem of one META item and a one-workspace Query
//! at 100,000 items (1,000 workspaces of a META item and 99 projects), from a hyper
//! client with 16 keep-alive connections, against Kursus (`kursus layani`'s adapter, in
//! process) and against dynalite loaded with the same items. Criterion reports the
//! throughput; p50 and p99 of the single requests (and the mean answer size) are
//! printed after each benchmark.
//!
//! The client shares the machine's cores with the server, so every cycle it spends is
//! one the server cannot use: the bodies and header values are made before anything is
//! timed, each connection is driven by the task that sends on it, and an answer is read
//! to its end and its status checked without being copied.
//!
//! dynalite comes from npm, outside the project's pinned clients:
//!   npm install --prefix .klien/bench dynalite@4.0.0
//!   cargo bench --bench dynamo_http
//! `KURSUS_DYNALITE` names another `cli.js`; without dynalite only Kursus is measured.
//! `KURSUS_BENCH_WORKSPACES` lowers the 1,000 workspaces for a quick run;
//! `KURSUS_BENCH_CLIENT_THREADS=N` runs the client on N current-thread runtimes
//! instead of one multi-thread runtime.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::{self, SendRequest};
use hyper::header::{self, HeaderName, HeaderValue};
use hyper::{Method, Request, StatusCode};
use hyper_util::rt::TokioIo;
use kursus::engine::dynamo::Engine;
use kursus::server::{dynamodb, loopback, Server, StopHandle};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::runtime::Runtime;

const CONNECTIONS: usize = 16;
const PROJECTS_PER_WORKSPACE: usize = 99;

fn workspaces() -> usize {
    std::env::var("KURSUS_BENCH_WORKSPACES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000)
}

fn table() -> Value {
    json!({
        "TableName": "AppData",
        "KeySchema": [{"AttributeName": "EntityRef", "KeyType": "HASH"}, {"AttributeName": "Detail", "KeyType": "RANGE"}],
        "AttributeDefinitions": [
            {"AttributeName": "EntityRef", "AttributeType": "S"},
            {"AttributeName": "Detail", "AttributeType": "S"}
        ],
        "BillingMode": "PAY_PER_REQUEST"
    })
}

fn items(ws: usize) -> Vec<Value> {
    let meta = json!({
        "EntityRef": {"S": format!("WS#{ws:05}")},
        "Detail": {"S": "META"},
        "name": {"S": format!("Ruang kerja {ws}")},
        "plan": {"S": if ws.is_multiple_of(2) { "pro" } else { "free" }}
    });
    let projects = (0..PROJECTS_PER_WORKSPACE).map(move |p| {
        let status = ["ACTIVE", "PLANNING", "ARCHIVED"][p % 3];
        json!({
            "EntityRef": {"S": format!("WS#{ws:05}")},
            "Detail": {"S": format!("PROJ#2026-{p:04}")},
            "projectName": {"S": format!("Proyek {p} ruang kerja {ws}")},
            "status": {"S": status},
            "budget": {"N": format!("{}", 1_000_000 * (p + 1))}
        })
    });
    std::iter::once(meta).chain(projects).collect()
}

fn get_item(ws: usize) -> Value {
    let key = json!({"EntityRef": {"S": format!("WS#{ws:05}")}, "Detail": {"S": "META"}});
    json!({"TableName": "AppData", "Key": key})
}

fn query(ws: usize) -> Value {
    json!({
        "TableName": "AppData",
        "KeyConditionExpression": "EntityRef = :w AND begins_with(Detail, :p)",
        "ExpressionAttributeValues": {":w": {"S": format!("WS#{ws:05}")}, ":p": {"S": "PROJ#"}}
    })
}

// ---- the servers ---------------------------------------------------------------------

/// Kursus's endpoint in a thread of this process, loaded straight into the engine.
fn start_kursus() -> (SocketAddr, StopHandle, std::thread::JoinHandle<()>) {
    let mut engine = Engine::new();
    engine.execute("CreateTable", table()).expect("table");
    for ws in 0..workspaces() {
        for item in items(ws) {
            let put = json!({"TableName": "AppData", "Item": item});
            engine.execute("PutItem", put).expect("item");
        }
    }
    let mut server = Server::new().expect("server");
    let endpoint = server.bind(loopback(0)).expect("port");
    let addr = endpoint.addr();
    dynamodb::serve(&mut server, endpoint, Arc::new(Mutex::new(engine)), false);
    let stop = server.stop_handle();
    let thread = std::thread::spawn(move || server.run().expect("serving"));
    (addr, stop, thread)
}

struct Dynalite(Child);

impl Drop for Dynalite {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn dynalite_cli() -> Option<PathBuf> {
    let path = std::env::var_os("KURSUS_DYNALITE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../.klien/bench/node_modules/dynalite/cli.js")
        });
    path.exists().then_some(path)
}

fn start_dynalite(cli: &std::path::Path) -> (Dynalite, SocketAddr) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new("node")
        .arg(cli)
        .args(["--port", &port.to_string(), "--createTableMs", "0"])
        .stdout(Stdio::null())
        .spawn()
        .expect("node runs dynalite");
    let addr = loopback(port);
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(Instant::now() < deadline, "dynalite did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    let loading = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("loading runtime");
    loading.block_on(load_over_http(addr));
    (Dynalite(child), addr)
}

/// The same items through BatchWriteItem, 25 at a time over the 16 connections.
async fn load_over_http(addr: SocketAddr) {
    let mut first = Connection::open(addr).await;
    call(&mut first, "CreateTable", &table()).await;
    let batches: Vec<Value> = (0..workspaces())
        .flat_map(items)
        .collect::<Vec<_>>()
        .chunks(25)
        .map(|chunk| {
            let puts: Vec<Value> = chunk
                .iter()
                .map(|i| json!({"PutRequest": {"Item": i}}))
                .collect();
            json!({"RequestItems": {"AppData": puts}})
        })
        .collect();
    let batches = Arc::new(batches);
    let tasks: Vec<_> = (0..CONNECTIONS)
        .map(|c| {
            let batches = batches.clone();
            tokio::spawn(async move {
                let mut conn = Connection::open(addr).await;
                for batch in batches.iter().skip(c).step_by(CONNECTIONS) {
                    let reply = call(&mut conn, "BatchWriteItem", batch).await;
                    let reply = String::from_utf8_lossy(&reply);
                    assert!(reply.contains("\"UnprocessedItems\":{}"), "{reply}");
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("loading");
    }
}

// ---- the client ------------------------------------------------------------------------

/// One keep-alive connection, driven by the task that sends on it: hyper's connection
/// future and the request share a task, so an answer wakes no second task.
struct Connection {
    sender: SendRequest<Full<Bytes>>,
    driver: http1::Connection<TokioIo<TcpStream>, Full<Bytes>>,
}

impl Connection {
    async fn open(addr: SocketAddr) -> Connection {
        let stream = TcpStream::connect(addr).await.expect("connect");
        stream.set_nodelay(true).expect("nodelay");
        let (sender, driver) = http1::handshake(TokioIo::new(stream))
            .await
            .expect("handshake");
        Connection { sender, driver }
    }

    /// Sends `request` and reads its answer to the end: the status and the body's
    /// length, and the body itself only when `keep` asks (or the status is an error).
    async fn exchange(&mut self, request: Request<Full<Bytes>>, keep: bool) -> Answer {
        let work = round_trip(&mut self.sender, request, keep);
        tokio::select! {
            biased;
            answer = work => answer,
            ended = &mut self.driver => panic!("the connection ended: {ended:?}"),
        }
    }
}

struct Answer {
    status: StatusCode,
    length: usize,
    body: Vec<u8>,
}

impl Answer {
    fn check(&self, action: &str) {
        assert!(
            self.status.is_success(),
            "{action}: {} {}",
            self.status,
            String::from_utf8_lossy(&self.body)
        );
    }
}

async fn round_trip(
    sender: &mut SendRequest<Full<Bytes>>,
    request: Request<Full<Bytes>>,
    keep: bool,
) -> Answer {
    sender.ready().await.expect("connection ready");
    let response = sender.send_request(request).await.expect("response");
    let status = response.status();
    let keep = keep || !status.is_success();
    let mut body = response.into_body();
    let mut answer = Answer {
        status,
        length: 0,
        body: Vec::new(),
    };
    while let Some(frame) = body.frame().await {
        if let Some(data) = frame.expect("body").data_ref() {
            answer.length += data.len();
            if keep {
                answer.body.extend_from_slice(data);
            }
        }
    }
    answer
}

/// What every request of one operation shares, made before any is timed: the header
/// values, and each workspace's body (a `Bytes` clone is a reference count).
struct Requests {
    action: &'static str,
    target: HeaderValue,
    bodies: Vec<Bytes>,
}

impl Requests {
    fn new(action: &'static str, make: fn(usize) -> Value) -> Requests {
        let bodies = (0..workspaces())
            .map(|ws| Bytes::from(make(ws).to_string()))
            .collect();
        Requests {
            action,
            target: target(action),
            bodies,
        }
    }

    fn request(&self, ws: usize) -> Request<Full<Bytes>> {
        signed(self.target.clone(), self.bodies[ws].clone())
    }
}

fn target(action: &str) -> HeaderValue {
    HeaderValue::try_from(format!("DynamoDB_20120810.{action}")).expect("target")
}

/// A request signed the way dynalite insists on (it checks the header's shape only).
fn signed(target: HeaderValue, body: Bytes) -> Request<Full<Bytes>> {
    let mut request = Request::new(Full::new(body));
    *request.method_mut() = Method::POST;
    let headers = request.headers_mut();
    headers.reserve(5);
    headers.insert(header::HOST, HeaderValue::from_static("localhost"));
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-amz-json-1.0"),
    );
    headers.insert(HeaderName::from_static("x-amz-target"), target);
    headers.insert(
        HeaderName::from_static("x-amz-date"),
        HeaderValue::from_static("20260101T000000Z"),
    );
    headers.insert(header::AUTHORIZATION, HeaderValue::from_static(SIGNATURE));
    request
}

const SIGNATURE: &str =
    "AWS4-HMAC-SHA256 Credential=kursus/20260101/us-east-1/dynamodb/aws4_request, \
                         SignedHeaders=host;x-amz-date, Signature=00";

/// One request outside the timed loop (loading dynalite), its answer's body kept.
async fn call(conn: &mut Connection, action: &str, body: &Value) -> Vec<u8> {
    let request = signed(target(action), Bytes::from(body.to_string()));
    let answer = conn.exchange(request, true).await;
    answer.check(action);
    answer.body
}

/// The requests one connection sends in a run, one at a time, and what it measured.
async fn send_all(
    mut conn: Connection,
    requests: Arc<Requests>,
    c: usize,
    per: u64,
) -> (Connection, Vec<Duration>, usize) {
    let mut took = Vec::with_capacity(per as usize);
    let mut bytes = 0;
    let count = requests.bodies.len();
    for n in 0..per {
        let request = requests.request((c * 7919 + n as usize * 104_729) % count);
        let one = Instant::now();
        let answer = conn.exchange(request, false).await;
        took.push(one.elapsed());
        answer.check(requests.action);
        bytes += answer.length;
    }
    (conn, took, bytes)
}

/// Connections served by one runtime: a current-thread runtime per group of
/// connections, each group on its own thread, or one multi-thread runtime for all.
struct Group {
    runtime: Runtime,
    /// The index of the group's first connection among all of them.
    first: usize,
    connections: Vec<Connection>,
}

impl Group {
    fn open(addr: SocketAddr, runtime: Runtime, first: usize, count: usize) -> Group {
        let connections = runtime.block_on(async {
            let mut connections = Vec::with_capacity(count);
            for _ in 0..count {
                connections.push(Connection::open(addr).await);
            }
            connections
        });
        Group {
            runtime,
            first,
            connections,
        }
    }

    /// `per` requests on each connection; the latencies and the bytes received.
    fn run(&mut self, per: u64, requests: &Arc<Requests>) -> (Vec<Duration>, usize) {
        let connections = std::mem::take(&mut self.connections);
        let first = self.first;
        let (connections, took, bytes) = self.runtime.block_on(async {
            let tasks: Vec<_> = connections
                .into_iter()
                .enumerate()
                .map(|(c, conn)| tokio::spawn(send_all(conn, requests.clone(), first + c, per)))
                .collect();
            let mut out = (Vec::new(), Vec::new(), 0);
            for task in tasks {
                let (conn, took, bytes) = task.await.expect("client task");
                out.0.push(conn);
                out.1.extend(took);
                out.2 += bytes;
            }
            out
        });
        self.connections = connections;
        (took, bytes)
    }
}

fn client_threads() -> usize {
    std::env::var("KURSUS_BENCH_CLIENT_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

struct Client {
    groups: Vec<Group>,
    latencies: Vec<Duration>,
    bytes: usize,
}

impl Client {
    fn open(addr: SocketAddr) -> Client {
        let threads = client_threads();
        let groups = if threads == 0 {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .expect("client runtime");
            vec![Group::open(addr, runtime, 0, CONNECTIONS)]
        } else {
            let per = CONNECTIONS.div_ceil(threads);
            (0..CONNECTIONS)
                .step_by(per)
                .map(|first| {
                    let runtime = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .expect("client runtime");
                    Group::open(addr, runtime, first, per.min(CONNECTIONS - first))
                })
                .collect()
        };
        Client {
            groups,
            latencies: Vec::new(),
            bytes: 0,
        }
    }

    /// `count` requests spread over the connections, each connection one at a time;
    /// returns the wall time of them all.
    fn run(&mut self, count: u64, requests: &Arc<Requests>) -> Duration {
        let started = Instant::now();
        let per = count.div_ceil(CONNECTIONS as u64);
        let results: Vec<_> = std::thread::scope(|scope| {
            let threads: Vec<_> = self
                .groups
                .iter_mut()
                .map(|group| scope.spawn(move || group.run(per, requests)))
                .collect();
            threads
                .into_iter()
                .map(|t| t.join().expect("client thread"))
                .collect()
        });
        let elapsed = started.elapsed();
        for (took, bytes) in results {
            self.latencies.extend(took);
            self.bytes += bytes;
        }
        elapsed.mul_f64(count as f64 / (per * CONNECTIONS as u64) as f64)
    }

    /// The latencies' p50 and p99, and the mean answer size (an item that was not
    /// found would show as a tiny one).
    fn report(&mut self, name: &str) {
        let mut all = std::mem::take(&mut self.latencies);
        let bytes = std::mem::take(&mut self.bytes);
        all.sort_unstable();
        let at =
            |q: f64| all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1)));
        if let (Some(p50), Some(p99)) = (at(0.50), at(0.99)) {
            println!(
                "{name}: p50 {p50:?}, p99 {p99:?} over {} requests of {} bytes on average",
                all.len(),
                bytes / all.len()
            );
        }
    }
}

/// A benchmark's name, its DynamoDB operation and the request for item `i`.
type Case = (&'static str, &'static str, fn(usize) -> Value);

fn measure(c: &mut Criterion, server: &str, addr: SocketAddr) {
    let mut client = Client::open(addr);
    let mut group = c.benchmark_group(format!("dynamodb_http/{server}"));
    group.throughput(Throughput::Elements(1));
    let cases: [Case; 2] = [
        ("get_item", "GetItem", get_item),
        ("query_one_workspace", "Query", query),
    ];
    for (name, action, make) in cases {
        let requests = Arc::new(Requests::new(action, make));
        group.bench_function(name, |b| {
            b.iter_custom(|iters| client.run(iters, &requests))
        });
        client.report(&format!("{server}/{name}"));
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let (addr, stop, thread) = start_kursus();
    measure(c, "kursus", addr);
    stop.stop();
    thread.join().expect("server thread");
    match dynalite_cli() {
        Some(cli) => {
            let (_dynalite, addr) = start_dynalite(&cli);
            measure(c, "dynalite", addr);
        }
        None => eprintln!("dynalite not found: npm install --prefix .klien/bench dynalite@4.0.0"),
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(10));
    targets = bench
}
criterion_main!(benches);
