//! Expressions of one request: parsed, placeholders substituted, checked in
//! the service's order (spec §3 "Check order", steps 2-5).

pub mod ast;
mod error;
pub(crate) mod eval;
pub mod key_condition;
mod lexer;
pub mod parser;
pub(crate) mod projection;
mod reserved;
pub(crate) mod resolve;
pub(crate) mod update;

pub use error::{ExprError, ExprResult};

use indexmap::IndexMap;
use serde_json::Value;

use super::errors::{DResult, DynamoError};
use super::types::attr_from_json;
use ast::{Cond, Path, UpdateAction};
use key_condition::KeyTerm;
use resolve::Placeholders;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Update,
    Condition,
    KeyCondition,
    Filter,
    Projection,
}

impl Kind {
    pub fn member(self) -> &'static str {
        match self {
            Kind::Update => "UpdateExpression",
            Kind::Condition => "ConditionExpression",
            Kind::KeyCondition => "KeyConditionExpression",
            Kind::Filter => "FilterExpression",
            Kind::Projection => "ProjectionExpression",
        }
    }

    fn carries_values(self) -> bool {
        self != Kind::Projection
    }
}

/// The compiled expressions of one request.
#[derive(Debug, Default, Clone)]
pub struct Exprs {
    pub update: Option<Vec<UpdateAction>>,
    pub condition: Option<Cond>,
    pub key: Option<Vec<KeyTerm>>,
    pub filter: Option<Cond>,
    pub projection: Option<Vec<Path>>,
}

fn invalid(kind: Kind, message: ExprError) -> DynamoError {
    DynamoError::validation(format!("Invalid {}: {message}", kind.member()))
}

/// Compiles the expressions `kinds` lists (in the service's order) from `req`.
pub fn compile(req: &Value, kinds: &[Kind]) -> DResult<Exprs> {
    if !uses_expressions(req, kinds) {
        // Nothing to compile, nothing to find unused: most reads by key.
        return Ok(Exprs::default());
    }
    let mut ph = placeholders(req, kinds)?;
    let mut out = Exprs::default();
    for kind in kinds {
        if let Some(src) = req.get(kind.member()).and_then(Value::as_str) {
            compile_one(*kind, src, &mut ph, &mut out)?;
        }
    }
    check_unused(&ph)?;
    Ok(out)
}

/// Expressions may be at most 4 KB.
const MAX_EXPRESSION_BYTES: usize = 4096;

fn compile_one(kind: Kind, src: &str, ph: &mut Placeholders, out: &mut Exprs) -> DResult<()> {
    let fail = |m: ExprError| invalid(kind, m);
    if src.len() > MAX_EXPRESSION_BYTES {
        return Err(fail(ExprError::new(format!(
            "Expression size has exceeded the maximum allowed size; expression size: {}",
            src.len()
        ))));
    }
    match kind {
        Kind::Update => {
            let mut actions = parser::parse_update(src).map_err(fail)?;
            ph.resolve_actions(&mut actions).map_err(fail)?;
            update::validate(&actions).map_err(fail)?;
            out.update = Some(actions);
        }
        Kind::Condition | Kind::Filter => {
            let mut cond = parser::parse_condition(src).map_err(fail)?;
            ph.resolve_cond(&mut cond).map_err(fail)?;
            eval::validate_cond(&cond).map_err(fail)?;
            if kind == Kind::Filter {
                out.filter = Some(cond)
            } else {
                out.condition = Some(cond)
            }
        }
        Kind::KeyCondition => {
            let mut cond = parser::parse_condition(src).map_err(fail)?;
            ph.resolve_cond(&mut cond).map_err(fail)?;
            out.key = Some(key_condition::shape(&cond)?);
        }
        Kind::Projection => {
            let mut paths = parser::parse_projection(src).map_err(fail)?;
            ph.resolve_paths(&mut paths).map_err(fail)?;
            projection::check_overlaps(&paths.iter().collect::<Vec<_>>()).map_err(fail)?;
            out.projection = Some(paths);
        }
    }
    Ok(())
}

