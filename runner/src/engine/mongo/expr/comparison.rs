//! Comparison operators: $eq $ne $gt $gte $lt $lte $cmp (BSON order,
//! missing below null).

use std::cmp::Ordering;

use bson::Bson;

use super::{args, compare_opt, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$eq" => |a, c| test("$eq", a, c, |o| o == Ordering::Equal),
        "$ne" => |a, c| test("$ne", a, c, |o| o != Ordering::Equal),
        "$gt" => |a, c| test("$gt", a, c, |o| o == Ordering::Greater),
        "$gte" => |a, c| test("$gte", a, c, |o| o != Ordering::Less),
        "$lt" => |a, c| test("$lt", a, c, |o| o == Ordering::Less),
        "$lte" => |a, c| test("$lte", a, c, |o| o != Ordering::Greater),
        "$cmp" => cmp,
        _ => return None,
    })
}

fn order(op: &str, arg: &Bson, ctx: &Ctx) -> Result<Ordering, MongoError> {
    let items = args::exact::<2>(op, arg)?;
    let (a, b) = (ctx.eval(&items[0])?, ctx.eval(&items[1])?);
    Ok(compare_opt(a.as_ref(), b.as_ref()))
}

fn test(
    op: &str,
    arg: &Bson,
    ctx: &Ctx,
    pred: fn(Ordering) -> bool,
) -> Result<Evaluated, MongoError> {
    Ok(Some(Bson::Boolean(pred(order(op, arg, ctx)?))))
}

fn cmp(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let n = match order("$cmp", arg, ctx)? {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    };
    Ok(Some(Bson::Int32(n)))
}
