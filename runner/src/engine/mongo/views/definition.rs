//! The rules a view definition must keep before it is stored: no stage that
//! writes or needs no collection, and no path back to itself through
//! `viewOn` or the collections its pipeline reads (`$lookup`, `$unionWith`,
//! `$graphLookup`, `$facet`), within the server's depth bound.

use std::collections::HashMap;

use bson::{Bson, Document};

use super::{depth_exceeded, View, MAX_DEPTH};
use crate::engine::mongo::aggregate::check_pipeline;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::Engine;

pub(crate) fn check_definition(engine: &Engine, db: &str, view: &View) -> Result<(), MongoError> {
    check_name(&view.name)?;
    check_stages(db, view)?;
    check_pipeline(&view.pipeline)?;
    let mut graph = Graph {
        engine,
        db,
        new: view,
        heights: HashMap::new(),
        path: Vec::new(),
    };
    let below = graph.height(&view.name, 0)?;
    let above = parents_height(engine, db, &view.name, 0, &mut HashMap::new())?;
    // The longest chain through the new view, counted once.
    if above + below - 1 > MAX_DEPTH {
        return Err(depth_exceeded());
    }
    Ok(())
}

/// `system.views` holds the definitions; no view may take a `system.` name.
fn check_name(name: &str) -> Result<(), MongoError> {
    if name == super::SYSTEM_VIEWS {
        return Err(MongoError::new(
            73,
            format!("Cannot create a view called '{name}': this is a reserved system namespace"),
        ));
    }
    if name.starts_with("system.") {
        return Err(MongoError::new(
            73,
            "View name cannot start with 'system.', which is reserved for system namespaces",
        ));
    }
    Ok(())
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

/// The definitions below the new view, walked depth-first.
struct Graph<'a> {
    engine: &'a Engine,
    db: &'a str,
    new: &'a View,
    /// Views in the longest chain down from a node, itself included.
    heights: HashMap<String, usize>,
    path: Vec<String>,
}

impl Graph<'_> {
    /// Reaching the new view again is a cycle, reported as the server
    /// prints it: the view, then the path back to it, last first. A node
    /// already measured is not walked again (a view may read another many times).
    fn height(&mut self, node: &str, depth: usize) -> Result<usize, MongoError> {
        self.path.push(node.to_string());
        if depth > 0 && node == self.new.name {
            return Err(cycle(self.db, &self.path));
        }
        if depth > MAX_DEPTH {
            return Err(depth_exceeded());
        }
        let height = match self.heights.get(node) {
            Some(known) => *known,
            None => self.measure(node, depth)?,
        };
        self.path.pop();
        Ok(height)
    }

    fn measure(&mut self, node: &str, depth: usize) -> Result<usize, MongoError> {
        let Some(children) = children(self.engine, self.db, self.new, node) else {
            return Ok(0);
        };
        let mut tallest = 0;
        for child in children {
            tallest = tallest.max(self.height(&child, depth + 1)?);
        }
        self.heights.insert(node.to_string(), tallest + 1);
        Ok(tallest + 1)
    }
}

/// Views in the longest chain of views reading `name`, itself included.
fn parents_height(
    engine: &Engine,
    db: &str,
    name: &str,
    depth: usize,
    known: &mut HashMap<String, usize>,
) -> Result<usize, MongoError> {
    if depth > MAX_DEPTH {
        return Err(depth_exceeded());
    }
    if let Some(height) = known.get(name) {
        return Ok(*height);
    }
    let mut tallest = 0;
    for parent in engine.views(db) {
        if parent.name != name && reads(&parent).iter().any(|r| r == name) {
            tallest = tallest.max(parents_height(engine, db, &parent.name, depth + 1, known)?);
        }
    }
    known.insert(name.to_string(), tallest + 1);
    Ok(tallest + 1)
}

/// What a view reads: its source, then the collections its pipeline names.
fn reads(view: &View) -> Vec<String> {
    let mut names = vec![view.view_on.clone()];
    names.extend(references(&view.pipeline));
    names
}

/// A view's reads; `None` for a collection (or a missing name).
fn children(engine: &Engine, db: &str, new: &View, node: &str) -> Option<Vec<String>> {
    match node == new.name {
        true => Some(reads(new)),
        false => engine.view(db, node).map(|v| reads(&v)),
    }
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