fn key_ok(key: &str, sigil: char) -> bool {
    let mut chars = key.chars();
    chars.next() == Some(sigil)
        && key.len() > 1
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether the request holds any expression of `kinds` or any placeholder map.
fn uses_expressions(req: &Value, kinds: &[Kind]) -> bool {
    let members = ["ExpressionAttributeNames", "ExpressionAttributeValues"];
    kinds.iter().any(|k| req.get(k.member()).is_some())
        || members.iter().any(|m| req.get(*m).is_some())
}

fn placeholders(req: &Value, kinds: &[Kind]) -> DResult<Placeholders> {
    let present: Vec<Kind> = kinds
        .iter()
        .copied()
        .filter(|k| req.get(k.member()).is_some())
        .collect();
    let names = names_map(req, &present)?;
    let values = values_map(req, kinds, &present)?;
    Ok(Placeholders::new(names, values))
}

fn names_map(req: &Value, present: &[Kind]) -> DResult<IndexMap<String, String>> {
    let Some(raw) = req
        .get("ExpressionAttributeNames")
        .and_then(Value::as_object)
    else {
        return Ok(IndexMap::new());
    };
    if raw.is_empty() {
        return Err(DynamoError::validation(
            "ExpressionAttributeNames must not be empty",
        ));
    }
    if present.is_empty() {
        return Err(DynamoError::validation(
            "ExpressionAttributeNames can only be specified when using expressions",
        ));
    }
    raw.iter()
        .map(|(k, v)| {
            if !key_ok(k, '#') {
                return Err(DynamoError::validation(format!(
                    "ExpressionAttributeNames contains invalid key: Syntax error; key: \"{k}\""
                )));
            }
            Ok((k.clone(), v.as_str().unwrap_or_default().to_string()))
        })
        .collect()
}

fn values_map(
    req: &Value,
    kinds: &[Kind],
    present: &[Kind],
) -> DResult<IndexMap<String, super::types::AttrValue>> {
    let Some(raw) = req
        .get("ExpressionAttributeValues")
        .and_then(Value::as_object)
    else {
        return Ok(IndexMap::new());
    };
    if raw.is_empty() {
        return Err(DynamoError::validation(
            "ExpressionAttributeValues must not be empty",
        ));
    }
    if !present.iter().any(|k| k.carries_values()) {
        return Err(values_without_expressions(kinds));
    }
    raw.iter()
        .map(|(k, v)| {
            if !key_ok(k, ':') {
                return Err(DynamoError::validation(format!(
                    "ExpressionAttributeValues contains invalid key: Syntax error; key: \"{k}\""
                )));
            }
            let value = attr_from_json(v).map_err(|e| {
                DynamoError::validation(format!(
                    "ExpressionAttributeValues contains invalid value: {} for key {k}",
                    e.message
                ))
            })?;
            Ok((k.clone(), value))
        })
        .collect()
}

fn values_without_expressions(kinds: &[Kind]) -> DynamoError {
    let absent: Vec<&str> = kinds
        .iter()
        .filter(|k| k.carries_values())
        .map(|k| k.member())
        .collect();
    let verb = if absent.len() > 1 { "are" } else { "is" };
    DynamoError::validation(format!(
        "ExpressionAttributeValues can only be specified when using expressions: {} {verb} null",
        absent.join(" and ")
    ))
}

fn check_unused(ph: &Placeholders) -> DResult<()> {
    let names = ph.unused_names();
    if !names.is_empty() {
        return Err(DynamoError::validation(format!(
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {{{}}}",
            names.join(", ")
        )));
    }
    let values = ph.unused_values();
    if !values.is_empty() {
        return Err(DynamoError::validation(format!(
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {{{}}}",
            values.join(", ")
        )));
    }
    Ok(())
}
