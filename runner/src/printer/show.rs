//! `show dbs`: mongosh's two-column table (text-table, name left-aligned,
//! size right-aligned) with sizes as numeral.js formats them (`0.00 ib`).

use super::number::js_number_to_string;

const UNITS: [&str; 9] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"];

/// A database size as `show dbs` prints it: `512 B`, `40.00 KiB`, `1.15 GiB`
/// (up to 1000 bytes without decimals; 1001–1023 bytes give `1001.00 B`).
pub(crate) fn format_bytes(bytes: u64) -> String {
    if bytes <= 1000 {
        return format!("{bytes} B");
    }
    let mut power = 0;
    while power + 1 < UNITS.len() && (bytes as f64) >= 1024f64.powi(power as i32 + 1) {
        power += 1;
    }
    let scaled = bytes as f64 / 1024f64.powi(power as i32);
    format!("{} {}", two_decimals(scaled), UNITS[power])
}

/// numeral.js's `toFixed`: rounds half up on the decimal text of the number
/// (so 1.005 gives 1.01), not on its binary value.
fn two_decimals(value: f64) -> String {
    let shifted = format!("{}e2", js_number_to_string(value))
        .parse::<f64>()
        .unwrap_or(value * 100.0);
    format!("{:.2}", shifted.round() / 100.0)
}

fn js_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The `show dbs` output for `(name, sizeOnDisk)` pairs in server order,
/// lines joined by `\n`, no trailing newline.
pub(crate) fn format_show_dbs(databases: &[(String, u64)]) -> String {
    let rows: Vec<(&str, String)> = databases
        .iter()
        .map(|(name, size)| (name.as_str(), format_bytes(*size)))
        .collect();
    let name_width = rows.iter().map(|(n, _)| js_len(n)).max().unwrap_or(0);
    let size_width = rows.iter().map(|(_, s)| js_len(s)).max().unwrap_or(0);
    let lines: Vec<String> = rows
        .iter()
        .map(|(name, size)| {
            let name_pad = " ".repeat(name_width - js_len(name));
            let size_pad = " ".repeat(size_width - js_len(size));
            format!("{name}{name_pad}  {size_pad}{size}")
                .trim_end()
                .to_string()
        })
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_numeral_binary_format() {
        assert_eq!(format_bytes(0), "0 B");
        assert_eq!(format_bytes(1000), "1000 B");
        assert_eq!(format_bytes(1001), "1001.00 B");
        assert_eq!(format_bytes(1024), "1.00 KiB");
        assert_eq!(format_bytes(40960), "40.00 KiB");
        assert_eq!(format_bytes(110592), "108.00 KiB");
        assert_eq!(format_bytes(1_234_803_098), "1.15 GiB");
        assert_eq!(format_bytes(1024 * 1024), "1.00 MiB");
    }

    #[test]
    fn table_aligns_names_left_and_sizes_right() {
        let dbs = vec![
            ("admin".to_string(), 40960),
            ("config".to_string(), 12288),
            ("kampus".to_string(), 40960),
            ("local".to_string(), 40960),
        ];
        let expected = "admin   40.00 KiB\nconfig  12.00 KiB\nkampus  40.00 KiB\nlocal   40.00 KiB";
        assert_eq!(format_show_dbs(&dbs), expected);
        let mixed = vec![("a".to_string(), 512), ("panjang".to_string(), 2048)];
        assert_eq!(
            format_show_dbs(&mixed),
            "a           512 B\npanjang  2.00 KiB"
        );
        assert_eq!(format_show_dbs(&[]), "");
    }
}
