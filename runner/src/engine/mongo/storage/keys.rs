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
    /// The arrays met, each by its concrete path (`b.0.c`), to tell one
    /// shared array from parallel ones.
    instances: Vec<String>,
    trail: Vec<String>,
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
        Some(v) => {
            out.trail.push(parts[depth].to_string());
            walk_value(v, parts, depth, out);
            out.trail.pop();
        }
    }
}

fn walk_value(value: &Bson, parts: &[&str], depth: usize, out: &mut PathKeys) {
    let is_leaf = depth + 1 == parts.len();
    match value {
        Bson::Array(items) => {
            out.array_paths.insert(parts[..=depth].join("."));
            out.instances.push(out.trail.join("."));
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
            out.trail.push(index.to_string());
            walk_value(element, parts, depth, out);
            out.trail.pop();
            return;
        }
    }
    let before = out.values.len();
    for (i, element) in items.iter().enumerate() {
        if let Bson::Document(d) = element {
            out.trail.push(i.to_string());
            walk_document(d, parts, depth, out);
            out.trail.pop();
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
    check_parallel_arrays(&per_field)?;
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

/// Two index fields may not each expand a different array of the same
/// element (`{a: [1], b: [1]}`); arrays on a shared prefix, or in different
/// elements of one array, are not parallel.
fn check_parallel_arrays(per_field: &[PathKeys]) -> Result<(), MongoError> {
    for (i, first) in per_field.iter().enumerate() {
        for later in &per_field[i + 1..] {
            if let Some((p, q)) = parallel_pair(first, later) {
                return Err(MongoError::new(
                    171,
                    format!(
                        "cannot index parallel arrays [{}] [{}]",
                        array_name(q),
                        array_name(p)
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn parallel_pair<'a>(first: &'a PathKeys, later: &'a PathKeys) -> Option<(&'a str, &'a str)> {
    first.instances.iter().find_map(|p| {
        later
            .instances
            .iter()
            .find(|q| parallel(p, q))
            .map(|q| (p.as_str(), q.as_str()))
    })
}

/// Neither array holds the other, and they part at a field name.
fn parallel(p: &str, q: &str) -> bool {
    let mut left = p.split('.');
    let mut right = q.split('.');
    loop {
        match (left.next(), right.next()) {
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) => return array_index(a).is_none() || array_index(b).is_none(),
            _ => return false,
        }
    }
}

fn array_name(path: &str) -> &str {
    path.rsplit('.').next().unwrap_or(path)
}
