//! The aggregation pipeline: stages parsed up front (so a bad stage fails
//! before any document is read), then run one after another over the
//! documents in memory.

use bson::{Bson, Document};

use crate::engine::mongo::expr::{error::with_context, fail, scope, Vars};
use crate::engine::mongo::{MongoError, PlanRecord};

mod accumulators;
mod add_fields;
pub(crate) mod docpath;
mod facet;
mod find_ops;
mod group;
mod group_key;
mod lookup;
mod match_stage;
pub(crate) mod matcher;
mod paging;
mod project;
mod projection_tree;
pub(crate) mod reads;
mod replace_root;
pub(crate) mod sort;
mod unwind;

pub(crate) use project::Projection;

/// Where `$lookup` reads foreign collections from.
pub(crate) trait Catalog {
    /// All documents of `ns` ("db.coll") in natural order; empty when it does not exist.
    fn collection_documents(&self, ns: &str) -> Result<Vec<Document>, MongoError>;

    /// The documents of `ns` matching `filter`, in natural order, with what
    /// the read examined, when the planner serves it from an index; `None`
    /// when it would scan the collection (the caller then joins in memory
    /// and counts the scan itself) or the catalog plans no reads.
    fn indexed_read(
        &self,
        _ns: &str,
        _filter: &Document,
    ) -> Option<Result<(Vec<Document>, PlanRecord), MongoError>> {
        None
    }

    /// Counts a read `$lookup` stage `stage` made (plan log and explain).
    fn note_read(&self, _stage: u64, _read: &PlanRecord) {}
}

/// Any `Fn(ns) -> documents` is a catalog (handy for engines and tests).
impl<F> Catalog for F
where
    F: Fn(&str) -> Result<Vec<Document>, MongoError>,
{
    fn collection_documents(&self, ns: &str) -> Result<Vec<Document>, MongoError> {
        self(ns)
    }
}

/// Runs `pipeline` over `input`; `db` names the database `$lookup` reads from.
pub(crate) fn run_pipeline(
    input: Vec<Document>,
    pipeline: &[Document],
    db: &str,
    catalog: &dyn Catalog,
) -> Result<Vec<Document>, MongoError> {
    run_pipeline_traced(input, pipeline, db, catalog).map(|(docs, _)| docs)
}

/// Runs `pipeline` as `run_pipeline` does, and names for each top-level
/// stage the `$lookup` stage id its reads are noted under (explain shows them).
pub(crate) fn run_pipeline_traced(
    input: Vec<Document>,
    pipeline: &[Document],
    db: &str,
    catalog: &dyn Catalog,
) -> Result<(Vec<Document>, Vec<Option<u64>>), MongoError> {
    let stages = parse_top_level(pipeline)?;
    let ids = stages.iter().map(Stage::lookup_id).collect();
    let ctx = Context {
        db,
        catalog,
        vars: Vars::new(),
    };
    let docs = run_stages(&stages, input, &ctx)
        .map_err(|e| with_context("PlanExecutor error during aggregation", e))?;
    Ok((docs, ids))
}

/// Parses `pipeline` only, for callers that run it later.
pub(crate) fn check_pipeline(pipeline: &[Document]) -> Result<(), MongoError> {
    parse_top_level(pipeline).map(|_| ())
}

/// Runs `pipeline` on one document with no collection to read (update pipelines),
/// with the stage's own error text (no aggregation prefix).
pub(crate) fn run_on_document(
    doc: &Document,
    pipeline: &[Document],
) -> Result<Option<Document>, MongoError> {
    let stages = parse_top_level(pipeline)?;
    let no_collections = |_: &str| -> Result<Vec<Document>, MongoError> { Ok(Vec::new()) };
    let ctx = Context {
        db: "",
        catalog: &no_collections,
        vars: Vars::new(),
    };
    Ok(run_stages(&stages, vec![doc.clone()], &ctx)?
        .into_iter()
        .next())
}

/// What a running stage can reach: the database, the catalog and the variables in scope.
pub(crate) struct Context<'a> {
    pub db: &'a str,
    pub catalog: &'a dyn Catalog,
    pub vars: Vars,
}

impl Context<'_> {
    fn with_vars(&self, vars: Vars) -> Context<'_> {
        Context {
            db: self.db,
            catalog: self.catalog,
            vars,
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) enum Stage {
    Match(match_stage::MatchStage),
    Project(Projection),
    AddFields(add_fields::AddFields),
    Lookup(Box<lookup::Lookup>),
    Unwind(unwind::Unwind),
    Group(group::Group),
    Sort(sort::SortSpec),
    Limit(usize),
    Skip(usize),
    Count(String),
    ReplaceRoot(replace_root::ReplaceRoot),
    SortByCount(Bson),
    Facet(facet::Facet),
}

