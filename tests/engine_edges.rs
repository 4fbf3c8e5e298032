//! The document engine on the edges: rules the server's own tests and the
//! drivers' CRUD specification pin down, each through `run_command` as the
//! server would answer it, or through the shell as mongosh prints it.

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

fn with(coll: &str, docs: Vec<Document>) -> Engine {
    let mut e = Engine::new();
    run(&mut e, doc! { "insert": coll, "documents": docs });
    e
}

fn first_batch(reply: &Document) -> Vec<Document> {
    reply
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"))
        .map(|b| b.iter().filter_map(|d| d.as_document().cloned()).collect())
        .unwrap_or_default()
}

fn ids(docs: &[Document]) -> Vec<Bson> {
    docs.iter().filter_map(|d| d.get("_id").cloned()).collect()
}

fn find_ids(engine: &mut Engine, coll: &str, filter: Document) -> Vec<Bson> {
    ids(&first_batch(&run(
        engine,
        doc! { "find": coll, "filter": filter },
    )))
}

/// The one write error of an update/delete/insert reply.
fn write_error(reply: &Document) -> Document {
    reply
        .get_array("writeErrors")
        .ok()
        .and_then(|e| e.first())
        .and_then(Bson::as_document)
        .cloned()
        .unwrap_or_else(|| panic!("no write error in {reply}"))
}

fn shell_out(script: &str) -> String {
    Shell::new(ShellOptions::default()).run_script(script)
}

// ---- 1. rules ------------------------------------------------------------------------

#[test]
fn object_elem_match_tests_array_elements_that_are_arrays() {
    let mut e = with(
        "c",
        vec![
            doc! { "_id": 1, "a": [[1]] },
            doc! { "_id": 2, "a": [1, []] },
            doc! { "_id": 3, "a": [1, 2] },
            doc! { "_id": 4, "a": [{ "b": 1 }] },
        ],
    );
    let empty = find_ids(&mut e, "c", doc! { "a": { "$elemMatch": {} } });
    assert_eq!(empty, vec![Bson::Int32(1), Bson::Int32(2), Bson::Int32(4)]);
    // An inner array is matched as the document of its indexes.
    let indexed = find_ids(&mut e, "c", doc! { "a": { "$elemMatch": { "0": 1 } } });
    assert_eq!(indexed, vec![Bson::Int32(1)]);
}

#[test]
fn lookup_local_field_follows_an_array_index() {
    let mut e = with(
        "pesanan",
        vec![doc! { "_id": 1, "a": [{ "x": "P1" }, { "x": "P2" }] }],
    );
    run(
        &mut e,
        doc! { "insert": "produk", "documents": [{ "_id": "P1" }, { "_id": "P2" }] },
    );
    let reply = run(
        &mut e,
        doc! { "aggregate": "pesanan", "cursor": {}, "pipeline": [
            { "$lookup": { "from": "produk", "localField": "a.0.x", "foreignField": "_id", "as": "p" } },
        ] },
    );
    let out = first_batch(&reply);
    assert_eq!(
        out[0].get_array("p").unwrap(),
        &vec![Bson::Document(doc! { "_id": "P1" })]
    );
}

#[test]
fn one_array_on_a_compound_index_path_is_not_parallel() {
    let mut e = Engine::new();
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "b.c": 1, "b.d": 1 }, "name": "bc_bd" }] },
    );
    let ok = run(
        &mut e,
        doc! { "insert": "c", "documents": [{ "_id": 1, "b": [{ "c": [1, 2], "d": 3 }] }] },
    );
    assert_eq!(ok.get_i32("n"), Ok(1), "{ok}");
    // Arrays in two different elements of `b` are not parallel either.
    let ok = run(
        &mut e,
        doc! { "insert": "c", "documents": [{ "_id": 2, "b": [{ "c": [1] }, { "d": [2] }] }] },
    );
    assert_eq!(ok.get_i32("n"), Ok(1), "{ok}");
    // Both arrays inside one element are.
    let bad = run(
        &mut e,
        doc! { "insert": "c", "documents": [{ "_id": 3, "b": [{ "c": [1], "d": [2] }] }] },
    );
    let err = write_error(&bad);
    assert_eq!(err.get_i32("code"), Ok(171));
    assert_eq!(
        err.get_str("errmsg"),
        Ok("cannot index parallel arrays [d] [c]")
    );
}

#[test]
fn pop_through_a_scalar_is_path_not_viable() {
    let mut e = with("c", vec![doc! { "_id": 1, "a": { "b": 1 } }]);
    let reply = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 1 }, "u": { "$pop": { "a.b.c": 1 } } }] },
    );
    let err = write_error(&reply);
    assert_eq!(err.get_i32("code"), Ok(28));
    assert_eq!(
        err.get_str("errmsg"),
        Ok("Cannot use the part (c) of (a.b.c) to traverse the element ({b: 1})")
    );
    // A missing path is still a no-op.
    let reply = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 1 }, "u": { "$pop": { "a.x.y": 1 } } }] },
    );
    assert_eq!(reply.get_i32("nModified"), Ok(0), "{reply}");
    assert!(reply.get("writeErrors").is_none(), "{reply}");
}

#[test]
fn pop_through_an_array_by_name_is_path_not_viable() {
    let mut e = with(
        "c",
        vec![doc! { "_id": 1, "a": { "b": [1, 2] }, "l": [[1, 2]] }],
    );
    let pop = |e: &mut Engine, path: &str| {
        run(
            e,
            doc! { "update": "c", "updates": [{ "q": { "_id": 1 }, "u": { "$pop": { path: 1 } } }] },
        )
    };
    let err = write_error(&pop(&mut e, "a.b.c"));
    assert_eq!(err.get_i32("code"), Ok(28));
    assert_eq!(
        err.get_str("errmsg"),
        Ok("Cannot use the part (c) of (a.b.c) to traverse the element ({b: [ 1, 2 ]})")
    );
    // A numeric component indexes the array: past its end is a no-op, inside it pops.
    let past = pop(&mut e, "l.5");
    assert!(past.get("writeErrors").is_none(), "{past}");
    let inside = pop(&mut e, "l.0");
    assert_eq!(inside.get_i32("nModified"), Ok(1), "{inside}");
    let docs = first_batch(&run(&mut e, doc! { "find": "c" }));
    assert_eq!(
        docs[0].get_array("l"),
        Ok(&vec![Bson::Array(vec![Bson::Int32(1)])])
    );
}

fn upsert_error(query: Document, update: Document) -> Document {
    let mut e = Engine::new();
    let reply = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": query, "u": update, "upsert": true }] },
    );
    write_error(&reply)
}

#[test]
fn upsert_refuses_a_path_the_query_matches_twice() {
    let set = doc! { "$set": { "z": 1 } };
    let cases = [
        (
            doc! { "$and": [{ "x": 1 }, { "x": 2 }] },
            "cannot infer query fields to set, path 'x' is matched twice",
        ),
        (
            doc! { "x": { "$all": [1, 2] } },
            "cannot infer query fields to set, path 'x' is matched twice",
        ),
        (
            doc! { "x": { "x": 1 }, "x.y": 1 },
            "cannot infer query fields to set, both paths 'x.y' and 'x' are matched",
        ),
        (
            doc! { "$and": [{ "_id": 1 }, { "_id": 2 }] },
            "cannot infer query fields to set, path '_id' is matched twice",
        ),
    ];
    for (query, message) in cases {
        let err = upsert_error(query.clone(), set.clone());
        assert_eq!(err.get_i32("code"), Ok(54), "{query}: {err}");
        assert_eq!(err.get_str("errmsg"), Ok(message), "{query}");
    }
    // One-element $all and $in still seed the document.
    let mut e = Engine::new();
    run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "_id": 7, "x": { "$all": [5] } }, "u": set, "upsert": true }] },
    );
    assert_eq!(
        e.collection_documents(DB, "c"),
        vec![doc! { "_id": 7, "x": 5, "z": 1 }]
    );
}

#[test]
fn replacement_upsert_needs_id_whole() {
    let err = upsert_error(doc! { "_id.a": 1 }, doc! { "y": 1 });
    assert_eq!(err.get_i32("code"), Ok(111), "{err}");
    assert_eq!(
        err.get_str("errmsg"),
        Ok("field at '_id' must be exactly specified, field at sub-path '_id.a'found")
    );
    // Other paths matched twice do not matter to a replacement.
    let mut e = Engine::new();
    let reply = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "$and": [{ "x": 1 }, { "x": 2 }], "_id": 3 }, "u": { "y": 1 }, "upsert": true }] },
    );
    assert!(reply.get("writeErrors").is_none(), "{reply}");
    assert_eq!(
        e.collection_documents(DB, "c"),
        vec![doc! { "_id": 3, "y": 1 }]
    );
}

