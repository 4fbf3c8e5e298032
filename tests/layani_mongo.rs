//! `kursus layani --mongo` through the real binary and the real clients: the seed sessions
//! typed into mongosh 2.4.2, pymongo and the Node driver doing CRUD, indexes, explain,
//! aggregation and cursors, a load test, and bad input from a raw socket.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use regex::Regex;
use similar::TextDiff;

use crate::klien::{self, Klien};
use crate::support::repo_root;

/// Kills the server when a test ends, passing or not.
struct Running {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Running {
    fn url(&self) -> String {
        format!("mongodb://{}/", self.addr)
    }
}

/// A fresh `kursus layani --mongo 0`, empty.
fn start() -> Running {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kursus"))
        .args(["layani", "--mongo", "0"])
        .env("KURSUS_DIR", repo_root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = sender.send(line);
        }
    });
    let addr = announced(&lines);
    Running { child, addr }
}

fn announced(lines: &mpsc::Receiver<String>) -> SocketAddr {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines.recv_timeout(left).expect("no MongoDB line in time");
        if let Some(rest) = line.strip_prefix("MongoDB: mongodb://") {
            return rest.trim_end_matches('/').parse().unwrap();
        }
    }
}

fn assert_ran(output: &Output, what: &str) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{what}: {stdout}\n{stderr}");
    stdout
}

fn script(name: &str) -> PathBuf {
    repo_root().join("tests/layani").join(name)
}

// ---- mongosh 2.4.2 and the seed sessions ------------------------------------------------

fn examples() -> Vec<PathBuf> {
    let dir = repo_root().join("tests/golden/examples");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    cases.sort();
    cases
}

