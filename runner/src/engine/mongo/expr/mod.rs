//! Aggregation expressions (`"$a.b"`, `{$add: [..]}`, `{$cond: ..}`, ...).
//!
//! Expressions are evaluated straight from their BSON form. A result of
//! `None` means *missing* (the server's EOO value), which differs from
//! `Some(Bson::Null)`: a missing computed field is omitted from the output.

use bson::{Bson, Document};

use super::MongoError;

mod accumulate;
mod args;
mod arithmetic;
mod array;
mod boolean;
mod comparison;
mod conditional;
pub(crate) mod date;
pub(crate) mod error;
mod fields;
pub(crate) mod numeric;
pub(crate) mod order;
mod path;
pub(crate) mod random;
pub(crate) mod scope;
mod set;
pub(crate) mod show;
mod string;
mod types;
mod variables;

pub(crate) use boolean::truthy;
pub(crate) use error::{fail, with_context};
pub(crate) use order::{compare_opt, compare_values, type_name, values_equal};
pub(crate) use variables::{check_name as variables_check_name, CommandLet, Vars};

/// Missing (`None`) or a value.
pub(crate) type Evaluated = Option<Bson>;

/// What an operator sees: the document being processed and the variables in scope.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub root: &'a Document,
    pub vars: &'a Vars,
}

impl Ctx<'_> {
    /// Evaluates a sub-expression in this context.
    pub(crate) fn eval(&self, expr: &Bson) -> Result<Evaluated, MongoError> {
        evaluate(expr, self.root, self.vars)
    }

    /// Evaluates a sub-expression, turning missing into null.
    pub(crate) fn eval_or_null(&self, expr: &Bson) -> Result<Bson, MongoError> {
        Ok(self.eval(expr)?.unwrap_or(Bson::Null))
    }
}

/// An operator implementation: its raw argument and the context.
pub(crate) type OpFn = fn(&Bson, &Ctx) -> Result<Evaluated, MongoError>;

/// Evaluates `expr` against `root` with the variables `vars`.
pub(crate) fn evaluate(expr: &Bson, root: &Document, vars: &Vars) -> Result<Evaluated, MongoError> {
    let ctx = Ctx { root, vars };
    match expr {
        Bson::String(s) if s.starts_with('$') => path::resolve(s, &ctx),
        Bson::Document(d) => evaluate_object(d, &ctx),
        Bson::Array(items) => evaluate_array(items, &ctx),
        other => Ok(Some(other.clone())),
    }
}

/// Evaluates `expr` and applies the server's truthiness (what `$expr` does).
pub(crate) fn evaluate_truthy(
    expr: &Bson,
    root: &Document,
    vars: &Vars,
) -> Result<bool, MongoError> {
    Ok(truthy(&evaluate(expr, root, vars)?))
}

/// Checks an expression's shape and operator names without evaluating it,
/// so that a bad pipeline fails before any document is read (as the server does).
pub(crate) fn validate(expr: &Bson) -> Result<(), MongoError> {
    match expr {
        Bson::String(s) if s.starts_with('$') => path::validate(s),
        Bson::Document(d) => validate_object(d),
        Bson::Array(items) => items.iter().try_for_each(validate),
        _ => Ok(()),
    }
}

fn validate_object(d: &Document) -> Result<(), MongoError> {
    match operator_of(d)? {
        Some((name, arg)) => {
            lookup_operator(name)?;
            fields::validate(name, arg)?;
            random::validate(name, arg)?;
            if name == "$literal" {
                Ok(())
            } else {
                validate(arg)
            }
        }
        None => d.values().try_for_each(validate),
    }
}

/// `{$op: arg}` gives the operator; a plain object gives `None`.
pub(crate) fn operator_of(d: &Document) -> Result<Option<(&str, &Bson)>, MongoError> {
    let Some((first, arg)) = d.iter().next() else {
        return Ok(None);
    };
    if !first.starts_with('$') {
        return check_field_names(d).map(|_| None);
    }
    if d.len() != 1 {
        return Err(fail(
            15983,
            format!(
                "an expression specification must contain exactly one field, the name of the expression. Found {} fields in {}",
                d.len(),
                show::document(d)
            ),
        ));
    }
    Ok(Some((first.as_str(), arg)))
}

fn check_field_names(d: &Document) -> Result<(), MongoError> {
    match d.keys().find(|k| k.starts_with('$')) {
        Some(_) => Err(fail(
            16410,
            "FieldPath field names may not start with '$'. Consider using $getField or $setField.",
        )),
        None => Ok(()),
    }
}

fn evaluate_object(d: &Document, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    if let Some((name, arg)) = operator_of(d)? {
        let op = lookup_operator(name)?;
        return op(arg, ctx);
    }
    let mut out = Document::new();
    for (key, value) in d {
        if let Some(v) = ctx.eval(value)? {
            out.insert(key.clone(), v);
        }
    }
    Ok(Some(Bson::Document(out)))
}

fn evaluate_array(items: &[Bson], ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let values = items
        .iter()
        .map(|item| ctx.eval_or_null(item))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(Bson::Array(values)))
}

fn lookup_operator(name: &str) -> Result<OpFn, MongoError> {
    arithmetic::lookup(name)
        .or_else(|| accumulate::lookup(name))
        .or_else(|| comparison::lookup(name))
        .or_else(|| boolean::lookup(name))
        .or_else(|| conditional::lookup(name))
        .or_else(|| array::lookup(name))
        .or_else(|| string::lookup(name))
        .or_else(|| types::lookup(name))
        .or_else(|| set::lookup(name))
        .or_else(|| date::lookup(name))
        .or_else(|| variables::lookup(name))
        .or_else(|| fields::lookup(name))
        .or_else(|| random::lookup(name))
        .ok_or_else(|| fail(168, format!("Unrecognized expression '{name}'")))
}

/// Whether `name` is an expression operator this evaluator knows.
pub(crate) fn is_operator(name: &str) -> bool {
    lookup_operator(name).is_ok()
}

#[cfg(test)]
mod tests;
