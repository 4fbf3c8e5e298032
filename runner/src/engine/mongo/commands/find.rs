//! `find`, `getMore` and `killCursors`.

use bson::{doc, Bson, Document};

use super::{bool_arg, count_arg, document_arg, target};
use crate::engine::mongo::aggregate::Projection;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::exec::cursor::{Cursor, CursorSource, DEFAULT_BATCH};
use crate::engine::mongo::exec::{eof_record, plan_record_of, stream_query, QuerySpec};
use crate::engine::mongo::expr::{with_context, CommandLet};
use crate::engine::mongo::query::Filter;
use crate::engine::mongo::reply::{Batch, Reply};
use crate::engine::mongo::sort::SortSpec;
use crate::engine::mongo::Engine;

/// The parsed arguments of a find (shared with explain).
pub(crate) struct FindArgs {
    pub coll: String,
    pub filter: Filter,
    pub sort: Option<SortSpec>,
    pub sort_doc: Option<Document>,
    pub projection: Option<Projection>,
    pub projection_doc: Option<Document>,
    pub skip: usize,
    pub limit: Option<usize>,
    pub batch_size: Option<usize>,
    pub single_batch: bool,
    pub hint: Option<Bson>,
}

impl FindArgs {
    pub(crate) fn parse(command: &Document) -> Result<FindArgs, MongoError> {
        let coll = target(command, "find")?;
        let filter_doc = document_arg(command, "filter")?
            .cloned()
            .unwrap_or_default();
        let filter = Filter::parse(&filter_doc)?;
        let sort_doc = document_arg(command, "sort")?.cloned();
        let sort = sort_doc.as_ref().map(SortSpec::parse).transpose()?;
        let projection_doc = document_arg(command, "projection")?.cloned();
        let projection = projection_doc
            .as_ref()
            .filter(|p| !p.is_empty())
            .map(|p| Projection::parse_find(p, &filter_doc))
            .transpose()?;
        let limit = signed_limit(command)?;
        Ok(FindArgs {
            coll,
            filter,
            sort,
            sort_doc,
            projection,
            projection_doc,
            skip: count_arg(command, "skip")?.unwrap_or(0) as usize,
            limit: limit.map(|(l, _)| l).filter(|l| *l > 0),
            batch_size: count_arg(command, "batchSize")?.map(|b| b as usize),
            single_batch: bool_arg(command, "singleBatch", false)
                || limit.is_some_and(|(_, neg)| neg),
            hint: command.get("hint").cloned(),
        })
    }

    pub(crate) fn query_spec(&self) -> QuerySpec<'_> {
        QuerySpec {
            filter: Some(&self.filter),
            sort: self.sort.as_ref(),
            skip: self.skip,
            limit: self.limit,
            hint: self.hint.as_ref(),
        }
    }
}

/// A negative limit means "one batch of that many" (legacy shell style).
fn signed_limit(command: &Document) -> Result<Option<(usize, bool)>, MongoError> {
    let Some(value) = command.get("limit").filter(|v| !matches!(v, Bson::Null)) else {
        return Ok(None);
    };
    let n = crate::engine::mongo::value::number_as_f64(value).ok_or_else(|| {
        MongoError::type_mismatch("BSON field 'limit' is the wrong type, expected a number")
    })?;
    Ok(Some((n.abs() as usize, n < 0.0)))
}

pub(crate) fn find(engine: &mut Engine, db: &str, command: &Document) -> Result<Reply, MongoError> {
    let mut args = FindArgs::parse(command)?;
    let ns = format!("{db}.{}", args.coll);
    let Some(coll) = engine.collection(db, &args.coll) else {
        engine.record_plan(eof_record(&ns));
        return Ok(cursor_reply("firstBatch", Vec::<Document>::new(), 0, &ns));
    };
    let filter = std::mem::take(&mut args.filter);
    let spec = QuerySpec {
        filter: None,
        ..args.query_spec()
    };
    let context = |e: MongoError| with_context("PlanExecutor error during find command", e);
    let (stream, plan) = stream_query(coll, filter, &spec).map_err(context)?;
    let mut cursor = Cursor {
        db: db.to_string(),
        coll: args.coll.clone(),
        source: CursorSource::Records(Box::new(stream)),
        projection: args.projection,
        variables: document_arg(command, "let")?.cloned(),
    };
    let batch = cursor
        .next_batch(Some(coll), args.batch_size.unwrap_or(DEFAULT_BATCH))
        .map_err(context)?;
    let record = plan_record_of(coll, &plan, &cursor.stats());
    engine.record_plan(record);
    let id = if args.single_batch {
        0
    } else {
        engine.open_cursor(cursor)
    };
    Ok(cursor_reply("firstBatch", batch, id, &ns))
}

