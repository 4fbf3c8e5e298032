//! `$exists` and `$type`.

use bson::Bson;

use super::matcher::ValueMatcher;
use super::raw::RawTest;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::{is_number, type_name, type_number};

/// `$exists: true`; `false` is its negation in the tree.
#[derive(Debug)]
pub(crate) struct ExistsMatcher;

impl ValueMatcher for ExistsMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        value.is_some()
    }

    fn expands_arrays(&self) -> bool {
        false
    }

    fn raw_test(&self) -> Option<RawTest> {
        Some(RawTest::Exists)
    }
}

#[derive(Debug, Clone, PartialEq)]
enum TypeSpec {
    Number,
    Code(i32),
}

#[derive(Debug)]
pub(crate) struct TypeMatcher {
    types: Vec<TypeSpec>,
}

impl TypeMatcher {
    pub(crate) fn parse(arg: &Bson) -> Result<TypeMatcher, MongoError> {
        let items: Vec<&Bson> = match arg {
            Bson::Array(items) => items.iter().collect(),
            other => vec![other],
        };
        let types = items
            .into_iter()
            .map(parse_type)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TypeMatcher { types })
    }
}

fn parse_type(arg: &Bson) -> Result<TypeSpec, MongoError> {
    match arg {
        Bson::String(alias) if alias == "number" => Ok(TypeSpec::Number),
        Bson::String(alias) => alias_code(alias)
            .map(TypeSpec::Code)
            .ok_or_else(|| MongoError::bad_value(format!("Unknown type name alias: {alias}"))),
        other => {
            let code = crate::engine::mongo::value::number_as_f64(other).ok_or_else(|| {
                MongoError::type_mismatch("type must be represented as a number or a string")
            })?;
            let code = code as i32;
            if alias_name(code).is_none() {
                return Err(MongoError::bad_value(format!(
                    "Invalid numerical type code: {code}"
                )));
            }
            Ok(TypeSpec::Code(code))
        }
    }
}

const TYPE_ALIASES: &[(&str, i32)] = &[
    ("double", 1),
    ("string", 2),
    ("object", 3),
    ("array", 4),
    ("binData", 5),
    ("undefined", 6),
    ("objectId", 7),
    ("bool", 8),
    ("date", 9),
    ("null", 10),
    ("regex", 11),
    ("dbPointer", 12),
    ("javascript", 13),
    ("symbol", 14),
    ("javascriptWithScope", 15),
    ("int", 16),
    ("timestamp", 17),
    ("long", 18),
    ("decimal", 19),
    ("minKey", -1),
    ("maxKey", 127),
];

fn alias_code(alias: &str) -> Option<i32> {
    TYPE_ALIASES
        .iter()
        .find(|(name, _)| *name == alias)
        .map(|(_, code)| *code)
}

fn alias_name(code: i32) -> Option<&'static str> {
    TYPE_ALIASES
        .iter()
        .find(|(_, c)| *c == code)
        .map(|(name, _)| *name)
}

impl ValueMatcher for TypeMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        let Some(v) = value else {
            return false;
        };
        self.types.iter().any(|t| match t {
            TypeSpec::Number => is_number(v),
            TypeSpec::Code(code) => {
                type_number(v) == *code || alias_name(*code) == Some(type_name(v))
            }
        })
    }
}
