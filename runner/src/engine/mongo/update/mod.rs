//! Update documents: replacement or operators (`$set`, `$push`, ...), applied
//! in lexicographic path order as the server does since 5.0.
//!
//! `fields` holds the field operators, `arrays` the array operators,
//! `positional` resolves `$`, `$[]` and `$[id]`, `upsert` seeds new documents.

pub(crate) mod arrays;
pub(crate) mod fields;
pub(crate) mod path;
pub(crate) mod pipeline;
pub(crate) mod positional;
pub(crate) mod upsert;

use std::cmp::Ordering;

use bson::{Bson, Document};

use self::positional::{expand_path, ArrayFilter};
use super::display;
use super::error::MongoError;

const OPERATORS: &[&str] = &[
    "$set",
    "$unset",
    "$inc",
    "$mul",
    "$min",
    "$max",
    "$rename",
    "$currentDate",
    "$setOnInsert",
    "$push",
    "$addToSet",
    "$pull",
    "$pullAll",
    "$pop",
];

#[derive(Debug, Clone)]
pub(crate) struct Op {
    pub name: String,
    pub path: String,
    pub arg: Bson,
}

#[derive(Debug, Clone)]
pub(crate) enum Update {
    Replacement(Document),
    Operators(Vec<Op>),
    /// Aggregation stages (`$set`, `$unset`, `$replaceWith`, …), already checked.
    Pipeline(Vec<Document>),
}

/// What an update needs besides the document: the query (for `$`), array
/// filters (for `$[id]`) and whether this is an upsert's insert.
#[derive(Debug, Default)]
pub(crate) struct UpdateContext<'a> {
    pub query: Option<&'a Document>,
    pub array_filters: &'a [ArrayFilter],
    pub inserting: bool,
}

impl Update {
    pub(crate) fn parse(update: &Document) -> Result<Update, MongoError> {
        let Some(first) = update.keys().next() else {
            return Ok(Update::Replacement(Document::new()));
        };
        if !first.starts_with('$') {
            return replacement(update);
        }
        let mut ops = Vec::new();
        for (name, arg) in update {
            ops.extend(parse_operator(name, arg)?);
        }
        check_conflicts(&ops)?;
        Ok(Update::Operators(ops))
    }

    /// An update given as an array of stages.
    pub(crate) fn parse_pipeline(stages: &[Bson]) -> Result<Update, MongoError> {
        Ok(Update::Pipeline(pipeline::parse(stages)?))
    }

    pub(crate) fn is_replacement(&self) -> bool {
        matches!(self, Update::Replacement(_))
    }

    /// The updated document (the input is left untouched).
    pub(crate) fn apply(
        &self,
        doc: &Document,
        ctx: &UpdateContext<'_>,
    ) -> Result<Document, MongoError> {
        let updated = match self {
            Update::Replacement(r) => replace(doc, r)?,
            Update::Operators(ops) => apply_operators(ops, doc, ctx)?,
            // The server treats the pipeline's output as a replacement document.
            Update::Pipeline(stages) => replace(doc, &pipeline::apply(stages, doc)?)?,
        };
        let whole = !matches!(self, Update::Operators(_));
        check_id_unchanged(doc, &updated, whole)?;
        Ok(updated)
    }
}

fn replacement(update: &Document) -> Result<Update, MongoError> {
    if let Some(key) = update.keys().find(|k| k.starts_with('$')) {
        return Err(MongoError::new(52, format!("The dollar ($) prefixed field '{key}' in '{key}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith."),
        ));
    }
    Ok(Update::Replacement(update.clone()))
}

fn parse_operator(name: &str, arg: &Bson) -> Result<Vec<Op>, MongoError> {
    if !OPERATORS.contains(&name) {
        return Err(MongoError::failed_to_parse(format!(
            "Unknown modifier: {name}. Expected a valid update modifier or pipeline-style update specified as an array"
        )));
    }
    let Bson::Document(fields) = arg else {
        return Err(MongoError::failed_to_parse(format!(
            "Modifiers operate on fields but we found type {} instead. For example: {{$mod: {{<field>: ...}}}} not {{{name}: {}}}",
            super::value::type_name(arg),
            display::value(arg)
        )));
    };
    let mut ops = Vec::new();
    for (path, value) in fields {
        path::split(path)?;
        fields::validate(name, path, value)?;
        ops.push(Op {
            name: name.to_string(),
            path: path.clone(),
            arg: value.clone(),
        });
    }
    Ok(ops)
}