pub(crate) fn cursor_reply(
    batch_name: &'static str,
    batch: impl Into<Batch>,
    id: i64,
    ns: &str,
) -> Reply {
    Reply::cursor(batch_name, batch, id, ns)
}

pub(crate) fn get_more(
    engine: &mut Engine,
    db: &str,
    command: &Document,
) -> Result<Reply, MongoError> {
    let id = match command.get("getMore") {
        Some(Bson::Int64(id)) => *id,
        Some(Bson::Int32(id)) => i64::from(*id),
        _ => {
            return Err(MongoError::type_mismatch(
                "BSON field 'getMore.getMore' is the wrong type, expected type 'long'",
            ))
        }
    };
    let size = count_arg(command, "batchSize")?
        .filter(|b| *b > 0)
        .map(|b| b as usize)
        .unwrap_or(usize::MAX);
    let Some(mut cursor) = engine.cursors.remove(&id) else {
        return Err(MongoError::new(43, format!("cursor id {id} not found")));
    };
    let ns = format!("{db}.{}", cursor.coll);
    let _variables = CommandLet::enter(cursor.variables.as_ref())?;
    // A failing batch ends the cursor, as on the server.
    let batch = cursor
        .next_batch(engine.collection(&cursor.db, &cursor.coll), size)
        .map_err(|e| with_context("Executor error during getMore", e))?;
    let id = if cursor.is_exhausted() { 0 } else { id };
    if id != 0 {
        engine.cursors.insert(id, cursor);
    }
    Ok(cursor_reply("nextBatch", batch, id, &ns))
}

pub(crate) fn kill_cursors(
    engine: &mut Engine,
    command: &Document,
) -> Result<Document, MongoError> {
    let ids: Vec<i64> = match command.get("cursors") {
        Some(Bson::Array(items)) => items.iter().filter_map(|v| v.as_i64()).collect(),
        _ => Vec::new(),
    };
    let (mut killed, mut missing) = (Vec::new(), Vec::new());
    for id in ids {
        if engine.cursors.remove(&id).is_some() {
            killed.push(Bson::Int64(id))
        } else {
            missing.push(Bson::Int64(id))
        }
    }
    Ok(
        doc! { "cursorsKilled": killed, "cursorsNotFound": missing, "cursorsAlive": [], "cursorsUnknown": [] },
    )
}

impl Engine {
    /// Keeps a cursor with more results; returns its id (0 when exhausted).
    pub(crate) fn open_cursor(&mut self, cursor: Cursor) -> i64 {
        if cursor.is_exhausted() {
            return 0;
        }
        self.next_cursor += 1;
        let id = (self.next_cursor.wrapping_mul(0x5DEECE66D) ^ 0x2545F491) & 0x3fff_ffff_ffff_ffff;
        let id = id.max(1);
        self.cursors.insert(id, cursor);
        self.cursor_order.push_back(id);
        self.close_oldest_cursors();
        id
    }

    /// Beyond a cap, the oldest open cursors are closed, as the server times
    /// out idle ones: a session that abandons cursors (every `find` printed
    /// only in part) would otherwise keep their scan positions forever.
    fn close_oldest_cursors(&mut self) {
        while self.cursors.len() > MAX_OPEN_CURSORS {
            let Some(oldest) = self.cursor_order.pop_front() else {
                break;
            };
            self.cursors.remove(&oldest);
        }
        if self.cursor_order.len() > 2 * MAX_OPEN_CURSORS {
            let live = &self.cursors;
            self.cursor_order.retain(|id| live.contains_key(id));
        }
    }
}

/// Open cursors kept per engine.
pub(crate) const MAX_OPEN_CURSORS: usize = 1000;
