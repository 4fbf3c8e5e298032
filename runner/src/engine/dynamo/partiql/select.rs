//! SELECT: a Query for each partition key the WHERE fixes (`=` or `IN`), otherwise
//! a Scan, as DynamoDB plans it. The request log records it as that Query or Scan.

use serde_json::{json, Map, Value};

use super::plan::{bind, compile_filter, key_values, Render};
use super::statement::{conjuncts, Cond, Lit, Path, Select, Step};
use super::token::{self, Position};
use crate::engine::dynamo::capacity::{self, Consumed, Mode};
use crate::engine::dynamo::errors::{DResult, DynamoError};
use crate::engine::dynamo::expr::ast;
use crate::engine::dynamo::Engine;

/// The key attributes of what a SELECT reads (the table or one of its indexes).
pub(crate) struct Keys {
    pub hash: String,
    pub hash_type: String,
    pub range: Option<String>,
}

/// One SELECT being run: the statement, its parameters, the request it came in.
struct Run<'a> {
    s: &'a Select,
    params: &'a [Value],
    req: &'a Value,
    keys: Keys,
}

/// What the reads of one SELECT gathered.
#[derive(Default)]
struct Gathered {
    items: Vec<Value>,
    count: u64,
    scanned: u64,
    consumed: Option<Consumed>,
    last_key: Option<Value>,
    next: Option<Position>,
}

impl Gathered {
    /// Adds one Query or Scan page (its body and units); the items are moved, not copied.
    fn add(&mut self, mut body: Value, consumed: &Consumed) {
        if let Some(Value::Array(items)) = body.get_mut("Items").map(Value::take) {
            self.items.extend(items);
        }
        self.count += body.get("Count").and_then(Value::as_u64).unwrap_or(0);
        self.scanned += body
            .get("ScannedCount")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        match &mut self.consumed {
            Some(c) => c.add(consumed),
            None => self.consumed = Some(consumed.clone()),
        }
        self.last_key = body.get("LastEvaluatedKey").cloned();
    }
}

impl Engine {
    pub(crate) fn select_keys(&self, table: &str, index: Option<&str>) -> DResult<Keys> {
        let table = self.table_ref(table)?;
        let schema = match index {
            None => &table.schema,
            Some(name) => {
                &table
                    .index(name)
                    .ok_or_else(|| {
                        DynamoError::validation(format!(
                            "The table does not have the specified index: {name}"
                        ))
                    })?
                    .schema
            }
        };
        Ok(Keys {
            hash: schema.hash.clone(),
            hash_type: table.attr_type(&schema.hash).to_string(),
            range: schema.range.clone(),
        })
    }

    pub(crate) fn run_select(
        &mut self,
        s: &Select,
        params: &[Value],
        req: &Value,
    ) -> DResult<Value> {
        let keys = self.select_keys(&s.table, s.index.as_deref())?;
        let partitions = partitions(s.filter.as_ref(), &keys.hash, params)?;
        check_order(s, &keys, partitions.is_some())?;
        let run = Run {
            s,
            params,
            req,
            keys,
        };
        let start = token::decode(req)?;
        let mode = capacity::mode(req)?;
        self.current.table = s.table.clone();
        self.current.index = s.index.clone();
        self.current.continued = start.is_some();
        let gathered = match partitions {
            Some(values) => self.select_queries(&run, &values, start)?,
            None => self.select_scan(&run, start)?,
        };
        self.current.count = Some(gathered.count);
        self.current.scanned_count = Some(gathered.scanned);
        self.current.returned = gathered.count;
        Ok(answer(s, gathered, mode))
    }

    fn select_scan(&mut self, run: &Run, start: Option<Position>) -> DResult<Gathered> {
        self.current.operation = "Scan".into();
        let mut scan = base_request(run.s, run.req);
        if let Some(cond) = &run.s.filter {
            let mut render = Render::new(run.params);
            scan["FilterExpression"] = json!(render.cond(cond)?);
            render.finish(&mut scan);
        }
        if let Some(key) = start.and_then(|p| p.key) {
            scan["ExclusiveStartKey"] = key;
        }
        let page = self.scan(&scan).map_err(super::plan::where_error)?;
        let (body, consumed) = (page.to_json(), page.consumed.clone());
        let mut gathered = Gathered::default();
        gathered.add(body, &consumed);
        gathered.next = gathered.last_key.clone().map(|k| Position::at(0, Some(k)));
        Ok(gathered)
    }

