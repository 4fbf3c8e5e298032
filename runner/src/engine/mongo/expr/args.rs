//! Operator arguments: a single value or an array of them.

use bson::Bson;

use super::fail;
use crate::engine::mongo::MongoError;

/// The argument list: an array's items, or the value itself as one argument.
pub(crate) fn list(arg: &Bson) -> &[Bson] {
    match arg {
        Bson::Array(items) => items,
        single => std::slice::from_ref(single),
    }
}

/// Exactly `N` arguments, or the server's arity error.
pub(crate) fn exact<'a, const N: usize>(
    name: &str,
    arg: &'a Bson,
) -> Result<&'a [Bson; N], MongoError> {
    let items = list(arg);
    <&[Bson; N]>::try_from(items).map_err(|_| {
        fail(
            16020,
            format!(
                "Expression {name} takes exactly {N} arguments. {} were passed in.",
                items.len()
            ),
        )
    })
}

/// Between `min` and `max` arguments.
pub(crate) fn range<'a>(
    name: &str,
    arg: &'a Bson,
    min: usize,
    max: usize,
) -> Result<&'a [Bson], MongoError> {
    let items = list(arg);
    if items.len() < min {
        return Err(fail(
            16020,
            format!(
                "Expression {name} takes at least {min} arguments, and {} were passed in.",
                items.len()
            ),
        ));
    }
    if items.len() > max {
        return Err(fail(
            16020,
            format!(
                "Expression {name} takes at most {max} arguments, and {} were passed in.",
                items.len()
            ),
        ));
    }
    Ok(items)
}

/// Whether an evaluated argument is null or missing (most operators then give null).
pub(crate) fn nullish(value: &Option<Bson>) -> bool {
    matches!(value, None | Some(Bson::Null) | Some(Bson::Undefined))
}

/// A named field of an object-form argument (`{input: .., as: ..}`).
pub(crate) fn object<'a>(
    arg: &'a Bson,
    op: &str,
    code: i32,
) -> Result<&'a bson::Document, MongoError> {
    match arg {
        Bson::Document(d) => Ok(d),
        _ => Err(fail(
            code,
            format!("{op} only supports an object as its argument"),
        )),
    }
}
