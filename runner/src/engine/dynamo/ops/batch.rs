//! BatchGetItem and BatchWriteItem.

use serde_json::{json, Map, Value};

use super::write::{check_collection, write_consumed};
use super::{bool_member, DResult, DynamoError, Engine};
use crate::engine::dynamo::capacity::{self, read_units, Consumed};
use crate::engine::dynamo::errors::shape_error;
use crate::engine::dynamo::expr::projection::project;
use crate::engine::dynamo::expr::{compile, Kind};
use crate::engine::dynamo::size::{check_item_size, item_size};
use crate::engine::dynamo::table::TableKey;
use crate::engine::dynamo::types::{item_from_json, item_to_json, Item};

fn request_items(req: &Value) -> DResult<&Map<String, Value>> {
    req.get("RequestItems").and_then(Value::as_object).ok_or_else(|| {
        shape_error("Value null at 'requestItems' failed to satisfy constraint: Member must not be null")
    })
}

fn duplicates() -> DynamoError {
    DynamoError::validation("Provided list of item keys contains duplicates")
}

fn capacity_list(consumed: Vec<Consumed>, mode: capacity::Mode) -> Option<Value> {
    let list: Vec<Value> = consumed.iter().filter_map(|c| c.to_json(mode)).collect();
    (mode != capacity::Mode::None).then(|| Value::Array(list))
}

/// One table's list of more than 100 keys breaks the request's shape; more than
/// 100 over all tables is the call's own limit.
fn check_batch_get_size(tables: &Map<String, Value>) -> DResult<()> {
    let count = |t: &Value| t.get("Keys").and_then(Value::as_array).map_or(0, Vec::len);
    if tables.values().map(count).sum::<usize>() > 100 {
        return Err(DynamoError::validation(
            "Too many items requested for the BatchGetItem call",
        ));
    }
    Ok(())
}

/// Each table's list holds 1 to 25 requests (the request's shape); 25 is also the
/// limit over all tables.
fn check_batch_write_size(tables: &Map<String, Value>) -> DResult<()> {
    let count: usize = tables
        .values()
        .map(|t| t.as_array().map_or(0, Vec::len))
        .sum();
    if count > 25 {
        return Err(DynamoError::validation(
            "Too many items requested for the BatchWriteItem call",
        ));
    }
    Ok(())
}

/// One write as the request gives it, before its table is known.
enum Written {
    Put(Item),
    Delete(Item),
}

/// Every write's values and size, and that it is one put or one delete: the
/// service checks these before it looks up any table.
fn parse_writes(tables: &Map<String, Value>) -> DResult<Vec<(String, Vec<Written>)>> {
    let mut out = Vec::new();
    for (name, list) in tables {
        let entries = list.as_array().map(Vec::as_slice).unwrap_or_default();
        let parsed = entries.iter().map(parse_write).collect::<DResult<_>>()?;
        out.push((name.clone(), parsed));
    }
    Ok(out)
}

fn parse_write(entry: &Value) -> DResult<Written> {
    let member = |request: &str, field: &str| {
        entry
            .get(request)
            .map(|r| item_from_json(r.get(field).unwrap_or(&Value::Null)))
    };
    match (member("PutRequest", "Item"), member("DeleteRequest", "Key")) {
        (Some(item), None) => {
            let item = item?;
            check_item_size(&item)?;
            Ok(Written::Put(item))
        }
        (None, Some(key)) => Ok(Written::Delete(key?)),
        _ => Err(DynamoError::validation(
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        )),
    }
}

/// One table's keys, refused when two are the same: the service sees duplicates
/// before it looks up the table.
fn distinct_keys(spec: &Value) -> DResult<Vec<Item>> {
    let raw = spec.get("Keys").and_then(Value::as_array);
    let mut keys: Vec<Item> = Vec::new();
    for key in raw.into_iter().flatten() {
        let key = item_from_json(key)?;
        if keys.contains(&key) {
            return Err(duplicates());
        }
        keys.push(key);
    }
    Ok(keys)
}

/// A BatchGetItem answer holds at most 16 MB of items; the service's own example
/// (100 items of 300 KB: 52 returned, the rest unprocessed) counts it in decimal
/// megabytes of binary kilobytes.
const BATCH_GET_BYTES: usize = 16_000_000;

/// What BatchGetItem read from one table, and the keys it left unread.
struct TableRead {
    items: Vec<Value>,
    consumed: Consumed,
    unprocessed: Vec<Value>,
}

impl TableRead {
    fn new(name: &str) -> TableRead {
        TableRead {
            items: Vec::new(),
            consumed: Consumed::new(name),
            unprocessed: Vec::new(),
        }
    }
}