/// What a learner sees without the terminal's echo: the banner, prompts (`kampus> `,
/// `... `) and the empty lines of `undefined` cut, ObjectIds made comparable (mongosh
/// makes its own; the seed sessions' were made by another process).
fn comparable(text: &str) -> String {
    let prompt = Regex::new(r"(?m)^(?:[A-Za-z0-9_-]+> )?(?:\.\.\. )*").unwrap();
    let oid = Regex::new(r"ObjectId\('[0-9a-f]{24}'\)").unwrap();
    let text = oid.replace_all(text, "ObjectId(…)");
    prompt
        .replace_all(&text, "")
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.ends_with('>'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The session after the banner, which ends where the first prompt is printed.
fn session(stdout: &str) -> &str {
    stdout.find("test> ").map_or(stdout, |at| &stdout[at..])
}

fn run_example(mongosh: &Path, case: &Path) -> Result<(), String> {
    let server = start();
    let input = std::fs::File::open(case).map_err(|e| e.to_string())?;
    let output = Command::new(mongosh)
        .arg(server.url())
        .env("MONGOSH_NO_TELEMETRY", "1")
        .stdin(input)
        .output()
        .map_err(|e| e.to_string())?;
    let actual = comparable(session(&String::from_utf8_lossy(&output.stdout)));
    let expected = comparable(&std::fs::read_to_string(case.with_extension("out")).unwrap());
    if actual == expected {
        return Ok(());
    }
    let diff = TextDiff::from_lines(&expected, &actual)
        .unified_diff()
        .to_string();
    Err(format!("--- {} ---\n{diff}", case.display()))
}

#[test]
fn mongosh_prints_each_seed_session_s_keluaran() {
    let Some(mongosh) = klien::wajib(Klien::Mongosh) else {
        return;
    };
    let program = PathBuf::from(mongosh.get_program());
    let cases = examples();
    assert!(!cases.is_empty());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| run_example(&program, c).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn comparable_cuts_prompts_echo_and_undefined_lines() {
    let typed = "test> switched to db kampus\nkampus> ... ... {\n  _id: ObjectId('6ae8992ef71ce5016d8de666')\n}\nkampus> \nkampus> [ 1 ]\nkampus> ";
    let expected = "switched to db kampus\n{\n_id: ObjectId(…)\n}\n[ 1 ]\n";
    let spaced =
        "switched to db kampus\n{\n  _id: ObjectId('0123456789abcdef01234567')\n}\n\n[ 1 ]\n";
    assert_eq!(comparable(typed).replace("  ", ""), expected);
    assert_eq!(comparable(typed), comparable(spaced));
}

// ---- the drivers ------------------------------------------------------------------------

#[test]
fn pymongo_does_crud_indexes_explain_aggregation_and_cursors() {
    let Some(mut python) = klien::wajib(Klien::Python) else {
        return;
    };
    let server = start();
    let output = python
        .arg(script("pymongo_wire.py"))
        .args([server.url().as_str(), "crud"])
        .output()
        .unwrap();
    assert!(assert_ran(&output, "pymongo").ends_with("OK\n"));
}

#[test]
fn the_node_driver_does_the_same() {
    let Some(mut node) = klien::wajib(Klien::Node) else {
        return;
    };
    let server = start();
    let output = node
        .arg(script("node_wire.js"))
        .arg(server.url())
        .output()
        .unwrap();
    assert!(assert_ran(&output, "node").ends_with("OK\n"));
}

#[test]
fn pymongo_s_monitor_streams_hello_and_each_reply_waits_its_period() {
    let Some(mut python) = klien::wajib(Klien::Python) else {
        return;
    };
    let server = start();
    let output = python
        .arg(script("pymongo_wire.py"))
        .args([server.url().as_str(), "stream"])
        .output()
        .unwrap();
    assert!(assert_ran(&output, "stream").ends_with("OK\n"));
}

#[test]
fn pymongo_s_unacknowledged_writes_are_done_and_answer_nothing() {
    let Some(mut python) = klien::wajib(Klien::Python) else {
        return;
    };
    let server = start();
    let output = python
        .arg(script("pymongo_wire.py"))
        .args([server.url().as_str(), "w0"])
        .output()
        .unwrap();
    assert!(assert_ran(&output, "w0").ends_with("OK\n"));
}

#[test]
fn fifty_pymongo_clients_lose_no_acknowledged_write() {
    let Some(mut python) = klien::wajib(Klien::Python) else {
        return;
    };
    let server = start();
    let started = Instant::now();
    let output = python
        .arg(script("pymongo_wire.py"))
        .args([server.url().as_str(), "load"])
        .output()
        .unwrap();
    assert!(assert_ran(&output, "load").ends_with("OK\n"));
    let took = started.elapsed();
    assert!(took < Duration::from_secs(300), "{took:?}");
}

// ---- bad input from a raw socket ---------------------------------------------------------

/// A `ping` as OP_MSG; the reply's `ok`.
fn ping(addr: SocketAddr) -> f64 {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let body = bson::to_vec(&bson::doc! { "ping": 1, "$db": "admin" }).unwrap();
    stream.write_all(&op_msg(&body)).unwrap();
    let mut head = [0u8; 16];
    stream.read_exact(&mut head).unwrap();
    let length = i32::from_le_bytes([head[0], head[1], head[2], head[3]]) as usize;
    let mut rest = vec![0u8; length - 16];
    stream.read_exact(&mut rest).unwrap();
    let reply = bson::Document::from_reader(&rest[5..]).unwrap();
    reply.get_f64("ok").unwrap()
}

fn op_msg(body: &[u8]) -> Vec<u8> {
    let mut frame = Vec::new();
    for word in [(21 + body.len()) as i32, 1, 0, 2013, 0] {
        frame.extend_from_slice(&word.to_le_bytes());
    }
    frame.push(0);
    frame.extend_from_slice(body);
    frame
}

fn closed(stream: &mut TcpStream) -> bool {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut byte = [0u8; 1];
    matches!(stream.read(&mut byte), Ok(0) | Err(_))
}

#[test]
fn a_thousand_idle_connections_and_bad_frames_do_not_stop_the_others() {
    let server = start();
    let idle: Vec<TcpStream> = (0..1000)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    // A frame cut short: the server waits for the rest on that connection only.
    let ping_body = bson::to_vec(&bson::doc! { "ping": 1, "$db": "admin" }).unwrap();
    let frame = op_msg(&ping_body);
    let mut truncated = TcpStream::connect(server.addr).unwrap();
    truncated.write_all(&frame[..frame.len() - 3]).unwrap();
    let mut header = Vec::new();
    for word in [48_000_001i32, 1, 0, 2013] {
        header.extend_from_slice(&word.to_le_bytes());
    }
    let mut over = TcpStream::connect(server.addr).unwrap();
    over.write_all(&header).unwrap();
    assert!(closed(&mut over));
    let started = Instant::now();
    assert_eq!(ping(server.addr), 1.0);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    drop(idle);
    drop(truncated);
    assert_eq!(ping(server.addr), 1.0);
}
