//! Everything a model stored, read back from the engines: the documents of every
//! collection of its database, or the items of every table. Sizes, longest arrays
//! and what an update changed are all measured on these snapshots.

use super::spec::Engine;
use crate::course::shell_port::ShellPort;
use crate::course::state::scan_all;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// One stored document or item.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    /// `collection` or `table`, for feedback.
    pub container: String,
    /// The partition it lives in (`table pk-value`), DynamoDB only.
    pub partition: Option<String>,
    pub bytes: usize,
    pub value: Value,
}

/// Stored records by identity (`collection _id` or `table key`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Snapshot {
    pub records: BTreeMap<String, Stored>,
}

impl Snapshot {
    pub fn take<S: ShellPort>(shell: &mut S, engine: Engine, db: &str) -> Snapshot {
        let snapshot = match engine {
            Engine::Mongo => mongo(shell, db),
            Engine::Dynamodb => dynamo(shell),
        };
        shell.take_plan_log();
        shell.take_command_log();
        shell.take_dynamo_log();
        snapshot
    }

    /// Identities added, removed or changed since `before`.
    pub fn changed_since<'a>(&'a self, before: &'a Snapshot) -> Vec<&'a String> {
        let removed = before
            .records
            .keys()
            .filter(|id| !self.records.contains_key(*id));
        let added_or_changed = self
            .records
            .iter()
            .filter(|(id, s)| before.records.get(*id).map(|b| &b.value) != Some(&s.value))
            .map(|(id, _)| id);
        removed.chain(added_or_changed).collect()
    }

    /// The largest record: (bytes, where).
    pub fn largest(&self) -> Option<(usize, &str)> {
        let biggest = self.records.values().max_by_key(|s| s.bytes)?;
        Some((biggest.bytes, biggest.container.as_str()))
    }

    /// The longest array anywhere: (length, `container.field`).
    pub fn longest_array(&self) -> Option<(usize, String)> {
        self.records
            .values()
            .filter_map(|s| {
                let (len, field) = longest_in(&s.value, "")?;
                Some((len, format!("{}.{field}", s.container)))
            })
            .max_by_key(|(len, _)| *len)
    }
}

/// The longest array inside `value` and the top-level field holding it.
fn longest_in(value: &Value, field: &str) -> Option<(usize, String)> {
    let here = |len: usize| Some((len, field.to_string()));
    match value {
        Value::Array(items) => {
            let inner = items.iter().filter_map(|v| longest_in(v, field));
            inner.chain(here(items.len())).max_by_key(|(len, _)| *len)
        }
        Value::Object(map) => map
            .iter()
            .filter_map(|(k, v)| longest_in(v, if field.is_empty() { k } else { field }))
            .max_by_key(|(len, _)| *len),
        _ => None,
    }
}

fn mongo<S: ShellPort>(shell: &mut S, db: &str) -> Snapshot {
    let mut records = BTreeMap::new();
    for name in shell.collection_names() {
        for doc in shell.collection_state(db, &name).docs {
            let bytes = bson::to_vec(&doc).map(|b| b.len()).unwrap_or(0);
            let id = doc.get("_id").cloned().unwrap_or(bson::Bson::Null);
            let value = bson::Bson::Document(doc).into_relaxed_extjson();
            let stored = Stored {
                container: name.clone(),
                partition: None,
                bytes,
                value,
            };
            records.insert(format!("{name} {}", id.into_relaxed_extjson()), stored);
        }
    }
    Snapshot { records }
}

fn dynamo<S: ShellPort>(shell: &mut S) -> Snapshot {
    let mut records = BTreeMap::new();
    let listed = shell.dynamo_execute("ListTables", json!({})).ok();
    let names = listed
        .as_ref()
        .and_then(|r| r.get("TableNames"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for name in names.iter().filter_map(Value::as_str) {
        let keys = key_schema(shell, name);
        for item in scan_all(shell, name) {
            let key: Vec<String> = keys.iter().map(|k| plain_key(&item, k)).collect();
            let stored = Stored {
                container: name.to_string(),
                partition: key.first().map(|pk| format!("{name} {pk}")),
                bytes: item.to_string().len(),
                value: item,
            };
            records.insert(format!("{name} {}", key.join(" | ")), stored);
        }
    }
    Snapshot { records }
}

/// The key attribute names, partition key first.
fn key_schema<S: ShellPort>(shell: &mut S, table: &str) -> Vec<String> {
    let described = shell
        .dynamo_execute("DescribeTable", json!({ "TableName": table }))
        .unwrap_or_default();
    let schema = described["Table"]["KeySchema"].as_array().cloned();
    let mut keys: Vec<(bool, String)> = schema
        .unwrap_or_default()
        .iter()
        .filter_map(|k| {
            let name = k.get("AttributeName")?.as_str()?.to_string();
            Some((k.get("KeyType")? != "HASH", name))
        })
        .collect();
    keys.sort();
    keys.into_iter().map(|(_, name)| name).collect()
}

/// A key attribute's value without its type (`WS#acme`, `7`).
fn plain_key(item: &Value, attribute: &str) -> String {
    let typed = item.get(attribute).and_then(Value::as_object);
    let value = typed.and_then(|t| t.values().next());
    match value {
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(values: &[(&str, Value)]) -> Snapshot {
        let records = values
            .iter()
            .map(|(id, v)| {
                let stored = Stored {
                    container: "c".into(),
                    partition: None,
                    bytes: v.to_string().len(),
                    value: v.clone(),
                };
                (id.to_string(), stored)
            })
            .collect();
        Snapshot { records }
    }

    #[test]
    fn changes_count_additions_removals_and_edits() {
        let before = snapshot(&[("a", json!(1)), ("b", json!(2)), ("c", json!(3))]);
        let after = snapshot(&[("a", json!(1)), ("b", json!(5)), ("d", json!(4))]);
        let changed = after.changed_since(&before);
        assert_eq!(changed, vec!["c", "b", "d"]);
        assert!(before.changed_since(&before).is_empty());
    }

    #[test]
    fn the_longest_array_is_found_at_any_depth_and_named_by_its_field() {
        let nested = json!({ "x": [1, 2], "riwayat": { "L": [[1], [1, 2, 3]] } });
        let s = snapshot(&[("a", nested)]);
        assert_eq!(s.longest_array(), Some((3, "c.riwayat".to_string())));
    }
}
