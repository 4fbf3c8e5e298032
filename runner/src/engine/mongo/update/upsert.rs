//! The document an upsert starts from: the query's equality conditions
//! (`f: v`, `$eq`, one-element `$in`, each `$all` value, `$and` members,
//! one-clause `$or`), dotted paths becoming subdocuments. A path the query
//! pins twice cannot seed a document (NotSingleValueField, code 54).

use bson::{Bson, Document};

use super::path::{parent, split};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::query::comparison::is_operator_doc;

/// The seed of an operator upsert (`replacement: false`), or of a
/// replacement upsert, which takes only `_id` from the query.
pub(crate) fn seed_document(query: &Document, replacement: bool) -> Result<Document, MongoError> {
    let mut equalities = Vec::new();
    add_equalities(query, &mut equalities)?;
    if replacement {
        equalities = immutable_only(equalities)?;
    }
    check_conflicts(&equalities)?;
    let mut out = Document::new();
    for (path, value) in equalities {
        set_path(&mut out, &path, value)?;
    }
    Ok(out)
}

type Equalities = Vec<(String, Bson)>;

fn add_equalities(query: &Document, out: &mut Equalities) -> Result<(), MongoError> {
    for (key, value) in query {
        match key.as_str() {
            "$and" => add_clauses(value, out, false)?,
            "$or" => add_clauses(value, out, true)?,
            _ if key.starts_with('$') => {}
            _ => {
                out.extend(equality_values(value).into_iter().map(|v| (key.clone(), v)));
            }
        }
    }
    Ok(())
}

fn add_clauses(value: &Bson, out: &mut Equalities, single_only: bool) -> Result<(), MongoError> {
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

fn equality_values(value: &Bson) -> Vec<Bson> {
    match value {
        Bson::RegularExpression(_) => Vec::new(),
        Bson::Document(d) if is_operator_doc(d) => operator_equalities(d),
        other => vec![other.clone()],
    }
}

fn operator_equalities(ops: &Document) -> Vec<Bson> {
    let mut out = Vec::new();
    for (name, arg) in ops {
        match (name.as_str(), arg) {
            ("$eq", v) => out.push(v.clone()),
            ("$in", Bson::Array(items)) if items.len() == 1 => out.extend(plain(items)),
            ("$all", Bson::Array(items)) => out.extend(plain(items)),
            _ => {}
        }
    }
    out
}

/// Values that are equalities themselves (not regexes or `$elemMatch`).
fn plain(items: &[Bson]) -> impl Iterator<Item = Bson> + '_ {
    items
        .iter()
        .filter(|v| match v {
            Bson::RegularExpression(_) => false,
            Bson::Document(d) => !is_operator_doc(d),
            _ => true,
        })
        .cloned()
}

fn check_conflicts(equalities: &Equalities) -> Result<(), MongoError> {
    for (i, (path, _)) in equalities.iter().enumerate() {
        if let Some((seen, _)) = equalities[..i].iter().find(|(seen, _)| related(seen, path)) {
            return Err(conflict(seen, path));
        }
    }
    Ok(())
}

/// The same path, or one inside the other (`x` and `x.y`).
fn related(a: &str, b: &str) -> bool {
    let inside = |long: &str, short: &str| {
        long.strip_prefix(short)
            .is_some_and(|rest| rest.starts_with('.'))
    };
    a == b || inside(a, b) || inside(b, a)
}

fn conflict(seen: &str, path: &str) -> MongoError {
    let message = if seen == path {
        format!("cannot infer query fields to set, path '{path}' is matched twice")
    } else {
        let (long, short) = if seen.len() > path.len() {
            (seen, path)
        } else {
            (path, seen)
        };
        format!("cannot infer query fields to set, both paths '{long}' and '{short}' are matched")
    };
    MongoError::new(54, message)
}

/// A replacement keeps only `_id` from the query, which must be given
/// whole: a condition on `_id.a` cannot say what `_id` is (code 111).
fn immutable_only(equalities: Equalities) -> Result<Equalities, MongoError> {
    let mut out = Vec::new();
    for (path, value) in equalities {
        if path == "_id" {
            out.push((path, value));
        } else if related("_id", &path) {
            return Err(MongoError::new(
                111,
                format!(
                    "field at '_id' must be exactly specified, field at sub-path '{path}'found"
                ),
            ));
        }
    }
    Ok(out)
}

fn set_path(doc: &mut Document, path: &str, value: Bson) -> Result<(), MongoError> {
    let parts = split(path)?;
    let field = parts.last().cloned().unwrap_or_default();
    if let Some(mut p) = parent(doc, &parts, true)? {
        p.set(&field, value)?;
    }
    Ok(())
}
