//! Query: one item collection (or one index partition) in sort-key order.

use std::ops::Bound::{self, Excluded, Included, Unbounded};

use serde_json::Value;

use super::page::{check_index_read, query_limit, select, Options, Page, Source};
use super::{bool_member, required_str, table_in, DResult, DynamoError, Engine};
use crate::engine::dynamo::capacity;
use crate::engine::dynamo::expr::ast::{CmpOp, Cond, Operand};
use crate::engine::dynamo::expr::key_condition::{bind, KeyCondition, SortCond};
use crate::engine::dynamo::expr::resolve::walk_cond;
use crate::engine::dynamo::expr::{compile, Exprs, Kind};
use crate::engine::dynamo::table::{IndexKey, KeySchema, Stored};
use crate::engine::dynamo::types::KeyVal;

type KeyBounds = (Bound<KeyVal>, Bound<KeyVal>);

fn sort_bounds(sort: Option<&SortCond>) -> KeyBounds {
    let kv =
        |v: &crate::engine::dynamo::types::AttrValue| KeyVal::from_attr(v).unwrap_or(KeyVal::None);
    match sort {
        None => (Unbounded, Unbounded),
        Some(SortCond::Cmp(CmpOp::Lt, v)) => (Unbounded, Excluded(kv(v))),
        Some(SortCond::Cmp(CmpOp::Le, v)) => (Unbounded, Included(kv(v))),
        Some(SortCond::Cmp(CmpOp::Gt, v)) => (Excluded(kv(v)), Unbounded),
        Some(SortCond::Cmp(CmpOp::Ge, v)) => (Included(kv(v)), Unbounded),
        Some(SortCond::Cmp(_, v)) => (Included(kv(v)), Included(kv(v))),
        Some(SortCond::Between(lo, hi)) => (Included(kv(lo)), Included(kv(hi))),
        Some(SortCond::BeginsWith(p)) => (Included(kv(p)), Unbounded),
    }
}

/// Index-tuple bounds for one index hash value and sort-key bounds.
fn tuple_bounds(hash: &KeyVal, (lo, hi): KeyBounds) -> (Bound<IndexKey>, Bound<IndexKey>) {
    let t = |r: KeyVal, fill: KeyVal| (hash.clone(), r, fill.clone(), fill);
    let lower = match lo {
        Included(v) => Included(t(v, KeyVal::Min)),
        Excluded(v) => Excluded(t(v, KeyVal::Max)),
        Unbounded => Included(t(KeyVal::Min, KeyVal::Min)),
    };
    let upper = match hi {
        Included(v) => Included(t(v, KeyVal::Max)),
        Excluded(v) => Excluded(t(v, KeyVal::Min)),
        Unbounded => Included(t(KeyVal::Max, KeyVal::Max)),
    };
    (lower, upper)
}

/// BTreeMap::range panics on inverted bounds; an inverted range is empty.
fn ordered<T: Ord>(b: &(Bound<T>, Bound<T>)) -> bool {
    match (&b.0, &b.1) {
        (Included(a), Included(z)) => a <= z,
        (Included(a) | Excluded(a), Included(z) | Excluded(z)) => a < z,
        _ => true,
    }
}

fn key_schema<'a>(source: &'a Source) -> &'a KeySchema {
    source
        .index
        .map(|i| &i.schema)
        .unwrap_or(&source.table.schema)
}

/// "Filter Expression can only contain non-primary key attributes".
fn check_filter_keys(filter: Option<&Cond>, schema: &KeySchema) -> DResult<()> {
    let Some(mut cond) = filter.cloned() else {
        return Ok(());
    };
    let mut found: Option<String> = None;
    let _ = walk_cond(&mut cond, &mut |op| {
        if let Operand::Path(p) = op {
            let top = p.top();
            if found.is_none() && (schema.hash == top || schema.range.as_deref() == Some(top)) {
                found = Some(top.to_string());
            }
        }
        Ok(())
    });
    match found {
        Some(name) => Err(DynamoError::validation(format!(
            "Filter Expression can only contain non-primary key attributes: Primary key attribute: {name}"
        ))),
        None => Ok(()),
    }
}

fn check_start(start: &IndexKey, source: &Source, cond: &KeyCondition) -> DResult<()> {
    let (hash, range) = if source.index.is_some() {
        (&start.0, &start.1)
    } else {
        (&start.2, &start.3)
    };
    if Some(hash) != KeyVal::from_attr(&cond.hash_value).as_ref() {
        return Err(DynamoError::validation(
            "The provided starting key is outside query boundaries based on provided conditions",
        ));
    }
    let in_range = match (&cond.sort, range.to_attr()) {
        (Some(sort), Some(value)) => sort.matches(&value),
        _ => true,
    };
    if !in_range {
        return Err(DynamoError::validation(
            "The provided starting key does not match the range key predicate",
        ));
    }
    Ok(())
}

