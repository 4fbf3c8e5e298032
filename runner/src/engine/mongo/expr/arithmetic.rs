//! Arithmetic operators: $add $subtract $multiply $divide $mod $abs $ceil
//! $floor $round $trunc $sqrt $pow.

use bson::{Bson, DateTime};

use super::numeric::{as_f64, is_number, kind, of_kind, Kind, Number, Total};
use super::{args, fail, type_name, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$add" => add,
        "$subtract" => subtract,
        "$multiply" => multiply,
        "$divide" => divide,
        "$mod" => modulo,
        "$abs" => abs,
        "$ceil" => ceil,
        "$floor" => floor,
        "$round" => round,
        "$trunc" => trunc,
        "$sqrt" => sqrt,
        "$pow" => pow,
        _ => return None,
    })
}

fn eval_all(arg: &Bson, ctx: &Ctx) -> Result<Vec<Evaluated>, MongoError> {
    args::list(arg).iter().map(|e| ctx.eval(e)).collect()
}

fn add(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let mut total = Total::new(0);
    let mut date: Option<i64> = None;
    for value in eval_all(arg, ctx)? {
        match value {
            Some(Bson::DateTime(d)) if date.is_none() => date = Some(d.timestamp_millis()),
            Some(Bson::DateTime(_)) => {
                return Err(fail(16612, "only one date allowed in an $add expression"))
            }
            Some(v) if is_number(&v) => total.add(&v),
            v if args::nullish(&v) => return Ok(Some(Bson::Null)),
            v => {
                return Err(fail(
                    16554,
                    format!(
                        "$add only supports numeric or date types, not {}",
                        type_name(v.as_ref())
                    ),
                ))
            }
        }
    }
    Ok(Some(match date {
        Some(ms) => Bson::DateTime(DateTime::from_millis(
            ms.saturating_add(total_millis(total)),
        )),
        None => total.to_bson(),
    }))
}

fn total_millis(total: Total) -> i64 {
    as_f64(&total.to_bson())
        .map(|f| f.round() as i64)
        .unwrap_or(0)
}

fn subtract(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<2>("$subtract", arg)?;
    let (lhs, rhs) = (ctx.eval(&items[0])?, ctx.eval(&items[1])?);
    if args::nullish(&lhs) || args::nullish(&rhs) {
        return Ok(Some(Bson::Null));
    }
    match (lhs, rhs) {
        (Some(Bson::DateTime(a)), Some(Bson::DateTime(b))) => Ok(Some(Bson::Int64(
            a.timestamp_millis().saturating_sub(b.timestamp_millis()),
        ))),
        (Some(Bson::DateTime(a)), Some(b)) if is_number(&b) => {
            let ms = as_f64(&b).unwrap_or(0.0).round() as i64;
            Ok(Some(Bson::DateTime(DateTime::from_millis(
                a.timestamp_millis().saturating_sub(ms),
            ))))
        }
        (Some(a), Some(b)) if is_number(&a) && is_number(&b) => {
            Ok(Some(numeric_difference(&a, &b)))
        }
        (a, b) => Err(fail(
            16556,
            format!(
                "cant $subtract a {} from a {}",
                type_name(b.as_ref()),
                type_name(a.as_ref())
            ),
        )),
    }
}

fn numeric_difference(a: &Bson, b: &Bson) -> Bson {
    let mut total = Total::new(0);
    total.add(a);
    let negated = match Number::of(b) {
        Some(Number::Int(i)) if i != i64::MIN => match (b, i32::try_from(-i)) {
            (Bson::Int32(_), Ok(n)) => Bson::Int32(n),
            _ => Bson::Int64(-i),
        },
        _ => negate_float(b),
    };
    total.add(&negated);
    total.to_bson()
}

fn negate_float(b: &Bson) -> Bson {
    let value = -as_f64(b).unwrap_or(0.0);
    match kind(b) {
        Some(Kind::Decimal) => super::numeric::f64_to_decimal(value),
        _ => Bson::Double(value),
    }
}

