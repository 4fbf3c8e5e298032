//! `$facet`: several sub-pipelines over the same input, one output document.

use bson::{Bson, Document};

use crate::engine::mongo::expr::fail;
use crate::engine::mongo::MongoError;

use super::{parse_pipeline, run_stages, Context, Stage};

#[derive(Debug, Clone)]
pub(crate) struct Facet {
    facets: Vec<(String, Vec<Stage>)>,
}

impl Facet {
    pub(crate) fn parse(arg: &Bson) -> Result<Facet, MongoError> {
        let Bson::Document(spec) = arg else {
            return Err(fail(
                15947,
                "the $facet specification must be a non-empty object",
            ));
        };
        if spec.is_empty() {
            return Err(fail(
                40169,
                "the $facet specification must be a non-empty object",
            ));
        }
        let facets = spec
            .iter()
            .map(|(name, value)| parse_facet(name, value))
            .collect::<Result<_, _>>()?;
        Ok(Facet { facets })
    }

    pub(crate) fn run(
        &self,
        docs: Vec<Document>,
        ctx: &Context,
    ) -> Result<Vec<Document>, MongoError> {
        let mut out = Document::new();
        for (name, stages) in &self.facets {
            let result = run_stages(stages, docs.clone(), ctx)?;
            out.insert(
                name.clone(),
                result.into_iter().map(Bson::Document).collect::<Vec<_>>(),
            );
        }
        Ok(vec![out])
    }
}

fn parse_facet(name: &str, value: &Bson) -> Result<(String, Vec<Stage>), MongoError> {
    let Bson::Array(items) = value else {
        return Err(fail(
            40170,
            format!(
                "arguments to $facet must be arrays, {name} is type {}",
                crate::engine::mongo::expr::type_name(Some(value))
            ),
        ));
    };
    let stages: Vec<Document> = items
        .iter()
        .map(|i| {
            i.as_document().cloned().ok_or_else(|| {
                fail(
                    40171,
                    format!("subpipeline of $facet must be an array of objects, {name} is not"),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    if let Some(bad) = stages.iter().find(|s| {
        s.keys()
            .any(|k| matches!(k.as_str(), "$facet" | "$out" | "$merge"))
    }) {
        let name = bad.keys().next().cloned().unwrap_or_default();
        return Err(fail(
            40600,
            format!("{name} is not allowed to be used within a $facet stage"),
        ));
    }
    let parsed = parse_pipeline(&stages)?;
    Ok((name.to_string(), parsed))
}
