//! The query matcher `$match` uses: the engine's own filter, shared so that
//! parsed pipelines stay cheap to clone.

use std::sync::Arc;

use bson::Document;

use crate::engine::mongo::query;
use crate::engine::mongo::MongoError;

#[derive(Debug, Clone)]
pub(crate) struct Filter(Arc<query::Filter>);

impl Filter {
    pub(crate) fn parse(spec: &Document) -> Result<Filter, MongoError> {
        Ok(Filter(Arc::new(query::Filter::parse(spec)?)))
    }

    pub(crate) fn matches(&self, doc: &Document) -> bool {
        self.0.matches(doc)
    }
}
