//! The `$jsonSchema` subset: `bsonType`, `required`, `properties`, `enum`,
//! `minimum`/`maximum`, `minLength`/`maxLength`, `items`,
//! `additionalProperties`, with the server's rule-failure details.

use bson::{doc, Bson, Document};

use crate::engine::mongo::error::MongoError;
use crate::engine::mongo::value::{compare_values, is_number, type_name, values_equal};
use crate::pesan::mesin;

/// Keywords the server knows that this engine does not evaluate.
const REFUSED: &[&str] = &[
    "type",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "pattern",
    "patternProperties",
    "minItems",
    "maxItems",
    "uniqueItems",
    "additionalItems",
    "minProperties",
    "maxProperties",
    "dependencies",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "encrypt",
    "encryptMetadata",
];

const TYPE_NAMES: &[&str] = &[
    "double",
    "string",
    "object",
    "array",
    "binData",
    "undefined",
    "objectId",
    "bool",
    "date",
    "null",
    "regex",
    "dbPointer",
    "javascript",
    "symbol",
    "javascriptWithScope",
    "int",
    "timestamp",
    "long",
    "decimal",
    "minKey",
    "maxKey",
    "number",
];

#[derive(Debug, Clone)]
enum Additional {
    Allowed,
    Forbidden,
    Schema(Box<Schema>),
}

/// One parsed (sub)schema; `source` keeps each keyword as written for `specifiedAs`.
#[derive(Debug, Clone)]
pub(crate) struct Schema {
    source: Document,
    types: Vec<String>,
    required: Vec<String>,
    properties: Vec<(String, Schema)>,
    items: Option<Box<Schema>>,
    additional: Additional,
}

impl Schema {
    pub(crate) fn parse(source: &Document) -> Result<Schema, MongoError> {
        let mut schema = Schema {
            source: source.clone(),
            types: Vec::new(),
            required: Vec::new(),
            properties: Vec::new(),
            items: None,
            additional: Additional::Allowed,
        };
        for (key, value) in source {
            schema.parse_keyword(key, value)?;
        }
        Ok(schema)
    }

    fn parse_keyword(&mut self, key: &str, value: &Bson) -> Result<(), MongoError> {
        match key {
            "bsonType" => self.types = parse_types(value)?,
            "required" => self.required = parse_required(value)?,
            "properties" => self.properties = parse_properties(value)?,
            "items" => self.items = Some(Box::new(Schema::parse(object(key, value)?)?)),
            "additionalProperties" => self.additional = parse_additional(value)?,
            "enum" => check_enum(value)?,
            "minimum" | "maximum" => check_number(key, value)?,
            "minLength" | "maxLength" => check_length(key, value)?,
            "title" | "description" => check_string(key, value)?,
            _ if REFUSED.contains(&key) => {
                return Err(MongoError::new(
                    238,
                    mesin::kata_kunci_skema_tidak_didukung(key),
                ))
            }
            _ => {
                return Err(MongoError::failed_to_parse(format!(
                    "Unknown $jsonSchema keyword: {key}"
                )))
            }
        }
        Ok(())
    }

    pub(crate) fn title(&self) -> Option<&str> {
        self.source.get_str("title").ok()
    }

    pub(crate) fn passes(&self, doc: &Document) -> bool {
        self.failures(&Bson::Document(doc.clone())).is_empty()
    }

    /// The rules `value` breaks, each as the server details it.
    pub(crate) fn failures(&self, value: &Bson) -> Vec<Document> {
        let mut out = Vec::new();
        out.extend(self.type_failure(value));
        out.extend(self.enum_failure(value));
        out.extend(self.bound_failure(value, "minimum", |o| o.is_lt()));
        out.extend(self.bound_failure(value, "maximum", |o| o.is_gt()));
        out.extend(self.length_failure(value, "minLength", |len, n| len < n));
        out.extend(self.length_failure(value, "maxLength", |len, n| len > n));
        if let Bson::Document(d) = value {
            out.extend(self.object_failures(d));
        }
        if let Bson::Array(items) = value {
            out.extend(self.items_failure(items));
        }
        out
    }

    fn specified(&self, key: &str) -> Document {
        let mut d = Document::new();
        d.insert(key, self.source.get(key).cloned().unwrap_or(Bson::Null));
        d
    }