fn multiply(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let mut total = Total::new(1);
    for value in eval_all(arg, ctx)? {
        match value {
            Some(v) if is_number(&v) => total.multiply(&v),
            v if args::nullish(&v) => return Ok(Some(Bson::Null)),
            v => {
                return Err(fail(
                    16555,
                    format!(
                        "$multiply only supports numeric types, not {}",
                        type_name(v.as_ref())
                    ),
                ))
            }
        }
    }
    Ok(Some(total.to_bson()))
}

/// Evaluates the two numeric operands of $divide / $mod; `None` means "result is null".
fn two_numbers(
    op: &str,
    code: i32,
    arg: &Bson,
    ctx: &Ctx,
) -> Result<Option<(Bson, Bson)>, MongoError> {
    let items = args::exact::<2>(op, arg)?;
    let (lhs, rhs) = (ctx.eval(&items[0])?, ctx.eval(&items[1])?);
    if args::nullish(&lhs) || args::nullish(&rhs) {
        return Ok(None);
    }
    match (lhs, rhs) {
        (Some(a), Some(b)) if is_number(&a) && is_number(&b) => Ok(Some((a, b))),
        (a, b) => Err(fail(
            code,
            format!(
                "{op} only supports numeric types, not {} and {}",
                type_name(a.as_ref()),
                type_name(b.as_ref())
            ),
        )),
    }
}

fn divide(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Some((a, b)) = two_numbers("$divide", 16609, arg, ctx)? else {
        return Ok(Some(Bson::Null));
    };
    let divisor = as_f64(&b).unwrap_or(0.0);
    if divisor == 0.0 {
        return Err(fail(16608, "can't $divide by zero"));
    }
    let quotient = as_f64(&a).unwrap_or(0.0) / divisor;
    let decimal = kind(&a) == Some(Kind::Decimal) || kind(&b) == Some(Kind::Decimal);
    Ok(Some(if decimal {
        of_kind(Kind::Decimal, quotient)
    } else {
        Bson::Double(quotient)
    }))
}

fn modulo(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Some((a, b)) = two_numbers("$mod", 16611, arg, ctx)? else {
        return Ok(Some(Bson::Null));
    };
    if as_f64(&b).unwrap_or(0.0) == 0.0 {
        return Err(fail(16610, "can't $mod by zero"));
    }
    let widest = kind(&a).max(kind(&b)).unwrap_or(Kind::Double);
    Ok(Some(match (Number::of(&a), Number::of(&b)) {
        (Some(Number::Int(x)), Some(Number::Int(y))) => of_kind(widest, x.wrapping_rem(y) as f64),
        _ => of_kind(
            widest,
            as_f64(&a).unwrap_or(0.0) % as_f64(&b).unwrap_or(1.0),
        ),
    }))
}

/// Evaluates the single numeric argument of a unary operator; `Ok(None)` = null result.
fn unary_number(op: &str, arg: &Bson, ctx: &Ctx) -> Result<Option<Bson>, MongoError> {
    let items = args::exact::<1>(op, arg)?;
    match ctx.eval(&items[0])? {
        v if args::nullish(&v) => Ok(None),
        Some(v) if is_number(&v) => Ok(Some(v)),
        v => Err(fail(
            28765,
            format!(
                "{op} only supports numeric types, not {}",
                type_name(v.as_ref())
            ),
        )),
    }
}

fn map_unary(op: &str, arg: &Bson, ctx: &Ctx, f: fn(f64) -> f64) -> Result<Evaluated, MongoError> {
    let Some(v) = unary_number(op, arg, ctx)? else {
        return Ok(Some(Bson::Null));
    };
    match (&v, kind(&v)) {
        (_, Some(Kind::Int | Kind::Long)) if op != "$abs" => Ok(Some(v)),
        (Bson::Int32(i), _) if *i == i32::MIN => Ok(Some(Bson::Int64(-(i64::from(*i))))),
        (_, Some(k)) => Ok(Some(of_kind(k, f(as_f64(&v).unwrap_or(0.0))))),
        _ => Ok(Some(Bson::Null)),
    }
}

