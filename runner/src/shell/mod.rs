//! The shell: mongosh's JavaScript REPL semantics on boa, over the engines.
//!
//! The course layer and the CLI talk only to [`Shell`]. Input is split into units
//! the way mongosh's REPL consumes pasted lines ([`split`]); each unit is either a
//! shell command ([`commands`]) or JavaScript, whose value goes through the
//! writer ([`writer`]) and the printer.
//!
//! Extending the shell with more globals (e.g. a DynamoDB client): add a module
//! that calls [`natives::register_native`] for its native functions and evaluates
//! its own JavaScript with [`Shell::install_prelude`]; native functions reach the
//! engines through [`engines::session_from`]`(ctx)` → `session.borrow().engines`.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::{Context, JsNativeError, JsResult, JsValue, Script, Source};

use crate::pesan::shell as pesan;

mod bson_conv;
mod budget;
mod codec;
mod commands;
mod compiled;
mod continuation;
mod convert;
mod dynamo;
mod dynamo_aids;
mod ejson;
mod engines;
mod errors;
mod heritage;
mod jsutil;
mod lexical;
mod limits;
mod natives;
mod nesting;
mod panics;
mod prelude;
pub mod split;
mod syntax;
mod v8_messages;
mod writer;

#[cfg(test)]
mod api_tests;

pub use crate::engine::dynamo::RequestForm as DynamoRequestForm;
pub use crate::engine::dynamo::RequestRecord as DynamoRequestRecord;
pub use crate::engine::mongo::{CommandRecord, PlanRecord};
pub use budget::{Interrupt, Stop, DATA_CAP_BYTES, DATA_CAP_ENV, TIME_LIMIT, WORK_STEPS};
pub use engines::{EngineHandle, Engines, Session, SessionHandle};
pub use panics::{InjectedPanic, PanicTrigger};

/// How a shell session starts.
#[derive(Debug, Clone, Default)]
pub struct ShellOptions {
    /// First generated ObjectId (the next ones increment its counter bytes).
    pub objectid_seed: Option<[u8; 12]>,
    /// The stop request this shell obeys, shared with its front end (a fresh one if
    /// `None`).
    pub interrupt: Option<Interrupt>,
}

/// What one top-level statement printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementOutput {
    /// The unit's source text.
    pub source: String,
    /// Everything printed, without the final `"\n"`: lines written by `print` and
    /// warnings first, then the value's text (empty for `undefined`).
    pub text: String,
    pub is_error: bool,
    /// The value was `undefined`, so its line is the empty last line of `text`.
    pub is_undefined: bool,
    /// Every statement of the unit is an expression statement (shell commands too).
    pub is_expression: bool,
    /// The statement was stopped before its end (Ctrl-C or a limit); what it wrote to
    /// the engines before that stays.
    pub stopped: Option<Stop>,
}

impl StatementOutput {
    /// The output as mongosh prints it, optionally without the empty line of an
    /// `undefined` value (as the book's keluaran blocks are written).
    pub fn render(&self, keep_undefined_line: bool) -> String {
        if self.is_undefined && !keep_undefined_line {
            let printed = self.text.strip_suffix('\n').unwrap_or("");
            return if printed.is_empty() && self.text.is_empty() {
                String::new()
            } else {
                format!("{printed}\n")
            };
        }
        format!("{}\n", self.text)
    }
}

