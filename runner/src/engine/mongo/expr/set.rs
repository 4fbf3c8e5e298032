//! Set operators: $setUnion $setIntersection $setDifference $setEquals
//! $setIsSubset $anyElementTrue $allElementsTrue.

use bson::Bson;

use super::boolean::truthy;
use super::{args, fail, type_name, values_equal, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$setUnion" => set_union,
        "$setIntersection" => set_intersection,
        "$setDifference" => set_difference,
        "$setEquals" => set_equals,
        "$setIsSubset" => set_is_subset,
        "$anyElementTrue" => |a, c| element_truth("$anyElementTrue", a, c, true),
        "$allElementsTrue" => |a, c| element_truth("$allElementsTrue", a, c, false),
        _ => return None,
    })
}

/// Evaluates every argument as an array; `Ok(None)` when one is null/missing.
fn arrays(op: &str, arg: &Bson, ctx: &Ctx) -> Result<Option<Vec<Vec<Bson>>>, MongoError> {
    let mut out = Vec::new();
    for item in args::list(arg) {
        match ctx.eval(item)? {
            v if args::nullish(&v) => return Ok(None),
            Some(Bson::Array(values)) => out.push(values),
            other => {
                return Err(fail(
                    17044,
                    format!(
                        "All operands of {op} must be arrays. One argument is of type: {}",
                        type_name(other.as_ref())
                    ),
                ))
            }
        }
    }
    Ok(Some(out))
}

fn contains(set: &[Bson], value: &Bson) -> bool {
    set.iter().any(|v| values_equal(v, value))
}

fn distinct(values: impl IntoIterator<Item = Bson>) -> Vec<Bson> {
    let mut out: Vec<Bson> = Vec::new();
    for v in values {
        if !contains(&out, &v) {
            out.push(v);
        }
    }
    out
}

fn set_union(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    Ok(Some(match arrays("$setUnion", arg, ctx)? {
        Some(sets) => Bson::Array(distinct(sets.into_iter().flatten())),
        None => Bson::Null,
    }))
}

fn set_intersection(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Some(sets) = arrays("$setIntersection", arg, ctx)? else {
        return Ok(Some(Bson::Null));
    };
    let mut iter = sets.into_iter();
    let first = distinct(iter.next().unwrap_or_default());
    let rest: Vec<Vec<Bson>> = iter.collect();
    let kept = first
        .into_iter()
        .filter(|v| rest.iter().all(|s| contains(s, v)))
        .collect();
    Ok(Some(Bson::Array(kept)))
}

/// Both operands of a two-set operator, `None` when either is null or missing.
type SetPair = Option<(Vec<Bson>, Vec<Bson>)>;

fn two_sets(op: &str, arg: &Bson, ctx: &Ctx) -> Result<SetPair, MongoError> {
    args::exact::<2>(op, arg)?;
    Ok(arrays(op, arg, ctx)?.map(|mut s| {
        let b = s.pop().unwrap_or_default();
        let a = s.pop().unwrap_or_default();
        (a, b)
    }))
}

fn set_difference(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Some((a, b)) = two_sets("$setDifference", arg, ctx)? else {
        return Ok(Some(Bson::Null));
    };
    Ok(Some(Bson::Array(distinct(
        a.into_iter().filter(|v| !contains(&b, v)),
    ))))
}

fn set_is_subset(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Some((a, b)) = two_sets("$setIsSubset", arg, ctx)? else {
        return Err(fail(17046, "both operands of $setIsSubset must be arrays"));
    };
    Ok(Some(Bson::Boolean(a.iter().all(|v| contains(&b, v)))))
}

fn set_equals(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Some(sets) = arrays("$setEquals", arg, ctx)? else {
        return Err(fail(17044, "All operands of $setEquals must be arrays."));
    };
    let same = |a: &Vec<Bson>, b: &Vec<Bson>| {
        a.iter().all(|v| contains(b, v)) && b.iter().all(|v| contains(a, v))
    };
    let equal = sets.windows(2).all(|w| same(&w[0], &w[1]));
    Ok(Some(Bson::Boolean(equal)))
}

fn element_truth(op: &str, arg: &Bson, ctx: &Ctx, any: bool) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>(op, arg)?;
    let Some(Bson::Array(values)) = ctx.eval(&items[0])? else {
        return Err(fail(17041, format!("{op}'s argument must be an array")));
    };
    let truths = values.into_iter().map(|v| truthy(&Some(v)));
    let result = if any {
        truths.into_iter().any(|t| t)
    } else {
        truths.into_iter().all(|t| t)
    };
    Ok(Some(Bson::Boolean(result)))
}
