//! The read pipeline shared by Query and Scan (spec §8): read in order until
//! Limit or 1 MB, then filter, project, and report Count/ScannedCount,
//! LastEvaluatedKey and the units read.

use std::borrow::Cow;

use serde_json::{json, Map, Value};

use super::{DResult, DynamoError, Engine};
use crate::engine::dynamo::capacity::{read_units, Consumed, Mode};
use crate::engine::dynamo::errors::shape_error;
use crate::engine::dynamo::expr::ast::{Cond, Path};
use crate::engine::dynamo::expr::eval::eval_cond;
use crate::engine::dynamo::expr::projection::project;
use crate::engine::dynamo::expr::Exprs;
use crate::engine::dynamo::size::item_size;
use crate::engine::dynamo::table::{key_of, Index, IndexKey, Table, TableKey};
use crate::engine::dynamo::types::{item_from_json, item_to_json, Item, KeyVal};

/// A Query/Scan page holds at most 1 MB of item data.
pub(crate) const PAGE_BYTES: usize = 1024 * 1024;

/// Where a read goes: the table itself or one of its indexes.
#[derive(Clone, Copy)]
pub(crate) struct Source<'a> {
    pub table: &'a Table,
    pub index: Option<&'a Index>,
}

pub(crate) struct Options<'a> {
    pub limit: Option<usize>,
    pub filter: Option<&'a Cond>,
    pub projection: Option<&'a [Path]>,
    pub count_only: bool,
    pub fetch_base: bool,
    pub consistent: bool,
}

impl<'a> Options<'a> {
    pub(crate) fn new(
        source: &Source,
        select: Option<&str>,
        limit: Option<usize>,
        exprs: &'a Exprs,
        consistent: bool,
    ) -> Options<'a> {
        Options {
            limit,
            filter: exprs.filter.as_ref(),
            projection: exprs.projection.as_deref(),
            count_only: select == Some("COUNT"),
            fetch_base: needs_fetch(source, select, exprs.projection.as_deref()),
            consistent,
        }
    }
}

impl Engine {
    /// Count, ScannedCount and units of a Query/Scan page for the request log.
    pub(super) fn record_page(&mut self, page: &Page) {
        self.current.count = Some(page.count as u64);
        self.current.scanned_count = Some(page.scanned as u64);
        self.current.read_units += page.consumed.total();
    }
}

pub(crate) struct Page {
    pub items: Vec<Item>,
    pub count: usize,
    pub scanned: usize,
    pub last_key: Option<Item>,
    pub consumed: Consumed,
}

/// `Select` (its enum already checked with the request's shape) against the
/// members it excludes or needs: a projection asks for specific attributes only,
/// and projected attributes exist only on an index.
pub(crate) fn select(req: &Value) -> DResult<Option<&str>> {
    let Some(s) = req.get("Select").and_then(Value::as_str) else {
        return Ok(None);
    };
    let projected = req.get("ProjectionExpression").is_some();
    if projected && s != "SPECIFIC_ATTRIBUTES" {
        let what = if s == "COUNT" { "only the Count" } else { s };
        return Err(DynamoError::validation(format!(
            "Cannot specify the ProjectionExpression when choosing to get {what}"
        )));
    }
    if s == "ALL_PROJECTED_ATTRIBUTES" && req.get("IndexName").is_none() {
        return Err(DynamoError::validation(
            "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
        ));
    }
    if s == "SPECIFIC_ATTRIBUTES" && !projected {
        return Err(DynamoError::validation(
            "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
        ));
    }
    Ok(Some(s))
}

/// `Limit`, at least 1 as the request's shape was checked.
pub(crate) fn limit(req: &Value) -> DResult<Option<usize>> {
    let Some(raw) = req.get("Limit") else {
        return Ok(None);
    };
    match raw.as_u64().and_then(|n| usize::try_from(n).ok()) {
        Some(n) if n >= 1 => Ok(Some(n)),
        _ => Err(shape_error(&format!(
            "Value '{raw}' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"
        ))),
    }
}

/// A start key's bad value is named as such, except for the number and set texts,
/// which the service passes on unchanged.
fn start_key_value_error(err: DynamoError) -> DynamoError {
    let passed_on = [
        "contains duplicates",
        "number set",
        "converted into a number",
        "significant digits",
    ]
    .iter()
    .any(|t| err.message.contains(t))
        || err.message.starts_with("Number ");
    if passed_on {
        return err;
    }
    DynamoError::validation(format!(
        "The provided starting key is invalid: {}",
        err.message
    ))
}

