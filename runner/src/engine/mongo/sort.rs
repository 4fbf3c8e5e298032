//! Sort specifications (`{angkatan: -1, _id: 1}`) with the server's rules:
//! BSON order across types, and an array field sorts by its smallest element
//! ascending and its largest descending (an empty array before null).

use std::cmp::Ordering;

use bson::{Bson, Document};

use super::error::MongoError;
use super::value::{compare_values, lookup_path};

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SortKey {
    pub path: String,
    pub descending: bool,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct SortSpec {
    pub keys: Vec<SortKey>,
}

impl SortSpec {
    pub(crate) fn parse(spec: &Document) -> Result<SortSpec, MongoError> {
        let keys = spec
            .iter()
            .map(|(path, dir)| parse_key(path, dir))
            .collect::<Result<_, _>>()?;
        Ok(SortSpec { keys })
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    pub(crate) fn compare(&self, a: &Document, b: &Document) -> Ordering {
        self.compare_keys(&self.key(a), &self.key(b))
    }

    /// The values a document sorts by, one per key (precompute for big sorts).
    pub(crate) fn key(&self, doc: &Document) -> Vec<Bson> {
        self.keys
            .iter()
            .map(|k| sort_value(doc, &k.path, k.descending))
            .collect()
    }

    pub(crate) fn compare_keys(&self, a: &[Bson], b: &[Bson]) -> Ordering {
        for ((key, x), y) in self.keys.iter().zip(a).zip(b) {
            let ord = compare_values(x, y);
            let ord = if key.descending { ord.reverse() } else { ord };
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    }
}

fn parse_key(path: &str, dir: &Bson) -> Result<SortKey, MongoError> {
    let descending = match dir {
        Bson::Int32(1) | Bson::Int64(1) => false,
        Bson::Int32(-1) | Bson::Int64(-1) => true,
        Bson::Double(f) if *f == 1.0 => false,
        Bson::Double(f) if *f == -1.0 => true,
        Bson::Document(_) => {
            return Err(MongoError::new(
                17312,
                "$meta is the only expression supported by $sort right now",
            ))
        }
        _ => {
            return Err(MongoError::new(
                15975,
                "$sort key ordering must be 1 (for ascending) or -1 (for descending)",
            ))
        }
    };
    if path.is_empty() {
        return Err(MongoError::new(
            40352,
            "FieldPath cannot be constructed with empty string",
        ));
    }
    Ok(SortKey {
        path: path.to_string(),
        descending,
    })
}

/// The value a document sorts by on `path`: the smallest (ascending) or
/// largest (descending) of every value the path reaches, arrays expanded.
pub(crate) fn sort_value(doc: &Document, path: &str, descending: bool) -> Bson {
    let mut candidates: Vec<&Bson> = Vec::new();
    let mut saw_empty_array = false;
    let mut saw_missing = false;
    for leaf in lookup_path(doc, path) {
        match leaf {
            None | Some(Bson::Null) => saw_missing = true,
            Some(Bson::Array(items)) if items.is_empty() => saw_empty_array = true,
            Some(Bson::Array(items)) => candidates.extend(items.iter()),
            Some(v) => candidates.push(v),
        }
    }
    let null = Bson::Null;
    if saw_missing || candidates.is_empty() && !saw_empty_array {
        candidates.push(&null);
    }
    let undefined = Bson::Undefined;
    if candidates.is_empty() {
        candidates.push(&undefined);
    }
    pick(candidates, descending)
}

fn pick(candidates: Vec<&Bson>, descending: bool) -> Bson {
    let chosen = if descending {
        candidates.into_iter().max_by(|a, b| compare_values(a, b))
    } else {
        candidates.into_iter().min_by(|a, b| compare_values(a, b))
    };
    chosen.cloned().unwrap_or(Bson::Null)
}
