//! Printer tests built from the real-mongosh goldens in
//! `tests/golden/mongosh/` (values constructed by hand, as the shell would
//! convert them) and from the worked examples of the output spec.

mod golden_arrays;
mod golden_db;
mod golden_errors_show;
mod golden_objects;
mod golden_primitives;
mod properties;
mod spec_examples;

use super::{format_top_level, Array, Object, Options, Style, Value};

pub(super) fn num(x: f64) -> Value {
    Value::Number(x)
}

pub(super) fn st(text: &str) -> Value {
    Value::String(text.to_string())
}

pub(super) fn custom(text: &str) -> Value {
    Value::Custom {
        text: text.to_string(),
        style: Style::Special,
    }
}

pub(super) fn oid(hex: &str) -> Value {
    custom(&format!("ObjectId('{hex}')"))
}

pub(super) fn obj(entries: Vec<(&str, Value)>) -> Value {
    Value::Object(Object {
        class: None,
        entries: entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    })
}

pub(super) fn class_obj(class: &str, entries: Vec<(&str, Value)>) -> Value {
    let Value::Object(mut o) = obj(entries) else {
        unreachable!("obj builds objects")
    };
    o.class = Some(class.to_string());
    Value::Object(o)
}

pub(super) fn arr(items: Vec<Value>) -> Value {
    Value::Array(Array {
        items: items.into_iter().map(Some).collect(),
        extra: Vec::new(),
    })
}

pub(super) fn nums(values: impl IntoIterator<Item = u32>) -> Value {
    arr(values.into_iter().map(|n| num(f64::from(n))).collect())
}

/// `{ k1: { k2: … { kn: leaf } } }`.
pub(super) fn chain(keys: &[&str], leaf: Value) -> Value {
    keys.iter()
        .rev()
        .fold(leaf, |inner, k| obj(vec![(k, inner)]))
}

/// The REPL's output for a value (without the final newline).
pub(super) fn top(value: &Value) -> String {
    format_top_level(value, &Options::REPL)
}

/// A golden's text with the shell's own `Warning:` lines left out (they are
/// not the printer's).
pub(super) fn golden(name: &str) -> String {
    let path = format!(
        "{}/../tests/golden/mongosh/{name}.out",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.split_inclusive('\n')
        .filter(|line| !line.starts_with("Warning: "))
        .collect()
}

/// Each statement's output followed by a newline must give the golden.
pub(super) fn assert_golden(name: &str, outputs: &[String]) {
    let actual: String = outputs.iter().map(|o| format!("{o}\n")).collect();
    let expected = golden(name);
    if actual != expected {
        panic!("golden {name} differs\n--- expected\n{expected}--- actual\n{actual}");
    }
}
