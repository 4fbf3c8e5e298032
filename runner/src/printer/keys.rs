//! Property keys: JavaScript property order and Node's key quoting.

use super::color::{stylize, Tone};
use super::strings::quote_str;

/// Whether V8 stores the key as an array index (canonical uint32 below
/// 2^32 − 1); such keys come first, in ascending order.
pub(super) fn is_array_index(key: &str) -> bool {
    let canonical = key == "0" || (!key.starts_with('0') && !key.is_empty());
    canonical
        && key.len() <= 10
        && key.bytes().all(|b| b.is_ascii_digit())
        && key.parse::<u64>().is_ok_and(|n| n < u64::from(u32::MAX))
}

/// The entries in JavaScript property order: index keys ascending, then the
/// others in insertion order.
pub(super) fn js_property_order<V>(entries: &[(String, V)]) -> Vec<&(String, V)> {
    let mut indexed: Vec<&(String, V)> = entries.iter().filter(|e| is_array_index(&e.0)).collect();
    indexed.sort_by_key(|e| e.0.parse::<u64>().unwrap_or(0));
    indexed.extend(entries.iter().filter(|e| !is_array_index(&e.0)));
    indexed
}

fn is_identifier_like(key: &str) -> bool {
    let mut bytes = key.bytes();
    let first_ok = bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
    first_ok && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The key as printed before `: ` (bare when it matches
/// `^[a-zA-Z_][a-zA-Z_0-9]*$`, otherwise quoted like a string).
pub(super) fn format_key(key: &str, colors: bool) -> String {
    if key == "__proto__" {
        return "['__proto__']".to_string();
    }
    if is_identifier_like(key) {
        return stylize(key, Tone::Name, colors);
    }
    stylize(&quote_str(key), Tone::String, colors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_keys_are_canonical_uint32() {
        for key in ["0", "2", "10", "4294967294"] {
            assert!(is_array_index(key), "{key}");
        }
        for key in ["-1", "01", "1a", "", "4294967295", "1.5", " 1"] {
            assert!(!is_array_index(key), "{key}");
        }
    }

    #[test]
    fn index_keys_come_first() {
        let entries: Vec<(String, u8)> = ["b", "10", "a", "2", "01", "-1", "0"]
            .iter()
            .map(|k| (k.to_string(), 0))
            .collect();
        let order: Vec<&str> = js_property_order(&entries)
            .iter()
            .map(|e| e.0.as_str())
            .collect();
        assert_eq!(order, ["0", "2", "10", "b", "a", "01", "-1"]);
    }

    #[test]
    fn keys_are_quoted_unless_identifier_like() {
        assert_eq!(format_key("_id", false), "_id");
        assert_eq!(format_key("A1", false), "A1");
        assert_eq!(format_key("$set", false), "'$set'");
        assert_eq!(format_key("ümlaut", false), "'ümlaut'");
        assert_eq!(format_key("it's", false), "\"it's\"");
        assert_eq!(format_key("", false), "''");
    }
}
