//! The course's view of the real `shell::Shell`. Until the shell's public API lands
//! this factory only reports that grading is unavailable.

use super::shell_port::{DynamoRequest, Plan, Printed, ShellPort};
use serde_json::Value;

/// Stand-in used until the shell lands: every call reports it is unavailable.
pub struct Unavailable;

pub type RealShell = Unavailable;

const MESSAGE: &str = "shell belum tersedia di versi ini";

impl ShellPort for Unavailable {
    fn run_statements(&mut self, _source: &str) -> Vec<Printed> {
        vec![Printed {
            text: MESSAGE.to_string(),
            is_error: true,
            is_undefined: false,
        }]
    }
    fn load_collection(
        &mut self,
        _db: &str,
        _coll: &str,
        _docs: Vec<bson::Document>,
    ) -> Result<(), String> {
        Err(MESSAGE.to_string())
    }
    fn dynamo_execute(&mut self, _action: &str, _request: Value) -> Result<Value, String> {
        Err(MESSAGE.to_string())
    }
    fn use_db(&mut self, _db: &str) {}
    fn take_plan_log(&mut self) -> Vec<Plan> {
        Vec::new()
    }
    fn take_dynamo_log(&mut self) -> Vec<DynamoRequest> {
        Vec::new()
    }
}

pub fn factory(_seed: Option<[u8; 12]>) -> Unavailable {
    Unavailable
}