#[test]
fn push_sort_rejects_malformed_patterns() {
    let cases: Vec<(Bson, &str)> = vec![
        (
            Bson::Document(doc! {}),
            "The $sort pattern is empty when it should be a set of fields.",
        ),
        (
            Bson::Document(doc! { "a.": 1 }),
            "The $sort field is a dotted field but has an empty part: a.",
        ),
        (
            Bson::Document(doc! { "a": -2 }),
            "The $sort element value must be either 1 or -1",
        ),
        (
            Bson::Document(doc! { "": 1 }),
            "The $sort field cannot be empty",
        ),
        (
            Bson::Int32(2),
            "The $sort element value must be either 1 or -1",
        ),
    ];
    for (sort, message) in cases {
        let mut e = with("c", vec![doc! { "_id": 1, "a": [] }]);
        let reply = run(
            &mut e,
            doc! { "update": "c", "updates": [{ "q": {}, "u": { "$push": { "a": { "$each": [{ "a": 1 }], "$sort": sort.clone() } } } }] },
        );
        let err = write_error(&reply);
        assert_eq!(err.get_i32("code"), Ok(2), "{sort}");
        assert_eq!(err.get_str("errmsg"), Ok(message), "{sort}");
    }
}

#[test]
fn group_on_one_field_object_puts_missing_with_null() {
    let mut e = with(
        "c",
        vec![
            doc! { "_id": 1, "a": null, "b": 1 },
            doc! { "_id": 2, "b": 1 },
        ],
    );
    let one = first_batch(&run(
        &mut e,
        doc! { "aggregate": "c", "cursor": {}, "pipeline": [{ "$group": { "_id": { "a": "$a" }, "n": { "$sum": 1 } } }] },
    ));
    assert_eq!(one, vec![doc! { "_id": { "a": null }, "n": 2 }]);
    let two = first_batch(&run(
        &mut e,
        doc! { "aggregate": "c", "cursor": {}, "pipeline": [{ "$group": { "_id": { "a": "$a", "b": "$b" }, "n": { "$sum": 1 } } }] },
    ));
    assert_eq!(
        two,
        vec![
            doc! { "_id": { "a": null, "b": 1 }, "n": 1 },
            doc! { "_id": { "b": 1 }, "n": 1 }
        ]
    );
}

#[test]
fn dollar_fields_inside_id_are_refused() {
    let mut e = Engine::new();
    let reply = run(
        &mut e,
        doc! { "insert": "c", "documents": [{ "_id": { "$a": 1 } }] },
    );
    let err = write_error(&reply);
    assert_eq!(err.get_i32("code"), Ok(52));
    assert_eq!(
        err.get_str("errmsg"),
        Ok("_id fields may not contain '$'-prefixed fields: $a is not valid for storage.")
    );
    let nested = run(
        &mut e,
        doc! { "insert": "c", "documents": [{ "_id": { "a": { "$b": 1 } } }] },
    );
    assert_eq!(write_error(&nested).get_i32("code"), Ok(52));
    assert!(e.collection_documents(DB, "c").is_empty());
}

#[test]
fn duplicate_key_errors_carry_key_pattern_and_value() {
    let mut e = Engine::new();
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "nim": 1 }, "name": "nim_1", "unique": true }] },
    );
    run(
        &mut e,
        doc! { "insert": "c", "documents": [{ "_id": 1, "nim": "A" }] },
    );
    let reply = run(
        &mut e,
        doc! { "insert": "c", "documents": [{ "_id": 2, "nim": "A" }] },
    );
    let err = write_error(&reply);
    assert_eq!(err.get_i32("code"), Ok(11000));
    assert_eq!(err.get_document("keyPattern"), Ok(&doc! { "nim": 1 }));
    assert_eq!(err.get_document("keyValue"), Ok(&doc! { "nim": "A" }));
}

#[test]
fn a_hint_naming_no_index_is_refused_by_every_command() {
    let mut e = with("c", vec![doc! { "_id": 1, "a": 1 }]);
    let hint = || Bson::String("tidak_ada".into());
    let commands = vec![
        doc! { "find": "c", "hint": hint() },
        doc! { "count": "c", "hint": hint() },
        doc! { "count": "c", "query": { "a": 1 }, "hint": hint() },
        doc! { "distinct": "c", "key": "a", "hint": hint() },
        doc! { "aggregate": "c", "pipeline": [], "cursor": {}, "hint": hint() },
        doc! { "findAndModify": "c", "query": {}, "update": { "$set": { "b": 1 } }, "hint": hint() },
    ];
    for command in commands {
        let err = fail(&mut e, command.clone());
        assert_eq!(err.code, 2, "{command}: {err:?}");
        assert!(
            err.message
                .contains("hint provided does not correspond to an existing index"),
            "{command}: {err:?}"
        );
    }
    let update = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": {}, "u": { "$set": { "b": 1 } }, "hint": hint() }] },
    );
    assert_eq!(write_error(&update).get_i32("code"), Ok(2));
    let delete = run(
        &mut e,
        doc! { "delete": "c", "deletes": [{ "q": {}, "limit": 0, "hint": { "zz": 1 } }] },
    );
    assert_eq!(write_error(&delete).get_i32("code"), Ok(2));
    assert_eq!(
        e.collection_documents(DB, "c"),
        vec![doc! { "_id": 1, "a": 1 }]
    );
    // An existing index by name or pattern is fine.
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "a": 1 }, "name": "a_1" }] },
    );
    let ok = run(
        &mut e,
        doc! { "delete": "c", "deletes": [{ "q": { "a": 1 }, "limit": 0, "hint": "a_1" }] },
    );
    assert_eq!(ok.get_i32("n"), Ok(1), "{ok}");
}

// ---- 2. nothing silently ignored -----------------------------------------------------

#[test]
fn the_fields_drivers_send_are_accepted() {
    let mut e = with("c", vec![doc! { "_id": 1 }]);
    let generic = doc! {
        "$db": DB,
        "lsid": { "id": Bson::Binary(bson::Binary { subtype: bson::spec::BinarySubtype::Uuid, bytes: vec![7; 16] }) },
        "$clusterTime": { "clusterTime": Bson::Timestamp(bson::Timestamp { time: 1, increment: 1 }), "signature": { "keyId": 0_i64 } },
        "$readPreference": { "mode": "primary" },
        "readConcern": { "level": "local" },
        "maxTimeMS": 1000,
        "comment": "driver",
        "apiVersion": "1",
    };
    let commands = [
        doc! { "find": "c", "filter": {} },
        doc! { "aggregate": "c", "pipeline": [], "cursor": {} },
        doc! { "count": "c" },
        doc! { "distinct": "c", "key": "_id" },
        doc! { "insert": "c", "documents": [{ "_id": 2 }] },
        doc! { "update": "c", "updates": [{ "q": { "_id": 2 }, "u": { "$set": { "a": 1 } } }] },
        doc! { "findAndModify": "c", "query": { "_id": 2 }, "update": { "$set": { "b": 1 } } },
        doc! { "delete": "c", "deletes": [{ "q": { "_id": 2 }, "limit": 1 }] },
    ];
    for mut command in commands {
        command.extend(generic.clone());
        run(&mut e, command);
    }
    assert_eq!(e.collection_documents(DB, "c"), vec![doc! { "_id": 1 }]);
}

#[test]
fn unknown_command_fields_fail_as_on_the_server() {
    let mut e = with("c", vec![doc! { "_id": 1 }]);
    let err = fail(&mut e, doc! { "find": "c", "filterr": {} });
    assert_eq!(err.code, 40415);
    assert_eq!(
        err.message,
        "BSON field 'find.filterr' is an unknown field."
    );
    let err = fail(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": {}, "u": { "$set": { "a": 1 } }, "upsrt": true }] },
    );
    assert_eq!(err.code, 40415);
    assert_eq!(
        err.message,
        "BSON field 'update.updates.upsrt' is an unknown field."
    );
    assert_eq!(e.collection_documents(DB, "c"), vec![doc! { "_id": 1 }]);
}

#[test]
fn options_the_engine_lacks_are_refused_not_ignored() {
    let mut e = with("c", vec![doc! { "_id": 1 }]);
    for command in [
        doc! { "find": "c", "returnKey": true },
        doc! { "find": "c", "showRecordId": true },
        doc! { "find": "c", "tailable": true },
        doc! { "find": "c", "min": { "_id": 0 } },
        doc! { "aggregate": "c", "pipeline": [], "explain": true },
        doc! { "update": "c", "updates": [{ "q": {}, "u": [{ "$set": { "a": "$$v" } }], "c": { "v": 1 } }] },
    ] {
        let err = fail(&mut e, command.clone());
        assert_eq!(err.code, 238, "{command}: {err:?}");
        assert_eq!(err.code_name, "NotImplemented");
    }
    assert_eq!(e.collection_documents(DB, "c"), vec![doc! { "_id": 1 }]);
}

