//! TransactWriteItems and TransactGetItems: all or nothing, 2 units per unit.

use indexmap::IndexMap;
use serde_json::{json, Value};

use super::write::{check_update_keys, condition_holds, updated_item, write_consumed};
use super::{item_member, required_str, DResult, DynamoError, Engine};
use crate::engine::dynamo::capacity::{self, read_units, write_units, Consumed, TxKind};
use crate::engine::dynamo::errors::shape_error;
use crate::engine::dynamo::expr::projection::project;
use crate::engine::dynamo::expr::{compile, Exprs, Kind};
use crate::engine::dynamo::size::{check_item_size, item_size};
use crate::engine::dynamo::table::TableKey;
use crate::engine::dynamo::types::{item_to_json, Item};

struct Action {
    kind: &'static str,
    table: String,
    key: TableKey,
    body: Value,
    exprs: Exprs,
    item: Option<Item>,
}

/// One checked Get of TransactGetItems.
struct Get {
    table: String,
    key: TableKey,
    exprs: Exprs,
}

/// A Get's answer: the item as projected, or nothing.
fn read_response(found: Option<&Item>, exprs: &Exprs) -> Value {
    let Some(item) = found else {
        return json!({});
    };
    let projected = exprs.projection.as_ref().map(|p| project(item, p));
    json!({ "Item": item_to_json(projected.as_ref().unwrap_or(item)) })
}

fn transact_items(req: &Value) -> DResult<Vec<Value>> {
    let items = req
        .get("TransactItems")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if items.is_empty() || items.len() > 100 {
        return Err(shape_error(
            "Value at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100, Member must have length greater than or equal to 1",
        ));
    }
    Ok(items)
}

/// The one action of an entry; none or several is the same error.
fn split_action(entry: &Value) -> DResult<(&'static str, &Value)> {
    let mut found = ["Put", "Update", "Delete", "ConditionCheck"]
        .into_iter()
        .filter_map(|kind| entry.get(kind).map(|body| (kind, body)));
    match (found.next(), found.next()) {
        (Some(action), None) => Ok(action),
        _ => Err(DynamoError::validation(
            "TransactItems can only contain one of Check, Put, Update or Delete",
        )),
    }
}

/// A Put's item, its values and size checked before its table is looked up.
fn put_item_of(kind: &str, body: &Value) -> DResult<Option<Item>> {
    if kind != "Put" {
        return Ok(None);
    }
    let item = item_member(body, "Item")?;
    check_item_size(&item)?;
    Ok(Some(item))
}

/// The aggregate size of a transaction's items, 4 MB, is checked once every item is.
const MAX_TRANSACTION_BYTES: usize = 4 * 1024 * 1024;

fn check_transaction_size(actions: &[Action]) -> DResult<()> {
    let items = actions.iter().filter_map(|a| a.item.as_ref());
    if items.map(item_size).sum::<usize>() <= MAX_TRANSACTION_BYTES {
        return Ok(());
    }
    Err(DynamoError::validation(
        "Collection size of items exceeded, which can also be caused by the aggregate size of the items in the transaction exceeding the 4MB limit",
    ))
}

fn one_item_twice() -> DynamoError {
    DynamoError::validation("Transaction request cannot include multiple operations on one item")
}

fn kinds_for(kind: &str) -> &'static [Kind] {
    match kind {
        "Update" => &[Kind::Update, Kind::Condition],
        _ => &[Kind::Condition],
    }
}

fn cancelled(reasons: Vec<Value>) -> DynamoError {
    let codes: Vec<&str> = reasons
        .iter()
        .map(|r| r.get("Code").and_then(Value::as_str).unwrap_or("None"))
        .collect();
    let mut err = DynamoError::new(
        "TransactionCanceledException",
        format!(
            "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
            codes.join(", ")
        ),
    );
    err.cancellation_reasons = Some(reasons);
    err
}

