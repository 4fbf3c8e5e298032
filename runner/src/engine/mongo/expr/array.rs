//! Array operators: $size $arrayElemAt $first $last $in $indexOfArray
//! $filter $map $reduce $concatArrays $slice $reverseArray $isArray $range.

use bson::{Bson, Document};

use super::boolean::truthy;
use super::numeric::{as_whole_i64, is_number};
use super::variables::check_name;
use super::{args, fail, show, type_name, values_equal, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$size" => size,
        "$arrayElemAt" => array_elem_at,
        "$first" => |a, c| end_element("$first", a, c, true),
        "$last" => |a, c| end_element("$last", a, c, false),
        "$in" => in_array,
        "$indexOfArray" => index_of_array,
        "$filter" => filter,
        "$map" => map,
        "$reduce" => reduce,
        "$concatArrays" => concat_arrays,
        "$slice" => slice,
        "$reverseArray" => reverse_array,
        "$isArray" => is_array,
        "$range" => range,
        _ => return None,
    })
}

fn single(op: &str, arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>(op, arg)?;
    ctx.eval(&items[0])
}

fn size(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    match single("$size", arg, ctx)? {
        Some(Bson::Array(items)) => Ok(Some(Bson::Int32(items.len() as i32))),
        other => Err(fail(
            17124,
            format!(
                "The argument to $size must be an array, but was of type: {}",
                type_name(other.as_ref())
            ),
        )),
    }
}

fn is_array(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let value = single("$isArray", arg, ctx)?;
    Ok(Some(Bson::Boolean(matches!(value, Some(Bson::Array(_))))))
}

fn reverse_array(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    match single("$reverseArray", arg, ctx)? {
        v if args::nullish(&v) => Ok(Some(Bson::Null)),
        Some(Bson::Array(items)) => Ok(Some(Bson::Array(items.into_iter().rev().collect()))),
        other => Err(fail(
            34435,
            format!(
                "The argument to $reverseArray must be an array, but was of type: {}",
                type_name(other.as_ref())
            ),
        )),
    }
}

/// Resolves an index against a length; negative counts from the end.
fn resolve_index(len: usize, idx: i64) -> Option<usize> {
    let len = len as i64;
    let at = if idx < 0 { len + idx } else { idx };
    (0..len).contains(&at).then_some(at as usize)
}

fn array_elem_at(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<2>("$arrayElemAt", arg)?;
    let (array, index) = (ctx.eval(&items[0])?, ctx.eval(&items[1])?);
    if args::nullish(&array) || args::nullish(&index) {
        return Ok(Some(Bson::Null));
    }
    let Some(Bson::Array(values)) = array else {
        return Err(fail(
            28689,
            format!(
                "$arrayElemAt's first argument must be an array, but is {}",
                type_name(array.as_ref())
            ),
        ));
    };
    let idx = element_index(index)?;
    Ok(resolve_index(values.len(), idx).and_then(|i| values.get(i).cloned()))
}

fn element_index(index: Option<Bson>) -> Result<i64, MongoError> {
    let Some(value) = index.filter(is_number) else {
        return Err(fail(
            28690,
            "$arrayElemAt's second argument must be a numeric value, but is missing",
        ));
    };
    as_whole_i64(&value)
        .filter(|i| i32::try_from(*i).is_ok())
        .ok_or_else(|| {
            fail(
                28691,
                format!(
                    "$arrayElemAt's second argument must be representable as a 32-bit integer: {}",
                    show::value(&value)
                ),
            )
        })
}

fn end_element(op: &str, arg: &Bson, ctx: &Ctx, first: bool) -> Result<Evaluated, MongoError> {
    match single(op, arg, ctx)? {
        v if args::nullish(&v) => Ok(Some(Bson::Null)),
        Some(Bson::Array(items)) => Ok(if first { items.first() } else { items.last() }.cloned()),
        other => Err(fail(
            28689,
            format!(
                "{op}'s argument must be an array, but is {}",
                type_name(other.as_ref())
            ),
        )),
    }
}

fn in_array(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<2>("$in", arg)?;
    let needle = ctx.eval(&items[0])?;
    match ctx.eval(&items[1])? {
        Some(Bson::Array(values)) => {
            let found = needle
                .as_ref()
                .is_some_and(|n| values.iter().any(|v| values_equal(n, v)));
            Ok(Some(Bson::Boolean(found)))
        }
        other => Err(fail(
            40081,
            format!(
                "$in requires an array as a second argument, found: {}",
                type_name(other.as_ref())
            ),
        )),
    }
}

