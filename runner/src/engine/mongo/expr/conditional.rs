//! Conditional operators: $cond $ifNull $switch.

use bson::{Bson, Document};

use super::boolean::truthy;
use super::{args, fail, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$cond" => cond,
        "$ifNull" => if_null,
        "$switch" => switch,
        _ => return None,
    })
}

fn cond(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let (test, then, otherwise) = match arg {
        Bson::Document(d) => cond_object(d)?,
        _ => {
            let items = args::exact::<3>("$cond", arg)?;
            (&items[0], &items[1], &items[2])
        }
    };
    if truthy(&ctx.eval(test)?) {
        ctx.eval(then)
    } else {
        ctx.eval(otherwise)
    }
}

fn cond_object(d: &Document) -> Result<(&Bson, &Bson, &Bson), MongoError> {
    if let Some(key) = d
        .keys()
        .find(|k| !matches!(k.as_str(), "if" | "then" | "else"))
    {
        return Err(fail(
            17083,
            format!("Unrecognized parameter to $cond: {key}"),
        ));
    }
    let get = |name: &str| {
        d.get(name).ok_or_else(|| {
            fail(
                17080 + missing_code(name),
                format!("Missing '{name}' parameter to $cond"),
            )
        })
    };
    Ok((get("if")?, get("then")?, get("else")?))
}

fn missing_code(name: &str) -> i32 {
    match name {
        "if" => 0,
        "then" => 1,
        _ => 2,
    }
}

/// The first argument that is neither null nor missing; else the last one.
fn if_null(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::list(arg);
    if items.len() < 2 {
        return Err(fail(
            16020,
            format!(
                "Expression $ifNull takes at least 2 arguments, and {} were passed in.",
                items.len()
            ),
        ));
    }
    let (last, rest) = items.split_last().unwrap_or((&Bson::Null, &[]));
    for item in rest {
        let value = ctx.eval(item)?;
        if !args::nullish(&value) {
            return Ok(value);
        }
    }
    ctx.eval(last)
}

fn switch(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Bson::Document(spec) = arg else {
        return Err(fail(40060, "$switch requires an object as an argument"));
    };
    let Some(Bson::Array(branches)) = spec.get("branches") else {
        return Err(fail(40061, "$switch expected an array for 'branches'"));
    };
    for branch in branches {
        let (case, then) = switch_branch(branch)?;
        if truthy(&ctx.eval(case)?) {
            return ctx.eval(then);
        }
    }
    match spec.get("default") {
        Some(default) => ctx.eval(default),
        None => Err(fail(
            40066,
            "$switch could not find a matching branch for an input, and no default was specified.",
        )),
    }
}

fn switch_branch(branch: &Bson) -> Result<(&Bson, &Bson), MongoError> {
    let Bson::Document(b) = branch else {
        return Err(fail(40062, "$switch expected each branch to be an object"));
    };
    let case = b.get("case").ok_or_else(|| {
        fail(
            40064,
            "$switch requires each branch have a 'case' expression",
        )
    })?;
    let then = b.get("then").ok_or_else(|| {
        fail(
            40065,
            "$switch requires each branch have a 'then' expression.",
        )
    })?;
    Ok((case, then))
}
