//! The document an upsert starts from: the query's equality conditions
//! (`f: v`, `$eq`, one-element `$in`/`$all`, `$and` members, one-clause `$or`),
//! dotted paths becoming subdocuments.

use bson::{Bson, Document};

use super::path::{parent, split};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::query::comparison::is_operator_doc;

pub(crate) fn seed_document(query: &Document) -> Result<Document, MongoError> {
    let mut out = Document::new();
    add_equalities(query, &mut out)?;
    Ok(out)
}

fn add_equalities(query: &Document, out: &mut Document) -> Result<(), MongoError> {
    for (key, value) in query {
        match key.as_str() {
            "$and" => add_clauses(value, out, false)?,
            "$or" => add_clauses(value, out, true)?,
            _ if key.starts_with('$') => {}
            _ => {
                if let Some(v) = equality_value(value) {
                    set_path(out, key, v)?;
                }
            }
        }
    }
    Ok(())
}

fn add_clauses(value: &Bson, out: &mut Document, single_only: bool) -> Result<(), MongoError> {
    let Bson::Array(items) = value else {
        return Ok(());
    };
    if single_only && items.len() != 1 {
        return Ok(());
    }
    for item in items.iter().filter_map(Bson::as_document) {
        add_equalities(item, out)?;
    }
    Ok(())
}

fn equality_value(value: &Bson) -> Option<Bson> {
    match value {
        Bson::RegularExpression(_) => None,
        Bson::Document(d) if is_operator_doc(d) => operator_equality(d),
        other => Some(other.clone()),
    }
}

fn operator_equality(ops: &Document) -> Option<Bson> {
    if let Some(v) = ops.get("$eq") {
        return Some(v.clone());
    }
    for name in ["$in", "$all"] {
        if let Some(Bson::Array(items)) = ops.get(name) {
            if items.len() == 1 && !matches!(items[0], Bson::RegularExpression(_)) {
                return Some(items[0].clone());
            }
        }
    }
    None
}

fn set_path(doc: &mut Document, path: &str, value: Bson) -> Result<(), MongoError> {
    let parts = split(path)?;
    let field = parts.last().cloned().unwrap_or_default();
    if let Some(mut p) = parent(doc, &parts, true)? {
        p.set(&field, value)?;
    }
    Ok(())
}
