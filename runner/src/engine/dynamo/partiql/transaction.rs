//! ExecuteTransaction: up to 100 statements applied all or none, as the
//! TransactWriteItems (or TransactGetItems) they amount to; a `ClientRequestToken`
//! makes a retry answer as the first time, as it does there.

use serde_json::{json, Value};

use super::batch::statements_of;
use super::parse_entry;
use super::read::{meets, shaped, KeyedRead};
use super::statement::{Cond, Select, Statement};
use super::write::duplicate_item;
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::Engine;

type Parsed = Vec<(Statement, Vec<Value>)>;

fn mixed() -> DynamoError {
    DynamoError::validation(
        "ExecuteTransaction API does not support both read and write operations in the same request.",
    )
}

/// The Put, Update or Delete entry of TransactWriteItems a write request is.
fn transact_entry(action: &str, body: Value) -> Value {
    let kind = match action {
        "PutItem" => "Put",
        "UpdateItem" => "Update",
        _ => "Delete",
    };
    json!({ kind: body })
}

/// An INSERT's refused condition is a duplicate key, in the reasons and the message.
fn name_duplicates(mut err: DynamoError, inserts: &[bool]) -> DynamoError {
    let Some(reasons) = err.cancellation_reasons.as_mut() else {
        return err;
    };
    for (reason, insert) in reasons.iter_mut().zip(inserts) {
        if *insert && reason["Code"] == "ConditionalCheckFailed" {
            let dup = duplicate_item();
            *reason = json!({ "Code": "DuplicateItem", "Message": dup.message });
        }
    }
    let codes: Vec<&str> = reasons
        .iter()
        .map(|r| r.get("Code").and_then(Value::as_str).unwrap_or("None"))
        .collect();
    err.message = format!(
        "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
        codes.join(", ")
    );
    err
}

/// A read's item when it meets the rest of its WHERE, as its projection shows it.
fn read_answer(answer: &Value, s: &Select, rest: Option<Cond>, params: &[Value]) -> DResult<Value> {
    let item = answer.get("Item").cloned();
    let item = match (item, rest) {
        (Some(i), Some(r)) => meets(&i, &r, params)?.then_some(i),
        (item, _) => item,
    };
    Ok(shaped(s, item).map_or_else(|| json!({}), |i| json!({ "Item": i })))
}

impl Engine {
    pub(in crate::engine::dynamo) fn execute_transaction(&mut self, req: &Value) -> DResult<Value> {
        let entries = statements_of(req, "TransactStatements");
        let parsed: Parsed = entries.iter().map(parse_entry).collect::<DResult<_>>()?;
        let reads = parsed.iter().filter(|(s, _)| s.is_read()).count();
        if reads > 0 && reads < parsed.len() {
            return Err(mixed());
        }
        let out = if reads > 0 {
            self.transaction_reads(&parsed, req)
        } else {
            self.transaction_writes(&parsed, req)
        };
        self.current.operation = "ExecuteTransaction".into();
        self.current.count = None;
        // Named even when the transaction was cancelled: the statements name them.
        self.current.table = super::tables_named(parsed.iter().map(|(st, _)| st));
        out
    }

    fn transaction_writes(&mut self, parsed: &Parsed, req: &Value) -> DResult<Value> {
        let mut items = Vec::new();
        for (st, params) in parsed {
            let write = self.write_request(st, params)?;
            if write.returning.is_some() {
                let i = items.len();
                return Err(DynamoError::validation(format!(
                    "Validation failed in TransactStatements[{i}]: RETURNING clause is not supported in ExecuteTransaction."
                )));
            }
            items.push(transact_entry(write.action, write.body));
        }
        let mut twi = json!({ "TransactItems": items });
        super::copy_members(
            req,
            &mut twi,
            &["ClientRequestToken", "ReturnConsumedCapacity"],
        );
        let inserts: Vec<bool> = parsed
            .iter()
            .map(|(s, _)| matches!(s, Statement::Insert(_)))
            .collect();
        let out = self
            .transact_write_items(&twi)
            .map_err(|e| name_duplicates(e, &inserts))?;
        let mut answer = json!({});
        if let Some(c) = out.get("ConsumedCapacity") {
            answer["ConsumedCapacity"] = c.clone();
        }
        Ok(answer)
    }

    fn transaction_reads(&mut self, parsed: &Parsed, req: &Value) -> DResult<Value> {
        let mut gets = Vec::new();
        let mut reads = Vec::new();
        for (i, (st, params)) in parsed.iter().enumerate() {
            let Statement::Select(s) = st else { continue };
            let (key, rest) = self.transaction_read(i, s, params)?;
            gets.push(json!({ "Get": { "TableName": s.table, "Key": key } }));
            reads.push((s, rest, params));
        }
        let mut tgi = json!({ "TransactItems": gets });
        super::copy_members(req, &mut tgi, &["ReturnConsumedCapacity"]);
        let mut out = self.transact_get_items(&tgi)?;
        let answers = out["Responses"].as_array().cloned().unwrap_or_default();
        let mut responses = Vec::new();
        for (answer, (s, rest, params)) in answers.iter().zip(reads) {
            responses.push(read_answer(answer, s, rest, params)?);
        }
        out["Responses"] = Value::Array(responses);
        Ok(out)
    }

    /// The key of a transaction's read: by key on the table itself.
    fn transaction_read(&self, i: usize, s: &Select, params: &[Value]) -> DResult<KeyedRead> {
        if s.index.is_some() {
            return Err(DynamoError::validation(format!(
                "Validation failed in TransactStatements[{i}]: Reads on indices are not supported within transactions."
            )));
        }
        self.keyed_read(
            s,
            params,
            "Where clause does not contain a mandatory equality on all key attributes",
        )
    }
}