    fn type_failure(&self, value: &Bson) -> Option<Document> {
        if self.types.is_empty() || self.types.iter().any(|t| type_matches(t, value)) {
            return None;
        }
        Some(doc! {
            "operatorName": "bsonType",
            "specifiedAs": self.specified("bsonType"),
            "reason": "type did not match",
            "consideredValue": value.clone(),
            "consideredType": type_name(value),
        })
    }

    fn enum_failure(&self, value: &Bson) -> Option<Document> {
        let Ok(allowed) = self.source.get_array("enum") else {
            return None;
        };
        if allowed.iter().any(|a| values_equal(a, value)) {
            return None;
        }
        Some(doc! {
            "operatorName": "enum",
            "specifiedAs": self.specified("enum"),
            "reason": "value was not found in enum",
            "consideredValue": value.clone(),
        })
    }

    /// Bounds only apply to numbers, as in JSON Schema.
    fn bound_failure(
        &self,
        value: &Bson,
        key: &str,
        breaks: fn(std::cmp::Ordering) -> bool,
    ) -> Option<Document> {
        let bound = self.source.get(key)?;
        if !is_number(value) || !breaks(compare_values(value, bound)) {
            return None;
        }
        Some(doc! {
            "operatorName": key,
            "specifiedAs": self.specified(key),
            "reason": "comparison failed",
            "consideredValue": value.clone(),
        })
    }

    /// Lengths only apply to strings and count code points.
    fn length_failure(
        &self,
        value: &Bson,
        key: &str,
        breaks: fn(f64, f64) -> bool,
    ) -> Option<Document> {
        let limit = self
            .source
            .get(key)
            .and_then(crate::engine::mongo::value::number_as_f64)?;
        let Bson::String(text) = value else {
            return None;
        };
        if !breaks(text.chars().count() as f64, limit) {
            return None;
        }
        Some(doc! {
            "operatorName": key,
            "specifiedAs": self.specified(key),
            "reason": "specified string length was not satisfied",
            "consideredValue": value.clone(),
        })
    }

    fn object_failures(&self, doc: &Document) -> Vec<Document> {
        let mut out = Vec::new();
        out.extend(self.required_failure(doc));
        out.extend(self.properties_failure(doc));
        out.extend(self.additional_failure(doc));
        out
    }

    fn required_failure(&self, doc: &Document) -> Option<Document> {
        let missing: Vec<&String> = self
            .required
            .iter()
            .filter(|r| !doc.contains_key(r.as_str()))
            .collect();
        if missing.is_empty() {
            return None;
        }
        Some(doc! {
            "operatorName": "required",
            "specifiedAs": self.specified("required"),
            "missingProperties": missing.into_iter().cloned().collect::<Vec<_>>(),
        })
    }

    fn properties_failure(&self, doc: &Document) -> Option<Document> {
        let failing: Vec<Document> = self
            .properties
            .iter()
            .filter_map(|(name, schema)| property_failure(name, schema, doc.get(name)?))
            .collect();
        if failing.is_empty() {
            return None;
        }
        Some(doc! { "operatorName": "properties", "propertiesNotSatisfied": failing })
    }

    fn additional_failure(&self, doc: &Document) -> Option<Document> {
        let extra = doc
            .keys()
            .filter(|k| !self.properties.iter().any(|(p, _)| p == *k));
        match &self.additional {
            Additional::Allowed => None,
            Additional::Forbidden => {
                let names: Vec<String> = extra.cloned().collect();
                (!names.is_empty()).then(|| {
                    doc! {
                        "operatorName": "additionalProperties",
                        "specifiedAs": { "additionalProperties": false },
                        "additionalProperties": names,
                    }
                })
            }
            Additional::Schema(schema) => {
                let (name, details) = extra
                    .filter_map(|k| Some((k, schema.failures(doc.get(k)?))))
                    .find(|(_, f)| !f.is_empty())?;
                Some(doc! {
                    "operatorName": "additionalProperties",
                    "reason": "at least one additional property did not match the subschema",
                    "failingProperty": name.clone(),
                    "details": details,
                })
            }
        }
    }

    fn items_failure(&self, items: &[Bson]) -> Option<Document> {
        let schema = self.items.as_ref()?;
        let (index, details) = items
            .iter()
            .map(|item| schema.failures(item))
            .enumerate()
            .find(|(_, f)| !f.is_empty())?;
        Some(doc! {
            "operatorName": "items",
            "reason": "At least one item did not match the sub-schema",
            "itemIndex": index as i32,
            "details": details,
        })
    }
}

