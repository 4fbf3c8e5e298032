//! The shell: mongosh's JavaScript REPL semantics on boa, over the engines.
//!
//! The course layer and the CLI talk only to [`Shell`].

/// How a shell session starts.
#[derive(Debug, Clone, Default)]
pub struct ShellOptions {
    /// First generated ObjectId (the next ones increment its counter bytes).
    pub objectid_seed: Option<[u8; 12]>,
}

/// One learner session: a JavaScript context, the current database, the engines.
pub struct Shell {}

impl Shell {
    pub fn new(_options: ShellOptions) -> Self {
        todo!()
    }

    /// Evaluates a whole script as if typed line by line, and returns exactly what
    /// mongosh would print (no prompts, no echoed input).
    pub fn run_script(&mut self, _source: &str) -> String {
        todo!()
    }
}
