//! BatchExecuteStatement: up to 25 statements, each answered on its own (an
//! error is that statement's `Error`), all reads by key or all writes.

use serde_json::{json, Map, Value};

use super::statement::Statement;
use super::{parse_entry, short_code};
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::Engine;

const BATCH_READ_REFUSAL: &str =
    "Select statements within BatchExecuteStatement must specify the primary key in the where clause.";

fn error_entry(err: &DynamoError) -> Value {
    json!({ "Error": { "Code": short_code(&err.code), "Message": err.message } })
}

type Parsed = DResult<(Statement, Vec<Value>)>;

/// The list of statements a request carries under `member`.
pub(crate) fn statements_of(req: &Value, member: &str) -> Vec<Value> {
    req.get(member)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// A batch is all reads or all writes (statements that did not parse aside).
fn refuse_mixed(parsed: &[Parsed]) -> DResult<()> {
    let reads = parsed.iter().flatten().filter(|(s, _)| s.is_read()).count();
    let writes = parsed.iter().flatten().count() - reads;
    if reads > 0 && writes > 0 {
        return Err(DynamoError::validation(
            "Read and write requests together in the same batch is not supported.",
        ));
    }
    Ok(())
}

/// The tables the statements name, each once, for the request log.
fn batch_answer(responses: Vec<Value>, capacity: Map<String, Value>) -> Value {
    let mut out = json!({ "Responses": responses });
    if !capacity.is_empty() {
        let list: Vec<Value> = capacity
            .into_iter()
            .map(|(t, u)| json!({ "TableName": t, "CapacityUnits": u }))
            .collect();
        out["ConsumedCapacity"] = Value::Array(list);
    }
    out
}

/// Capacity of the statements, summed per table in the order they were met.
fn add_capacity(total: &mut Map<String, Value>, consumed: Option<&Value>) {
    let Some(c) = consumed else { return };
    let table = c
        .get("TableName")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let units = c
        .get("CapacityUnits")
        .and_then(Value::as_f64)
        .unwrap_or(0.0);
    let before = total.get(table).and_then(Value::as_f64).unwrap_or(0.0);
    total.insert(table.to_string(), json!(before + units));
}

impl Engine {
    pub(in crate::engine::dynamo) fn batch_execute_statement(
        &mut self,
        req: &Value,
    ) -> DResult<Value> {
        let entries = statements_of(req, "Statements");
        let parsed: Vec<Parsed> = entries.iter().map(parse_entry).collect();
        refuse_mixed(&parsed)?;
        let tables = super::tables_named(parsed.iter().flatten().map(|(st, _)| st));
        let mut capacity = Map::new();
        let mut responses = Vec::new();
        for (entry, statement) in entries.iter().zip(parsed) {
            let answer =
                statement.and_then(|(st, params)| self.batch_one(&st, &params, entry, req));
            responses.push(match answer {
                Ok((body, consumed)) => {
                    add_capacity(&mut capacity, consumed.as_ref());
                    body
                }
                Err(e) => error_entry(&e),
            });
        }
        self.current.operation = "BatchExecuteStatement".into();
        self.current.table = tables;
        self.current.count = None;
        // Each GetItem recorded only its own item.
        self.current.returned = responses.iter().filter(|r| r.get("Item").is_some()).count() as u64;
        Ok(batch_answer(responses, capacity))
    }

    /// One statement of a batch: its response entry and the capacity it used.
    fn batch_one(
        &mut self,
        st: &Statement,
        params: &[Value],
        entry: &Value,
        req: &Value,
    ) -> DResult<(Value, Option<Value>)> {
        let mut member = entry.clone();
        super::copy_members(req, &mut member, &["ReturnConsumedCapacity"]);
        let table = st.table().to_string();
        if let Statement::Select(s) = st {
            let read = self.keyed_read(s, params, BATCH_READ_REFUSAL)?;
            let (item, consumed) = self.read_one(s, params, read, &member)?;
            let mut body = json!({ "TableName": table });
            if let Some(i) = item {
                body["Item"] = i;
            }
            return Ok((body, consumed));
        }
        let out = self.run_write(st, params, &member)?;
        Ok((
            json!({ "TableName": table }),
            out.get("ConsumedCapacity").cloned(),
        ))
    }
}
