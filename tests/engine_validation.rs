//! Schema validation through `run_command` as the server answers it, and
//! through the shell as mongosh prints it: `validator` with query operators
//! and `$jsonSchema`, `validationLevel`, `validationAction`, `collMod`,
//! `bypassDocumentValidation`, `listCollections` and `getCollectionInfos`.

use bson::{doc, Bson, Document};
use kursus::engine::mongo::{Engine, MongoError};
use kursus::shell::{Shell, ShellOptions};

const DB: &str = "uji";

fn run(engine: &mut Engine, command: Document) -> Document {
    match engine.run_command(DB, command.clone()) {
        Ok(reply) => reply,
        Err(e) => panic!("command {command} failed: {e:?}"),
    }
}

fn fail(engine: &mut Engine, command: Document) -> MongoError {
    match engine.run_command(DB, command.clone()) {
        Ok(reply) => panic!("command {command} should fail, got {reply}"),
        Err(e) => e,
    }
}

/// A collection `c` created with these options.
fn created(options: Document) -> Engine {
    let mut e = Engine::new();
    let mut command = doc! { "create": "c" };
    command.extend(options);
    run(&mut e, command);
    e
}

fn with_validator(validator: Document) -> Engine {
    created(doc! { "validator": validator })
}

fn insert(engine: &mut Engine, document: Document) -> Document {
    run(engine, doc! { "insert": "c", "documents": [document] })
}

/// The write error of a reply, or None when the write went through.
fn write_error(reply: &Document) -> Option<Document> {
    reply
        .get_array("writeErrors")
        .ok()
        .and_then(|e| e.first())
        .and_then(Bson::as_document)
        .cloned()
}

fn rejected(reply: &Document) -> Document {
    let error = write_error(reply).unwrap_or_else(|| panic!("no write error in {reply}"));
    assert_eq!(error.get_i32("code"), Ok(121), "{error}");
    assert_eq!(error.get_str("errmsg"), Ok("Document failed validation"));
    assert!(!error.contains_key("codeName"), "{error}");
    error
}

fn details(error: &Document) -> Document {
    error
        .get_document("errInfo")
        .and_then(|i| i.get_document("details"))
        .cloned()
        .unwrap_or_else(|_| panic!("no errInfo.details in {error}"))
}

fn ids(engine: &mut Engine) -> Vec<Bson> {
    engine
        .collection_documents(DB, "c")
        .iter()
        .filter_map(|d| d.get("_id").cloned())
        .collect()
}

fn shell_out(script: &str) -> String {
    Shell::new(ShellOptions::default()).run_script(script)
}

fn student_schema() -> Document {
    doc! { "$jsonSchema": {
        "bsonType": "object",
        "required": ["nama", "ipk"],
        "properties": {
            "nama": { "bsonType": "string", "minLength": 2, "maxLength": 10 },
            "ipk": { "bsonType": ["double", "int"], "minimum": 0, "maximum": 4, "description": "0 sampai 4" },
            "status": { "enum": ["aktif", "cuti"] },
            "nilai": { "bsonType": "array", "items": { "bsonType": "int" } },
        },
    } }
}

// ---- query-operator validators ------------------------------------------------------

#[test]
fn a_query_validator_rejects_what_it_does_not_match() {
    let mut e = with_validator(doc! { "umur": { "$gte": 17 } });
    assert_eq!(
        write_error(&insert(&mut e, doc! { "_id": 1, "umur": 20 })),
        None
    );
    let error = rejected(&insert(&mut e, doc! { "_id": 2, "umur": 15 }));
    assert_eq!(
        error
            .get_document("errInfo")
            .unwrap()
            .get("failingDocumentId"),
        Some(&Bson::Int32(2))
    );
    assert_eq!(
        details(&error),
        doc! {
            "operatorName": "$gte",
            "specifiedAs": { "umur": { "$gte": 17 } },
            "reason": "comparison failed",
            "consideredValue": 15,
        }
    );
    let missing = details(&rejected(&insert(&mut e, doc! { "_id": 3 })));
    assert_eq!(missing.get_str("reason"), Ok("field was missing"));
    assert!(!missing.contains_key("consideredValue"));
    assert_eq!(ids(&mut e), vec![Bson::Int32(1)]);
}