    /// One Query per partition key value, in the order the statement lists them,
    /// all within one `Limit`.
    fn select_queries(
        &mut self,
        run: &Run,
        values: &[Value],
        start: Option<Position>,
    ) -> DResult<Gathered> {
        self.current.operation = "Query".into();
        let residual = residual_filter(run.s.filter.as_ref(), &run.keys, run.params);
        let filter = residual
            .as_ref()
            .map(|c| compile_filter(c, run.params))
            .transpose()?;
        let total = run.req.get("Limit").and_then(Value::as_u64);
        let (first, mut start_key) = start.map_or((0, None), |p| (p.partition, p.key));
        let mut gathered = Gathered::default();
        for (i, value) in values.iter().enumerate().skip(first) {
            let limit = total.map(|l| l.saturating_sub(gathered.scanned));
            if limit == Some(0) {
                gathered.next = Some(Position::at(i, None));
                break;
            }
            if !has_type(value, &run.keys.hash_type) {
                continue;
            }
            let query = query_request(run, value, limit, start_key.take())?;
            self.query_page(&query, filter.as_ref(), &mut gathered)?;
            if let Some(k) = gathered.last_key.take() {
                gathered.next = Some(Position::at(i, Some(k)));
                break;
            }
        }
        Ok(gathered)
    }

    fn query_page(
        &mut self,
        query: &Value,
        filter: Option<&ast::Cond>,
        gathered: &mut Gathered,
    ) -> DResult<()> {
        let page = self.query_where(query, filter)?;
        let (body, consumed) = (page.to_json(), page.consumed.clone());
        gathered.add(body, &consumed);
        Ok(())
    }
}

/// The members every read of a SELECT shares.
fn base_request(s: &Select, req: &Value) -> Value {
    let mut out = json!({ "TableName": s.table });
    if let Some(index) = &s.index {
        out["IndexName"] = json!(index);
    }
    let members = ["ConsistentRead", "ReturnConsumedCapacity", "Limit"];
    super::copy_members(req, &mut out, &members);
    out
}

/// The Query of one partition key value: the sort key narrows it when it can.
fn query_request(
    run: &Run,
    value: &Value,
    limit: Option<u64>,
    start: Option<Value>,
) -> DResult<Value> {
    let mut query = base_request(run.s, run.req);
    if let Some(l) = limit {
        query["Limit"] = json!(l);
    }
    let mut render = Render::new(run.params);
    let hash = render.path(&vec![Step::Name(run.keys.hash.clone())]);
    let mut key_cond = format!("{hash} = {}", render.bound(value.clone()));
    if let Some(sort) = sort_condition(run.s.filter.as_ref(), &run.keys, &mut render)? {
        key_cond = format!("{key_cond} AND {sort}");
    }
    query["KeyConditionExpression"] = json!(key_cond);
    render.finish(&mut query);
    if let Some(order) = &run.s.order {
        query["ScanIndexForward"] = json!(!order.descending);
    }
    if let Some(k) = start {
        query["ExclusiveStartKey"] = k;
    }
    Ok(query)
}

/// The WHERE without the two conjuncts the Queries' key conditions hold (the partition
/// key's and the sort key's): every item a Query returns meets them already.
fn residual_filter(cond: Option<&Cond>, keys: &Keys, params: &[Value]) -> Option<Cond> {
    let all = conjuncts(cond?);
    let partition = all.iter().position(|c| key_values(c, &keys.hash).is_some());
    let range = keys.range.as_deref();
    let sort = range.and_then(|r| all.iter().position(|c| sortable(c, r, params)));
    let rest = all
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != partition && Some(*i) != sort)
        .map(|(_, c)| *c)
        .collect();
    super::plan::join_and(rest)
}

/// The first conjunct on the sort key a key condition can take, so the Query
/// reads only the items it may return (the whole WHERE still filters them).
fn sort_condition(
    filter: Option<&Cond>,
    keys: &Keys,
    render: &mut Render,
) -> DResult<Option<String>> {
    let (Some(cond), Some(range)) = (filter, keys.range.as_deref()) else {
        return Ok(None);
    };
    for c in conjuncts(cond) {
        if sortable(c, range, render.params()) {
            return render.cond(c).map(Some);
        }
    }
    Ok(None)
}