#[test]
fn only_the_simple_collation_is_accepted() {
    let mut e = with(
        "c",
        vec![doc! { "_id": 1, "s": "a" }, doc! { "_id": 2, "s": "A" }],
    );
    let simple = first_batch(&run(
        &mut e,
        doc! { "find": "c", "filter": { "s": "a" }, "collation": { "locale": "simple" } },
    ));
    assert_eq!(ids(&simple), vec![Bson::Int32(1)]);
    let en = doc! { "locale": "en", "strength": 2 };
    for command in [
        doc! { "find": "c", "collation": en.clone() },
        doc! { "aggregate": "c", "pipeline": [], "cursor": {}, "collation": en.clone() },
        doc! { "count": "c", "collation": en.clone() },
        doc! { "distinct": "c", "key": "s", "collation": en.clone() },
        doc! { "findAndModify": "c", "query": {}, "remove": true, "collation": en.clone() },
        doc! { "update": "c", "updates": [{ "q": {}, "u": { "$set": { "t": 1 } }, "collation": en.clone() }] },
        doc! { "delete": "c", "deletes": [{ "q": {}, "limit": 0, "collation": en.clone() }] },
    ] {
        let err = fail(&mut e, command.clone());
        assert_eq!(err.code, 238, "{command}: {err:?}");
    }
    assert_eq!(e.collection_documents(DB, "c").len(), 2);
}

// ---- 3. features ---------------------------------------------------------------------

#[test]
fn let_variables_reach_every_command() {
    let mut e = with(
        "c",
        vec![
            doc! { "_id": 1, "n": 5 },
            doc! { "_id": 2, "n": 9 },
            doc! { "_id": 3, "n": 9 },
        ],
    );
    let vars = doc! { "batas": 9 };
    let expr = doc! { "$expr": { "$eq": ["$n", "$$batas"] } };
    let found = first_batch(&run(
        &mut e,
        doc! { "find": "c", "filter": expr.clone(), "let": vars.clone(), "batchSize": 1 },
    ));
    assert_eq!(ids(&found), vec![Bson::Int32(2)]);
    // The cursor's later batches still see the variables.
    let reply = run(
        &mut e,
        doc! { "find": "c", "filter": expr.clone(), "let": vars.clone(), "batchSize": 1 },
    );
    let id = reply.get_document("cursor").unwrap().get_i64("id").unwrap();
    let more = run(&mut e, doc! { "getMore": id, "collection": "c" });
    let next = more
        .get_document("cursor")
        .unwrap()
        .get_array("nextBatch")
        .unwrap();
    assert_eq!(next.len(), 1, "{more}");
    let agg = first_batch(&run(
        &mut e,
        doc! { "aggregate": "c", "cursor": {}, "let": vars.clone(), "pipeline": [
        { "$match": expr.clone() }, { "$project": { "d": { "$subtract": ["$$batas", "$n"] } } }] },
    ));
    assert_eq!(
        agg,
        vec![doc! { "_id": 2, "d": 0 }, doc! { "_id": 3, "d": 0 }]
    );
    let upd = run(
        &mut e,
        doc! { "update": "c", "let": vars.clone(), "updates": [
        { "q": expr.clone(), "u": [{ "$set": { "m": "$$batas" } }], "multi": true }] },
    );
    assert_eq!(upd.get_i32("nModified"), Ok(2), "{upd}");
    let fam = run(
        &mut e,
        doc! { "findAndModify": "c", "query": expr.clone(), "let": vars.clone(), "remove": true, "sort": { "_id": -1 } },
    );
    assert_eq!(fam.get_document("value").unwrap().get_i32("_id"), Ok(3));
    let del = run(
        &mut e,
        doc! { "delete": "c", "let": vars.clone(), "deletes": [{ "q": expr.clone(), "limit": 0 }] },
    );
    assert_eq!(del.get_i32("n"), Ok(1), "{del}");
    // Without `let` the variable is undefined, as on the server.
    let err = fail(
        &mut e,
        doc! { "aggregate": "c", "cursor": {}, "pipeline": [{ "$project": { "x": "$$batas" } }] },
    );
    assert_eq!(err.code, 17276, "{err:?}");
}

#[test]
fn sort_picks_the_document_a_single_update_changes() {
    let docs = vec![
        doc! { "_id": 1, "g": 1 },
        doc! { "_id": 2, "g": 1 },
        doc! { "_id": 3, "g": 1 },
    ];
    let mut e = with("c", docs);
    run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "g": 1 }, "u": { "$set": { "x": 1 } }, "sort": { "_id": -1 } }] },
    );
    run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": { "g": 1, "x": { "$exists": false } }, "u": { "g": 1, "y": 1 }, "sort": { "_id": -1 } }] },
    );
    assert_eq!(
        e.collection_documents(DB, "c"),
        vec![
            doc! { "_id": 1, "g": 1 },
            doc! { "_id": 2, "g": 1, "y": 1 },
            doc! { "_id": 3, "g": 1, "x": 1 }
        ]
    );
    let reply = run(
        &mut e,
        doc! { "update": "c", "updates": [{ "q": {}, "u": { "$set": { "z": 1 } }, "multi": true, "sort": { "_id": 1 } }] },
    );
    let err = write_error(&reply);
    assert_eq!(err.get_i32("code"), Ok(72));
    assert_eq!(
        err.get_str("errmsg"),
        Ok("Cannot specify sort with multi=true")
    );
}

// ---- through the shell, as mongosh prints it ------------------------------------------

const BULK: &str = "db.c.bulkWrite([{ insertOne: { document: { _id: 1 } } }, { insertOne: { document: { _id: 2 } } }, { updateOne: { filter: { _id: 2 }, update: { $set: { a: 1 } } } }, { deleteOne: { filter: { _id: 9 } } }]";

#[test]
fn unordered_bulk_write_goes_on_after_an_error() {
    let out = shell_out(&format!(
        "use uji\ndb.c.insertOne({{ _id: 1 }})\n{BULK}, {{ ordered: false }})\ndb.c.find()"
    ));
    let expected = "Uncaught:
MongoBulkWriteError: E11000 duplicate key error collection: uji.c index: _id_ dup key: { _id: 1 }
Result: BulkWriteResult {
  insertedCount: 1,
  matchedCount: 1,
  modifiedCount: 1,
  deletedCount: 0,
  upsertedCount: 0,
  upsertedIds: {},
  insertedIds: { '1': 2 }
}
Write Errors: [
  WriteError {
    err: {
      index: 0,
      code: 11000,
      errmsg: 'E11000 duplicate key error collection: uji.c index: _id_ dup key: { _id: 1 }',
      errInfo: undefined,
      op: { _id: 1 }
    }
  }
]
[ { _id: 1 }, { _id: 2, a: 1 } ]
";
    assert!(out.ends_with(expected), "{out}");
}

#[test]
fn ordered_bulk_write_stops_at_the_first_error() {
    let out = shell_out(&format!(
        "use uji\ndb.c.insertOne({{ _id: 1 }})\n{BULK})\ndb.c.find()"
    ));
    assert!(out.contains("MongoBulkWriteError: E11000"), "{out}");
    assert!(
        out.contains("  insertedCount: 0,\n  matchedCount: 0,"),
        "{out}"
    );
    assert!(out.contains("  insertedIds: {}\n"), "{out}");
    assert!(out.ends_with("[ { _id: 1 } ]\n"), "{out}");
}

#[test]
fn bulk_write_sort_picks_the_updated_document() {
    let out = shell_out(
        "use uji\ndb.c.insertMany([{ _id: 1, g: 1 }, { _id: 2, g: 1 }])\ndb.c.bulkWrite([{ updateOne: { filter: { g: 1 }, update: { $set: { x: 1 } }, sort: { _id: -1 } } }, { replaceOne: { filter: { g: 1, x: { $exists: false } }, replacement: { r: 1 }, sort: { _id: -1 } } }]).modifiedCount\ndb.c.updateOne({ r: { $exists: false } }, { $set: { y: 1 } }, { sort: { _id: -1 } }).modifiedCount\ndb.c.find()",
    );
    assert!(
        out.ends_with("2\n1\n[ { _id: 1, r: 1 }, { _id: 2, g: 1, x: 1, y: 1 } ]\n"),
        "{out}"
    );
}

#[test]
fn empty_batches_are_refused_by_the_driver() {
    let out = shell_out("use uji\ndb.c.insertMany([])\ndb.c.bulkWrite([])\ndb.c.countDocuments()");
    assert_eq!(
        out,
        "switched to db uji\nMongoInvalidArgumentError: Invalid BulkOperation, Batch cannot be empty\nMongoInvalidArgumentError: Invalid BulkOperation, Batch cannot be empty\n0\n"
    );
}

