//! The terminal front end of [`Console`]: lines from rustyline (or piped input) in, what
//! the console prints out, Ctrl-C turned into the console's stop request. What the REPL
//! does with a line is the console's business, shared with the browser.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;

use super::editor::KursusHelper;
use crate::course::console::Console;

/// Runs the REPL on `console` until `exit`, Ctrl-D or the end of piped input.
pub fn run(mut console: Console, data_dir: Option<&Path>) -> anyhow::Result<()> {
    if std::io::stdin().is_terminal() {
        console.set_interactive(true);
        interactive(&mut console, data_dir)
    } else {
        piped(&mut console)
    }
}

/// Piped input gets exactly what the shell prints on stdout; Ctrl-C keeps its usual
/// meaning there (the whole command stops).
fn piped(console: &mut Console) -> anyhow::Result<()> {
    if let Some(greeting) = console.greeting() {
        eprintln!("{greeting}");
    }
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input)?;
    let mut out = std::io::stdout().lock();
    for line in input.lines() {
        if let Some(done) = console.push_line(line) {
            out.write_all(done.output.as_bytes())?;
        }
        if console.has_quit() {
            return Ok(());
        }
    }
    if let Some(done) = console.finish() {
        out.write_all(done.output.as_bytes())?;
    }
    Ok(())
}

/// Where the typed entries are kept between sessions: the user's data folder.
fn history_path(data_dir: Option<&Path>) -> Option<PathBuf> {
    let dir = crate::course::progress::data_dir(data_dir);
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("riwayat_repl.txt"))
}

type LineEditor = Editor<KursusHelper, DefaultHistory>;

fn line_editor(console: &Console, history: Option<&Path>) -> anyhow::Result<LineEditor> {
    // Tab lists every candidate at once, as mongosh (Node's REPL) does, instead of
    // cycling through them.
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .build();
    let mut editor = LineEditor::with_config(config)?;
    editor.set_helper(Some(KursusHelper::new(console.shell())));
    if let Some(path) = history {
        // A missing or unreadable history file is a fresh start, not a failure.
        let _ = editor.load_history(path);
    }
    Ok(editor)
}

/// A whole entry (all its lines) is one history entry, written as soon as it is
/// complete: rustyline's file format keeps the line breaks, so Up recalls it whole, in
/// this session and the next.
fn remember(editor: &mut LineEditor, entry: &str, history: Option<&Path>) {
    if entry.trim().is_empty() {
        return;
    }
    let _ = editor.add_history_entry(entry);
    if let Some(path) = history {
        // History is a convenience: a full disk must not stop the session.
        let _ = editor.append_history(path);
    }
}

/// While a statement runs the terminal is in its ordinary mode, where Ctrl-C is a
/// signal: it raises the console's stop request instead of ending the process.
fn catch_ctrl_c(console: &Console) {
    let interrupt = console.interrupt();
    // Without a handler Ctrl-C ends the process as before; the REPL still works.
    let _ = ctrlc::set_handler(move || interrupt.request());
}

/// mongosh 2.4's (Node's REPL's) answer to Ctrl-C on an empty prompt.
const EXIT_HINT: &str = "(To exit, press Ctrl+C again or Ctrl+D or type .exit)";

/// What Ctrl-C at the prompt means, as in mongosh (Node's REPL): it drops the line or
/// the entry being typed; on an empty prompt it says how to leave, and a second press
/// in a row leaves.
#[derive(Default)]
struct CtrlC {
    warned: bool,
}

impl CtrlC {
    /// True when the REPL should end.
    fn pressed(&mut self, console: &mut Console, line_was_empty: bool) -> bool {
        if !(line_was_empty && console.is_idle()) {
            console.discard_pending();
            self.warned = false;
            return false;
        }
        if self.warned {
            return true;
        }
        println!("{EXIT_HINT}");
        self.warned = true;
        false
    }
}

fn interactive(console: &mut Console, data_dir: Option<&Path>) -> anyhow::Result<()> {
    let history = history_path(data_dir);
    let mut editor = line_editor(console, history.as_deref())?;
    catch_ctrl_c(console);
    if let Some(greeting) = console.greeting() {
        println!("{greeting}");
    }
    let mut ctrl_c = CtrlC::default();
    loop {
        let line = match editor.readline(&console.prompt()) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => {
                let typed = editor.helper().is_some_and(|h| h.had_text());
                if ctrl_c.pressed(console, !typed) {
                    return Ok(());
                }
                continue;
            }
            Err(ReadlineError::Eof) => return Ok(()),
            Err(err) => return Err(err.into()),
        };
        ctrl_c = CtrlC::default();
        let Some(done) = console.push_line(&line) else {
            continue;
        };
        remember(&mut editor, &done.entry, history.as_deref());
        show(&editor, &done.output)?;
        if console.has_quit() {
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
