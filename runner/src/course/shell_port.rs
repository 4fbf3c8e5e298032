//! What the course needs from a shell session. The course talks to `shell::Shell`
//! only through this trait, so grading can also be exercised against a small fake.

use serde_json::Value;

pub use crate::shell::DynamoRequestForm;

/// One top-level statement's printed output.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Printed {
    /// What the learner sees, without the empty line an `undefined` value prints
    /// (lines written by `print` stay).
    pub text: String,
    pub is_error: bool,
    pub is_undefined: bool,
    /// An expression statement (not a declaration, assignment, loop or block): its
    /// requests are looking around unless it is the graded answer.
    pub is_expression: bool,
}

/// How one query was executed (from the document engine's plan log).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    pub ns: String,
    /// `COLLSCAN`, `IXSCAN`, `IDHACK`, `EOF`.
    pub stage: String,
    /// The key pattern of the index used (`{ _id: 1 }` for IDHACK).
    pub index_key: Option<bson::Document>,
    pub docs_examined: u64,
    pub n_returned: u64,
}

/// One command the document engine ran (`find`, `aggregate`, `update`, ...).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Command {
    pub name: String,
    pub ns: String,
    /// Documents its reply handed to the shell.
    pub delivered: u64,
    /// An aggregate's stage names in order; empty for other commands.
    pub stages: Vec<String>,
}

/// One DynamoDB request (from the shell's request log).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DynamoRequest {
    pub operation: String,
    pub table: String,
    pub consumed_rcu: f64,
    pub count: Option<u64>,
    pub scanned_count: Option<u64>,
    /// Items the response carried back (none with `Select: 'COUNT'`).
    pub returned: u64,
    /// A further page of an earlier request (`ExclusiveStartKey` given).
    pub continued: bool,
    /// Expressions, a legacy parameter or PartiQL.
    pub form: DynamoRequestForm,
    /// The expression parameters the request carried.
    pub expressions: Vec<&'static str>,
}

/// A collection as it stands: documents in natural order and `listIndexes` entries.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CollectionState {
    pub docs: Vec<bson::Document>,
    pub indexes: Vec<bson::Document>,
}

pub trait ShellPort {
    /// Runs a script; one entry per top-level statement.
    fn run_statements(&mut self, source: &str) -> Vec<Printed>;
    fn load_collection(
        &mut self,
        db: &str,
        coll: &str,
        docs: Vec<bson::Document>,
    ) -> Result<(), String>;
    fn dynamo_execute(&mut self, action: &str, request: Value) -> Result<Value, String>;
    fn use_db(&mut self, db: &str);
    fn take_plan_log(&mut self) -> Vec<Plan>;
    fn take_command_log(&mut self) -> Vec<Command>;
    fn take_dynamo_log(&mut self) -> Vec<DynamoRequest>;
    fn collection_state(&mut self, db: &str, coll: &str) -> CollectionState;
    /// The value of one JavaScript expression as JSON, or the error text.
    fn eval_json(&mut self, code: &str) -> Result<Value, String> {
        Err(code.to_string())
    }
    /// The result, as JSON, of calling the function that `function` (an expression)
    /// evaluates to with `args` as JavaScript values, or the error text.
    fn call_json(&mut self, function: &str, _args: &[Value]) -> Result<Value, String> {
        Err(function.to_string())
    }
    /// Runs `f` with fresh JavaScript globals over the same engines; the globals from
    /// before are back afterwards.
    fn with_fresh_globals<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T
    where
        Self: Sized,
    {
        f(self)
    }
    /// The collections of the current database.
    fn collection_names(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// Makes fresh sessions, each with the given ObjectId seed.
pub trait ShellFactory {
    type Shell: ShellPort;
    fn create(&self, seed: Option<[u8; 12]>) -> Self::Shell;
    /// The learner asked the running work (grading, restoring) to stop.
    fn interrupted(&self) -> bool {
        false
    }
}

impl<S: ShellPort, F: Fn(Option<[u8; 12]>) -> S> ShellFactory for F {
    type Shell = S;
    fn create(&self, seed: Option<[u8; 12]>) -> S {
        self(seed)
    }
}

/// What a script printed, with the empty lines of `undefined` values left out, as the
/// book's keluaran blocks are written.
pub fn visible_output(printed: &[Printed]) -> String {
    let lines: Vec<&str> = printed
        .iter()
        .filter(|p| !(p.is_undefined && p.text.is_empty()))
        .map(|p| p.text.as_str())
        .collect();
    lines.join("\n")
}
