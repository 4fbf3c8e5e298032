//! `$lookup`: the equality join (array semantics on both sides, a missing
//! or null local value joining null/missing foreign values) and the
//! pipeline form with `let` variables.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

use bson::{doc, Bson, Document};

use crate::engine::mongo::expr::{self, fail, variables_check_name};
use crate::engine::mongo::{MongoError, PlanRecord};

use super::docpath::{self, query_leaves};
use super::group_key::key_of;
use super::{parse_pipeline, run_stages, Context, Stage};

#[derive(Debug, Clone)]
pub(crate) struct Lookup {
    from: String,
    as_field: String,
    join: Option<(String, String)>,
    lets: Vec<(String, Bson)>,
    pipeline: Option<Vec<Stage>>,
    /// Names this stage's reads in the plan log and explain (unique per parse).
    id: u64,
}

/// Stage ids: one counter for the process, so stages parsed for a view
/// while a command runs never share an id with the command's own.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Lookup {
    pub(crate) fn parse(arg: &Bson) -> Result<Lookup, MongoError> {
        let Bson::Document(spec) = arg else {
            return Err(fail(9, "the $lookup specification must be an Object"));
        };
        let mut lookup = Lookup {
            from: String::new(),
            as_field: String::new(),
            join: None,
            lets: Vec::new(),
            pipeline: None,
            id: NEXT_ID.fetch_add(1, AtomicOrdering::Relaxed),
        };
        let (mut local, mut foreign) = (None, None);
        for (key, value) in spec {
            match key.as_str() {
                "from" => lookup.from = string_option(key, value)?,
                "as" => lookup.as_field = string_option(key, value)?,
                "localField" => local = Some(string_option(key, value)?),
                "foreignField" => foreign = Some(string_option(key, value)?),
                "let" => lookup.lets = parse_let(value)?,
                "pipeline" => lookup.pipeline = Some(parse_sub_pipeline(value)?),
                other => return Err(fail(9, format!("unknown argument to $lookup: {other}"))),
            }
        }
        lookup.join = join_fields(local, foreign, lookup.pipeline.is_some())?;
        if lookup.as_field.is_empty() {
            return Err(fail(9, "must specify 'as' field for a $lookup"));
        }
        if lookup.from.is_empty() {
            return Err(fail(9, "must specify 'from' field for a $lookup"));
        }
        Ok(lookup)
    }

    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    pub(crate) fn run(
        &self,
        docs: Vec<Document>,
        ctx: &Context,
    ) -> Result<Vec<Document>, MongoError> {
        let ns = format!("{}.{}", ctx.db, self.from);
        let mut foreign = ForeignSide::new(&ns, self.join.as_ref(), self.id, ctx);
        let mut out = Vec::with_capacity(docs.len());
        for mut doc in docs {
            let joined = self.joined(&doc, &mut foreign, ctx)?;
            docpath::set(
                &mut doc,
                &self.as_field,
                Bson::Array(joined.into_iter().map(Bson::Document).collect()),
            );
            out.push(doc);
        }
        Ok(out)
    }

    fn joined(
        &self,
        doc: &Document,
        foreign: &mut ForeignSide,
        ctx: &Context,
    ) -> Result<Vec<Document>, MongoError> {
        let candidates = match &self.join {
            Some((local, _)) => foreign.matching(&local_values(doc, local))?,
            None => foreign.leading(self.leading_query())?,
        };
        let Some(stages) = &self.pipeline else {
            return Ok(candidates);
        };
        let mut vars = ctx.vars.clone();
        for (name, e) in &self.lets {
            vars.bind_evaluated(name, expr::evaluate(e, doc, &ctx.vars)?);
        }
        run_stages(stages, candidates, &ctx.with_vars(vars))
    }

    /// The inner pipeline's leading `$match` (without `$expr`): the server
    /// plans the foreign read with it, so an index can serve it.
    fn leading_query(&self) -> Option<&Document> {
        match self.pipeline.as_deref()?.first()? {
            Stage::Match(m) if !m.query().is_empty() => Some(m.query()),
            _ => None,
        }
    }
}

fn string_option(key: &str, value: &Bson) -> Result<String, MongoError> {
    match value {
        Bson::String(s) => Ok(s.clone()),
        other => Err(fail(
            9,
            format!(
                "$lookup argument '{key}: {}' must be a string, is type {}",
                expr::show::value(other),
                expr::type_name(Some(other))
            ),
        )),
    }
}

fn parse_let(value: &Bson) -> Result<Vec<(String, Bson)>, MongoError> {
    let Bson::Document(vars) = value else {
        return Err(fail(9, "$lookup argument 'let' must be an object"));
    };
    vars.iter()
        .map(|(name, e)| {
            variables_check_name(name)?;
            expr::validate(e)?;
            Ok((name.clone(), e.clone()))
        })
        .collect()
}

fn parse_sub_pipeline(value: &Bson) -> Result<Vec<Stage>, MongoError> {
    let Bson::Array(items) = value else {
        return Err(fail(9, "$lookup argument 'pipeline' must be an array"));
    };
    let stages: Vec<Document> = items
        .iter()
        .map(|i| {
            i.as_document()
                .cloned()
                .ok_or_else(|| fail(9, "$lookup argument 'pipeline' must be an array of objects"))
        })
        .collect::<Result<_, _>>()?;
    let writer = stages
        .iter()
        .filter_map(|s| s.keys().next())
        .find(|k| matches!(k.as_str(), "$out" | "$merge"));
    if let Some(name) = writer {
        return Err(fail(
            51047,
            format!("{name} is not allowed to be used within a $lookup stage"),
        ));
    }
    parse_pipeline(&stages)
}

