//! Walking to the parent of an update path, creating what `$set`-like
//! operators need and failing like the server where a scalar is in the way.

use bson::{Bson, Document};

use crate::engine::mongo::display;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::array_index;

/// The container holding the last path component.
pub(crate) enum Parent<'a> {
    Doc(&'a mut Document),
    Arr(&'a mut Vec<Bson>),
}

impl Parent<'_> {
    pub(crate) fn get(&self, field: &str) -> Option<&Bson> {
        match self {
            Parent::Doc(d) => d.get(field),
            Parent::Arr(a) => array_index(field).and_then(|i| a.get(i)),
        }
    }

    /// Sets the field (existing fields keep their place; arrays pad with null).
    pub(crate) fn set(&mut self, field: &str, value: Bson) -> Result<(), MongoError> {
        match self {
            Parent::Doc(d) => {
                match d.get_mut(field) {
                    Some(slot) => *slot = value,
                    None => {
                        d.insert(field.to_string(), value);
                    }
                }
                Ok(())
            }
            Parent::Arr(a) => set_in_array(a, field, value),
        }
    }

    /// `$unset`: removes a field; an array element becomes null instead.
    pub(crate) fn unset(&mut self, field: &str) {
        match self {
            Parent::Doc(d) => {
                d.remove(field);
            }
            Parent::Arr(a) => {
                if let Some(slot) = array_index(field).and_then(|i| a.get_mut(i)) {
                    *slot = Bson::Null;
                }
            }
        }
    }
}

fn set_in_array(items: &mut Vec<Bson>, field: &str, value: Bson) -> Result<(), MongoError> {
    let Some(index) = array_index(field) else {
        return Err(MongoError::new(
            28,
            format!(
                "Cannot create field '{field}' in element {{{}}}",
                display::value(&Bson::Array(items.clone()))
            ),
        ));
    };
    while items.len() <= index {
        items.push(Bson::Null);
    }
    items[index] = value;
    Ok(())
}

/// The parent of `parts`' last component. With `create`, missing
/// subdocuments are created; otherwise a missing or scalar step gives `None`.
pub(crate) fn parent<'a>(
    doc: &'a mut Document,
    parts: &[String],
    create: bool,
) -> Result<Option<Parent<'a>>, MongoError> {
    let Some((_, inner)) = parts.split_last() else {
        return Ok(None);
    };
    let mut current = Parent::Doc(doc);
    for (depth, part) in inner.iter().enumerate() {
        let next_part = &parts[depth + 1];
        current = match step(current, part, next_part, create)? {
            Some(next) => next,
            None => return Ok(None),
        };
    }
    Ok(Some(current))
}

fn step<'a>(
    current: Parent<'a>,
    part: &str,
    next_part: &str,
    create: bool,
) -> Result<Option<Parent<'a>>, MongoError> {
    let exists = current.get(part).is_some();
    let mut current = current;
    if !exists {
        if !create {
            return Ok(None);
        }
        current.set(part, Bson::Document(Document::new()))?;
    }
    let Some(value) = into_child(current, part) else {
        return Ok(None);
    };
    match value {
        Bson::Document(d) => Ok(Some(Parent::Doc(d))),
        Bson::Array(a) => Ok(Some(Parent::Arr(a))),
        other if create => Err(MongoError::new(
            28,
            format!(
                "Cannot create field '{next_part}' in element {{{part}: {}}}",
                display::value(other)
            ),
        )),
        _ => Ok(None),
    }
}

fn into_child<'a>(current: Parent<'a>, part: &str) -> Option<&'a mut Bson> {
    match current {
        Parent::Doc(d) => d.get_mut(part),
        Parent::Arr(a) => array_index(part).and_then(move |i| a.get_mut(i)),
    }
}

/// Splits `a.b.c`, rejecting empty components as the server does.
pub(crate) fn split(path: &str) -> Result<Vec<String>, MongoError> {
    if path.is_empty() {
        return Err(MongoError::new(56, "An empty update path is not valid."));
    }
    let parts: Vec<String> = path.split('.').map(str::to_string).collect();
    if parts.iter().any(String::is_empty) {
        return Err(MongoError::new(
            56,
            format!("The update path '{path}' contains an empty field name, which is not allowed."),
        ));
    }
    Ok(parts)
}

/// PathNotViable for operators that need the path's container
/// (`$pop` on `a.b.c` where `a.b` is `1`, or an array that `c` cannot index):
/// the server names the first component it could not follow and the element
/// in its way, since an update never walks into array elements by name.
pub(crate) fn check_viable(doc: &Document, parts: &[String]) -> Result<(), MongoError> {
    let mut current = Bson::Document(doc.clone());
    for (depth, part) in parts.iter().enumerate().take(parts.len().saturating_sub(1)) {
        let next = match &current {
            Bson::Document(d) => d.get(part),
            Bson::Array(a) => array_index(part).and_then(|i| a.get(i)),
            _ => None,
        };
        let Some(next) = next.cloned() else {
            return Ok(());
        };
        if !can_hold(&next, &parts[depth + 1]) {
            return Err(not_viable(&parts[depth + 1], parts, part, &next));
        }
        current = next;
    }
    Ok(())
}

/// A document can hold any field; an array only a numeric index.
fn can_hold(container: &Bson, part: &str) -> bool {
    match container {
        Bson::Document(_) => true,
        Bson::Array(_) => array_index(part).is_some(),
        _ => false,
    }
}

fn not_viable(part: &str, parts: &[String], field: &str, value: &Bson) -> MongoError {
    MongoError::new(
        28,
        format!(
            "Cannot use the part ({part}) of ({}) to traverse the element ({{{field}: {}}})",
            parts.join("."),
            display::value(value)
        ),
    )
}
