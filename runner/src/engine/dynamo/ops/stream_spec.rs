//! `StreamSpecification` of CreateTable, kept and described as the service describes
//! it. The stream itself is not served: no records are kept, and the Streams API is
//! answered by the server as an unknown operation.

use serde_json::{json, Value};

use super::{shape_error, DResult};
use crate::engine::dynamo::table::Stream;

const VIEW_TYPES: [&str; 4] = ["NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"];

/// The stream a CreateTable asks for; `None` without one or with `StreamEnabled: false`.
pub(super) fn requested(req: &Value, created: f64) -> DResult<Option<Stream>> {
    let Some(spec) = req.get("StreamSpecification") else {
        return Ok(None);
    };
    let Some(enabled) = spec.get("StreamEnabled").and_then(Value::as_bool) else {
        return Err(shape_error("Value null at 'streamSpecification.streamEnabled' failed to satisfy constraint: Member must not be null"));
    };
    let view = spec.get("StreamViewType").and_then(Value::as_str);
    match view {
        Some(v) if !VIEW_TYPES.contains(&v) => Err(shape_error(&format!(
            "Value '{v}' at 'streamSpecification.streamViewType' failed to satisfy constraint: Member must satisfy enum value set: [{}]",
            VIEW_TYPES.join(", ")
        ))),
        _ if !enabled => Ok(None),
        view => Ok(Some(Stream {
            view_type: view.unwrap_or("NEW_AND_OLD_IMAGES").to_string(),
            label: label(created),
        })),
    }
}

/// The members a table with a stream adds to its description.
pub(super) fn describe(stream: &Stream, table_arn: &str, out: &mut Value) {
    out["StreamSpecification"] =
        json!({ "StreamEnabled": true, "StreamViewType": stream.view_type });
    out["LatestStreamLabel"] = json!(stream.label);
    out["LatestStreamArn"] = json!(format!("{table_arn}/stream/{}", stream.label));
}

/// A stream's label: its creation time, `2026-01-01T00:00:01.000`.
fn label(seconds: f64) -> String {
    let millis = (seconds * 1000.0).max(0.0) as u64;
    let (days, rest) = (millis / 86_400_000, millis % 86_400_000);
    let (year, month, day) = crate::engine::calendar::civil_from_days(days as i64);
    let (hour, minute) = (rest / 3_600_000, rest / 60_000 % 60);
    let (second, milli) = (rest / 1000 % 60, rest % 1000);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{milli:03}")
}

#[cfg(test)]
mod tests {
    use super::label;

    #[test]
    fn a_label_is_the_creation_time_in_utc() {
        assert_eq!(label(1_767_225_601.0), "2026-01-01T00:00:01.000");
        assert_eq!(label(951_782_400.5), "2000-02-29T00:00:00.500");
        assert_eq!(label(0.0), "1970-01-01T00:00:00.000");
    }
}
