//! Chooses how to answer a query: `_id` lookup, an index scan over bounds
//! read from the filter (or to serve a sort), or a collection scan.

use bson::{Bson, Document};

use super::bounds::{intervals_for, Interval};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::sort::SortSpec;
use crate::engine::mongo::storage::{Collection, Index};

#[derive(Debug, Clone)]
pub enum Plan {
    CollScan,
    /// A collection scan in reverse natural order (`hint({$natural: -1})`).
    CollScanBackward,
    IdHack(Bson),
    IxScan {
        index: usize,
        bounds: Vec<Vec<Interval>>,
        /// Walked from the last key to the first, to serve a reversed sort.
        backward: bool,
    },
}

/// Picks the plan for `filter` (and `sort`, `hint`) on `coll`.
pub(crate) fn choose(
    coll: &Collection,
    filter: &Document,
    sort: Option<&SortSpec>,
    hint: Option<&Bson>,
) -> Result<Plan, MongoError> {
    if let Some(hint) = hint.filter(|h| !is_empty_hint(h)) {
        return hinted(coll, filter, hint);
    }
    if let Some(id) = id_equality(filter) {
        return Ok(Plan::IdHack(id));
    }
    let best = coll
        .indexes
        .iter()
        .enumerate()
        .filter_map(|(i, index)| {
            let bounds = index_bounds(index, filter)?;
            Some((score(index, &bounds, sort), i, bounds))
        })
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    if let Some((_, index, bounds)) = best {
        let backward = sort.and_then(|s| sort_direction(&coll.indexes[index], &bounds, s));
        return Ok(Plan::IxScan {
            index,
            bounds,
            backward: backward == Some(Direction::Backward),
        });
    }
    Ok(sort
        .and_then(|s| sort_plan(coll, s))
        .unwrap_or(Plan::CollScan))
}

fn is_empty_hint(hint: &Bson) -> bool {
    matches!(hint, Bson::Document(d) if d.is_empty())
}

/// `{$natural: 1}` / `{$natural: -1}`: a collection scan in that direction.
fn natural_hint(hint: &Bson) -> Option<Plan> {
    let Bson::Document(spec) = hint else {
        return None;
    };
    let direction = spec
        .get("$natural")
        .and_then(crate::engine::mongo::value::number_as_f64)?;
    Some(if direction < 0.0 {
        Plan::CollScanBackward
    } else {
        Plan::CollScan
    })
}

fn hinted(coll: &Collection, filter: &Document, hint: &Bson) -> Result<Plan, MongoError> {
    if let Some(plan) = natural_hint(hint) {
        return Ok(plan);
    }
    let position = coll.indexes.iter().position(|index| match hint {
        Bson::String(name) => &index.name == name,
        Bson::Document(pattern) => index.has_key_pattern(pattern),
        _ => false,
    });
    let Some(index) = position else {
        return Err(MongoError::bad_value(
            "error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index",
        ));
    };
    let bounds = index_bounds(&coll.indexes[index], filter)
        .unwrap_or_else(|| full_bounds(&coll.indexes[index]));
    Ok(Plan::IxScan {
        index,
        bounds,
        backward: false,
    })
}

/// `{_id: v}` alone with a plain value: the server's IDHACK fast path.
fn id_equality(filter: &Document) -> Option<Bson> {
    if filter.len() != 1 {
        return None;
    }
    match filter.get("_id")? {
        Bson::Document(d) if d.keys().next().is_some_and(|k| k.starts_with('$')) => None,
        Bson::RegularExpression(_) | Bson::Array(_) | Bson::Null => None,
        other => Some(other.clone()),
    }
}

/// Bounds for every field when the first one is bounded by the filter.
fn index_bounds(index: &Index, filter: &Document) -> Option<Vec<Vec<Interval>>> {
    if index.sparse && filter_may_match_missing(filter) {
        return None;
    }
    let multikey = index.multikey_paths();
    let mut bounds = Vec::with_capacity(index.fields.len());
    let mut prefix_is_points = true;
    for (i, (path, _)) in index.fields.iter().enumerate() {
        let is_multikey = multikey.get(i).is_some_and(|p| !p.is_empty());
        let field = if prefix_is_points {
            intervals_for(filter, path, is_multikey)
        } else {
            None
        };
        if i == 0 && field.is_none() {
            return None;
        }
        let field = field.unwrap_or_else(|| vec![Interval::full()]);
        prefix_is_points = prefix_is_points && field.iter().all(Interval::is_point);
        bounds.push(field);
    }
    Some(bounds)
}