fn index_of_array(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::range("$indexOfArray", arg, 2, 4)?;
    let values = match ctx.eval(&items[0])? {
        v if args::nullish(&v) => return Ok(Some(Bson::Null)),
        Some(Bson::Array(values)) => values,
        other => {
            return Err(fail(
                40090,
                format!(
                    "$indexOfArray requires an array as a first argument, found: {}",
                    type_name(other.as_ref())
                ),
            ))
        }
    };
    let needle = ctx.eval_or_null(&items[1])?;
    let start = bound_arg(items.get(2), ctx, 0)?;
    let end = bound_arg(items.get(3), ctx, values.len())?.min(values.len());
    let found = (start..end).find(|&i| values.get(i).is_some_and(|v| values_equal(v, &needle)));
    Ok(Some(Bson::Int32(found.map(|i| i as i32).unwrap_or(-1))))
}

fn bound_arg(expr: Option<&Bson>, ctx: &Ctx, default: usize) -> Result<usize, MongoError> {
    let Some(expr) = expr else { return Ok(default) };
    let value = ctx.eval(expr)?;
    match value.as_ref().and_then(as_whole_i64) {
        Some(n) if n >= 0 => Ok(n as usize),
        _ => Err(fail(
            40096,
            "$indexOfArray requires a non-negative integral starting and ending index",
        )),
    }
}

/// `{input, as, ...}` of $filter/$map: the input array (None = null result) and the variable name.
fn iteration_input(
    op: &str,
    spec: &Document,
    ctx: &Ctx,
    code: i32,
) -> Result<(Option<Vec<Bson>>, String), MongoError> {
    let name = match spec.get("as") {
        Some(Bson::String(s)) => s.clone(),
        None => "this".to_string(),
        Some(_) => return Err(fail(code, format!("{op} 'as' must be a string"))),
    };
    check_name(&name)?;
    let input = spec
        .get("input")
        .ok_or_else(|| fail(code, format!("Missing 'input' parameter to {op}")))?;
    match ctx.eval(input)? {
        v if args::nullish(&v) => Ok((None, name)),
        Some(Bson::Array(items)) => Ok((Some(items), name)),
        other => Err(fail(
            code,
            format!(
                "input to {op} must be an array not {}",
                type_name(other.as_ref())
            ),
        )),
    }
}

fn filter(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let spec = args::object(arg, "$filter", 28646)?;
    let cond = spec
        .get("cond")
        .ok_or_else(|| fail(28648, "Missing 'cond' parameter to $filter"))?;
    let (Some(items), name) = iteration_input("$filter", spec, ctx, 28651)? else {
        return Ok(Some(Bson::Null));
    };
    let limit = match spec.get("limit") {
        Some(l) => ctx
            .eval(l)?
            .as_ref()
            .and_then(as_whole_i64)
            .unwrap_or(i64::MAX)
            .max(0) as usize,
        None => usize::MAX,
    };
    let mut kept = Vec::new();
    for item in items {
        if kept.len() >= limit {
            break;
        }
        let scope = ctx.vars.with(&name, item.clone());
        if truthy(&super::evaluate(cond, ctx.root, &scope)?) {
            kept.push(item);
        }
    }
    Ok(Some(Bson::Array(kept)))
}

fn map(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let spec = args::object(arg, "$map", 16878)?;
    let body = spec
        .get("in")
        .ok_or_else(|| fail(16882, "Missing 'in' parameter to $map"))?;
    let (Some(items), name) = iteration_input("$map", spec, ctx, 16883)? else {
        return Ok(Some(Bson::Null));
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let scope = ctx.vars.with(&name, item);
        out.push(super::evaluate(body, ctx.root, &scope)?.unwrap_or(Bson::Null));
    }
    Ok(Some(Bson::Array(out)))
}

