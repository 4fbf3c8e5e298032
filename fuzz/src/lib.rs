//! The checks behind every fuzz target. The proptests in `tests/fuzz_props.rs` include
//! this file too, so `cargo fuzz` and `cargo test` feed input to the same entry points
//! and hold the result to the same invariants. A check returns `Err` with what broke;
//! a panic inside the entry point is a finding as well.

use kursus::course::dataset::parse_collection;
use kursus::course::lesson::LessonFile;
use kursus::engine::dynamo::{DynamoError, Engine};
use kursus::shell::split;
use serde_json::{json, Map, Value};
use std::path::Path;

/// What a check found wrong, if anything.
pub type Verdict = Result<(), String>;

/// The file name the loaders put in their messages.
const FILE: &str = "masukan.uji";

// ---- the shell's statement splitter ---------------------------------------------------

/// Units join back to the input modulo whitespace; none is blank; every unit but the
/// last is complete (or a shell command), as the REPL would have evaluated it.
pub fn splitter(input: &str) -> Verdict {
    let units = split::split_units(input);
    if squeeze(&units.concat()) != squeeze(input) {
        return Err(format!("units {units:?} do not join back to the input"));
    }
    if units.iter().any(|unit| unit.trim().is_empty()) {
        return Err(format!("a blank unit in {units:?}"));
    }
    let early = &units[..units.len().saturating_sub(1)];
    match early
        .iter()
        .find(|u| !split::is_complete(u) && !split::is_shell_command(u))
    {
        Some(unit) => Err(format!("unit {unit:?} was cut before it was complete")),
        None => Ok(()),
    }
}

fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

// ---- the DynamoDB expression parsers, through the engine's requests --------------------

const TABLE: &str = "fuzz";
/// Attribute names `#placeholders` stand for, from the items below.
const NAMES: [&str; 10] = [
    "EntityRef",
    "Detail",
    "budget",
    "tags",
    "members",
    "settings",
    "projectName",
    "hits",
    "status",
    "missing",
];

fn value_for(placeholder: &str) -> Value {
    let values = [
        json!({ "S": "W#1" }),
        json!({ "N": "5" }),
        json!({ "S": "P" }),
        json!({ "SS": ["a"] }),
        json!({ "L": [{ "N": "1" }] }),
        json!({ "M": { "k": { "S": "v" } } }),
        json!({ "BOOL": true }),
        json!({ "NULL": true }),
        json!({ "NS": ["1", "2"] }),
        json!({ "B": "AQI=" }),
    ];
    values[pick(placeholder, values.len())].clone()
}

/// A stable choice per placeholder, so a mutation changes what it stands for.
fn pick(placeholder: &str, n: usize) -> usize {
    placeholder.bytes().map(usize::from).sum::<usize>() % n
}

fn items() -> Vec<Value> {
    vec![
        json!({
            "EntityRef": { "S": "W#1" }, "Detail": { "S": "META" }, "budget": { "N": "100" },
            "tags": { "SS": ["a", "b"] }, "hits": { "N": "1" }, "projectName": { "S": "Alpha" },
            "members": { "L": [{ "M": { "r": { "S": "x" } } }, { "S": "y" }] },
            "settings": { "M": { "theme": { "S": "dark" },
                "notifications": { "M": { "slack": { "BOOL": true } } } } }
        }),
        json!({ "EntityRef": { "S": "W#1" }, "Detail": { "S": "P#2" }, "budget": { "N": "5" } }),
        json!({ "EntityRef": { "S": "W#2" }, "Detail": { "S": "META" }, "status": { "S": "on" } }),
    ]
}

fn key() -> Value {
    json!({ "EntityRef": { "S": "W#1" }, "Detail": { "S": "META" } })
}

fn engine() -> Result<Engine, String> {
    let mut engine = Engine::new();
    let create = json!({
        "TableName": TABLE,
        "KeySchema": [{ "AttributeName": "EntityRef", "KeyType": "HASH" },
                      { "AttributeName": "Detail", "KeyType": "RANGE" }],
        "AttributeDefinitions": [{ "AttributeName": "EntityRef", "AttributeType": "S" },
                                 { "AttributeName": "Detail", "AttributeType": "S" }],
        "BillingMode": "PAY_PER_REQUEST"
    });
    engine.execute("CreateTable", create).map_err(failed)?;
    for item in items() {
        let put = json!({ "TableName": TABLE, "Item": item });
        engine.execute("PutItem", put).map_err(failed)?;
    }
    Ok(engine)
}

fn failed(e: DynamoError) -> String {
    format!("setting up the table failed: {e}")
}

