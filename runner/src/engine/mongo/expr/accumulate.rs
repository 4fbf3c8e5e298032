//! $sum $avg $min $max as expressions: over the elements of a single array
//! argument, or over the arguments themselves when there are several.

use bson::Bson;

use super::numeric::{as_f64, f64_to_decimal, is_number, Kind, Total};
use super::{args, compare_values, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$sum" => sum,
        "$avg" => avg,
        "$min" => |a, c| extreme(a, c, std::cmp::Ordering::Less),
        "$max" => |a, c| extreme(a, c, std::cmp::Ordering::Greater),
        _ => return None,
    })
}

/// The values the operator folds over.
fn operands(arg: &Bson, ctx: &Ctx) -> Result<Vec<Bson>, MongoError> {
    let items = args::list(arg);
    if let [single] = items {
        return Ok(match ctx.eval(single)? {
            Some(Bson::Array(values)) => values,
            Some(v) => vec![v],
            None => Vec::new(),
        });
    }
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.extend(ctx.eval(item)?);
    }
    Ok(out)
}

fn sum(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let mut total = Total::new(0);
    operands(arg, ctx)?
        .iter()
        .filter(|v| is_number(v))
        .for_each(|v| total.add(v));
    Ok(Some(total.to_bson()))
}

fn avg(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let numbers: Vec<Bson> = operands(arg, ctx)?.into_iter().filter(is_number).collect();
    if numbers.is_empty() {
        return Ok(Some(Bson::Null));
    }
    let mut total = Total::new(0);
    numbers.iter().for_each(|v| total.add(v));
    let mean = as_f64(&total.to_bson()).unwrap_or(0.0) / numbers.len() as f64;
    Ok(Some(if total.kind == Kind::Decimal {
        f64_to_decimal(mean)
    } else {
        Bson::Double(mean)
    }))
}

fn extreme(arg: &Bson, ctx: &Ctx, want: std::cmp::Ordering) -> Result<Evaluated, MongoError> {
    let best = operands(arg, ctx)?
        .into_iter()
        .filter(|v| !matches!(v, Bson::Null | Bson::Undefined))
        .reduce(|best, v| {
            if compare_values(&v, &best) == want {
                v
            } else {
                best
            }
        });
    Ok(Some(best.unwrap_or(Bson::Null)))
}
