//! The REPL's behaviour, written once for every front end (the terminal, the browser):
//! lines gathered into complete entries, dot-commands, statements run one by one and
//! recorded as the learner's answer, and the stop request that Ctrl-C raises. A front end
//! only reads lines, shows what comes back and raises [`Console::interrupt`].

use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

use super::catalog::Course;
use super::error::Result;
use super::learner::{self, LearnerSession, Start};
use super::session::is_dot_command;
use super::shell_port::ShellPort;
use crate::pesan;
use crate::shell::{split, Interrupt, Shell, ShellOptions};

/// One learner's console: a shell and, in a course, the session that grades it.
pub struct Console {
    shell: Rc<RefCell<Shell>>,
    learner: Option<LearnerSession>,
    pending: String,
    interrupt: Interrupt,
    /// Entries come from a person at a prompt (not piped or scripted).
    interactive: bool,
    greeting: Option<String>,
    quit: bool,
    /// `kursus kuis`: the console ends when the quiz does.
    quiz_only: bool,
}

/// A complete entry and what it printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completed {
    /// The entry as typed (a dot-command or code, its lines joined), for history.
    pub entry: String,
    /// Everything to show, each statement's output ending in a newline.
    pub output: String,
    /// The same text in pieces by kind, for a page to style (their texts joined are
    /// `output`).
    pub spans: Vec<Span>,
}

/// A piece of an entry's output and what printed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub text: String,
    pub kind: SpanKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpanKind {
    /// A statement's output, as mongosh prints it.
    Output,
    /// A statement's error (mongosh's `Uncaught` lines and the like).
    Error,
    /// The course speaking: dot-commands, notes on saved or stopped work.
    Course,
}

impl SpanKind {
    /// The name a page uses as the span's class.
    pub fn name(self) -> &'static str {
        match self {
            SpanKind::Output => "output",
            SpanKind::Error => "error",
            SpanKind::Course => "course",
        }
    }
}

impl Completed {
    fn new(entry: String, spans: Vec<Span>) -> Completed {
        let output = spans.iter().map(|s| s.text.as_str()).collect();
        Completed {
            entry,
            output,
            spans,
        }
    }
}

fn span(kind: SpanKind, text: String) -> Span {
    Span { text, kind }
}

impl Console {
    /// The plain shell: no course, nothing graded or saved.
    pub fn plain() -> Console {
        let interrupt = Interrupt::new();
        let shell = Shell::new(ShellOptions {
            interrupt: Some(interrupt.clone()),
            ..ShellOptions::default()
        });
        Console::with(shell, None, interrupt, None)
    }

    /// A course session (an exercise, or a chapter with `start.bab`) on the learner's
    /// progress in `data_dir`.
    pub fn learner(start: Start<'_>, data_dir: Option<&Path>) -> Result<Console> {
        let interrupt = Interrupt::new();
        let (session, shell, greeting) = learner::open(start, data_dir, interrupt.clone())?;
        Ok(Console::with(
            shell,
            Some(session),
            interrupt,
            Some(greeting),
        ))
    }

    /// A course session on a course already loaded (the browser's bundle).
    pub fn learner_in(course: Course, start: Start<'_>, data_dir: &Path) -> Result<Console> {
        let interrupt = Interrupt::new();
        let opened = learner::open_course(course, start, data_dir, interrupt.clone())?;
        let (mut session, shell, greeting) = opened;
        // A page renders text nodes: no terminal escapes, whatever the host's stdout is.
        session.set_colour(false);
        Ok(Console::with(
            shell,
            Some(session),
            interrupt,
            Some(greeting),
        ))
    }

    fn with(
        shell: Shell,
        learner: Option<LearnerSession>,
        interrupt: Interrupt,
        greeting: Option<String>,
    ) -> Console {
        Console {
            shell: Rc::new(RefCell::new(shell)),
            learner,
            pending: String::new(),
            interrupt,
            interactive: false,
            greeting,
            quit: false,
            quiz_only: false,
        }
    }

    /// Starts the open chapter's quiz in place of the greeting; the console ends when
    /// the quiz does (or at once when there is nothing to ask).
    pub fn begin_quiz(&mut self) {
        self.quiz_only = true;
        let text = self.dot_command(".kuis");
        self.quit = self.quiz_prompt().is_none();
        self.greeting = Some(text);
    }

    /// The course session, when this console is one.
    pub fn session(&self) -> Option<&LearnerSession> {
        self.learner.as_ref()
    }

