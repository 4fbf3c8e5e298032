//! PartiQL for DynamoDB: `ExecuteStatement`, `BatchExecuteStatement` and
//! `ExecuteTransaction`. Statements are parsed here and run as the requests they
//! amount to (Query, Scan, GetItem, PutItem, UpdateItem, DeleteItem, and the
//! transactions), so their conditions, checks and units are the engine's own.

mod batch;
mod lexer;
mod parser;
mod plan;
mod read;
mod select;
mod statement;
#[cfg(test)]
mod tests;
mod token;
mod transaction;
mod write;

pub(crate) use parser::parse;
pub(crate) use statement::Statement;

use serde_json::Value;

use super::errors::{DResult, DynamoError};
use super::Engine;

pub(crate) fn syntax_error(detail: &str) -> DynamoError {
    DynamoError::validation(format!(
        "Statement wasn't well formed, can't be processed: {detail}"
    ))
}

/// A parameter list's values, each an AttributeValue.
fn parameters(entry: &Value) -> Vec<Value> {
    entry
        .get("Parameters")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// One `{Statement, Parameters}` parsed, its parameters counted against its `?`s.
pub(crate) fn parse_entry(entry: &Value) -> DResult<(Statement, Vec<Value>)> {
    let text = entry
        .get("Statement")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let (statement, wanted) = parse(text)?;
    let params = parameters(entry);
    if params.len() != wanted {
        return Err(plan::parameter_count());
    }
    Ok((statement, params))
}

/// A batch entry's error code: the exception's name without `Exception`, and
/// `ValidationError` for a validation failure.
pub(crate) fn short_code(code: &str) -> String {
    match code {
        "ValidationException" => "ValidationError".into(),
        other => other.strip_suffix("Exception").unwrap_or(other).into(),
    }
}

impl Engine {
    pub(in crate::engine::dynamo) fn execute_statement(&mut self, req: &Value) -> DResult<Value> {
        let (statement, params) = parse_entry(req)?;
        match &statement {
            Statement::Select(s) => self.run_select(s, &params, req),
            _ if req.get("NextToken").is_some() => Err(DynamoError::validation(
                "NextToken is only valid on a SELECT statement",
            )),
            write => self.run_write(write, &params, req),
        }
    }
}

/// Carries the request's `members` that are set over to the request a statement runs as.
fn copy_members(from: &Value, to: &mut Value, members: &[&str]) {
    for member in members {
        if let Some(v) = from.get(*member) {
            to[*member] = v.clone();
        }
    }
}

/// The tables a batch or transaction names, each once, for its request record.
fn tables_named<'a>(statements: impl Iterator<Item = &'a Statement>) -> String {
    let mut tables: Vec<&str> = Vec::new();
    for st in statements {
        if !tables.contains(&st.table()) {
            tables.push(st.table());
        }
    }
    tables.join(",")
}