impl Engine {
    pub(in crate::engine::dynamo) fn query(&mut self, req: &Value) -> DResult<Page<'_>> {
        self.query_where(req, None)
    }

    /// A Query whose items are filtered by `filter` instead of the request's own
    /// FilterExpression: a PartiQL WHERE may test the key attributes too.
    pub(in crate::engine::dynamo) fn query_where(
        &mut self,
        req: &Value,
        filter: Option<&Cond>,
    ) -> DResult<Page<'_>> {
        let mode = capacity::mode(req)?;
        let limit = query_limit(req)?;
        let select = select(req)?;
        require_key_condition(req)?;
        let exprs = compile(req, &[Kind::KeyCondition, Kind::Filter, Kind::Projection])?;
        let table = table_in(&self.tables, required_str(req, "TableName")?)?;
        let source = Source::resolve(table, req.get("IndexName").and_then(Value::as_str))?;
        let consistent = bool_member(req, "ConsistentRead");
        check_index_read(&source, select, consistent)?;
        let cond = bind_key_condition(&source, &exprs)?;
        let start = source.start_key(req)?;
        if let Some(s) = &start {
            check_start(s, &source, &cond)?;
        }
        let forward = req
            .get("ScanIndexForward")
            .and_then(Value::as_bool)
            .unwrap_or(true);
        let mut opts = Options::new(&source, select, limit, &exprs, consistent);
        if filter.is_some() {
            opts.filter = filter;
        }
        let rows = query_rows(&source, &cond, start.as_ref(), forward);
        let page = source.read_page(rows.into_iter(), &opts, mode);
        page.record(&mut self.current);
        Ok(page)
    }
}

fn require_key_condition(req: &Value) -> DResult<()> {
    if req.get("KeyConditionExpression").is_some() || req.get("KeyConditions").is_some() {
        return Ok(());
    }
    Err(DynamoError::validation(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
    ))
}

/// The key condition against the queried key schema, and no filter on its keys.
fn bind_key_condition(source: &Source, exprs: &Exprs) -> DResult<KeyCondition> {
    let schema = key_schema(source);
    let hash = (schema.hash.as_str(), source.table.attr_type(&schema.hash));
    let range = schema
        .range
        .as_deref()
        .map(|r| (r, source.table.attr_type(r)));
    let cond = bind(exprs.key.clone().unwrap_or_default(), hash, range)?;
    check_filter_keys(exprs.filter.as_ref(), schema)?;
    Ok(cond)
}

/// Base items matching the key condition, in read order, after the start key.
fn query_rows<'a>(
    source: &Source<'a>,
    cond: &KeyCondition,
    start: Option<&IndexKey>,
    forward: bool,
) -> Vec<&'a Stored> {
    let hash = KeyVal::from_attr(&cond.hash_value).unwrap_or(KeyVal::None);
    let sort = cond.sort.as_ref();
    let matches = |k: &KeyVal| sort.is_none_or(|s| s.matches_key(k));
    let bounds = sort_bounds(sort);
    match source.index {
        None => table_rows(source, &hash, bounds, start, forward, &matches),
        Some(index) => {
            let mut b = tuple_bounds(&hash, bounds);
            if let Some(s) = start {
                if forward {
                    b.0 = Excluded(s.clone())
                } else {
                    b.1 = Excluded(s.clone())
                }
            }
            if !ordered(&b) {
                return Vec::new();
            }
            let range = index.entries.range(b);
            let keys: Box<dyn Iterator<Item = &IndexKey>> = if forward {
                Box::new(range)
            } else {
                Box::new(range.rev())
            };
            keys.skip_while(|k| !matches(&k.1))
                .take_while(|k| matches(&k.1))
                .filter_map(|k| source.table.stored(&(k.2.clone(), k.3.clone())))
                .collect()
        }
    }
}

fn table_rows<'a>(
    source: &Source<'a>,
    hash: &KeyVal,
    mut bounds: KeyBounds,
    start: Option<&IndexKey>,
    forward: bool,
    matches: &dyn Fn(&KeyVal) -> bool,
) -> Vec<&'a Stored> {
    let Some(partition) = source.table.partitions.get(hash) else {
        return Vec::new();
    };
    if let Some(s) = start {
        if forward {
            bounds.0 = Excluded(s.3.clone())
        } else {
            bounds.1 = Excluded(s.3.clone())
        }
    }
    if !ordered(&bounds) {
        return Vec::new();
    }
    let range = partition.range(bounds);
    let rows: Box<dyn Iterator<Item = (&KeyVal, &Stored)>> = if forward {
        Box::new(range)
    } else {
        Box::new(range.rev())
    };
    rows.skip_while(|(k, _)| !matches(k))
        .take_while(|(k, _)| matches(k))
        .map(|(_, item)| item)
        .collect()
}
