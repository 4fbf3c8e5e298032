//! The request-shape constraints of the API model (required members, enums, name
//! patterns, lengths and ranges), checked before anything else. The service checks
//! every member and reports all violations in one message,
//! `N validation errors detected: Value … at '…' failed to satisfy constraint: …; Value …`,
//! naming at most ten of them. Members are listed in the order the service reports them.

mod legacy;
mod nested;
mod serial;

pub(crate) use serial::binary;

use serde_json::{Map, Value};

use super::errors::{DResult, DynamoError};

/// One constraint of the API model on a member's value.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Rule {
    Required,
    OneOf(&'static [&'static str]),
    /// `[a-zA-Z0-9_.-]+`, the pattern of table and index names.
    NamePattern,
    MinLength(usize),
    MaxLength(usize),
    AtLeast(i64),
    AtMost(i64),
    /// A `TableName` the service also takes as a table ARN: a name's pattern and
    /// lengths, or an ARN's 1 to 1024 characters.
    TableRef,
}

use Rule::*;

/// A top-level member of a request and its constraints.
pub(crate) type Member = (&'static str, &'static [Rule]);

/// The service names at most this many violations in one message.
const MAX_REPORTED: usize = 10;

pub(crate) const TABLE_NAME: &[Rule] = &[Required, TableRef];
const NAME_RULES: &[Rule] = &[NamePattern, MinLength(3), MaxLength(255)];
const ARN_RULES: &[Rule] = &[MinLength(1), MaxLength(1024)];
const INDEX_NAME: &[Rule] = NAME_RULES;
const CONSUMED: &[Rule] = &[OneOf(&["INDEXES", "TOTAL", "NONE"])];
const METRICS: &[Rule] = &[OneOf(&["SIZE", "NONE"])];
const RETURN_VALUES: &[Rule] = &[OneOf(&[
    "ALL_NEW",
    "UPDATED_OLD",
    "ALL_OLD",
    "NONE",
    "UPDATED_NEW",
])];
const ON_CONDITION_FAILURE: &[Rule] = &[OneOf(&["ALL_OLD", "NONE"])];
const OPERATOR: &[Rule] = &[OneOf(&["OR", "AND"])];
const SELECT: &[Rule] = &[OneOf(&[
    "SPECIFIC_ATTRIBUTES",
    "COUNT",
    "ALL_ATTRIBUTES",
    "ALL_PROJECTED_ATTRIBUTES",
])];
const ATTRIBUTES_TO_GET: &[Rule] = &[MinLength(1), MaxLength(255)];
const LIMIT: &[Rule] = &[AtLeast(1)];
const REQUIRED: &[Rule] = &[Required];
/// A legacy parameter's map, whose entries `legacy::member` checks.
const LEGACY_MAP: &[Rule] = &[];

const GET_ITEM: &[Member] = &[
    ("ReturnConsumedCapacity", CONSUMED),
    ("AttributesToGet", ATTRIBUTES_TO_GET),
    ("TableName", TABLE_NAME),
    ("Key", REQUIRED),
];

const PUT_ITEM: &[Member] = &[
    ("ReturnConsumedCapacity", CONSUMED),
    ("TableName", TABLE_NAME),
    ("Item", REQUIRED),
    ("ConditionalOperator", OPERATOR),
    ("Expected", LEGACY_MAP),
    ("ReturnValues", RETURN_VALUES),
    ("ReturnItemCollectionMetrics", METRICS),
    ("ReturnValuesOnConditionCheckFailure", ON_CONDITION_FAILURE),
];

const UPDATE_ITEM: &[Member] = &[
    ("ReturnConsumedCapacity", CONSUMED),
    ("TableName", TABLE_NAME),
    ("ReturnItemCollectionMetrics", METRICS),
    ("ReturnValues", RETURN_VALUES),
    ("Key", REQUIRED),
    ("ConditionalOperator", OPERATOR),
    ("Expected", LEGACY_MAP),
    ("AttributeUpdates", LEGACY_MAP),
    ("ReturnValuesOnConditionCheckFailure", ON_CONDITION_FAILURE),
];

