//! CreateTable, DescribeTable, ListTables, DeleteTable.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Map, Value};

use super::{index_rules, required_str, stream_spec, DResult, DynamoError, Engine};
use crate::engine::dynamo::errors::{invalid_params, shape_error};
use crate::engine::dynamo::size::item_size;
use crate::engine::dynamo::table::{Index, KeySchema, Projection, Table};

/// Table and index names: 3-255 characters from `[a-zA-Z0-9_.-]`.
pub(super) fn check_name(name: &str, member: &str) -> DResult<()> {
    let constraint = if name.len() < 3 {
        "Member must have length greater than or equal to 3"
    } else if name.len() > 255 {
        "Member must have length less than or equal to 255"
    } else if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
    {
        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
    } else {
        return Ok(());
    };
    Err(shape_error(&format!(
        "Value '{name}' at '{member}' failed to satisfy constraint: {constraint}"
    )))
}

fn parse_key_schema(value: Option<&Value>) -> DResult<KeySchema> {
    let elems = value.and_then(Value::as_array).cloned().unwrap_or_default();
    let find = |kind: &str| {
        elems
            .iter()
            .filter(|e| e.get("KeyType").and_then(Value::as_str) == Some(kind))
            .collect::<Vec<_>>()
    };
    let (hashes, ranges) = (find("HASH"), find("RANGE"));
    if hashes.len() != 1 || ranges.len() > 1 || hashes.len() + ranges.len() != elems.len() {
        return Err(invalid_params(
            "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
        ));
    }
    let name = |e: &Value| {
        e.get("AttributeName")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    Ok(KeySchema {
        hash: name(hashes[0]),
        range: ranges.first().map(|e| name(e)),
    })
}

fn parse_projection(value: Option<&Value>) -> Projection {
    let kind = value
        .and_then(|p| p.get("ProjectionType"))
        .and_then(Value::as_str)
        .unwrap_or("ALL");
    match kind {
        "KEYS_ONLY" => Projection::KeysOnly,
        "INCLUDE" => {
            let names = value
                .and_then(|p| p.get("NonKeyAttributes"))
                .and_then(Value::as_array);
            let names = names.map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            });
            Projection::Include(names.unwrap_or_default())
        }
        _ => Projection::All,
    }
}

pub(super) fn parse_index(def: &Value, global: bool, table: &KeySchema) -> DResult<Index> {
    let name = def
        .get("IndexName")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    check_name(&name, "indexName")?;
    let schema = parse_key_schema(def.get("KeySchema"))?;
    if !global && (schema.hash != table.hash || schema.range.is_none()) {
        return Err(invalid_params(
            "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
        ));
    }
    Ok(Index {
        name,
        global,
        schema,
        projection: parse_projection(def.get("Projection")),
        entries: BTreeSet::new(),
        definition: def.clone(),
    })
}

