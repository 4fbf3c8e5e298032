//! `kursus layani` through the real binary: the command's flags and stop, the lesson
//! table reached by boto3, the AWS CLI and the AWS SDK for Node (the snippet
//! `ddb.ekspresi` prints), a load test on loopback, and the bad inputs of the issue.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::klien::{self, Klien};
use crate::support::repo_root;

const LESSON: &str = "dynamodb-satu-ke-banyak";

/// Kills the server if a test fails before stopping it, so no process outlives the test.
struct Running {
    child: Child,
    addr: SocketAddr,
    lines: mpsc::Receiver<String>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Running {
    /// SIGTERM, then the exit status and what the server printed on stderr.
    fn terminate(mut self) -> (std::process::ExitStatus, String) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(sent.success());
        let status = wait_at_most(&mut self.child, Duration::from_secs(30));
        let mut err = String::new();
        if let Some(mut stderr) = self.child.stderr.take() {
            stderr.read_to_string(&mut err).unwrap();
        }
        (status, err)
    }

    fn endpoint(&self) -> String {
        format!("http://{}", self.addr)
    }
}

fn wait_at_most(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(Instant::now() < deadline, "the server did not stop in time");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn kursus() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kursus"));
    cmd.env("KURSUS_DIR", repo_root()).env("NO_COLOR", "1");
    cmd
}

/// Starts `kursus layani ARGS` and reads the DynamoDB address from the line it prints.
fn start(args: &[&str]) -> Running {
    start_with(kursus(), args)
}

fn start_with(mut command: Command, args: &[&str]) -> Running {
    let mut child = command
        .arg("layani")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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
    Running { child, addr, lines }
}

fn announced(lines: &mpsc::Receiver<String>) -> SocketAddr {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines.recv_timeout(left).expect("no endpoint line in time");
        if let Some(rest) = line.strip_prefix("DynamoDB: http://") {
            return rest.parse().unwrap();
        }
    }
}

fn lesson_server() -> Running {
    start(&["--pelajaran", LESSON, "--dynamodb", "0"])
}

// ---- a small HTTP/1.1 client over one keep-alive connection -------------------------

struct Reply {
    status: u16,
    head: String,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    }
}

struct Http {
    reader: BufReader<TcpStream>,
    addr: SocketAddr,
}

impl Http {
    fn connect(addr: SocketAddr) -> Http {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        Http {
            reader: BufReader::new(stream),
            addr,
        }
    }

    fn call(&mut self, action: &str, body: &Value) -> Reply {
        let target = format!("DynamoDB_20120810.{action}");
        let head = [("x-amz-target", target.as_str())];
        self.raw(
            &head,
            "application/x-amz-json-1.0",
            body.to_string().as_bytes(),
        )
    }

    fn raw(&mut self, headers: &[(&str, &str)], content_type: &str, body: &[u8]) -> Reply {
        let mut request = format!(
            "POST / HTTP/1.1\r\nHost: {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        let stream = self.reader.get_mut();
        stream.write_all(request.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
        self.read_reply()
    }

    fn read_reply(&mut self) -> Reply {
        let mut head = String::new();
        loop {
            let mut line = String::new();
            let n = self.reader.read_line(&mut line).unwrap();
            assert!(n > 0, "connection closed before the reply");
            if line == "\r\n" {
                break;
            }
            head.push_str(&line);
        }
        let mut reply = Reply {
            status: head.split(' ').nth(1).unwrap().parse().unwrap(),
            head,
            body: String::new(),
        };
        let length: usize = reply.header("content-length").unwrap().parse().unwrap();
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).unwrap();
        reply.body = String::from_utf8(body).unwrap();
        reply
    }
}

fn items_file() -> PathBuf {
    repo_root().join("lessons/dynamodb-satu-ke-banyak/data/appdata.item.json")
}

/// The lesson's items, as the course loads them.
fn lesson_items() -> Vec<Value> {
    let text = std::fs::read_to_string(items_file()).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn aws_env(cmd: &mut Command, endpoint: &str) {
    cmd.env("AWS_ENDPOINT_URL_DYNAMODB", endpoint)
        .env("AWS_REGION", "us-east-1")
        .env("AWS_DEFAULT_REGION", "us-east-1")
        .env("AWS_ACCESS_KEY_ID", "kursus")
        .env("AWS_SECRET_ACCESS_KEY", "kursus")
        .env("AWS_CONFIG_FILE", "/dev/null")
        .env("AWS_SHARED_CREDENTIALS_FILE", "/dev/null");
}

fn assert_ran(output: &Output, what: &str) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{what}: {stdout}\n{stderr}");
    stdout
}

// ---- the command ----------------------------------------------------------------------

#[test]
fn without_an_endpoint_it_names_the_flags_and_exits_2() {
    for name in ["layani", "server"] {
        let out = kursus().arg(name).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--dynamodb PORT") && err.contains("--mongo PORT"),
            "{err}"
        );
    }
}

