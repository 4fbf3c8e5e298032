//! Why a document fails a validator, as the server explains it in
//! `errInfo.details`: one entry per clause not satisfied.

use bson::{doc, Bson, Document};

use super::schema::Schema;
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::value::{lookup_path, type_name};

/// The details of a failing validator: its one clause, or an `$and` of them.
pub(crate) fn explain(validator: &Document, schema: Option<&Schema>, doc: &Document) -> Document {
    let mut clauses = clauses(validator, schema, doc);
    if count(validator) == 1 && clauses.len() == 1 {
        return clauses.remove(0).1;
    }
    and_details("$and", clauses)
}

/// How many clauses a validator has: one per field operator.
fn count(validator: &Document) -> usize {
    validator
        .iter()
        .map(|(key, value)| match value {
            Bson::Document(ops) if is_operators(key, ops) => ops.len(),
            _ => 1,
        })
        .sum()
}

fn is_operators(key: &str, value: &Document) -> bool {
    !key.starts_with('$') && value.keys().next().is_some_and(|k| k.starts_with('$'))
}

/// The failing clauses with their positions among all clauses.
fn clauses(
    validator: &Document,
    schema: Option<&Schema>,
    doc: &Document,
) -> Vec<(usize, Document)> {
    let mut out = Vec::new();
    let mut index = 0;
    for (key, value) in validator {
        for (clause, op, spec) in split(key, value) {
            if let Some(details) = clause_failure(&clause, key, op.as_deref(), spec, schema, doc) {
                out.push((index, details));
            }
            index += 1;
        }
    }
    out
}

/// One field's operators as separate clauses; a plain value is an `$eq`.
fn split<'a>(key: &str, value: &'a Bson) -> Vec<(Document, Option<String>, &'a Bson)> {
    match value {
        Bson::Document(ops) if is_operators(key, ops) => ops
            .iter()
            .map(|(op, v)| (doc! { key: { op: v.clone() } }, Some(op.clone()), v))
            .collect(),
        _ => vec![(doc! { key: value.clone() }, None, value)],
    }
}

fn clause_failure(
    clause: &Document,
    key: &str,
    op: Option<&str>,
    spec: &Bson,
    schema: Option<&Schema>,
    doc: &Document,
) -> Option<Document> {
    if key == "$jsonSchema" {
        return schema.and_then(|s| schema_failure(s, doc));
    }
    if Filter::parse(clause).is_ok_and(|f| f.matches(doc)) {
        return None;
    }
    Some(match key {
        "$and" | "$or" => logical_failure(key, spec, doc),
        _ if key.starts_with('$') => expression_failure(clause, key),
        _ => field_failure(clause, key, op.unwrap_or("$eq"), doc),
    })
}

fn schema_failure(schema: &Schema, doc: &Document) -> Option<Document> {
    let rules = schema.failures(&Bson::Document(doc.clone()));
    if rules.is_empty() {
        return None;
    }
    let mut out = doc! { "operatorName": "$jsonSchema" };
    if let Some(title) = schema.title() {
        out.insert("title", title);
    }
    out.insert("schemaRulesNotSatisfied", rules);
    Some(out)
}

/// `$and` lists its failing clauses; `$or` fails only when all do, so lists all.
fn logical_failure(key: &str, spec: &Bson, doc: &Document) -> Document {
    let branches = spec.as_array().map(Vec::as_slice).unwrap_or_default();
    let failing = branches
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let branch = b.as_document()?;
            let failed = !Filter::parse(branch).is_ok_and(|f| f.matches(doc));
            failed.then(|| (i, explain(branch, None, doc)))
        })
        .collect();
    and_details(key, failing)
}

fn and_details(key: &str, clauses: Vec<(usize, Document)>) -> Document {
    let listed: Vec<Document> = clauses
        .into_iter()
        .map(|(index, details)| doc! { "index": index as i32, "details": details })
        .collect();
    doc! { "operatorName": key, "clausesNotSatisfied": listed }
}

fn expression_failure(clause: &Document, key: &str) -> Document {
    let mut out = doc! {
        "operatorName": key,
        "specifiedAs": clause.clone(),
        "reason": "expression did not match",
    };
    if key == "$expr" {
        out.insert("expressionResult", false);
    }
    out
}

fn field_failure(clause: &Document, key: &str, op: &str, doc: &Document) -> Document {
    let values = considered_values(doc, key, !matches!(op, "$size" | "$all" | "$elemMatch"));
    let mut out = doc! {
        "operatorName": op,
        "specifiedAs": clause.clone(),
        "reason": reason(op, !values.is_empty()),
    };
    append_plural(&mut out, "consideredValue", values.clone());
    if op == "$type" {
        let mut types: Vec<Bson> = values.iter().map(|v| Bson::from(type_name(v))).collect();
        types.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
        types.dedup();
        append_plural(&mut out, "consideredType", types);
    }
    out
}

/// The values a leaf operator looked at: those along the path, arrays
/// walked into; an array at the end gives its elements unless the operator
/// judges arrays whole (`$size`, `$all`, `$elemMatch`).
fn considered_values(doc: &Document, path: &str, traverse: bool) -> Vec<Bson> {
    let mut out = Vec::new();
    for leaf in lookup_path(doc, path).into_iter().flatten() {
        match leaf {
            Bson::Array(items) if traverse => out.extend(items.iter().cloned()),
            other => out.push(other.clone()),
        }
    }
    out
}

/// One value under its name, several under the plural (none: nothing).
fn append_plural(out: &mut Document, name: &str, mut values: Vec<Bson>) {
    match values.len() {
        0 => {}
        1 => {
            out.insert(name, values.remove(0));
        }
        _ => {
            out.insert(format!("{name}s"), values);
        }
    }
}

fn reason(op: &str, present: bool) -> &'static str {
    match op {
        "$exists" if present => "path does exist",
        "$exists" => "path does not exist",
        _ if !present => "field was missing",
        "$type" => "type did not match",
        "$in" => "no matching value found in array",
        "$nin" => "matching value found in array",
        "$eq" | "$ne" | "$gt" | "$gte" | "$lt" | "$lte" => "comparison failed",
        "$regex" => "regular expression did not match",
        _ => "expression did not match",
    }
}
