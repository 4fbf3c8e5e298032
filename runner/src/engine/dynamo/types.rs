//! Attribute values in typed form, their wire JSON, and the orderable key values.

use std::cmp::Ordering;

use indexmap::IndexMap;
use serde_json::{json, Map, Value};

use super::errors::{invalid_params, DResult, DynamoError};
use super::number::Number;
use crate::base64;

pub(crate) type Item = IndexMap<String, AttrValue>;

#[derive(Debug, Clone, PartialEq)]
pub enum AttrValue {
    S(String),
    N(Number),
    B(Vec<u8>),
    Bool(bool),
    Null,
    M(IndexMap<String, AttrValue>),
    L(Vec<AttrValue>),
    SS(Vec<String>),
    NS(Vec<Number>),
    BS(Vec<Vec<u8>>),
}

/// A key attribute value ordered as the service orders sort keys: UTF-8 bytes
/// for S, numerically for N, unsigned bytes for B. `Min`/`Max` bound ranges.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum KeyVal {
    Min,
    None,
    B(Vec<u8>),
    N(Number),
    S(String),
    Max,
}

impl KeyVal {
    pub(crate) fn from_attr(value: &AttrValue) -> Option<KeyVal> {
        match value {
            AttrValue::S(s) => Some(KeyVal::S(s.clone())),
            AttrValue::N(n) => Some(KeyVal::N(n.clone())),
            AttrValue::B(b) => Some(KeyVal::B(b.clone())),
            _ => None,
        }
    }

    /// Orders the key against a value as `compare` orders two values, without
    /// making an `AttrValue` of the key; `None` across types.
    pub(crate) fn cmp_attr(&self, value: &AttrValue) -> Option<Ordering> {
        match (self, value) {
            (KeyVal::S(x), AttrValue::S(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
            (KeyVal::N(x), AttrValue::N(y)) => Some(x.cmp(y)),
            (KeyVal::B(x), AttrValue::B(y)) => Some(x.cmp(y)),
            _ => None,
        }
    }

    /// `begins_with` of a key: S and B keys only.
    pub(crate) fn starts_with(&self, prefix: &AttrValue) -> bool {
        match (self, prefix) {
            (KeyVal::S(s), AttrValue::S(p)) => s.starts_with(p.as_str()),
            (KeyVal::B(b), AttrValue::B(p)) => b.starts_with(p),
            _ => false,
        }
    }

    pub(crate) fn to_attr(&self) -> Option<AttrValue> {
        match self {
            KeyVal::S(s) => Some(AttrValue::S(s.clone())),
            KeyVal::N(n) => Some(AttrValue::N(n.clone())),
            KeyVal::B(b) => Some(AttrValue::B(b.clone())),
            _ => None,
        }
    }
}

impl AttrValue {
    /// The type tag: `S`, `N`, `SS`, …
    pub fn type_name(&self) -> &'static str {
        match self {
            AttrValue::S(_) => "S",
            AttrValue::N(_) => "N",
            AttrValue::B(_) => "B",
            AttrValue::Bool(_) => "BOOL",
            AttrValue::Null => "NULL",
            AttrValue::M(_) => "M",
            AttrValue::L(_) => "L",
            AttrValue::SS(_) => "SS",
            AttrValue::NS(_) => "NS",
            AttrValue::BS(_) => "BS",
        }
    }

    /// The type's long name used by update-expression errors (`STRING`, …).
    pub fn long_type_name(&self) -> &'static str {
        match self {
            AttrValue::S(_) => "STRING",
            AttrValue::N(_) => "NUMBER",
            AttrValue::B(_) => "BINARY",
            AttrValue::Bool(_) => "BOOLEAN",
            AttrValue::Null => "NULL",
            AttrValue::M(_) => "MAP",
            AttrValue::L(_) => "LIST",
            AttrValue::SS(_) => "STRING_SET",
            AttrValue::NS(_) => "NUMBER_SET",
            AttrValue::BS(_) => "BINARY_SET",
        }
    }

    pub fn is_set(&self) -> bool {
        matches!(self, AttrValue::SS(_) | AttrValue::NS(_) | AttrValue::BS(_))
    }

    pub fn to_json(&self) -> Value {
        match self {
            AttrValue::S(s) => json!({ "S": s }),
            AttrValue::N(n) => json!({ "N": n.to_string() }),
            AttrValue::B(b) => json!({ "B": base64::encode(b) }),
            AttrValue::Bool(b) => json!({ "BOOL": b }),
            AttrValue::Null => json!({ "NULL": true }),
            AttrValue::M(m) => json!({ "M": item_to_json(m) }),
            AttrValue::L(l) => json!({ "L": l.iter().map(AttrValue::to_json).collect::<Vec<_>>() }),
            AttrValue::SS(s) => json!({ "SS": s }),
            AttrValue::NS(s) => {
                json!({ "NS": s.iter().map(|n| n.to_string()).collect::<Vec<_>>() })
            }
            AttrValue::BS(s) => {
                json!({ "BS": s.iter().map(|b| base64::encode(b)).collect::<Vec<_>>() })
            }
        }
    }

    /// The short form used inside BETWEEN error texts: `{N:10}`, `{S:a}`.
    pub fn brief(&self) -> String {
        let inner = match self {
            AttrValue::S(s) => s.clone(),
            AttrValue::N(n) => n.to_string(),
            AttrValue::B(b) => base64::encode(b),
            AttrValue::Bool(b) => b.to_string(),
            other => other.to_json().to_string(),
        };
        format!("{{{}:{}}}", self.type_name(), inner)
    }
}

