//! The REPL never loses the learner's work: Ctrl-C stops a statement and not the session,
//! every loop is bounded, whole entries come back from history, an exercise's statements
//! are saved as they are typed, the data cap refuses a write and the session goes on, and
//! an older progress file loads with nothing lost. On a real terminal through tmux (see
//! `repl_terminal`), and through the binary with piped input.

use super::repl_terminal::{tmux_available, Terminal};
use super::support::{kursus, repo_root};
use std::time::{Duration, Instant};

const STOPPING: &str = "Stopping execution...";
const LIMIT: &str = "pernyataan melebihi batas kerja atau waktu";

fn chapter(name: &str, data: &std::path::Path) -> Terminal {
    Terminal::start_at(name, data, &["--bab", "embedding-referencing"], "test>")
}

/// Types `statement`, presses Ctrl-C after `after`, and returns how long the REPL took
/// to print mongosh's stop line and a fresh prompt.
fn interrupt_after(t: &Terminal, statement: &str, after: Duration) -> Duration {
    t.line(statement);
    std::thread::sleep(after);
    let pressed = Instant::now();
    t.keys(&["C-c"]);
    t.wait_for(&format!("{STOPPING}\n"));
    let prompt_after_stop = |s: &str| {
        s.rsplit_once(STOPPING).is_some_and(|(_, rest)| {
            rest.lines()
                .nth(1)
                .is_some_and(|l| l.trim_end().ends_with('>'))
        })
    };
    while !prompt_after_stop(&t.screen()) {
        assert!(pressed.elapsed() < Duration::from_secs(5), "{}", t.screen());
        std::thread::sleep(Duration::from_millis(20));
    }
    pressed.elapsed()
}

#[test]
fn ctrl_c_stops_the_statement_and_keeps_the_session() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = chapter("ctrlc", data.path());
    t.line("const x = 42");
    let cases = [
        "sleep(10000)",
        "for (let i = 0;; i++) db.x.insertOne({ i })",
        "db.y.insertMany(Array.from({ length: 300 }, (_, i) => ({ i }))); db.y.aggregate([{ $lookup: { from: 'y', pipeline: [{ $lookup: { from: 'y', pipeline: [], as: 'b' } }], as: 'a' } }]).toArray().length",
    ];
    for statement in cases {
        let took = interrupt_after(&t, statement, Duration::from_millis(600));
        assert!(took < Duration::from_secs(1), "{statement}: {took:?}");
        t.keys(&["C-l"]);
        t.line("x");
        t.wait_for("\n42\n");
        t.keys(&["C-l"]);
    }
    let screen = t.screen();
    assert!(
        !screen.contains(LIMIT),
        "stopped by Ctrl-C, not a limit: {screen}"
    );
}

#[test]
fn lines_typed_while_a_statement_runs_wait_for_the_next_prompt() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = chapter("ketik-dulu", data.path());
    // Typed (or pasted) ahead, without waiting for a prompt: each line reaches the
    // terminal while the statement before it still runs.
    for round in 0..5 {
        t.line(&format!("const x{round} = {round}"));
        t.line("sleep(200)");
        t.line(&format!("x{round} + 1000"));
        t.wait_for(&format!("\n{}\n", round + 1000));
        t.keys(&["C-l"]);
    }
}

#[test]
fn endless_loops_left_alone_stop_at_the_limit_and_the_data_stays() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = chapter("batas", data.path());
    let loops = [
        "for (let i = 0;; i++) db.x.insertOne({ i })",
        "const c = db.x.find(); while (c.hasNext()) { c.hasNext() }",
        "while (true) {}",
    ];
    for statement in loops {
        t.keys(&["C-l"]);
        let started = Instant::now();
        t.line(statement);
        t.wait_for(LIMIT);
        let took = started.elapsed();
        let limit = Duration::from_secs(5) + Duration::from_secs(3);
        assert!(took < limit, "{statement}: {took:?}");
    }
    t.keys(&["C-l"]);
    t.line("db.x.countDocuments() > 0");
    t.wait_for("\ntrue\n");
}

