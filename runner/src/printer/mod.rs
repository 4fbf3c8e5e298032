//! The printer: Node's `util.inspect` as mongosh 2.4 configures it, as a pure
//! function from a [`Value`] tree to text. It knows nothing of engines or of boa;
//! the shell converts whatever it holds into a [`Value`] first.
//!
//! Entry points:
//! - [`inspect`]: `util.inspect(value, options)`;
//! - [`format_top_level`]: what the REPL writes for a statement's value;
//! - [`format_print`]: what `print()` / `console.log` write;
//! - [`format_error`]: an uncaught error;
//! - [`format_cursor_batch`]: a `find()` / `it` batch;
//! - [`format_show_dbs`]: the `show dbs` table.

mod color;
mod container;
mod cursor;
mod entries;
mod errors;
mod format;
mod group;
mod keys;
mod layout;
mod number;
mod show;
mod strings;
mod width;

#[cfg(test)]
mod tests;

pub(crate) use cursor::format_cursor_batch;
pub(crate) use errors::{format_error, ErrorInfo};
pub(crate) use show::format_show_dbs;

/// A value as the printer sees it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Undefined,
    Null,
    Bool(bool),
    /// A JavaScript number (right-aligned when grouping arrays of numbers).
    Number(f64),
    /// A bigint, digits only (printed with a trailing `n`).
    BigInt(String),
    String(String),
    /// A JavaScript string given as UTF-16 code units, for the rare string that
    /// holds a lone surrogate (which a Rust `String` cannot carry).
    Utf16(Vec<u16>),
    /// A value with its own inspector, printed verbatim and never counted by the
    /// nesting rule: `ObjectId('…')`, `ISODate('…')`, `Long('5')`, `/re/i`,
    /// `[Function: f]`, `Int32(5)`, ... A `\n` in the text is followed by the
    /// current indentation, as Node does for custom inspectors.
    Custom {
        text: String,
        style: Style,
    },
    Array(Array),
    Object(Object),
    // The four kinds below follow Node's layout (the spec and the printer tests
    // pin it); the shell's converter does not build them yet, only tests do.
    /// A `Map`, entries in insertion order: `Map(1) { 'a' => 1 }`.
    #[cfg_attr(not(test), allow(dead_code))]
    Map(Vec<(Value, Value)>),
    /// A `Set`, values in insertion order: `Set(2) { 1, 2 }`.
    #[cfg_attr(not(test), allow(dead_code))]
    Set(Vec<Value>),
    /// A container that some [`Value::Circular`] inside it points back to; it
    /// gets the `<ref *N>` marker.
    Anchor {
        id: u32,
        value: Box<Value>,
    },
    /// A back-reference to the enclosing [`Value::Anchor`] with the same id:
    /// `[Circular *N]` (N numbered in printing order, as Node does).
    Circular(u32),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Array {
    /// `None` is a hole of a sparse array.
    pub items: Vec<Option<Value>>,
    /// Non-index properties, printed as `key: value` after the items.
    pub extra: Vec<(String, Value)>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Object {
    /// Printed as a prefix (`Nilai { a: 1 }`) when set; `None` for plain objects.
    pub class: Option<String>,
    /// Properties in insertion order; the printer puts integer-like keys first
    /// (JavaScript property order), so callers need not.
    pub entries: Vec<(String, Value)>,
}

/// Colour class of a custom-inspected value (colours never change layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Style {
    #[default]
    Special,
    Number,
    String,
    Date,
    RegExp,
    Undefined,
    /// No colour (the text may already carry its own ANSI codes).
    Plain,
}

/// util.inspect options that vary between mongosh's call sites.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Options {
    /// `None` is infinite depth.
    pub depth: Option<usize>,
    /// `None` is no compact mode (`compact: false`, used by `printjson`).
    pub compact: Option<usize>,
    pub max_array_length: Option<usize>,
    pub max_string_length: Option<usize>,
    pub colors: bool,
}

impl Options {
    /// The REPL's options for an ordinary value.
    pub(crate) const REPL: Options = Options {
        depth: Some(6),
        compact: Some(3),
        max_array_length: Some(100),
        max_string_length: Some(10_000),
        colors: false,
    };
    /// Cursor batches, explain output and error extras.
    pub(crate) const FULL_DEPTH: Options = Options {
        depth: None,
        compact: Some(3),
        max_array_length: None,
        max_string_length: None,
        colors: false,
    };
    /// `printjson`.
    pub(crate) const PRINTJSON: Options = Options {
        depth: None,
        compact: None,
        max_array_length: None,
        max_string_length: None,
        colors: false,
    };

    /// The same options with colours switched on or off.
    pub(crate) const fn with_colors(self, colors: bool) -> Options {
        Options { colors, ..self }
    }
}

/// `util.inspect(value, options)`.
pub(crate) fn inspect(value: &Value, options: &Options) -> String {
    format::inspect(value, options)
}

/// How the REPL writes a top-level value: strings raw (unless they hold control
/// characters), `undefined` as the empty string, everything else inspected.
pub(crate) fn format_top_level(value: &Value, options: &Options) -> String {
    match value {
        Value::Undefined => String::new(),
        Value::String(s) if !strings::has_control_chars(s.encode_utf16()) => s.clone(),
        Value::Utf16(units) if !strings::has_control_chars(units.iter().copied()) => {
            String::from_utf16_lossy(units)
        }
        _ => inspect(value, options),
    }
}

/// What `print(a, b, …)` / `console.log` write (before their newline): each
/// argument formatted like a top-level value, except that strings are always
/// raw, joined by one space.
pub(crate) fn format_print(args: &[Value], options: &Options) -> String {
    let parts: Vec<String> = args
        .iter()
        .map(|arg| match arg {
            Value::String(s) => s.clone(),
            Value::Utf16(units) => String::from_utf16_lossy(units),
            _ => format_top_level(arg, options),
        })
        .collect();
    parts.join(" ")
}