/// `sk op value`, `sk BETWEEN a AND b` or `begins_with(sk, 'p')` with string or
/// number values, written or bound to `?` (a key condition refuses other types).
fn sortable(c: &Cond, range: &str, params: &[Value]) -> bool {
    use super::statement::Operand::{Lit as L, Path as P};
    let scalar = |l: &Lit| key_typed(l, params, &["S", "N"]);
    let text = |l: &Lit| key_typed(l, params, &["S"]);
    let on_range = |p: &Path| super::plan::is_attr(p, range);
    match c {
        Cond::Cmp(P(p), op, L(l)) => on_range(p) && *op != "<>" && scalar(l),
        Cond::Between(P(p), L(a), L(b)) => on_range(p) && scalar(a) && scalar(b),
        Cond::Call(name, args) if name == "begins_with" => {
            matches!(args.as_slice(), [P(p), L(l)] if on_range(p) && text(l))
        }
        _ => false,
    }
}

/// A literal of one of `types`, or a `?` whose bound value is one.
fn key_typed(l: &Lit, params: &[Value], types: &[&str]) -> bool {
    match l {
        Lit::Str(_) => types.contains(&"S"),
        Lit::Num(_) => types.contains(&"N"),
        Lit::Param(i) => params
            .get(*i)
            .and_then(Value::as_object)
            .is_some_and(|v| v.keys().any(|t| types.contains(&t.as_str()))),
        _ => false,
    }
}

/// The partition key values the WHERE fixes, bound, when it fixes any.
fn partitions(filter: Option<&Cond>, hash: &str, params: &[Value]) -> DResult<Option<Vec<Value>>> {
    let Some(cond) = filter else {
        return Ok(None);
    };
    let found = conjuncts(cond)
        .into_iter()
        .find_map(|c| key_values(c, hash));
    let Some(lits) = found else {
        return Ok(None);
    };
    let mut values: Vec<Value> = Vec::new();
    for lit in lits {
        let v = bind(lit, params)?;
        if !values.contains(&v) {
            values.push(v);
        }
    }
    Ok(Some(values))
}

fn has_type(value: &Value, attr_type: &str) -> bool {
    value.as_object().is_some_and(|o| o.contains_key(attr_type))
}

/// ORDER BY reads one item collection in sort-key order, so it needs a Query.
fn check_order(s: &Select, keys: &Keys, queried: bool) -> DResult<()> {
    let Some(order) = &s.order else {
        return Ok(());
    };
    if !queried {
        return Err(DynamoError::validation(
            "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.",
        ));
    }
    let by_sort_key = keys.range.as_deref().is_some_and(|r| {
        super::plan::is_attr(&order.path, r) || super::plan::is_attr(&order.path, &keys.hash)
    });
    if by_sort_key {
        return Ok(());
    }
    Err(DynamoError::validation(
        "Order by attribute must be a key attribute of the table or index",
    ))
}

/// The response: the items (projected), where to go on, and the units.
fn answer(s: &Select, gathered: Gathered, mode: Mode) -> Value {
    let items: Vec<Value> = match &s.projection {
        None => gathered.items,
        Some(paths) => gathered.items.iter().map(|i| project(i, paths)).collect(),
    };
    let mut out = json!({ "Items": items });
    if let Some(next) = gathered.next {
        if let Some(k) = &next.key {
            out["LastEvaluatedKey"] = k.clone();
        }
        out["NextToken"] = json!(token::encode(&next));
    }
    if let Some(c) = gathered.consumed.and_then(|c| c.to_json(mode)) {
        out["ConsumedCapacity"] = c;
    }
    out
}

/// A projected item names each value by its path's last attribute name, as
/// DynamoDB does (`SELECT a.b` answers `{"b": …}`).
pub(crate) fn project(item: &Value, paths: &[Path]) -> Value {
    let mut out = Map::new();
    for path in paths {
        let name = path.iter().rev().find_map(|s| match s {
            Step::Name(n) => Some(n.clone()),
            Step::Index(_) => None,
        });
        if let (Some(name), Some(value)) = (name, lookup(item, path)) {
            out.insert(name, value.clone());
        }
    }
    Value::Object(out)
}

/// The value at `path` in an item in AWS JSON.
fn lookup<'v>(item: &'v Value, path: &Path) -> Option<&'v Value> {
    let mut steps = path.iter();
    let Some(Step::Name(first)) = steps.next() else {
        return None;
    };
    let mut here = item.get(first)?;
    for step in steps {
        here = match step {
            Step::Name(n) => here.get("M")?.get(n)?,
            Step::Index(i) => here.get("L")?.get(*i)?,
        };
    }
    Some(here)
}