fn join_fields(
    local: Option<String>,
    foreign: Option<String>,
    has_pipeline: bool,
) -> Result<Option<(String, String)>, MongoError> {
    match (local, foreign) {
        (Some(l), Some(f)) => Ok(Some((l, f))),
        (None, None) if has_pipeline => Ok(None),
        (Some(_), None) | (None, Some(_)) if has_pipeline => Err(fail(
            LOOKUP_SPEC,
            "$lookup requires both or neither of 'localField' and 'foreignField' to be specified",
        )),
        _ => Err(fail(
            LOOKUP_SPEC,
            "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be specified",
        )),
    }
}

/// FailedToParse: a malformed $lookup specification.
const LOOKUP_SPEC: i32 = 9;

/// The values a local document joins on: array elements one level deep;
/// nothing at all (missing, null or `[]`) joins as null.
fn local_values(doc: &Document, path: &str) -> Vec<Bson> {
    let mut values = Vec::new();
    for leaf in query_leaves(doc, path) {
        match leaf {
            Bson::Array(items) => values.extend(items.iter().cloned()),
            other => values.push(other.clone()),
        }
    }
    if values.is_empty() {
        values.push(Bson::Null);
    }
    values
}

/// The foreign collection as the stage reads it: each inner read goes
/// through the catalog's planner, and one it would answer by scanning the
/// collection is joined in memory instead (the collection read once, a hash
/// index on the foreign field built lazily) but counted as the scan it stands for.
struct ForeignSide<'a> {
    ns: String,
    field: Option<String>,
    stage: u64,
    ctx: &'a Context<'a>,
    docs: Option<Vec<Document>>,
    index: Option<HashMap<String, Vec<usize>>>,
}

impl<'a> ForeignSide<'a> {
    fn new(ns: &str, join: Option<&(String, String)>, stage: u64, ctx: &'a Context<'a>) -> Self {
        ForeignSide {
            ns: ns.to_string(),
            field: join.map(|(_, f)| f.clone()),
            stage,
            ctx,
            docs: None,
            index: None,
        }
    }

    fn load(&mut self) -> Result<&Vec<Document>, MongoError> {
        if self.docs.is_none() {
            self.docs = Some(self.ctx.catalog.collection_documents(&self.ns)?);
        }
        Ok(self.docs.get_or_insert_with(Vec::new))
    }

    /// Every document: a collection scan returning them all.
    fn all(&mut self) -> Result<Vec<Document>, MongoError> {
        let docs = self.load()?.clone();
        self.note_scan(docs.len());
        Ok(docs)
    }

    /// The documents the inner pipeline starts from: those its leading
    /// `$match` finds through an index, else all (the stages re-apply it).
    fn leading(&mut self, query: Option<&Document>) -> Result<Vec<Document>, MongoError> {
        let found = query.and_then(|q| self.ctx.catalog.indexed_read(&self.ns, q));
        let Some(found) = found else {
            return self.all();
        };
        let (docs, read) = found?;
        self.ctx.catalog.note_read(self.stage, &read);
        Ok(docs)
    }

    fn matching(&mut self, values: &[Bson]) -> Result<Vec<Document>, MongoError> {
        let Some(field) = self.field.clone() else {
            return self.all();
        };
        let filter = doc! { field.clone(): { "$in": values.to_vec() } };
        if let Some(found) = self.ctx.catalog.indexed_read(&self.ns, &filter) {
            let (docs, read) = found?;
            self.ctx.catalog.note_read(self.stage, &read);
            return Ok(docs);
        }
        let docs = self.hashed(&field, values)?;
        self.note_scan(docs.len());
        Ok(docs)
    }

    /// `field ∈ values` answered from the in-memory hash index.
    fn hashed(&mut self, field: &str, values: &[Bson]) -> Result<Vec<Document>, MongoError> {
        if self.index.is_none() {
            let index = build_index(self.load()?, field);
            self.index = Some(index);
        }
        let (Some(index), Some(docs)) = (&self.index, &self.docs) else {
            return Ok(Vec::new());
        };
        let mut hits: Vec<usize> = values
            .iter()
            .filter_map(|v| index.get(&key_of(v)))
            .flatten()
            .copied()
            .collect();
        hits.sort_unstable();
        hits.dedup();
        Ok(hits.iter().filter_map(|&i| docs.get(i).cloned()).collect())
    }

    /// A collection scan: every document examined, `returned` of them matched.
    fn note_scan(&self, returned: usize) {
        let examined = self.docs.as_ref().map_or(0, Vec::len) as u64;
        let read = PlanRecord {
            ns: self.ns.clone(),
            stage: "COLLSCAN".to_string(),
            index: None,
            index_key: None,
            keys_examined: 0,
            docs_examined: examined,
            n_returned: returned as u64,
        };
        self.ctx.catalog.note_read(self.stage, &read);
    }
}

/// Keys under which a foreign document is found: each leaf value, each
/// element of an array leaf, and null when the field is missing.
fn build_index(docs: &[Document], field: &str) -> HashMap<String, Vec<usize>> {
    let mut index: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, doc) in docs.iter().enumerate() {
        let mut keys: Vec<String> = Vec::new();
        if docpath::missing_for_null(doc, field) {
            keys.push(key_of(&Bson::Null));
        }
        let leaves = query_leaves(doc, field);
        for leaf in leaves {
            keys.push(key_of(leaf));
            if let Bson::Array(items) = leaf {
                keys.extend(items.iter().map(key_of));
            }
        }
        keys.sort();
        keys.dedup();
        for key in keys {
            index.entry(key).or_default().push(i);
        }
    }
    index
}