impl Stage {
    fn lookup_id(&self) -> Option<u64> {
        match self {
            Stage::Lookup(l) => Some(l.id()),
            _ => None,
        }
    }
}

pub(crate) fn parse_pipeline(pipeline: &[Document]) -> Result<Vec<Stage>, MongoError> {
    let _inside = scope::PipelineParse::enter();
    pipeline.iter().map(parse_stage).collect()
}

/// A pipeline as a command gives it: its stages, then the variables it names.
fn parse_top_level(pipeline: &[Document]) -> Result<Vec<Stage>, MongoError> {
    let stages = parse_pipeline(pipeline)?;
    scope::check_pipeline(pipeline)?;
    Ok(stages)
}

fn parse_stage(spec: &Document) -> Result<Stage, MongoError> {
    let mut fields = spec.iter();
    let (Some((name, arg)), None) = (fields.next(), fields.next()) else {
        return Err(fail(
            40323,
            "A pipeline stage specification object must contain exactly one field.",
        ));
    };
    Ok(match name.as_str() {
        "$match" => Stage::Match(match_stage::MatchStage::parse(arg)?),
        "$project" => Stage::Project(project_stage(arg)?),
        "$addFields" | "$set" => Stage::AddFields(add_fields::AddFields::parse(name, arg)?),
        "$unset" => Stage::Project(add_fields::parse_unset(arg)?),
        "$lookup" => Stage::Lookup(Box::new(lookup::Lookup::parse(arg)?)),
        "$unwind" => Stage::Unwind(unwind::Unwind::parse(arg)?),
        "$group" => Stage::Group(group::Group::parse(arg)?),
        "$sort" => Stage::Sort(sort::SortSpec::parse_stage(arg)?),
        "$limit" => Stage::Limit(paging::parse_limit(arg)?),
        "$skip" => Stage::Skip(paging::parse_skip(arg)?),
        "$count" => Stage::Count(paging::parse_count(arg)?),
        "$replaceRoot" | "$replaceWith" => {
            Stage::ReplaceRoot(replace_root::ReplaceRoot::parse(name, arg)?)
        }
        "$sortByCount" => Stage::SortByCount(group::parse_sort_by_count(arg)?),
        "$facet" => Stage::Facet(facet::Facet::parse(arg)?),
        "$listLocalSessions" => {
            return Err(crate::engine::mongo::commands::sessions::on_collection())
        }
        other => {
            return Err(fail(
                40324,
                format!("Unrecognized pipeline stage name: '{other}'"),
            ))
        }
    })
}

pub(crate) fn project_stage(arg: &Bson) -> Result<Projection, MongoError> {
    let context = "Invalid $project";
    let Bson::Document(spec) = arg else {
        return Err(fail(15969, "$project specification must be an object"));
    };
    if spec.is_empty() {
        return Err(with_context(
            context,
            fail(
                51272,
                "projection specification must have at least one field",
            ),
        ));
    }
    Projection::parse(spec, false).map_err(|e| with_context(context, e))
}

pub(crate) fn run_stages(
    stages: &[Stage],
    input: Vec<Document>,
    ctx: &Context,
) -> Result<Vec<Document>, MongoError> {
    stages
        .iter()
        .try_fold(input, |docs, stage| run_stage(stage, docs, ctx))
}

fn run_stage(
    stage: &Stage,
    docs: Vec<Document>,
    ctx: &Context,
) -> Result<Vec<Document>, MongoError> {
    // Nested pipelines run their stages once per outer document, so this is also
    // reached inside a `$lookup` or `$facet` that would otherwise run a long time.
    if crate::engine::interrupt::requested() {
        return Err(MongoError::interrupted());
    }
    match stage {
        Stage::Match(m) => m.run(docs, &ctx.vars),
        Stage::Project(p) => docs.iter().map(|d| p.apply_with(d, &ctx.vars)).collect(),
        Stage::AddFields(a) => docs.iter().map(|d| a.apply(d, &ctx.vars)).collect(),
        Stage::Lookup(l) => l.run(docs, ctx),
        Stage::Unwind(u) => Ok(u.run(docs)),
        Stage::Group(g) => g.run(docs, &ctx.vars),
        Stage::Sort(s) => Ok(s.sort(docs)),
        Stage::Limit(n) => Ok(docs.into_iter().take(*n).collect()),
        Stage::Skip(n) => Ok(docs.into_iter().skip(*n).collect()),
        Stage::Count(field) => Ok(paging::count(docs.len(), field)),
        Stage::ReplaceRoot(r) => docs.iter().map(|d| r.apply(d, &ctx.vars)).collect(),
        Stage::SortByCount(e) => group::sort_by_count(e, docs, &ctx.vars),
        Stage::Facet(f) => f.run(docs, ctx),
    }
}

#[cfg(test)]
mod tests;
