//! The actions, one file per family. Shared request helpers live here.

mod account;
mod batch;
mod index_rules;
mod item;
mod item_read;
mod page;
mod query;
mod scan;
mod settings;
mod stream_spec;
mod table;
mod tags;
mod tokens;
mod transact;
mod update_table;
mod write;

pub(super) use account::{describe_endpoints, describe_limits};
pub(super) use item_read::ItemRead;
pub(super) use page::Page;
pub(super) use tokens::Tokens;

use std::collections::BTreeMap;

use serde_json::Value;

use super::errors::{shape_error, DResult, DynamoError};
use super::table::Table;
use super::types::{item_from_json, Item};
use super::Engine;

/// A required string member, with the service's null-member text.
fn required_str<'a>(req: &'a Value, member: &str) -> DResult<&'a str> {
    req.get(member).and_then(Value::as_str).ok_or_else(|| {
        let field = lower_first(member);
        shape_error(&format!(
            "Value null at '{field}' failed to satisfy constraint: Member must not be null"
        ))
    })
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_ascii_lowercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

fn bool_member(req: &Value, member: &str) -> bool {
    req.get(member).and_then(Value::as_bool).unwrap_or(false)
}

fn item_member(req: &Value, member: &str) -> DResult<Item> {
    let value = req.get(member).ok_or_else(|| {
        let field = lower_first(member);
        shape_error(&format!(
            "Value null at '{field}' failed to satisfy constraint: Member must not be null"
        ))
    })?;
    item_from_json(value)
}

/// A table by name or by the ARN DescribeTable reports for it, borrowing only the
/// tables: a read keeps it while the request's log record is written.
fn table_in<'t>(tables: &'t BTreeMap<String, Table>, name: &str) -> DResult<&'t Table> {
    tables
        .get(tags::named_by(name))
        .ok_or_else(DynamoError::not_found)
}

impl Engine {
    pub(in crate::engine::dynamo) fn table_ref(&self, name: &str) -> DResult<&Table> {
        table_in(&self.tables, name)
    }

    fn table_mut(&mut self, name: &str) -> DResult<&mut Table> {
        let name = tags::named_by(name);
        self.tables.get_mut(name).ok_or_else(DynamoError::not_found)
    }
}
