//! Type operators: $type $isNumber $literal $convert $toString $toInt
//! $toLong $toDouble $toDecimal $toBool $toObjectId $toDate, and the object
//! helpers $mergeObjects $objectToArray $arrayToObject.

use bson::oid::ObjectId;
use bson::{Bson, DateTime, Document};

use super::numeric::{as_f64, f64_to_decimal, is_number, Number};
use super::string::{format_date, format_double};
use super::{args, fail, type_name, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$type" => type_of,
        "$isNumber" => is_number_op,
        "$literal" => |a, _| Ok(Some(a.clone())),
        "$convert" => convert_op,
        "$toString" => |a, c| to("$toString", "string", a, c),
        "$toInt" => |a, c| to("$toInt", "int", a, c),
        "$toLong" => |a, c| to("$toLong", "long", a, c),
        "$toDouble" => |a, c| to("$toDouble", "double", a, c),
        "$toDecimal" => |a, c| to("$toDecimal", "decimal", a, c),
        "$toBool" => |a, c| to("$toBool", "bool", a, c),
        "$toObjectId" => |a, c| to("$toObjectId", "objectId", a, c),
        "$toDate" => |a, c| to("$toDate", "date", a, c),
        "$mergeObjects" => merge_objects,
        "$objectToArray" => object_to_array,
        "$arrayToObject" => array_to_object,
        _ => return None,
    })
}

fn type_of(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>("$type", arg)?;
    let value = ctx.eval(&items[0])?;
    Ok(Some(Bson::String(type_name(value.as_ref()).to_string())))
}

fn is_number_op(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>("$isNumber", arg)?;
    let value = ctx.eval(&items[0])?;
    Ok(Some(Bson::Boolean(value.as_ref().is_some_and(is_number))))
}

fn to(op: &str, target: &str, arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>(op, arg)?;
    match ctx.eval(&items[0])? {
        v if args::nullish(&v) => Ok(Some(Bson::Null)),
        Some(v) => convert(v, target)
            .map(Some)
            .map_err(|e| fail(241, e.into_message())),
        None => Ok(Some(Bson::Null)),
    }
}

fn convert_op(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let spec = args::object(arg, "$convert", 9)?;
    let input = spec
        .get("input")
        .ok_or_else(|| fail(9, "Missing 'input' parameter to $convert"))?;
    let to_spec = spec
        .get("to")
        .ok_or_else(|| fail(9, "Missing 'to' parameter to $convert"))?;
    let target = target_name(&ctx.eval_or_null(to_spec)?)?;
    match ctx.eval(input)? {
        v if args::nullish(&v) => match spec.get("onNull") {
            Some(e) => ctx.eval(e),
            None => Ok(Some(Bson::Null)),
        },
        Some(v) => match (convert(v, &target), spec.get("onError")) {
            (Ok(out), _) => Ok(Some(out)),
            (Err(_), Some(on_error)) => ctx.eval(on_error),
            (Err(e), None) => Err(fail(241, e.into_message())),
        },
        None => Ok(Some(Bson::Null)),
    }
}

fn target_name(to: &Bson) -> Result<String, MongoError> {
    let name = match to {
        Bson::String(s) => s.as_str(),
        n if is_number(n) => match as_f64(n).unwrap_or(0.0) as i32 {
            1 => "double",
            2 => "string",
            7 => "objectId",
            8 => "bool",
            9 => "date",
            16 => "int",
            18 => "long",
            19 => "decimal",
            other => return Err(fail(BAD_TYPE, format!("Invalid type code: {other}"))),
        },
        _ => {
            return Err(fail(
                BAD_TYPE,
                "$convert's 'to' argument must be a string or number",
            ))
        }
    };
    Ok(name.to_string())
}

/// BadValue: an invalid `to` in $convert.
const BAD_TYPE: i32 = 2;

/// Why a conversion failed (becomes a ConversionFailure unless onError is given).
struct ConvertError(String);

impl ConvertError {
    fn into_message(self) -> String {
        self.0
    }
}

fn unsupported(value: &Bson, target: &str) -> ConvertError {
    ConvertError(format!(
        "Unsupported conversion from {} to {target} in $convert with no onError value",
        type_name(Some(value))
    ))
}

fn convert(value: Bson, target: &str) -> Result<Bson, ConvertError> {
    match target {
        "string" => to_string(value),
        "int" | "long" => to_integer(value, target),
        "double" => to_double(value),
        "decimal" => to_double(value).map(|d| f64_to_decimal(as_f64(&d).unwrap_or(0.0))),
        "bool" => to_bool(value),
        "objectId" => to_object_id(value),
        "date" => to_date(value),
        _ => Err(ConvertError(format!("Unknown type name: {target}"))),
    }
}

fn to_string(value: Bson) -> Result<Bson, ConvertError> {
    let text = match &value {
        Bson::String(s) => s.clone(),
        Bson::Boolean(b) => b.to_string(),
        Bson::Int32(i) => i.to_string(),
        Bson::Int64(i) => i.to_string(),
        Bson::Double(f) => format_double(*f),
        Bson::Decimal128(d) => d.to_string(),
        Bson::ObjectId(o) => o.to_hex(),
        Bson::DateTime(d) => format_date(d),
        _ => return Err(unsupported(&value, "string")),
    };
    Ok(Bson::String(text))
}