    pub fn session_mut(&mut self) -> Option<&mut LearnerSession> {
        self.learner.as_mut()
    }

    /// Entries typed at a prompt get a wall-clock limit besides the work budget.
    pub fn set_interactive(&mut self, interactive: bool) {
        self.interactive = interactive;
    }

    /// What to show before the first prompt.
    pub fn greeting(&self) -> Option<&str> {
        self.greeting.as_deref()
    }

    /// The stop request of everything this console runs; raise it to stop an entry.
    pub fn interrupt(&self) -> Interrupt {
        self.interrupt.clone()
    }

    /// The shell, for a front end's completion.
    pub fn shell(&self) -> Rc<RefCell<Shell>> {
        self.shell.clone()
    }

    /// mongosh 2.4 (Node 20) shows `... ` while a statement goes on.
    pub fn prompt(&self) -> String {
        if let Some(prompt) = self.quiz_prompt() {
            return prompt.to_string();
        }
        if self.pending.is_empty() {
            format!("{}> ", self.shell.borrow().current_db())
        } else {
            "... ".to_string()
        }
    }

    /// True when nothing has been typed towards the next entry.
    pub fn is_idle(&self) -> bool {
        self.pending.is_empty()
    }

    /// Drops the entry being typed (Ctrl-C at a continuation prompt).
    pub fn discard_pending(&mut self) {
        self.pending.clear();
    }

    /// True after `exit`, `quit()` or `.exit`.
    pub fn has_quit(&self) -> bool {
        self.quit || self.shell.borrow().has_quit()
    }

    /// Adds a typed line; runs and returns the entry it completes, if any.
    pub fn push_line(&mut self, line: &str) -> Option<Completed> {
        let entry = self.complete_entry(line)?;
        Some(self.run_entry(entry))
    }

    /// The end of the input: what is left runs as it stands.
    pub fn finish(&mut self) -> Option<Completed> {
        let text = std::mem::take(&mut self.pending);
        (!text.trim().is_empty()).then(|| self.run_entry(Entry::Code(text)))
    }

    fn quiz_prompt(&self) -> Option<&'static str> {
        self.learner.as_ref()?.quiz_prompt()
    }

    fn complete_entry(&mut self, line: &str) -> Option<Entry> {
        let leaving = line.split_whitespace().next() == Some(".exit");
        if self.quiz_prompt().is_some() && !leaving {
            return (!line.trim().is_empty()).then(|| Entry::Quiz(line.trim().to_string()));
        }
        if self.pending.is_empty() {
            if is_dot_command(line) {
                return Some(Entry::Dot(line.trim().to_string()));
            }
            if line.trim().is_empty() {
                return None;
            }
        }
        self.pending.push_str(line);
        self.pending.push('\n');
        is_complete(&self.pending).then(|| Entry::Code(std::mem::take(&mut self.pending)))
    }

    /// Runs `text` as one whole entry, as a page submits what its editor holds: a
    /// dot-command when its first line is one, else code (which may be incomplete:
    /// it then fails as mongosh fails on it). What was being typed line by line is
    /// dropped.
    pub fn submit(&mut self, text: &str) -> Option<Completed> {
        self.pending.clear();
        if self.quiz_prompt().is_some() {
            return self.push_line(text);
        }
        if is_dot_command(text) {
            return Some(self.run_entry(Entry::Dot(text.trim().to_string())));
        }
        (!text.trim().is_empty()).then(|| self.run_entry(Entry::Code(text.to_string())))
    }

    /// Runs a book example as `kursus periksa` runs it, answering the text its
    /// `keluaran` block holds (no empty line for `undefined`, no trailing newline).
    /// Not recorded as the learner's answer: the book typed it, not the learner.
    pub fn run_example(&mut self, code: &str) -> String {
        self.interrupt.clear();
        let printed = ShellPort::run_statements(&mut *self.shell.borrow_mut(), code);
        super::grade::trim_output(&super::shell_port::visible_output(&printed))
    }

    fn run_entry(&mut self, entry: Entry) -> Completed {
        self.interrupt.clear();
        match entry {
            Entry::Dot(line) => {
                let text = format!("{}\n", self.dot_command(&line));
                Completed::new(line, vec![span(SpanKind::Course, text)])
            }
            Entry::Code(code) => {
                let spans = self.run_code(&code);
                Completed::new(code.trim_end().to_string(), spans)
            }
            Entry::Quiz(line) => {
                let text = match self.learner.as_mut() {
                    Some(session) => format!("{}\n", session.quiz_line(&line)),
                    None => String::new(),
                };
                self.quit |= self.quiz_only && self.quiz_prompt().is_none();
                Completed::new(line, vec![span(SpanKind::Course, text)])
            }
        }
    }

    fn dot_command(&mut self, line: &str) -> String {
        if line.split_whitespace().next() == Some(".exit") {
            self.quit = true;
            return String::new();
        }
        let mut shell = self.shell.borrow_mut();
        match &mut self.learner {
            Some(session) => session.handle_dot(line, &mut shell),
            None => pesan::cli::perintah_tidak_dikenal(line),
        }
    }

    /// After a known engine error, a line saying what to check: only for a learner at a
    /// prompt in a course session, never in piped or graded output.
    fn error_hint(&self, output: &crate::shell::StatementOutput) -> Option<&'static str> {
        let at_prompt = self.interactive && self.learner.is_some();
        (at_prompt && output.is_error)
            .then(|| pesan::galat::saran(&output.text))
            .flatten()
    }

    /// Runs the entry's statements in order until one is stopped; each is recorded
    /// (stopped or not) as the learner's answer.
    fn run_code(&mut self, code: &str) -> Vec<Span> {
        let mut shell = self.shell.borrow_mut();
        shell.set_time_limit(self.interactive.then_some(crate::shell::TIME_LIMIT));
        let mut out = Vec::new();
        for unit in split::split_units(code) {
            if shell.has_quit() {
                break;
            }
            let output = shell.run_unit(&unit);
            if !(shell.has_quit() && output.text.is_empty()) {
                let kind = if output.is_error {
                    SpanKind::Error
                } else {
                    SpanKind::Output
                };
                out.push(span(kind, output.render(true)));
            }
            if let Some(hint) = self.error_hint(&output) {
                out.push(span(SpanKind::Course, format!("{hint}\n")));
            }
            let note = self
                .learner
                .as_mut()
                .and_then(|s| s.record(&unit, output.stopped.is_some()));
            if let Some(note) = note {
                out.push(span(SpanKind::Course, format!("{note}\n")));
            }
            if output.stopped.is_some() {
                break;
            }
        }
        out
    }
}

