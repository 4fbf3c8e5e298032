//! `kursus` with no subcommand: the interactive REPL (rustyline), or piped input.

use std::cell::RefCell;
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::rc::Rc;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;

use super::error::CliError;
use super::exit::Status;
use crate::pesan::cli as pesan;
use crate::shell::editor::KursusHelper;
use crate::shell::{split, Shell, ShellOptions};

#[derive(Debug, Default)]
pub struct Args {}

/// Handles a line starting with `.` (the course's `.periksa`, `.petunjuk`, …);
/// returns the text to print, or `None` when the command is unknown.
pub type DotHook<'a> = Box<dyn FnMut(&str, &mut Shell) -> Option<String> + 'a>;

/// How a REPL session starts.
#[derive(Default)]
pub struct ReplOptions<'a> {
    /// Printed once before the first prompt (interactive sessions only).
    pub welcome: Option<String>,
    pub dot_hook: Option<DotHook<'a>>,
}

pub fn run(_args: Args) -> anyhow::Result<Status> {
    let shell = Shell::new(ShellOptions::default());
    run_with(shell, ReplOptions::default())?;
    Ok(Status::Success)
}

/// Runs the REPL on `shell` until `exit`, Ctrl-D or the end of piped input.
pub fn run_with(shell: Shell, mut options: ReplOptions<'_>) -> anyhow::Result<Shell> {
    let shell = Rc::new(RefCell::new(shell));
    if std::io::stdin().is_terminal() {
        interactive(&shell, &mut options)?;
    } else {
        piped(&shell, &mut options)?;
    }
    drop(options);
    Rc::try_unwrap(shell)
        .map(RefCell::into_inner)
        .map_err(|_| CliError::ShellStillShared.into())
}

fn unknown_dot(line: &str) -> String {
    pesan::perintah_tidak_dikenal(line)
}

/// One complete entry: a dot command or shell/JavaScript units.
fn evaluate(shell: &Rc<RefCell<Shell>>, entry: &str, options: &mut ReplOptions<'_>) -> String {
    let trimmed = entry.trim();
    if trimmed.starts_with('.') && !trimmed.starts_with("..") {
        let mut shell = shell.borrow_mut();
        return match options.dot_hook.as_mut() {
            Some(hook) => hook(trimmed, &mut shell)
                .map(|t| format!("{t}\n"))
                .unwrap_or_else(|| format!("{}\n", unknown_dot(trimmed))),
            None => format!("{}\n", unknown_dot(trimmed)),
        };
    }
    let mut out = String::new();
    let mut shell = shell.borrow_mut();
    for unit in split::split_units(entry) {
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

fn piped(shell: &Rc<RefCell<Shell>>, options: &mut ReplOptions<'_>) -> anyhow::Result<()> {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut pending = String::new();
    for line in input.lines() {
        if pending.is_empty() && line.trim_start().starts_with('.') {
            out.write_all(evaluate(shell, line, options).as_bytes())?;
            continue;
        }
        pending.push_str(line);
        pending.push('\n');
        if split::is_shell_command(pending.trim()) || split::is_complete(&pending) {
            out.write_all(evaluate(shell, &pending, options).as_bytes())?;
            pending.clear();
        }
        if shell.borrow().has_quit() {
            return Ok(());
        }
    }
    if !pending.trim().is_empty() {
        out.write_all(evaluate(shell, &pending, options).as_bytes())?;
    }
    Ok(())
}

fn history_path() -> Option<PathBuf> {
    let dir = dirs::data_dir()?.join("kursus");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("riwayat_repl.txt"))
}

fn interactive(shell: &Rc<RefCell<Shell>>, options: &mut ReplOptions<'_>) -> anyhow::Result<()> {
    let mut editor: Editor<KursusHelper, DefaultHistory> = Editor::new()?;
    let helper = KursusHelper::new(shell.clone());
    editor.set_helper(Some(helper));
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    if let Some(welcome) = &options.welcome {
        println!("{welcome}");
    }
    loop {
        let prompt = format!("{}> ", shell.borrow().current_db());
        match editor.readline(&prompt) {
            Ok(line) => {
                if line.trim().is_empty() {
                    continue;
                }
                let _ = editor.add_history_entry(line.as_str());
                let text = evaluate(shell, &line, options);
                if let Some(h) = editor.helper() {
                    h.learn_fields(&text);
                }
                print!("{text}");
                std::io::stdout().flush()?;
                if shell.borrow().has_quit() {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(err) => return Err(err.into()),
        }
    }
    if let Some(path) = &history {
        let _ = editor.save_history(path);
    }
    Ok(())
}