#[test]
fn several_clauses_are_detailed_as_an_and_of_the_failing_ones() {
    let mut e =
        with_validator(doc! { "a": 1, "b": { "$exists": true }, "c": { "$type": "string" } });
    let info = details(&rejected(&insert(
        &mut e,
        doc! { "_id": 1, "a": 1, "c": 5 },
    )));
    assert_eq!(info.get_str("operatorName"), Ok("$and"));
    let clauses = info.get_array("clausesNotSatisfied").unwrap();
    assert_eq!(clauses.len(), 2, "{info}");
    let first = clauses[0].as_document().unwrap();
    assert_eq!(first.get_i32("index"), Ok(1));
    assert_eq!(
        first.get_document("details").unwrap(),
        &doc! {
            "operatorName": "$exists",
            "specifiedAs": { "b": { "$exists": true } },
            "reason": "path does not exist",
        }
    );
    let second = clauses[1]
        .as_document()
        .unwrap()
        .get_document("details")
        .unwrap();
    assert_eq!(second.get_str("reason"), Ok("type did not match"));
    assert_eq!(second.get_str("consideredType"), Ok("int"));
}

#[test]
fn an_or_validator_lists_every_branch_when_all_fail() {
    let mut e = with_validator(doc! { "$or": [{ "a": 1 }, { "b": { "$in": [1, 2] } }] });
    assert_eq!(
        write_error(&insert(&mut e, doc! { "_id": 1, "b": 2 })),
        None
    );
    let info = details(&rejected(&insert(
        &mut e,
        doc! { "_id": 2, "a": 0, "b": 3 },
    )));
    assert_eq!(info.get_str("operatorName"), Ok("$or"));
    let clauses = info.get_array("clausesNotSatisfied").unwrap();
    assert_eq!(clauses.len(), 2);
    let second = clauses[1]
        .as_document()
        .unwrap()
        .get_document("details")
        .unwrap();
    assert_eq!(
        second.get_str("reason"),
        Ok("no matching value found in array")
    );
}

#[test]
fn an_expr_validator_reports_its_result() {
    let mut e = with_validator(doc! { "$expr": { "$lt": ["$min", "$max"] } });
    assert_eq!(
        write_error(&insert(&mut e, doc! { "_id": 1, "min": 1, "max": 2 })),
        None
    );
    let info = details(&rejected(&insert(
        &mut e,
        doc! { "_id": 2, "min": 3, "max": 2 },
    )));
    assert_eq!(info.get_str("operatorName"), Ok("$expr"));
    assert_eq!(info.get_bool("expressionResult"), Ok(false));
}

// ---- $jsonSchema ---------------------------------------------------------------------

#[test]
fn json_schema_accepts_a_valid_document() {
    let mut e = with_validator(student_schema());
    let ok = doc! { "_id": 1, "nama": "Sari", "ipk": 3.5, "status": "aktif", "nilai": [80, 90] };
    assert_eq!(write_error(&insert(&mut e, ok)), None);
    assert_eq!(ids(&mut e), vec![Bson::Int32(1)]);
}

#[test]
fn json_schema_required_names_the_missing_properties() {
    let mut e = with_validator(student_schema());
    let info = details(&rejected(&insert(
        &mut e,
        doc! { "_id": 1, "nama": "Sari" },
    )));
    assert_eq!(info.get_str("operatorName"), Ok("$jsonSchema"));
    assert_eq!(
        info.get_array("schemaRulesNotSatisfied").unwrap(),
        &vec![Bson::Document(doc! {
            "operatorName": "required",
            "specifiedAs": { "required": ["nama", "ipk"] },
            "missingProperties": ["ipk"],
        })]
    );
}

/// The one property failure of a `$jsonSchema` rejection.
fn property_failure(e: &mut Engine, document: Document) -> Document {
    let info = details(&rejected(&insert(e, document)));
    let rules = info.get_array("schemaRulesNotSatisfied").unwrap();
    assert_eq!(rules.len(), 1, "{info}");
    let rule = rules[0].as_document().unwrap();
    assert_eq!(rule.get_str("operatorName"), Ok("properties"));
    let failing = rule.get_array("propertiesNotSatisfied").unwrap();
    assert_eq!(failing.len(), 1, "{info}");
    failing[0].as_document().unwrap().clone()
}

fn first_detail(property: &Document) -> Document {
    property.get_array("details").unwrap()[0]
        .as_document()
        .unwrap()
        .clone()
}

