//! What every write shares: conditions, the update step, write units per
//! table and index, the item-collection limit and its metrics.

use serde_json::{json, Value};

use super::{DResult, DynamoError};
use crate::engine::dynamo::capacity::{write_units, Consumed};
use crate::engine::dynamo::expr::ast::{Cond, UpdateAction};
use crate::engine::dynamo::expr::eval::eval_cond;
use crate::engine::dynamo::expr::update;
use crate::engine::dynamo::size::{item_size, MAX_ITEM_SIZE};
use crate::engine::dynamo::table::{key_of, Index, Table, TableKey};
use crate::engine::dynamo::types::{item_to_json, Item};

/// True when the condition holds against the current item (or an empty one).
pub(crate) fn condition_holds(cond: Option<&Cond>, current: Option<&Item>) -> bool {
    let empty = Item::new();
    cond.is_none_or(|c| eval_cond(current.unwrap_or(&empty), c))
}

/// `ConditionalCheckFailedException`, with the old item when asked for.
pub(crate) fn condition_failed(req: &Value, current: Option<&Item>) -> DynamoError {
    let mut err = DynamoError::conditional_failed();
    let wants_old = req
        .get("ReturnValuesOnConditionCheckFailure")
        .and_then(Value::as_str)
        == Some("ALL_OLD");
    if let (true, Some(item)) = (wants_old, current) {
        err.item = Some(Box::new(item_to_json(item)));
    }
    err
}

/// Rejects an update that names a key attribute of the table, or a path inside an
/// index key: key attributes are scalars.
pub(crate) fn check_update_keys(table: &Table, actions: &[UpdateAction]) -> DResult<()> {
    for action in actions {
        let path = update::action_path(action);
        let name = path.top();
        if table.is_key_attr(name) {
            return Err(DynamoError::validation(format!(
                "One or more parameter values were invalid: Cannot update attribute {name}. This attribute is part of the key"
            )));
        }
        if path.0.len() > 1 && table.indexes.iter().any(|i| i.is_key_attr(name)) {
            return Err(DynamoError::validation(format!(
                "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: {name}"
            )));
        }
    }
    Ok(())
}

/// The item after an update, validated against the schema and size limit.
pub(crate) fn updated_item(
    table: &Table,
    key: &TableKey,
    old: Option<&Item>,
    actions: &[UpdateAction],
) -> DResult<Item> {
    let base = old.cloned().unwrap_or_else(|| table.key_item(key));
    let mut new = base.clone();
    update::apply(&mut new, &base, actions)?;
    if item_size(&new) > MAX_ITEM_SIZE {
        return Err(DynamoError::validation(
            "Item size to update has exceeded the maximum allowed size",
        ));
    }
    table.validate_item(&new)?;
    Ok(new)
}

/// Units of replacing `old` by `new` (either may be absent).
pub(crate) fn write_consumed(table: &Table, old: Option<&Item>, new: Option<&Item>) -> Consumed {
    let mut c = Consumed::new(&table.name);
    c.write = true;
    let biggest = old
        .map(item_size)
        .unwrap_or(0)
        .max(new.map(item_size).unwrap_or(0));
    c.table = write_units(biggest);
    for index in &table.indexes {
        let units = index_write_units(table, index, old, new);
        if units == 0.0 {
            continue;
        }
        if index.global {
            c.gsi.insert(index.name.clone(), units);
        } else {
            c.lsi.insert(index.name.clone(), units);
        }
    }
    c
}

/// One rounded write per index entry added or removed; a changed entry
/// under the same key is one write, an unchanged one is free.
fn index_write_units(table: &Table, index: &Index, old: Option<&Item>, new: Option<&Item>) -> f64 {
    let before = old.and_then(|i| index.entry(table, i));
    let after = new.and_then(|i| index.entry(table, i));
    let units = |e: &Item| write_units(item_size(e));
    match (&before, &after) {
        (None, None) => 0.0,
        (Some(b), None) => units(b),
        (None, Some(a)) => units(a),
        (Some(b), Some(a)) if b == a => 0.0,
        (Some(b), Some(a)) => {
            if key_of(&index.schema, b) == key_of(&index.schema, a) {
                units(b).max(units(a))
            } else {
                units(b) + units(a)
            }
        }
    }
}

/// Enforces the item-collection limit of tables with an LSI: writes that grow
/// a collection past the limit fail; shrinking writes still work.
pub(crate) fn check_collection(
    table: &Table,
    key: &TableKey,
    old: Option<&Item>,
    new: Option<&Item>,
    limit: u64,
) -> DResult<()> {
    if !table.has_lsi() {
        return Ok(());
    }
    let size = |i: Option<&Item>| i.map(|i| table.item_with_lsi_size(i)).unwrap_or(0);
    let (before, after) = (size(old), size(new));
    if after <= before || (table.collection_size(&key.0) - before + after) as u64 <= limit {
        return Ok(());
    }
    Err(DynamoError::new(
        "ItemCollectionSizeLimitExceededException",
        "Collection size exceeded.",
    ))
}

/// `ItemCollectionMetrics` for tables with an LSI when `SIZE` is asked for.
pub(crate) fn collection_metrics(req: &Value, table: &Table, key: &TableKey) -> Option<Value> {
    let asked = req
        .get("ReturnItemCollectionMetrics")
        .and_then(Value::as_str)
        == Some("SIZE");
    if !asked || !table.has_lsi() {
        return None;
    }
    let gb = table.collection_size(&key.0) as f64 / (1024.0 * 1024.0 * 1024.0);
    let low = gb.floor();
    let mut collection_key = Item::new();
    if let Some(v) = key.0.to_attr() {
        collection_key.insert(table.schema.hash.clone(), v);
    }
    Some(
        json!({ "ItemCollectionKey": item_to_json(&collection_key), "SizeEstimateRangeGB": [low, low + 1.0] }),
    )
}