fn property_failure(name: &str, schema: &Schema, value: &Bson) -> Option<Document> {
    let details = schema.failures(value);
    if details.is_empty() {
        return None;
    }
    let mut out = doc! { "propertyName": name };
    if let Ok(description) = schema.source.get_str("description") {
        out.insert("description", description);
    }
    out.insert("details", details);
    Some(out)
}

fn type_matches(name: &str, value: &Bson) -> bool {
    name == type_name(value) || (name == "number" && is_number(value))
}

fn parse_types(value: &Bson) -> Result<Vec<String>, MongoError> {
    let names: Vec<&Bson> = match value {
        Bson::Array(items) => items.iter().collect(),
        other => vec![other],
    };
    names.into_iter().map(parse_type).collect()
}

fn parse_type(value: &Bson) -> Result<String, MongoError> {
    match value.as_str() {
        Some(name) if TYPE_NAMES.contains(&name) => Ok(name.to_string()),
        Some(name) => Err(MongoError::bad_value(format!(
            "Unknown type name alias: {name}"
        ))),
        None => Err(MongoError::type_mismatch(
            "$jsonSchema keyword 'bsonType' must be either a string or an array of strings",
        )),
    }
}

fn parse_required(value: &Bson) -> Result<Vec<String>, MongoError> {
    let Bson::Array(items) = value else {
        return Err(MongoError::type_mismatch(
            "$jsonSchema keyword 'required' must be an array",
        ));
    };
    if items.is_empty() {
        return Err(MongoError::bad_value(
            "$jsonSchema keyword 'required' cannot be an empty array",
        ));
    }
    items
        .iter()
        .map(|i| {
            i.as_str().map(str::to_string).ok_or_else(|| {
                MongoError::type_mismatch(
                    "$jsonSchema keyword 'required' must be an array of strings",
                )
            })
        })
        .collect()
}

fn parse_properties(value: &Bson) -> Result<Vec<(String, Schema)>, MongoError> {
    object("properties", value)?
        .iter()
        .map(|(name, sub)| Ok((name.clone(), Schema::parse(object("properties", sub)?)?)))
        .collect()
}

fn parse_additional(value: &Bson) -> Result<Additional, MongoError> {
    match value {
        Bson::Boolean(true) => Ok(Additional::Allowed),
        Bson::Boolean(false) => Ok(Additional::Forbidden),
        Bson::Document(d) => Ok(Additional::Schema(Box::new(Schema::parse(d)?))),
        _ => Err(MongoError::type_mismatch(
            "$jsonSchema keyword 'additionalProperties' must be either an object or a boolean",
        )),
    }
}

fn object<'a>(key: &str, value: &'a Bson) -> Result<&'a Document, MongoError> {
    value.as_document().ok_or_else(|| {
        MongoError::type_mismatch(format!("$jsonSchema keyword '{key}' must be an object"))
    })
}

fn check_enum(value: &Bson) -> Result<(), MongoError> {
    match value {
        Bson::Array(items) if !items.is_empty() => Ok(()),
        Bson::Array(_) => Err(MongoError::bad_value(
            "$jsonSchema keyword 'enum' cannot be an empty array",
        )),
        _ => Err(MongoError::type_mismatch(
            "$jsonSchema keyword 'enum' must be an array",
        )),
    }
}

fn check_number(key: &str, value: &Bson) -> Result<(), MongoError> {
    if is_number(value) {
        return Ok(());
    }
    Err(MongoError::type_mismatch(format!(
        "$jsonSchema keyword '{key}' must be a number"
    )))
}

fn check_length(key: &str, value: &Bson) -> Result<(), MongoError> {
    match crate::engine::mongo::value::number_as_f64(value) {
        Some(n) if n >= 0.0 && n.fract() == 0.0 => Ok(()),
        Some(_) => Err(MongoError::failed_to_parse(format!(
            "$jsonSchema keyword '{key}' must be a non-negative integral number"
        ))),
        None => Err(MongoError::type_mismatch(format!(
            "$jsonSchema keyword '{key}' must be a number"
        ))),
    }
}

fn check_string(key: &str, value: &Bson) -> Result<(), MongoError> {
    match value {
        Bson::String(_) => Ok(()),
        _ => Err(MongoError::type_mismatch(format!(
            "$jsonSchema keyword '{key}' must be a string"
        ))),
    }
}
