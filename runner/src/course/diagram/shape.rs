//! The shape of a collection as the data shows it: which fields exist, with which
//! types, and what sits inside embedded documents.

use bson::{Bson, Document};

/// One line of a collection's box; `depth` 1 is a field of an embedded document.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldRow {
    pub path: String,
    pub name: String,
    pub ty: String,
    pub depth: usize,
}

/// The value at a dotted path; inside an array of documents, the first element's.
pub fn value_at<'a>(doc: &'a Document, path: &str) -> Option<&'a Bson> {
    let (head, rest) = match path.split_once('.') {
        Some((head, rest)) => (head, Some(rest)),
        None => (path, None),
    };
    let value = doc.get(head)?;
    match (rest, value) {
        (None, v) => Some(v),
        (Some(rest), Bson::Document(inner)) => value_at(inner, rest),
        (Some(rest), Bson::Array(items)) => items.iter().find_map(|item| match item {
            Bson::Document(inner) => value_at(inner, rest),
            _ => None,
        }),
        _ => None,
    }
}

/// Every type the field takes over `docs`, joined with ` | `; `None` when no document
/// has it.
pub fn field_type(docs: &[Document], path: &str) -> Option<String> {
    let mut types: Vec<String> = Vec::new();
    for ty in docs.iter().filter_map(|d| value_at(d, path)).map(type_name) {
        if !types.contains(&ty) {
            types.push(ty);
        }
    }
    // An empty array says nothing about its elements when another array does.
    if types.iter().any(|t| t.starts_with('[') && t != EMPTY_ARRAY) {
        types.retain(|t| t != EMPTY_ARRAY);
    }
    (!types.is_empty()).then(|| types.join(" | "))
}

const EMPTY_ARRAY: &str = "[ ]";

/// A short type name as mongosh users know them; arrays as `[element]`.
pub fn type_name(value: &Bson) -> String {
    match value {
        Bson::Array(items) => match items.first() {
            Some(first) => format!("[{}]", type_name(first)),
            None => EMPTY_ARRAY.to_string(),
        },
        Bson::Document(_) => "object".to_string(),
        Bson::String(_) => "string".to_string(),
        Bson::Int32(_) => "int".to_string(),
        Bson::Int64(_) => "long".to_string(),
        Bson::Double(_) => "double".to_string(),
        Bson::Decimal128(_) => "decimal".to_string(),
        Bson::Boolean(_) => "bool".to_string(),
        Bson::DateTime(_) => "date".to_string(),
        Bson::ObjectId(_) => "ObjectId".to_string(),
        Bson::Null => "null".to_string(),
        other => format!("{:?}", other.element_type()),
    }
}

/// The sub-fields of the documents at `path` (or of an array's documents), in the
/// order the data first shows them.
pub fn sub_fields(docs: &[Document], path: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for value in docs.iter().filter_map(|d| value_at(d, path)) {
        for inner in embedded(value) {
            for key in inner.keys() {
                if !names.contains(key) {
                    names.push(key.clone());
                }
            }
        }
    }
    names
}

/// The documents a value embeds: itself, or the elements of an array of documents.
fn embedded(value: &Bson) -> Vec<&Document> {
    match value {
        Bson::Document(d) => vec![d],
        Bson::Array(items) => items.iter().filter_map(Bson::as_document).collect(),
        _ => Vec::new(),
    }
}

/// The box's rows: each declared top-level field, then, under a field holding
/// documents, the declared sub-fields or else every one the data has.
pub fn rows(docs: &[Document], declared: &[String]) -> Vec<FieldRow> {
    let mut rows = Vec::new();
    for top in top_level(declared) {
        rows.push(row(docs, &top, 0));
        let listed: Vec<&String> = declared
            .iter()
            .filter(|f| f.strip_prefix(&top).is_some_and(|r| r.starts_with('.')))
            .collect();
        let subs: Vec<String> = if listed.is_empty() {
            let subs = sub_fields(docs, &top).into_iter();
            subs.map(|s| format!("{top}.{s}")).collect()
        } else {
            listed.into_iter().cloned().collect()
        };
        rows.extend(subs.iter().map(|s| row(docs, s, 1)));
    }
    rows
}

fn row(docs: &[Document], path: &str, depth: usize) -> FieldRow {
    FieldRow {
        path: path.to_string(),
        name: path.rsplit('.').next().unwrap_or(path).to_string(),
        ty: field_type(docs, path).unwrap_or_else(|| "?".to_string()),
        depth,
    }
}

/// The first segments of the declared fields, once each, in declared order.
fn top_level(declared: &[String]) -> Vec<String> {
    let mut tops: Vec<String> = Vec::new();
    for field in declared {
        let top = field.split('.').next().unwrap_or(field).to_string();
        if !tops.contains(&top) {
            tops.push(top);
        }
    }
    tops
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson::doc;

    #[test]
    fn embedded_fields_come_from_the_data_unless_listed() {
        let docs = vec![
            doc! { "a": 1, "b": { "x": "s", "y": 2.5 } },
            doc! { "a": "t" },
        ];
        let names: Vec<(String, String)> = rows(&docs, &["a".into(), "b".into()])
            .into_iter()
            .map(|r| (r.path, r.ty))
            .collect();
        assert_eq!(
            names,
            [
                ("a", "int | string"),
                ("b", "object"),
                ("b.x", "string"),
                ("b.y", "double")
            ]
            .map(|(p, t)| (p.to_string(), t.to_string()))
        );
        assert_eq!(rows(&docs, &["b.y".into()]).len(), 2);
    }
}