fn to_integer(value: Bson, target: &str) -> Result<Bson, ConvertError> {
    let n: i64 = match &value {
        Bson::Boolean(b) => i64::from(*b),
        Bson::String(s) => parse_integer(s)?,
        Bson::DateTime(d) if target == "long" => d.timestamp_millis(),
        v => match Number::of(v) {
            Some(Number::Int(i)) => i,
            Some(Number::Float(f)) if f.is_finite() && f.abs() < 9.2e18 => f.trunc() as i64,
            Some(Number::Float(f)) => return Err(overflow(f)),
            None => return Err(unsupported(&value, target)),
        },
    };
    if target == "long" {
        return Ok(Bson::Int64(n));
    }
    i32::try_from(n)
        .map(Bson::Int32)
        .map_err(|_| overflow(n as f64))
}

fn overflow(f: f64) -> ConvertError {
    ConvertError(format!(
        "Conversion would overflow target type in $convert with no onError value: {}",
        format_double(f)
    ))
}

fn parse_integer(s: &str) -> Result<i64, ConvertError> {
    s.parse::<i64>().map_err(|_| {
        ConvertError(format!(
            "Failed to parse number '{s}' in $convert with no onError value: Bad digit"
        ))
    })
}

fn to_double(value: Bson) -> Result<Bson, ConvertError> {
    let f = match &value {
        Bson::Boolean(b) => f64::from(u8::from(*b)),
        Bson::String(s) => s.trim().parse::<f64>().ok().filter(|_| !s.is_empty()).ok_or_else(|| {
            ConvertError(format!(
                "Failed to parse number '{s}' in $convert with no onError value: Did not consume whole string."
            ))
        })?,
        Bson::DateTime(d) => d.timestamp_millis() as f64,
        v => as_f64(v).ok_or_else(|| unsupported(&value, "double"))?,
    };
    Ok(Bson::Double(f))
}

fn to_bool(value: Bson) -> Result<Bson, ConvertError> {
    Ok(Bson::Boolean(match &value {
        Bson::Boolean(b) => *b,
        v if is_number(v) => as_f64(v).unwrap_or(0.0) != 0.0,
        _ => true,
    }))
}

fn to_object_id(value: Bson) -> Result<Bson, ConvertError> {
    match &value {
        Bson::ObjectId(_) => Ok(value),
        Bson::String(s) => ObjectId::parse_str(s).map(Bson::ObjectId).map_err(|_| {
            ConvertError(format!(
                "Failed to parse objectId '{s}' in $convert with no onError value: Invalid string length for parsing to OID, expected 24 but found {}",
                s.len()
            ))
        }),
        _ => Err(unsupported(&value, "objectId")),
    }
}

fn to_date(value: Bson) -> Result<Bson, ConvertError> {
    match &value {
        Bson::DateTime(_) => Ok(value),
        Bson::Int64(ms) => Ok(Bson::DateTime(DateTime::from_millis(*ms))),
        Bson::Double(f) => Ok(Bson::DateTime(DateTime::from_millis(f.trunc() as i64))),
        Bson::ObjectId(o) => Ok(Bson::DateTime(o.timestamp())),
        Bson::String(s) => DateTime::parse_rfc3339_str(s)
            .map(Bson::DateTime)
            .map_err(|_| ConvertError(format!("Error parsing date string '{s}'"))),
        _ => Err(unsupported(&value, "date")),
    }
}

fn merge_objects(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let mut out = Document::new();
    for item in args::list(arg) {
        match ctx.eval(item)? {
            v if args::nullish(&v) => {}
            Some(Bson::Document(d)) => out.extend(d),
            other => {
                return Err(fail(
                    40400,
                    format!(
                        "$mergeObjects requires object inputs, but input {} is of type {}",
                        other.as_ref().map(super::show::value).unwrap_or_default(),
                        type_name(other.as_ref())
                    ),
                ))
            }
        }
    }
    Ok(Some(Bson::Document(out)))
}

fn object_to_array(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>("$objectToArray", arg)?;
    match ctx.eval(&items[0])? {
        v if args::nullish(&v) => Ok(Some(Bson::Null)),
        Some(Bson::Document(d)) => Ok(Some(Bson::Array(
            d.into_iter()
                .map(|(k, v)| Bson::Document(bson::doc! { "k": k, "v": v }))
                .collect(),
        ))),
        other => Err(fail(
            40390,
            format!(
                "$objectToArray requires a document input, found: {}",
                type_name(other.as_ref())
            ),
        )),
    }
}

fn array_to_object(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let items = args::exact::<1>("$arrayToObject", arg)?;
    let values = match ctx.eval(&items[0])? {
        v if args::nullish(&v) => return Ok(Some(Bson::Null)),
        Some(Bson::Array(values)) => values,
        other => {
            return Err(fail(
                40386,
                format!(
                    "$arrayToObject requires an array input, found: {}",
                    type_name(other.as_ref())
                ),
            ))
        }
    };
    let mut out = Document::new();
    for entry in values {
        let (k, v) = pair_of(entry)?;
        out.insert(k, v);
    }
    Ok(Some(Bson::Document(out)))
}

fn pair_of(entry: Bson) -> Result<(String, Bson), MongoError> {
    match entry {
        Bson::Document(mut d) => match (d.remove("k"), d.remove("v")) {
            (Some(Bson::String(k)), Some(v)) => Ok((k, v)),
            _ => Err(fail(
                40392,
                "$arrayToObject requires an object keys of 'k' and 'v'.",
            )),
        },
        Bson::Array(mut pair) if pair.len() == 2 => {
            let v = pair.pop().unwrap_or(Bson::Null);
            match pair.pop() {
                Some(Bson::String(k)) => Ok((k, v)),
                _ => Err(fail(40395, "$arrayToObject requires an array of key-value pairs, where the key must be of type string.")),
            }
        }
        _ => Err(fail(
            40398,
            "Unrecognised input type format for $arrayToObject",
        )),
    }
}
