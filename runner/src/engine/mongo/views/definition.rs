//! The rules a view definition must keep before it is stored: no stage that
//! writes or needs no collection, and no path back to itself through
//! `viewOn` or the collections its pipeline reads (`$lookup`, `$unionWith`,
//! `$graphLookup`, `$facet`), within the server's depth bound.

use bson::{Bson, Document};

use super::{depth_exceeded, View, MAX_DEPTH};
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::Engine;

pub(crate) fn check_definition(engine: &Engine, db: &str, view: &View) -> Result<(), MongoError> {
    check_stages(db, view)?;
    let mut path = Vec::new();
    walk(engine, db, view, &view.name, 0, &mut path)
}

fn check_stages(db: &str, view: &View) -> Result<(), MongoError> {
    for (i, stage) in view.pipeline.iter().enumerate() {
        let name = stage.keys().next().map(String::as_str).unwrap_or("");
        match name {
            "$out" | "$merge" => return Err(MongoError::new(
                167,
                format!("The aggregation stage {name} in location {i} of the pipeline cannot be used in the view definition of {db}.{} because it writes to disk", view.name),
            )),
            "$changeStream" => return Err(MongoError::new(
                167,
                "$changeStream cannot be used in a view definition",
            )),
            "$documents" => return Err(MongoError::new(
                73,
                "'$documents' cannot be used in a view definition",
            )),
            _ => {}
        }
    }
    Ok(())
}

/// Depth-first from the new view; reaching it again is a cycle, reported as
/// the server prints it: the view, then the path back to it, last first.
fn walk(
    engine: &Engine,
    db: &str,
    new: &View,
    node: &str,
    depth: usize,
    path: &mut Vec<String>,
) -> Result<(), MongoError> {
    path.push(node.to_string());
    if depth > 0 && node == new.name {
        return Err(cycle(db, path));
    }
    if depth > MAX_DEPTH {
        return Err(depth_exceeded());
    }
    for child in children(engine, db, new, node) {
        walk(engine, db, new, &child, depth + 1, path)?;
    }
    path.pop();
    Ok(())
}

fn children(engine: &Engine, db: &str, new: &View, node: &str) -> Vec<String> {
    let view = match node == new.name {
        true => Some(new.clone()),
        false => engine.view(db, node),
    };
    let Some(view) = view else {
        return Vec::new();
    };
    let mut names = vec![view.view_on.clone()];
    names.extend(references(&view.pipeline));
    names
}

fn cycle(db: &str, path: &[String]) -> MongoError {
    let mut message = String::from("View cycle detected: ");
    if let Some(last) = path.last() {
        message.push_str(&format!("{db}.{last}"));
    }
    for name in path.iter().rev() {
        message.push_str(&format!(" => {db}.{name}"));
    }
    MongoError::new(5, message)
}

/// The collections (or views) a pipeline reads besides its input.
fn references(pipeline: &[Document]) -> Vec<String> {
    let mut names = Vec::new();
    for stage in pipeline {
        for (name, arg) in stage {
            stage_references(name, arg, &mut names);
        }
    }
    names
}

fn stage_references(name: &str, arg: &Bson, names: &mut Vec<String>) {
    match (name, arg) {
        ("$lookup" | "$graphLookup", Bson::Document(spec)) => {
            if let Ok(from) = spec.get_str("from") {
                names.push(from.to_string());
            }
            nested(spec.get("pipeline"), names);
        }
        ("$unionWith", Bson::String(coll)) => names.push(coll.clone()),
        ("$unionWith", Bson::Document(spec)) => {
            if let Ok(coll) = spec.get_str("coll") {
                names.push(coll.to_string());
            }
            nested(spec.get("pipeline"), names);
        }
        ("$facet", Bson::Document(facets)) => {
            facets.values().for_each(|p| nested(Some(p), names));
        }
        _ => {}
    }
}

fn nested(pipeline: Option<&Bson>, names: &mut Vec<String>) {
    if let Some(Bson::Array(stages)) = pipeline {
        let stages: Vec<Document> = stages
            .iter()
            .filter_map(|s| s.as_document().cloned())
            .collect();
        names.extend(references(&stages));
    }
}