fn reduce(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let spec = args::object(arg, "$reduce", 40075)?;
    let (Some(input), Some(initial), Some(body)) =
        (spec.get("input"), spec.get("initialValue"), spec.get("in"))
    else {
        return Err(fail(
            40079,
            "$reduce requires 'input', 'initialValue' and 'in'",
        ));
    };
    let items = match ctx.eval(input)? {
        v if args::nullish(&v) => return Ok(Some(Bson::Null)),
        Some(Bson::Array(items)) => items,
        other => {
            return Err(fail(
                40080,
                format!(
                    "$reduce requires an array as input, found: {}",
                    type_name(other.as_ref())
                ),
            ))
        }
    };
    let mut acc = ctx.eval(initial)?;
    for item in items {
        let scope = ctx
            .vars
            .with("this", item)
            .with("value", acc.unwrap_or(Bson::Undefined));
        acc = super::evaluate(body, ctx.root, &scope)?;
    }
    Ok(acc)
}

fn concat_arrays(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let mut out = Vec::new();
    for item in args::list(arg) {
        match ctx.eval(item)? {
            v if args::nullish(&v) => return Ok(Some(Bson::Null)),
            Some(Bson::Array(values)) => out.extend(values),
            other => {
                return Err(fail(
                    28664,
                    format!(
                        "$concatArrays only supports arrays, not {}",
                        type_name(other.as_ref())
                    ),
                ))
            }
        }
    }
    Ok(Some(Bson::Array(out)))
}

fn slice(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::range("$slice", arg, 2, 3)?;
    let values: Vec<Evaluated> = items
        .iter()
        .map(|i| ctx.eval(i))
        .collect::<Result<_, _>>()?;
    if values.iter().any(args::nullish) {
        return Ok(Some(Bson::Null));
    }
    let (Some(first), Some(second)) = (values.first(), values.get(1)) else {
        return Ok(Some(Bson::Null));
    };
    let Some(Bson::Array(array)) = first.clone() else {
        return Err(fail(
            28724,
            format!(
                "First argument to $slice must be an array, but is of type: {}",
                type_name(first.as_ref())
            ),
        ));
    };
    let second = slice_number(
        second,
        "Second argument to $slice must be a numeric value",
        28725,
    )?;
    let (start, count) = match values.get(2) {
        None if second < 0 => (
            (array.len() as i64).saturating_add(second).max(0),
            second.saturating_neg(),
        ),
        None => (0, second),
        Some(third) => (slice_start(array.len(), second), slice_count(third)?),
    };
    Ok(Some(Bson::Array(
        array
            .into_iter()
            .skip(start as usize)
            .take(count as usize)
            .collect(),
    )))
}

fn slice_start(len: usize, position: i64) -> i64 {
    if position < 0 {
        (len as i64 + position).max(0)
    } else {
        position
    }
}

fn slice_count(value: &Evaluated) -> Result<i64, MongoError> {
    let n = slice_number(value, "Third argument to $slice must be numeric", 28727)?;
    if n <= 0 {
        return Err(fail(
            28729,
            format!("Third argument to $slice must be positive: {n}"),
        ));
    }
    Ok(n)
}

fn slice_number(value: &Evaluated, text: &str, code: i32) -> Result<i64, MongoError> {
    match value
        .as_ref()
        .filter(|v| is_number(v))
        .and_then(as_whole_i64)
    {
        Some(n) => Ok(n),
        None => Err(fail(
            code,
            format!("{text}, but is of type: {}", type_name(value.as_ref())),
        )),
    }
}

/// Elements $range may produce before it runs into the server's memory limit.
const RANGE_LIMIT: i64 = 6_553_600;

fn range(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::range("$range", arg, 2, 3)?;
    let mut bounds = [0i64, 0, 1];
    for (slot, item) in bounds.iter_mut().zip(items) {
        let value = ctx.eval(item)?;
        *slot = value
            .as_ref()
            .and_then(as_whole_i64)
            .and_then(|n| i32::try_from(n).ok())
            .map(i64::from)
            .ok_or_else(|| fail(34443, "$range requires a numeric starting value"))?;
    }
    let [start, end, step] = bounds;
    if step == 0 {
        return Err(fail(34449, "$range requires a non-zero step value"));
    }
    let count = ((end - start) / step).max(0);
    if count > RANGE_LIMIT {
        return Err(fail(
            5787,
            "$range would use too much memory and cannot spill to disk",
        ));
    }
    let mut out = Vec::new();
    let mut at = start;
    while (step > 0 && at < end) || (step < 0 && at > end) {
        out.push(Bson::Int32(at as i32));
        at += step;
    }
    Ok(Some(Bson::Array(out)))
}