const DELETE_ITEM: &[Member] = &[
    ("ReturnConsumedCapacity", CONSUMED),
    ("TableName", TABLE_NAME),
    ("ReturnValues", RETURN_VALUES),
    ("ReturnItemCollectionMetrics", METRICS),
    ("Key", REQUIRED),
    ("ConditionalOperator", OPERATOR),
    ("Expected", LEGACY_MAP),
    ("ReturnValuesOnConditionCheckFailure", ON_CONDITION_FAILURE),
];

// Query's `Limit` is not among them: the service checks it after the model, in its
// own words (see `ops::page::query_limit`).
const QUERY: &[Member] = &[
    ("Select", SELECT),
    ("IndexName", INDEX_NAME),
    ("ReturnConsumedCapacity", CONSUMED),
    ("QueryFilter", LEGACY_MAP),
    ("TableName", TABLE_NAME),
    ("ConditionalOperator", OPERATOR),
    ("AttributesToGet", ATTRIBUTES_TO_GET),
    ("KeyConditions", LEGACY_MAP),
];

const SCAN: &[Member] = &[
    ("Select", SELECT),
    ("IndexName", INDEX_NAME),
    ("TotalSegments", &[AtLeast(1), AtMost(1_000_000)]),
    ("ReturnConsumedCapacity", CONSUMED),
    ("TableName", TABLE_NAME),
    ("ConditionalOperator", OPERATOR),
    ("ScanFilter", LEGACY_MAP),
    ("Segment", &[AtLeast(0), AtMost(999_999)]),
    ("Limit", LIMIT),
    ("AttributesToGet", ATTRIBUTES_TO_GET),
];

const BATCH_GET: &[Member] = &[
    ("ReturnConsumedCapacity", CONSUMED),
    ("RequestItems", &[Required, MinLength(1)]),
];

const BATCH_WRITE: &[Member] = &[
    ("ReturnConsumedCapacity", CONSUMED),
    ("ReturnItemCollectionMetrics", METRICS),
    ("RequestItems", &[Required, MinLength(1)]),
];

const TRANSACT_WRITE: &[Member] = &[
    ("ReturnConsumedCapacity", CONSUMED),
    ("ReturnItemCollectionMetrics", METRICS),
    ("TransactItems", &[Required, MaxLength(100), MinLength(1)]),
    ("ClientRequestToken", &[MinLength(1), MaxLength(36)]),
];

const TRANSACT_GET: &[Member] = &[
    ("ReturnConsumedCapacity", CONSUMED),
    ("TransactItems", &[Required, MaxLength(100), MinLength(1)]),
];

const EXECUTE_STATEMENT: &[Member] = &[
    ("Statement", &[Required, MinLength(1), MaxLength(8192)]),
    ("Parameters", &[MinLength(1)]),
    ("NextToken", &[MinLength(1), MaxLength(32768)]),
    ("ReturnConsumedCapacity", CONSUMED),
    ("Limit", LIMIT),
    ("ReturnValuesOnConditionCheckFailure", ON_CONDITION_FAILURE),
];

const BATCH_EXECUTE_STATEMENT: &[Member] = &[
    ("Statements", &[Required, MinLength(1), MaxLength(25)]),
    ("ReturnConsumedCapacity", CONSUMED),
];

const EXECUTE_TRANSACTION: &[Member] = &[
    (
        "TransactStatements",
        &[Required, MinLength(1), MaxLength(100)],
    ),
    ("ClientRequestToken", &[MinLength(1), MaxLength(36)]),
    ("ReturnConsumedCapacity", CONSUMED),
];

