//! Path traversal on raw documents with the query language's array rules,
//! mirroring [`crate::engine::mongo::value::lookup_parts`] but visiting the
//! reached values in place (no list is built) and stopping at the first hit.

use super::element::{elements, find, Element, ARRAY, DOCUMENT};
use crate::engine::mongo::value::array_index;

/// What a path reached: a value, or `None` where it could have been.
pub(crate) type Reached<'a> = Option<Element<'a>>;

/// Whether `visit` accepts any value `parts` reaches in the document `doc`.
pub(crate) fn any_reached<'a, S: AsRef<str>, F: FnMut(Reached<'a>) -> bool>(
    doc: &'a [u8],
    parts: &[S],
    visit: &mut F,
) -> bool {
    let Some((first, rest)) = parts.split_first() else {
        return false;
    };
    match find(doc, first.as_ref()) {
        None => visit(None),
        Some(v) if rest.is_empty() => visit(Some(v)),
        Some(v) => any_in_value(v, rest, visit),
    }
}

fn any_in_value<'a, S: AsRef<str>, F: FnMut(Reached<'a>) -> bool>(
    value: Element<'a>,
    rest: &[S],
    visit: &mut F,
) -> bool {
    match value.kind {
        DOCUMENT => any_reached(value.value, rest, visit),
        ARRAY => any_in_array(value.value, rest, visit),
        _ => visit(None),
    }
}

/// A numeric component addresses one element; subdocument elements are
/// also searched for the component as a field name.
fn any_in_array<'a, S: AsRef<str>, F: FnMut(Reached<'a>) -> bool>(
    items: &'a [u8],
    rest: &[S],
    visit: &mut F,
) -> bool {
    let Some((first, tail)) = rest.split_first() else {
        return false;
    };
    let indexed = array_index(first.as_ref()).and_then(|i| elements(items).nth(i));
    if let Some(element) = indexed {
        let hit = if tail.is_empty() {
            visit(Some(element))
        } else {
            any_in_value(element, tail, visit)
        };
        if hit {
            return true;
        }
    }
    elements(items)
        .any(|element| element.kind == DOCUMENT && any_reached(element.value, rest, visit))
}