/// Something to evaluate.
enum Entry {
    Dot(String),
    Code(String),
    /// A line typed while the chapter quiz waits for an answer.
    Quiz(String),
}

/// Whether `text` (the lines typed so far) is an entry to run, as the REPL decides: a
/// complete statement, a shell command, or input that can never become valid.
pub fn is_complete(text: &str) -> bool {
    split::is_shell_command(text.trim()) || split::is_complete(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(console: &mut Console, input: &[&str]) -> Vec<Option<Completed>> {
        input.iter().map(|l| console.push_line(l)).collect()
    }

    #[test]
    fn a_body_on_the_next_line_joins_its_statement() {
        let mut console = Console::plain();
        let got = lines(&mut console, &["if (true)", "print(1)"]);
        assert!(got[0].is_none());
        let done = got[1].clone().expect("complete");
        assert_eq!(done.entry, "if (true)\nprint(1)");
        assert_eq!(done.output, "1\n\n");
        assert!(console.is_idle());
    }

    #[test]
    fn an_input_that_can_never_complete_is_an_entry_at_once() {
        let mut console = Console::plain();
        let done = console.push_line("({ a: 1 ]").expect("complete");
        assert_eq!(done.entry, "({ a: 1 ]");
        assert!(done.output.contains("SyntaxError"), "{}", done.output);
    }

    #[test]
    fn dot_commands_only_start_an_entry() {
        let mut console = Console::plain();
        let dot = console.push_line(".periksa").expect("a dot-command");
        assert_eq!(dot.entry, ".periksa");
        assert!(console.push_line("[").is_none());
        assert!(console.push_line(".5").is_none());
        assert_eq!(console.push_line("]").expect("complete").entry, "[\n.5\n]");
    }

    #[test]
    fn a_raised_interrupt_stops_the_entry_and_the_session_goes_on() {
        let mut console = Console::plain();
        console.push_line("const x = 42");
        let interrupt = console.interrupt();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            interrupt.request();
        });
        let stopped = console.push_line("while (true) {}").expect("complete");
        raiser.join().unwrap();
        assert_eq!(stopped.output, "Stopping execution...\n");
        assert_eq!(console.push_line("x").expect("complete").output, "42\n");
    }

    #[test]
    fn dot_exit_quits() {
        let mut console = Console::plain();
        console.push_line(".exit");
        assert!(console.has_quit());
    }
}
