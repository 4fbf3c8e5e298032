//! String operators: $concat $toUpper $toLower $substr $substrBytes
//! $substrCP $split $strLenCP $strLenBytes $trim $ltrim $rtrim $strcasecmp.

use bson::Bson;

use super::numeric::{as_f64, is_number};
use super::{args, fail, type_name, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$concat" => concat,
        "$toUpper" => |a, c| change_case("$toUpper", a, c, str::to_uppercase),
        "$toLower" => |a, c| change_case("$toLower", a, c, str::to_lowercase),
        "$substr" | "$substrBytes" => substr_bytes,
        "$substrCP" => substr_cp,
        "$split" => split,
        "$strLenCP" => |a, c| str_len("$strLenCP", 34471, a, c, |s| s.chars().count()),
        "$strLenBytes" => |a, c| str_len("$strLenBytes", 34473, a, c, str::len),
        "$trim" => |a, c| trim("$trim", a, c, true, true),
        "$ltrim" => |a, c| trim("$ltrim", a, c, true, false),
        "$rtrim" => |a, c| trim("$rtrim", a, c, false, true),
        "$strcasecmp" => strcasecmp,
        _ => return None,
    })
}

/// The server's `coerceToString`: null/missing become "", numbers and dates print.
pub(crate) fn coerce_to_string(value: &Evaluated) -> Option<String> {
    match value {
        None | Some(Bson::Null) | Some(Bson::Undefined) => Some(String::new()),
        Some(Bson::String(s)) | Some(Bson::Symbol(s)) => Some(s.clone()),
        Some(Bson::Int32(i)) => Some(i.to_string()),
        Some(Bson::Int64(i)) => Some(i.to_string()),
        Some(Bson::Double(f)) => Some(format_double(*f)),
        Some(Bson::Decimal128(d)) => Some(d.to_string()),
        Some(Bson::DateTime(d)) => Some(format_date(d)),
        Some(Bson::Timestamp(t)) => Some(format!("Timestamp({}, {})", t.time, t.increment)),
        _ => None,
    }
}

pub(crate) fn format_double(f: f64) -> String {
    if f.is_nan() {
        "NaN".to_string()
    } else if f.is_infinite() {
        if f > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
    } else {
        f.to_string()
    }
}

/// A date the way the server prints it (`2024-01-31T10:00:00.000Z`).
pub(crate) fn format_date(d: &bson::DateTime) -> String {
    let parts = super::date::parts_of(d.timestamp_millis());
    super::date::format_date("%Y-%m-%dT%H:%M:%S.%LZ", &parts).unwrap_or_default()
}

fn concat(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let mut out = String::new();
    for item in args::list(arg) {
        match ctx.eval(item)? {
            v if args::nullish(&v) => return Ok(Some(Bson::Null)),
            Some(Bson::String(s)) => out.push_str(&s),
            other => {
                return Err(fail(
                    16702,
                    format!(
                        "$concat only supports strings, not {}",
                        type_name(other.as_ref())
                    ),
                ))
            }
        }
    }
    Ok(Some(Bson::String(out)))
}

fn string_arg(op: &str, value: &Evaluated) -> Result<String, MongoError> {
    coerce_to_string(value).ok_or_else(|| {
        fail(
            16007,
            format!(
                "{op}: can't convert from BSON type {} to String",
                type_name(value.as_ref())
            ),
        )
    })
}

fn change_case(
    op: &str,
    arg: &Bson,
    ctx: &Ctx,
    f: fn(&str) -> String,
) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>(op, arg)?;
    let text = string_arg(op, &ctx.eval(&items[0])?)?;
    // The server changes ASCII letters only.
    let changed: String = text
        .chars()
        .map(|c| {
            if c.is_ascii() {
                f(&c.to_string())
            } else {
                c.to_string()
            }
        })
        .collect();
    Ok(Some(Bson::String(changed)))
}

fn substr_args(op: &str, arg: &Bson, ctx: &Ctx) -> Result<(String, i64, i64), MongoError> {
    let items = args::exact::<3>(op, arg)?;
    let text = string_arg(op, &ctx.eval(&items[0])?)?;
    let start = ctx.eval(&items[1])?;
    let length = ctx.eval(&items[2])?;
    let number = |v: &Evaluated, what: &str, code: i32| {
        v.as_ref()
            .filter(|x| is_number(x))
            .and_then(as_f64)
            .map(|f| f as i64)
            .ok_or_else(|| {
                fail(
                    code,
                    format!(
                        "{op}: {what} must be a numeric type (is BSON type {})",
                        type_name(v.as_ref())
                    ),
                )
            })
    };
    Ok((
        text,
        number(&start, "starting index", 34450)?,
        number(&length, "length", 34452)?,
    ))
}

