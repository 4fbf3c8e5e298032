//! Views: read-only collections computed at read time from a source
//! (collection or view) through a pipeline. Definitions live where the
//! server keeps them, as documents `{_id: "db.name", viewOn, pipeline}` in
//! the database's `system.views` collection.

mod definition;

use bson::{doc, Bson, Document};

use super::error::MongoError;
use super::Engine;

pub(crate) use definition::check_definition;

/// The collection that holds a database's view definitions.
pub(crate) const SYSTEM_VIEWS: &str = "system.views";

/// The server's bound on views stacked on views.
const MAX_DEPTH: usize = 20;

/// One view's definition.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct View {
    pub name: String,
    pub view_on: String,
    pub pipeline: Vec<Document>,
}

impl View {
    fn from_document(db: &str, stored: &Document) -> Option<View> {
        let id = stored.get_str("_id").ok()?;
        let name = id.strip_prefix(db)?.strip_prefix('.')?;
        let pipeline = match stored.get("pipeline") {
            Some(Bson::Array(stages)) => stages.iter().filter_map(stage).collect(),
            _ => Vec::new(),
        };
        Some(View {
            name: name.to_string(),
            view_on: stored.get_str("viewOn").ok()?.to_string(),
            pipeline,
        })
    }

    pub(crate) fn to_document(&self, db: &str) -> Document {
        doc! {
            "_id": format!("{db}.{}", self.name),
            "viewOn": self.view_on.clone(),
            "pipeline": self.pipeline.clone(),
        }
    }

    /// The options `listCollections` shows for it.
    pub(crate) fn options(&self) -> Document {
        doc! { "viewOn": self.view_on.clone(), "pipeline": self.pipeline.clone() }
    }
}

fn stage(value: &Bson) -> Option<Document> {
    value.as_document().cloned()
}

/// A view read as the aggregation it stands for: `pipeline` over `source`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Resolved {
    pub source: String,
    pub pipeline: Vec<Document>,
}

impl Engine {
    /// The views of `db`, in definition order.
    pub(crate) fn views(&self, db: &str) -> Vec<View> {
        self.collection(db, SYSTEM_VIEWS)
            .map(|c| {
                c.documents()
                    .filter_map(|d| View::from_document(db, &d))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub(crate) fn view(&self, db: &str, name: &str) -> Option<View> {
        if name == SYSTEM_VIEWS {
            return None;
        }
        self.views(db).into_iter().find(|v| v.name == name)
    }

    /// Follows views on views down to a collection (which need not exist):
    /// the pipelines run innermost first. `None` when `name` is no view.
    pub(crate) fn resolve_view(
        &self,
        db: &str,
        name: &str,
    ) -> Result<Option<Resolved>, MongoError> {
        let Some(mut view) = self.view(db, name) else {
            return Ok(None);
        };
        let mut pipeline = Vec::new();
        for _ in 0..=MAX_DEPTH {
            pipeline.splice(0..0, view.pipeline.iter().cloned());
            match self.view(db, &view.view_on) {
                Some(inner) => view = inner,
                None => {
                    let source = view.view_on;
                    return Ok(Some(Resolved { source, pipeline }));
                }
            }
        }
        Err(depth_exceeded())
    }

    /// Stores a new or changed definition.
    pub(crate) fn store_view(&mut self, db: &str, view: &View) -> Result<(), MongoError> {
        self.drop_view(db, &view.name);
        let stored = view.to_document(db);
        self.collection_or_create(db, SYSTEM_VIEWS).insert(stored)?;
        Ok(())
    }

    /// Removes a definition; true when there was one.
    pub(crate) fn drop_view(&mut self, db: &str, name: &str) -> bool {
        let id = Bson::String(format!("{db}.{name}"));
        let Some(views) = self.collection_mut(db, SYSTEM_VIEWS) else {
            return false;
        };
        let found: Vec<_> = views
            .iter()
            .map(|(rid, _)| rid)
            .filter(|rid| views.get(*rid).is_some_and(|d| d.get("_id") == Some(&id)))
            .collect();
        for rid in &found {
            views.remove(*rid);
        }
        !found.is_empty()
    }
}

pub(crate) fn depth_exceeded() -> MongoError {
    MongoError::new(
        149,
        format!("View depth limit exceeded; maximum depth is {MAX_DEPTH}"),
    )
}

/// What every write or index command on a view answers.
pub(crate) fn not_a_collection(db: &str, name: &str) -> MongoError {
    MongoError::new(
        166,
        format!("Namespace {db}.{name} is a view, not a collection"),
    )
}
