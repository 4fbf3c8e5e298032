//! Node's `groupArrayElements`: arrays of more than six short entries are laid
//! out in aligned columns.

use super::width::display_width;

const BREAK_LENGTH: usize = 80;
/// Node's `approxCharHeights`: a character is about 2.5 times as high as wide.
const CHAR_HEIGHT: f64 = 2.5;
/// A comma and a space between two entries.
const SEPARATOR: usize = 2;

/// What grouping needs to know besides the entries themselves.
pub(super) struct GroupContext {
    pub indent: usize,
    pub colors: bool,
    pub compact: usize,
    /// The last entry is `... N more items` (kept out of the columns).
    pub has_more_entry: bool,
    /// Every element is a JS number or bigint: right-align.
    pub numeric: bool,
}

struct Measure {
    widths: Vec<usize>,
    total: usize,
    max_len: usize,
}

fn measure(entries: &[String], colors: bool) -> Measure {
    let widths: Vec<usize> = entries.iter().map(|e| display_width(e, colors)).collect();
    let total = widths.iter().map(|w| w + SEPARATOR).sum();
    let max_len = widths.iter().copied().max().unwrap_or(0);
    Measure {
        widths,
        total,
        max_len,
    }
}

/// The grouped rows, or the entries unchanged when grouping does not apply.
pub(super) fn group_array_elements(output: Vec<String>, g: &GroupContext) -> Vec<String> {
    let real = output.len() - usize::from(g.has_more_entry && !output.is_empty());
    let Some(real_entries) = output.get(..real) else {
        return output;
    };
    let m = measure(real_entries, g.colors);
    let actual_max = m.max_len + SEPARATOR;
    let spread_ok = m.total as f64 / actual_max as f64 > 5.0 || m.max_len <= 6;
    if actual_max * 3 + g.indent >= BREAK_LENGTH || !spread_ok {
        return output;
    }
    let columns = column_count(&m, actual_max, output.len(), g);
    if columns <= 1 {
        return output;
    }
    let mut rows = build_rows(real_entries, &m.widths, columns, g.numeric);
    if real < output.len() {
        rows.extend(output.get(real).cloned());
    }
    rows
}

/// Node's column estimate: roughly square, biased towards more columns for
/// short entries, capped by the line width, `compact × 4` and 15.
fn column_count(m: &Measure, actual_max: usize, all_entries: usize, g: &GroupContext) -> usize {
    let average = m.total as f64 / all_entries.max(1) as f64;
    let average_bias = (actual_max as f64 - average).max(0.0).sqrt();
    let biased_max = (actual_max as f64 - 3.0 - average_bias).max(1.0);
    let square = ((CHAR_HEIGHT * biased_max * m.widths.len() as f64).sqrt() / biased_max).round();
    let fitting = (BREAK_LENGTH - g.indent) / actual_max;
    (square as usize).min(fitting).min(g.compact * 4).min(15)
}

fn build_rows(entries: &[String], widths: &[usize], columns: usize, numeric: bool) -> Vec<String> {
    let col_widths: Vec<usize> = (0..columns)
        .map(|c| {
            widths
                .iter()
                .skip(c)
                .step_by(columns)
                .copied()
                .max()
                .unwrap_or(0)
        })
        .collect();
    let cells: Vec<(&String, usize)> = entries.iter().zip(widths.iter().copied()).collect();
    cells
        .chunks(columns)
        .map(|row| build_row(row, &col_widths, numeric))
        .collect()
}

fn build_row(row: &[(&String, usize)], col_widths: &[usize], numeric: bool) -> String {
    let mut line = String::new();
    let last = row.len().saturating_sub(1);
    for (c, (entry, width)) in row.iter().enumerate() {
        let pad = " ".repeat(
            col_widths
                .get(c)
                .copied()
                .unwrap_or(0)
                .saturating_sub(*width),
        );
        let sep = if c == last { "" } else { ", " };
        match (numeric, c == last) {
            (true, _) => line.push_str(&format!("{pad}{entry}{sep}")),
            (false, false) => line.push_str(&format!("{entry}{sep}{pad}")),
            (false, true) => line.push_str(entry),
        }
    }
    line
}
