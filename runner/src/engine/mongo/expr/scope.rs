//! Which `$$variables` a pipeline or `$expr` may name, checked when it is
//! parsed: the server refuses a name no binding defines (17276) before it
//! reads a document, whether or not a document would reach the reference.

use std::cell::Cell;

use bson::{Bson, Document};

use super::{fail, variables};
use crate::engine::mongo::MongoError;

/// Defined everywhere: the server's built-in variables.
const BUILT_IN: [&str; 10] = [
    "ROOT",
    "CURRENT",
    "NOW",
    "CLUSTER_TIME",
    "REMOVE",
    "DESCEND",
    "PRUNE",
    "KEEP",
    "SEARCH_META",
    "USER_ROLES",
];

thread_local! {
    /// How deep inside a pipeline's parse we are: a `$match` there is checked
    /// with the pipeline's scope, not alone.
    static PIPELINE_DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// Held while a pipeline's stages are parsed.
pub(crate) struct PipelineParse;

impl PipelineParse {
    pub(crate) fn enter() -> PipelineParse {
        PIPELINE_DEPTH.with(|d| d.set(d.get() + 1));
        PipelineParse
    }
}

impl Drop for PipelineParse {
    fn drop(&mut self) {
        PIPELINE_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Every variable `pipeline` names is defined where it is named.
pub(crate) fn check_pipeline(pipeline: &[Document]) -> Result<(), MongoError> {
    Scope::command().pipeline(pipeline)
}

/// A filter's `$expr` outside any pipeline (a find, an update's query).
pub(crate) fn check_expr(expression: &Bson) -> Result<(), MongoError> {
    if PIPELINE_DEPTH.with(Cell::get) > 0 {
        return Ok(());
    }
    Scope::command().expression(expression)
}

/// The names bound where the walk stands, innermost last.
struct Scope {
    names: Vec<String>,
}

impl Scope {
    /// The running command's `let` names.
    fn command() -> Scope {
        Scope {
            names: variables::command_let_names(),
        }
    }

    fn defines(&self, name: &str) -> bool {
        BUILT_IN.contains(&name) || self.names.iter().any(|n| n == name)
    }

    /// Runs `work` with `names` bound, then unbinds them.
    fn with<T>(&mut self, names: Vec<String>, work: impl FnOnce(&mut Scope) -> T) -> T {
        let outer = self.names.len();
        self.names.extend(names);
        let result = work(self);
        self.names.truncate(outer);
        result
    }

    fn pipeline(&mut self, stages: &[Document]) -> Result<(), MongoError> {
        stages
            .iter()
            .flat_map(Document::iter)
            .try_for_each(|(name, arg)| self.stage(name, arg))
    }

    fn sub_pipeline(&mut self, stages: Option<&Bson>) -> Result<(), MongoError> {
        match stages {
            Some(Bson::Array(stages)) => {
                let stages: Vec<Document> = stages
                    .iter()
                    .filter_map(|s| s.as_document().cloned())
                    .collect();
                self.pipeline(&stages)
            }
            _ => Ok(()),
        }
    }

    fn stage(&mut self, name: &str, arg: &Bson) -> Result<(), MongoError> {
        match (name, arg) {
            ("$match", Bson::Document(query)) => self.query(query),
            ("$lookup", Bson::Document(spec)) => self.lookup(spec),
            ("$facet", Bson::Document(spec)) => {
                spec.values().try_for_each(|p| self.sub_pipeline(Some(p)))
            }
            ("$unionWith", Bson::Document(spec)) => self.sub_pipeline(spec.get("pipeline")),
            ("$merge" | "$out", _) => Ok(()),
            // The server's `$project` parse adds its stage to every error.
            ("$project", _) => self
                .expression(arg)
                .map_err(|e| super::with_context("Invalid $project", e)),
            _ => self.expression(arg),
        }
    }

    /// `let` values are read in the outer scope; its names are defined in
    /// the lookup's own pipeline only.
    fn lookup(&mut self, spec: &Document) -> Result<(), MongoError> {
        let lets = spec.get_document("let").ok();
        for value in lets.into_iter().flat_map(Document::values) {
            self.expression(value)?;
        }
        let names = lets
            .map(|l| l.keys().cloned().collect())
            .unwrap_or_default();
        self.with(names, |scope| scope.sub_pipeline(spec.get("pipeline")))
    }

    /// Only `$expr` in a query is an expression; the rest are literal values.
    fn query(&mut self, query: &Document) -> Result<(), MongoError> {
        for (key, value) in query {
            match (key.as_str(), value) {
                ("$expr", expression) => self.expression(expression)?,
                ("$and" | "$or" | "$nor", Bson::Array(clauses)) => {
                    for clause in clauses.iter().filter_map(Bson::as_document) {
                        self.query(clause)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn expression(&mut self, value: &Bson) -> Result<(), MongoError> {
        match value {
            Bson::String(text) => self.reference(text),
            Bson::Array(items) => items.iter().try_for_each(|v| self.expression(v)),
            Bson::Document(d) => match single_operator(d) {
                Some((op, arg)) => self.operator(op, arg),
                None => d.values().try_for_each(|v| self.expression(v)),
            },
            _ => Ok(()),
        }
    }

    fn reference(&self, text: &str) -> Result<(), MongoError> {
        let Some(spec) = text.strip_prefix("$$") else {
            return Ok(());
        };
        let name = spec.split('.').next().unwrap_or(spec);
        match self.defines(name) {
            true => Ok(()),
            false => Err(fail(17276, format!("Use of undefined variable: {name}"))),
        }
    }

    fn operator(&mut self, op: &str, arg: &Bson) -> Result<(), MongoError> {
        match (op, arg) {
            ("$literal", _) => Ok(()),
            ("$let", Bson::Document(spec)) => self.let_(spec),
            ("$map", Bson::Document(spec)) => self.iteration(spec, "in"),
            ("$filter", Bson::Document(spec)) => {
                self.optional(spec.get("limit"))?;
                self.iteration(spec, "cond")
            }
            ("$reduce", Bson::Document(spec)) => self.reduce(spec),
            _ => self.expression(arg),
        }
    }

    fn optional(&mut self, value: Option<&Bson>) -> Result<(), MongoError> {
        value.map_or(Ok(()), |v| self.expression(v))
    }

    fn let_(&mut self, spec: &Document) -> Result<(), MongoError> {
        let vars = spec.get_document("vars").ok();
        for value in vars.into_iter().flat_map(Document::values) {
            self.expression(value)?;
        }
        let names = vars
            .map(|v| v.keys().cloned().collect())
            .unwrap_or_default();
        self.with(names, |scope| scope.optional(spec.get("in")))
    }

    /// `$map` and `$filter`: `input` outside, the body with `as` (or `this`).
    fn iteration(&mut self, spec: &Document, body: &str) -> Result<(), MongoError> {
        self.optional(spec.get("input"))?;
        let name = spec.get_str("as").unwrap_or("this").to_string();
        self.with(vec![name], |scope| scope.optional(spec.get(body)))
    }

    fn reduce(&mut self, spec: &Document) -> Result<(), MongoError> {
        self.optional(spec.get("input"))?;
        self.optional(spec.get("initialValue"))?;
        let names = vec!["value".to_string(), "this".to_string()];
        self.with(names, |scope| scope.optional(spec.get("in")))
    }
}

/// `{$op: arg}`: one key naming an operator.
fn single_operator(d: &Document) -> Option<(&str, &Bson)> {
    let mut fields = d.iter();
    match (fields.next(), fields.next()) {
        (Some((op, arg)), None) if op.starts_with('$') => Some((op.as_str(), arg)),
        _ => None,
    }
}
