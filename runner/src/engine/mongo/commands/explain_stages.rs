//! Aggregate explain for a pipeline with a `$lookup`: no query plan alone
//! answers it, so the server lists the stages, the first being `$cursor`
//! with the query's plan and each later one with what it returned and, for
//! a `$lookup` run outside the slot-based engine, what its inner reads examined.

use bson::{Bson, Document};

use super::catalog::EngineCatalog;
use crate::engine::mongo::aggregate::run_pipeline_traced;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::Engine;

/// Whether explain lists stages: some stage after the leading query is a `$lookup`.
pub(crate) fn has_lookup(pipeline: &[Document]) -> bool {
    pipeline.iter().any(|s| s.contains_key("$lookup"))
}

/// `reply` (the leading query's explain) recast as `{stages: [...]}`, the
/// pipeline run stage by stage over `docs`, what the query returned.
pub(crate) fn staged(
    engine: &Engine,
    db: &str,
    reply: Document,
    docs: Vec<Document>,
    pipeline: &[Document],
    executed: bool,
) -> Result<Document, MongoError> {
    let (cursor, rest) = cursor_stage(reply, docs.len(), executed);
    let mut stages = vec![Bson::Document(cursor)];
    let catalog = EngineCatalog::new(engine);
    let mut docs = docs;
    for spec in pipeline {
        let (out, ids) = run_pipeline_traced(docs, std::slice::from_ref(spec), db, &catalog)?;
        let lookup = ids.first().copied().flatten();
        stages.push(Bson::Document(stage_entry(
            spec,
            lookup,
            &catalog,
            out.len(),
            executed,
        )));
        docs = out;
    }
    let mut staged = Document::new();
    staged.insert("explainVersion", "1");
    staged.insert("stages", stages);
    staged.extend(rest);
    Ok(staged)
}

/// `{$cursor: {queryPlanner, executionStats}, nReturned, ...}` and the
/// reply's other fields (command, server info, ok).
fn cursor_stage(reply: Document, returned: usize, executed: bool) -> (Document, Document) {
    let mut plan = Document::new();
    let mut rest = Document::new();
    for (key, value) in reply {
        let part = match key.as_str() {
            "queryPlanner" | "executionStats" => &mut plan,
            "explainVersion" => continue,
            _ => &mut rest,
        };
        part.insert(key, value);
    }
    let mut cursor = Document::new();
    cursor.insert("$cursor", plan);
    if executed {
        add_counts(&mut cursor, returned);
    }
    (cursor, rest)
}

fn stage_entry(
    spec: &Document,
    lookup: Option<u64>,
    catalog: &EngineCatalog,
    returned: usize,
    executed: bool,
) -> Document {
    let mut entry = spec.clone();
    if !executed {
        return entry;
    }
    if let Some(id) = lookup {
        // A stage that never read (no input documents) examined nothing.
        match catalog.reads.of_stage(id) {
            Some(reads) => entry.extend(reads.explain_fields()),
            None => entry.extend(crate::engine::mongo::aggregate::reads::no_reads()),
        }
    }
    add_counts(&mut entry, returned);
    entry
}

fn add_counts(stage: &mut Document, returned: usize) {
    stage.insert("nReturned", returned as i64);
    stage.insert("executionTimeMillisEstimate", 0i64);
}
