//! Date operators (UTC only): $year $month $dayOfMonth $hour $minute $second
//! $millisecond $dayOfWeek $dayOfYear $dateToString $dateFromString.

use bson::{Bson, DateTime};

use super::{args, fail, type_name, Ctx, Evaluated, OpFn};
use crate::engine::mongo::MongoError;

pub(super) fn lookup(name: &str) -> Option<OpFn> {
    Some(match name {
        "$year" => |a, c| part("$year", a, c, |p| p.year),
        "$month" => |a, c| part("$month", a, c, |p| p.month),
        "$dayOfMonth" => |a, c| part("$dayOfMonth", a, c, |p| p.day),
        "$hour" => |a, c| part("$hour", a, c, |p| p.hour),
        "$minute" => |a, c| part("$minute", a, c, |p| p.minute),
        "$second" => |a, c| part("$second", a, c, |p| p.second),
        "$millisecond" => |a, c| part("$millisecond", a, c, |p| p.millis),
        "$dayOfWeek" => |a, c| part("$dayOfWeek", a, c, |p| p.weekday + 1),
        "$dayOfYear" => |a, c| part("$dayOfYear", a, c, |p| p.year_day),
        "$dateToString" => date_to_string,
        "$dateFromString" => date_from_string,
        _ => return None,
    })
}

/// Calendar fields of a UTC instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Parts {
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub minute: i64,
    pub second: i64,
    pub millis: i64,
    /// 0 = Sunday.
    pub weekday: i64,
    pub year_day: i64,
}

/// Splits milliseconds since the epoch into calendar fields (proleptic Gregorian).
pub(crate) fn parts_of(ms: i64) -> Parts {
    let days = ms.div_euclid(86_400_000);
    let in_day = ms.rem_euclid(86_400_000);
    let (year, month, day) = crate::engine::calendar::civil_from_days(days);
    Parts {
        year,
        month,
        day,
        hour: in_day / 3_600_000,
        minute: in_day / 60_000 % 60,
        second: in_day / 1000 % 60,
        millis: in_day % 1000,
        weekday: (days + 4).rem_euclid(7),
        year_day: days - days_from_civil(year, 1, 1) + 1,
    }
}

fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date argument: `expr` or `{date: expr, timezone: ..}`; `None` = null result.
fn date_arg(op: &str, arg: &Bson, ctx: &Ctx) -> Result<Option<i64>, MongoError> {
    let expr = match arg {
        Bson::Document(d) if d.contains_key("date") => d.get("date").unwrap_or(&Bson::Null),
        Bson::Array(_) => args::exact::<1>(op, arg)?.first().unwrap_or(&Bson::Null),
        other => other,
    };
    match ctx.eval(expr)? {
        v if args::nullish(&v) => Ok(None),
        Some(Bson::DateTime(d)) => Ok(Some(d.timestamp_millis())),
        Some(Bson::ObjectId(o)) => Ok(Some(o.timestamp().timestamp_millis())),
        Some(Bson::Timestamp(t)) => Ok(Some(i64::from(t.time) * 1000)),
        other => Err(fail(
            16006,
            format!(
                "can't convert from BSON type {} to Date",
                type_name(other.as_ref())
            ),
        )),
    }
}

fn part(
    op: &str,
    arg: &Bson,
    ctx: &Ctx,
    field: fn(&Parts) -> i64,
) -> Result<Evaluated, MongoError> {
    Ok(Some(match date_arg(op, arg, ctx)? {
        Some(ms) => Bson::Int32(field(&parts_of(ms)) as i32),
        None => Bson::Null,
    }))
}

fn date_to_string(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let spec = args::object(arg, "$dateToString", 18629)?;
    let format = match spec.get("format") {
        Some(f) => match ctx.eval(f)? {
            Some(Bson::String(s)) => s,
            other => {
                return Err(fail(
                    18533,
                    format!(
                        "$dateToString requires that 'format' be a string, found: {}",
                        type_name(other.as_ref())
                    ),
                ))
            }
        },
        None => "%Y-%m-%dT%H:%M:%S.%LZ".to_string(),
    };
    let date = spec
        .get("date")
        .ok_or_else(|| fail(18628, "Missing 'date' parameter to $dateToString"))?;
    match date_arg(
        "$dateToString",
        &Bson::Document(bson::doc! { "date": date.clone() }),
        ctx,
    )? {
        Some(ms) => Ok(Some(Bson::String(format_date(&format, &parts_of(ms))?))),
        None => match spec.get("onNull") {
            Some(e) => ctx.eval(e),
            None => Ok(Some(Bson::Null)),
        },
    }
}

