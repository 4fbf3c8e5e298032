//! The one REPL driver: every line the learner types, on a terminal (rustyline) or
//! piped, for the plain shell, chapter sessions and exercise sessions alike. What a
//! session adds (its greeting, its dot-commands, grading) comes through `Companion`.

use std::cell::RefCell;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;

use super::editor::KursusHelper;
use super::exit::Status;
use crate::course::session::is_dot_command;
use crate::pesan::cli as pesan;
use crate::shell::{split, Shell, ShellOptions};

/// What a session adds to the shell.
pub trait Companion {
    /// Printed once before the first prompt (on stderr when input is piped).
    fn greeting(&self) -> Option<String>;
    /// Answers a line starting with `.`; the shell may be replaced (`.ulang`).
    fn dot_command(&mut self, line: &str, shell: &mut Shell) -> String;
    /// Told of every complete entry before it runs (an exercise records its answer).
    fn entered(&mut self, entry: &str);
}

/// The plain shell: no greeting, no dot-commands, nothing recorded.
pub struct Plain;

impl Companion for Plain {
    fn greeting(&self) -> Option<String> {
        None
    }

    fn dot_command(&mut self, line: &str, _shell: &mut Shell) -> String {
        pesan::perintah_tidak_dikenal(line)
    }

    fn entered(&mut self, _entry: &str) {}
}

/// `kursus` outside a course folder: the plain shell.
pub fn run_plain(data_dir: Option<&Path>) -> anyhow::Result<Status> {
    let shell = Shell::new(ShellOptions::default());
    run(shell, &mut Plain, data_dir)?;
    Ok(Status::Success)
}

/// Runs the REPL on `shell` until `exit`, Ctrl-D or the end of piped input.
pub fn run(
    shell: Shell,
    companion: &mut dyn Companion,
    data_dir: Option<&Path>,
) -> anyhow::Result<()> {
    let shell = Rc::new(RefCell::new(shell));
    if std::io::stdin().is_terminal() {
        interactive(&shell, companion, data_dir)
    } else {
        piped(&shell, companion)
    }
}

/// What the learner typed so far that does not yet make a complete entry.
#[derive(Default)]
struct Pending {
    text: String,
}

/// Something to evaluate.
enum Entry {
    Dot(String),
    Code(String),
}

impl Pending {
    /// Adds a line; returns the entry it completes, if any.
    fn push(&mut self, line: &str) -> Option<Entry> {
        if self.text.is_empty() {
            if is_dot_command(line) {
                return Some(Entry::Dot(line.trim().to_string()));
            }
            if line.trim().is_empty() {
                return None;
            }
        }
        self.text.push_str(line);
        self.text.push('\n');
        let complete = split::is_shell_command(self.text.trim()) || split::is_complete(&self.text);
        complete.then(|| Entry::Code(std::mem::take(&mut self.text)))
    }

    /// What is left at the end of the input, evaluated as it stands.
    fn rest(&mut self) -> Option<Entry> {
        let text = std::mem::take(&mut self.text);
        (!text.trim().is_empty()).then_some(Entry::Code(text))
    }

    /// mongosh 2.4 (Node 20) shows `... ` while a statement goes on.
    fn prompt(&self, shell: &Shell) -> String {
        if self.text.is_empty() {
            format!("{}> ", shell.current_db())
        } else {
            "... ".to_string()
        }
    }
}

/// One complete entry, and what the shell printed for it.
fn evaluate(shell: &RefCell<Shell>, entry: Entry, companion: &mut dyn Companion) -> String {
    let mut shell = shell.borrow_mut();
    let code = match entry {
        Entry::Dot(line) => return format!("{}\n", companion.dot_command(&line, &mut shell)),
        Entry::Code(code) => code,
    };
    companion.entered(&code);
    let mut out = String::new();
    for unit in split::split_units(&code) {
        if shell.has_quit() {
            break;
        }
        let output = shell.run_unit(&unit);
        if !(shell.has_quit() && output.text.is_empty()) {
            out.push_str(&output.render(true));
        }
    }
    out
}

