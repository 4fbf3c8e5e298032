//! Path traversal on raw documents with the query language's array rules,
//! mirroring [`crate::engine::mongo::value::lookup_parts`] but visiting the
//! reached values in place (no list is built) and stopping at the first hit.

use bson::{RawArray, RawBsonRef, RawDocument};

use crate::engine::mongo::value::array_index;

/// What a path reached: a value, or `None` where it could have been.
pub type Reached<'a> = Option<RawBsonRef<'a>>;

/// Whether `visit` accepts any value `parts` reaches in `doc`.
pub fn any_reached<'a, S: AsRef<str>>(
    doc: &'a RawDocument,
    parts: &[S],
    visit: &mut dyn FnMut(Reached<'a>) -> bool,
) -> bool {
    let Some((first, rest)) = parts.split_first() else {
        return false;
    };
    match doc.get(first.as_ref()).ok().flatten() {
        None => visit(None),
        Some(v) if rest.is_empty() => visit(Some(v)),
        Some(v) => any_in_value(v, rest, visit),
    }
}

fn any_in_value<'a, S: AsRef<str>>(
    value: RawBsonRef<'a>,
    rest: &[S],
    visit: &mut dyn FnMut(Reached<'a>) -> bool,
) -> bool {
    match value {
        RawBsonRef::Document(d) => any_reached(d, rest, visit),
        RawBsonRef::Array(items) => any_in_array(items, rest, visit),
        _ => visit(None),
    }
}

/// A numeric component addresses one element; subdocument elements are
/// also searched for the component as a field name.
fn any_in_array<'a, S: AsRef<str>>(
    items: &'a RawArray,
    rest: &[S],
    visit: &mut dyn FnMut(Reached<'a>) -> bool,
) -> bool {
    let Some((first, tail)) = rest.split_first() else {
        return false;
    };
    if let Some(element) = array_index(first.as_ref()).and_then(|i| items.get(i).ok().flatten()) {
        let hit = if tail.is_empty() {
            visit(Some(element))
        } else {
            any_in_value(element, tail, visit)
        };
        if hit {
            return true;
        }
    }
    items.into_iter().any(|element| match element {
        Ok(RawBsonRef::Document(d)) => any_reached(d, rest, visit),
        _ => false,
    })
}
