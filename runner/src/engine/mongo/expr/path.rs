//! Field paths (`"$a.b"`) and variables (`"$$ROOT"`, `"$$x.y"`).

use bson::{Bson, Document};

use super::{fail, Ctx, Evaluated};
use crate::engine::mongo::MongoError;

/// Resolves a `$`-string against the context.
pub(crate) fn resolve(text: &str, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    validate(text)?;
    match text.strip_prefix("$$") {
        Some(var) => resolve_variable(var, ctx),
        None => Ok(document_path(ctx.root, &text[1..])),
    }
}

/// Rejects malformed paths before evaluation.
pub(crate) fn validate(text: &str) -> Result<(), MongoError> {
    if text == "$" {
        return Err(fail(16872, "'$' by itself is not a valid FieldPath"));
    }
    if text == "$$" {
        return Err(fail(16869, "empty variable names are not allowed"));
    }
    let body = text.trim_start_matches('$');
    if body.split('.').any(str::is_empty) {
        return Err(fail(
            15998,
            "FieldPath field names may not be empty strings.",
        ));
    }
    Ok(())
}

fn resolve_variable(spec: &str, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let (name, rest) = match spec.split_once('.') {
        Some((n, r)) => (n, Some(r)),
        None => (spec, None),
    };
    let base = match name {
        "ROOT" | "CURRENT" => Bson::Document(ctx.root.clone()),
        "REMOVE" => return Ok(None),
        "NOW" => Bson::DateTime(bson::DateTime::now()),
        _ => match ctx.vars.get(name) {
            Some(Bson::Undefined) => return Ok(None),
            Some(v) => v.clone(),
            None => return Err(fail(17276, format!("Use of undefined variable: {name}"))),
        },
    };
    Ok(match rest {
        Some(path) => value_path(&base, &split(path)),
        None => Some(base),
    })
}

fn split(path: &str) -> Vec<&str> {
    path.split('.').collect()
}

/// `"a.b"` read from a document with the aggregation rules: through arrays
/// the result is an array of what each element yields, missing ones skipped.
pub(crate) fn document_path(doc: &Document, path: &str) -> Evaluated {
    let parts = split(path);
    let (first, rest) = parts.split_first()?;
    doc.get(*first).and_then(|v| value_path(v, rest))
}

fn value_path(value: &Bson, parts: &[&str]) -> Evaluated {
    let Some((first, rest)) = parts.split_first() else {
        return Some(value.clone());
    };
    match value {
        Bson::Document(d) => d.get(*first).and_then(|v| value_path(v, rest)),
        Bson::Array(items) => Some(Bson::Array(
            items
                .iter()
                .filter_map(|item| array_element_path(item, parts))
                .collect(),
        )),
        _ => None,
    }
}

fn array_element_path(item: &Bson, parts: &[&str]) -> Evaluated {
    match item {
        Bson::Document(_) | Bson::Array(_) => value_path(item, parts),
        _ => None,
    }
}
