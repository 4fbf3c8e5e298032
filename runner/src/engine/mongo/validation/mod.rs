//! Schema validation: a collection's `validator` (query operators and a
//! `$jsonSchema`), checked on every write as `validationLevel` and
//! `validationAction` say, failing with the server's DocumentValidationFailure.

mod query;
mod schema;

use std::sync::Arc;

use bson::{doc, Bson, Document};

use super::error::MongoError;
use super::query::Filter;
use schema::Schema;

/// Which writes are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    Strict,
    /// Updates of documents that already break the rules are let through.
    Moderate,
    Off,
}

/// What a failed check does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    Error,
    /// The server only logs the failure; the write goes through.
    Warn,
}

/// A write `validationAction: 'warn'` let through, for the server log.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Warning {
    pub document: Document,
    pub err_info: Document,
}

/// A collection's validation options.
#[derive(Debug, Clone)]
pub(crate) struct Validation {
    validator: Document,
    /// Shared: a parsed filter is not cloneable, and collections are.
    filter: Arc<Filter>,
    schema: Option<Schema>,
    pub level: Level,
    pub action: Action,
}

impl Default for Validation {
    fn default() -> Self {
        Validation {
            validator: Document::new(),
            filter: Arc::new(Filter::empty()),
            schema: None,
            level: Level::Strict,
            action: Action::Error,
        }
    }
}

impl Validation {
    /// Applies the options a `create` or `collMod` command carries.
    pub(crate) fn apply_options(
        &mut self,
        command: &Document,
        name: &str,
    ) -> Result<(), MongoError> {
        if let Some(validator) = command.get("validator") {
            self.set_validator(validator)?;
        }
        if let Some(level) = command.get("validationLevel") {
            self.level = parse_level(level, name)?;
        }
        if let Some(action) = command.get("validationAction") {
            self.action = parse_action(action, name)?;
        }
        Ok(())
    }

    fn set_validator(&mut self, validator: &Bson) -> Result<(), MongoError> {
        let Bson::Document(validator) = validator else {
            return Err(MongoError::type_mismatch(format!(
                "BSON field 'validator' is the wrong type '{}', expected type 'object'",
                super::value::type_name(validator)
            )));
        };
        let mut operators = validator.clone();
        self.schema = match operators.remove("$jsonSchema") {
            Some(Bson::Document(s)) => Some(Schema::parse(&s)?),
            Some(_) => return Err(MongoError::type_mismatch("$jsonSchema must be an object")),
            None => None,
        };
        self.filter = Arc::new(Filter::parse(&operators)?);
        self.validator = validator.clone();
        Ok(())
    }

    /// True when the collection has options worth listing.
    pub(crate) fn is_set(&self) -> bool {
        !self.validator.is_empty() || self.level != Level::Strict || self.action != Action::Error
    }

    /// The options as `listCollections` shows them.
    pub(crate) fn options(&self) -> Document {
        if !self.is_set() {
            return Document::new();
        }
        doc! {
            "validator": self.validator.clone(),
            "validationLevel": level_name(self.level),
            "validationAction": action_name(self.action),
        }
    }

    /// Checks a write: `before` is the stored document an update changes.
    /// A failure under `validationAction: 'warn'` lets the write through and
    /// comes back as the warning the server logs.
    pub(crate) fn check(
        &self,
        before: Option<&Document>,
        after: &Document,
    ) -> Result<Option<Warning>, MongoError> {
        if self.validator.is_empty() || self.level == Level::Off {
            return Ok(None);
        }
        let moderate_skip =
            self.level == Level::Moderate && before.is_some_and(|b| !self.passes(b));
        if moderate_skip || self.passes(after) {
            return Ok(None);
        }
        let failure = self.failure(after);
        match self.action {
            Action::Error => Err(failure),
            Action::Warn => Ok(Some(Warning {
                document: after.clone(),
                err_info: failure
                    .details
                    .and_then(|d| d.get_document("errInfo").ok().cloned())
                    .unwrap_or_default(),
            })),
        }
    }

    fn passes(&self, doc: &Document) -> bool {
        self.filter.matches(doc) && self.schema.as_ref().is_none_or(|s| s.passes(doc))
    }

    fn failure(&self, doc: &Document) -> MongoError {
        let details = query::explain(&self.validator, self.schema.as_ref(), doc);
        let id = doc.get("_id").cloned().unwrap_or(Bson::Null);
        MongoError::new(121, "Document failed validation").with_details(doc! {
            "errInfo": { "failingDocumentId": id, "details": details },
        })
    }
}

fn parse_level(value: &Bson, command: &str) -> Result<Level, MongoError> {
    match value.as_str() {
        Some("strict") => Ok(Level::Strict),
        Some("moderate") => Ok(Level::Moderate),
        Some("off") => Ok(Level::Off),
        _ => Err(bad_enumeration(value, command, "validationLevel")),
    }
}

fn parse_action(value: &Bson, command: &str) -> Result<Action, MongoError> {
    match value.as_str() {
        Some("error") => Ok(Action::Error),
        Some("warn") => Ok(Action::Warn),
        _ => Err(bad_enumeration(value, command, "validationAction")),
    }
}

fn bad_enumeration(value: &Bson, command: &str, field: &str) -> MongoError {
    let shown = value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_string);
    MongoError::bad_value(format!(
        "Enumeration value '{shown}' for field '{command}.{field}' is not a valid value."
    ))
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Strict => "strict",
        Level::Moderate => "moderate",
        Level::Off => "off",
    }
}

fn action_name(action: Action) -> &'static str {
    match action {
        Action::Error => "error",
        Action::Warn => "warn",
    }
}