fn abs(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    map_unary("$abs", arg, ctx, f64::abs)
}

fn ceil(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    map_unary("$ceil", arg, ctx, f64::ceil)
}

fn floor(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    map_unary("$floor", arg, ctx, f64::floor)
}

fn sqrt(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Some(v) = unary_number("$sqrt", arg, ctx)? else {
        return Ok(Some(Bson::Null));
    };
    let x = as_f64(&v).unwrap_or(0.0);
    if x < 0.0 {
        return Err(fail(
            28714,
            "$sqrt's argument must be greater than or equal to 0",
        ));
    }
    Ok(Some(Bson::Double(x.sqrt())))
}

fn round(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    round_like("$round", arg, ctx, |x| {
        let r = x.round();
        // Halves go to the even neighbour, as the server does.
        if (x - x.trunc()).abs() == 0.5 {
            2.0 * (x / 2.0).round()
        } else {
            r
        }
    })
}

fn trunc(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    round_like("$trunc", arg, ctx, f64::trunc)
}

fn round_like(op: &str, arg: &Bson, ctx: &Ctx, f: fn(f64) -> f64) -> Result<Evaluated, MongoError> {
    let items = args::range(op, arg, 1, 2)?;
    let value = ctx.eval(&items[0])?;
    let place = match items.get(1) {
        Some(p) => ctx.eval(p)?,
        None => Some(Bson::Int32(0)),
    };
    if args::nullish(&value) || args::nullish(&place) {
        return Ok(Some(Bson::Null));
    }
    let (Some(v), Some(p)) = (value, place) else {
        return Ok(Some(Bson::Null));
    };
    let Some(k) = kind(&v) else {
        return Err(fail(
            51081,
            format!(
                "{op} only supports numeric types, not {}",
                type_name(Some(&v))
            ),
        ));
    };
    let places = super::numeric::as_whole_i64(&p)
        .filter(|n| (-20..=100).contains(n))
        .ok_or_else(|| fail(51083, "place must be an integer between -20 and 100"))?;
    if places >= 0 && matches!(k, Kind::Int | Kind::Long) {
        return Ok(Some(v));
    }
    let scale = 10f64.powi(places as i32);
    Ok(Some(of_kind(
        k,
        f(as_f64(&v).unwrap_or(0.0) * scale) / scale,
    )))
}

fn pow(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let Some((base, exp)) = two_numbers_pow(arg, ctx)? else {
        return Ok(Some(Bson::Null));
    };
    let result = as_f64(&base)
        .unwrap_or(0.0)
        .powf(as_f64(&exp).unwrap_or(0.0));
    let widest = kind(&base).max(kind(&exp)).unwrap_or(Kind::Double);
    let whole = matches!(widest, Kind::Int | Kind::Long) && as_f64(&exp).unwrap_or(-1.0) >= 0.0;
    Ok(Some(if whole {
        of_kind(widest, result)
    } else {
        of_kind(widest.max(Kind::Double), result)
    }))
}

fn two_numbers_pow(arg: &Bson, ctx: &Ctx) -> Result<Option<(Bson, Bson)>, MongoError> {
    let items = args::exact::<2>("$pow", arg)?;
    let (base, exp) = (ctx.eval(&items[0])?, ctx.eval(&items[1])?);
    if args::nullish(&base) || args::nullish(&exp) {
        return Ok(None);
    }
    match (base, exp) {
        (Some(b), Some(e)) if is_number(&b) && is_number(&e) => Ok(Some((b, e))),
        (Some(b), _) if !is_number(&b) => Err(fail(
            28762,
            format!("$pow's base must be numeric, not {}", type_name(Some(&b))),
        )),
        (_, e) => Err(fail(
            28763,
            format!(
                "$pow's exponent must be numeric, not {}",
                type_name(e.as_ref())
            ),
        )),
    }
}