#[test]
fn unacknowledged_writes_answer_acknowledged_false() {
    let out = shell_out(
        "use uji\nconst w0 = { writeConcern: { w: 0 } }\ndb.c.insertOne({ _id: 5 }, w0)\ndb.c.insertOne({ _id: 5 }, w0)\nconst u = db.c.updateOne({ _id: 5 }, { $set: { a: 1 } }, w0); [u.acknowledged, u.matchedCount]\ndb.c.deleteMany({ a: 2 }, w0)\ndb.c.find()",
    );
    assert_eq!(
        out,
        "switched to db uji\n\n{ acknowledged: false, insertedId: 5 }\n{ acknowledged: false, insertedId: 5 }\n[ false, undefined ]\n{ acknowledged: false, deletedCount: undefined }\n[ { _id: 5, a: 1 } ]\n"
    );
}

#[test]
fn find_and_aggregate_pass_let_from_the_shell() {
    let out = shell_out(
        "use uji\ndb.c.insertMany([{ _id: 1, n: 1 }, { _id: 2, n: 2 }])\ndb.c.find({ $expr: { $gt: ['$n', '$$m'] } }, {}, { let: { m: 1 } })\ndb.c.aggregate([{ $match: { $expr: { $lt: ['$n', '$$m'] } } }], { let: { m: 2 } })\ndb.c.find().collation({ locale: 'fr' })",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[2], "[ { _id: 2, n: 2 } ]", "{out}");
    assert_eq!(lines[3], "[ { _id: 1, n: 1 } ]", "{out}");
    assert!(
        lines[4].starts_with("MongoServerError[NotImplemented]: collation {")
            && lines[4].contains("tidak didukung"),
        "{out}"
    );
}

#[test]
fn count_explains_as_count_and_count_scan() {
    let mut e = with(
        "c",
        vec![
            doc! { "_id": 1, "a": 1, "b": 1 },
            doc! { "_id": 2, "a": 2, "b": 1 },
        ],
    );
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "a": 1 }, "name": "a_1" }] },
    );
    let plan = |e: &mut Engine, count: Document| -> Document {
        let reply = run(e, doc! { "explain": count, "verbosity": "queryPlanner" });
        reply
            .get_document("queryPlanner")
            .unwrap()
            .get_document("winningPlan")
            .unwrap()
            .clone()
    };
    let scan = plan(&mut e, doc! { "count": "c", "query": { "a": 1 } });
    assert_eq!(scan.get_str("stage"), Ok("COUNT"));
    let input = scan.get_document("inputStage").unwrap();
    assert_eq!(input.get_str("stage"), Ok("COUNT_SCAN"));
    assert_eq!(input.get_str("indexName"), Ok("a_1"));
    // A filter the index does not hold needs the documents.
    let fetch = plan(&mut e, doc! { "count": "c", "query": { "a": 1, "b": 1 } });
    assert_eq!(
        fetch.get_document("inputStage").unwrap().get_str("stage"),
        Ok("FETCH")
    );
    let coll = plan(&mut e, doc! { "count": "c", "query": { "b": 1 } });
    assert_eq!(
        coll.get_document("inputStage").unwrap().get_str("stage"),
        Ok("COLLSCAN")
    );
    let all = plan(&mut e, doc! { "count": "c" });
    assert_eq!(all.get_str("stage"), Ok("RECORD_STORE_FAST_COUNT"));
    let reply = run(
        &mut e,
        doc! { "explain": { "count": "c", "query": { "a": 1 } } },
    );
    assert_eq!(
        reply.get_document("command").unwrap().get_str("count"),
        Ok("c")
    );
}

#[test]
fn distinct_can_be_explained() {
    let mut e = with("c", vec![doc! { "_id": 1, "a": 1 }]);
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "a": 1 }, "name": "a_1" }] },
    );
    let reply = run(
        &mut e,
        doc! { "explain": { "distinct": "c", "key": "a", "query": { "a": { "$gt": 0 } } }, "verbosity": "executionStats" },
    );
    let planner = reply.get_document("queryPlanner").unwrap();
    let winning = planner.get_document("winningPlan").unwrap();
    assert_eq!(
        winning
            .get_document("inputStage")
            .unwrap()
            .get_str("indexName"),
        Ok("a_1")
    );
    assert_eq!(
        reply.get_document("command").unwrap().get_str("distinct"),
        Ok("c")
    );
    assert_eq!(
        reply
            .get_document("executionStats")
            .unwrap()
            .get_i32("nReturned"),
        Ok(1)
    );
}

#[test]
fn validate_reports_a_healthy_collection() {
    let mut e = with("c", vec![doc! { "_id": 1, "a": [1, 2] }, doc! { "_id": 2 }]);
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "a": 1 }, "name": "a_1" }] },
    );
    let reply = run(&mut e, doc! { "validate": "c", "full": true });
    assert_eq!(reply.get_bool("valid"), Ok(true));
    assert_eq!(reply.get_str("ns"), Ok("uji.c"));
    assert_eq!(reply.get_i32("nrecords"), Ok(2));
    assert_eq!(reply.get_i32("nIndexes"), Ok(2));
    assert_eq!(
        reply.get_document("keysPerIndex"),
        Ok(&doc! { "_id_": 2, "a_1": 3 })
    );
    assert_eq!(reply.get_array("errors").map(Vec::len), Ok(0));
    let err = fail(&mut e, doc! { "validate": "tidak_ada" });
    assert_eq!(err.code, 26);
    assert_eq!(
        err.message,
        "Collection 'uji.tidak_ada' does not exist to validate."
    );
}

#[test]
fn canonical_ejson_parse_keeps_number_types() {
    let out = shell_out(
        "EJSON.parse('{\"a\": {\"$numberDouble\": \"1\"}, \"b\": {\"$numberInt\": \"2\"}, \"c\": {\"$numberLong\": \"3\"}}', { relaxed: false })\nEJSON.parse('{\"a\": {\"$numberDouble\": \"1\"}, \"c\": {\"$numberLong\": \"3\"}}')",
    );
    assert_eq!(
        out,
        "{ a: Double(1), b: Int32(2), c: Long('3') }\n{ a: 1, c: 3 }\n"
    );
}

#[test]
fn legacy_date_strings_parse_as_v8_does() {
    let out = shell_out(
        "const parts = (d) => [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]\nparts(new Date('08/27/2010'))\nparts(new Date('2010/08/27 10:30'))\nparts(new Date('Aug 27, 2010'))\nparts(new Date('27 August 2010 09:05:00'))\nnew Date('2010-08-27T00:00:00Z').getTime() === Date.UTC(2010, 7, 27)\nisNaN(new Date('bukan tanggal'))",
    );
    assert_eq!(
        out,
        "\n[ 2010, 7, 27, 0, 0 ]\n[ 2010, 7, 27, 10, 30 ]\n[ 2010, 7, 27, 0, 0 ]\n[ 2010, 7, 27, 9, 5 ]\ntrue\ntrue\n"
    );
}

#[test]
fn shell_validate_returns_the_server_report() {
    let out = shell_out("use uji\ndb.c.insertOne({ _id: 1 })\nconst v = db.c.validate({ full: true }); [v.valid, v.nrecords, v.keysPerIndex._id_]");
    assert!(out.ends_with("[ true, 1, 1 ]\n"), "{out}");
}

#[test]
fn get_field_and_set_field_reach_names_a_path_cannot() {
    let mut e = with(
        "c",
        vec![doc! { "_id": 1, "a.b": 5, "$harga": 7, "o": { "x": 1 } }],
    );
    let out = first_batch(&run(
        &mut e,
        doc! { "aggregate": "c", "cursor": {}, "pipeline": [{ "$project": {
            "_id": 0,
            "titik": { "$getField": "a.b" },
            "dolar": { "$getField": { "$literal": "$harga" } },
            "dalam": { "$getField": { "field": "x", "input": "$o" } },
            "kosong": { "$getField": { "field": "x", "input": "$tidak_ada" } },
            "tambah": { "$setField": { "field": "y.z", "input": "$o", "value": 2 } },
            "buang": { "$setField": { "field": "x", "input": "$o", "value": "$$REMOVE" } },
            "lepas": { "$unsetField": { "field": "x", "input": "$o" } },
        } }] },
    ));
    assert_eq!(
        out,
        vec![
            doc! { "titik": 5, "dolar": 7, "dalam": 1, "kosong": null, "tambah": { "x": 1, "y.z": 2 }, "buang": {}, "lepas": {} }
        ]
    );
    // An input that is no object holds no field: the result is missing.
    let out = first_batch(&run(
        &mut e,
        doc! { "aggregate": "c", "cursor": {}, "pipeline": [{ "$project": { "_id": 0, "v": { "$getField": { "field": "x", "input": 5 } } } }] },
    ));
    assert_eq!(out, vec![doc! {}]);
    let err = fail(
        &mut e,
        doc! { "aggregate": "c", "cursor": {}, "pipeline": [{ "$project": { "v": { "$setField": { "field": "x", "input": "$o" } } } }] },
    );
    assert!(
        err.message
            .ends_with("$setField requires 'value' to be specified"),
        "{err:?}"
    );
}