/// Applies a `%`-format (the server's specifiers) to calendar fields.
pub(crate) fn format_date(format: &str, p: &Parts) -> Result<String, MongoError> {
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let spec = chars
            .next()
            .ok_or_else(|| fail(18535, "Unmatched '%' at end of format string"))?;
        out.push_str(&specifier(spec, p)?);
    }
    Ok(out)
}

fn specifier(spec: char, p: &Parts) -> Result<String, MongoError> {
    Ok(match spec {
        'Y' => format!("{:04}", p.year),
        'm' => format!("{:02}", p.month),
        'd' => format!("{:02}", p.day),
        'H' => format!("{:02}", p.hour),
        'M' => format!("{:02}", p.minute),
        'S' => format!("{:02}", p.second),
        'L' => format!("{:03}", p.millis),
        'j' => format!("{:03}", p.year_day),
        'w' => (p.weekday + 1).to_string(),
        'u' => (if p.weekday == 0 { 7 } else { p.weekday }).to_string(),
        'z' => "+0000".to_string(),
        'Z' => "+000".to_string(),
        '%' => "%".to_string(),
        other => {
            return Err(fail(
                18536,
                format!("Invalid format character '%{other}' in format string"),
            ))
        }
    })
}

fn date_from_string(arg: &Bson, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    let spec = args::object(arg, "$dateFromString", 40540)?;
    let input = spec
        .get("dateString")
        .ok_or_else(|| fail(40542, "Missing 'dateString' parameter to $dateFromString"))?;
    let text = match ctx.eval(input)? {
        v if args::nullish(&v) => return on_null(spec, ctx),
        Some(Bson::String(s)) => s,
        other => {
            return Err(fail(
                241,
                format!(
                    "$dateFromString requires that 'dateString' be a string, found: {}",
                    type_name(other.as_ref())
                ),
            ))
        }
    };
    match parse_date(&text) {
        Some(date) => Ok(Some(Bson::DateTime(date))),
        None => match spec.get("onError") {
            Some(e) => ctx.eval(e),
            None => Err(fail(241, format!("Error parsing date string '{text}'"))),
        },
    }
}

fn on_null(spec: &bson::Document, ctx: &Ctx) -> Result<Evaluated, MongoError> {
    match spec.get("onNull") {
        Some(e) => ctx.eval(e),
        None => Ok(Some(Bson::Null)),
    }
}

/// ISO 8601 dates: `2024-01-31`, `2024-01-31T10:00:00Z`, with optional millis.
fn parse_date(text: &str) -> Option<DateTime> {
    if let Ok(d) = DateTime::parse_rfc3339_str(text) {
        return Some(d);
    }
    let mut fields = text.splitn(3, '-').map(|s| s.parse::<i64>().ok());
    let (Some(Some(y)), Some(Some(m)), Some(Some(d))) =
        (fields.next(), fields.next(), fields.next())
    else {
        return None;
    };
    let valid = (0..=9999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d);
    valid.then(|| DateTime::from_millis(days_from_civil(y, m, d) * 86_400_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_fields_round_trip() {
        let p = parts_of(1_709_251_199_123); // 2024-02-29T23:59:59.123Z
        assert_eq!(
            (p.year, p.month, p.day, p.hour, p.minute, p.second, p.millis),
            (2024, 2, 29, 23, 59, 59, 123)
        );
        assert_eq!((p.weekday, p.year_day), (4, 60));
        assert_eq!(parts_of(-1).year, 1969);
        assert_eq!(days_from_civil(1970, 1, 1), 0);
    }

    #[test]
    fn formats_with_server_specifiers() {
        let p = parts_of(86_400_000 * 31 + 3_723_004);
        assert_eq!(
            format_date("%Y-%m-%d %H:%M:%S.%L %j %w %%", &p).ok(),
            Some("1970-02-01 01:02:03.004 032 1 %".to_string())
        );
        assert!(format_date("%Q", &p).is_err());
        assert_eq!(
            parse_date("2024-01-31").map(|d| d.timestamp_millis()),
            Some(1_706_659_200_000)
        );
    }
}
