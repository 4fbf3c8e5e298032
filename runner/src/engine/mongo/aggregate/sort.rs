//! `$sort` with the server's order: BSON type order, missing as null, and
//! arrays keyed by their smallest element ascending / largest descending
//! (an empty array sorts before null). The sort is stable.

use std::cmp::Ordering;

use bson::{Bson, Document};

use crate::engine::mongo::expr::{compare_values, fail, numeric};
use crate::engine::mongo::MongoError;

use super::docpath::query_leaves;

#[derive(Debug, Clone)]
pub struct SortSpec {
    keys: Vec<(String, bool)>,
}

/// A document's key for one sort field; `Empty` is an empty array.
#[derive(Debug, Clone)]
enum Key {
    Empty,
    Value(Bson),
}

impl SortSpec {
    /// Parses a `$sort` stage argument.
    pub fn parse_stage(arg: &Bson) -> Result<SortSpec, MongoError> {
        let Bson::Document(spec) = arg else {
            return Err(fail(15973, "the $sort key specification must be an object"));
        };
        if spec.is_empty() {
            return Err(fail(15976, "$sort stage must have at least one sort key"));
        }
        SortSpec::parse(spec)
    }

    pub fn parse(spec: &Document) -> Result<SortSpec, MongoError> {
        let keys = spec
            .iter()
            .map(|(k, v)| Ok((k.clone(), ascending(k, v)?)))
            .collect::<Result<_, MongoError>>()?;
        Ok(SortSpec { keys })
    }

    pub fn sort(&self, docs: Vec<Document>) -> Vec<Document> {
        let mut keyed: Vec<(Vec<Key>, Document)> =
            docs.into_iter().map(|d| (self.keys_of(&d), d)).collect();
        keyed.sort_by(|(a, _), (b, _)| self.compare_keys(a, b));
        keyed.into_iter().map(|(_, d)| d).collect()
    }

    pub fn compare(&self, a: &Document, b: &Document) -> Ordering {
        self.compare_keys(&self.keys_of(a), &self.keys_of(b))
    }

    fn compare_keys(&self, a: &[Key], b: &[Key]) -> Ordering {
        for ((ka, kb), (_, asc)) in a.iter().zip(b).zip(&self.keys) {
            let ord = compare_key(ka, kb);
            if ord != Ordering::Equal {
                return if *asc { ord } else { ord.reverse() };
            }
        }
        Ordering::Equal
    }

    fn keys_of(&self, doc: &Document) -> Vec<Key> {
        self.keys
            .iter()
            .map(|(path, asc)| key_of(doc, path, *asc))
            .collect()
    }
}

fn ascending(key: &str, value: &Bson) -> Result<bool, MongoError> {
    if key.is_empty() || key.starts_with('$') && !matches!(value, Bson::Document(_)) {
        return Err(fail(
            40352,
            "FieldPath cannot be constructed with empty string",
        ));
    }
    match numeric::as_f64(value) {
        Some(f) if f == 1.0 => Ok(true),
        Some(f) if f == -1.0 => Ok(false),
        _ => Err(fail(
            15975,
            "$sort key ordering must be 1 (for ascending) or -1 (for descending)",
        )),
    }
}

fn compare_key(a: &Key, b: &Key) -> Ordering {
    match (a, b) {
        (Key::Empty, Key::Empty) => Ordering::Equal,
        (Key::Empty, _) => Ordering::Less,
        (_, Key::Empty) => Ordering::Greater,
        (Key::Value(x), Key::Value(y)) => compare_values(x, y),
    }
}

fn key_of(doc: &Document, path: &str, asc: bool) -> Key {
    let leaves = query_leaves(doc, path);
    let mut candidates: Vec<&Bson> = Vec::new();
    let mut saw_empty = false;
    for leaf in &leaves {
        match leaf {
            Bson::Array(items) if items.is_empty() => saw_empty = true,
            Bson::Array(items) => candidates.extend(items.iter()),
            other => candidates.push(other),
        }
    }
    if candidates.is_empty() {
        return if saw_empty {
            Key::Empty
        } else {
            Key::Value(Bson::Null)
        };
    }
    let pick = if asc {
        Ordering::Less
    } else {
        Ordering::Greater
    };
    let best = candidates.iter().copied().reduce(|best, c| {
        if compare_values(c, best) == pick {
            c
        } else {
            best
        }
    });
    Key::Value(best.cloned().unwrap_or(Bson::Null))
}
