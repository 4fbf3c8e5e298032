//! Pipeline-style updates (`updateOne(q, [{ $set: … }])`): the stages an update may
//! use, run by the aggregation engine on the one document being updated.

use bson::{Bson, Document};

use crate::engine::mongo::aggregate;
use crate::engine::mongo::MongoError;

/// The stages the server accepts inside an update.
const ALLOWED: [&str; 6] = [
    "$addFields",
    "$set",
    "$project",
    "$unset",
    "$replaceRoot",
    "$replaceWith",
];

/// Checks every stage now, so a bad pipeline fails before any document changes.
pub(crate) fn parse(stages: &[Bson]) -> Result<Vec<Document>, MongoError> {
    let stages = stages
        .iter()
        .map(stage_document)
        .collect::<Result<Vec<_>, _>>()?;
    for stage in &stages {
        check_allowed(stage)?;
    }
    aggregate::check_pipeline(&stages)?;
    Ok(stages)
}

fn stage_document(stage: &Bson) -> Result<Document, MongoError> {
    match stage {
        Bson::Document(d) => Ok(d.clone()),
        _ => Err(MongoError::type_mismatch(
            "Each element of the 'pipeline' array must be an object",
        )),
    }
}

fn check_allowed(stage: &Document) -> Result<(), MongoError> {
    match stage.keys().next() {
        Some(name) if !ALLOWED.contains(&name.as_str()) => Err(MongoError::new(
            72,
            format!("{name} is not allowed to be used within an update"),
        )),
        _ => Ok(()),
    }
}

/// The pipeline's output for `doc` (the document itself if a stage dropped it).
pub(crate) fn apply(stages: &[Document], doc: &Document) -> Result<Document, MongoError> {
    let output = aggregate::run_on_document(doc, stages)?;
    Ok(output.unwrap_or_else(|| doc.clone()))
}
