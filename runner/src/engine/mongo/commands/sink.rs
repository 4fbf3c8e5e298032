//! The stages that end a pipeline by writing its output: `$out` (replace a
//! collection's documents, keeping its indexes) and `$merge` (fold each
//! document into a collection, matched on `on`).

use bson::{Bson, Document};

use super::insert::prepare_document;
use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::storage::RecordId;
use crate::engine::mongo::update::check_id_unchanged;
use crate::engine::mongo::validation::{Validation, Warning};
use crate::engine::mongo::value::values_equal;
use crate::engine::mongo::views::not_a_collection;
use crate::engine::mongo::Engine;
use crate::pesan::mesin;

pub(crate) enum Sink {
    Out { db: String, coll: String },
    Merge(Merge),
}

pub(crate) struct Merge {
    db: String,
    coll: String,
    on: Vec<String>,
    when_matched: String,
    when_not_matched: String,
}

/// Takes a trailing `$out`/`$merge` off the pipeline; anywhere else it fails.
pub(crate) fn take(pipeline: &mut Vec<Document>, db: &str) -> Result<Option<Sink>, MongoError> {
    let last = pipeline.len().saturating_sub(1);
    for (i, stage) in pipeline.iter().enumerate() {
        let name = stage.keys().next().map(String::as_str).unwrap_or("");
        if matches!(name, "$out" | "$merge") && i != last {
            return Err(MongoError::new(
                40601,
                format!("{name} can only be the final stage in the pipeline"),
            ));
        }
    }
    let Some(stage) = pipeline.last() else {
        return Ok(None);
    };
    let sink = match stage.iter().next() {
        Some((name, arg)) if name == "$out" => Sink::Out {
            db: target_db(arg, db),
            coll: target_coll(arg, "$out")?,
        },
        Some((name, arg)) if name == "$merge" => Sink::Merge(Merge::parse(arg, db)?),
        _ => return Ok(None),
    };
    pipeline.pop();
    Ok(Some(sink))
}

fn target_db(arg: &Bson, db: &str) -> String {
    match arg {
        Bson::Document(d) => d.get_str("db").unwrap_or(db).to_string(),
        _ => db.to_string(),
    }
}

fn target_coll(arg: &Bson, stage: &str) -> Result<String, MongoError> {
    match arg {
        Bson::String(s) if !s.is_empty() => Ok(s.clone()),
        Bson::Document(d) => d
            .get_str("coll")
            .map(str::to_string)
            .map_err(|_| MongoError::failed_to_parse(format!("{stage} requires a 'coll' field"))),
        _ => Err(MongoError::failed_to_parse(format!(
            "{stage} only supports a string or object argument"
        ))),
    }
}

impl Merge {
    fn parse(arg: &Bson, db: &str) -> Result<Merge, MongoError> {
        let spec = match arg {
            Bson::String(s) => bson::doc! { "into": s.clone() },
            Bson::Document(d) => d.clone(),
            _ => {
                return Err(MongoError::failed_to_parse(
                    "$merge requires a string or object argument",
                ))
            }
        };
        for key in spec.keys() {
            if !matches!(
                key.as_str(),
                "into" | "on" | "whenMatched" | "whenNotMatched" | "let"
            ) {
                return Err(MongoError::new(
                    40415,
                    format!("BSON field '$merge.{key}' is an unknown field."),
                ));
            }
        }
        let into = spec.get("into").ok_or_else(|| {
            MongoError::new(
                40414,
                "BSON field '$merge.into' is missing but a required field",
            )
        })?;
        Ok(Merge {
            db: target_db(into, db),
            coll: target_coll(into, "$merge")?,
            on: on_fields(spec.get("on"))?,
            when_matched: mode(
                &spec,
                "whenMatched",
                "merge",
                &["merge", "replace", "keepExisting", "fail"],
            )?,
            when_not_matched: mode(
                &spec,
                "whenNotMatched",
                "insert",
                &["insert", "discard", "fail"],
            )?,
        })
    }
}

