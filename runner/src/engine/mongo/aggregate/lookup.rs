//! `$lookup`: the equality join (array semantics on both sides, a missing
//! or null local value joining null/missing foreign values) and the
//! pipeline form with `let` variables.

use std::collections::HashMap;

use bson::{Bson, Document};

use crate::engine::mongo::expr::{self, fail, variables_check_name};
use crate::engine::mongo::MongoError;

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
}

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

    pub(crate) fn run(
        &self,
        docs: Vec<Document>,
        ctx: &Context,
    ) -> Result<Vec<Document>, MongoError> {
        let ns = format!("{}.{}", ctx.db, self.from);
        let mut foreign = ForeignSide::new(&ns, self.join.as_ref(), ctx)?;
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
            None => foreign.all(),
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

/// The foreign collection, read once per stage, with a hash index on the
/// foreign field built lazily when no catalog index answers the lookups.
struct ForeignSide<'a> {
    ns: String,
    field: Option<String>,
    ctx: &'a Context<'a>,
    docs: Option<Vec<Document>>,
    index: Option<HashMap<String, Vec<usize>>>,
}

impl<'a> ForeignSide<'a> {
    fn new(
        ns: &str,
        join: Option<&(String, String)>,
        ctx: &'a Context<'a>,
    ) -> Result<Self, MongoError> {
        Ok(ForeignSide {
            ns: ns.to_string(),
            field: join.map(|(_, f)| f.clone()),
            ctx,
            docs: None,
            index: None,
        })
    }

    fn load(&mut self) -> Result<&Vec<Document>, MongoError> {
        if self.docs.is_none() {
            self.docs = Some(self.ctx.catalog.collection_documents(&self.ns)?);
        }
        Ok(self.docs.get_or_insert_with(Vec::new))
    }

    fn all(&mut self) -> Vec<Document> {
        self.load().cloned().unwrap_or_default()
    }

    fn matching(&mut self, values: &[Bson]) -> Result<Vec<Document>, MongoError> {
        let Some(field) = self.field.clone() else {
            return Ok(self.all());
        };
        if self.index.is_none() {
            if let Some(found) = self
                .ctx
                .catalog
                .documents_matching(&self.ns, &field, values)
            {
                return found;
            }
            let index = build_index(self.load()?, &field);
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