pub(super) fn parse_definitions(req: &Value) -> Vec<(String, String)> {
    let defs = req
        .get("AttributeDefinitions")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let field = |d: &Value, k: &str| {
        d.get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    defs.iter()
        .map(|d| (field(d, "AttributeName"), field(d, "AttributeType")))
        .collect()
}

fn check_definitions(
    defs: &[(String, String)],
    schema: &KeySchema,
    indexes: &[Index],
) -> DResult<()> {
    let mut used: BTreeSet<&str> = BTreeSet::new();
    for s in std::iter::once(schema).chain(indexes.iter().map(|i| &i.schema)) {
        used.insert(&s.hash);
        if let Some(r) = &s.range {
            used.insert(r);
        }
    }
    if used.iter().any(|u| !defs.iter().any(|(n, _)| n == u)) {
        return Err(DynamoError::validation(
            "Invalid KeySchema: Some index key attribute have no definition",
        ));
    }
    if defs.len() != used.len() {
        return Err(invalid_params(
            "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
        ));
    }
    Ok(())
}

fn parse_indexes(
    req: &Value,
    member: &str,
    global: bool,
    schema: &KeySchema,
) -> DResult<Vec<Index>> {
    let defs = req
        .get(member)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if !global && !defs.is_empty() && schema.range.is_none() {
        return Err(invalid_params(
            "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
        ));
    }
    defs.iter()
        .map(|d| parse_index(d, global, schema))
        .collect()
}

/// PROVISIONED, the default billing mode, needs capacity for the table and for
/// every global index; the service does not invent any.
fn check_provisioned(req: &Value, on_demand: bool) -> DResult<()> {
    if on_demand {
        return Ok(());
    }
    if req.get("ProvisionedThroughput").is_none() {
        return Err(invalid_params(
            "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
        ));
    }
    let globals = req.get("GlobalSecondaryIndexes").and_then(Value::as_array);
    let bare = globals
        .into_iter()
        .flatten()
        .find(|d| d.get("ProvisionedThroughput").is_none());
    match bare {
        Some(def) => Err(invalid_params(&format!(
            "ProvisionedThroughput is not specified for index: {}",
            def.get("IndexName")
                .and_then(Value::as_str)
                .unwrap_or_default()
        ))),
        None => Ok(()),
    }
}

impl Engine {
    pub(in crate::engine::dynamo) fn create_table(&mut self, req: &Value) -> DResult<Value> {
        let name = required_str(req, "TableName")?.to_string();
        check_name(&name, "tableName")?;
        super::update_table::check_throughput(req)?;
        let defined = index_rules::defined_names(req)?;
        index_rules::check_key_definitions(&defined, req.get("KeySchema"))?;
        index_rules::check_key_order(req.get("KeySchema"))?;
        let schema = parse_key_schema(req.get("KeySchema"))?;
        let ctx = index_rules::Context {
            defined: &defined,
            table_hash: &schema.hash,
            on_demand: req.get("BillingMode").and_then(Value::as_str) == Some("PAY_PER_REQUEST"),
        };
        index_rules::check_index_lists(req, &ctx)?;
        check_provisioned(req, ctx.on_demand)?;
        let mut indexes = parse_indexes(req, "LocalSecondaryIndexes", false, &schema)?;
        indexes.extend(parse_indexes(req, "GlobalSecondaryIndexes", true, &schema)?);
        let attr_types = parse_definitions(req);
        check_definitions(&attr_types, &schema, &indexes)?;
        if self.tables.contains_key(&name) {
            return Err(DynamoError::new(
                "ResourceInUseException",
                format!("Table already exists: {name}"),
            ));
        }
        self.clock += 1.0;
        let created = self.now();
        let stream = stream_spec::requested(req, created)?;
        let table = Table {
            name: name.clone(),
            schema,
            attr_types,
            indexes,
            partitions: BTreeMap::new(),
            item_count: 0,
            size_bytes: 0,
            definition: req.clone(),
            created,
            ttl: None,
            tags: super::tags::parse_tags(req)?,
            stream,
            id: self.wall.is_some().then(|| table_id(&name, created)),
        };
        let description = describe(&table, "ACTIVE");
        self.tables.insert(name, table);
        Ok(json!({ "TableDescription": description }))
    }

    pub(in crate::engine::dynamo) fn describe_table(&mut self, req: &Value) -> DResult<Value> {
        let table = self.table_ref(required_str(req, "TableName")?)?;
        Ok(json!({ "Table": describe(table, "ACTIVE") }))
    }

    pub(in crate::engine::dynamo) fn delete_table(&mut self, req: &Value) -> DResult<Value> {
        let name = required_str(req, "TableName")?;
        let table = self
            .tables
            .remove(super::tags::named_by(name))
            .ok_or_else(DynamoError::not_found)?;
        Ok(json!({ "TableDescription": describe(&table, "DELETING") }))
    }

    pub(in crate::engine::dynamo) fn list_tables(&mut self, req: &Value) -> DResult<Value> {
        let start = req.get("ExclusiveStartTableName").and_then(Value::as_str);
        let limit = list_limit(req)?;
        let names: Vec<&String> = self
            .tables
            .keys()
            .filter(|n| start.is_none_or(|s| n.as_str() > s))
            .collect();
        let page: Vec<&String> = names.iter().take(limit).copied().collect();
        let mut out = json!({ "TableNames": page });
        if names.len() > limit {
            out["LastEvaluatedTableName"] = json!(page.last());
        }
        Ok(out)
    }
}

/// ListTables' `Limit`: 1 to 100, 100 when absent.
fn list_limit(req: &Value) -> DResult<usize> {
    let Some(raw) = req.get("Limit") else {
        return Ok(100);
    };
    let constraint = match raw.as_i64() {
        Some(n) if (1..=100).contains(&n) => return Ok(n as usize),
        Some(n) if n > 100 => "Member must have value less than or equal to 100",
        _ => "Member must have value greater than or equal to 1",
    };
    Err(shape_error(&format!(
        "Value '{raw}' at 'limit' failed to satisfy constraint: {constraint}"
    )))
}

fn warm() -> Value {
    json!({ "ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000, "Status": "ACTIVE" })
}

fn throughput(def: &Value) -> Value {
    let pt = def.get("ProvisionedThroughput");
    let units = |k: &str| {
        pt.and_then(|p| p.get(k))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    };
    json!({ "ReadCapacityUnits": units("ReadCapacityUnits"), "WriteCapacityUnits": units("WriteCapacityUnits") })
}

fn index_description(index: &Index) -> Value {
    let mut out = Map::new();
    for member in ["IndexName", "KeySchema", "Projection"] {
        if let Some(v) = index.definition.get(member) {
            out.insert(member.into(), v.clone());
        }
    }
    if index.global {
        out.insert("IndexStatus".into(), json!("ACTIVE"));
        out.insert(
            "ProvisionedThroughput".into(),
            throughput(&index.definition),
        );
        out.insert("WarmThroughput".into(), warm());
    }
    Value::Object(out)
}

/// The TableDescription as moto/AWS shape it.
pub(crate) fn describe(table: &Table, status: &str) -> Value {
    let def = &table.definition;
    let mut pt = throughput(def);
    pt["NumberOfDecreasesToday"] = json!(0);
    let billing = def
        .get("BillingMode")
        .and_then(Value::as_str)
        .unwrap_or("PROVISIONED");
    let mut out = json!({
        "AttributeDefinitions": def.get("AttributeDefinitions").cloned().unwrap_or(json!([])),
        "TableName": table.name,
        "KeySchema": def.get("KeySchema").cloned().unwrap_or(json!([])),
        "TableStatus": status,
        "CreationDateTime": table.created,
        "ProvisionedThroughput": pt,
        "TableSizeBytes": table.size_bytes,
        "ItemCount": table.item_count,
        "TableArn": super::tags::table_arn(&table.name),
        "BillingModeSummary": { "BillingMode": billing },
    });
    let lsis: Vec<Value> = table
        .indexes
        .iter()
        .filter(|i| !i.global)
        .map(index_description)
        .collect();
    let gsis: Vec<Value> = table
        .indexes
        .iter()
        .filter(|i| i.global)
        .map(index_description)
        .collect();
    if !lsis.is_empty() {
        out["LocalSecondaryIndexes"] = json!(lsis);
    }
    if !gsis.is_empty() {
        out["GlobalSecondaryIndexes"] = json!(gsis);
    }
    out["DeletionProtectionEnabled"] = json!(false);
    out["WarmThroughput"] = warm();
    let arn = super::tags::table_arn(&table.name);
    if let Some(stream) = &table.stream {
        stream_spec::describe(stream, &arn, &mut out);
    }
    if let Some(id) = &table.id {
        out["TableId"] = json!(id);
        describe_live_indexes(table, &arn, &mut out);
    }
    out
}

/// What only a live table's indexes report: their ARNs and what they hold now.
fn describe_live_indexes(table: &Table, arn: &str, out: &mut Value) {
    for list in ["LocalSecondaryIndexes", "GlobalSecondaryIndexes"] {
        let Some(Value::Array(described)) = out.get_mut(list) else {
            continue;
        };
        for entry in described {
            let name = entry["IndexName"].as_str().unwrap_or_default().to_string();
            let Some(index) = table.index(&name) else {
                continue;
            };
            entry["IndexArn"] = json!(format!("{arn}/index/{name}"));
            entry["IndexSizeBytes"] = json!(index_size(table, index));
            entry["ItemCount"] = json!(index.entries.len());
        }
    }
}

/// Bytes of the items an index holds, as projected into it.
fn index_size(table: &Table, index: &Index) -> usize {
    let items = index.entries.iter().filter_map(|(_, _, hash, range)| {
        let item = table.get(&(hash.clone(), range.clone()))?;
        index.entry(table, item)
    });
    items.map(|item| item_size(&item)).sum()
}

/// A table id in the service's UUID form, unique to this table and moment.
fn table_id(name: &str, created: f64) -> String {
    use std::hash::BuildHasher;
    // Each `RandomState` is keyed afresh: two tables made alike still differ.
    let half = |salt: u8| {
        let state = std::collections::hash_map::RandomState::new();
        state.hash_one((name, created.to_bits(), salt))
    };
    let (a, b) = (half(1), half(2));
    let version = (a & 0xffff_ffff_ffff_0fff) | 0x4000;
    let variant = (b & 0x3fff_ffff_ffff_ffff) | 0x8000_0000_0000_0000;
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        version >> 32,
        (version >> 16) & 0xffff,
        version & 0xffff,
        variant >> 48,
        variant & 0xffff_ffff_ffff
    )
}
