//! `$sort`: the stage's own argument checks, then the same sort keys as `find`
//! (`crate::engine::mongo::sort`): BSON type order, arrays keyed by their smallest
//! element ascending / largest descending. The sort is stable.

use bson::{Bson, Document};

use crate::engine::mongo::expr::{fail, numeric};
use crate::engine::mongo::sort::SortSpec as FindSort;
use crate::engine::mongo::MongoError;

#[derive(Debug, Clone)]
pub(crate) struct SortSpec {
    spec: FindSort,
}

impl SortSpec {
    /// Parses a `$sort` stage argument.
    pub(crate) fn parse_stage(arg: &Bson) -> Result<SortSpec, MongoError> {
        let Bson::Document(spec) = arg else {
            return Err(fail(15973, "the $sort key specification must be an object"));
        };
        if spec.is_empty() {
            return Err(fail(15976, "$sort stage must have at least one sort key"));
        }
        SortSpec::parse(spec)
    }

    /// Any number equal to 1 or -1 is a direction here (`find` is stricter).
    pub(crate) fn parse(spec: &Document) -> Result<SortSpec, MongoError> {
        let mut normalised = Document::new();
        for (key, value) in spec {
            let direction = if ascending(key, value)? { 1 } else { -1 };
            normalised.insert(key.clone(), direction);
        }
        Ok(SortSpec {
            spec: FindSort::parse(&normalised)?,
        })
    }

    pub(crate) fn sort(&self, docs: Vec<Document>) -> Vec<Document> {
        let mut keyed: Vec<(Vec<Bson>, Document)> =
            docs.into_iter().map(|d| (self.spec.key(&d), d)).collect();
        keyed.sort_by(|(a, _), (b, _)| self.spec.compare_keys(a, b));
        keyed.into_iter().map(|(_, d)| d).collect()
    }
}

fn ascending(key: &str, value: &Bson) -> Result<bool, MongoError> {
    if key.is_empty() || key.starts_with('$') && !matches!(value, Bson::Document(_)) {
        return Err(fail(
            40352,
            "FieldPath cannot be constructed with empty string",
        ));
    }
    match numeric::as_f64(value) {
        Some(1.0) => Ok(true),
        Some(-1.0) => Ok(false),
        _ => Err(fail(
            15975,
            "$sort key ordering must be 1 (for ascending) or -1 (for descending)",
        )),
    }
}
