//! Index keys: the values a document contributes to an index, with the
//! multikey and parallel-arrays rules.

use std::collections::BTreeSet;

use bson::{Bson, Document};

pub(crate) use super::key::Key;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::{array_index, values_equal};

/// Values of one indexed path in one document, and the array prefixes met.
#[derive(Debug, Default)]
pub(crate) struct PathKeys {
    pub values: Vec<Bson>,
    pub array_paths: BTreeSet<String>,
}

/// Collects the index values of `path` (missing → null, `[]` → undefined).
pub(crate) fn path_keys(doc: &Document, path: &str) -> PathKeys {
    let parts: Vec<&str> = path.split('.').collect();
    let mut out = PathKeys::default();
    walk_document(doc, &parts, 0, &mut out);
    if out.values.is_empty() {
        out.values.push(Bson::Null);
    }
    dedupe(&mut out.values);
    out
}

fn walk_document(doc: &Document, parts: &[&str], depth: usize, out: &mut PathKeys) {
    match parts.get(depth).and_then(|p| doc.get(*p)) {
        None => out.values.push(Bson::Null),
        Some(v) => walk_value(v, parts, depth, out),
    }
}

fn walk_value(value: &Bson, parts: &[&str], depth: usize, out: &mut PathKeys) {
    let is_leaf = depth + 1 == parts.len();
    match value {
        Bson::Array(items) => {
            out.array_paths.insert(parts[..=depth].join("."));
            if is_leaf {
                leaf_array(items, out);
            } else {
                walk_array(items, parts, depth + 1, out);
            }
        }
        Bson::Document(d) if !is_leaf => walk_document(d, parts, depth + 1, out),
        _ if !is_leaf => out.values.push(Bson::Null),
        other => out.values.push(other.clone()),
    }
}

fn leaf_array(items: &[Bson], out: &mut PathKeys) {
    if items.is_empty() {
        out.values.push(Bson::Undefined);
    }
    out.values.extend(items.iter().cloned());
}

fn walk_array(items: &[Bson], parts: &[&str], depth: usize, out: &mut PathKeys) {
    if let Some(index) = parts.get(depth).and_then(|p| array_index(p)) {
        if let Some(element) = items.get(index) {
            return walk_value(element, parts, depth, out);
        }
    }
    let before = out.values.len();
    for element in items {
        if let Bson::Document(d) = element {
            walk_document(d, parts, depth, out);
        }
    }
    if out.values.len() == before {
        out.values.push(Bson::Null);
    }
}

fn dedupe(values: &mut Vec<Bson>) {
    let mut unique: Vec<Bson> = Vec::with_capacity(values.len());
    for v in values.drain(..) {
        if !unique.iter().any(|u| values_equal(u, &v)) {
            unique.push(v);
        }
    }
    *values = unique;
}

/// Every key of `doc` for the index fields, or the parallel-arrays error.
pub(crate) fn document_keys(
    doc: &Document,
    fields: &[(String, bool)],
) -> Result<(Vec<Key>, Vec<BTreeSet<String>>), MongoError> {
    let per_field: Vec<PathKeys> = fields
        .iter()
        .map(|(path, _)| path_keys(doc, path))
        .collect();
    check_parallel_arrays(fields, &per_field)?;
    let mut combos: Vec<Parts<'_>> = vec![Vec::with_capacity(fields.len())];
    for ((_, descending), field) in fields.iter().zip(&per_field) {
        combos = extend_keys(combos, &field.values, *descending);
    }
    let keys = combos.into_iter().map(Key::new).collect();
    let paths = per_field.into_iter().map(|f| f.array_paths).collect();
    Ok((keys, paths))
}

/// The parts of one key being assembled: (value, descending) per field.
type Parts<'a> = Vec<(&'a Bson, bool)>;

fn extend_keys<'a>(keys: Vec<Parts<'a>>, values: &'a [Bson], descending: bool) -> Vec<Parts<'a>> {
    let mut out = Vec::with_capacity(keys.len() * values.len());
    for key in keys {
        for v in values {
            let mut k = key.clone();
            k.push((v, descending));
            out.push(k);
        }
    }
    out
}

fn check_parallel_arrays(
    fields: &[(String, bool)],
    per_field: &[PathKeys],
) -> Result<(), MongoError> {
    let with_arrays: Vec<&PathKeys> = per_field
        .iter()
        .filter(|k| !k.array_paths.is_empty())
        .collect();
    let (Some(first), Some(later)) = (with_arrays.first(), with_arrays.last()) else {
        return Ok(());
    };
    if with_arrays
        .iter()
        .all(|k| k.array_paths == first.array_paths)
    {
        return Ok(());
    }
    let _ = fields;
    Err(MongoError::new(
        171,
        format!(
            "cannot index parallel arrays [{}] [{}]",
            array_name(later),
            array_name(first)
        ),
    ))
}

fn array_name(keys: &PathKeys) -> &str {
    let path = keys
        .array_paths
        .iter()
        .next()
        .map(String::as_str)
        .unwrap_or("");
    path.rsplit('.').next().unwrap_or(path)
}
