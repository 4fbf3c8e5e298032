//! PutItem, GetItem, UpdateItem, DeleteItem.

use serde_json::{Map, Value};

use super::item_read::ItemRead;
use super::page::Row;
use super::write::*;
use super::{bool_member, item_member, required_str, table_in, DResult, DynamoError, Engine};
use crate::engine::dynamo::capacity::{self, read_units, Consumed, Mode};
use crate::engine::dynamo::expr::ast::Path;
use crate::engine::dynamo::expr::projection::project;
use crate::engine::dynamo::expr::update::action_path;
use crate::engine::dynamo::expr::{compile, Exprs, Kind};
use crate::engine::dynamo::size::check_item_size;
use crate::engine::dynamo::types::{item_to_json, Item};

/// `ReturnValues` (already one of the enum's five, as the request's shape was
/// checked) must be one this operation allows.
fn return_values<'a>(req: &'a Value, allowed: &[&str]) -> DResult<&'a str> {
    let rv = req
        .get("ReturnValues")
        .and_then(Value::as_str)
        .unwrap_or("NONE");
    if allowed.contains(&rv) {
        Ok(rv)
    } else {
        Err(DynamoError::validation(
            "Return values set to invalid value",
        ))
    }
}

/// Response body of a single-item write.
fn write_response(
    attributes: Option<Item>,
    consumed: &Consumed,
    mode: Mode,
    metrics: Option<Value>,
) -> Value {
    let mut out = Map::new();
    if let Some(a) = attributes.filter(|a| !a.is_empty()) {
        out.insert("Attributes".into(), item_to_json(&a));
    }
    if let Some(c) = consumed.to_json(mode) {
        out.insert("ConsumedCapacity".into(), c);
    }
    if let Some(m) = metrics {
        out.insert("ItemCollectionMetrics".into(), m);
    }
    Value::Object(out)
}

impl Engine {
    fn charge_write(&mut self, consumed: &Consumed) {
        self.current.write_units += consumed.total();
    }

    pub(in crate::engine::dynamo) fn put_item(&mut self, req: &Value) -> DResult<Value> {
        let mode = capacity::mode(req)?;
        let item = item_member(req, "Item")?;
        let rv = return_values(req, &["NONE", "ALL_OLD"])?;
        check_item_size(&item)?;
        let exprs = compile(req, &[Kind::Condition])?;
        let name = required_str(req, "TableName")?;
        let table = self.table_ref(name)?;
        let key = table.validate_item(&item)?;
        let old = table.get(&key).cloned();
        if !condition_holds(exprs.condition.as_ref(), old.as_ref()) {
            let charge = write_consumed(table, None, Some(&item));
            self.charge_write(&charge);
            return Err(condition_failed(req, old.as_ref()));
        }
        check_collection(
            table,
            &key,
            old.as_ref(),
            Some(&item),
            self.collection_limit,
        )?;
        let consumed = write_consumed(table, old.as_ref(), Some(&item));
        let table = self.table_mut(name)?;
        table.put(key.clone(), item);
        let metrics = collection_metrics(req, table, &key);
        self.charge_write(&consumed);
        Ok(write_response(
            old.filter(|_| rv == "ALL_OLD"),
            &consumed,
            mode,
            metrics,
        ))
    }