fn substr_bytes(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let (text, start, length) = substr_args("$substrBytes", arg, ctx)?;
    let bytes = text.as_bytes();
    let start = (start.max(0) as usize).min(bytes.len());
    let end = if length < 0 {
        bytes.len()
    } else {
        start.saturating_add(length as usize).min(bytes.len())
    };
    if !text.is_char_boundary(start) {
        return Err(fail(
            28656,
            "$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.",
        ));
    }
    if !text.is_char_boundary(end) {
        return Err(fail(
            28657,
            "$substrBytes:  Invalid range, ending index is in the middle of a UTF-8 character.",
        ));
    }
    Ok(Some(Bson::String(
        text.get(start..end).unwrap_or_default().to_string(),
    )))
}

fn substr_cp(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let (text, start, length) = substr_args("$substrCP", arg, ctx)?;
    if start < 0 {
        return Err(fail(
            34455,
            "$substrCP: the starting index must be nonnegative integer.",
        ));
    }
    if length < 0 {
        return Err(fail(
            34454,
            "$substrCP: length must be a nonnegative integer.",
        ));
    }
    let out: String = text
        .chars()
        .skip(start as usize)
        .take(length as usize)
        .collect();
    Ok(Some(Bson::String(out)))
}

fn split(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<2>("$split", arg)?;
    let (text, sep) = (ctx.eval(&items[0])?, ctx.eval(&items[1])?);
    if args::nullish(&text) || args::nullish(&sep) {
        return Ok(Some(Bson::Null));
    }
    let Some(Bson::String(text)) = text else {
        return Err(fail(
            40085,
            format!(
                "$split requires an expression that evaluates to a string as a first argument, found: {}",
                type_name(text.as_ref())
            ),
        ));
    };
    let Some(Bson::String(sep)) = sep else {
        return Err(fail(
            40086,
            format!(
                "$split requires an expression that evaluates to a string as a second argument, found: {}",
                type_name(sep.as_ref())
            ),
        ));
    };
    if sep.is_empty() {
        return Err(fail(40087, "$split requires a non-empty separator"));
    }
    let parts = text
        .split(sep.as_str())
        .map(|p| Bson::String(p.to_string()))
        .collect();
    Ok(Some(Bson::Array(parts)))
}

fn str_len(
    op: &str,
    code: i32,
    arg: &Bson,
    ctx: &Ctx,
    count: fn(&str) -> usize,
) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>(op, arg)?;
    match ctx.eval(&items[0])? {
        Some(Bson::String(s)) => Ok(Some(Bson::Int32(count(&s) as i32))),
        other => Err(fail(
            code,
            format!(
                "{op} requires a string argument, found: {}",
                type_name(other.as_ref())
            ),
        )),
    }
}

fn trim(op: &str, arg: &Bson, ctx: &Ctx, left: bool, right: bool) -> Result<Evaluated, MongoError> {
    let spec = args::object(arg, op, 50696)?;
    let input = spec
        .get("input")
        .ok_or_else(|| fail(50695, format!("{op} requires an 'input' parameter")))?;
    let (Some(text), Some(chars)) = (trim_input(op, input, ctx)?, trim_chars(op, spec, ctx)?)
    else {
        return Ok(Some(Bson::Null));
    };
    let is_trimmed = |c: char| match &chars {
        Some(set) => set.contains(&c),
        None => c.is_whitespace() || c == '\0',
    };
    let mut out = text.as_str();
    if left {
        out = out.trim_start_matches(is_trimmed);
    }
    if right {
        out = out.trim_end_matches(is_trimmed);
    }
    Ok(Some(Bson::String(out.to_string())))
}

/// The string to trim; `None` when null/missing (the result is null).
fn trim_input(op: &str, input: &Bson, ctx: &Ctx) -> Result<Option<String>, MongoError> {
    match ctx.eval(input)? {
        v if args::nullish(&v) => Ok(None),
        Some(Bson::String(s)) => Ok(Some(s)),
        other => Err(fail(
            50699,
            format!(
                "{op} requires its input to be a string, got {} instead.",
                show_opt(&other)
            ),
        )),
    }
}

/// `Some(None)`: default whitespace; `Some(Some(set))`: given chars; `None`: null result.
fn trim_chars(
    op: &str,
    spec: &bson::Document,
    ctx: &Ctx,
) -> Result<Option<Option<Vec<char>>>, MongoError> {
    let Some(c) = spec.get("chars") else {
        return Ok(Some(None));
    };
    match ctx.eval(c)? {
        v if args::nullish(&v) => Ok(None),
        Some(Bson::String(s)) => Ok(Some(Some(s.chars().collect()))),
        _ => Err(fail(50700, format!("{op} requires 'chars' to be a string"))),
    }
}

fn show_opt(value: &Evaluated) -> String {
    value
        .as_ref()
        .map(super::show::value)
        .unwrap_or_else(|| "missing".to_string())
}

fn strcasecmp(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<2>("$strcasecmp", arg)?;
    let a = string_arg("$strcasecmp", &ctx.eval(&items[0])?)?.to_ascii_uppercase();
    let b = string_arg("$strcasecmp", &ctx.eval(&items[1])?)?.to_ascii_uppercase();
    Ok(Some(Bson::Int32(match a.cmp(&b) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    })))
}
