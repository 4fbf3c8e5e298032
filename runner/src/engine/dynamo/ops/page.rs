//! The read pipeline shared by Query and Scan (spec §8): read in order until
//! Limit or 1 MB, then filter, project, and report Count/ScannedCount,
//! LastEvaluatedKey and the units read.

use std::io::{self, Write};

use serde_json::{json, Map, Value};

use super::{DResult, DynamoError};
use crate::engine::dynamo::capacity::{read_units, Consumed, Mode};
use crate::engine::dynamo::errors::shape_error;
use crate::engine::dynamo::expr::ast::{Cond, Path};
use crate::engine::dynamo::expr::eval::eval_cond;
use crate::engine::dynamo::expr::projection::project;
use crate::engine::dynamo::expr::Exprs;
use crate::engine::dynamo::size::item_size;
use crate::engine::dynamo::table::{key_of, Index, IndexKey, Projection, Stored, Table, TableKey};
use crate::engine::dynamo::text::write_item;
use crate::engine::dynamo::types::{item_from_json, item_to_json, Item, KeyVal};
use crate::engine::dynamo::RequestRecord;

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

/// One item of a page: a stored item as it is (its text is ready), or one made
/// for the page (a projection, a keys-only or include index entry).
pub(crate) enum Row<'a> {
    Stored(&'a Stored),
    Made(Item),
}

impl Row<'_> {
    pub(crate) fn item(&self) -> &Item {
        match self {
            Row::Stored(stored) => &stored.item,
            Row::Made(item) => item,
        }
    }

    fn size(&self) -> usize {
        match self {
            Row::Stored(stored) => stored.size,
            Row::Made(item) => item_size(item),
        }
    }

    /// The stored text's length, or an estimate for an item made for the answer.
    pub(crate) fn text_len(&self) -> usize {
        match self {
            Row::Stored(Stored {
                text: Some(text), ..
            }) => text.len(),
            row => 2 * row.size(),
        }
    }

    pub(crate) fn write_json<W: Write>(&self, out: &mut W) -> io::Result<()> {
        match self {
            Row::Stored(Stored {
                text: Some(text), ..
            }) => out.write_all(text),
            row => write_item(out, row.item()),
        }
    }
}

/// One Query/Scan page. Items read straight from the table stay borrowed: the
/// response is written from them while the engine is still borrowed, with no copy.
pub(crate) struct Page<'a> {
    pub items: Vec<Row<'a>>,
    pub count: usize,
    pub scanned: usize,
    pub last_key: Option<Item>,
    pub consumed: Consumed,
    /// Bytes of item data read, which bounds the text the page is written as.
    pub bytes: usize,
    /// `Select: COUNT`: the response has no `Items`.
    pub count_only: bool,
    pub mode: Mode,
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

/// Query's `Limit`, which the service checks after the request's model and words
/// its own way: no value echoed, the member named as written (Scan's `Limit` is a
/// model violation, `Value '0' at 'limit'`).
pub(crate) fn query_limit(req: &Value) -> DResult<Option<usize>> {
    if req
        .get("Limit")
        .and_then(Value::as_i64)
        .is_some_and(|n| n < 1)
    {
        return Err(shape_error(
            "Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
        ));
    }
    limit(req)
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

    /// The index entry (or the item itself when reading the table); an index that
    /// projects everything holds the whole item, so that is not copied either.
    fn entry(&self, base: &'a Stored) -> Row<'a> {
        match self.index {
            Some(index) if index.projection != Projection::All => {
                Row::Made(index.entry(self.table, &base.item).unwrap_or_default())
            }
            _ => Row::Stored(base),
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
    pub(crate) fn read_page<I: Iterator<Item = &'a Stored>>(
        &self,
        rows: I,
        opts: &Options,
        mode: Mode,
    ) -> Page<'a> {
        let mut rows = rows.peekable();
        let (mut scanned, mut count, mut bytes, mut fetched) = (0usize, 0usize, 0usize, 0.0);
        let (mut items, mut last, mut stopped) = (Vec::new(), None, false);
        while let Some(base) = rows.peek().copied() {
            let entry = self.entry(base);
            let size = entry.size();
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
                fetched += read_units(base.size, opts.consistent);
                Row::Stored(base)
            } else {
                entry
            };
            if opts.filter.is_none_or(|f| eval_cond(visible.item(), f)) {
                count += 1;
                if !opts.count_only {
                    items.push(match opts.projection {
                        Some(p) => Row::Made(project(visible.item(), p)),
                        None => visible,
                    });
                }
            }
        }
        let last_key = last.filter(|_| stopped).map(|b| self.key_map(&b.item));
        Page {
            items,
            count,
            scanned,
            last_key,
            consumed: self.charge(bytes, fetched, opts.consistent),
            bytes,
            count_only: opts.count_only,
            mode,
        }
    }
}

impl Page<'_> {
    /// Count, ScannedCount and units of the page for the request log.
    pub(super) fn record(&self, request: &mut RequestRecord) {
        request.count = Some(self.count as u64);
        request.scanned_count = Some(self.scanned as u64);
        request.returned = if self.count_only {
            0
        } else {
            self.count as u64
        };
        request.read_units += self.consumed.total();
    }

    /// The response body as a tree, for the shell.
    pub(crate) fn to_json(&self) -> Value {
        let mut out = Map::new();
        if !self.count_only {
            let items = self
                .items
                .iter()
                .map(|row| item_to_json(row.item()))
                .collect();
            out.insert("Items".into(), Value::Array(items));
        }
        out.insert("Count".into(), json!(self.count));
        out.insert("ScannedCount".into(), json!(self.scanned));
        if let Some(k) = &self.last_key {
            out.insert("LastEvaluatedKey".into(), item_to_json(k));
        }
        if let Some(c) = self.consumed.to_json(self.mode) {
            out.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(out)
    }

    /// The same body written as text: the bytes serde_json writes for `to_json`.
    /// About how long `write_json`'s text is, to size its buffer once: the wire
    /// JSON of an item is rarely twice its size.
    pub(crate) fn text_len_hint(&self) -> usize {
        let items = if self.count_only { 0 } else { 2 * self.bytes };
        items + 256
    }

    pub(crate) fn write_json<W: Write>(&self, out: &mut W) -> io::Result<()> {
        out.write_all(b"{")?;
        if !self.count_only {
            out.write_all(b"\"Items\":[")?;
            for (i, row) in self.items.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                row.write_json(out)?;
            }
            out.write_all(b"],")?;
        }
        write!(
            out,
            "\"Count\":{},\"ScannedCount\":{}",
            self.count, self.scanned
        )?;
        if let Some(k) = &self.last_key {
            out.write_all(b",\"LastEvaluatedKey\":")?;
            write_item(out, k)?;
        }
        if let Some(c) = self.consumed.to_json(self.mode) {
            out.write_all(b",\"ConsumedCapacity\":")?;
            serde_json::to_writer(&mut *out, &c)?;
        }
        out.write_all(b"}")
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
    if select == Some("ALL_ATTRIBUTES") && index.projection != Projection::All {
        return Err(DynamoError::validation(format!(
            "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index {} because its projection type is not ALL",
            index.name
        )));
    }
    Ok(())
}
