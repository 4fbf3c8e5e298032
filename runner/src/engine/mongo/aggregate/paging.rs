//! `$limit`, `$skip` and `$count`.

use bson::{Bson, Document};

use crate::engine::mongo::expr::{fail, numeric, show};
use crate::engine::mongo::MongoError;

fn whole_number(arg: &Bson) -> Option<i64> {
    numeric::as_whole_i64(arg).filter(|_| numeric::is_number(arg))
}

pub(crate) fn parse_limit(arg: &Bson) -> Result<usize, MongoError> {
    let Some(n) = whole_number(arg) else {
        return Err(fail(15957, "the limit must be specified as a number"));
    };
    if n <= 0 {
        return Err(fail(15958, "the limit must be positive"));
    }
    Ok(n as usize)
}

pub(crate) fn parse_skip(arg: &Bson) -> Result<usize, MongoError> {
    let Some(n) = whole_number(arg) else {
        return Err(fail(
            15972,
            format!(
                "invalid argument to $skip stage: Expected an integer: $skip: {}",
                show::value(arg)
            ),
        ));
    };
    if n < 0 {
        return Err(fail(
            5107200,
            format!(
                "invalid argument to $skip stage: Expected a non-negative number in: $skip: {n}"
            ),
        ));
    }
    Ok(n as usize)
}

pub(crate) fn parse_count(arg: &Bson) -> Result<String, MongoError> {
    let Bson::String(name) = arg else {
        return Err(fail(40156, "the count field must be a non-empty string"));
    };
    if name.is_empty() {
        return Err(fail(40157, "the count field must be a non-empty string"));
    }
    if name.starts_with('$') {
        return Err(fail(40158, "the count field cannot be a $-prefixed path"));
    }
    if name.contains('.') {
        return Err(fail(40160, "the count field cannot contain '.'"));
    }
    Ok(name.clone())
}

/// One `{field: n}` document, or none at all when nothing reached the stage.
pub(crate) fn count(n: usize, field: &str) -> Vec<Document> {
    if n == 0 {
        return Vec::new();
    }
    let value = i32::try_from(n)
        .map(Bson::Int32)
        .unwrap_or(Bson::Int64(n as i64));
    let mut out = Document::new();
    out.insert(field, value);
    vec![out]
}
