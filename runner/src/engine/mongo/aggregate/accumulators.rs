//! `$group` accumulators: $sum $avg $min $max $push $addToSet $first $last
//! $count $mergeObjects.

use std::cmp::Ordering;
use std::collections::HashSet;

use bson::{Bson, Document};

use crate::engine::mongo::expr::numeric::{as_f64, is_number, Kind, Total};
use crate::engine::mongo::expr::{compare_values, fail, numeric::f64_to_decimal};
use crate::engine::mongo::MongoError;

use super::group_key::key_of;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Sum,
    Avg,
    Min,
    Max,
    Push,
    AddToSet,
    First,
    Last,
    MergeObjects,
}

impl Op {
    pub(crate) fn parse(name: &str) -> Option<Op> {
        Some(match name {
            "$sum" | "$count" => Op::Sum,
            "$avg" => Op::Avg,
            "$min" => Op::Min,
            "$max" => Op::Max,
            "$push" => Op::Push,
            "$addToSet" => Op::AddToSet,
            "$first" => Op::First,
            "$last" => Op::Last,
            "$mergeObjects" => Op::MergeObjects,
            _ => return None,
        })
    }
}

/// The running state of one accumulator for one group.
#[derive(Debug, Clone)]
pub(crate) enum State {
    Sum(Total),
    Avg {
        total: Total,
        count: u64,
    },
    Extreme {
        value: Option<Bson>,
        want: Ordering,
    },
    Push(Vec<Bson>),
    AddToSet {
        values: Vec<Bson>,
        seen: HashSet<String>,
    },
    First(Option<Option<Bson>>),
    Last(Option<Bson>),
    Merge(Document),
}

impl State {
    pub(crate) fn new(op: Op) -> State {
        match op {
            Op::Sum => State::Sum(Total::new(0)),
            Op::Avg => State::Avg {
                total: Total::new(0),
                count: 0,
            },
            Op::Min => State::Extreme {
                value: None,
                want: Ordering::Less,
            },
            Op::Max => State::Extreme {
                value: None,
                want: Ordering::Greater,
            },
            Op::Push => State::Push(Vec::new()),
            Op::AddToSet => State::AddToSet {
                values: Vec::new(),
                seen: HashSet::new(),
            },
            Op::First => State::First(None),
            Op::Last => State::Last(None),
            Op::MergeObjects => State::Merge(Document::new()),
        }
    }

    /// Feeds one evaluated value (`None` = missing).
    pub(crate) fn add(&mut self, value: Option<Bson>) -> Result<(), MongoError> {
        match self {
            State::Sum(total) => add_number(total, value),
            State::Avg { total, count } => {
                if value.as_ref().is_some_and(is_number) {
                    *count += 1;
                }
                add_number(total, value);
            }
            State::Extreme { value: best, want } => keep_extreme(best, value, *want),
            State::Push(items) => items.extend(value),
            State::AddToSet { values, seen } => {
                if let Some(v) = value.filter(|v| seen.insert(key_of(v))) {
                    values.push(v);
                }
            }
            State::First(first) => {
                first.get_or_insert(value);
            }
            State::Last(last) => *last = value,
            State::Merge(doc) => merge(doc, value)?,
        }
        Ok(())
    }

    pub(crate) fn finish(self) -> Bson {
        match self {
            State::Sum(total) => total.to_bson(),
            State::Avg { total, count } => average(total, count),
            State::Extreme { value, .. } => value.unwrap_or(Bson::Null),
            State::Push(items) => Bson::Array(items),
            State::AddToSet { values, .. } => Bson::Array(values),
            State::First(first) => first.flatten().unwrap_or(Bson::Null),
            State::Last(last) => last.unwrap_or(Bson::Null),
            State::Merge(doc) => Bson::Document(doc),
        }
    }
}

fn add_number(total: &mut Total, value: Option<Bson>) {
    if let Some(v) = value.filter(is_number) {
        total.add(&v);
    }
}

fn keep_extreme(best: &mut Option<Bson>, value: Option<Bson>, want: Ordering) {
    let Some(v) = value.filter(|v| !matches!(v, Bson::Null | Bson::Undefined)) else {
        return;
    };
    let better = best.as_ref().is_none_or(|b| compare_values(&v, b) == want);
    if better {
        *best = Some(v);
    }
}

fn average(total: Total, count: u64) -> Bson {
    if count == 0 {
        return Bson::Null;
    }
    let mean = as_f64(&total.to_bson()).unwrap_or(0.0) / count as f64;
    if total.kind == Kind::Decimal {
        f64_to_decimal(mean)
    } else {
        Bson::Double(mean)
    }
}

fn merge(doc: &mut Document, value: Option<Bson>) -> Result<(), MongoError> {
    match value {
        None | Some(Bson::Null) | Some(Bson::Undefined) => Ok(()),
        Some(Bson::Document(d)) => {
            doc.extend(d);
            Ok(())
        }
        Some(other) => Err(fail(
            40400,
            format!(
                "$mergeObjects requires object inputs, but input {} is of type {}",
                crate::engine::mongo::expr::show::value(&other),
                crate::engine::mongo::expr::type_name(Some(&other))
            ),
        )),
    }
}
