//! Positional paths: `$` (the element the query matched), `$[]` (every
//! element) and `$[id]` (elements matching an array filter).

use bson::{Bson, Document};

use super::UpdateContext;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::value::array_index;

#[derive(Debug)]
pub(crate) struct ArrayFilter {
    pub identifier: String,
    filter: Filter,
}

impl ArrayFilter {
    pub(crate) fn parse(spec: &Document) -> Result<ArrayFilter, MongoError> {
        let Some(first) = spec.keys().next() else {
            return Err(MongoError::failed_to_parse(
                "Cannot use an expression without a top-level field name in arrayFilters",
            ));
        };
        let identifier = first.split('.').next().unwrap_or_default().to_string();
        Ok(ArrayFilter {
            identifier,
            filter: Filter::parse(spec)?,
        })
    }

    fn matches(&self, element: &Bson) -> bool {
        let mut wrapper = Document::new();
        wrapper.insert(self.identifier.clone(), element.clone());
        self.filter.matches(&wrapper)
    }
}

/// Concrete paths for `parts` in `doc` (one, or one per matched element).
pub(crate) fn expand_path(
    doc: &Document,
    parts: &[String],
    ctx: &UpdateContext<'_>,
) -> Result<Vec<Vec<String>>, MongoError> {
    let Some(position) = parts.iter().position(|p| p.starts_with('$')) else {
        return Ok(vec![parts.to_vec()]);
    };
    let prefix = &parts[..position];
    let indices = match parts[position].as_str() {
        "$" => vec![first_match(doc, prefix, ctx.query)?],
        "$[]" => all_indices(doc, prefix, parts)?,
        other => filtered_indices(doc, prefix, parts, other, ctx)?,
    };
    let mut out = Vec::new();
    for index in indices {
        let mut concrete = prefix.to_vec();
        concrete.push(index.to_string());
        concrete.extend_from_slice(&parts[position + 1..]);
        out.extend(expand_path(doc, &concrete, ctx)?);
    }
    Ok(out)
}

fn array_at<'a>(doc: &'a Document, prefix: &[String]) -> Option<&'a Vec<Bson>> {
    let mut current = doc.get(prefix.first()?)?;
    for part in &prefix[1..] {
        current = match current {
            Bson::Document(d) => d.get(part)?,
            Bson::Array(a) => a.get(array_index(part)?)?,
            _ => return None,
        };
    }
    current.as_array()
}

fn not_found() -> MongoError {
    MongoError::bad_value("The positional operator did not find the match needed from the query.")
}

/// The first element that satisfies the query's conditions on the array.
fn first_match(
    doc: &Document,
    prefix: &[String],
    query: Option<&Document>,
) -> Result<usize, MongoError> {
    let items = array_at(doc, prefix).ok_or_else(not_found)?;
    let prefix_path = prefix.join(".");
    let conditions = conditions_under(query.unwrap_or(&Document::new()), &prefix_path);
    if conditions.is_empty() {
        return Err(not_found());
    }
    let filter = Filter::parse(&conditions)?;
    items
        .iter()
        .position(|element| filter.matches(&nest(prefix, Bson::Array(vec![element.clone()]))))
        .ok_or_else(not_found)
}

fn conditions_under(query: &Document, prefix: &str) -> Document {
    let mut out = Document::new();
    for (key, value) in query {
        if key == prefix || key.starts_with(&format!("{prefix}.")) {
            out.insert(key.clone(), value.clone());
        } else if key == "$and" {
            if let Bson::Array(items) = value {
                for item in items.iter().filter_map(Bson::as_document) {
                    out.extend(conditions_under(item, prefix));
                }
            }
        }
    }
    out
}

fn nest(prefix: &[String], value: Bson) -> Document {
    let mut current = value;
    for part in prefix.iter().skip(1).rev() {
        let mut d = Document::new();
        d.insert(part.clone(), current);
        current = Bson::Document(d);
    }
    let mut root = Document::new();
    root.insert(prefix.first().cloned().unwrap_or_default(), current);
    root
}

fn must_exist(prefix: &[String]) -> MongoError {
    MongoError::bad_value(format!(
        "The path '{}' must exist in the document in order to apply array updates.",
        prefix.join(".")
    ))
}

fn all_indices(
    doc: &Document,
    prefix: &[String],
    _parts: &[String],
) -> Result<Vec<usize>, MongoError> {
    let items = array_at(doc, prefix).ok_or_else(|| must_exist(prefix))?;
    Ok((0..items.len()).collect())
}

fn filtered_indices(
    doc: &Document,
    prefix: &[String],
    parts: &[String],
    component: &str,
    ctx: &UpdateContext<'_>,
) -> Result<Vec<usize>, MongoError> {
    let identifier = component.trim_start_matches("$[").trim_end_matches(']');
    let Some(filter) = ctx
        .array_filters
        .iter()
        .find(|f| f.identifier == identifier)
    else {
        return Err(MongoError::bad_value(format!(
            "No array filter found for identifier '{identifier}' in path '{}'",
            parts.join(".")
        )));
    };
    let items = array_at(doc, prefix).ok_or_else(|| must_exist(prefix))?;
    Ok(items
        .iter()
        .enumerate()
        .filter(|(_, e)| filter.matches(e))
        .map(|(i, _)| i)
        .collect())
}