#[test]
fn json_schema_bson_type_names_the_considered_type() {
    let mut e = with_validator(student_schema());
    let property = property_failure(&mut e, doc! { "_id": 1, "nama": 5, "ipk": 3.0 });
    assert_eq!(property.get_str("propertyName"), Ok("nama"));
    assert_eq!(
        first_detail(&property),
        doc! {
            "operatorName": "bsonType",
            "specifiedAs": { "bsonType": "string" },
            "reason": "type did not match",
            "consideredValue": 5,
            "consideredType": "int",
        }
    );
}

#[test]
fn json_schema_minimum_and_maximum_compare_numbers() {
    let mut e = with_validator(student_schema());
    let property = property_failure(&mut e, doc! { "_id": 1, "nama": "Sari", "ipk": 4.5 });
    assert_eq!(property.get_str("description"), Ok("0 sampai 4"));
    let detail = first_detail(&property);
    assert_eq!(detail.get_str("operatorName"), Ok("maximum"));
    assert_eq!(detail.get_str("reason"), Ok("comparison failed"));
    let low = property_failure(&mut e, doc! { "_id": 2, "nama": "Sari", "ipk": -1 });
    assert_eq!(first_detail(&low).get_str("operatorName"), Ok("minimum"));
    assert_eq!(
        write_error(&insert(&mut e, doc! { "_id": 3, "nama": "Sari", "ipk": 4 })),
        None
    );
}

#[test]
fn json_schema_lengths_count_characters() {
    let mut e = with_validator(student_schema());
    let short = property_failure(&mut e, doc! { "_id": 1, "nama": "S", "ipk": 3 });
    let detail = first_detail(&short);
    assert_eq!(detail.get_str("operatorName"), Ok("minLength"));
    assert_eq!(
        detail.get_str("reason"),
        Ok("specified string length was not satisfied")
    );
    let long = property_failure(&mut e, doc! { "_id": 2, "nama": "Bartholomeus", "ipk": 3 });
    assert_eq!(first_detail(&long).get_str("operatorName"), Ok("maxLength"));
    // ten characters, more than ten bytes
    let accents = doc! { "_id": 3, "nama": "ÉéÉéÉéÉéÉé", "ipk": 3 };
    assert_eq!(write_error(&insert(&mut e, accents)), None);
}

#[test]
fn json_schema_enum_lists_the_allowed_values() {
    let mut e = with_validator(student_schema());
    let property = property_failure(
        &mut e,
        doc! { "_id": 1, "nama": "Sari", "ipk": 3, "status": "lulus" },
    );
    assert_eq!(
        first_detail(&property),
        doc! {
            "operatorName": "enum",
            "specifiedAs": { "enum": ["aktif", "cuti"] },
            "reason": "value was not found in enum",
            "consideredValue": "lulus",
        }
    );
}

#[test]
fn json_schema_items_names_the_first_failing_item() {
    let mut e = with_validator(student_schema());
    let property = property_failure(
        &mut e,
        doc! { "_id": 1, "nama": "Sari", "ipk": 3, "nilai": [80, "A", 70] },
    );
    let detail = first_detail(&property);
    assert_eq!(detail.get_str("operatorName"), Ok("items"));
    assert_eq!(detail.get_i32("itemIndex"), Ok(1));
    let inner = detail.get_array("details").unwrap()[0]
        .as_document()
        .unwrap();
    assert_eq!(inner.get_str("consideredType"), Ok("string"));
}

#[test]
fn json_schema_additional_properties_false_counts_id_too() {
    let mut e = with_validator(doc! { "$jsonSchema": {
        "additionalProperties": false,
        "properties": { "nama": { "bsonType": "string" } },
    } });
    let info = details(&rejected(&insert(
        &mut e,
        doc! { "_id": 1, "nama": "Sari" },
    )));
    assert_eq!(
        info.get_array("schemaRulesNotSatisfied").unwrap(),
        &vec![Bson::Document(doc! {
            "operatorName": "additionalProperties",
            "specifiedAs": { "additionalProperties": false },
            "additionalProperties": ["_id"],
        })]
    );
}