/// The code of a `$project` of `expr` over an empty collection: the checks are
/// made when the pipeline is parsed, before any document is read.
fn project_code(expr: Document) -> (i32, String) {
    let mut e = Engine::new();
    let err = fail(
        &mut e,
        doc! { "aggregate": "kosong", "cursor": {}, "pipeline": [{ "$project": { "v": expr } }] },
    );
    (err.code, err.message)
}

#[test]
fn get_field_wants_a_constant_string_field_and_an_input() {
    let cases = [
        (doc! { "$getField": { "input": { "a": "b" } } }, 3041702),
        (doc! { "$getField": { "field": "a" } }, 3041703),
        (
            doc! { "$getField": { "field": true, "input": { "a": "b" } } },
            5654602,
        ),
        (
            doc! { "$getField": { "field": { "a": 1 }, "input": { "a": 1 } } },
            5654601,
        ),
        (doc! { "$getField": 5 }, 5654602),
        (
            doc! { "$getField": { "field": null, "input": { "a": 1 } } },
            5654602,
        ),
        (
            doc! { "$getField": { "field": "a", "input": {}, "unknown": true } },
            3041701,
        ),
        (
            doc! { "$getField": { "field": "$a", "input": { "a": "b" } } },
            5654600,
        ),
        (doc! { "$getField": { "$add": [2, 3] } }, 5654601),
        (
            doc! { "$getField": { "field": { "$concat": ["a", "b"] }, "input": {} } },
            5654601,
        ),
        (doc! { "$getField": { "$const": true } }, 5654602),
        (
            doc! { "$getField": { "field": { "$const": [] }, "input": {} } },
            5654602,
        ),
    ];
    for (expr, code) in cases {
        assert_eq!(project_code(expr.clone()).0, code, "{expr}");
    }
    let (_, message) = project_code(doc! { "$getField": { "field": "$a", "input": {} } });
    assert!(
        message.ends_with("A field path reference which is not allowed in this context. Did you mean {$literal: '$a'}?"),
        "{message}"
    );
    let (_, message) = project_code(doc! { "$getField": true });
    assert!(
        message.ends_with("$getField requires 'field' to evaluate to type String, but got bool"),
        "{message}"
    );
}

#[test]
fn set_field_checks_every_argument_before_the_field_name() {
    let cases = [
        (doc! { "$setField": { "input": { "a": "b" } } }, 4161102),
        (doc! { "$unsetField": {} }, 4161102),
        (doc! { "$setField": { "field": "a" } }, 4161103),
        (
            doc! { "$unsetField": { "field": "a", "value": "foo" } },
            4161101,
        ),
        (doc! { "$setField": { "field": null, "value": 0 } }, 4161109),
        (doc! { "$unsetField": { "field": "foo" } }, 4161109),
        (
            doc! { "$setField": { "field": true, "input": {}, "value": 24 } },
            4161107,
        ),
        (
            doc! { "$unsetField": { "field": { "a": 1 }, "input": {} } },
            4161106,
        ),
        (
            doc! { "$setField": { "field": "$field_path", "input": {}, "value": 0 } },
            4161108,
        ),
        (
            doc! { "$setField": { "field": { "$concat": ["a", "b"] }, "input": {}, "value": 1 } },
            4161106,
        ),
        (doc! { "$unsetField": 5 }, 4161100),
        (doc! { "$setField": { "$add": [2, 3] } }, 4161101),
    ];
    for (expr, code) in cases {
        assert_eq!(project_code(expr.clone()).0, code, "{expr}");
    }
    let (_, message) = project_code(doc! { "$unsetField": { "field": 33, "input": {} } });
    assert!(
        message.ends_with("$setField requires 'field' to evaluate to type String, but got int"),
        "{message}"
    );
    let (_, message) =
        project_code(doc! { "$setField": { "field": "$f", "input": {}, "value": 1 } });
    assert!(
        message.ends_with("'$CURRENT.f' is a field path reference which is not allowed in this context. Did you mean {$literal: '$CURRENT.f'}?"),
        "{message}"
    );
}

#[test]
fn documents_feed_a_database_level_pipeline() {
    let mut e = Engine::new();
    let out = first_batch(&run(
        &mut e,
        doc! { "aggregate": 1, "cursor": {}, "pipeline": [
            { "$documents": [{ "x": 1 }, { "x": 2 }, { "x": 3 }] },
            { "$match": { "x": { "$gte": 2 } } },
        ] },
    ));
    assert_eq!(out, vec![doc! { "x": 2 }, doc! { "x": 3 }]);
    let err = fail(
        &mut e,
        doc! { "aggregate": 1, "cursor": {}, "pipeline": [{ "$match": {} }] },
    );
    assert_eq!(err.code, 73);
    assert_eq!(
        err.message,
        "{aggregate: 1} is not valid for '$match'; a collection is required."
    );
    let shell =
        shell_out("use uji\ndb.aggregate([{ $documents: [{ a: 1 }] }, { $set: { b: 2 } }])");
    assert_eq!(shell, "switched to db uji\n[ { a: 1, b: 2 } ]\n");
}

#[test]
fn out_replaces_the_target_and_keeps_its_indexes() {
    let mut e = with(
        "src",
        vec![
            doc! { "_id": 1, "g": "a" },
            doc! { "_id": 2, "g": "a" },
            doc! { "_id": 3, "g": "b" },
        ],
    );
    run(
        &mut e,
        doc! { "insert": "hasil", "documents": [{ "_id": "lama" }] },
    );
    run(
        &mut e,
        doc! { "createIndexes": "hasil", "indexes": [{ "key": { "n": 1 }, "name": "n_1" }] },
    );
    let reply = run(
        &mut e,
        doc! { "aggregate": "src", "cursor": {}, "pipeline": [
        { "$group": { "_id": "$g", "n": { "$sum": 1 } } }, { "$out": "hasil" }] },
    );
    assert!(first_batch(&reply).is_empty());
    assert_eq!(
        e.collection_documents(DB, "hasil"),
        vec![doc! { "_id": "a", "n": 2 }, doc! { "_id": "b", "n": 1 }]
    );
    let indexes = run(&mut e, doc! { "listIndexes": "hasil" });
    assert_eq!(first_batch(&indexes).len(), 2);
    let err = fail(
        &mut e,
        doc! { "aggregate": "src", "cursor": {}, "pipeline": [{ "$out": "x" }, { "$match": {} }] },
    );
    assert_eq!(err.code, 40601);
}

#[test]
fn merge_folds_documents_into_the_target() {
    let mut e = with(
        "src",
        vec![doc! { "_id": 1, "v": 10 }, doc! { "_id": 2, "v": 20 }],
    );
    run(
        &mut e,
        doc! { "insert": "t", "documents": [{ "_id": 1, "lama": true, "v": 0 }] },
    );
    let merge = |e: &mut Engine, spec: Document| {
        e.run_command(
            DB,
            doc! { "aggregate": "src", "cursor": {}, "pipeline": [{ "$merge": spec }] },
        )
    };
    merge(&mut e, doc! { "into": "t" }).unwrap();
    assert_eq!(
        e.collection_documents(DB, "t"),
        vec![
            doc! { "_id": 1, "lama": true, "v": 10 },
            doc! { "_id": 2, "v": 20 }
        ]
    );
    merge(
        &mut e,
        doc! { "into": "t", "whenMatched": "replace", "whenNotMatched": "discard" },
    )
    .unwrap();
    assert_eq!(
        e.collection_documents(DB, "t"),
        vec![doc! { "_id": 1, "v": 10 }, doc! { "_id": 2, "v": 20 }]
    );
    let err = merge(&mut e, doc! { "into": "baru", "whenNotMatched": "fail" }).unwrap_err();
    assert_eq!(err.code, 13113);
    let err = merge(&mut e, doc! { "into": "t", "on": "v" }).unwrap_err();
    assert_eq!(err.code, 51183);
    let err = merge(
        &mut e,
        doc! { "into": "t", "whenMatched": [{ "$set": { "x": 1 } }] },
    )
    .unwrap_err();
    assert_eq!(err.code, 238);
}

