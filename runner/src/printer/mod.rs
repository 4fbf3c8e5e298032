//! The printer: Node's `util.inspect` as mongosh 2.4 configures it, as a pure
//! function from a [`Value`] tree to text. It knows nothing of engines or of boa;
//! the shell converts whatever it holds into a [`Value`] first.

/// A value as the printer sees it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Undefined,
    Null,
    Bool(bool),
    /// A JavaScript number (right-aligned when grouping arrays of numbers).
    Number(f64),
    /// A bigint, digits only (printed with a trailing `n`).
    BigInt(String),
    String(String),
    /// A value with its own inspector, printed verbatim and never counted by the
    /// nesting rule: `ObjectId('…')`, `ISODate('…')`, `Long('5')`, `/re/i`,
    /// `[Function: f]`, `Int32(5)`, ...
    Custom {
        text: String,
        style: Style,
    },
    Array(Array),
    Object(Object),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Array {
    /// `None` is a hole of a sparse array.
    pub items: Vec<Option<Value>>,
    /// Non-index properties, printed as `key: value` after the items.
    pub extra: Vec<(String, Value)>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Object {
    /// Printed as a prefix (`Nilai { a: 1 }`) when set; `None` for plain objects.
    pub class: Option<String>,
    /// Properties in JavaScript property order (the caller already ordered them).
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
}

/// util.inspect options that vary between mongosh's call sites.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
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
    pub const REPL: Options = Options {
        depth: Some(6),
        compact: Some(3),
        max_array_length: Some(100),
        max_string_length: Some(10_000),
        colors: false,
    };
    /// Cursor batches, explain output and error extras.
    pub const FULL_DEPTH: Options = Options {
        depth: None,
        compact: Some(3),
        max_array_length: None,
        max_string_length: None,
        colors: false,
    };
    /// `printjson`.
    pub const PRINTJSON: Options = Options {
        depth: None,
        compact: None,
        max_array_length: None,
        max_string_length: None,
        colors: false,
    };
}

/// `util.inspect(value, options)`.
pub fn inspect(_value: &Value, _options: &Options) -> String {
    todo!()
}

/// How the REPL writes a top-level value: strings raw (unless they hold control
/// characters), `undefined` as the empty string, everything else inspected.
pub fn format_top_level(_value: &Value, _options: &Options) -> String {
    todo!()
}
