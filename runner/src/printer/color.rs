//! Node's default `util.inspect.styles` as ANSI codes, and their removal for
//! measuring (colours never change the layout).

use super::Style;

/// What Node styles a piece of output as (`inspect.styles` keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tone {
    Special,
    Number,
    Boolean,
    Undefined,
    Null,
    String,
    Date,
    RegExp,
    /// Bare property names: Node leaves them unstyled.
    Name,
}

impl From<Style> for Option<Tone> {
    fn from(style: Style) -> Option<Tone> {
        match style {
            Style::Special => Some(Tone::Special),
            Style::Number => Some(Tone::Number),
            Style::String => Some(Tone::String),
            Style::Date => Some(Tone::Date),
            Style::RegExp => Some(Tone::RegExp),
            Style::Undefined => Some(Tone::Undefined),
            Style::Plain => None,
        }
    }
}

/// ANSI open/close codes of a tone, `None` when Node leaves it unstyled.
fn codes(tone: Tone) -> Option<(u8, u8)> {
    match tone {
        Tone::Special => Some((36, 39)),
        Tone::Number | Tone::Boolean => Some((33, 39)),
        Tone::Undefined => Some((90, 39)),
        Tone::Null => Some((1, 22)),
        Tone::String => Some((32, 39)),
        Tone::Date => Some((35, 39)),
        Tone::RegExp => Some((31, 39)),
        Tone::Name => None,
    }
}

/// `ctx.stylize(text, tone)`.
pub(super) fn stylize(text: &str, tone: Tone, colors: bool) -> String {
    match codes(tone) {
        Some((open, close)) if colors => format!("\u{1b}[{open}m{text}\u{1b}[{close}m"),
        _ => text.to_string(),
    }
}

/// Removes ANSI escape sequences (CSI `ESC [ … final`), as Node's
/// `removeColors` does before measuring.
pub(super) fn strip_ansi(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\u{1b}') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            skip_csi_body(&mut chars);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

fn skip_csi_body(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    for c in chars.by_ref() {
        if ('\u{40}'..='\u{7e}').contains(&c) {
            break;
        }
    }
}
