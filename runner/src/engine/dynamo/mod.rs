//! The DynamoDB engine: single-table design over in-memory partitions.
//!
//! Its interface is the service's JSON protocol: `execute("Query", request)` returns
//! the response body the service would, or a [`DynamoError`]. Every request,
//! failed or not, is logged as a [`RequestRecord`] for the course's grading.

use std::collections::{BTreeMap, VecDeque};

use serde_json::Value;

#[cfg(test)]
mod admin_tests;
mod answer;
#[cfg(test)]
mod answer_tests;
mod capacity;
mod clock;
mod errors;
pub mod expr;
#[cfg(test)]
mod keys_tests;
mod legacy;
mod number;
mod ops;
mod partiql;
#[cfg(test)]
mod rules_tests;
mod shape;
mod size;
mod table;
#[cfg(test)]
mod tests;
mod text;
#[cfg(test)]
mod tokens_tests;
pub(crate) mod types;
mod view;

pub use answer::Answer;
pub use clock::Clock;
pub use errors::DynamoError;
use table::Table;
pub(crate) use view::{Collection, TableView};

/// One request as the course sees it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RequestRecord {
    pub operation: String,
    pub table: String,
    pub index: Option<String>,
    pub count: Option<u64>,
    pub scanned_count: Option<u64>,
    /// Items the response carries back to the client (none with `Select: 'COUNT'`).
    pub returned: u64,
    pub read_units: f64,
    pub write_units: f64,
    /// The request carried an `ExclusiveStartKey`: it reads a further page.
    pub continued: bool,
    /// The request succeeded, or was a write its condition refused; a request refused
    /// for any other reason is not work the learner did.
    pub ok: bool,
    /// How the request was written: the course's exercises teach the expressions.
    pub form: RequestForm,
    /// The expression parameters the request carried, in the order a reader meets them.
    pub expressions: Vec<&'static str>,
}

/// The language a request was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RequestForm {
    /// Expression parameters, or none at all.
    #[default]
    Expression,
    /// A legacy (pre-expression) parameter: the first one the request carried.
    Legacy(&'static str),
    /// A PartiQL statement (`ExecuteStatement` and friends).
    PartiQL,
}

/// How many recent requests `history` keeps (the grading log is drained instead).
const HISTORY_LIMIT: usize = 1000;

/// The default item-collection limit of tables with an LSI: 10 GB (a `u64`: more than a
/// 32-bit `usize` holds, as on wasm32).
pub const ITEM_COLLECTION_LIMIT: u64 = 10 * 1024 * 1024 * 1024;

#[derive(Debug)]
pub struct Engine {
    tables: BTreeMap<String, Table>,
    log: Vec<RequestRecord>,
    /// The most recent requests with their 1-based numbers, for `ddb.riwayat()`.
    history: VecDeque<(usize, RequestRecord)>,
    requests_seen: usize,
    /// Whether requests are logged and kept in the history at all.
    records: bool,
    current: RequestRecord,
    collection_limit: u64,
    /// The course's fixed time: 2026-01-01, one second later for each table created.
    clock: f64,
    /// The time `kursus layani` and tests give the engine instead of `clock`.
    wall: Option<Clock>,
    tokens: ops::Tokens,
}

impl Default for Engine {
    fn default() -> Self {
        Engine {
            tables: BTreeMap::new(),
            log: Vec::new(),
            history: VecDeque::new(),
            requests_seen: 0,
            records: true,
            current: empty_record(""),
            collection_limit: ITEM_COLLECTION_LIMIT,
            clock: 1_767_225_600.0,
            wall: None,
            tokens: ops::Tokens::default(),
        }
    }
}

fn empty_record(operation: &str) -> RequestRecord {
    RequestRecord {
        operation: operation.to_string(),
        table: String::new(),
        index: None,
        count: None,
        scanned_count: None,
        returned: 0,
        read_units: 0.0,
        write_units: 0.0,
        continued: false,
        ok: false,
        form: RequestForm::Expression,
        expressions: Vec::new(),
    }
}