/// Two operators on the same path, or on a path and its prefix, conflict.
fn check_conflicts(ops: &[Op]) -> Result<(), MongoError> {
    let mut paths: Vec<&str> = Vec::new();
    for op in ops {
        paths.push(&op.path);
        if op.name == "$rename" {
            if let Bson::String(to) = &op.arg {
                paths.push(to);
            }
        }
    }
    for (i, a) in paths.iter().enumerate() {
        for b in &paths[i + 1..] {
            if let Some(at) = conflict(a, b) {
                return Err(MongoError::new(
                    40,
                    format!("Updating the path '{b}' would create a conflict at '{at}'"),
                ));
            }
        }
    }
    Ok(())
}

fn conflict<'a>(a: &'a str, b: &'a str) -> Option<&'a str> {
    let prefix_of =
        |short: &str, long: &str| long == short || long.starts_with(&format!("{short}."));
    if prefix_of(a, b) {
        Some(a)
    } else if prefix_of(b, a) {
        Some(b)
    } else {
        None
    }
}

fn replace(doc: &Document, replacement: &Document) -> Result<Document, MongoError> {
    let mut out = Document::new();
    match (replacement.get("_id"), doc.get("_id")) {
        (Some(id), _) => {
            out.insert("_id", id.clone());
        }
        (None, Some(id)) => {
            out.insert("_id", id.clone());
        }
        (None, None) => {}
    }
    for (k, v) in replacement {
        if k != "_id" {
            out.insert(k.clone(), v.clone());
        }
    }
    Ok(out)
}

fn apply_operators(
    ops: &[Op],
    doc: &Document,
    ctx: &UpdateContext<'_>,
) -> Result<Document, MongoError> {
    let mut concrete: Vec<(Vec<String>, &Op)> = Vec::new();
    for op in ops {
        if op.name == "$setOnInsert" && !ctx.inserting {
            continue;
        }
        for parts in expand_path(doc, &path::split(&op.path)?, ctx)? {
            concrete.push((parts, op));
        }
    }
    concrete.sort_by(|a, b| compare_paths(&a.0, &b.0));
    let mut out = doc.clone();
    for (parts, op) in concrete {
        apply_one(&mut out, &parts, op, doc)?;
    }
    Ok(out)
}

/// Field names in byte order, numeric components numerically.
fn compare_paths(a: &[String], b: &[String]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let ord = match (x.parse::<u64>(), y.parse::<u64>()) {
            (Ok(i), Ok(j)) => i.cmp(&j),
            _ => x.as_bytes().cmp(y.as_bytes()),
        };
        if ord != Ordering::Equal {
            return ord;
        }
    }
    a.len().cmp(&b.len())
}

fn apply_one(
    doc: &mut Document,
    parts: &[String],
    op: &Op,
    original: &Document,
) -> Result<(), MongoError> {
    match op.name.as_str() {
        "$push" | "$addToSet" | "$pull" | "$pullAll" | "$pop" => {
            arrays::apply(doc, parts, op, original)
        }
        _ => fields::apply(doc, parts, op, original),
    }
}

pub(crate) fn check_id_unchanged(
    before: &Document,
    after: &Document,
    replacement: bool,
) -> Result<(), MongoError> {
    let (old, new) = (before.get("_id"), after.get("_id"));
    if old.is_none() || old == new {
        return Ok(());
    }
    if replacement {
        let shown = new.map(display::value).unwrap_or_default();
        return Err(MongoError::new(66, format!("After applying the update, the (immutable) field '_id' was found to have been altered to _id: {shown}"),
        ));
    }
    Err(MongoError::new(
        66,
        "Performing an update on the path '_id' would modify the immutable field '_id'",
    ))
}

/// `{_id: ...}` of a document, as error messages quote it.
pub(crate) fn id_text(doc: &Document) -> String {
    match doc.get("_id") {
        Some(id) => format!("{{_id: {}}}", display::value(id)),
        None => "{}".to_string(),
    }
}