impl Engine {
    fn parse_action(&self, entry: &Value) -> DResult<Action> {
        let (kind, body) = split_action(entry)?;
        let item = put_item_of(kind, body)?;
        let exprs = compile(body, kinds_for(kind))?;
        let name = required_str(body, "TableName")?.to_string();
        let table = self.table_ref(&name)?;
        let key = match &item {
            Some(item) => table.validate_item(item)?,
            None => table.parse_key(&item_member(body, "Key")?)?,
        };
        if let Some(actions) = &exprs.update {
            check_update_keys(table, actions)?;
        }
        Ok(Action {
            kind,
            table: name,
            key,
            body: body.clone(),
            exprs,
            item,
        })
    }

    /// The item each action leaves behind, or the reason it cannot run.
    fn evaluate(&self, action: &Action) -> Result<Option<Item>, Value> {
        let Ok(table) = self.table_ref(&action.table) else {
            return Err(
                json!({ "Code": "ValidationError", "Message": "Requested resource not found" }),
            );
        };
        let current = table.get(&action.key);
        if !condition_holds(action.exprs.condition.as_ref(), current) {
            let mut reason = json!({ "Code": "ConditionalCheckFailed", "Message": "The conditional request failed" });
            let wants_old = action
                .body
                .get("ReturnValuesOnConditionCheckFailure")
                .and_then(Value::as_str)
                == Some("ALL_OLD");
            if let (true, Some(item)) = (wants_old, current) {
                reason["Item"] = item_to_json(item);
            }
            return Err(reason);
        }
        match action.kind {
            "Put" => Ok(action.item.clone()),
            "Delete" => Ok(None),
            "Update" => updated_item(
                table,
                &action.key,
                current,
                action.exprs.update.as_deref().unwrap_or(&[]),
            )
            .map(Some)
            .map_err(|e| json!({ "Code": "ValidationError", "Message": e.message })),
            _ => Ok(current.cloned()),
        }
    }

    /// Runs the transaction once per `ClientRequestToken` (see `tokens`).
    pub(in crate::engine::dynamo) fn transact_write_items(
        &mut self,
        req: &Value,
    ) -> DResult<Value> {
        let token = req.get("ClientRequestToken").and_then(Value::as_str);
        let Some(token) = token else {
            return self.apply_transaction(req);
        };
        if let Some(answer) = self.tokens.replay(token, req, self.now())? {
            return Ok(answer);
        }
        let answer = self.apply_transaction(req)?;
        let now = self.now();
        self.tokens.remember(token, req, &answer, now);
        Ok(answer)
    }

    fn apply_transaction(&mut self, req: &Value) -> DResult<Value> {
        let mode = capacity::mode(req)?;
        let actions = self.parse_actions(req)?;
        let outcomes: Vec<Result<Option<Item>, Value>> =
            actions.iter().map(|a| self.evaluate(a)).collect();
        if outcomes.iter().any(Result::is_err) {
            let none = || json!({ "Code": "None" });
            return Err(cancelled(
                outcomes
                    .into_iter()
                    .map(|o| o.err().unwrap_or_else(none))
                    .collect(),
            ));
        }
        let mut per_table: IndexMap<String, Consumed> = IndexMap::new();
        for (action, outcome) in actions.iter().zip(outcomes) {
            let c = self.commit(action, outcome.unwrap_or_default())?;
            let entry = per_table
                .entry(action.table.clone())
                .or_insert_with(|| Consumed::new(&action.table));
            entry.write = true;
            entry.transactional = Some(TxKind::Write);
            entry.add(&c);
        }
        let consumed: Vec<Consumed> = per_table.into_values().collect();
        self.record_tables(&consumed);
        self.current.write_units += consumed.iter().map(Consumed::total).sum::<f64>();
        let mut out = json!({ "ItemCollectionMetrics": {} });
        if mode != capacity::Mode::None {
            out["ConsumedCapacity"] =
                Value::Array(consumed.iter().filter_map(|c| c.to_json(mode)).collect());
        }
        Ok(out)
    }

    /// Every action checked, and no two on the same item.
    fn parse_actions(&self, req: &Value) -> DResult<Vec<Action>> {
        let mut actions: Vec<Action> = Vec::new();
        for entry in transact_items(req)? {
            let action = self.parse_action(&entry)?;
            if actions
                .iter()
                .any(|a| a.table == action.table && a.key == action.key)
            {
                return Err(one_item_twice());
            }
            actions.push(action);
        }
        check_transaction_size(&actions)?;
        Ok(actions)
    }