#[test]
fn merge_errors_carry_the_stages_words() {
    let mut e = with(
        "src",
        vec![
            doc! { "_id": 1, "k": "a", "v": 10 },
            doc! { "_id": 2, "k": "b" },
        ],
    );
    run(
        &mut e,
        doc! { "insert": "t", "documents": [{ "_id": 1, "v": 0 }, { "_id": 7, "k": "a" }] },
    );
    run(
        &mut e,
        doc! { "createIndexes": "t", "indexes": [{ "key": { "k": 1 }, "name": "k_1", "unique": true }] },
    );
    let merge = |e: &mut Engine, spec: Document| {
        e.run_command(
            DB,
            doc! { "aggregate": "src", "cursor": {}, "pipeline": [{ "$merge": spec }] },
        )
    };
    let err = merge(&mut e, doc! { "into": "t", "whenMatched": "fail" }).unwrap_err();
    assert_eq!(err.code, 11000);
    assert_eq!(
        err.message,
        "$merge with whenMatched: fail found an existing document with the same values for the 'on' fields :: caused by :: E11000 duplicate key error collection: uji.t index: _id_ dup key: { _id: 1 }"
    );
    // Matched on `k`, the source's `_id` differs from the match's: the update
    // would change an immutable field.
    let err = merge(&mut e, doc! { "into": "t", "on": "k" }).unwrap_err();
    assert_eq!(err.code, 66);
    assert_eq!(
        err.message,
        "$merge failed to update the matching document, did you attempt to modify the _id or the shard key? :: caused by :: Performing an update on the path '_id' would modify the immutable field '_id'"
    );
    let replace = merge(
        &mut e,
        doc! { "into": "t", "on": "k", "whenMatched": "replace" },
    )
    .unwrap_err();
    assert!(
        replace.message.ends_with("After applying the update, the (immutable) field '_id' was found to have been altered to _id: 1"),
        "{replace:?}"
    );
    assert_eq!(
        e.collection_documents(DB, "t"),
        vec![doc! { "_id": 1, "v": 0 }, doc! { "_id": 7, "k": "a" }]
    );
    // A document without `_id` matched on `k` updates its match in place.
    run(
        &mut e,
        doc! { "insert": "tanpa", "documents": [{ "_id": 3, "k": "a", "w": 1 }] },
    );
    e.run_command(
        DB,
        doc! { "aggregate": "tanpa", "cursor": {}, "pipeline": [
        { "$project": { "_id": 0, "k": 1, "w": 1 } }, { "$merge": { "into": "t", "on": "k" } }] },
    )
    .unwrap();
    assert_eq!(
        e.collection_documents(DB, "t")[1],
        doc! { "_id": 7, "k": "a", "w": 1 }
    );
    // An insert whose `_id` is taken by a document that did not match.
    run(
        &mut e,
        doc! { "insert": "dup", "documents": [{ "_id": 1, "k": "z" }] },
    );
    let err = e
        .run_command(
            DB,
            doc! { "aggregate": "dup", "cursor": {}, "pipeline": [{ "$merge": { "into": "t", "on": "k" } }] },
        )
        .unwrap_err();
    assert!(
        err.message.starts_with("$merge failed due to a DuplicateKey error :: caused by :: E11000 duplicate key error collection: uji.t index: _id_"),
        "{err:?}"
    );
}

#[test]
fn collection_options_the_engine_lacks_are_refused() {
    let mut e = Engine::new();
    for options in [
        doc! { "capped": true, "size": 4096 },
        doc! { "timeseries": { "timeField": "t" } },
    ] {
        let mut command = doc! { "create": "v" };
        command.extend(options.clone());
        let err = fail(&mut e, command);
        assert_eq!(err.code, 238, "{options}: {err:?}");
    }
    assert!(first_batch(&run(&mut e, doc! { "listCollections": 1 })).is_empty());
    let out = shell_out(
        "use uji\ndb.createCollection('v', { capped: true, size: 4096 })\ndb.getCollectionNames()",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].starts_with("MongoServerError[NotImplemented]: BSON field 'create.capped'"),
        "{out}"
    );
    assert_eq!(lines[2], "[]", "{out}");
}

// ---- backward index scans -------------------------------------------------

/// `_id: i` with `t` from `t_of(i)`, inserted in `_id` order.
fn numbered(n: i32, t_of: impl Fn(i32) -> i32) -> Engine {
    let docs = (0..n)
        .map(|i| doc! { "_id": i, "t": t_of(i), "b": i % 2 })
        .collect();
    with("c", docs)
}

fn index(e: &mut Engine, key: Document) {
    let name = key
        .iter()
        .map(|(k, v)| format!("{k}_{v}"))
        .collect::<Vec<_>>()
        .join("_");
    run(
        e,
        doc! { "createIndexes": "c", "indexes": [ { "key": key, "name": name } ] },
    );
}

fn winning_stages(reply: &Document) -> Vec<Document> {
    let mut stage = reply
        .get_document("executionStats")
        .and_then(|s| s.get_document("executionStages"))
        .ok()
        .cloned();
    let mut out = Vec::new();
    while let Some(s) = stage {
        stage = s.get_document("inputStage").ok().cloned();
        out.push(s);
    }
    out
}

fn stage_names(stages: &[Document]) -> Vec<&str> {
    stages
        .iter()
        .filter_map(|s| s.get_str("stage").ok())
        .collect()
}

fn explain_find(e: &mut Engine, find: Document) -> Document {
    run(e, doc! { "explain": find, "verbosity": "executionStats" })
}

fn counter(doc: &Document, key: &str) -> Option<i64> {
    match doc.get(key) {
        Some(Bson::Int32(i)) => Some(i64::from(*i)),
        Some(Bson::Int64(i)) => Some(*i),
        _ => None,
    }
}

#[test]
fn a_reversed_sort_walks_a_single_field_index_backward_and_stops_at_the_limit() {
    let mut e = numbered(20, |i| i * 10);
    index(&mut e, doc! { "t": 1 });
    let find = doc! { "find": "c", "filter": {}, "sort": { "t": -1 }, "skip": 1, "limit": 3 };
    let got = ids(&first_batch(&run(&mut e, find.clone())));
    assert_eq!(got, vec![Bson::Int32(18), Bson::Int32(17), Bson::Int32(16)]);
    let out = explain_find(&mut e, find);
    let stages = winning_stages(&out);
    assert_eq!(stage_names(&stages), ["LIMIT", "SKIP", "FETCH", "IXSCAN"]);
    let ixscan = &stages[3];
    assert_eq!(ixscan.get_str("direction").ok(), Some("backward"));
    assert_eq!(
        ixscan.get_document("indexBounds").ok(),
        Some(&doc! { "t": ["[MaxKey, MinKey]"] })
    );
    let stats = out.get_document("executionStats").expect("stats");
    assert_eq!(counter(stats, "totalKeysExamined"), Some(4));
    assert_eq!(counter(stats, "totalDocsExamined"), Some(4));
}

#[test]
fn a_backward_scan_prints_its_bounds_from_the_upper_end() {
    let mut e = numbered(20, |i| i);
    index(&mut e, doc! { "t": 1 });
    let filter = doc! { "t": { "$gt": 5, "$lte": 9 } };
    let find = doc! { "find": "c", "filter": filter.clone(), "sort": { "t": -1 } };
    let got = ids(&first_batch(&run(&mut e, find.clone())));
    assert_eq!(got, [9, 8, 7, 6].map(Bson::Int32).to_vec());
    let stages = winning_stages(&explain_find(&mut e, find));
    assert_eq!(stage_names(&stages), ["FETCH", "IXSCAN"]);
    assert_eq!(
        stages[1].get_document("indexBounds").ok(),
        Some(&doc! { "t": ["[9, 5)"] })
    );
    let in_list = doc! { "find": "c", "filter": { "t": { "$in": [3, 12] } }, "sort": { "t": -1 } };
    let got = ids(&first_batch(&run(&mut e, in_list.clone())));
    assert_eq!(got, [12, 3].map(Bson::Int32).to_vec());
    let stages = winning_stages(&explain_find(&mut e, in_list));
    assert_eq!(
        stages[1].get_document("indexBounds").ok(),
        Some(&doc! { "t": ["[12, 12]", "[3, 3]"] })
    );
}

#[test]
fn a_compound_index_walked_in_reverse_serves_the_mirrored_sort() {
    let mut e = numbered(12, |i| i / 4);
    index(&mut e, doc! { "t": 1, "b": -1 });
    let find = doc! { "find": "c", "filter": {}, "sort": { "t": -1, "b": 1 }, "limit": 5 };
    let got = ids(&first_batch(&run(&mut e, find.clone())));
    // t = 2 first; within it b = 0 (ids 8, 10) before b = 1 (9, 11), each
    // key's records newest first as the server's reverse walk meets them.
    assert_eq!(got, [10, 8, 11, 9, 6].map(Bson::Int32).to_vec());
    let out = explain_find(&mut e, find);
    let stages = winning_stages(&out);
    assert_eq!(stage_names(&stages), ["LIMIT", "FETCH", "IXSCAN"]);
    assert_eq!(stages[2].get_str("direction").ok(), Some("backward"));
    assert_eq!(
        stages[2].get_document("indexBounds").ok(),
        Some(&doc! { "t": ["[MaxKey, MinKey]"], "b": ["[MinKey, MaxKey]"] })
    );
    let stats = out.get_document("executionStats").expect("stats");
    assert_eq!(counter(stats, "totalKeysExamined"), Some(5));
    // The index order itself, forward: a descending field prints high end first.
    let forward = doc! { "find": "c", "filter": {}, "sort": { "t": 1, "b": -1 } };
    let stages = winning_stages(&explain_find(&mut e, forward));
    assert_eq!(stages[1].get_str("direction").ok(), Some("forward"));
    assert_eq!(
        stages[1].get_document("indexBounds").ok(),
        Some(&doc! { "t": ["[MinKey, MaxKey]"], "b": ["[MaxKey, MinKey]"] })
    );
    // Neither direction of the index: a blocking sort.
    let mixed = doc! { "find": "c", "filter": {}, "sort": { "t": -1, "b": -1 } };
    let stages = winning_stages(&explain_find(&mut e, mixed));
    assert_eq!(
        stages.first().and_then(|s| s.get_str("stage").ok()),
        Some("SORT")
    );
}