pub(crate) fn item_to_json(item: &Item) -> Value {
    Value::Object(
        item.iter()
            .map(|(k, v)| (k.clone(), v.to_json()))
            .collect::<Map<_, _>>(),
    )
}

/// Parses a typed item (`{"attr": {"S": "…"}, …}`) with the service's value checks.
pub(crate) fn item_from_json(value: &Value) -> DResult<Item> {
    let obj = value.as_object().ok_or_else(|| {
        DynamoError::validation(
            "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
        )
    })?;
    obj.iter()
        .map(|(k, v)| Ok((k.clone(), attr_from_json(v)?)))
        .collect()
}

pub(crate) fn attr_from_json(value: &Value) -> DResult<AttrValue> {
    attr_at(value, 0)
}

/// The service accepts documents nested 32 levels deep, an attribute's own value being
/// the first level.
const MAX_DEPTH: usize = 32;

fn too_deep() -> DynamoError {
    DynamoError::validation(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit",
    )
}

/// A value `depth` levels below an attribute's own.
fn attr_at(value: &Value, depth: usize) -> DResult<AttrValue> {
    if depth >= MAX_DEPTH {
        return Err(too_deep());
    }
    let empty = || {
        DynamoError::validation(
            "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
        )
    };
    let obj = value.as_object().ok_or_else(empty)?;
    let mut tags = obj.iter();
    let (Some((tag, inner)), None) = (tags.next(), tags.next()) else {
        return Err(if obj.is_empty() {
            empty()
        } else {
            DynamoError::validation(
                "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
            )
        });
    };
    parse_tagged(tag, inner, depth)
}

fn parse_tagged(tag: &str, inner: &Value, depth: usize) -> DResult<AttrValue> {
    match tag {
        "S" => Ok(AttrValue::S(expect_str(inner)?.to_string())),
        "N" => parse_number(expect_str(inner)?).map(AttrValue::N),
        "B" => parse_binary(expect_str(inner)?).map(AttrValue::B),
        "BOOL" => inner.as_bool().map(AttrValue::Bool).ok_or_else(bad_value),
        "NULL" => parse_null(inner),
        "M" => parse_map(inner, depth + 1),
        "L" => parse_list(inner, depth + 1),
        "SS" => {
            parse_set(inner, SetKind::String, |v| Ok(expect_str(v)?.to_string())).map(AttrValue::SS)
        }
        "NS" => {
            parse_set(inner, SetKind::Number, |v| parse_number(expect_str(v)?)).map(AttrValue::NS)
        }
        "BS" => {
            parse_set(inner, SetKind::Binary, |v| parse_binary(expect_str(v)?)).map(AttrValue::BS)
        }
        _ => Err(DynamoError::validation(format!(
            "Supplied AttributeValue has an unsupported datatype: {tag}"
        ))),
    }
}

fn bad_value() -> DynamoError {
    DynamoError::validation("Supplied AttributeValue has an invalid value")
}

fn expect_str(v: &Value) -> DResult<&str> {
    v.as_str().ok_or_else(bad_value)
}

pub(crate) fn parse_number(text: &str) -> DResult<Number> {
    Number::parse(text).map_err(|e| DynamoError::validation(e.message()))
}

fn parse_binary(text: &str) -> DResult<Vec<u8>> {
    super::shape::binary(text)
}

fn parse_null(inner: &Value) -> DResult<AttrValue> {
    match inner.as_bool() {
        Some(true) => Ok(AttrValue::Null),
        _ => Err(invalid_params(
            "Null attribute value types must have the value of true",
        )),
    }
}

fn parse_map(inner: &Value, depth: usize) -> DResult<AttrValue> {
    let obj = inner.as_object().ok_or_else(bad_value)?;
    let map = obj
        .iter()
        .map(|(k, v)| Ok((k.clone(), attr_at(v, depth)?)))
        .collect::<DResult<_>>()?;
    Ok(AttrValue::M(map))
}

fn parse_list(inner: &Value, depth: usize) -> DResult<AttrValue> {
    let arr = inner.as_array().ok_or_else(bad_value)?;
    let values = arr.iter().map(|v| attr_at(v, depth));
    Ok(AttrValue::L(values.collect::<DResult<_>>()?))
}

/// The three set types word their errors differently.
#[derive(Clone, Copy, PartialEq)]
enum SetKind {
    String,
    Number,
    Binary,
}

impl SetKind {
    fn empty(self) -> DynamoError {
        invalid_params(match self {
            SetKind::String => "An string set  may not be empty",
            SetKind::Number => "An number set  may not be empty",
            SetKind::Binary => "Binary sets should not be empty",
        })
    }

    fn duplicates(self, shown: &[String]) -> DynamoError {
        let list = shown.join(", ");
        match self {
            SetKind::String => {
                invalid_params(&format!("Input collection [{list}] contains duplicates."))
            }
            SetKind::Number => DynamoError::validation("Input collection contains duplicates"),
            SetKind::Binary => invalid_params(&format!(
                "Input collection [{list}]of type BS contains duplicates."
            )),
        }
    }
}

fn parse_set<T: PartialEq>(
    inner: &Value,
    kind: SetKind,
    element: impl Fn(&Value) -> DResult<T>,
) -> DResult<Vec<T>> {
    let arr = inner.as_array().ok_or_else(bad_value)?;
    if arr.is_empty() {
        return Err(kind.empty());
    }
    let values: Vec<T> = arr.iter().map(element).collect::<DResult<_>>()?;
    for (i, v) in values.iter().enumerate() {
        if values[..i].contains(v) {
            let shown: Vec<String> = arr
                .iter()
                .map(|v| v.as_str().unwrap_or("").to_string())
                .collect();
            return Err(kind.duplicates(&shown));
        }
    }
    Ok(values)
}
