//! Field access by name: $getField, $setField, $unsetField (for names a
//! path cannot spell: with `.` or a leading `$`).

use bson::{Bson, Document};

use super::{args, fail, type_name, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$getField" => get_field,
        "$setField" => |a, c| set_field("$setField", a, c, true),
        "$unsetField" => |a, c| set_field("$unsetField", a, c, false),
        _ => return None,
    })
}

/// `{$getField: "name"}` reads `$$CURRENT`; the object form names the input.
fn get_field(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let (field, input) = match arg {
        Bson::Document(spec) if !is_expression(spec) => {
            check_arguments("$getField", spec, &["field", "input"], 3041701)?;
            let field = spec
                .get("field")
                .ok_or_else(|| fail(3041702, "$getField requires 'field' to be specified"))?;
            (field, spec.get("input"))
        }
        other => (other, None),
    };
    let name = field_name("$getField", field, ctx, 5654602)?;
    let input = match input {
        Some(expr) => ctx.eval(expr)?,
        None => Some(Bson::Document(ctx.root.clone())),
    };
    match input {
        None | Some(Bson::Null | Bson::Undefined) => Ok(Some(Bson::Null)),
        Some(Bson::Document(d)) => Ok(d.get(&name).cloned()),
        Some(other) => Err(fail(
            3041705,
            format!(
                "$getField requires 'input' to evaluate to type Object, but got {}",
                type_name(Some(&other))
            ),
        )),
    }
}

/// `$setField` puts (or, with `$$REMOVE`, removes) one field; `$unsetField`
/// only removes.
fn set_field(op: &str, arg: &Bson, ctx: &Ctx, with_value: bool) -> Result<Evaluated, MongoError> {
    let spec = args::object(arg, op, 4161100)?;
    let allowed: &[&str] = if with_value {
        &["field", "input", "value"]
    } else {
        &["field", "input"]
    };
    check_arguments(op, spec, allowed, 4161101)?;
    let required = |name: &str, code: i32| {
        spec.get(name)
            .ok_or_else(|| fail(code, format!("{op} requires '{name}' to be specified")))
    };
    let name = field_name(op, required("field", 4161102)?, ctx, 4161106)?;
    let value = match with_value {
        true => ctx.eval(required("value", 4161103)?)?,
        false => None,
    };
    match ctx.eval(required("input", 4161104)?)? {
        None | Some(Bson::Null | Bson::Undefined) => Ok(Some(Bson::Null)),
        Some(Bson::Document(d)) => Ok(Some(Bson::Document(with_field(d, &name, value)))),
        Some(other) => Err(fail(
            4161105,
            format!(
                "{op} requires 'input' to evaluate to type Object, but got {}",
                type_name(Some(&other))
            ),
        )),
    }
}

fn with_field(mut doc: Document, name: &str, value: Option<Bson>) -> Document {
    match value {
        Some(v) => {
            doc.insert(name, v);
        }
        None => {
            doc.remove(name);
        }
    }
    doc
}

fn is_expression(spec: &Document) -> bool {
    spec.keys().next().is_some_and(|k| k.starts_with('$'))
}

fn check_arguments(
    op: &str,
    spec: &Document,
    allowed: &[&str],
    code: i32,
) -> Result<(), MongoError> {
    match spec.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(key) => Err(fail(code, format!("{op} found an unknown argument: {key}"))),
        None => Ok(()),
    }
}

/// The field name: a string, or an expression evaluating to one.
fn field_name(op: &str, field: &Bson, ctx: &Ctx, code: i32) -> Result<String, MongoError> {
    let value = match field {
        Bson::String(s) => return Ok(s.clone()),
        other => ctx.eval(other)?,
    };
    match value {
        Some(Bson::String(s)) => Ok(s),
        other => Err(fail(
            code,
            format!(
                "{op} requires 'field' to evaluate to type String, but got {}",
                type_name(other.as_ref())
            ),
        )),
    }
}
