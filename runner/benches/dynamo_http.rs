//! The DynamoDB endpoint over HTTP: GetItem of one META item and a one-workspace Query
//! at 100,000 items (1,000 workspaces of a META item and 99 projects), from a hyper
//! client with 16 keep-alive connections, against Kursus (`kursus layani`'s adapter, in
//! process) and against dynalite loaded with the same items. Criterion reports the
//! throughput; p50 and p99 of the single requests are printed after each benchmark.
//!
//! dynalite comes from npm, outside the project's pinned clients:
//!   npm install --prefix .klien/bench dynalite@4.0.0
//!   cargo bench --bench dynamo_http
//! `KURSUS_DYNALITE` names another `cli.js`; without dynalite only Kursus is measured.
//! `KURSUS_BENCH_WORKSPACES` lowers the 1,000 workspaces for a quick run.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use kursus::engine::dynamo::Engine;
use kursus::server::{dynamodb, loopback, Server, StopHandle};
use serde_json::{json, Value};
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

fn start_dynalite(cli: &std::path::Path, runtime: &Runtime) -> (Dynalite, SocketAddr) {
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
    runtime.block_on(load_over_http(addr));
    (Dynalite(child), addr)
}

/// The same items through BatchWriteItem, 25 at a time over the 16 connections.
async fn load_over_http(addr: SocketAddr) {
    let mut first = connect(addr).await;
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
                let mut conn = connect(addr).await;
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

async fn connect(addr: SocketAddr) -> SendRequest<Full<Bytes>> {
    let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.set_nodelay(true).expect("nodelay");
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("handshake");
    tokio::spawn(connection);
    sender
}

/// One request, signed the way dynalite insists on (it checks the header's shape only).
/// The body comes back as bytes: a copy into a `String` per response was a few per
/// cent of the client's time on tens of kilobytes of Query results.
async fn call(conn: &mut SendRequest<Full<Bytes>>, action: &str, body: &Value) -> Bytes {
    let request = hyper::Request::post("/")
        .header("host", "localhost")
        .header("content-type", "application/x-amz-json-1.0")
        .header("x-amz-target", format!("DynamoDB_20120810.{action}"))
        .header("x-amz-date", "20260101T000000Z")
        .header(
            "authorization",
            "AWS4-HMAC-SHA256 Credential=kursus/20260101/us-east-1/dynamodb/aws4_request, \
             SignedHeaders=host;x-amz-date, Signature=00",
        )
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("request");
    conn.ready().await.expect("connection ready");
    let response = conn.send_request(request).await.expect("response");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    assert!(
        status.is_success(),
        "{action}: {status} {}",
        String::from_utf8_lossy(&bytes)
    );
    bytes
}

struct Client {
    connections: Vec<SendRequest<Full<Bytes>>>,
    latencies: Vec<Duration>,
}

impl Client {
    async fn open(addr: SocketAddr) -> Client {
        let mut connections = Vec::new();
        for _ in 0..CONNECTIONS {
            connections.push(connect(addr).await);
        }
        Client {
            connections,
            latencies: Vec::new(),
        }
    }

    /// `count` requests spread over the connections, each connection one at a time;
    /// returns the wall time of them all.
    async fn run(
        &mut self,
        count: u64,
        action: &'static str,
        make: fn(usize) -> Value,
    ) -> Duration {
        let started = Instant::now();
        let per = count.div_ceil(CONNECTIONS as u64);
        let connections = std::mem::take(&mut self.connections);
        let tasks: Vec<_> = connections
            .into_iter()
            .enumerate()
            .map(|(c, mut conn)| {
                tokio::spawn(async move {
                    let mut took = Vec::new();
                    for n in 0..per {
                        let body = make((c * 7919 + n as usize * 104_729) % workspaces());
                        let one = Instant::now();
                        call(&mut conn, action, &body).await;
                        took.push(one.elapsed());
                    }
                    (conn, took)
                })
            })
            .collect();
        for task in tasks {
            let (conn, took) = task.await.expect("client task");
            self.connections.push(conn);
            self.latencies.extend(took);
        }
        started
            .elapsed()
            .mul_f64(count as f64 / (per * CONNECTIONS as u64) as f64)
    }

    fn report(&mut self, name: &str) {
        let mut all = std::mem::take(&mut self.latencies);
        all.sort_unstable();
        let at =
            |q: f64| all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1)));
        if let (Some(p50), Some(p99)) = (at(0.50), at(0.99)) {
            println!(
                "{name}: p50 {p50:?}, p99 {p99:?} over {} requests",
                all.len()
            );
        }
    }
}

/// A benchmark's name, its DynamoDB operation and the request for item `i`.
type Case = (&'static str, &'static str, fn(usize) -> Value);

fn measure(c: &mut Criterion, runtime: &Runtime, server: &str, addr: SocketAddr) {
    let mut client = runtime.block_on(Client::open(addr));
    let mut group = c.benchmark_group(format!("dynamodb_http/{server}"));
    group.throughput(Throughput::Elements(1));
    let cases: [Case; 2] = [
        ("get_item", "GetItem", get_item),
        ("query_one_workspace", "Query", query),
    ];
    for (name, action, make) in cases {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| runtime.block_on(client.run(iters, action, make)))
        });
        client.report(&format!("{server}/{name}"));
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("client runtime");
    let (addr, stop, thread) = start_kursus();
    measure(c, &runtime, "kursus", addr);
    stop.stop();
    thread.join().expect("server thread");
    match dynalite_cli() {
        Some(cli) => {
            let (_dynalite, addr) = start_dynalite(&cli, &runtime);
            measure(c, &runtime, "dynalite", addr);
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