#[test]
fn ctrl_c_on_an_empty_prompt_hints_then_a_second_press_leaves() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = chapter("keluar", data.path());
    t.keys(&["-l", "abc"]);
    t.keys(&["C-c"]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(!t.screen().contains("To exit"), "{}", t.screen());
    t.keys(&["C-c"]);
    t.wait_for("(To exit, press Ctrl+C again or Ctrl+D or type .exit)");
    t.keys(&["C-c"]);
    let start = Instant::now();
    while t.is_alive() {
        assert!(start.elapsed() < Duration::from_secs(5), "still running");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_three_line_entry_comes_back_whole_before_and_after_a_restart() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let first = chapter("riwayat-utuh1", data.path());
    first.line("db.dosen.find(");
    first.line("  { nip: 'D001' },");
    first.line("  { _id: 0, nama: 1 })");
    first.wait_for("nama:");
    first.keys(&["C-l"]);
    first.keys(&["Up"]);
    first.wait_for("  { _id: 0, nama: 1 })");
    assert!(
        first.screen().contains("db.dosen.find("),
        "{}",
        first.screen()
    );
    drop(first);
    let second = chapter("riwayat-utuh2", data.path());
    second.keys(&["Up"]);
    second.wait_for("  { _id: 0, nama: 1 })");
    second.keys(&["Enter"]);
    second.wait_for("nama:");
}

#[test]
fn an_exercise_left_with_ctrl_d_keeps_its_statements_and_pulihkan_restores_them() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let args = ["--latihan", "embedding-referencing/cari-kota"];
    let first = Terminal::start_at("simpan1", data.path(), &args, "kampus>");
    first.line("const kota = 'Bandung'");
    first.line("sleep(10000)");
    std::thread::sleep(Duration::from_millis(500));
    first.keys(&["C-c"]);
    first.wait_for(STOPPING);
    first.line(
        "db.mahasiswa.find({ 'alamat.kota': kota }, { _id: 0, nama: 1, nim: 1 }).sort({ nim: 1 })",
    );
    first.wait_for("nim:");
    first.keys(&["C-d"]);
    drop(first);
    let second = Terminal::start_at("simpan2", data.path(), &args, "kampus>");
    second.wait_for("Ada 3 pernyataan tersimpan");
    second.line(".pulihkan");
    second.wait_for("3 pernyataan dipulihkan. 1 pernyataan yang dulu dihentikan");
    second.line(".periksa");
    let screen = second.wait_for("Catatan: 1 pernyataan yang dihentikan");
    assert!(screen.contains("Benar!"), "{screen}");
}

#[test]
fn a_write_past_the_data_cap_fails_and_the_next_statement_runs() {
    let data = tempfile::tempdir().unwrap();
    let script = "for (let i = 0; i < 200; i++) db.x.insertOne({ i, pad: 'x'.repeat(1000) })\n\
                  db.x.countDocuments() < 200\n\
                  db.x.drop()\n\
                  db.x.insertOne({ a: 1 }).acknowledged\n";
    let out = kursus(data.path())
        .env("KURSUS_BATAS_DATA", "50000")
        .args(["jalankan", "-"])
        .write_stdin(script)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("Error: penulisan ditolak: data sesi sudah mencapai batas"),
        "{out}"
    );
    assert!(out.ends_with("true\ntrue\ntrue\n"), "{out}");
}

#[test]
fn a_progress_file_of_the_previous_format_loads_with_nothing_lost() {
    let data = tempfile::tempdir().unwrap();
    let v1 = r#"{
  "format_version": 1,
  "aktif": "embedding-referencing/cari-kota",
  "selesai": ["embedding-referencing/cari-kota"],
  "petunjuk": { "embedding-referencing/cari-kota": 1 }
}"#;
    std::fs::write(data.path().join("kemajuan.json"), v1).unwrap();
    let out = kursus(data.path())
        .env("KURSUS_DIR", repo_root())
        .arg("daftar")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let listing = String::from_utf8(out).unwrap();
    let line = listing
        .lines()
        .find(|l| l.contains("cari-kota"))
        .unwrap_or_else(|| panic!("{listing}"));
    assert!(line.contains('✓') || line.contains("selesai"), "{line}");
    let files: Vec<_> = std::fs::read_dir(data.path()).unwrap().collect();
    assert_eq!(files.len(), 1, "nothing set aside: {files:?}");
}