/// Errors of the Rust-facing API (not of learner code, which prints its errors).
#[derive(Debug, thiserror::Error)]
pub enum ShellError {
    #[error("{0}")]
    Mongo(#[from] crate::engine::mongo::MongoError),
    #[error("{0}")]
    Dynamo(#[from] crate::engine::dynamo::DynamoError),
    #[error("{}", pesan::kesalahan_javascript(.0))]
    Script(String),
}

/// A context with the shell's limits and session data and no globals yet.
fn bare_context(session: &SessionHandle, interrupt: &Interrupt) -> Context {
    let mut ctx = Context::default();
    limits::apply(&mut ctx);
    ctx.set_interrupt_flag(Some(interrupt.flag()));
    ctx.insert_data(session.clone());
    ctx
}

/// One learner session: a JavaScript context, the current database, the engines.
pub struct Shell {
    ctx: Context,
    session: SessionHandle,
    current_db: String,
    panics: panics::PanicLog,
    interrupt: Interrupt,
    /// The wall-clock limit of each unit, for entries typed at a prompt.
    time_limit: Option<std::time::Duration>,
}

impl Shell {
    pub fn new(options: ShellOptions) -> Self {
        let engines: EngineHandle = Rc::new(RefCell::new(Engines::new(options.objectid_seed)));
        let session = Rc::new(RefCell::new(Session {
            engines,
            out: String::new(),
            quit: false,
        }));
        let interrupt = options.interrupt.unwrap_or_default();
        let mut shell = Shell {
            ctx: bare_context(&session, &interrupt),
            session,
            current_db: String::new(),
            panics: panics::PanicLog::default(),
            interrupt,
            time_limit: None,
        };
        shell.install_globals();
        shell.use_db("test");
        shell
    }

    fn install_globals(&mut self) {
        if let Err(e) = prelude::install(&mut self.ctx) {
            // The prelude is ours; a failure is a bug worth seeing at once.
            eprintln!("{}", pesan::kesalahan_prelude_shell(e));
        }
        if let Err(e) = dynamo::install(self) {
            eprintln!("{}", pesan::kesalahan_prelude_dynamodb(e));
        }
    }

    /// Runs `f` with fresh JavaScript globals over the same engines and database; the
    /// globals from before are back afterwards. Design grading calls each read pattern
    /// this way, so an answer kept in a variable while loading cannot stand in for a
    /// read of the database.
    pub fn with_fresh_globals<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let fresh = bare_context(&self.session, &self.interrupt);
        let kept = std::mem::replace(&mut self.ctx, fresh);
        self.install_globals();
        let db = self.current_db.clone();
        self.use_db(&db);
        let result = f(self);
        self.ctx = kept;
        result
    }

    /// Evaluates a whole script as if typed line by line, and returns exactly what
    /// mongosh would print (no prompts, no echoed input).
    pub fn run_script(&mut self, source: &str) -> String {
        self.run_statements(source)
            .iter()
            .map(|s| s.render(true))
            .collect()
    }

    /// Same, one entry per top-level unit.
    pub fn run_statements(&mut self, source: &str) -> Vec<StatementOutput> {
        let mut outputs = Vec::new();
        for unit in split::split_units(source) {
            if self.has_quit() {
                break;
            }
            let output = self.run_unit(&unit);
            if !self.has_quit() || !output.text.is_empty() {
                outputs.push(output);
            }
        }
        outputs
    }

    /// Evaluates one complete unit (what the REPL does when Enter completes it).
    pub fn run_unit(&mut self, unit: &str) -> StatementOutput {
        self.session.borrow_mut().out.clear();
        // The log leaves the shell while the unit runs, which needs all of it.
        let mut panics = std::mem::take(&mut self.panics);
        let clock = self
            .time_limit
            .map(|limit| budget::start_clock(&self.interrupt, limit));
        self.ctx.reset_work();
        let flag = Some(self.interrupt.flag());
        let result = crate::engine::interrupt::with_flag(flag, || {
            panics.guard(unit, || self.dispatch(unit))
        });
        drop(clock);
        self.panics.absorb(panics);
        let stopped = budget::stop_of(&self.interrupt, self.ctx.work_done());
        let (value_text, is_error, is_undefined) = match stopped {
            Some(stop) => (errors::stop_message(stop), true, false),
            None => result.unwrap_or_else(|| (pesan::KESALAHAN_INTERNAL.to_string(), true, false)),
        };
        let printed = std::mem::take(&mut self.session.borrow_mut().out);
        StatementOutput {
            source: unit.to_string(),
            text: format!("{printed}{value_text}"),
            is_error,
            is_undefined,
            is_expression: split::is_shell_command(unit) || syntax::is_expression_unit(unit),
            stopped,
        }
    }

    /// The stop request this shell obeys (raise it to stop the running statement).
    pub fn interrupt(&self) -> Interrupt {
        self.interrupt.clone()
    }

    /// Gives every later unit a wall-clock limit (entries typed at a prompt), or none.
    pub fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.time_limit = limit;
    }

    fn dispatch(&mut self, unit: &str) -> (String, bool, bool) {
        if split::is_shell_command(unit) {
            commands::run(self, unit.trim())
        } else {
            self.eval_js(unit)
        }
    }