#[test]
fn json_schema_additional_properties_as_a_schema() {
    let mut e = with_validator(doc! { "$jsonSchema": {
        "properties": { "_id": {} },
        "additionalProperties": { "bsonType": "int" },
    } });
    assert_eq!(
        write_error(&insert(&mut e, doc! { "_id": 1, "a": 2 })),
        None
    );
    let info = details(&rejected(&insert(
        &mut e,
        doc! { "_id": 2, "a": 2, "b": "x" },
    )));
    let rule = info.get_array("schemaRulesNotSatisfied").unwrap()[0]
        .as_document()
        .unwrap();
    assert_eq!(rule.get_str("failingProperty"), Ok("b"));
}

#[test]
fn json_schema_keywords_outside_the_subset_are_refused() {
    let mut e = Engine::new();
    let err = fail(
        &mut e,
        doc! { "create": "c", "validator": { "$jsonSchema": { "pattern": "^a" } } },
    );
    assert_eq!(err.code, 238, "{err:?}");
    let err = fail(
        &mut e,
        doc! { "create": "c", "validator": { "$jsonSchema": { "bogus": 1 } } },
    );
    assert_eq!(
        (err.code, err.message.as_str()),
        (9, "Unknown $jsonSchema keyword: bogus")
    );
    let err = fail(
        &mut e,
        doc! { "create": "c", "validator": { "$jsonSchema": { "bsonType": "teks" } } },
    );
    assert_eq!(err.code, 2, "{err:?}");
    assert!(run(&mut e, doc! { "listCollections": 1 })
        .get_document("cursor")
        .unwrap()
        .get_array("firstBatch")
        .unwrap()
        .is_empty());
}

// ---- which writes are checked ------------------------------------------------------------

#[test]
fn updates_replacements_and_upserts_are_checked() {
    let mut e = with_validator(doc! { "n": { "$lt": 10 } });
    insert(&mut e, doc! { "_id": 1, "n": 1 });
    let set = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 1 }, "u": { "$set": { "n": 50 } } }] },
    );
    rejected(&set);
    let replace = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 1 }, "u": { "n": 50 } }] },
    );
    rejected(&replace);
    let upsert = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 2 }, "u": { "$set": { "n": 50 } }, "upsert": true }] },
    );
    rejected(&upsert);
    assert_eq!(
        e.collection_documents(DB, "c"),
        vec![doc! { "_id": 1, "n": 1 }]
    );
}

#[test]
fn find_and_modify_is_checked() {
    let mut e = with_validator(doc! { "n": { "$lt": 10 } });
    insert(&mut e, doc! { "_id": 1, "n": 1 });
    let err = fail(
        &mut e,
        doc! { "findAndModify": "c", "query": { "_id": 1 }, "update": { "$inc": { "n": 20 } } },
    );
    assert_eq!(
        (err.code, err.message.as_str()),
        (121, "Document failed validation")
    );
    let info = err.details.unwrap();
    assert_eq!(
        info.get_document("errInfo")
            .unwrap()
            .get("failingDocumentId"),
        Some(&Bson::Int32(1))
    );
    let err = fail(
        &mut e,
        doc! { "findAndModify": "c", "query": { "_id": 2 }, "update": { "$set": { "n": 20 } }, "upsert": true },
    );
    assert_eq!(err.code, 121);
    assert_eq!(
        e.collection_documents(DB, "c"),
        vec![doc! { "_id": 1, "n": 1 }]
    );
}

#[test]
fn bypass_document_validation_lets_every_write_through() {
    let mut e = with_validator(doc! { "n": { "$lt": 10 } });
    let bypass = doc! { "bypassDocumentValidation": true };
    let mut command = doc! { "insert": "c", "documents": [{ "_id": 1, "n": 50 }] };
    command.extend(bypass.clone());
    assert_eq!(write_error(&run(&mut e, command)), None);
    let mut command =
        doc! { "update": "c", "updates": [{ "q": { "_id": 1 }, "u": { "$set": { "n": 60 } } }] };
    command.extend(bypass.clone());
    assert_eq!(write_error(&run(&mut e, command)), None);
    let mut command =
        doc! { "findAndModify": "c", "query": { "_id": 1 }, "update": { "$set": { "n": 70 } } };
    command.extend(bypass);
    run(&mut e, command);
    assert_eq!(
        e.collection_documents(DB, "c"),
        vec![doc! { "_id": 1, "n": 70 }]
    );
}

