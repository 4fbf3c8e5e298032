//! Array operators: `$push` (with `$each $slice $sort $position`),
//! `$addToSet` (with `$each`), `$pull`, `$pullAll`, `$pop`.

use bson::{Bson, Document};

use super::path::parent;
use super::{id_text, Op};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::query::comparison::is_operator_doc;
use crate::engine::mongo::query::ValueCondition;
use crate::engine::mongo::sort::SortSpec;
use crate::engine::mongo::value::{compare_values, number_as_f64, type_name, values_equal};

pub(crate) fn validate_pop(arg: &Bson) -> Result<(), MongoError> {
    match number_as_f64(arg) {
        Some(n) if n == 1.0 || n == -1.0 => Ok(()),
        _ => Err(MongoError::failed_to_parse(format!(
            "$pop expects 1 or -1, found: {}",
            crate::engine::mongo::display::value(arg)
        ))),
    }
}

pub(crate) fn apply(
    doc: &mut Document,
    parts: &[String],
    op: &Op,
    original: &Document,
) -> Result<(), MongoError> {
    let field = parts.last().cloned().unwrap_or_default();
    let creates = matches!(op.name.as_str(), "$push" | "$addToSet");
    if op.name == "$pop" {
        super::path::check_viable(doc, parts)?;
    }
    let Some(mut p) = parent(doc, parts, creates)? else {
        return Ok(());
    };
    let current = p.get(&field).cloned();
    let updated = match (op.name.as_str(), current) {
        ("$push" | "$addToSet", None) => added(op, Vec::new())?,
        (_, None) => return Ok(()),
        (_, Some(Bson::Array(items))) => updated_array(op, items)?,
        (_, Some(other)) => return Err(non_array_error(op, &field, &other, original)),
    };
    p.set(&field, Bson::Array(updated))
}

fn updated_array(op: &Op, items: Vec<Bson>) -> Result<Vec<Bson>, MongoError> {
    match op.name.as_str() {
        "$push" | "$addToSet" => added(op, items),
        "$pull" => pull(&op.arg, items),
        "$pullAll" => pull_all(&op.arg, items),
        _ => Ok(pop(&op.arg, items)),
    }
}

fn non_array_error(op: &Op, field: &str, value: &Bson, original: &Document) -> MongoError {
    match op.name.as_str() {
        "$push" => MongoError::bad_value(format!(
            "The field '{field}' must be an array but is of type {} in document {}",
            type_name(value),
            id_text(original)
        )),
        "$addToSet" => MongoError::bad_value(format!(
            "Cannot apply $addToSet to non-array field. Field named '{field}' has non-array type {}",
            type_name(value)
        )),
        "$pop" => MongoError::type_mismatch(format!(
            "Path '{}' contains an element of non-array type '{}'",
            op.path,
            type_name(value)
        )),
        _ => MongoError::bad_value("Cannot apply $pull to a non-array value"),
    }
}

fn added(op: &Op, items: Vec<Bson>) -> Result<Vec<Bson>, MongoError> {
    if op.name == "$addToSet" {
        return Ok(add_to_set(&op.arg, items));
    }
    match &op.arg {
        Bson::Document(d) if d.contains_key("$each") => push_each(d, items),
        other => {
            let mut items = items;
            items.push(other.clone());
            Ok(items)
        }
    }
}

fn add_to_set(arg: &Bson, mut items: Vec<Bson>) -> Vec<Bson> {
    let values = match arg {
        Bson::Document(d) if d.contains_key("$each") => match d.get("$each") {
            Some(Bson::Array(each)) => each.clone(),
            _ => Vec::new(),
        },
        other => vec![other.clone()],
    };
    for v in values {
        if !items.iter().any(|i| values_equal(i, &v)) {
            items.push(v);
        }
    }
    items
}

fn push_each(spec: &Document, mut items: Vec<Bson>) -> Result<Vec<Bson>, MongoError> {
    for key in spec.keys() {
        if !matches!(key.as_str(), "$each" | "$slice" | "$sort" | "$position") {
            return Err(MongoError::bad_value(format!(
                "Unrecognized clause in $push: {key}"
            )));
        }
    }
    let Some(Bson::Array(each)) = spec.get("$each") else {
        return Err(MongoError::bad_value(
            "The argument to $each in $push must be an array but it was of type: ".to_string()
                + spec.get("$each").map(type_name).unwrap_or("missing"),
        ));
    };
    let position = spec
        .get("$position")
        .map(position_of)
        .transpose()?
        .map(|p| resolve_position(p, items.len()));
    let at = position.unwrap_or(items.len());
    items.splice(at..at, each.iter().cloned());
    if let Some(sort) = spec.get("$sort") {
        sort_items(sort, &mut items)?;
    }
    if let Some(slice) = spec.get("$slice") {
        slice_items(slice, &mut items)?;
    }
    Ok(items)
}

