//! The two ways Node measures text: JavaScript string length (UTF-16 code
//! units) for the one-line rule, terminal columns for array grouping.

use unicode_width::UnicodeWidthChar;

use super::color::strip_ansi;

/// `str.length` of the entry, colours removed when they are on.
pub(super) fn js_len(text: &str, colors: bool) -> usize {
    if colors {
        strip_ansi(text).encode_utf16().count()
    } else {
        text.encode_utf16().count()
    }
}

/// Node's `getStringWidth(text, removeControlChars = colors)`: ASCII control
/// characters take no column, East-Asian wide characters and emoji two,
/// combining marks none.
pub(super) fn display_width(text: &str, colors: bool) -> usize {
    let text = if colors {
        strip_ansi(text)
    } else {
        std::borrow::Cow::Borrowed(text)
    };
    text.chars().map(char_width).sum()
}

fn char_width(c: char) -> usize {
    if c.is_ascii() {
        return usize::from(c >= ' ' && c != '\u{7f}');
    }
    c.width().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_utf16_units() {
        assert_eq!(js_len("😀x", false), 3);
        assert_eq!(js_len("日é", false), 2);
        assert_eq!(js_len("\u{1b}[33m1\u{1b}[39m", true), 1);
    }

    #[test]
    fn widths_count_columns() {
        assert_eq!(display_width("😀x", false), 3);
        assert_eq!(display_width("日本", false), 4);
        assert_eq!(display_width("e\u{301}", false), 1);
    }
}