/// The actions `execute` runs; any other is an `UnknownOperationException`.
pub const OPERATIONS: [&str; 26] = [
    "CreateTable",
    "DescribeTable",
    "ListTables",
    "DeleteTable",
    "PutItem",
    "GetItem",
    "UpdateItem",
    "DeleteItem",
    "Query",
    "Scan",
    "BatchGetItem",
    "BatchWriteItem",
    "TransactWriteItems",
    "TransactGetItems",
    "UpdateTable",
    "DescribeTimeToLive",
    "UpdateTimeToLive",
    "DescribeContinuousBackups",
    "TagResource",
    "UntagResource",
    "ListTagsOfResource",
    "DescribeLimits",
    "DescribeEndpoints",
    "ExecuteStatement",
    "BatchExecuteStatement",
    "ExecuteTransaction",
];

/// The actions that run PartiQL statements.
const PARTIQL_OPERATIONS: [&str; 3] = [
    "ExecuteStatement",
    "BatchExecuteStatement",
    "ExecuteTransaction",
];

impl Engine {
    pub fn new() -> Self {
        Self::default()
    }

    /// Lowers the 10 GB item-collection limit (tables with an LSI) so a lesson
    /// can show `ItemCollectionSizeLimitExceededException` with small data.
    pub fn set_item_collection_limit(&mut self, bytes: u64) {
        self.collection_limit = bytes;
    }

    /// Reads the time from `clock` from now on (the course's engine keeps its fixed
    /// time, so lessons print the same every time).
    pub fn set_clock(&mut self, clock: Clock) {
        self.wall = Some(clock);
    }

    /// The time the engine lives in, in seconds since the Unix epoch.
    fn now(&self) -> f64 {
        self.wall.as_ref().map_or(self.clock, Clock::now)
    }

    /// Without records, requests are neither logged nor kept in the history: a
    /// server's requests are graded by nobody, and each record costs allocations.
    pub fn keep_request_records(&mut self, keep: bool) {
        self.records = keep;
    }

    /// Runs one action (`GetItem`, `Query`, ...) with its request in AWS JSON.
    pub fn execute(&mut self, action: &str, request: Value) -> Result<Value, DynamoError> {
        self.respond(action, request, |result| result.map(Answer::into_value))
    }

    /// Runs one action and hands its response to `write` while the engine is still
    /// borrowed: a page of items is written from the table itself, not from a copy.
    pub fn respond<R>(
        &mut self,
        action: &str,
        request: Value,
        write: impl FnOnce(Result<Answer<'_>, DynamoError>) -> R,
    ) -> R {
        self.begin(action, &request);
        let result = shape::check(action, &request)
            .and_then(|()| legacy::translate(action, &request, self.queried_keys(&request)))
            .and_then(|req| self.dispatch(action, &req))
            .map_err(|e| legacy::rephrase(action, &request, e));
        // A write its condition refused was still made: the condition was the point.
        let ok = match &result {
            Ok(_) => true,
            Err(e) => e.code == "ConditionalCheckFailedException",
        };
        let written = write(result);
        self.current.ok = ok;
        self.requests_seen += 1;
        if self.records {
            let record = std::mem::replace(&mut self.current, empty_record(""));
            self.remember(record);
        }
        written
    }

    /// The key schema a Query reads (its index's, or the table's), when both exist:
    /// legacy key conditions are checked against it attribute by attribute.
    fn queried_keys(&self, req: &Value) -> Option<&table::KeySchema> {
        let table = self.tables.get(req.get("TableName")?.as_str()?)?;
        match req.get("IndexName").and_then(Value::as_str) {
            Some(name) => table.index(name).map(|i| &i.schema),
            None => Some(&table.schema),
        }
    }

    /// Starts the request's log record (its figures are counted either way).
    fn begin(&mut self, action: &str, request: &Value) {
        if !self.records {
            self.current.read_units = 0.0;
            self.current.write_units = 0.0;
            return;
        }
        self.current = empty_record(action);
        self.current.table = request
            .get("TableName")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        self.current.index = request
            .get("IndexName")
            .and_then(Value::as_str)
            .map(str::to_string);
        self.current.continued = request.get("ExclusiveStartKey").is_some();
        self.current.expressions = legacy::expressions_in(action, request);
        if let Some(first) = legacy::first_legacy(action, request) {
            self.current.form = RequestForm::Legacy(first);
        }
        if PARTIQL_OPERATIONS.contains(&action) {
            self.current.form = RequestForm::PartiQL;
        }
    }

    /// Query, Scan and GetItem answer with items borrowed from the table; the rest
    /// answer trees.
    fn dispatch(&mut self, action: &str, req: &Value) -> Result<Answer<'_>, DynamoError> {
        match action {
            "Query" => self.query(req).map(Answer::page),
            "Scan" => self.scan(req).map(Answer::page),
            "GetItem" => self.get_item(req).map(Answer::item),
            other => self.dispatch_tree(other, req).map(Answer::tree),
        }
    }

