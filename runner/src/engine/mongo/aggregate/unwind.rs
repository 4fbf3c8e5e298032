//! `$unwind`: one document per array element; missing, null and empty
//! arrays are dropped unless `preserveNullAndEmptyArrays`.

use bson::{Bson, Document};

use crate::engine::mongo::expr::{fail, type_name};
use crate::engine::mongo::MongoError;

use super::docpath;

#[derive(Debug, Clone)]
pub(crate) struct Unwind {
    path: String,
    index_field: Option<String>,
    preserve: bool,
}

impl Unwind {
    pub(crate) fn parse(arg: &Bson) -> Result<Unwind, MongoError> {
        match arg {
            Bson::String(s) => Ok(Unwind { path: field_path(s)?, index_field: None, preserve: false }),
            Bson::Document(spec) => parse_object(spec),
            other => Err(fail(
                15981,
                format!(
                    "expected either a string or an object as specification for $unwind stage, got {}",
                    type_name(Some(other))
                ),
            )),
        }
    }

    pub(crate) fn run(&self, docs: Vec<Document>) -> Vec<Document> {
        let mut out = Vec::with_capacity(docs.len());
        for doc in docs {
            self.unwind_one(doc, &mut out);
        }
        out
    }

    fn unwind_one(&self, doc: Document, out: &mut Vec<Document>) {
        match crate::engine::mongo::value::get_path(&doc, &self.path).cloned() {
            Some(Bson::Array(items)) if !items.is_empty() => {
                for (i, item) in items.into_iter().enumerate() {
                    let mut copy = doc.clone();
                    docpath::set(&mut copy, &self.path, item);
                    out.push(self.with_index(copy, Bson::Int64(i as i64)));
                }
            }
            Some(Bson::Array(_)) if self.preserve => {
                let mut copy = doc;
                docpath::remove(&mut copy, &self.path);
                out.push(self.with_index(copy, Bson::Null));
            }
            Some(Bson::Array(_)) => {}
            None | Some(Bson::Null) | Some(Bson::Undefined) if !self.preserve => {}
            _ => out.push(self.with_index(doc, Bson::Null)),
        }
    }

    fn with_index(&self, mut doc: Document, index: Bson) -> Document {
        if let Some(field) = &self.index_field {
            docpath::set(&mut doc, field, index);
        }
        doc
    }
}

fn field_path(s: &str) -> Result<String, MongoError> {
    match s.strip_prefix('$') {
        Some(path) if !path.is_empty() && !path.starts_with('$') => Ok(path.to_string()),
        _ => Err(fail(
            28818,
            format!("path option to $unwind stage should be prefixed with a '$': {s}"),
        )),
    }
}

fn parse_object(spec: &Document) -> Result<Unwind, MongoError> {
    let mut unwind = Unwind {
        path: String::new(),
        index_field: None,
        preserve: false,
    };
    for (key, value) in spec {
        unwind.set_option(key, value)?;
    }
    if unwind.path.is_empty() {
        return Err(fail(28812, "no path specified to $unwind stage"));
    }
    Ok(unwind)
}

impl Unwind {
    fn set_option(&mut self, key: &str, value: &Bson) -> Result<(), MongoError> {
        match (key, value) {
            ("path", Bson::String(s)) => self.path = field_path(s)?,
            ("preserveNullAndEmptyArrays", Bson::Boolean(b)) => self.preserve = *b,
            ("includeArrayIndex", Bson::String(s)) => self.index_field = Some(index_field(s)?),
            ("path", other) => return Err(option_type(28808, "a string as the path for", other)),
            ("preserveNullAndEmptyArrays", other) => {
                return Err(option_type(
                    28809,
                    "a boolean for the preserveNullAndEmptyArrays option to",
                    other,
                ))
            }
            ("includeArrayIndex", other) => {
                return Err(option_type(
                    28810,
                    "a non-empty string for the includeArrayIndex  option to",
                    other,
                ))
            }
            (other, _) => {
                return Err(fail(
                    28811,
                    format!("unrecognized option to $unwind stage: {other}"),
                ))
            }
        }
        Ok(())
    }
}

fn option_type(code: i32, expected: &str, value: &Bson) -> MongoError {
    fail(
        code,
        format!(
            "expected {expected} $unwind stage, got {}",
            type_name(Some(value))
        ),
    )
}

fn index_field(s: &str) -> Result<String, MongoError> {
    if s.is_empty() {
        return Err(fail(28810, "expected a non-empty string for the includeArrayIndex  option to $unwind stage, got string"));
    }
    if s.starts_with('$') {
        return Err(fail(
            28822,
            format!(
                "includeArrayIndex option to $unwind stage should not be prefixed with a '$': {s}"
            ),
        ));
    }
    Ok(s.to_string())
}