#[test]
fn deletes_are_never_checked() {
    let mut e = created(doc! {});
    insert(&mut e, doc! { "_id": 1, "n": 50 });
    run(
        &mut e,
        doc! { "collMod": "c", "validator": { "n": { "$lt": 10 } } },
    );
    run(
        &mut e,
        doc! { "delete": "c", "deletes": [{ "q": { "_id": 1 }, "limit": 1 }] },
    );
    assert!(ids(&mut e).is_empty());
}

#[test]
fn moderate_level_lets_already_invalid_documents_be_updated() {
    let mut e = created(doc! {});
    insert(&mut e, doc! { "_id": 1, "n": 50 });
    insert(&mut e, doc! { "_id": 2, "n": 5 });
    run(
        &mut e,
        doc! { "collMod": "c", "validator": { "n": { "$lt": 10 } }, "validationLevel": "moderate" },
    );
    let old = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 1 }, "u": { "$set": { "n": 60 } } }] },
    );
    assert_eq!(write_error(&old), None);
    let valid = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 2 }, "u": { "$set": { "n": 60 } } }] },
    );
    rejected(&valid);
    rejected(&insert(&mut e, doc! { "_id": 3, "n": 60 }));
}

#[test]
fn level_off_and_action_warn_let_writes_through() {
    for options in [
        doc! { "validationLevel": "off" },
        doc! { "validationAction": "warn" },
    ] {
        let mut full = doc! { "validator": { "n": { "$lt": 10 } } };
        full.extend(options.clone());
        let mut e = created(full);
        assert_eq!(
            write_error(&insert(&mut e, doc! { "_id": 1, "n": 50 })),
            None,
            "{options}"
        );
        assert_eq!(ids(&mut e), vec![Bson::Int32(1)]);
    }
}

#[test]
fn unknown_levels_and_actions_are_refused() {
    let mut e = Engine::new();
    let err = fail(&mut e, doc! { "create": "c", "validationLevel": "ketat" });
    assert_eq!(err.code, 2);
    assert_eq!(
        err.message,
        "Enumeration value 'ketat' for field 'create.validationLevel' is not a valid value."
    );
    let err = fail(
        &mut e,
        doc! { "create": "c", "validationAction": "abaikan" },
    );
    assert_eq!(err.code, 2);
}

// ---- collMod, listCollections, the shell ------------------------------------------------------

#[test]
fn coll_mod_changes_the_rules_and_list_collections_shows_them() {
    let mut e = with_validator(doc! { "n": { "$lt": 10 } });
    rejected(&insert(&mut e, doc! { "_id": 1, "n": 50 }));
    run(
        &mut e,
        doc! { "collMod": "c", "validator": { "n": { "$lt": 100 } }, "validationAction": "error" },
    );
    assert_eq!(
        write_error(&insert(&mut e, doc! { "_id": 1, "n": 50 })),
        None
    );
    let reply = run(&mut e, doc! { "listCollections": 1 });
    let entry = reply
        .get_document("cursor")
        .unwrap()
        .get_array("firstBatch")
        .unwrap()[0]
        .as_document()
        .unwrap()
        .clone();
    assert_eq!(
        entry.get_document("options").unwrap(),
        &doc! { "validator": { "n": { "$lt": 100 } }, "validationLevel": "strict", "validationAction": "error" }
    );
    let err = fail(&mut e, doc! { "collMod": "tidak_ada", "validator": {} });
    assert_eq!(
        (err.code, err.message.as_str()),
        (26, "ns does not exist: uji.tidak_ada")
    );
}

#[test]
fn mongosh_prints_the_failure_with_its_additional_information() {
    let out = shell_out(
        "use uji\ndb.createCollection('c', { validator: { $jsonSchema: { required: ['nama'] } } })\ndb.c.insertOne({ _id: 1 })",
    );
    let expected = "Uncaught:\nMongoServerError: Document failed validation\nAdditional information: {\n  failingDocumentId: 1,\n  details: {\n    operatorName: '$jsonSchema',\n    schemaRulesNotSatisfied: [\n      {\n        operatorName: 'required',\n        specifiedAs: { required: [ 'nama' ] },\n        missingProperties: [ 'nama' ]\n      }\n    ]\n  }\n}";
    assert!(out.contains(expected), "{out}");
}