fn on_fields(on: Option<&Bson>) -> Result<Vec<String>, MongoError> {
    match on {
        None => Ok(vec!["_id".to_string()]),
        Some(Bson::String(s)) => Ok(vec![s.clone()]),
        Some(Bson::Array(items)) => items
            .iter()
            .map(|i| i.as_str().map(str::to_string).ok_or_else(on_type_error))
            .collect(),
        Some(_) => Err(on_type_error()),
    }
}

fn on_type_error() -> MongoError {
    MongoError::new(
        51186,
        "$merge 'on' field must be either a string or an array of strings",
    )
}

fn mode(spec: &Document, name: &str, default: &str, known: &[&str]) -> Result<String, MongoError> {
    match spec.get(name) {
        None => Ok(default.to_string()),
        Some(Bson::String(s)) if known.contains(&s.as_str()) => Ok(s.clone()),
        Some(Bson::Array(_)) => Err(MongoError::new(
            238,
            mesin::opsi_tidak_didukung("$merge", "whenMatched: [pipeline]"),
        )),
        Some(other) => Err(MongoError::bad_value(format!(
            "Enumeration value '{}' for field '$merge.{name}' is not a valid value.",
            crate::engine::mongo::display::value(other).trim_matches('"')
        ))),
    }
}

impl Sink {
    /// Writes the pipeline's output; the target's validator checks every
    /// document unless the aggregate bypasses it.
    pub(crate) fn write(
        self,
        engine: &mut Engine,
        docs: Vec<Document>,
        bypass: bool,
    ) -> Result<(), MongoError> {
        let (db, coll) = match &self {
            Sink::Out { db, coll } => (db, coll),
            Sink::Merge(merge) => (&merge.db, &merge.coll),
        };
        if engine.view(db, coll).is_some() {
            return Err(not_a_collection(db, coll));
        }
        match self {
            Sink::Out { db, coll } => replace_all(engine, &db, &coll, docs, bypass),
            Sink::Merge(merge) => merge.write(engine, docs, bypass),
        }
    }
}

/// The validation a write into `db.coll` goes through (none when bypassed
/// or when the target does not exist yet).
fn validation_of(engine: &Engine, db: &str, coll: &str, bypass: bool) -> Option<Validation> {
    match bypass {
        true => None,
        false => engine.collection(db, coll).map(|c| c.validation.clone()),
    }
}

/// `$out`: the target holds exactly the output afterwards; its indexes stay.
/// Every document is checked before any is written: the server fills a
/// temporary copy of the target and renames it only when all went in.
fn replace_all(
    engine: &mut Engine,
    db: &str,
    coll: &str,
    docs: Vec<Document>,
    bypass: bool,
) -> Result<(), MongoError> {
    let prepared = docs
        .into_iter()
        .map(|d| prepare_document(engine, d))
        .collect::<Result<Vec<_>, _>>()?;
    let mut warnings = Vec::new();
    if let Some(validation) = validation_of(engine, db, coll, bypass) {
        for doc in &prepared {
            warnings.extend(validation.check(None, doc)?);
        }
    }
    let target = engine.collection_or_create(db, coll);
    let rids: Vec<_> = target.iter().map(|(rid, _)| rid).collect();
    for rid in rids {
        target.remove(rid);
    }
    for doc in prepared {
        target.insert(doc)?;
    }
    for warning in warnings {
        engine.note_warning(db, coll, Some(warning));
    }
    Ok(())
}

impl Merge {
    fn write(
        &self,
        engine: &mut Engine,
        docs: Vec<Document>,
        bypass: bool,
    ) -> Result<(), MongoError> {
        self.check_unique_on(engine)?;
        let validation = validation_of(engine, &self.db, &self.coll, bypass);
        for doc in docs {
            let warning = self.merge_one(engine, doc, validation.as_ref())?;
            engine.note_warning(&self.db, &self.coll, warning);
        }
        Ok(())
    }

    /// Fields other than `_id` must be backed by a unique index, so that
    /// one source document matches at most one target document.
    fn check_unique_on(&self, engine: &Engine) -> Result<(), MongoError> {
        if self.on == ["_id"] {
            return Ok(());
        }
        let backed = engine.collection(&self.db, &self.coll).is_some_and(|c| {
            c.indexes.iter().any(|i| {
                i.unique
                    && i.fields.len() == self.on.len()
                    && i.fields.iter().all(|(f, _)| self.on.contains(f))
            })
        });
        if backed {
            return Ok(());
        }
        Err(MongoError::new(
            51183,
            "Cannot find index to verify that join fields will be unique",
        ))
    }

