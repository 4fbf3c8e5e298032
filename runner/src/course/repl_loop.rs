//! The learner's input loop. The shell's REPL only hands dot-commands to its hook, but
//! grading needs every entry the learner typed, so the course drives the shell itself
//! here, with the shell's own line editor helper, statement splitting and rendering.

use super::learner::LearnerSession;
use super::session::is_dot_command;
use crate::shell::editor::KursusHelper;
use crate::shell::{split, Shell};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;
use std::cell::RefCell;
use std::io::{IsTerminal, Read, Write};
use std::rc::Rc;

pub fn run(session: &mut LearnerSession, shell: Shell, greeting: &str) -> std::io::Result<()> {
    if std::io::stdin().is_terminal() {
        interactive(session, shell, greeting)
    } else {
        // Piped input gets exactly what the shell prints on stdout.
        eprintln!("{greeting}");
        let mut input = String::new();
        std::io::stdin().read_to_string(&mut input)?;
        let mut shell = shell;
        piped(session, &mut shell, &input, &mut std::io::stdout().lock())
    }
}

/// One complete entry: the shell's output, with the entry recorded as answer.
fn evaluate(session: &mut LearnerSession, shell: &mut Shell, entry: &str) -> String {
    session.record(entry);
    shell
        .run_statements(entry)
        .iter()
        .map(|o| o.render(true))
        .collect()
}

pub fn piped(
    session: &mut LearnerSession,
    shell: &mut Shell,
    input: &str,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mut pending = String::new();
    for line in input.lines() {
        if pending.is_empty() && is_dot_command(line) {
            writeln!(out, "{}", session.handle_dot(line, shell))?;
            continue;
        }
        pending.push_str(line);
        pending.push('\n');
        if split::is_shell_command(pending.trim()) || split::is_complete(&pending) {
            out.write_all(evaluate(session, shell, &pending).as_bytes())?;
            pending.clear();
        }
        if shell.has_quit() {
            return Ok(());
        }
    }
    if !pending.trim().is_empty() {
        out.write_all(evaluate(session, shell, &pending).as_bytes())?;
    }
    Ok(())
}

fn interactive(session: &mut LearnerSession, shell: Shell, greeting: &str) -> std::io::Result<()> {
    let shell = Rc::new(RefCell::new(shell));
    let mut editor: Editor<KursusHelper, DefaultHistory> =
        Editor::new().map_err(std::io::Error::other)?;
    editor.set_helper(Some(KursusHelper::new(shell.clone())));
    println!("{greeting}");
    loop {
        let prompt = format!("{}> ", shell.borrow().current_db());
        match editor.readline(&prompt) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => {
                let _ = editor.add_history_entry(line.as_str());
                let text = answer_line(session, &mut shell.borrow_mut(), &line);
                print!("{text}");
                std::io::stdout().flush()?;
                if shell.borrow().has_quit() {
                    return Ok(());
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => return Ok(()),
            Err(err) => return Err(std::io::Error::other(err)),
        }
    }
}

fn answer_line(session: &mut LearnerSession, shell: &mut Shell, line: &str) -> String {
    if is_dot_command(line) {
        format!("{}\n", session.handle_dot(line, shell))
    } else {
        evaluate(session, shell, line)
    }
}
