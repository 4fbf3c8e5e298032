//! Boolean operators: $and $or $not, with the server's truthiness
//! (false, null, missing, undefined and zero are false; everything else true).

use bson::Bson;

use super::numeric::as_f64;
use super::{args, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$and" => and,
        "$or" => or,
        "$not" => not,
        _ => return None,
    })
}

/// The server's `Value::coerceToBool`.
pub(crate) fn truthy(value: &Option<Bson>) -> bool {
    match value {
        None | Some(Bson::Null) | Some(Bson::Undefined) | Some(Bson::Boolean(false)) => false,
        Some(v) => as_f64(v).map(|f| f != 0.0).unwrap_or(true),
    }
}

fn and(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    for item in args::list(arg) {
        if !truthy(&ctx.eval(item)?) {
            return Ok(Some(Bson::Boolean(false)));
        }
    }
    Ok(Some(Bson::Boolean(true)))
}

fn or(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    for item in args::list(arg) {
        if truthy(&ctx.eval(item)?) {
            return Ok(Some(Bson::Boolean(true)));
        }
    }
    Ok(Some(Bson::Boolean(false)))
}

fn not(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>("$not", arg)?;
    Ok(Some(Bson::Boolean(!truthy(&ctx.eval(&items[0])?))))
}