    /// (text, is_error, is_undefined) of one JavaScript unit.
    fn eval_js(&mut self, unit: &str) -> (String, bool, bool) {
        let script = match Script::parse(Source::from_bytes(unit), None, &mut self.ctx) {
            Ok(script) => script,
            Err(err) => return (syntax::describe(err, unit, &mut self.ctx), true, false),
        };
        let evaluated = script.evaluate(&mut self.ctx);
        self.ctx.clear_kept_objects();
        self.expose_lexicals(unit);
        match evaluated {
            Ok(value) => {
                let value = syntax::declared_value(unit, value, &mut self.ctx);
                if let Err(err) = syntax::completion_named(unit, &value, &mut self.ctx) {
                    return (errors::format_thrown(err, unit, &mut self.ctx), true, false);
                }
                heritage::note(unit, &value, &mut self.ctx);
                match writer::format_result(&value, &mut self.ctx) {
                    Ok(text) => (text, false, value.is_undefined()),
                    Err(err) => (errors::format_thrown(err, unit, &mut self.ctx), true, false),
                }
            }
            Err(err) => (errors::format_thrown(err, unit, &mut self.ctx), true, false),
        }
    }

    /// Earlier units' functions reach this unit's top-level bindings (see `lexical`).
    fn expose_lexicals(&mut self, unit: &str) {
        let names = lexical::top_level_names(unit);
        if let Some(code) = lexical::accessors(&names) {
            self.eval_quiet(&code);
        }
    }

    /// Panics caught while running units (each was shown to the learner as an internal
    /// error and the session went on). Anything above zero is a bug.
    pub fn caught_panics(&self) -> usize {
        self.panics.caught()
    }

    /// Makes every unit for which `trigger` is true panic inside the guard, as a bug in
    /// the shell would. Only Rust code can set it and the binary never does, so learner
    /// input cannot reach it: it lets tests prove that they notice a caught panic.
    pub fn inject_panic(&mut self, trigger: PanicTrigger) {
        self.panics.set_trigger(trigger);
    }

    /// True once `exit`/`quit` ran.
    pub fn has_quit(&self) -> bool {
        self.session.borrow().quit
    }

    pub fn use_db(&mut self, db: &str) {
        self.current_db = db.to_string();
        let code = format!(
            "globalThis.db = __shell.database({});",
            js_string_literal(db)
        );
        if let Err(e) = self.ctx.eval(Source::from_bytes(&code)) {
            eprintln!("{}", pesan::kesalahan_use(e));
        }
    }

    pub fn current_db(&self) -> String {
        self.current_db.clone()
    }

    /// The engines of this session (shared with the JavaScript globals).
    pub fn engines(&self) -> EngineHandle {
        self.session.borrow().engines.clone()
    }

    /// Ends the session and hands its engines over, with whatever they hold, to a caller
    /// that serves them elsewhere (`kursus layani`). The JavaScript globals still refer
    /// to the shared handle, so the engines are moved out of it and it keeps fresh ones.
    pub fn into_engines(self) -> Engines {
        let handle = self.engines();
        let mut shared = handle.borrow_mut();
        std::mem::replace(&mut *shared, Engines::new(None))
    }

    /// Inserts documents directly (dataset loading), bypassing the shell.
    pub fn load_collection(
        &mut self,
        db: &str,
        coll: &str,
        docs: Vec<bson::Document>,
    ) -> Result<(), ShellError> {
        let engines = self.engines();
        let mut engines = engines.borrow_mut();
        for chunk in docs.chunks(1000) {
            let documents: Vec<bson::Bson> =
                chunk.iter().cloned().map(bson::Bson::Document).collect();
            let reply = engines.mongo.run_command(
                db,
                bson::doc! { "insert": coll, "documents": documents, "ordered": true },
            )?;
            if let Ok(errors) = reply.get_array("writeErrors") {
                if let Some(first) = errors.first() {
                    return Err(ShellError::Script(format!("{first}")));
                }
            }
        }
        Ok(())
    }

    /// Runs one DynamoDB action directly (dataset loading).
    pub fn dynamo_execute(
        &mut self,
        action: &str,
        req: serde_json::Value,
    ) -> Result<serde_json::Value, ShellError> {
        let engines = self.engines();
        let result = engines.borrow_mut().dynamo.execute(action, req);
        Ok(result?)
    }

    /// Query plans the document engine chose since the last call (for grading).
    pub fn take_plan_log(&mut self) -> Vec<PlanRecord> {
        self.engines().borrow_mut().mongo.take_plan_log()
    }

    /// Commands the document engine ran since the last call (for grading).
    pub fn take_command_log(&mut self) -> Vec<CommandRecord> {
        self.engines().borrow_mut().mongo.take_command_log()
    }