/// Piped input gets exactly what the shell prints on stdout.
fn piped(shell: &RefCell<Shell>, companion: &mut dyn Companion) -> anyhow::Result<()> {
    if let Some(greeting) = companion.greeting() {
        eprintln!("{greeting}");
    }
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input)?;
    let mut out = std::io::stdout().lock();
    let mut pending = Pending::default();
    for line in input.lines() {
        if let Some(entry) = pending.push(line) {
            out.write_all(evaluate(shell, entry, companion).as_bytes())?;
        }
        if shell.borrow().has_quit() {
            return Ok(());
        }
    }
    if let Some(entry) = pending.rest() {
        out.write_all(evaluate(shell, entry, companion).as_bytes())?;
    }
    Ok(())
}

/// Where the typed lines are kept between sessions: the user's data folder.
fn history_path(data_dir: Option<&Path>) -> Option<PathBuf> {
    let dir = crate::course::progress::data_dir(data_dir);
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("riwayat_repl.txt"))
}

type LineEditor = Editor<KursusHelper, DefaultHistory>;

fn line_editor(shell: &Rc<RefCell<Shell>>, history: Option<&Path>) -> anyhow::Result<LineEditor> {
    let mut editor = LineEditor::new()?;
    editor.set_helper(Some(KursusHelper::new(shell.clone())));
    if let Some(path) = history {
        // A missing or unreadable history file is a fresh start, not a failure.
        let _ = editor.load_history(path);
    }
    Ok(editor)
}

/// Every line goes to the history file as soon as it is entered, as Node's REPL does.
fn remember(editor: &mut LineEditor, line: &str, history: Option<&Path>) {
    if line.trim().is_empty() {
        return;
    }
    let _ = editor.add_history_entry(line);
    if let Some(path) = history {
        // History is a convenience: a full disk must not stop the session.
        let _ = editor.append_history(path);
    }
}

fn interactive(
    shell: &Rc<RefCell<Shell>>,
    companion: &mut dyn Companion,
    data_dir: Option<&Path>,
) -> anyhow::Result<()> {
    let history = history_path(data_dir);
    let mut editor = line_editor(shell, history.as_deref())?;
    if let Some(greeting) = companion.greeting() {
        println!("{greeting}");
    }
    let mut pending = Pending::default();
    loop {
        let prompt = pending.prompt(&shell.borrow());
        let line = match editor.readline(&prompt) {
            Ok(line) => line,
            // Ctrl-C drops the statement being typed, as in mongosh.
            Err(ReadlineError::Interrupted) => {
                pending = Pending::default();
                continue;
            }
            Err(ReadlineError::Eof) => return Ok(()),
            Err(err) => return Err(err.into()),
        };
        remember(&mut editor, &line, history.as_deref());
        let Some(entry) = pending.push(&line) else {
            continue;
        };
        let text = evaluate(shell, entry, companion);
        show(&editor, &text)?;
        if shell.borrow().has_quit() {
            return Ok(());
        }
    }
}

fn show(editor: &LineEditor, text: &str) -> anyhow::Result<()> {
    if let Some(helper) = editor.helper() {
        helper.learn_fields(text);
    }
    print!("{text}");
    std::io::stdout().flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(entry: Option<Entry>) -> Option<String> {
        match entry {
            Some(Entry::Code(c)) => Some(c),
            _ => None,
        }
    }

    #[test]
    fn a_body_on_the_next_line_joins_its_statement() {
        let mut pending = Pending::default();
        assert!(pending.push("if (true)").is_none());
        assert!(!pending.text.is_empty());
        assert_eq!(
            code(pending.push("print(1)")).as_deref(),
            Some("if (true)\nprint(1)\n")
        );
        assert!(pending.text.is_empty());
    }

    #[test]
    fn an_input_that_can_never_complete_is_an_entry_at_once() {
        let mut pending = Pending::default();
        assert_eq!(
            code(pending.push("({ a: 1 ]")).as_deref(),
            Some("({ a: 1 ]\n")
        );
    }

    #[test]
    fn dot_commands_only_start_an_entry() {
        let mut pending = Pending::default();
        assert!(matches!(pending.push(".periksa"), Some(Entry::Dot(l)) if l == ".periksa"));
        assert!(pending.push("[").is_none());
        assert!(pending.push(".5").is_none());
        assert_eq!(code(pending.push("]")).as_deref(), Some("[\n.5\n]\n"));
    }
}
