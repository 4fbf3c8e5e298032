//! The course's view of the real `shell::Shell`.

use super::shell_port::{
    CollectionState, Command, DynamoRequest, Plan, Printed, ShellFactory, ShellPort,
};
use crate::pesan::shell as pesan;
use crate::shell::{Interrupt, PlanRecord, Shell, ShellOptions, StatementOutput};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

pub type RealShell = Shell;

pub fn factory(seed: Option<[u8; 12]>) -> Shell {
    Shell::new(ShellOptions {
        objectid_seed: seed,
        ..ShellOptions::default()
    })
}

/// Shells for one learner's session: every one obeys the session's stop request, so
/// Ctrl-C during grading stops the replays too.
#[derive(Debug, Clone, Default)]
pub struct SessionFactory {
    pub interrupt: Interrupt,
}

impl ShellFactory for SessionFactory {
    type Shell = Shell;

    fn create(&self, seed: Option<[u8; 12]>) -> Shell {
        Shell::new(ShellOptions {
            objectid_seed: seed,
            interrupt: Some(self.interrupt.clone()),
        })
    }

    fn interrupted(&self) -> bool {
        self.interrupt.is_requested()
    }
}

/// Dataset loading talks to the engines directly; an engine bug must not take the
/// learner's session down with it.
fn guarded<T>(what: &str, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err(pesan::kesalahan_internal_mesin(what)))
}

fn printed(output: StatementOutput) -> Printed {
    let text = if output.is_undefined {
        output.text.strip_suffix('\n').unwrap_or("").to_string()
    } else {
        output.text
    };
    Printed {
        text,
        is_error: output.is_error,
        is_undefined: output.is_undefined,
        is_expression: output.is_expression,
    }
}

impl ShellPort for Shell {
    fn run_statements(&mut self, source: &str) -> Vec<Printed> {
        Shell::run_statements(self, source)
            .into_iter()
            .map(printed)
            .collect()
    }

    fn load_collection(
        &mut self,
        db: &str,
        coll: &str,
        docs: Vec<bson::Document>,
    ) -> Result<(), String> {
        guarded(pesan::MEMUAT_KOLEKSI, || {
            Shell::load_collection(self, db, coll, docs).map_err(|e| e.to_string())
        })
    }

    fn dynamo_execute(&mut self, action: &str, request: Value) -> Result<Value, String> {
        guarded(pesan::MEMUAT_TABEL, || {
            Shell::dynamo_execute(self, action, request).map_err(|e| e.to_string())
        })
    }

    fn use_db(&mut self, db: &str) {
        Shell::use_db(self, db)
    }

    fn take_plan_log(&mut self) -> Vec<Plan> {
        Shell::take_plan_log(self).into_iter().map(plan).collect()
    }

    fn take_command_log(&mut self) -> Vec<Command> {
        Shell::take_command_log(self)
            .into_iter()
            .filter(|c| c.ok)
            .map(|c| Command {
                name: c.name,
                ns: c.ns,
                delivered: c.delivered,
                stages: c.stages,
            })
            .collect()
    }

    fn take_dynamo_log(&mut self) -> Vec<DynamoRequest> {
        Shell::take_dynamo_log(self)
            .into_iter()
            .filter(|r| r.ok)
            .map(|r| DynamoRequest {
                operation: r.operation,
                table: r.table,
                consumed_rcu: r.read_units,
                count: r.count,
                scanned_count: r.scanned_count,
                returned: r.returned,
                continued: r.continued,
                form: r.form,
                expressions: r.expressions,
            })
            .collect()
    }

    fn eval_json(&mut self, code: &str) -> Result<Value, String> {
        Shell::eval_json(self, code)
    }

    fn call_json(&mut self, function: &str, args: &[Value]) -> Result<Value, String> {
        Shell::call_json(self, function, args)
    }

    fn collection_names(&mut self) -> Vec<String> {
        Shell::collection_names(self)
    }

    fn with_fresh_globals<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        Shell::with_fresh_globals(self, f)
    }

    fn collection_state(&mut self, db: &str, coll: &str) -> CollectionState {
        let (docs, indexes) = Shell::collection_state(self, db, coll);
        CollectionState { docs, indexes }
    }
}

fn plan(record: PlanRecord) -> Plan {
    Plan {
        ns: record.ns,
        stage: record.stage,
        index_key: record.index_key,
        docs_examined: record.docs_examined,
        n_returned: record.n_returned,
    }
}
