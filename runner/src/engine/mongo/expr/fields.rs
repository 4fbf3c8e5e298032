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

/// Checks made when the pipeline is parsed, before any document is read.
pub(super) fn validate(name: &str, arg: &Bson) -> Result<(), MongoError> {
    match name {
        "$getField" => get_field_spec(arg).map(|_| ()),
        "$setField" => set_field_spec("$setField", arg, true).map(|_| ()),
        "$unsetField" => set_field_spec("$unsetField", arg, false).map(|_| ()),
        _ => Ok(()),
    }
}

/// `{$getField: "name"}` reads `$$CURRENT`; the object form names both.
fn get_field(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let (name, input) = get_field_spec(arg)?;
    let input = match input {
        Some(expr) => ctx.eval(expr)?,
        None => Some(Bson::Document(ctx.root.clone())),
    };
    match input {
        None | Some(Bson::Null | Bson::Undefined) => Ok(Some(Bson::Null)),
        Some(Bson::Document(d)) => Ok(d.get(&name).cloned()),
        // Anything else holds no fields: the result is missing.
        Some(_) => Ok(None),
    }
}

/// The field name and the `input` expression (none: `$$CURRENT`).
fn get_field_spec(arg: &Bson) -> Result<(String, Option<&Bson>), MongoError> {
    let (field, input) = match arg {
        Bson::Document(spec) if !is_expression(spec) => {
            check_arguments("$getField", spec, &["field", "input"], 3041701)?;
            let field = spec
                .get("field")
                .ok_or_else(|| fail(3041702, "$getField requires 'field' to be specified"))?;
            let input = spec
                .get("input")
                .ok_or_else(|| fail(3041703, "$getField requires 'input' to be specified"))?;
            (field, Some(input))
        }
        other => (other, None),
    };
    let codes = NameCodes {
        op: "$getField",
        path: 5654600,
        non_constant: 5654601,
        not_string: 5654602,
    };
    Ok((constant_name(field, &codes)?, input))
}

/// `$setField` puts (or, with `$$REMOVE`, removes) one field; `$unsetField`
/// only removes.
fn set_field(op: &str, arg: &Bson, ctx: &Ctx, with_value: bool) -> Result<Evaluated, MongoError> {
    let spec = set_field_spec(op, arg, with_value)?;
    let value = match spec.value {
        Some(expr) => ctx.eval(expr)?,
        None => None,
    };
    match ctx.eval(spec.input)? {
        None | Some(Bson::Null | Bson::Undefined) => Ok(Some(Bson::Null)),
        Some(Bson::Document(d)) => Ok(Some(Bson::Document(with_field(d, &spec.name, value)))),
        Some(other) => Err(fail(
            4161105,
            format!(
                "{op} requires 'input' to evaluate to type Object, but got {}",
                type_name(Some(&other))
            ),
        )),
    }
}

struct SetFieldSpec<'a> {
    name: String,
    input: &'a Bson,
    value: Option<&'a Bson>,
}

/// Every argument must be present before the field name is judged.
fn set_field_spec<'a>(
    op: &str,
    arg: &'a Bson,
    with_value: bool,
) -> Result<SetFieldSpec<'a>, MongoError> {
    let spec = args::object(arg, op, 4161100)?;
    let allowed: &[&str] = match with_value {
        true => &["field", "input", "value"],
        false => &["field", "input"],
    };
    check_arguments(op, spec, allowed, 4161101)?;
    let required = |name: &str, code: i32| {
        spec.get(name)
            .ok_or_else(|| fail(code, format!("{op} requires '{name}' to be specified")))
    };
    let field = required("field", 4161102)?;
    let value = match with_value {
        true => Some(required("value", 4161103)?),
        false => None,
    };
    let input = required("input", 4161109)?;
    // The server reads `$unsetField` as a `$setField` and names that here.
    let codes = NameCodes {
        op: "$setField",
        path: 4161108,
        non_constant: 4161106,
        not_string: 4161107,
    };
    let name = constant_name(field, &codes)?;
    Ok(SetFieldSpec { name, input, value })
}

/// The error codes an operator gives for a field name that is not a constant string.
struct NameCodes {
    op: &'static str,
    path: i32,
    non_constant: i32,
    not_string: i32,
}

/// The field name must be a constant string: a literal (not a field path)
/// or a `$const`/`$literal` of one; no expression is evaluated for it.
fn constant_name(field: &Bson, codes: &NameCodes) -> Result<String, MongoError> {
    let constant = match field {
        Bson::String(s) if s.starts_with('$') => return Err(field_path_error(s, codes)),
        Bson::Document(d) => constant_of(d).ok_or_else(|| {
            fail(
                codes.non_constant,
                format!(
                    "{} requires 'field' to evaluate to a constant, but got a non-constant argument",
                    codes.op
                ),
            )
        })?,
        other => other,
    };
    match constant {
        Bson::String(s) => Ok(s.clone()),
        other => Err(fail(
            codes.not_string,
            format!(
                "{} requires 'field' to evaluate to type String, but got {}",
                codes.op,
                type_name(Some(other))
            ),
        )),
    }
}

fn constant_of(d: &Document) -> Option<&Bson> {
    match (d.len(), d.iter().next()) {
        (1, Some((k, v))) if k == "$const" || k == "$literal" => Some(v),
        _ => None,
    }
}

fn field_path_error(path: &str, codes: &NameCodes) -> MongoError {
    if codes.op == "$getField" {
        return fail(
            codes.path,
            format!("A field path reference which is not allowed in this context. Did you mean {{$literal: '{path}'}}?"),
        );
    }
    // The server prints the path as it parsed it: through $CURRENT, or the variable.
    let shown = match path.strip_prefix("$$") {
        Some(variable) => format!("${variable}"),
        None => format!("$CURRENT.{}", &path[1..]),
    };
    fail(
        codes.path,
        format!("'{shown}' is a field path reference which is not allowed in this context. Did you mean {{$literal: '{shown}'}}?"),
    )
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
