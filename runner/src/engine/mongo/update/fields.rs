//! Field operators: `$set $setOnInsert $unset $inc $mul $min $max $rename $currentDate`.

use std::cmp::Ordering;

use bson::{Bson, DateTime, Document, Timestamp};

use super::path::{parent, split, Parent};
use super::{id_text, Op};
use crate::engine::mongo::display;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::{compare_values, is_number, type_name};

/// Argument checks done when the update is parsed.
pub(crate) fn validate(op: &str, path: &str, arg: &Bson) -> Result<(), MongoError> {
    match op {
        "$inc" | "$mul" if !is_number(arg) => Err(MongoError::type_mismatch(format!(
            "Cannot {} with non-numeric argument: {{{path}: {}}}",
            if op == "$inc" {
                "increment"
            } else {
                "multiply"
            },
            display::value(arg)
        ))),
        "$rename" => validate_rename(path, arg),
        "$currentDate" => validate_current_date(arg),
        "$pop" => super::arrays::validate_pop(arg),
        _ => Ok(()),
    }
}

fn validate_rename(path: &str, arg: &Bson) -> Result<(), MongoError> {
    let Bson::String(to) = arg else {
        return Err(MongoError::bad_value(format!(
            "The 'to' field for $rename must be a string: {path}: {}",
            display::value(arg)
        )));
    };
    if to == path {
        return Err(MongoError::bad_value(format!(
            "The source and target field for $rename must differ: {path}: \"{to}\""
        )));
    }
    split(to).map(|_| ())
}

fn validate_current_date(arg: &Bson) -> Result<(), MongoError> {
    match arg {
        Bson::Boolean(_) => Ok(()),
        Bson::Document(d) if matches!(d.get("$type"), Some(Bson::String(t)) if t == "date" || t == "timestamp") => Ok(()),
        Bson::Document(_) => Err(MongoError::bad_value("The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}")),
        other => Err(MongoError::bad_value(format!(
            "{} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({{$type: 'timestamp/date'}}).",
            type_name(other)
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
    match op.name.as_str() {
        "$set" | "$setOnInsert" => set(doc, parts, &field, op.arg.clone()),
        "$unset" => unset(doc, parts, &field),
        "$inc" | "$mul" => arithmetic(doc, parts, &field, op, original),
        "$min" | "$max" => min_max(doc, parts, &field, op),
        "$rename" => rename(doc, parts, &field, op),
        "$currentDate" => set(doc, parts, &field, current_date(&op.arg)),
        _ => Ok(()),
    }
}

fn set(doc: &mut Document, parts: &[String], field: &str, value: Bson) -> Result<(), MongoError> {
    match parent(doc, parts, true)? {
        Some(mut p) => p.set(field, value),
        None => Ok(()),
    }
}

fn unset(doc: &mut Document, parts: &[String], field: &str) -> Result<(), MongoError> {
    if let Some(mut p) = parent(doc, parts, false)? {
        p.unset(field);
    }
    Ok(())
}

fn arithmetic(
    doc: &mut Document,
    parts: &[String],
    field: &str,
    op: &Op,
    original: &Document,
) -> Result<(), MongoError> {
    let Some(mut p) = parent(doc, parts, true)? else {
        return Ok(());
    };
    let result = match p.get(field) {
        None if op.name == "$inc" => op.arg.clone(),
        None => zero_like(&op.arg),
        Some(current) if is_number(current) => combine(current, &op.arg, op.name == "$inc"),
        Some(current) => {
            return Err(MongoError::type_mismatch(format!(
                "Cannot apply {} to a value of non-numeric type. {} has the field '{field}' of non-numeric type {}",
                op.name,
                id_text(original),
                type_name(current)
            )))
        }
    };
    p.set(field, result)
}

/// `$mul` on a missing field creates 0 of the argument's type.
fn zero_like(arg: &Bson) -> Bson {
    match arg {
        Bson::Int32(_) => Bson::Int32(0),
        Bson::Int64(_) => Bson::Int64(0),
        _ => Bson::Double(0.0),
    }
}

/// Sum or product with the server's type promotion (int → long → double).
pub(crate) fn combine(a: &Bson, b: &Bson, add: bool) -> Bson {
    match (a, b) {
        (Bson::Int32(x), Bson::Int32(y)) => {
            let r = if add {
                x.checked_add(*y)
            } else {
                x.checked_mul(*y)
            };
            r.map(Bson::Int32)
                .unwrap_or_else(|| long_op(i64::from(*x), i64::from(*y), add))
        }
        (Bson::Int32(_) | Bson::Int64(_), Bson::Int32(_) | Bson::Int64(_)) => long_op(
            a.as_i64().or(a.as_i32().map(i64::from)).unwrap_or(0),
            b.as_i64().or(b.as_i32().map(i64::from)).unwrap_or(0),
            add,
        ),
        _ => {
            let x = crate::engine::mongo::value::number_as_f64(a).unwrap_or(0.0);
            let y = crate::engine::mongo::value::number_as_f64(b).unwrap_or(0.0);
            Bson::Double(if add { x + y } else { x * y })
        }
    }
}

fn long_op(x: i64, y: i64, add: bool) -> Bson {
    let r = if add {
        x.checked_add(y)
    } else {
        x.checked_mul(y)
    };
    r.map(Bson::Int64).unwrap_or_else(|| {
        Bson::Double(if add {
            x as f64 + y as f64
        } else {
            x as f64 * y as f64
        })
    })
}

fn min_max(doc: &mut Document, parts: &[String], field: &str, op: &Op) -> Result<(), MongoError> {
    let Some(mut p) = parent(doc, parts, true)? else {
        return Ok(());
    };
    let wanted = if op.name == "$min" {
        Ordering::Less
    } else {
        Ordering::Greater
    };
    let replace = match p.get(field) {
        None => true,
        Some(current) => compare_values(&op.arg, current) == wanted,
    };
    if replace {
        p.set(field, op.arg.clone())?;
    }
    Ok(())
}

fn rename(doc: &mut Document, parts: &[String], field: &str, op: &Op) -> Result<(), MongoError> {
    let Bson::String(to) = &op.arg else {
        return Ok(());
    };
    let value = match parent(doc, parts, false)? {
        Some(Parent::Doc(d)) => d.remove(field),
        Some(Parent::Arr(_)) => {
            return Err(MongoError::bad_value(format!(
                "The source field cannot be an array element, '{}' in doc with {}",
                op.path, "an array"
            )))
        }
        None => None,
    };
    let Some(value) = value else {
        return Ok(());
    };
    let target = split(to)?;
    let last = target.last().cloned().unwrap_or_default();
    set(doc, &target, &last, value)
}

fn current_date(arg: &Bson) -> Bson {
    let now = DateTime::now();
    match arg {
        Bson::Document(d) if matches!(d.get("$type"), Some(Bson::String(t)) if t == "timestamp") => {
            Bson::Timestamp(Timestamp {
                time: (now.timestamp_millis() / 1000) as u32,
                increment: 1,
            })
        }
        _ => Bson::DateTime(now),
    }
}