/// The members an action's model constrains, or `None` for the actions that check
/// their own shape where they are run.
fn members(action: &str) -> Option<&'static [Member]> {
    Some(match action {
        "GetItem" => GET_ITEM,
        "PutItem" => PUT_ITEM,
        "UpdateItem" => UPDATE_ITEM,
        "DeleteItem" => DELETE_ITEM,
        "Query" => QUERY,
        "Scan" => SCAN,
        "BatchGetItem" => BATCH_GET,
        "BatchWriteItem" => BATCH_WRITE,
        "TransactWriteItems" => TRANSACT_WRITE,
        "TransactGetItems" => TRANSACT_GET,
        "ExecuteStatement" => EXECUTE_STATEMENT,
        "BatchExecuteStatement" => BATCH_EXECUTE_STATEMENT,
        "ExecuteTransaction" => EXECUTE_TRANSACTION,
        _ => return None,
    })
}

/// Checks a request against its action's model, nested members included.
pub(crate) fn check(action: &str, req: &Value) -> DResult<()> {
    serial::check_types(req)?;
    no_request_items(action, req)?;
    if action == "CreateTable" || action == "UpdateTable" {
        return table_definition(action, req);
    }
    let Some(members) = members(action) else {
        return Ok(());
    };
    let mut found = Violations::default();
    for (name, rules) in members {
        match legacy::member(name) {
            Some(check) => check(req.get(*name), &lower_first(name), &mut found),
            None => found.check_with(req.get(*name), || lower_first(name), rules),
        }
    }
    match action {
        "BatchGetItem" => nested::batch_get(req, &mut found),
        "BatchWriteItem" => nested::batch_write(req, &mut found),
        "TransactWriteItems" => nested::transact_write(req, &mut found),
        "TransactGetItems" => nested::transact_get(req, &mut found),
        _ => {}
    }
    found.into_result()
}

/// An empty `RequestItems` map is refused in the batch's own words, before the model's
/// constraints are reported.
fn no_request_items(action: &str, req: &Value) -> DResult<()> {
    let batch = matches!(action, "BatchGetItem" | "BatchWriteItem");
    let empty = req
        .get("RequestItems")
        .and_then(Value::as_object)
        .is_some_and(Map::is_empty);
    if batch && empty {
        return Err(DynamoError::validation(format!(
            "The requestItems parameter is required for {action}"
        )));
    }
    Ok(())
}

/// CreateTable and UpdateTable name a missing or badly sized table in their own
/// words first, then report the violations of the definitions together.
fn table_definition(action: &str, req: &Value) -> DResult<()> {
    if action == "CreateTable" {
        nested::required_table_name(req)?;
    } else {
        nested::create_table_name(req)?;
    }
    let mut found = Violations::default();
    if action == "CreateTable" {
        nested::create_table(req, &mut found);
    } else {
        nested::update_table(req, &mut found);
    }
    found.into_result()
}

/// `tableName` for `TableName`: the service's spelling of member paths.
pub(crate) fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_ascii_lowercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// The violations found so far, in the order they were found.
#[derive(Debug, Default)]
pub(crate) struct Violations(Vec<String>);

impl Violations {
    /// Checks one value at `path` against `rules`; an absent value breaks only `Required`.
    pub(crate) fn check(&mut self, value: Option<&Value>, path: &str, rules: &[Rule]) {
        self.check_with(value, || path.to_string(), rules);
    }

    /// As `check`, with the path spelled only for a violation: every request checks
    /// its top-level members, and almost none breaks a rule.
    fn check_with(&mut self, value: Option<&Value>, path: impl Fn() -> String, rules: &[Rule]) {
        let value = value.filter(|v| !v.is_null());
        for rule in rules.iter().flat_map(|rule| expanded(rule, value)) {
            if let Some(constraint) = broken(*rule, value) {
                self.push(value, &path(), &constraint);
            }
        }
    }

