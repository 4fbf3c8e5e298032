//! Strings inside structures: quote choice, escapes, the `maxStringLength` cut
//! and the multi-line split (Node's `strEscape` and `formatPrimitive`).
//! Everything works on UTF-16 code units, as JavaScript lengths do.

use super::color::{stylize, Tone};

const BREAK_LENGTH: usize = 80;
/// Node's `kMinLineWidth`: shorter strings are never split.
const MIN_LINE_WIDTH: usize = 16;

const QUOTE: u16 = b'\'' as u16;
const DOUBLE_QUOTE: u16 = b'"' as u16;
const BACKTICK: u16 = b'`' as u16;
const NEWLINE: u16 = b'\n' as u16;

/// Whether a top-level string must be inspected instead of printed raw
/// (mongosh: any C0 control other than `\t`/`\n`, DEL, or a C1 control).
pub(super) fn has_control_chars(mut units: impl Iterator<Item = u16>) -> bool {
    units.any(|u| matches!(u, 0x00..=0x08 | 0x0b..=0x1f | 0x7f..=0x9f))
}

/// The formatted string at indentation `indent` (Node's `formatPrimitive`).
pub(super) fn format_string(
    units: &[u16],
    max_len: Option<usize>,
    indent: usize,
    colors: bool,
) -> String {
    let (kept, trailer) = cut(units, max_len);
    let quoted = |piece: &[u16]| stylize(&str_escape(piece), Tone::String, colors);
    if kept.len() > MIN_LINE_WIDTH && kept.len() + indent + 4 > BREAK_LENGTH {
        let pieces: Vec<String> = split_after_newlines(kept).map(quoted).collect();
        let joiner = format!(" +\n{}", " ".repeat(indent + 2));
        return pieces.join(&joiner) + &trailer;
    }
    quoted(kept) + &trailer
}

/// Cuts to `max_len` units and builds the `... N more characters` trailer.
fn cut(units: &[u16], max_len: Option<usize>) -> (&[u16], String) {
    match max_len {
        Some(max) if units.len() > max => {
            let remaining = units.len() - max;
            let plural = if remaining > 1 { "s" } else { "" };
            (
                &units[..max],
                format!("... {remaining} more character{plural}"),
            )
        }
        _ => (units, String::new()),
    }
}

/// `str.split(/(?<=\n)/)`: pieces ending after each `\n`, no empty tail.
fn split_after_newlines(units: &[u16]) -> impl Iterator<Item = &[u16]> {
    units.split_inclusive(|&u| u == NEWLINE)
}

/// Which delimiter Node picks (`'` unless the text holds one and a better
/// choice exists).
fn choose_quote(units: &[u16]) -> u16 {
    if !units.contains(&QUOTE) {
        return QUOTE;
    }
    if !units.contains(&DOUBLE_QUOTE) {
        return DOUBLE_QUOTE;
    }
    if !units.contains(&BACKTICK) && !has_template_opening(units) {
        return BACKTICK;
    }
    QUOTE
}

fn has_template_opening(units: &[u16]) -> bool {
    units.windows(2).any(|w| w == [b'$' as u16, b'{' as u16])
}

/// Node's `strEscape`: the quoted, escaped text.
pub(super) fn str_escape(units: &[u16]) -> String {
    let quote = choose_quote(units);
    let quote_char = char::from(quote as u8);
    let mut out = String::with_capacity(units.len() + 2);
    out.push(quote_char);
    for decoded in char::decode_utf16(units.iter().copied()) {
        match decoded {
            Ok(c) => push_escaped(&mut out, c, quote_char),
            Err(lone) => out.push_str(&format!("\\u{:x}", lone.unpaired_surrogate())),
        }
    }
    out.push(quote_char);
    out
}

fn push_escaped(out: &mut String, c: char, quote: char) {
    match c {
        '\u{8}' => out.push_str("\\b"),
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\u{c}' => out.push_str("\\f"),
        '\r' => out.push_str("\\r"),
        '\\' => out.push_str("\\\\"),
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => out.push_str(&format!("\\x{:02X}", c as u32)),
        c if c == quote && c == '\'' => out.push_str("\\'"),
        c => out.push(c),
    }
}

/// A key or any Rust string, quoted the way Node quotes strings.
pub(super) fn quote_str(text: &str) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    str_escape(&units)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> String {
        quote_str(s)
    }

    #[test]
    fn quote_choice_follows_contents() {
        assert_eq!(q("plain"), "'plain'");
        assert_eq!(q("it's"), "\"it's\"");
        assert_eq!(q("both ' and \""), "`both ' and \"`");
        assert_eq!(q("all ' \" `"), "'all \\' \" `'");
        assert_eq!(q("tpl ${x} ' \""), "'tpl ${x} \\' \"'");
    }

    #[test]
    fn escapes_controls_and_lone_surrogates() {
        assert_eq!(
            q("a\u{0}b\u{1b}c\u{7f}d\u{85}"),
            "'a\\x00b\\x1Bc\\x7Fd\\x85'"
        );
        assert_eq!(q("\u{8}\t\n\u{b}\u{c}\r\\"), "'\\b\\t\\n\\x0B\\f\\r\\\\'");
        assert_eq!(q("a\u{a0}é😀"), "'a\u{a0}é😀'");
        let lone = [b'a' as u16, 0xd800, b'b' as u16];
        assert_eq!(str_escape(&lone), "'a\\ud800b'");
    }

    #[test]
    fn long_strings_are_cut_with_a_trailer() {
        let units: Vec<u16> = "ab".repeat(6).encode_utf16().collect();
        assert_eq!(
            format_string(&units, Some(10), 0, false),
            "'ababababab'... 2 more characters"
        );
        assert_eq!(
            format_string(&units, Some(11), 0, false),
            "'abababababa'... 1 more character"
        );
    }

    #[test]
    fn multi_line_split_depends_on_indentation() {
        let text = format!("{}\n{}", "x".repeat(40), "y".repeat(33));
        let units: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(units.len(), 74);
        let whole = format!("'{}\\n{}'", "x".repeat(40), "y".repeat(33));
        assert_eq!(format_string(&units, None, 2, false), whole);
        let split = format!("'{}\\n' +\n      '{}'", "x".repeat(40), "y".repeat(33));
        assert_eq!(format_string(&units, None, 4, false), split);
    }
}