    fn dispatch_tree(&mut self, action: &str, req: &Value) -> Result<Value, DynamoError> {
        match action {
            "CreateTable" => self.create_table(req),
            "DescribeTable" => self.describe_table(req),
            "ListTables" => self.list_tables(req),
            "DeleteTable" => self.delete_table(req),
            "PutItem" => self.put_item(req),
            "UpdateItem" => self.update_item(req),
            "DeleteItem" => self.delete_item(req),
            "BatchGetItem" => self.batch_get_item(req),
            "BatchWriteItem" => self.batch_write_item(req),
            "TransactWriteItems" => self.transact_write_items(req),
            "TransactGetItems" => self.transact_get_items(req),
            "ExecuteStatement" => self.execute_statement(req),
            "BatchExecuteStatement" => self.batch_execute_statement(req),
            "ExecuteTransaction" => self.execute_transaction(req),
            other => self.dispatch_admin(other, req),
        }
    }

    /// The table settings, tags and account answers outside the data path.
    fn dispatch_admin(&mut self, action: &str, req: &Value) -> Result<Value, DynamoError> {
        match action {
            "UpdateTable" => self.update_table(req),
            "DescribeTimeToLive" => self.describe_time_to_live(req),
            "UpdateTimeToLive" => self.update_time_to_live(req),
            "DescribeContinuousBackups" => self.describe_continuous_backups(req),
            "TagResource" => self.tag_resource(req),
            "UntagResource" => self.untag_resource(req),
            "ListTagsOfResource" => self.list_tags_of_resource(req),
            "DescribeLimits" => Ok(ops::describe_limits()),
            "DescribeEndpoints" => Ok(ops::describe_endpoints()),
            other => Err(DynamoError::new(
                "UnknownOperationException",
                format!("Unknown operation: {other}"),
            )),
        }
    }

    fn remember(&mut self, record: RequestRecord) {
        if self.history.len() == HISTORY_LIMIT {
            self.history.pop_front();
        }
        self.history.push_back((self.requests_seen, record.clone()));
        self.log.push(record);
    }

    /// The most recent requests (up to 1,000) with their numbers, oldest first;
    /// unlike [`Engine::take_request_log`] this does not drain anything.
    pub fn history(&self) -> impl Iterator<Item = &(usize, RequestRecord)> {
        self.history.iter()
    }

    /// The requests made since the last call, oldest first.
    /// Bytes of items held in every table, as DynamoDB sizes them.
    pub fn data_bytes(&self) -> u64 {
        self.tables.values().map(|t| t.size_bytes as u64).sum()
    }

    pub fn take_request_log(&mut self) -> Vec<RequestRecord> {
        std::mem::take(&mut self.log)
    }

    /// Table names in name order.
    pub fn table_names(&self) -> Vec<String> {
        self.tables.keys().cloned().collect()
    }

    /// Read-only view of a table, for learning aids that draw item collections.
    pub(crate) fn table(&self, name: &str) -> Option<TableView<'_>> {
        self.tables.get(name).map(TableView::new)
    }
}