impl<'a> Source<'a> {
    pub(crate) fn resolve(table: &'a Table, index_name: Option<&str>) -> DResult<Source<'a>> {
        let index = match index_name {
            None => None,
            Some(name) => Some(table.index(name).ok_or_else(|| {
                DynamoError::validation(format!(
                    "The table does not have the specified index: {name}"
                ))
            })?),
        };
        Ok(Source { table, index })
    }

    /// The index entry (or the item itself when reading the table).
    fn entry<'i>(&self, base: &'i Item) -> Cow<'i, Item> {
        match self.index {
            Some(index) => Cow::Owned(index.entry(self.table, base).unwrap_or_default()),
            None => Cow::Borrowed(base),
        }
    }

    /// The attributes of a LastEvaluatedKey, each once (an LSI shares the hash key).
    fn key_names(&self) -> Vec<&'a str> {
        let mut names: Vec<&str> = vec![&self.table.schema.hash];
        names.extend(self.table.schema.range.as_deref());
        if let Some(index) = self.index {
            names.push(&index.schema.hash);
            names.extend(index.schema.range.as_deref());
        }
        let mut unique: Vec<&str> = Vec::new();
        for n in names {
            if !unique.contains(&n) {
                unique.push(n);
            }
        }
        unique
    }

    /// LastEvaluatedKey: table key, plus the index key when reading an index.
    fn key_map(&self, base: &Item) -> Item {
        self.key_names()
            .iter()
            .filter_map(|n| base.get(*n).map(|v| (n.to_string(), v.clone())))
            .collect()
    }

    /// Parses ExclusiveStartKey into the position to start after.
    pub(crate) fn start_key(&self, req: &Value) -> DResult<Option<IndexKey>> {
        let Some(raw) = req.get("ExclusiveStartKey") else {
            return Ok(None);
        };
        let invalid = || {
            DynamoError::validation("The provided starting key is invalid: The provided key element does not match the schema")
        };
        let key = item_from_json(raw).map_err(start_key_value_error)?;
        let table_key: TableKey = key_of(&self.table.schema, &key).ok_or_else(invalid)?;
        let names = self.key_names();
        let typed = |n: &&str| {
            key.get(*n)
                .is_some_and(|v| v.type_name() == self.table.attr_type(n))
        };
        if key.len() != names.len() || !names.iter().all(typed) {
            return Err(invalid());
        }
        let (ih, ir) = match self.index {
            Some(index) => key_of(&index.schema, &key).ok_or_else(invalid)?,
            None => (KeyVal::None, KeyVal::None),
        };
        Ok(Some((ih, ir, table_key.0, table_key.1)))
    }

    fn charge(&self, bytes: usize, fetched: f64, consistent: bool) -> Consumed {
        let mut c = Consumed::new(&self.table.name);
        match self.index {
            None => c.table = read_units(bytes, consistent),
            Some(i) if i.global => {
                c.gsi.insert(i.name.clone(), read_units(bytes, false));
            }
            Some(i) => {
                c.lsi.insert(i.name.clone(), read_units(bytes, consistent));
                c.table = fetched;
            }
        }
        c
    }

    /// Reads one page from `rows` (base items in read order).
    pub(crate) fn read_page<I: Iterator<Item = &'a Item>>(&self, rows: I, opts: &Options) -> Page {
        let mut rows = rows.peekable();
        let (mut scanned, mut count, mut bytes, mut fetched) = (0usize, 0usize, 0usize, 0.0);
        let (mut items, mut last, mut stopped) = (Vec::new(), None, false);
        while let Some(base) = rows.peek().copied() {
            let entry = self.entry(base);
            let size = item_size(&entry);
            if opts.limit.is_some_and(|l| scanned >= l)
                || (scanned > 0 && bytes + size > PAGE_BYTES)
            {
                stopped = true;
                break;
            }
            rows.next();
            scanned += 1;
            bytes += size;
            last = Some(base);
            let visible = if opts.fetch_base {
                fetched += read_units(item_size(base), opts.consistent);
                Cow::Borrowed(base)
            } else {
                entry
            };
            if opts.filter.is_none_or(|f| eval_cond(&visible, f)) {
                count += 1;
                if !opts.count_only {
                    items.push(
                        opts.projection
                            .map(|p| project(&visible, p))
                            .unwrap_or_else(|| visible.into_owned()),
                    );
                }
            }
        }
        let last_key = last.filter(|_| stopped).map(|b| self.key_map(b));
        Page {
            items,
            count,
            scanned,
            last_key,
            consumed: self.charge(bytes, fetched, opts.consistent),
        }
    }
}

impl Page {
    pub(crate) fn to_json(&self, count_only: bool, mode: Mode) -> Value {
        let mut out = Map::new();
        if !count_only {
            out.insert(
                "Items".into(),
                Value::Array(self.items.iter().map(item_to_json).collect()),
            );
        }
        out.insert("Count".into(), json!(self.count));
        out.insert("ScannedCount".into(), json!(self.scanned));
        if let Some(k) = &self.last_key {
            out.insert("LastEvaluatedKey".into(), item_to_json(k));
        }
        if let Some(c) = self.consumed.to_json(mode) {
            out.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(out)
    }
}

/// Whether an LSI read must fetch non-projected attributes from the table.
pub(crate) fn needs_fetch(
    source: &Source,
    select: Option<&str>,
    projection: Option<&[Path]>,
) -> bool {
    let Some(index) = source.index.filter(|i| !i.global) else {
        return false;
    };
    if select == Some("ALL_ATTRIBUTES") {
        return true;
    }
    projection.is_some_and(|paths| paths.iter().any(|p| !index.projects(source.table, p.top())))
}

/// Common request checks of Query and Scan on an index.
pub(crate) fn check_index_read(
    source: &Source,
    select: Option<&str>,
    consistent: bool,
) -> DResult<()> {
    let Some(index) = source.index.filter(|i| i.global) else {
        return Ok(());
    };
    if consistent {
        return Err(DynamoError::validation(
            "Consistent reads are not supported on global secondary indexes",
        ));
    }
    if select == Some("ALL_ATTRIBUTES")
        && index.projection != crate::engine::dynamo::table::Projection::All
    {
        return Err(DynamoError::validation(format!(
            "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index {} because its projection type is not ALL",
            index.name
        )));
    }
    Ok(())
}