    /// The item stays borrowed from the table: the endpoint writes its stored text
    /// as it is, and only a projection makes a new one.
    pub(in crate::engine::dynamo) fn get_item(&mut self, req: &Value) -> DResult<ItemRead<'_>> {
        let mode = capacity::mode(req)?;
        let exprs = compile(req, &[Kind::Projection])?;
        let name = required_str(req, "TableName")?;
        let key_map = item_member(req, "Key")?;
        let table = table_in(&self.tables, name)?;
        let key = table.parse_key(&key_map)?;
        let consistent = bool_member(req, "ConsistentRead");
        let found = table.stored(&key);
        let mut consumed = Consumed::new(name);
        consumed.table = read_units(found.map_or(0, |s| s.size), consistent);
        self.current.read_units += consumed.total();
        self.current.count = Some(u64::from(found.is_some()));
        self.current.returned = u64::from(found.is_some());
        let item = found.map(|stored| match &exprs.projection {
            Some(paths) => Row::Made(project(&stored.item, paths)),
            None => Row::Stored(stored),
        });
        Ok(ItemRead::new(item, consumed.to_json(mode)))
    }

    pub(in crate::engine::dynamo) fn delete_item(&mut self, req: &Value) -> DResult<Value> {
        let mode = capacity::mode(req)?;
        let rv = return_values(req, &["NONE", "ALL_OLD"])?;
        let exprs = compile(req, &[Kind::Condition])?;
        let name = required_str(req, "TableName")?;
        let key_map = item_member(req, "Key")?;
        let table = self.table_ref(name)?;
        let key = table.parse_key(&key_map)?;
        let old = table.get(&key).cloned();
        let consumed = write_consumed(table, old.as_ref(), None);
        if !condition_holds(exprs.condition.as_ref(), old.as_ref()) {
            self.charge_write(&consumed);
            return Err(condition_failed(req, old.as_ref()));
        }
        let table = self.table_mut(name)?;
        table.delete(&key);
        let metrics = collection_metrics(req, table, &key);
        self.charge_write(&consumed);
        Ok(write_response(
            old.filter(|_| rv == "ALL_OLD"),
            &consumed,
            mode,
            metrics,
        ))
    }

    pub(in crate::engine::dynamo) fn update_item(&mut self, req: &Value) -> DResult<Value> {
        let mode = capacity::mode(req)?;
        let rv = return_values(
            req,
            &["NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"],
        )?;
        let exprs = compile(req, &[Kind::Update, Kind::Condition])?;
        let name = required_str(req, "TableName")?;
        let key_map = item_member(req, "Key")?;
        let table = self.table_ref(name)?;
        let key = table.parse_key(&key_map)?;
        let actions = exprs.update.clone().unwrap_or_default();
        check_update_keys(table, &actions)?;
        let old = table.get(&key).cloned();
        if !condition_holds(exprs.condition.as_ref(), old.as_ref()) {
            let charge = write_consumed(table, old.as_ref(), old.as_ref());
            self.charge_write(&charge);
            return Err(condition_failed(req, old.as_ref()));
        }
        if old.is_none() && req.get(super::super::legacy::NOTHING_IF_ABSENT).is_some() {
            let consumed = write_consumed(table, None, None);
            self.charge_write(&consumed);
            return Ok(write_response(None, &consumed, mode, None));
        }
        let new = updated_item(table, &key, old.as_ref(), &actions)?;
        check_collection(table, &key, old.as_ref(), Some(&new), self.collection_limit)?;
        let consumed = write_consumed(table, old.as_ref(), Some(&new));
        let attributes = update_return(rv, old.as_ref(), &new, &exprs);
        let table = self.table_mut(name)?;
        table.put(key.clone(), new);
        let metrics = collection_metrics(req, table, &key);
        self.charge_write(&consumed);
        Ok(write_response(attributes, &consumed, mode, metrics))
    }
}

/// `Attributes` for UpdateItem: whole items, or only the updated paths.
fn update_return(rv: &str, old: Option<&Item>, new: &Item, exprs: &Exprs) -> Option<Item> {
    let paths: Vec<Path> = exprs
        .update
        .iter()
        .flatten()
        .map(|a| action_path(a).clone())
        .collect();
    match rv {
        "ALL_OLD" => old.cloned(),
        "ALL_NEW" => Some(new.clone()),
        "UPDATED_OLD" => old.map(|o| project(o, &paths)),
        "UPDATED_NEW" => Some(project(new, &paths)),
        _ => None,
    }
}
