//! The REPL on a real terminal, driven through tmux: the continuation prompt, input
//! that can never complete, a body on the next line, Tab completion and history.
//! Without tmux these tests say so and pass, unless `KURSUS_KLIEN_WAJIB=1` (as in CI).

use super::support::repo_root;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// One `kursus` running in a detached tmux session of its own.
pub(super) struct Terminal {
    name: String,
}

pub(super) fn tmux_available() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("KURSUS_KLIEN_WAJIB").is_none_or(|v| v != "1"),
            "tmux is required for the terminal tests"
        );
        eprintln!("tmux not found: terminal tests skipped");
    }
    found
}

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().unwrap();
    String::from_utf8_lossy(&out.stdout).to_string()
}

impl Terminal {
    fn start(name: &str, data: &Path, args: &[&str]) -> Terminal {
        Terminal::start_at(name, data, args, "test>")
    }

    /// Starts `kursus ARGS` and waits for `ready` on the screen.
    pub(super) fn start_at(name: &str, data: &Path, args: &[&str], ready: &str) -> Terminal {
        Terminal::start_with(name, data, args, ready, "NO_COLOR=1")
    }

    /// As [`Terminal::start_at`], with `env` (`NAME=value`) in place of `NO_COLOR=1`.
    pub(super) fn start_with(
        name: &str,
        data: &Path,
        args: &[&str],
        ready: &str,
        env: &str,
    ) -> Terminal {
        let name = format!("kursus-{name}-{}", std::process::id());
        let command = format!(
            "env KURSUS_DIR='{}' KURSUS_DATA_DIR='{}' {env} '{}' {}",
            repo_root().display(),
            data.display(),
            env!("CARGO_BIN_EXE_kursus"),
            args.join(" ")
        );
        tmux(&[
            "new-session",
            "-d",
            "-s",
            &name,
            "-x",
            "150",
            "-y",
            "50",
            &command,
        ]);
        let terminal = Terminal { name };
        terminal.wait_for(ready);
        terminal
    }

    pub(super) fn screen(&self) -> String {
        tmux(&["capture-pane", "-p", "-t", &self.name])
    }

    /// The screen with its colours and styles as escape sequences.
    pub(super) fn styled_screen(&self) -> String {
        tmux(&["capture-pane", "-p", "-e", "-t", &self.name])
    }

    pub(super) fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", self.name.as_str()];
        args.extend(keys);
        tmux(&args);
    }

    /// Whether the program (and so its tmux session) is still running.
    pub(super) fn is_alive(&self) -> bool {
        Command::new("tmux")
            .args(["has-session", "-t", &self.name])
            .output()
            .is_ok_and(|o| o.status.success())
    }

    /// Types `text` and presses Enter.
    pub(super) fn line(&self, text: &str) {
        self.keys(&["-l", text]);
        self.keys(&["Enter"]);
    }

    pub(super) fn wait_for(&self, needle: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(needle) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "no {needle:?} on:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The screen's non-empty lines.
    pub(super) fn lines(&self) -> Vec<String> {
        self.screen()
            .lines()
            .map(|l| l.trim_end().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        tmux(&["kill-session", "-t", &self.name]);
    }
}

fn chapter_session(name: &str, data: &Path) -> Terminal {
    Terminal::start(name, data, &["--bab", "dynamodb-satu-ke-banyak"])
}

#[test]
fn an_unfinished_statement_shows_the_continuation_prompt() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = chapter_session("lanjut", data.path());
    t.line("[");
    t.wait_for("\n...");
    t.line("1, 2]");
    t.wait_for("[ 1, 2 ]");
    let lines = t.lines();
    let at = lines.iter().position(|l| l == "test> [").unwrap();
    assert_eq!(lines[at + 1], "... 1, 2]");
}

#[test]
fn input_that_can_never_complete_is_a_syntax_error_at_once() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = chapter_session("sintaks", data.path());
    t.line("({ a: 1 ]");
    let screen = t.wait_for("SyntaxError");
    assert!(
        screen.contains("SyntaxError: Unexpected token, expected \",\" (1:8)"),
        "{screen}"
    );
    t.line("7 * 6");
    t.wait_for("42");
    let lines = t.lines();
    assert!(!lines.iter().any(|l| l.starts_with("...")), "{lines:?}");
    assert!(lines.contains(&"test> 7 * 6".to_string()), "{lines:?}");
}

#[test]
fn a_body_on_the_next_line_runs_once() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = chapter_session("badan", data.path());
    t.line("if (true)");
    t.wait_for("\n...");
    t.line("print(1)");
    t.wait_for("... print(1)\n1\n");
    t.line("'selesai'");
    t.wait_for("selesai'");
    let lines = t.lines();
    assert_eq!(lines.iter().filter(|l| *l == "1").count(), 1, "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.contains("SyntaxError")),
        "{lines:?}"
    );
}

#[test]
fn tab_after_ddb_q_offers_query() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let t = chapter_session("tab", data.path());
    t.keys(&["-l", "ddb.q"]);
    t.keys(&["Tab"]);
    t.wait_for("test> ddb.query(");
}

#[test]
fn history_survives_a_restart() {
    if !tmux_available() {
        return;
    }
    let data = tempfile::tempdir().unwrap();
    let first = chapter_session("riwayat1", data.path());
    first.line("40 + 2");
    first.wait_for("42");
    drop(first);
    let saved = std::fs::read_to_string(data.path().join("riwayat_repl.txt")).unwrap();
    assert!(saved.lines().any(|l| l == "40 + 2"), "{saved}");
    let second = chapter_session("riwayat2", data.path());
    second.keys(&["Up"]);
    second.wait_for("test> 40 + 2");
    second.keys(&["Enter"]);
    second.wait_for("42");
}

/// Only the REPL driver in `cli/` reads the terminal: no other module uses rustyline.
#[test]
fn only_cli_uses_rustyline() {
    let mut users = Vec::new();
    collect_users(&repo_root().join("runner/src"), &mut users);
    let cli = repo_root().join("runner/src/cli");
    let outside: Vec<_> = users.iter().filter(|p| !p.starts_with(&cli)).collect();
    assert!(outside.is_empty(), "rustyline outside cli/: {outside:?}");
    assert!(
        users.iter().any(|p| p.ends_with("cli/repl.rs")),
        "{users:?}"
    );
}

fn collect_users(dir: &Path, users: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_users(&path, users);
        } else if std::fs::read_to_string(&path).is_ok_and(|t| t.contains("rustyline")) {
            users.push(path);
        }
    }
}
