//! Extended JSON as js-bson's `EJSON.stringify` writes it (dates always with
//! milliseconds, whole doubles as integers in relaxed mode).

use bson::Bson;
use serde_json::{json, Value};

pub(crate) fn to_extjson(value: &Bson, relaxed: bool) -> Value {
    match value {
        Bson::Document(doc) => Value::Object(
            doc.iter()
                .map(|(k, v)| (k.clone(), to_extjson(v, relaxed)))
                .collect(),
        ),
        Bson::Array(items) => Value::Array(items.iter().map(|v| to_extjson(v, relaxed)).collect()),
        Bson::DateTime(dt) => date(*dt, relaxed),
        Bson::Double(f) if relaxed && f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 => {
            json!(*f as i64)
        }
        other if relaxed => other.clone().into_relaxed_extjson(),
        other => other.clone().into_canonical_extjson(),
    }
}

fn date(dt: bson::DateTime, relaxed: bool) -> Value {
    let ms = dt.timestamp_millis();
    let in_range = (0..253_402_300_800_000).contains(&ms);
    match dt.try_to_rfc3339_string() {
        Ok(text) if relaxed && in_range => json!({ "$date": with_millis(&text) }),
        _ => json!({ "$date": { "$numberLong": ms.to_string() } }),
    }
}

/// `2024-01-15T08:30:00Z` → `2024-01-15T08:30:00.000Z`.
fn with_millis(text: &str) -> String {
    let body = text.trim_end_matches('Z');
    match body.split_once('.') {
        Some((main, frac)) => format!("{main}.{:0<3}Z", &frac[..frac.len().min(3)]),
        None => format!("{body}.000Z"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_have_milliseconds() {
        let dt = bson::DateTime::from_millis(1_705_307_400_000);
        assert_eq!(
            date(dt, true),
            json!({ "$date": "2024-01-15T08:30:00.000Z" })
        );
    }
}