#[test]
fn a_backward_scan_resumes_inside_a_key_across_get_more() {
    let mut e = numbered(9, |i| i % 3);
    index(&mut e, doc! { "t": 1 });
    let find = doc! { "find": "c", "filter": {}, "sort": { "t": -1 }, "batchSize": 2 };
    let reply = run(&mut e, find);
    let mut got = ids(&first_batch(&reply));
    let id = reply
        .get_document("cursor")
        .and_then(|c| c.get_i64("id"))
        .expect("an open cursor");
    loop {
        let more = run(
            &mut e,
            doc! { "getMore": id, "collection": "c", "batchSize": 2 },
        );
        let cursor = more.get_document("cursor").expect("cursor");
        let batch = cursor.get_array("nextBatch").expect("batch");
        got.extend(
            batch
                .iter()
                .filter_map(|d| d.as_document()?.get("_id").cloned()),
        );
        if cursor.get_i64("id") == Ok(0) {
            break;
        }
    }
    assert_eq!(got, [8, 5, 2, 7, 4, 1, 6, 3, 0].map(Bson::Int32).to_vec());
}

// ---- variables defined where the server defines them ------------------------

fn undefined(engine: &mut Engine, command: Document) -> (i32, String) {
    let err = fail(engine, command);
    (err.code, err.message)
}

fn aggregate_on(coll: &str, pipeline: Vec<Document>) -> Document {
    doc! { "aggregate": coll, "pipeline": pipeline, "cursor": {} }
}

#[test]
fn an_undefined_variable_is_refused_when_the_pipeline_is_parsed() {
    let mut e = with("c", vec![doc! { "_id": 1, "a": [1, 2] }]);
    let refused = (17276, "Use of undefined variable: x".to_string());
    // No document needs to reach it: the collection does not even exist.
    for stage in [
        doc! { "$addFields": { "b": "$$x" } },
        doc! { "$addFields": { "b": "$$x.y" } },
        doc! { "$group": { "_id": null, "n": { "$sum": "$$x" } } },
        doc! { "$addFields": { "b": { "$map": { "input": "$a", "as": "n", "in": "$$x" } } } },
        doc! { "$addFields": { "b": { "$let": { "vars": { "x": "$$x" }, "in": "$$x" } } } },
        doc! { "$match": { "$expr": { "$eq": ["$a", "$$x"] } } },
    ] {
        let got = undefined(&mut e, aggregate_on("kosong", vec![stage.clone()]));
        assert_eq!(got, refused, "{stage}");
    }
    let got = undefined(
        &mut e,
        aggregate_on("kosong", vec![doc! { "$project": { "b": "$$x" } }]),
    );
    assert_eq!(got.0, 17276);
    assert_eq!(
        got.1,
        "Invalid $project :: caused by :: Use of undefined variable: x"
    );
}

#[test]
fn bound_and_built_in_variables_are_defined_in_their_scope() {
    let mut e = with("c", vec![doc! { "_id": 1, "a": [1, 2] }]);
    let stage = doc! { "$project": {
        "akar": "$$ROOT._id",
        "kini": { "$type": "$$NOW" },
        "hilang": "$$REMOVE",
        "tambah": { "$map": { "input": "$a", "as": "n", "in": { "$add": ["$$n", "$$CURRENT._id"] } } },
        "saring": { "$filter": { "input": "$a", "cond": { "$gt": ["$$this", 1] } } },
        "jumlah": { "$reduce": { "input": "$a", "initialValue": 0, "in": { "$add": ["$$value", "$$this"] } } },
        "biar": { "$let": { "vars": { "k": 10 }, "in": { "$multiply": ["$$k", "$$opsi"] } } },
        "harfiah": { "$literal": "$$tidakAda" },
    } };
    let mut command = aggregate_on("c", vec![stage]);
    command.insert("let", doc! { "opsi": 2 });
    let out = first_batch(&run(&mut e, command));
    assert_eq!(
        out,
        vec![doc! {
            "_id": 1, "akar": 1, "kini": "date", "tambah": [2, 3], "saring": [2],
            "jumlah": 3, "biar": 20, "harfiah": "$$tidakAda"
        }]
    );
    // Without the command's `let`, the same name is undefined.
    let got = undefined(
        &mut e,
        aggregate_on("c", vec![doc! { "$addFields": { "b": "$$opsi" } }]),
    );
    assert_eq!(got, (17276, "Use of undefined variable: opsi".to_string()));
    // A `$map` name is not defined after the `$map`.
    let got = undefined(
        &mut e,
        aggregate_on(
            "c",
            vec![
                doc! { "$addFields": { "b": [{ "$map": { "input": "$a", "as": "n", "in": "$$n" } }, "$$n"] } },
            ],
        ),
    );
    assert_eq!(got, (17276, "Use of undefined variable: n".to_string()));
}

#[test]
fn lookup_let_names_are_defined_in_its_pipeline_only() {
    let mut e = with("c", vec![doc! { "_id": 1, "a": [1, 2] }]);
    let lookup = doc! { "$lookup": {
        "from": "c", "let": { "v": "$_id" },
        "pipeline": [ { "$match": { "$expr": { "$in": ["$$v", "$a"] } } }, { "$project": { "_id": 1 } } ],
        "as": "j",
    } };
    let out = first_batch(&run(&mut e, aggregate_on("c", vec![lookup.clone()])));
    assert_eq!(out[0].get_array("j").map(Vec::len), Ok(1));
    let after = doc! { "$addFields": { "b": "$$v" } };
    let got = undefined(&mut e, aggregate_on("c", vec![lookup, after]));
    assert_eq!(got, (17276, "Use of undefined variable: v".to_string()));
}

#[test]
fn find_filters_and_view_pipelines_check_their_variables() {
    let mut e = with("c", vec![doc! { "_id": 1, "a": 3 }]);
    let filter = doc! { "$expr": { "$eq": ["$a", "$$batas"] } };
    let got = undefined(&mut e, doc! { "find": "kosong", "filter": filter.clone() });
    assert_eq!(got, (17276, "Use of undefined variable: batas".to_string()));
    let found = first_batch(&run(
        &mut e,
        doc! { "find": "c", "filter": filter, "let": { "batas": 3 } },
    ));
    assert_eq!(ids(&found), vec![Bson::Int32(1)]);
    let view =
        doc! { "create": "v", "viewOn": "c", "pipeline": [ { "$addFields": { "b": "$$x" } } ] };
    assert_eq!(
        undefined(&mut e, view),
        (17276, "Use of undefined variable: x".to_string())
    );
}

/// `$rand` of each of three documents, drawn by `engine`.
fn rand_draws(engine: &mut Engine) -> Vec<f64> {
    let reply = run(
        engine,
        doc! { "aggregate": 1, "pipeline": [
            { "$documents": [{ "i": 1 }, { "i": 2 }, { "i": 3 }] },
            { "$project": { "_id": 0, "r": { "$rand": {} } } },
        ], "cursor": {} },
    );
    first_batch(&reply)
        .iter()
        .map(|d| d.get_f64("r").unwrap_or(-1.0))
        .collect()
}