    /// Records a violation that no [`Rule`] describes, in the service's wording.
    pub(crate) fn push(&mut self, value: Option<&Value>, path: &str, constraint: &str) {
        let shown = value.map_or_else(|| "null".to_string(), |v| format!("'{}'", render(v)));
        self.0.push(format!(
            "Value {shown} at '{path}' failed to satisfy constraint: {constraint}"
        ));
    }

    /// Records a violation the service words in its own way.
    pub(crate) fn push_text(&mut self, text: String) {
        self.0.push(text);
    }

    /// Several violations make one `ValidationException`, the first ten named.
    pub(crate) fn into_result(self) -> DResult<()> {
        if self.0.is_empty() {
            return Ok(());
        }
        let named: Vec<String> = self.0.into_iter().take(MAX_REPORTED).collect();
        let plural = if named.len() == 1 { "" } else { "s" };
        Err(DynamoError::validation(format!(
            "{} validation error{plural} detected: {}",
            named.len(),
            named.join("; ")
        )))
    }
}

/// The rules a `TableRef` stands for, given the value; any other rule as it is.
fn expanded<'r>(rule: &'r Rule, value: Option<&Value>) -> &'r [Rule] {
    match rule {
        // An empty name breaks the one constraint names and ARNs share.
        TableRef
            if value
                .and_then(Value::as_str)
                .is_some_and(|s| s.is_empty() || is_arn(s)) =>
        {
            ARN_RULES
        }
        TableRef => NAME_RULES,
        other => std::slice::from_ref(other),
    }
}

pub(crate) fn is_arn(s: &str) -> bool {
    s.starts_with("arn:")
}

/// The constraint text a value breaks, if it breaks `rule`.
fn broken(rule: Rule, value: Option<&Value>) -> Option<String> {
    let Some(value) = value else {
        return matches!(rule, Required).then(|| "Member must not be null".to_string());
    };
    let fails = match rule {
        Required => false,
        OneOf(set) => value.as_str().is_none_or(|s| !set.contains(&s)),
        NamePattern => value.as_str().is_some_and(|s| !is_name(s)),
        MinLength(n) => length(value).is_some_and(|len| len < n),
        MaxLength(n) => length(value).is_some_and(|len| len > n),
        AtLeast(n) => value.as_i64().is_some_and(|v| v < n),
        AtMost(n) => value.as_i64().is_some_and(|v| v > n),
        TableRef => false,
    };
    fails.then(|| constraint_text(rule))
}

fn constraint_text(rule: Rule) -> String {
    match rule {
        Required => "Member must not be null".to_string(),
        OneOf(set) => format!("Member must satisfy enum value set: [{}]", set.join(", ")),
        NamePattern => "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+".into(),
        MinLength(n) => format!("Member must have length greater than or equal to {n}"),
        MaxLength(n) => format!("Member must have length less than or equal to {n}"),
        AtLeast(n) => format!("Member must have value greater than or equal to {n}"),
        AtMost(n) => format!("Member must have value less than or equal to {n}"),
        TableRef => String::new(),
    }
}

pub(crate) fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
}

/// Characters of a string, elements of a list, entries of a map.
pub(crate) fn length(value: &Value) -> Option<usize> {
    match value {
        Value::String(s) => Some(s.encode_utf16().count()),
        Value::Array(a) => Some(a.len()),
        Value::Object(o) => Some(o.len()),
        _ => None,
    }
}

/// A value as the service prints it inside `Value '…'`: strings bare, lists as
/// `[a, b]`, maps as `{k=v}`.
pub(crate) fn render(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let inner: Vec<String> = items.iter().map(render).collect();
            format!("[{}]", inner.join(", "))
        }
        Value::Object(map) => render_map(map),
        other => other.to_string(),
    }
}

fn render_map(map: &Map<String, Value>) -> String {
    let inner: Vec<String> = map
        .iter()
        .map(|(k, v)| format!("{k}={}", render(v)))
        .collect();
    format!("{{{}}}", inner.join(", "))
}

#[cfg(test)]
mod tests;