#[test]
fn get_collection_infos_shows_the_validator() {
    let out = shell_out(
        "use uji\ndb.createCollection('c', { validator: { n: { $gt: 0 } }, validationLevel: 'moderate' })\nconst o = db.getCollectionInfos({ name: 'c' })[0].options; [o.validator.n.$gt, o.validationLevel, o.validationAction]",
    );
    assert!(out.contains("[ 0, 'moderate', 'error' ]"), "{out}");
}

// ---- $out, $merge and the warn log -------------------------------------------------------

/// A collection `c` holding `{_id: 1, n: 5}` whose validator wants `n < 10`,
/// and a source `src` with these documents.
fn target_and_source(action: &str, source: Vec<Document>) -> Engine {
    let mut e = created(doc! { "validator": { "n": { "$lt": 10 } }, "validationAction": action });
    insert(&mut e, doc! { "_id": 1, "n": 5 });
    run(&mut e, doc! { "insert": "src", "documents": source });
    e
}

fn aggregate_into(e: &mut Engine, stage: Document, bypass: bool) -> Result<Document, MongoError> {
    let mut command = doc! { "aggregate": "src", "pipeline": [stage], "cursor": {} };
    if bypass {
        command.insert("bypassDocumentValidation", true);
    }
    e.run_command(DB, command)
}

#[test]
fn out_checks_every_document_before_replacing_the_target() {
    let source = vec![doc! { "_id": 2, "n": 1 }, doc! { "_id": 3, "n": 50 }];
    let mut e = target_and_source("error", source);
    let err = aggregate_into(&mut e, doc! { "$out": "c" }, false).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (121, "Document failed validation")
    );
    let info = err
        .details
        .as_deref()
        .and_then(|d| d.get_document("errInfo").ok())
        .cloned();
    assert_eq!(
        info.and_then(|i| i.get_i32("failingDocumentId").ok()),
        Some(3)
    );
    // The target is as it was: the server renames its temporary copy only at the end.
    assert_eq!(ids(&mut e), vec![Bson::Int32(1)]);
    aggregate_into(&mut e, doc! { "$out": "c" }, true).unwrap();
    assert_eq!(ids(&mut e), vec![Bson::Int32(2), Bson::Int32(3)]);
}

#[test]
fn merge_checks_each_insert_and_update_it_makes() {
    let source = vec![
        doc! { "_id": 2, "n": 1 },
        doc! { "_id": 3, "n": 50 },
        doc! { "_id": 4, "n": 2 },
    ];
    let mut e = target_and_source("error", source);
    let err = aggregate_into(&mut e, doc! { "$merge": { "into": "c" } }, false).unwrap_err();
    assert_eq!(err.code, 121);
    // Documents merged before the failing one stay, as on the server.
    assert_eq!(ids(&mut e), vec![Bson::Int32(1), Bson::Int32(2)]);
    let update = doc! { "$project": { "n": { "$literal": 99 } } };
    let mut e = target_and_source("error", vec![doc! { "_id": 1 }]);
    let command = doc! { "aggregate": "src", "pipeline": [update, { "$merge": { "into": "c" } }], "cursor": {} };
    assert_eq!(e.run_command(DB, command.clone()).unwrap_err().code, 121);
    let mut bypassed = command;
    bypassed.insert("bypassDocumentValidation", true);
    e.run_command(DB, bypassed).unwrap();
    let stored = e.collection_documents(DB, "c");
    assert_eq!(stored, vec![doc! { "_id": 1, "n": 99 }]);
}

fn global_log(e: &mut Engine) -> Vec<String> {
    let reply = e.run_command("admin", doc! { "getLog": "global" }).unwrap();
    reply
        .get_array("log")
        .unwrap()
        .iter()
        .filter_map(|l| l.as_str().map(str::to_string))
        .collect()
}