    fn record_tables(&mut self, consumed: &[Consumed]) {
        let names: Vec<String> = consumed.iter().map(|c| c.table_name.clone()).collect();
        self.current.table = names.join(",");
    }

    /// Writes one action's result; returns its (doubled) units.
    fn commit(&mut self, action: &Action, new: Option<Item>) -> DResult<Consumed> {
        let table = self.table_mut(&action.table)?;
        let old = table.get(&action.key).cloned();
        if action.kind == "ConditionCheck" {
            let mut c = Consumed::new(&action.table);
            c.write = true;
            c.table = 2.0 * write_units(old.as_ref().map(item_size).unwrap_or(0));
            return Ok(c);
        }
        let c = write_consumed(table, old.as_ref(), new.as_ref()).scaled(2.0);
        match new {
            Some(item) => {
                table.put(action.key.clone(), item);
            }
            None => {
                table.delete(&action.key);
            }
        }
        Ok(c)
    }

    pub(in crate::engine::dynamo) fn transact_get_items(&mut self, req: &Value) -> DResult<Value> {
        let mode = capacity::mode(req)?;
        let gets = self.parse_gets(req)?;
        let mut responses = Vec::new();
        let mut per_table: IndexMap<String, Consumed> = IndexMap::new();
        let mut returned = 0;
        for get in &gets {
            let found = self.table_ref(&get.table)?.get(&get.key);
            returned += u64::from(found.is_some());
            let units = 2.0 * read_units(found.map(item_size).unwrap_or(0), true);
            per_table
                .entry(get.table.clone())
                .or_insert_with(|| Consumed::new(&get.table))
                .table += units;
            responses.push(read_response(found, &get.exprs));
        }
        let consumed: Vec<Consumed> = per_table
            .into_values()
            .map(|mut c| {
                c.transactional = Some(TxKind::Read);
                c
            })
            .collect();
        self.current.read_units += consumed.iter().map(Consumed::total).sum::<f64>();
        self.current.returned = returned;
        let mut out = json!({ "Responses": responses });
        if mode != capacity::Mode::None {
            out["ConsumedCapacity"] =
                Value::Array(consumed.iter().filter_map(|c| c.to_json(mode)).collect());
        }
        Ok(out)
    }

    /// Every Get checked. A key that does not fit its table cancels the transaction
    /// with a reason for that Get, as the service does; the rest refuse the request.
    fn parse_gets(&self, req: &Value) -> DResult<Vec<Get>> {
        let mut gets: Vec<Result<Get, Value>> = Vec::new();
        for entry in transact_items(req)? {
            let get = self.parse_get(&entry)?;
            let twice = |g: &Get| {
                gets.iter()
                    .flatten()
                    .any(|s| s.table == g.table && s.key == g.key)
            };
            if get.as_ref().is_ok_and(twice) {
                return Err(one_item_twice());
            }
            gets.push(get);
        }
        if gets.iter().all(Result::is_ok) {
            return Ok(gets.into_iter().flatten().collect());
        }
        let none = || json!({ "Code": "None" });
        Err(cancelled(
            gets.into_iter()
                .map(|g| g.err().unwrap_or_else(none))
                .collect(),
        ))
    }

    /// One Get; the inner error is its cancellation reason.
    fn parse_get(&self, entry: &Value) -> DResult<Result<Get, Value>> {
        let body = entry
            .get("Get")
            .ok_or_else(|| DynamoError::validation("TransactItems can only contain Get"))?;
        let exprs = compile(body, &[Kind::Projection])?;
        let name = required_str(body, "TableName")?;
        let table = self.table_ref(name)?;
        let key = match table.parse_key(&item_member(body, "Key")?) {
            Ok(key) => key,
            Err(e) => {
                return Ok(Err(
                    json!({ "Code": "ValidationError", "Message": e.message }),
                ))
            }
        };
        let table = name.to_string();
        Ok(Ok(Get { table, key, exprs }))
    }
}
