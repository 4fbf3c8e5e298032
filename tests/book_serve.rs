//! `kursus buku --sajikan` through the real binary: the built book over HTTP, the
//! catalogue's 404, paths outside the book refused, and a clean stop on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::support::{copy_dir, fixture};

/// Kills the server if a test fails before stopping it, so no process outlives the test.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Starts the server on port 0 and reads the real address from the line it prints.
fn start(course: &std::path::Path) -> (Running, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kursus"))
        .env("KURSUS_DIR", course)
        .args(["buku", "--sajikan", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let running = Running(child);
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    (running, served_address(&received))
}

fn served_address(lines: &mpsc::Receiver<String>) -> SocketAddr {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines
            .recv_timeout(left)
            .expect("no address printed in time");
        if let Some((_, rest)) = line.split_once("http://") {
            return rest.split('/').next().unwrap().parse().unwrap();
        }
    }
}

struct Reply {
    status: u16,
    head: String,
    body: String,
}

/// One raw request, so the path reaches the server exactly as written (no client
/// normalises `..` away).
fn get(addr: SocketAddr, target: &str) -> Reply {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let request = format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    Reply {
        status: head.split(' ').nth(1).unwrap().parse().unwrap(),
        head: head.to_ascii_lowercase(),
        body: body.to_string(),
    }
}

fn terminate(running: &mut Running) -> std::process::ExitStatus {
    let pid = running.0.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        if let Some(status) = running.0.try_wait().unwrap() {
            return status;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the server did not stop within 15 s of SIGTERM");
}

#[test]
fn the_book_is_served_on_a_free_port_and_stops_on_sigterm() {
    let work = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), work.path());
    let (mut running, addr) = start(work.path());
    assert!(addr.ip().is_loopback() && addr.port() != 0, "{addr}");

    let page = get(addr, "/mini.html");
    assert_eq!(page.status, 200, "{}", page.head);
    assert!(
        page.head.contains("content-type: text/html"),
        "{}",
        page.head
    );
    assert!(page.body.contains("kursus --latihan mini/semua-nama"));
    assert!(get(addr, "/").body.contains("<html"), "no index page");

    let missing = get(addr, "/nihil.html");
    assert_eq!(missing.status, 404);
    assert_eq!(missing.body, kursus::pesan::HALAMAN_TIDAK_ADA);
    assert!(missing
        .head
        .contains("content-type: text/plain; charset=utf-8"));

    for escape in [
        "/../book.toml",
        "/%2e%2e/book.toml",
        "/..%2f..%2flessons/kursus.toml",
    ] {
        let refused = get(addr, escape);
        assert_eq!(refused.status, 404, "{escape}");
        assert_eq!(refused.body, kursus::pesan::HALAMAN_TIDAK_ADA, "{escape}");
    }

    let status = terminate(&mut running);
    assert!(status.success(), "{status:?}");
    assert!(
        TcpStream::connect(addr).is_err(),
        "still listening after the stop"
    );
}