fn position_of(v: &Bson) -> Result<i64, MongoError> {
    match v {
        Bson::Int32(i) => Ok(i64::from(*i)),
        Bson::Int64(i) => Ok(*i),
        Bson::Double(f) if f.fract() == 0.0 => Ok(*f as i64),
        other => Err(MongoError::bad_value(format!(
            "The value for $position must be an integer value, not of type: {}",
            type_name(other)
        ))),
    }
}

fn resolve_position(p: i64, len: usize) -> usize {
    if p < 0 {
        len.saturating_sub(p.unsigned_abs() as usize)
    } else {
        (p as usize).min(len)
    }
}

/// The server's checks on `$push`'s `$sort` (BadValue, before sorting).
fn check_sort(sort: &Bson) -> Result<(), MongoError> {
    match sort {
        Bson::Document(spec) if spec.is_empty() => Err(MongoError::bad_value(
            "The $sort pattern is empty when it should be a set of fields.",
        )),
        Bson::Document(spec) => spec.iter().try_for_each(|(k, v)| check_sort_field(k, v)),
        other if number_as_f64(other).is_some() => check_sort_order(other),
        _ => Err(MongoError::bad_value(
            "The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields",
        )),
    }
}

fn check_sort_order(order: &Bson) -> Result<(), MongoError> {
    match number_as_f64(order) {
        Some(n) if n == 1.0 || n == -1.0 => Ok(()),
        _ => Err(MongoError::bad_value(
            "The $sort element value must be either 1 or -1",
        )),
    }
}

fn check_sort_field(field: &str, order: &Bson) -> Result<(), MongoError> {
    check_sort_order(order)?;
    if field.is_empty() {
        return Err(MongoError::bad_value("The $sort field cannot be empty"));
    }
    if field.split('.').any(str::is_empty) {
        return Err(MongoError::bad_value(format!(
            "The $sort field is a dotted field but has an empty part: {field}"
        )));
    }
    Ok(())
}

fn sort_items(sort: &Bson, items: &mut [Bson]) -> Result<(), MongoError> {
    check_sort(sort)?;
    match sort {
        Bson::Document(spec) => {
            let spec = SortSpec::parse(spec)?;
            let empty = Document::new();
            items.sort_by(|a, b| {
                spec.compare(
                    a.as_document().unwrap_or(&empty),
                    b.as_document().unwrap_or(&empty),
                )
            });
        }
        other => {
            let descending = number_as_f64(other).is_some_and(|n| n < 0.0);
            items.sort_by(|a, b| {
                let ord = compare_values(a, b);
                if descending {
                    ord.reverse()
                } else {
                    ord
                }
            });
        }
    }
    Ok(())
}

fn slice_items(slice: &Bson, items: &mut Vec<Bson>) -> Result<(), MongoError> {
    let n = position_of(slice).map_err(|_| {
        MongoError::bad_value(
            "The value for $slice must be an integer value but was given type: ".to_string()
                + type_name(slice),
        )
    })?;
    if n >= 0 {
        items.truncate(n as usize);
    } else {
        let keep = n.unsigned_abs() as usize;
        if items.len() > keep {
            items.drain(..items.len() - keep);
        }
    }
    Ok(())
}

fn pull(arg: &Bson, items: Vec<Bson>) -> Result<Vec<Bson>, MongoError> {
    match arg {
        Bson::Document(d) if is_operator_doc(d) || !d.is_empty() => {
            let condition = ValueCondition::parse(d)?;
            Ok(items
                .into_iter()
                .filter(|i| !condition.matches(i))
                .collect())
        }
        Bson::RegularExpression(re) => {
            let regex =
                crate::engine::mongo::query::regex::RegexMatcher::new(&re.pattern, &re.options)?;
            Ok(items
                .into_iter()
                .filter(|i| !matches!(i, Bson::String(s) if regex.is_match(s)))
                .collect())
        }
        other => Ok(items
            .into_iter()
            .filter(|i| !values_equal(i, other))
            .collect()),
    }
}

fn pull_all(arg: &Bson, items: Vec<Bson>) -> Result<Vec<Bson>, MongoError> {
    let Bson::Array(values) = arg else {
        return Err(MongoError::bad_value(format!(
            "$pullAll requires an array argument but was given a {}",
            type_name(arg)
        )));
    };
    Ok(items
        .into_iter()
        .filter(|i| !values.iter().any(|v| values_equal(i, v)))
        .collect())
}

fn pop(arg: &Bson, mut items: Vec<Bson>) -> Vec<Bson> {
    if items.is_empty() {
        return items;
    }
    if number_as_f64(arg).is_some_and(|n| n < 0.0) {
        items.remove(0);
    } else {
        items.pop();
    }
    items
}