/// `{f: null}`, `{f: {$eq: null}}` or `{f: {$in: [null]}}` (a `$lookup` on a
/// missing local field asks that) also match documents a sparse index leaves out.
fn filter_may_match_missing(filter: &Document) -> bool {
    filter.values().any(|v| match v {
        Bson::Null => true,
        Bson::Document(ops) => ops.iter().any(|(op, arg)| match (op.as_str(), arg) {
            ("$eq", Bson::Null) => true,
            ("$in", Bson::Array(items)) => items.contains(&Bson::Null),
            _ => false,
        }),
        _ => false,
    })
}

fn full_bounds(index: &Index) -> Vec<Vec<Interval>> {
    index
        .fields
        .iter()
        .map(|_| vec![Interval::full()])
        .collect()
}

/// More leading point fields first, then an index that also yields the sort's
/// order (it wins the server's trial: it needs no blocking sort, and stops at
/// the limit), then a bounded range.
fn score(index: &Index, bounds: &[Vec<Interval>], sort: Option<&SortSpec>) -> (usize, bool, usize) {
    let points = bounds
        .iter()
        .take_while(|f| f.iter().all(Interval::is_point))
        .count();
    let bounded = bounds
        .iter()
        .filter(|f| f.first() != Some(&Interval::full()))
        .count();
    let sorted = sort.is_some_and(|s| !s.is_empty() && sorts_by(index, bounds, s));
    (points, sorted, bounded)
}

/// Whether scanning `plan` yields records already in `sort` order, so no blocking
/// sort is needed and a limit stops the scan.
pub(crate) fn provides_sort(coll: &Collection, plan: &Plan, sort: &SortSpec) -> bool {
    let Plan::IxScan {
        index,
        bounds,
        backward,
    } = plan
    else {
        return false;
    };
    let walked = if *backward {
        Direction::Backward
    } else {
        Direction::Forward
    };
    let index = coll.indexes.get(*index);
    !sort.is_empty() && index.is_some_and(|ix| sort_direction(ix, bounds, sort) == Some(walked))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    Forward,
    Backward,
}

fn sorts_by(index: &Index, bounds: &[Vec<Interval>], sort: &SortSpec) -> bool {
    sort_direction(index, bounds, sort).is_some()
}

/// Which way to walk the index so its keys come in `sort` order: forward when
/// the sort keys follow the index's fields in order and direction, backward
/// when every direction is the opposite. Fields the bounds pin to one value
/// are skipped; a sort field holding arrays never serves (the server sorts
/// those by their smallest or largest element).
fn sort_direction(index: &Index, bounds: &[Vec<Interval>], sort: &SortSpec) -> Option<Direction> {
    [Direction::Forward, Direction::Backward]
        .into_iter()
        .find(|&way| walks_in_order(index, bounds, sort, way == Direction::Backward))
}

fn walks_in_order(
    index: &Index,
    bounds: &[Vec<Interval>],
    sort: &SortSpec,
    reversed: bool,
) -> bool {
    let multikey = index.multikey_paths();
    let mut fields = index.fields.iter().zip(bounds).enumerate();
    sort.keys.iter().all(|key| {
        let next = fields.find(|(_, ((path, _), b))| *path == key.path || !is_single_point(b));
        next.is_some_and(|(i, ((path, descending), b))| {
            let array = multikey.get(i).is_some_and(|p| !p.is_empty());
            let same_way = (*descending != reversed) == key.descending;
            *path == key.path && !array && (same_way || is_single_point(b))
        })
    })
}

fn is_single_point(field: &[Interval]) -> bool {
    matches!(field, [only] if only.is_point())
}

/// An index whose first field is the first sort key answers the sort.
fn sort_plan(coll: &Collection, sort: &SortSpec) -> Option<Plan> {
    let first = sort.keys.first()?;
    let index = coll
        .indexes
        .iter()
        .position(|i| !i.sparse && i.fields.first().is_some_and(|(p, _)| *p == first.path))?;
    let bounds = full_bounds(&coll.indexes[index]);
    let way = sort_direction(&coll.indexes[index], &bounds, sort);
    Some(Plan::IxScan {
        index,
        bounds,
        backward: way == Some(Direction::Backward),
    })
}