#[test]
fn rand_follows_the_seed_and_is_random_once_randomized() {
    const SEED: [u8; 12] = [0x65, 0x5f, 0x1a, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let draws = |seed| rand_draws(&mut Engine::with_objectid_seed(Some(seed)));
    let first = draws(SEED);
    assert_eq!(first, draws(SEED), "the same seed draws the same numbers");
    assert!(first.iter().all(|r| (0.0..1.0).contains(r)), "{first:?}");
    assert!(first[0] != first[1] && first[1] != first[2], "{first:?}");
    let mut other = SEED;
    other[11] = 2;
    assert_ne!(first, draws(other));
    // Later commands go on with the sequence instead of starting it again.
    let mut engine = Engine::with_objectid_seed(Some(SEED));
    rand_draws(&mut engine);
    assert_ne!(rand_draws(&mut engine), first);
    let mut served = Engine::with_objectid_seed(Some(SEED));
    served.randomize();
    assert_ne!(rand_draws(&mut served), first);
    let bad = fail(
        &mut engine,
        doc! { "aggregate": 1, "pipeline": [{ "$documents": [{}] }, { "$set": { "r": { "$rand": { "a": 1 } } } }], "cursor": {} },
    );
    assert_eq!(bad.code, 3040501);
    assert!(
        bad.message
            .ends_with(":: caused by :: $rand does not currently accept arguments"),
        "{}",
        bad.message
    );
}

#[test]
fn list_local_sessions_is_a_database_level_stage() {
    let mut e = with("c", vec![doc! { "_id": 1 }]);
    let listed = |spec: Bson| doc! { "aggregate": 1, "pipeline": [{ "$listLocalSessions": spec }], "cursor": {} };
    let reply = run(&mut e, listed(Bson::Document(doc! {})));
    assert_eq!(first_batch(&reply), Vec::<Document>::new());
    let reply = run(&mut e, listed(Bson::Document(doc! { "allUsers": true })));
    assert_eq!(
        reply.get_document("cursor").unwrap().get_str("ns"),
        Ok("uji.$cmd.aggregate")
    );
    let both = fail(
        &mut e,
        listed(Bson::Document(
            doc! { "allUsers": true, "users": [{ "user": "a", "db": "b" }] },
        )),
    );
    assert_eq!(
        (both.code, both.code_name.as_str()),
        (12, "UnsupportedFormat")
    );
    assert_eq!(fail(&mut e, listed(Bson::Int32(1))).code, 14);
    assert_eq!(
        fail(&mut e, listed(Bson::Document(doc! { "x": 1 }))).code,
        40415
    );
    let on_collection = fail(
        &mut e,
        doc! { "aggregate": "c", "pipeline": [{ "$listLocalSessions": {} }], "cursor": {} },
    );
    assert_eq!(
        (on_collection.code, on_collection.message.as_str()),
        (73, "$listLocalSessions must be run against the database with {aggregate: 1}, not a collection")
    );
}

#[test]
fn unacknowledged_bulk_writes_and_find_one_and_modify_answer_as_mongosh() {
    let out = shell_out(
        "use uji\ndb.c.insertOne({ _id: 1, a: 1 })\ndb.c.bulkWrite([{ insertOne: { document: { _id: 2 } } }, { updateOne: { filter: { _id: 1 }, update: { $set: { a: 2 } } } }, { insertOne: { document: { _id: 1 } } }, { insertOne: { document: { _id: 3 } } }], { writeConcern: { w: NumberInt(0) } })\ndb.c.findOneAndUpdate({ _id: 1 }, { $set: { a: 3 } }, { writeConcern: { w: 0 } })\ndb.c.findOneAndDelete({ _id: 2 }, { writeConcern: { w: Long(0) } })\ndb.c.insertOne({ _id: 4 }, { writeConcern: { w: NumberInt(0) } })\ndb.c.find()",
    );
    // The duplicate `_id: 1` stops the ordered insert batch: `_id: 3` is not written.
    let expected = "switched to db uji
{ acknowledged: true, insertedId: 1 }
{
  acknowledged: true,
  insertedCount: 0,
  insertedIds: { '0': 2, '2': 1, '3': 3 },
  matchedCount: 0,
  modifiedCount: 0,
  deletedCount: 0,
  upsertedCount: 0,
  upsertedIds: {}
}


{ acknowledged: false, insertedId: 4 }
[ { _id: 1, a: 3 }, { _id: 4 } ]
";
    assert_eq!(out, expected);
}

/// `explain` of `command` at executionStats.
fn explained(engine: &mut Engine, command: Document) -> Document {
    run(
        engine,
        doc! { "explain": command, "verbosity": "executionStats" },
    )
}

fn execution_stages(explain: &Document) -> Document {
    explain
        .get_document("executionStats")
        .and_then(|s| s.get_document("executionStages"))
        .cloned()
        .unwrap_or_else(|_| panic!("no executionStages in {explain}"))
}

fn counted(stage: &Document) -> i32 {
    stage.get_i32("nCounted").unwrap_or(-1)
}

#[test]
fn count_scan_shows_its_key_range_and_count_stages_their_counts() {
    let mut e = Engine::new();
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "a": 1, "_id": 1 }, "name": "a_1__id_1" }] },
    );
    let docs: Vec<Document> = (0..10).map(|i| doc! { "_id": i, "a": 1 }).collect();
    run(&mut e, doc! { "insert": "c", "documents": docs });
    run(
        &mut e,
        doc! { "insert": "c", "documents": [{ "_id": 10, "a": 2 }] },
    );
    let stages = execution_stages(&explained(
        &mut e,
        doc! { "count": "c", "query": { "a": 1 }, "skip": 3 },
    ));
    assert_eq!(
        (stages.get_str("stage"), counted(&stages)),
        (Ok("COUNT"), 7)
    );
    assert_eq!(stages.get_i32("nSkipped"), Ok(3));
    let scan = stages.get_document("inputStage").unwrap();
    assert_eq!(scan.get_str("stage"), Ok("COUNT_SCAN"), "{stages}");
    assert_eq!(
        scan.get_document("indexBounds").unwrap(),
        &doc! {
            "startKey": { "a": 1, "_id": Bson::MinKey }, "startKeyInclusive": true,
            "endKey": { "a": 1, "_id": Bson::MaxKey }, "endKeyInclusive": true,
        }
    );
    let limited = execution_stages(&explained(
        &mut e,
        doc! { "count": "c", "query": { "a": 2 }, "limit": -3 },
    ));
    assert_eq!(counted(&limited), 1);
    let fast = execution_stages(&explained(
        &mut e,
        doc! { "count": "c", "limit": 3, "skip": 9 },
    ));
    assert_eq!(
        (fast.get_str("stage"), counted(&fast)),
        (Ok("RECORD_STORE_FAST_COUNT"), 2)
    );
    // Two intervals are no single key range: the index is scanned, not counted.
    let two = execution_stages(&explained(
        &mut e,
        doc! { "count": "c", "query": { "a": { "$in": [1, 2] } } },
    ));
    assert_eq!(counted(&two), 11);
    assert_ne!(
        two.get_document("inputStage").unwrap().get_str("stage"),
        Ok("COUNT_SCAN")
    );
    let n = run(
        &mut e,
        doc! { "count": "c", "query": { "a": 1 }, "limit": -3 },
    );
    assert_eq!(n.get_i32("n"), Ok(3));
    let missing = execution_stages(&explained(
        &mut e,
        doc! { "count": "none", "query": { "a": 1 } },
    ));
    assert_eq!(
        (missing.get_str("stage"), counted(&missing)),
        (Ok("COUNT"), 0)
    );
}

#[test]
fn distinct_on_an_index_s_first_field_plans_distinct_scan() {
    let docs: Vec<Document> = (0..100)
        .map(|i| doc! { "_id": i, "a": i % 10, "b": i % 7 })
        .collect();
    let mut e = with("c", docs);
    let distinct = |e: &mut Engine, key: &str, query: Document| {
        explained(e, doc! { "distinct": "c", "key": key, "query": query })
    };
    let totals = |x: &Document| {
        let s = x.get_document("executionStats").unwrap();
        (
            s.get_i32("nReturned").unwrap(),
            s.get_i32("totalKeysExamined").unwrap(),
            s.get_i32("totalDocsExamined").unwrap(),
        )
    };
    assert_eq!(totals(&distinct(&mut e, "a", doc! {})), (100, 0, 100));
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "a": 1 }, "name": "a_1" }] },
    );
    let all = distinct(&mut e, "a", doc! {});
    assert_eq!(totals(&all), (10, 10, 0));
    let winning = all
        .get_document("queryPlanner")
        .unwrap()
        .get_document("winningPlan")
        .unwrap();
    assert_eq!(winning.get_str("stage"), Ok("PROJECTION_COVERED"));
    assert_eq!(
        winning.get_document("transformBy"),
        Ok(&doc! { "_id": 0, "a": 1 })
    );
    let scan = winning.get_document("inputStage").unwrap();
    assert_eq!(
        (scan.get_str("stage"), scan.get_str("indexName")),
        (Ok("DISTINCT_SCAN"), Ok("a_1"))
    );
    assert_eq!(
        totals(&distinct(&mut e, "a", doc! { "a": { "$gt": 5 } })),
        (4, 4, 0)
    );
    // Another key than the index's first field: the documents are read.
    assert_eq!(
        totals(&distinct(&mut e, "b", doc! { "a": { "$gt": 5 } })).2,
        40
    );
    run(&mut e, doc! { "dropIndexes": "c", "index": "*" });
    run(
        &mut e,
        doc! { "createIndexes": "c", "indexes": [{ "key": { "a": 1, "b": 1 }, "name": "a_1_b_1" }] },
    );
    let covered = distinct(&mut e, "b", doc! { "a": { "$gt": 5 } });
    assert_eq!(totals(&covered).2, 0);
    let winning = covered
        .get_document("queryPlanner")
        .unwrap()
        .get_document("winningPlan")
        .unwrap();
    assert_eq!(
        winning.get_document("inputStage").unwrap().get_str("stage"),
        Ok("IXSCAN")
    );
}
