//! The kinds of container `util.inspect` descends into, and their braces.

use super::{Array, Object, Value};

/// The class prefix to print; Node omits it for plain `Object`s.
fn plain_class(o: &Object) -> Option<&str> {
    o.class.as_deref().filter(|c| *c != "Object")
}

#[derive(Clone, Copy)]
pub(super) enum Container<'v> {
    Array(&'v Array),
    Object(&'v Object),
    Map(&'v [(Value, Value)]),
    Set(&'v [Value]),
}

impl Container<'_> {
    pub(super) fn is_empty(self) -> bool {
        match self {
            Container::Array(a) => a.items.is_empty() && a.extra.is_empty(),
            Container::Object(o) => o.entries.is_empty(),
            Container::Map(m) => m.is_empty(),
            Container::Set(s) => s.is_empty(),
        }
    }

    pub(super) fn open(self) -> String {
        match self {
            Container::Array(_) => "[".to_string(),
            Container::Object(o) => match plain_class(o) {
                Some(c) => format!("{c} {{"),
                None => "{".to_string(),
            },
            Container::Map(m) => format!("Map({}) {{", m.len()),
            Container::Set(s) => format!("Set({}) {{", s.len()),
        }
    }

    pub(super) fn close(self) -> char {
        match self {
            Container::Array(_) => ']',
            _ => '}',
        }
    }

    /// What the depth limit prints instead: `[Object]`, `[Array]`, `[Nilai]`.
    pub(super) fn depth_name(self) -> String {
        match self {
            Container::Array(_) => "[Array]".to_string(),
            Container::Object(o) => match plain_class(o) {
                Some(c) if c.starts_with('[') => c.to_string(),
                Some(c) => format!("[{c}]"),
                None => "[Object]".to_string(),
            },
            Container::Map(_) => "[Map]".to_string(),
            Container::Set(_) => "[Set]".to_string(),
        }
    }
}