    /// Folds one document in: an update of its match, or an insert.
    fn merge_one(
        &self,
        engine: &mut Engine,
        doc: Document,
        validation: Option<&Validation>,
    ) -> Result<Option<Warning>, MongoError> {
        let matched = self.find_match(engine, &doc);
        match (matched, self.when_matched.as_str(), self.when_not_matched.as_str()) {
            (Some(_), "keepExisting", _) | (None, _, "discard") => Ok(None),
            (Some(_), "fail", _) => Err(self.matched_failure(engine, doc)),
            (Some(rid), mode, _) => self.update_match(engine, rid, mode, doc, validation),
            (None, _, "fail") => Err(MongoError::new(
                13113,
                "$merge could not find a matching document in the target collection for at least one document in the source collection",
            )),
            (None, _, _) => self.insert_new(engine, doc, validation),
        }
    }

    fn find_match(&self, engine: &Engine, doc: &Document) -> Option<RecordId> {
        let target = engine.collection(&self.db, &self.coll)?;
        target.iter().map(|(rid, _)| rid).find(|rid| {
            target.get(*rid).is_some_and(|t| {
                self.on.iter().all(|f| match (t.get(f), doc.get(f)) {
                    (Some(a), Some(b)) => values_equal(a, b),
                    _ => false,
                })
            })
        })
    }

    /// `whenMatched: 'fail'` inserts, and the unique index behind `on`
    /// refuses: the duplicate-key error, in the stage's words.
    fn matched_failure(&self, engine: &mut Engine, doc: Document) -> MongoError {
        let doc = match prepare_document(engine, doc) {
            Ok(doc) => doc,
            Err(e) => return e,
        };
        let target = engine.collection_or_create(&self.db, &self.coll);
        match target.insert(doc) {
            Err(e) => e.caused_by("$merge with whenMatched: fail found an existing document with the same values for the 'on' fields"),
            Ok(rid) => {
                target.remove(rid);
                MongoError::duplicate_key("$merge with whenMatched: fail found an existing document with the same values for the 'on' fields")
            }
        }
    }

    /// `merge` sets the source's fields on the match, `replace` puts the
    /// source in its place; either way the match keeps its `_id`.
    fn update_match(
        &self,
        engine: &mut Engine,
        rid: RecordId,
        mode: &str,
        doc: Document,
        validation: Option<&Validation>,
    ) -> Result<Option<Warning>, MongoError> {
        let target = engine.collection_or_create(&self.db, &self.coll);
        let existing = target.get(rid).unwrap_or_default();
        let replacing = mode == "replace";
        let updated = matched_document(replacing, existing.clone(), doc);
        check_id_unchanged(&existing, &updated, replacing).map_err(|e| {
            e.caused_by("$merge failed to update the matching document, did you attempt to modify the _id or the shard key?")
        })?;
        let warning = match validation {
            Some(v) => v.check(Some(&existing), &updated)?,
            None => None,
        };
        target.replace(rid, updated)?;
        Ok(warning)
    }

    fn insert_new(
        &self,
        engine: &mut Engine,
        doc: Document,
        validation: Option<&Validation>,
    ) -> Result<Option<Warning>, MongoError> {
        let doc = prepare_document(engine, doc)?;
        let warning = match validation {
            Some(v) => v.check(None, &doc)?,
            None => None,
        };
        let target = engine.collection_or_create(&self.db, &self.coll);
        target.insert(doc).map_err(|e| match e.code {
            11000 => e.caused_by("$merge failed due to a DuplicateKey error"),
            _ => e,
        })?;
        Ok(warning)
    }
}

fn matched_document(replacing: bool, mut existing: Document, doc: Document) -> Document {
    if replacing {
        let id = existing.get("_id").cloned().unwrap_or(Bson::Null);
        let mut out = bson::doc! { "_id": id };
        out.extend(doc);
        return out;
    }
    existing.extend(doc);
    existing
}