#[test]
fn warn_lets_the_write_in_and_logs_it_where_get_log_reads() {
    let mut e = created(doc! { "validator": { "n": { "$lt": 10 } }, "validationAction": "warn" });
    assert!(global_log(&mut e).is_empty());
    insert(&mut e, doc! { "_id": 1, "n": 50 });
    insert(&mut e, doc! { "_id": 2, "n": 5 });
    assert_eq!(ids(&mut e), vec![Bson::Int32(1), Bson::Int32(2)]);
    let lines = global_log(&mut e);
    assert_eq!(lines.len(), 1, "{lines:?}");
    let line = &lines[0];
    // The server's JSON formatter pads severity, component and id.
    assert!(
        line.contains(r#","s":"W",  "c":"STORAGE",  "id":20294,   "ctx":"#),
        "{line}"
    );
    let parsed: serde_json::Value = serde_json::from_str(line).unwrap();
    assert_eq!(parsed["msg"], "Document would fail validation");
    assert!(parsed["t"]["$date"]
        .as_str()
        .is_some_and(|d| d.ends_with("+00:00")));
    let attr = &parsed["attr"];
    assert_eq!(attr["namespace"], "uji.c");
    assert_eq!(attr["document"], serde_json::json!({ "_id": 1, "n": 50 }));
    assert_eq!(attr["errInfo"]["failingDocumentId"], 1);
    assert_eq!(attr["errInfo"]["details"]["operatorName"], "$lt");
    // Updates and $merge log the same way.
    run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 2 }, "u": { "$set": { "n": 70 } } }] },
    );
    run(
        &mut e,
        doc! { "insert": "src", "documents": [{ "_id": 3, "n": 80 }] },
    );
    aggregate_into(&mut e, doc! { "$merge": { "into": "c" } }, false).unwrap();
    let reply = e.run_command("admin", doc! { "getLog": "global" }).unwrap();
    assert_eq!(reply.get_i32("totalLinesWritten"), Ok(3));
}

#[test]
fn get_log_answers_as_the_server_does() {
    let mut e = Engine::new();
    let names = e.run_command("admin", doc! { "getLog": "*" }).unwrap();
    assert_eq!(
        names.get_array("names").unwrap(),
        &vec![Bson::from("global"), Bson::from("startupWarnings")]
    );
    let startup = e
        .run_command("admin", doc! { "getLog": "startupWarnings" })
        .unwrap();
    assert!(startup.get_array("log").unwrap().is_empty());
    let err = e.run_command(DB, doc! { "getLog": "global" }).unwrap_err();
    assert_eq!(
        (err.code, err.message.as_str()),
        (13, "getLog may only be run against the admin database.")
    );
    let err = e
        .run_command("admin", doc! { "getLog": "lain" })
        .unwrap_err();
    assert_eq!(err.code_name, "OperationFailed");
}

#[test]
fn mongosh_reads_the_warning_with_admin_command() {
    let out = shell_out(
        "use uji\n\
         db.createCollection('c', { validator: { n: { $lt: 10 } }, validationAction: 'warn' })\n\
         db.c.insertOne({ _id: 1, n: 50 })\n\
         db.adminCommand({ getLog: 'global' }).log.length\n\
         JSON.parse(db.adminCommand({ getLog: 'global' }).log[0]).attr.namespace",
    );
    assert!(
        out.ends_with("{ acknowledged: true, insertedId: 1 }\n1\nuji.c\n"),
        "{out}"
    );
}

#[test]
fn the_values_along_an_array_path_are_all_considered() {
    let mut e = with_validator(doc! { "tags": { "$in": ["a"] } });
    let error = rejected(&insert(&mut e, doc! { "_id": 1, "tags": ["x", "y"] }));
    let d = details(&error);
    assert_eq!(d.get_str("reason"), Ok("no matching value found in array"));
    assert_eq!(
        d.get_array("consideredValues").unwrap(),
        &vec![Bson::from("x"), Bson::from("y")]
    );
    assert!(!d.contains_key("consideredValue"), "{d}");
    let mut e = with_validator(doc! { "n": { "$type": "string" } });
    let d = details(&rejected(&insert(
        &mut e,
        doc! { "_id": 1, "n": [1, 2.5, 3] },
    )));
    assert_eq!(
        d.get_array("consideredTypes").unwrap(),
        &vec![Bson::from("double"), Bson::from("int")]
    );
    // Through an array of subdocuments, one value is one value.
    let mut e = with_validator(doc! { "a.b": { "$gt": 5 } });
    let d = details(&rejected(&insert(
        &mut e,
        doc! { "_id": 1, "a": [{ "b": 1 }] },
    )));
    assert_eq!(d.get_i32("consideredValue"), Ok(1));
    // `$size` judges the array itself.
    let mut e = with_validator(doc! { "a": { "$size": 3 } });
    let d = details(&rejected(&insert(&mut e, doc! { "_id": 1, "a": [1] })));
    assert_eq!(
        d.get_array("consideredValue").unwrap(),
        &vec![Bson::Int32(1)]
    );
}