#[test]
fn an_unknown_lesson_is_refused_before_listening() {
    let out = kursus()
        .args(["layani", "--pelajaran", "tidak-ada", "--dynamodb", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("DynamoDB:"));
}

#[test]
fn sigterm_stops_it_cleanly_and_the_port_closes() {
    let server = lesson_server();
    let addr = server.addr;
    assert!(addr.ip().is_loopback() && addr.port() != 0, "{addr}");
    let tables = Http::connect(addr).call("ListTables", &json!({}));
    assert_eq!(
        tables.json(),
        json!({ "TableNames": ["AppData", "AppDataSharded"] })
    );
    let (status, err) = server.terminate();
    assert!(status.success(), "{status:?}: {err}");
    assert!(err.is_empty(), "{err}");
    assert!(TcpStream::connect(addr).is_err(), "still listening");
}

#[test]
fn without_a_lesson_it_starts_empty_and_logs_each_request() {
    let server = start(&["--dynamodb", "0", "--log"]);
    let tables = Http::connect(server.addr).call("ListTables", &json!({}));
    assert_eq!(tables.json(), json!({ "TableNames": [] }));
    let line = server
        .lines
        .recv_timeout(Duration::from_secs(30))
        .and_then(|_| server.lines.recv_timeout(Duration::from_secs(30)))
        .unwrap();
    assert!(line.starts_with("DynamoDB ListTables - -> 200 ("), "{line}");
}

#[test]
fn another_host_warns_that_requests_are_not_authenticated() {
    let server = start(&["--dynamodb", "0", "--host", "0.0.0.0"]);
    assert!(server.addr.ip().is_unspecified(), "{}", server.addr);
    let (status, err) = server.terminate();
    assert!(status.success());
    assert!(
        err.contains("peringatan") && err.contains("0.0.0.0"),
        "{err}"
    );
}

// ---- the real clients -------------------------------------------------------------------

#[test]
fn boto3_does_the_lesson_s_requests() {
    let Some(mut python) = klien::wajib(Klien::Python) else {
        return;
    };
    let server = lesson_server();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/layani/boto3_lesson.py");
    aws_env(&mut python, &server.endpoint());
    let out = python.arg(script).arg(items_file()).output().unwrap();
    let stdout = assert_ran(&out, "boto3");
    assert_eq!(
        stdout.trim_end().lines().last(),
        Some("semua langkah lulus")
    );
}

#[test]
fn boto3_manages_a_table_s_indexes_ttl_and_tags() {
    boto3_script_passes("boto3_tabel.py");
}

#[test]
fn boto3_meets_the_service_s_validation_texts() {
    boto3_script_passes("boto3_validasi.py");
}

#[test]
fn boto3_is_served_the_legacy_parameters() {
    boto3_script_passes("boto3_legacy.py");
}

#[test]
fn the_aws_cli_reads_and_writes_the_lesson_table() {
    if klien::wajib(Klien::AwsCli).is_none() {
        return;
    }
    let server = lesson_server();
    let aws = |args: &[&str]| -> Value {
        let mut cmd = klien::wajib(Klien::AwsCli).unwrap();
        aws_env(&mut cmd, &server.endpoint());
        let out = cmd.arg("dynamodb").args(args).output().unwrap();
        let stdout = assert_ran(&out, &args.join(" "));
        serde_json::from_str(if stdout.trim().is_empty() {
            "{}"
        } else {
            &stdout
        })
        .unwrap()
    };
    let key = r#"{"EntityRef": {"S": "WS#globex"}, "Detail": {"S": "META"}}"#;
    let got = aws(&["get-item", "--table-name", "AppData", "--key", key]);
    let expected = lesson_items()
        .into_iter()
        .find(|i| i["EntityRef"]["S"] == "WS#globex" && i["Detail"]["S"] == "META");
    assert_eq!(Some(&got["Item"]), expected.as_ref());
    let item = r#"{"EntityRef": {"S": "WS#globex"}, "Detail": {"S": "PROJ#2099-0001"}}"#;
    aws(&["put-item", "--table-name", "AppData", "--item", item]);
    let values = r#"{":w": {"S": "WS#globex"}, ":p": {"S": "PROJ#"}}"#;
    let query = aws(&[
        "query",
        "--table-name",
        "AppData",
        "--key-condition-expression",
        "EntityRef = :w AND begins_with(Detail, :p)",
        "--expression-attribute-values",
        values,
        "--no-scan-index-forward",
    ]);
    assert_eq!(
        query["Items"][0]["Detail"]["S"], "PROJ#2099-0001",
        "{query}"
    );
    let scan = aws(&["scan", "--table-name", "AppData", "--page-size", "2"]);
    assert_eq!(scan["Count"], json!(lesson_items().len() + 1), "{scan}");
}

#[test]
fn the_snippet_of_ddb_ekspresi_runs_under_node() {
    let Some(mut node) = klien::wajib(Klien::Node) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("ekspresi.js");
    // Both lesson tables are keyed by EntityRef, so the table is named.
    let spec =
        "ddb.ekspresi({ EntityRef: 'WS#acme', Detail: { beginsWith: 'PROJ#' } }, 'AppData')\n";
    std::fs::write(&script, spec).unwrap();
    let printed = kursus()
        .args(["jalankan", "--pelajaran", LESSON])
        .arg(&script)
        .output()
        .unwrap();
    let printed = assert_ran(&printed, "ddb.ekspresi");
    let snippet = sdk_snippet(&printed);
    // ES modules resolve packages from the script's folder upwards, not from NODE_PATH.
    std::os::unix::fs::symlink(
        klien::dir().join("node/node_modules"),
        dir.path().join("node_modules"),
    )
    .unwrap();
    let partiql = partiql_snippet(&printed);
    // The printed import line serves both reads: the file runs as printed.
    assert!(
        snippet.contains("ExecuteStatementCommand, QueryCommand }"),
        "{snippet}"
    );
    let module = dir.path().join("kueri.mjs");
    // The PartiQL form must read the same items as the Query.
    std::fs::write(
        &module,
        format!(
            "{snippet}\n{partiql}\n\
             if (JSON.stringify(partiql.Items) !== JSON.stringify(Items)) throw new Error('PartiQL differs');\n\
             console.log(JSON.stringify(Items));\n"
        ),
    )
    .unwrap();
    let server = lesson_server();
    aws_env(&mut node, &server.endpoint());
    let out = node.arg(&module).output().unwrap();
    let items: Vec<Value> = serde_json::from_str(&assert_ran(&out, "node")).unwrap();
    let details: Vec<&str> = items
        .iter()
        .map(|i| i["Detail"].as_str().unwrap())
        .collect();
    let mut expected: Vec<String> = lesson_items()
        .iter()
        .filter(|i| i["EntityRef"]["S"] == "WS#acme")
        .map(|i| i["Detail"]["S"].as_str().unwrap().to_string())
        .filter(|d| d.starts_with("PROJ#"))
        .collect();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(details, expected);
}

#[test]
fn an_sdk_retry_of_a_transaction_whose_answer_was_lost_is_not_applied_twice() {
    let Some(mut node) = klien::wajib(Klien::Node) else {
        return;
    };
    let mut command = kursus();
    command.env("KURSUS_TEST_DROP_FIRST_TRANSACTION", "1");
    let server = start_with(command, &["--dynamodb", "0"]);
    aws_env(&mut node, &server.endpoint());
    let script = repo_root().join("tests/layani/sdk_retry.js");
    let out = node.arg(script).arg(server.endpoint()).output().unwrap();
    let printed: Value = serde_json::from_str(&assert_ran(&out, "node")).unwrap();
    // Two attempts: the first was applied and its answer lost.
    assert_eq!(printed, json!({"attempts": 2, "n": "1"}));
}

#[test]
fn partiql_statements_run_through_the_sdk_as_aws_answers_them() {
    let Some(mut node) = klien::wajib(Klien::Node) else {
        return;
    };
    let server = start(&["--dynamodb", "0"]);
    aws_env(&mut node, &server.endpoint());
    let script = repo_root().join("tests/layani/sdk_partiql.js");
    let out = node.arg(script).arg(server.endpoint()).output().unwrap();
    let stdout = assert_ran(&out, "node");
    assert_eq!(
        stdout.trim_end().lines().last(),
        Some("semua langkah lulus")
    );
}

#[test]
fn the_readme_s_aws_cli_commands_run_as_written() {
    let Some(aws) = klien::wajib(Klien::AwsCli) else {
        return;
    };
    let server = lesson_server();
    // Only the port differs from the README's: the test's server took a free one.
    let block = readme_cli_block().replace("127.0.0.1:8000", &server.addr.to_string());
    let home = tempfile::tempdir().unwrap();
    let bin = Path::new(aws.get_program()).parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut sh = Command::new("sh");
    sh.args(["-e", "-c", &block])
        .env("PATH", path)
        .env("HOME", home.path());
    // Nothing of this machine's AWS settings: only what the README exports counts.
    for (name, _) in std::env::vars().filter(|(name, _)| name.starts_with("AWS_")) {
        sh.env_remove(name);
    }
    sh.env("AWS_CONFIG_FILE", "/dev/null")
        .env("AWS_SHARED_CREDENTIALS_FILE", "/dev/null");
    let printed = assert_ran(&sh.output().unwrap(), "the README's commands");
    assert!(printed.contains(r#""S": "WS#acme""#), "{printed}");
    assert!(printed.contains("PROJ#"), "{printed}");
}

/// The README's `sh` block of AWS CLI commands, as written.
fn readme_cli_block() -> String {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let blocks = readme.split("```sh\n").skip(1);
    let mut bodies = blocks.filter_map(|rest| rest.split("```").next());
    let block = bodies.find(|body| body.contains("aws dynamodb "));
    block
        .expect("a README block of AWS CLI commands")
        .to_string()
}

/// The lines of the printed snippet, from its first `import` to the line closing the call.
/// The PartiQL statement `ddb.ekspresi` prints after the SDK snippet.
fn partiql_snippet(printed: &str) -> String {
    let start = printed.find("const partiql").expect("a PartiQL snippet");
    let close = "\n}));";
    let end = printed[start..].find(close).expect("its end") + start + close.len();
    printed[start..end].to_string()
}

fn sdk_snippet(printed: &str) -> String {
    let start = printed.find("import ").expect("a snippet");
    let close = "\n}));";
    let end = printed[start..]
        .find(close)
        .expect("the end of the snippet")
        + start
        + close.len();
    printed[start..end].to_string()
}

// ---- load ---------------------------------------------------------------------------------

const CLIENTS: usize = 50;
const REQUESTS: usize = 1000;

#[test]
fn fifty_clients_keep_every_acknowledged_write() {
    let server = lesson_server();
    let addr = server.addr;
    let table = json!({
        "TableName": "Beban",
        "KeySchema": [
            { "AttributeName": "pk", "KeyType": "HASH" },
            { "AttributeName": "sk", "KeyType": "RANGE" }
        ],
        "AttributeDefinitions": [
            { "AttributeName": "pk", "AttributeType": "S" },
            { "AttributeName": "sk", "AttributeType": "N" }
        ],
        "BillingMode": "PAY_PER_REQUEST"
    });
    assert_eq!(Http::connect(addr).call("CreateTable", &table).status, 200);
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| std::thread::spawn(move || one_client(addr, c)))
        .collect();
    let acknowledged: Vec<Vec<u64>> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(300),
        "{CLIENTS}x{REQUESTS} took {took:?}"
    );
    let mut check = Http::connect(addr);
    for (client, writes) in acknowledged.iter().enumerate() {
        let query = json!({
            "TableName": "Beban",
            "KeyConditionExpression": "pk = :p",
            "ExpressionAttributeValues": { ":p": { "S": format!("c{client}") } }
        });
        let found = check.call("Query", &query).json();
        let mut keys: Vec<u64> = found["Items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["sk"]["N"].as_str().unwrap().parse().unwrap())
            .collect();
        keys.sort_unstable();
        assert_eq!(&keys, writes, "client {client}");
    }
}

/// A mix of writes, reads of the client's own writes, queries and conditional
/// updates; returns the sort keys of the writes the server acknowledged.
fn one_client(addr: SocketAddr, client: usize) -> Vec<u64> {
    let mut http = Http::connect(addr);
    let pk = json!({ "S": format!("c{client}") });
    let mut written = Vec::new();
    for n in 0..REQUESTS as u64 {
        let key = json!({ "pk": pk, "sk": { "N": (n / 4).to_string() } });
        let (action, body) = match n % 4 {
            0 => ("PutItem", json!({ "TableName": "Beban", "Item": key })),
            1 => (
                "GetItem",
                json!({ "TableName": "Beban", "Key": key, "ConsistentRead": true }),
            ),
            2 => (
                "UpdateItem",
                json!({
                    "TableName": "Beban", "Key": key,
                    "UpdateExpression": "ADD hits :one",
                    "ConditionExpression": "attribute_exists(pk)",
                    "ExpressionAttributeValues": { ":one": { "N": "1" } }
                }),
            ),
            _ => (
                "Query",
                json!({
                    "TableName": "AppData",
                    "KeyConditionExpression": "EntityRef = :w",
                    "ExpressionAttributeValues": { ":w": { "S": "WS#acme" } }
                }),
            ),
        };
        let reply = http.call(action, &body);
        assert_eq!(reply.status, 200, "{action}: {}", reply.body);
        if action == "PutItem" {
            written.push(n / 4);
        }
        if action == "GetItem" {
            assert_eq!(reply.json()["Item"], key, "a write read back at once");
        }
    }
    written
}

// ---- bad input ------------------------------------------------------------------------------

#[test]
fn bad_requests_get_dynamodb_s_answers_and_the_server_goes_on() {
    let server = lesson_server();
    let mut http = Http::connect(server.addr);
    let target = [("x-amz-target", "DynamoDB_20120810.GetItem")];
    let broken = http.raw(&target, "application/x-amz-json-1.0", b"{\"TableName\": ");
    assert_eq!(broken.status, 400);
    assert_eq!(
        broken.json(),
        json!({ "__type": "com.amazon.coral.service#SerializationException" })
    );
    let unknown = http.call("Frobnicate", &json!({}));
    assert_eq!(
        (unknown.status, unknown.json()),
        (
            400,
            json!({ "__type": "com.amazon.coral.service#UnknownOperationException" })
        )
    );
    let form = http.raw(&target, "application/x-www-form-urlencoded", b"a=b");
    assert_eq!(
        (form.status, form.body.as_str()),
        (404, "<UnknownOperationException/>\n")
    );
    let old = json!({ "TableName": "AppData", "KeyConditions": {} });
    let legacy = http.call("Query", &old);
    assert_eq!(legacy.status, 400);
    assert_eq!(
        legacy.json()["message"],
        "Conditions can be of length 1 or 2 only"
    );
    assert_meta_is_served(&mut http);
}

#[test]
fn every_answer_carries_a_request_id_and_the_body_s_crc32() {
    let server = lesson_server();
    let mut http = Http::connect(server.addr);
    for reply in [
        http.call("ListTables", &json!({})),
        http.call("GetItem", &json!({ "TableName": "Tiada", "Key": {} })),
    ] {
        assert_eq!(
            reply.header("x-amzn-requestid").map(|id| id.len()),
            Some(52)
        );
        let crc = reply.header("x-amz-crc32").unwrap();
        assert_eq!(crc, crc32(reply.body.as_bytes()).to_string());
    }
}

/// CRC-32 (IEEE), bit by bit: the test's own, not the server's table.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn a_body_over_16_mb_is_refused_and_nothing_is_written() {
    let server = lesson_server();
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let size = 16 * 1024 * 1024 + 1;
    let head = format!(
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.0\r\n\
         X-Amz-Target: DynamoDB_20120810.PutItem\r\nContent-Length: {size}\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut reply = [0u8; 12];
    stream.read_exact(&mut reply).unwrap();
    assert_eq!(&reply, b"HTTP/1.1 413");
    assert_meta_is_served(&mut Http::connect(server.addr));
}

#[test]
fn a_client_leaving_mid_body_harms_no_one() {
    let server = lesson_server();
    for _ in 0..20 {
        let mut stream = TcpStream::connect(server.addr).unwrap();
        let head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.0\r\n\
                    X-Amz-Target: DynamoDB_20120810.PutItem\r\nContent-Length: 5000\r\n\r\n";
        stream.write_all(head.as_bytes()).unwrap();
        stream
            .write_all(br#"{"TableName": "AppData", "Item": {"#)
            .unwrap();
        stream.shutdown(Shutdown::Both).unwrap();
    }
    let mut http = Http::connect(server.addr);
    assert_meta_is_served(&mut http);
    let count = http.call(
        "Scan",
        &json!({ "TableName": "AppData", "Select": "COUNT" }),
    );
    assert_eq!(count.json()["Count"], json!(lesson_items().len()));
}

#[test]
fn a_thousand_idle_connections_do_not_stop_the_others() {
    let server = lesson_server();
    let idle: Vec<TcpStream> = (0..1000)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    let started = Instant::now();
    assert_meta_is_served(&mut Http::connect(server.addr));
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    drop(idle);
    let (status, err) = server.terminate();
    assert!(status.success(), "{err}");
}

/// The server still answers, with the lesson's data.
fn assert_meta_is_served(http: &mut Http) {
    let key = json!({ "EntityRef": { "S": "WS#acme" }, "Detail": { "S": "META" } });
    let reply = http.call("GetItem", &json!({ "TableName": "AppData", "Key": key }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json()["Item"]["EntityRef"], key["EntityRef"]);
}

/// Runs `tests/layani/<script>` with boto3 against an empty server; the
/// script prints each step and ends with "semua langkah lulus".
fn boto3_script_passes(script: &str) {
    let Some(mut python) = klien::wajib(Klien::Python) else {
        return;
    };
    let server = start(&["--dynamodb", "0"]);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/layani")
        .join(script);
    aws_env(&mut python, &server.endpoint());
    let out = python.arg(path).output().unwrap();
    let stdout = assert_ran(&out, "boto3");
    assert_eq!(
        stdout.trim_end().lines().last(),
        Some("semua langkah lulus")
    );
}