/// `#name` and `:value` placeholders of the expressions, each defined once.
fn placeholders(expressions: &[&str], request: &mut Map<String, Value>) {
    let mut names = Map::new();
    let mut values = Map::new();
    for token in expressions.iter().copied().flat_map(tokens) {
        if token.starts_with('#') {
            let name = NAMES[pick(&token, NAMES.len())];
            names.insert(token, json!(name));
        } else {
            let value = value_for(&token);
            values.insert(token, value);
        }
    }
    if !names.is_empty() {
        request.insert("ExpressionAttributeNames".into(), Value::Object(names));
    }
    if !values.is_empty() {
        request.insert("ExpressionAttributeValues".into(), Value::Object(values));
    }
}

fn tokens(expression: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = expression.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c != '#' && c != ':' {
            continue;
        }
        let mut end = start + 1;
        while let Some((at, next)) = chars.peek().copied() {
            if !(next.is_ascii_alphanumeric() || next == '_') {
                break;
            }
            end = at + next.len_utf8();
            chars.next();
        }
        if end > start + 1 {
            out.push(expression[start..end].to_string());
        }
    }
    out
}

fn request(fields: Value, expressions: &[&str]) -> Value {
    let mut request = match fields {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    request.insert("TableName".into(), json!(TABLE));
    placeholders(expressions, &mut request);
    Value::Object(request)
}

/// An engine error must be one the service sends back, with a message.
fn service_error(e: &DynamoError) -> Verdict {
    let known = ["ValidationException", "ConditionalCheckFailedException"];
    if known.contains(&e.code.as_str()) && !e.message.is_empty() {
        Ok(())
    } else {
        Err(format!("unexpected error {e}"))
    }
}

fn all_items(engine: &mut Engine) -> Result<Value, String> {
    let scan = engine.execute("Scan", json!({ "TableName": TABLE }));
    scan.map(|reply| reply["Items"].clone())
        .map_err(|e| format!("a plain Scan failed: {e}"))
}

/// Count matches the items returned, which are never more than the table holds.
fn counted(reply: &Value) -> Verdict {
    let returned = reply["Items"].as_array().map_or(0, Vec::len);
    let count = reply["Count"].as_u64().unwrap_or(u64::MAX);
    if count as usize == returned && returned <= items().len() {
        Ok(())
    } else {
        Err(format!("Count {count} for {returned} items: {reply}"))
    }
}

/// A read-only request leaves every item as it was (as a fresh table holds them).
fn read_only(engine: &mut Engine, reply: Result<Value, DynamoError>) -> Verdict {
    let before = all_items(&mut self::engine()?)?;
    match reply {
        Ok(reply) => counted(&reply)?,
        Err(e) => service_error(&e)?,
    }
    if all_items(engine)? == before {
        Ok(())
    } else {
        Err("a read changed the table".to_string())
    }
}

/// A condition as a Scan's FilterExpression and as a PutItem's ConditionExpression.
pub fn dynamo_condition(expression: &str) -> Verdict {
    let mut engine = engine()?;
    let scan = request(json!({ "FilterExpression": expression }), &[expression]);
    let reply = engine.execute("Scan", scan);
    read_only(&mut engine, reply)?;
    let put = request(
        json!({ "Item": items()[1], "ConditionExpression": expression }),
        &[expression],
    );
    match engine.execute("PutItem", put) {
        Ok(_) => Ok(()),
        Err(e) => service_error(&e),
    }
}

/// A Query's KeyConditionExpression: every item returned has the queried partition key.
pub fn dynamo_key_condition(expression: &str) -> Verdict {
    let mut engine = engine()?;
    let query = request(
        json!({ "KeyConditionExpression": expression }),
        &[expression],
    );
    let reply = engine.execute("Query", query);
    if let Ok(reply) = &reply {
        let partitions: Vec<&Value> = reply["Items"]
            .as_array()
            .map(|items| items.iter().map(|i| &i["EntityRef"]).collect())
            .unwrap_or_default();
        if partitions.windows(2).any(|pair| pair[0] != pair[1]) {
            return Err(format!("one Query returned two partitions: {reply}"));
        }
    }
    read_only(&mut engine, reply)
}

/// An UpdateItem that fails leaves the item untouched; one that succeeds keeps its key.
pub fn dynamo_update(expression: &str) -> Verdict {
    let mut engine = engine()?;
    let before = all_items(&mut engine)?;
    let update = request(
        json!({ "Key": key(), "UpdateExpression": expression, "ReturnValues": "ALL_NEW" }),
        &[expression],
    );
    match engine.execute("UpdateItem", update) {
        Ok(reply) => same_key(&reply["Attributes"]),
        Err(e) => {
            service_error(&e)?;
            let after = all_items(&mut engine)?;
            (after == before)
                .then_some(())
                .ok_or_else(|| format!("a failed update changed the table: {e}"))
        }
    }
}

fn same_key(attributes: &Value) -> Verdict {
    let key = key();
    let kept = ["EntityRef", "Detail"]
        .iter()
        .all(|name| attributes[name] == key[name]);
    kept.then_some(())
        .ok_or_else(|| format!("an update changed the key: {attributes}"))
}

/// A ProjectionExpression on GetItem returns only attributes the item has.
pub fn dynamo_projection(expression: &str) -> Verdict {
    let mut engine = engine()?;
    let get = request(
        json!({ "Key": key(), "ProjectionExpression": expression }),
        &[expression],
    );
    match engine.execute("GetItem", get) {
        Ok(reply) => projected(&reply["Item"]),
        Err(e) => service_error(&e),
    }
}

fn projected(item: &Value) -> Verdict {
    let stored = &items()[0];
    let names: Vec<&String> = item
        .as_object()
        .map(|m| m.keys().collect())
        .unwrap_or_default();
    match names
        .iter()
        .find(|name| stored.get(name.as_str()).is_none())
    {
        Some(name) => Err(format!("projection invented attribute {name}: {item}")),
        None => Ok(()),
    }
}

// ---- the loaders ------------------------------------------------------------------------

/// A collection file: every document read survives a trip through canonical Extended
/// JSON unchanged, and every error names the file.
pub fn extjson(text: &str) -> Verdict {
    match parse_collection(text, Path::new(FILE)) {
        Ok(docs) => {
            let canonical = canonical(&docs);
            let again = parse_collection(&canonical, Path::new(FILE))
                .map_err(|e| format!("canonical form {canonical} does not load: {e}"))?;
            (canonical == self::canonical(&again))
                .then_some(())
                .ok_or_else(|| format!("{canonical} changed on reloading"))
        }
        Err(e) => names_file(&e.to_string()),
    }
}

fn canonical(docs: &[bson::Document]) -> String {
    let values: Vec<Value> = docs
        .iter()
        .map(|doc| bson::Bson::Document(doc.clone()).into_canonical_extjson())
        .collect();
    Value::Array(values).to_string()
}

fn names_file(message: &str) -> Verdict {
    message
        .contains(FILE)
        .then_some(())
        .ok_or_else(|| format!("the error does not name the file: {message}"))
}

/// A lesson file: loaded means valid (its id and ObjectId seed), refused means an error
/// that names the file.
pub fn lesson(text: &str) -> Verdict {
    let expected = lesson_id(text).unwrap_or("pelajaran");
    match LessonFile::parse(text, FILE, expected) {
        Ok(lesson) if lesson.id != expected => Err(format!("loaded with id {}", lesson.id)),
        Ok(lesson) if lesson.seed().is_none() => Err(format!("bad seed {}", lesson.objectid)),
        Ok(_) => Ok(()),
        Err(e) => names_file(&e.to_string()),
    }
}

/// The `id = "…"` a lesson declares, so that mutations get past the id check.
fn lesson_id(text: &str) -> Option<&str> {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("id = \""))?;
    line.split('"').nth(1)
}

// ---- the MongoDB wire protocol's frame decoder -------------------------------------------

/// Any bytes: the decoder answers without panicking; a frame it accepts has the length it
/// declares, and the command it yields encodes again within the frame's size.
pub fn mongo_frame(input: &[u8]) -> Verdict {
    use kursus::wire::frame;
    let Ok((header, request)) = frame::decode(input) else {
        return Ok(());
    };
    if header.length != input.len() {
        return Err(format!(
            "accepted {} bytes as a frame of {}",
            input.len(),
            header.length
        ));
    }
    let encoded = bson::to_vec(request.command()).map_err(|e| e.to_string())?;
    if encoded.len() > input.len() + array_growth(request.command()) {
        return Err(format!(
            "a {}-byte frame decoded to {} bytes",
            input.len(),
            encoded.len()
        ));
    }
    Ok(())
}

/// How much a command may outgrow its frame: a sequence becomes an array whose every
/// document gains a type byte and an index key (digits and a NUL); nothing else grows.
fn array_growth(command: &bson::Document) -> usize {
    let elements: usize = command
        .values()
        .filter_map(bson::Bson::as_array)
        .map(Vec::len)
        .sum();
    elements * (2 + elements.to_string().len())
}
