//! Dotted paths inside one document without array traversal (as $unwind,
//! $lookup's `as` and $count write them), plus the query-style value
//! collection that $lookup and $sort read with.

use bson::{Bson, Document};

/// Sets `path` to `value`, creating (or replacing non-document) intermediate
/// fields; an existing leaf keeps its position.
pub(crate) fn set(doc: &mut Document, path: &str, value: Bson) {
    match path.split_once('.') {
        None => {
            doc.insert(path, value);
        }
        Some((head, rest)) => {
            if !matches!(doc.get(head), Some(Bson::Document(_))) {
                doc.insert(head, Document::new());
            }
            if let Some(Bson::Document(child)) = doc.get_mut(head) {
                set(child, rest, value);
            }
        }
    }
}

/// Removes the field at `path` if it exists.
pub(crate) fn remove(doc: &mut Document, path: &str) {
    match path.split_once('.') {
        None => {
            doc.remove(path);
        }
        Some((head, rest)) => {
            if let Some(Bson::Document(child)) = doc.get_mut(head) {
                remove(child, rest);
            }
        }
    }
}

/// The leaf values at `path` with query semantics: arrays met on the way are
/// traversed into their subdocuments (one level), the leaf is returned as is.
pub(crate) fn query_leaves<'a>(doc: &'a Document, path: &str) -> Vec<&'a Bson> {
    let parts: Vec<&str> = path.split('.').collect();
    let mut out = Vec::new();
    collect_leaves(doc, &parts, &mut out);
    out
}

fn collect_leaves<'a>(doc: &'a Document, parts: &[&str], out: &mut Vec<&'a Bson>) {
    let Some((first, rest)) = parts.split_first() else {
        return;
    };
    let Some(value) = doc.get(*first) else { return };
    if rest.is_empty() {
        out.push(value);
        return;
    }
    match value {
        Bson::Document(d) => collect_leaves(d, rest, out),
        // A numeric component indexes the array, as the server's
        // path extraction does (`"a.0.x"`); otherwise each subdocument.
        Bson::Array(items) => match rest.first().and_then(|p| p.parse::<usize>().ok()) {
            Some(i) => collect_indexed(items, i, &rest[1..], out),
            None => items
                .iter()
                .filter_map(Bson::as_document)
                .for_each(|d| collect_leaves(d, rest, out)),
        },
        _ => {}
    }
}

fn collect_indexed<'a>(items: &'a [Bson], i: usize, rest: &[&str], out: &mut Vec<&'a Bson>) {
    let Some(item) = items.get(i) else { return };
    match (item, rest.is_empty()) {
        (_, true) => out.push(item),
        (Bson::Document(d), false) => collect_leaves(d, rest, out),
        (Bson::Array(inner), false) => {
            if let Ok(j) = rest[0].parse::<usize>() {
                collect_indexed(inner, j, &rest[1..], out);
            }
        }
        _ => {}
    }
}

/// Whether `path` counts as missing for an equality-to-null match (the
/// 7.0/8.0 rule): absent, under a null or scalar, or absent in at least one
/// subdocument of an array met on the way (not for `[]` or arrays of scalars).
pub(crate) fn missing_for_null(doc: &Document, path: &str) -> bool {
    let parts: Vec<&str> = path.split('.').collect();
    missing_along(doc, &parts)
}

fn missing_along(doc: &Document, parts: &[&str]) -> bool {
    let Some((first, rest)) = parts.split_first() else {
        return false;
    };
    match doc.get(*first) {
        None => true,
        Some(_) if rest.is_empty() => false,
        Some(Bson::Document(d)) => missing_along(d, rest),
        Some(Bson::Array(items)) => items
            .iter()
            .any(|i| matches!(i, Bson::Document(d) if missing_along(d, rest))),
        Some(_) => true,
    }
}
