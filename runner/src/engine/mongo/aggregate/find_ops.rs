//! find()-only projection operators: `$slice` and `$elemMatch`.

use bson::{doc, Bson, Document};

use crate::engine::mongo::expr::{fail, numeric};
use crate::engine::mongo::MongoError;

use super::matcher::Filter;

#[derive(Debug, Clone)]
pub(crate) enum FindOp {
    Slice {
        skip: Option<i64>,
        limit: i64,
    },
    ElemMatch(Document),
    /// `"array.$"`: the first element the query's conditions on `array` match.
    Positional {
        field: String,
        conditions: Document,
    },
}

/// Parses `{key: {$slice: ..}}` / `{key: {$elemMatch: ..}}`; `None` for other operators.
pub(crate) fn parse(
    name: &str,
    key: &str,
    sub: &Document,
    at_root: bool,
) -> Result<Option<FindOp>, MongoError> {
    let Some(arg) = sub.get(name) else {
        return Ok(None);
    };
    match name {
        "$slice" => parse_slice(arg),
        "$elemMatch" => parse_elem_match(key, arg, at_root),
        _ => Ok(None),
    }
}

fn parse_slice(arg: &Bson) -> Result<Option<FindOp>, MongoError> {
    if numeric::is_number(arg) {
        let limit = numeric::as_f64(arg).unwrap_or(0.0) as i64;
        return Ok(Some(FindOp::Slice { skip: None, limit }));
    }
    let Bson::Array(pair) = arg else {
        // Anything else is the aggregation $slice expression.
        return Ok(None);
    };
    let [skip, limit] = pair.as_slice() else {
        return Err(fail(
            31272,
            "$slice array argument should be of form [skip, limit]",
        ));
    };
    if !numeric::is_number(skip) || !numeric::is_number(limit) {
        return Ok(None);
    }
    let limit = numeric::as_f64(limit).unwrap_or(0.0) as i64;
    if limit <= 0 {
        return Err(fail(
            31259,
            format!("$slice limit must be positive, got {limit}"),
        ));
    }
    let skip = numeric::as_f64(skip).unwrap_or(0.0) as i64;
    Ok(Some(FindOp::Slice {
        skip: Some(skip),
        limit,
    }))
}

fn parse_elem_match(key: &str, arg: &Bson, at_root: bool) -> Result<Option<FindOp>, MongoError> {
    let Bson::Document(cond) = arg else {
        return Err(fail(
            31274,
            "elemMatch: Invalid argument, object required, but got a non-object",
        ));
    };
    if !at_root || key.contains('.') {
        return Err(fail(
            31275,
            "Cannot use $elemMatch projection on a nested field.",
        ));
    }
    Filter::parse(&doc! { "x": { "$elemMatch": cond.clone() } })?;
    Ok(Some(FindOp::ElemMatch(cond.clone())))
}

impl FindOp {
    /// The projected value of one field, `None` to omit it.
    pub(crate) fn apply(&self, value: &Bson, _root: &Document) -> Result<Option<Bson>, MongoError> {
        match self {
            FindOp::Slice { skip, limit } => Ok(Some(slice(value, *skip, *limit))),
            FindOp::ElemMatch(cond) => elem_match(value, cond),
            FindOp::Positional { field, conditions } => positional_match(value, field, conditions),
        }
    }
}

fn slice(value: &Bson, skip: Option<i64>, limit: i64) -> Bson {
    let Bson::Array(items) = value else {
        return value.clone();
    };
    let len = items.len() as i64;
    let (start, count) = match skip {
        None if limit < 0 => ((len + limit).max(0), limit.saturating_neg()),
        None => (0, limit),
        Some(s) if s < 0 => ((len + s).max(0), limit),
        Some(s) => (s, limit),
    };
    Bson::Array(
        items
            .iter()
            .skip(start as usize)
            .take(count.max(0) as usize)
            .cloned()
            .collect(),
    )
}

fn elem_match(value: &Bson, cond: &Document) -> Result<Option<Bson>, MongoError> {
    let Bson::Array(items) = value else {
        return Ok(None);
    };
    let filter = Filter::parse(&doc! { "x": { "$elemMatch": cond.clone() } })?;
    let found = items
        .iter()
        .find(|item| filter.matches(&doc! { "x": [ (*item).clone() ] }));
    Ok(found.map(|item| Bson::Array(vec![item.clone()])))
}

/// Builds the positional operator for `key` ("hasil.$") from the query's
/// conditions on the array's path (top-level and inside `$and`).
pub(crate) fn positional(
    key: &str,
    base: &str,
    query: Option<&Document>,
) -> Result<FindOp, MongoError> {
    let Some(query) = query else {
        return Err(fail(
            51050,
            "Projections with a positional operator require a matcher",
        ));
    };
    let top = base.split('.').next().unwrap_or(base);
    let mut conditions = Document::new();
    collect_conditions(query, top, &mut conditions);
    if conditions.is_empty() {
        return Err(fail(
            31277,
            format!("Positional projection '{key}' does not match the query document."),
        ));
    }
    Ok(FindOp::Positional {
        field: top.to_string(),
        conditions,
    })
}

fn collect_conditions(query: &Document, top: &str, out: &mut Document) {
    for (path, cond) in query {
        if path == "$and" {
            let clauses = cond.as_array().into_iter().flatten();
            clauses
                .filter_map(Bson::as_document)
                .for_each(|c| collect_conditions(c, top, out));
        } else if path == top || path.starts_with(&format!("{top}.")) {
            out.insert(path.clone(), cond.clone());
        }
    }
}

fn positional_match(
    value: &Bson,
    field: &str,
    conditions: &Document,
) -> Result<Option<Bson>, MongoError> {
    let Bson::Array(items) = value else {
        return Ok(Some(value.clone()));
    };
    let filter = Filter::parse(conditions)?;
    let found = items.iter().find(|item| {
        let mut probe = Document::new();
        probe.insert(field, vec![(*item).clone()]);
        filter.matches(&probe)
    });
    Ok(found.map(|item| Bson::Array(vec![item.clone()])))
}
