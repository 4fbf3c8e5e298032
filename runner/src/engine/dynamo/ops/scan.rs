//! Scan: the whole table or index, partition by partition, with parallel
//! segments. Partitions are read in key order (moto's order) so that pages
//! are stable and learners see item collections together.

use serde_json::Value;

use super::page::{check_index_read, limit, select, Options, Page, Source};
use super::{bool_member, required_str, table_in, DResult, DynamoError, Engine};
use crate::engine::dynamo::capacity;
use crate::engine::dynamo::expr::{compile, Kind};
use crate::engine::dynamo::table::{IndexKey, Stored};
use crate::engine::dynamo::types::KeyVal;

fn segments(req: &Value) -> DResult<Option<(u64, u64)>> {
    // Their ranges are part of the request's shape, checked before this.
    let segment = req.get("Segment").and_then(Value::as_u64);
    let total = req.get("TotalSegments").and_then(Value::as_u64);
    match (segment, total) {
        (None, None) => Ok(None),
        (Some(_), None) => Err(DynamoError::validation(
            "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
        )),
        (None, Some(_)) => Err(DynamoError::validation(
            "The Segment parameter is required but was not present in the request when parameter TotalSegments is present",
        )),
        (Some(s), Some(t)) if s >= t => Err(DynamoError::validation(format!(
            "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: {s} is not less than TotalSegments: {t}"
        ))),
        (Some(s), Some(t)) => Ok(Some((s, t))),
    }
}

/// Stable FNV-1a hash of a partition key, to assign partitions to segments.
fn segment_of(key: &KeyVal, total: u64) -> u64 {
    let bytes: Vec<u8> = match key {
        KeyVal::S(s) => s.as_bytes().to_vec(),
        KeyVal::B(b) => b.clone(),
        KeyVal::N(n) => n.to_string().into_bytes(),
        _ => Vec::new(),
    };
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    });
    hash % total
}

impl Engine {
    pub(in crate::engine::dynamo) fn scan(&mut self, req: &Value) -> DResult<Page<'_>> {
        let mode = capacity::mode(req)?;
        let select = select(req)?;
        let limit = limit(req)?;
        let segment = segments(req)?;
        let exprs = compile(req, &[Kind::Filter, Kind::Projection])?;
        let table = table_in(&self.tables, required_str(req, "TableName")?)?;
        let source = Source::resolve(table, req.get("IndexName").and_then(Value::as_str))?;
        let consistent = bool_member(req, "ConsistentRead");
        check_index_read(&source, select, consistent)?;
        let start = source.start_key(req)?;
        let opts = Options::new(&source, select, limit, &exprs, consistent);
        let in_segment = |k: &KeyVal| segment.is_none_or(|(s, t)| segment_of(k, t) == s);
        let rows = scan_rows(&source, start.as_ref(), &in_segment);
        let page = source.read_page(rows, &opts, mode);
        page.record(&mut self.current);
        Ok(page)
    }
}

/// The rows live as long as the table (`'a`); the walk only as long as the
/// segment test (`'f`), so the page can outlive the request's locals.
fn scan_rows<'a: 'f, 'f>(
    source: &Source<'a>,
    start: Option<&IndexKey>,
    in_segment: &'f dyn Fn(&KeyVal) -> bool,
) -> Box<dyn Iterator<Item = &'a Stored> + 'f> {
    let table = source.table;
    match source.index {
        None => {
            let after = start.map(|s| (s.2.clone(), s.3.clone()));
            let rows = table
                .partitions
                .iter()
                .filter(move |(pk, _)| in_segment(pk))
                .flat_map(|(pk, part)| part.iter().map(move |(sk, item)| ((pk, sk), item)))
                .filter(move |((pk, sk), _)| {
                    after.as_ref().is_none_or(|a| (*pk, *sk) > (&a.0, &a.1))
                })
                .map(|(_, item)| item);
            Box::new(rows)
        }
        Some(index) => {
            let after = start.cloned();
            let rows = index
                .entries
                .iter()
                .filter(move |k| in_segment(&k.0))
                .filter(move |k| after.as_ref().is_none_or(|a| *k > a))
                .filter_map(move |k| table.stored(&(k.2.clone(), k.3.clone())));
            Box::new(rows)
        }
    }
}