    /// Every document of `db.coll` in natural order, and its indexes as
    /// `listIndexes` describes them (for grading the resulting state).
    pub fn collection_state(
        &mut self,
        db: &str,
        coll: &str,
    ) -> (Vec<bson::Document>, Vec<bson::Document>) {
        let engines = self.engines();
        let mut engines = engines.borrow_mut();
        let docs = engines.mongo.collection_documents(db, coll);
        let reply = engines.mongo.run_command(
            db,
            bson::doc! { "listIndexes": coll, "cursor": { "batchSize": 1000 } },
        );
        let indexes = reply
            .ok()
            .and_then(|r| {
                r.get_document("cursor")
                    .ok()?
                    .get_array("firstBatch")
                    .ok()
                    .cloned()
            })
            .unwrap_or_default()
            .into_iter()
            .filter_map(|b| b.as_document().cloned())
            .collect();
        engines.mongo.take_command_log();
        (docs, indexes)
    }

    /// DynamoDB requests made since the last call (for grading).
    pub fn take_dynamo_log(&mut self) -> Vec<DynamoRequestRecord> {
        self.engines().borrow_mut().dynamo.take_request_log()
    }

    /// Evaluates one of our own JavaScript preludes (for modules adding globals).
    pub fn install_prelude(&mut self, code: &'static str) -> Result<(), ShellError> {
        compiled::eval(&mut self.ctx, code)
            .map(|_| ())
            .map_err(|e| ShellError::Script(e.to_string()))
    }

    /// The JavaScript context, for modules that register globals.
    pub fn context(&mut self) -> &mut Context {
        &mut self.ctx
    }

    /// Evaluates one JavaScript expression and returns its value as JSON, or the error
    /// as mongosh would print it. Grading of design exercises calls the learner's access
    /// patterns this way: they return plain values, compared as data, not as text.
    pub fn eval_json(&mut self, code: &str) -> Result<serde_json::Value, String> {
        self.json_of(code, |ctx| ctx.eval(Source::from_bytes(code)))
    }

    /// Calls the function `function` evaluates to with `args` as JavaScript values, and
    /// returns its result as JSON. The arguments never go through the parser: boa's
    /// `JSON.parse` compiles its text as a script, about 50 ms for 1,000 small records.
    pub fn call_json(
        &mut self,
        function: &str,
        args: &[serde_json::Value],
    ) -> Result<serde_json::Value, String> {
        self.json_of(function, |ctx| call_with_json(ctx, function, args))
    }

    /// What `run` returns, as JSON, or what it threw as the shell shows it (`code` is
    /// the JavaScript it runs, for the panic log and the error text). Nothing it prints
    /// reaches the session's output.
    fn json_of(
        &mut self,
        code: &str,
        run: impl FnOnce(&mut Context) -> JsResult<JsValue>,
    ) -> Result<serde_json::Value, String> {
        self.session.borrow_mut().out.clear();
        let mut panics = std::mem::take(&mut self.panics);
        self.ctx.reset_work();
        let flag = Some(self.interrupt.flag());
        let result = crate::engine::interrupt::with_flag(flag, || {
            panics.guard(code, || self.json_unguarded(code, run))
        });
        self.panics.absorb(panics);
        self.session.borrow_mut().out.clear();
        result.unwrap_or_else(|| Err(pesan::KESALAHAN_INTERNAL.to_string()))
    }

    fn json_unguarded(
        &mut self,
        code: &str,
        run: impl FnOnce(&mut Context) -> JsResult<JsValue>,
    ) -> Result<serde_json::Value, String> {
        let evaluated = run(&mut self.ctx).and_then(|value| value.to_json(&mut self.ctx));
        self.ctx.clear_kept_objects();
        match evaluated {
            Ok(value) => Ok(value.unwrap_or(serde_json::Value::Null)),
            Err(err) => Err(errors::format_thrown(err, code, &mut self.ctx)),
        }
    }

    /// Names of the collections of the current database (for completion).
    pub fn collection_names(&mut self) -> Vec<String> {
        commands::collection_names(self).unwrap_or_default()
    }

    fn eval_quiet(&mut self, code: &str) -> Option<JsValue> {
        self.ctx.eval(Source::from_bytes(code)).ok()
    }
}

/// Calls what `function` evaluates to with `args` converted in Rust.
fn call_with_json(
    ctx: &mut Context,
    function: &str,
    args: &[serde_json::Value],
) -> JsResult<JsValue> {
    let callee = ctx.eval(Source::from_bytes(function))?;
    let values = args
        .iter()
        .map(|a| JsValue::from_json(a, ctx))
        .collect::<JsResult<Vec<_>>>()?;
    match callee.as_callable() {
        Some(f) => f.call(&JsValue::undefined(), &values, ctx),
        None => Err(JsNativeError::typ()
            .with_message(format!("{function} is not a function"))
            .into()),
    }
}

/// A JSON string literal is a valid JavaScript string literal.
fn js_string_literal(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "''".to_string())
}