fn spec_keys(spec: &Value) -> &[Value] {
    spec.get("Keys")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// An `UnprocessedKeys` entry in the form of the request's own (its projection,
/// names and consistency kept), so it can be sent again as it is.
fn unprocessed_entry(spec: &Value, keys: Vec<Value>) -> Option<Value> {
    if keys.is_empty() {
        return None;
    }
    let mut entry = spec.as_object().cloned().unwrap_or_default();
    entry.insert("Keys".into(), Value::Array(keys));
    Some(Value::Object(entry))
}

enum WriteRequest {
    Put(TableKey, Item),
    Delete(TableKey),
}

impl Engine {
    pub(in crate::engine::dynamo) fn batch_get_item(&mut self, req: &Value) -> DResult<Value> {
        let mode = capacity::mode(req)?;
        let tables = request_items(req)?;
        check_batch_get_size(tables)?;
        let keys = tables
            .values()
            .map(distinct_keys)
            .collect::<DResult<Vec<_>>>()?;
        let (mut responses, mut unprocessed, mut consumed) = (Map::new(), Map::new(), Vec::new());
        let mut budget = Some(BATCH_GET_BYTES);
        for ((name, spec), keys) in tables.iter().zip(keys) {
            let read = self.batch_get_table(name, spec, &keys, &mut budget)?;
            self.current.returned += read.items.len() as u64;
            responses.insert(name.clone(), Value::Array(read.items));
            if let Some(rest) = unprocessed_entry(spec, read.unprocessed) {
                unprocessed.insert(name.clone(), rest);
            }
            consumed.push(read.consumed);
        }
        self.current.table = tables.keys().cloned().collect::<Vec<_>>().join(",");
        self.current.read_units += consumed.iter().map(Consumed::total).sum::<f64>();
        let mut out = json!({ "Responses": responses, "UnprocessedKeys": unprocessed });
        if let Some(list) = capacity_list(consumed, mode) {
            out["ConsumedCapacity"] = list;
        }
        Ok(out)
    }

    /// One table's keys, read in order while the answer stays within `budget`
    /// bytes; from the first item that would not fit (the budget is then `None`),
    /// the keys are handed back unread.
    fn batch_get_table(
        &self,
        name: &str,
        spec: &Value,
        raw_keys: &[Item],
        budget: &mut Option<usize>,
    ) -> DResult<TableRead> {
        let exprs = compile(spec, &[Kind::Projection])?;
        let table = self.table_ref(name)?;
        let consistent = bool_member(spec, "ConsistentRead");
        let keys = raw_keys
            .iter()
            .map(|k| table.parse_key(k))
            .collect::<DResult<Vec<TableKey>>>()?;
        let mut read = TableRead::new(name);
        for (i, key) in keys.iter().enumerate() {
            let found = table.get(key);
            let shown = found.map(|item| match &exprs.projection {
                Some(paths) => project(item, paths),
                None => item.clone(),
            });
            let size = shown.as_ref().map_or(0, item_size);
            let Some(left) = budget.filter(|left| size <= *left) else {
                *budget = None;
                read.unprocessed = spec_keys(spec).get(i..).unwrap_or_default().to_vec();
                break;
            };
            *budget = Some(left - size);
            read.consumed.table += read_units(found.map(item_size).unwrap_or(0), consistent);
            read.items.extend(shown.as_ref().map(item_to_json));
        }
        Ok(read)
    }

    pub(in crate::engine::dynamo) fn batch_write_item(&mut self, req: &Value) -> DResult<Value> {
        let mode = capacity::mode(req)?;
        let tables = request_items(req)?;
        check_batch_write_size(tables)?;
        let mut plans = Vec::new();
        for (name, list) in parse_writes(tables)? {
            let planned = self.plan_batch_writes(&name, list)?;
            plans.push((name, planned));
        }
        let mut consumed = Vec::new();
        for (name, requests) in plans {
            consumed.push(self.apply_batch_writes(&name, requests)?);
        }
        self.current.table = tables.keys().cloned().collect::<Vec<_>>().join(",");
        self.current.write_units += consumed.iter().map(Consumed::total).sum::<f64>();
        let mut out = json!({ "UnprocessedItems": {}, "ItemCollectionMetrics": {} });
        if let Some(list) = capacity_list(consumed, mode) {
            out["ConsumedCapacity"] = list;
        }
        Ok(out)
    }

    fn plan_batch_writes(&self, name: &str, list: Vec<Written>) -> DResult<Vec<WriteRequest>> {
        let table = self.table_ref(name)?;
        let mut out: Vec<WriteRequest> = Vec::new();
        let mut seen: Vec<TableKey> = Vec::new();
        for entry in list {
            let request = match entry {
                Written::Put(item) => WriteRequest::Put(table.validate_item(&item)?, item),
                Written::Delete(key) => WriteRequest::Delete(table.parse_key(&key)?),
            };
            let key = match &request {
                WriteRequest::Put(k, _) | WriteRequest::Delete(k) => k.clone(),
            };
            if seen.contains(&key) {
                return Err(duplicates());
            }
            seen.push(key);
            out.push(request);
        }
        Ok(out)
    }

    fn apply_batch_writes(&mut self, name: &str, requests: Vec<WriteRequest>) -> DResult<Consumed> {
        let limit = self.collection_limit;
        let table = self.table_mut(name)?;
        let mut total = Consumed::new(name);
        total.write = true;
        for request in requests {
            match request {
                WriteRequest::Put(key, item) => {
                    let old = table.get(&key).cloned();
                    check_collection(table, &key, old.as_ref(), Some(&item), limit)?;
                    total.add(&write_consumed(table, old.as_ref(), Some(&item)));
                    table.put(key, item);
                }
                WriteRequest::Delete(key) => {
                    let old = table.get(&key).cloned();
                    total.add(&write_consumed(table, old.as_ref(), None));
                    table.delete(&key);
                }
            }
        }
        Ok(total)
    }
}
