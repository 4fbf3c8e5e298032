//! Views through `run_command` as the server answers, and through the shell as
//! mongosh prints them: definitions in the catalogue, reads computed from the
//! source at read time, writes refused, `collMod`, drop, cycles and names.

use bson::{doc, Bson, Document};
use kursus::engine::mongo::{Engine, MongoError};
use kursus::shell::{Shell, ShellOptions};

use crate::support::engine::{first_batch, write_errors};

const DB: &str = "uji";

fn run(engine: &mut Engine, command: Document) -> Document {
    crate::support::engine::run(engine, DB, command)
}

fn fail(engine: &mut Engine, command: Document) -> MongoError {
    crate::support::engine::fail(engine, DB, command)
}

/// Students `s` (ids 1-5, `n` = id, `kota` alternating) and a view `v` of
/// those with `n >= 2`, projected to `n` and `kota`.
fn students_with_view() -> Engine {
    let mut e = Engine::new();
    let docs: Vec<Document> = (1..=5)
        .map(|i| doc! { "_id": i, "n": i, "kota": if i % 2 == 0 { "Bandung" } else { "Medan" }, "x": 0 })
        .collect();
    run(&mut e, doc! { "insert": "s", "documents": docs });
    create_view(
        &mut e,
        "v",
        "s",
        vec![
            doc! { "$match": { "n": { "$gte": 2 } } },
            doc! { "$project": { "n": 1, "kota": 1 } },
        ],
    );
    e
}

fn create_view(engine: &mut Engine, name: &str, on: &str, pipeline: Vec<Document>) {
    run(
        engine,
        doc! { "create": name, "viewOn": on, "pipeline": pipeline },
    );
}

fn ids(docs: &[Document]) -> Vec<i32> {
    docs.iter().filter_map(|d| d.get_i32("_id").ok()).collect()
}

fn find(engine: &mut Engine, command: Document) -> Vec<Document> {
    first_batch(&run(engine, command))
}

fn collection_infos(engine: &mut Engine) -> Vec<Document> {
    first_batch(&run(engine, doc! { "listCollections": 1 }))
}

fn shell_out(script: &str) -> String {
    Shell::new(ShellOptions::default()).run_script(script)
}

#[test]
fn a_view_is_listed_as_the_server_lists_it() {
    let mut e = students_with_view();
    let infos = collection_infos(&mut e);
    let view = infos.iter().find(|i| i.get_str("name") == Ok("v")).unwrap();
    assert_eq!(
        view,
        &doc! {
            "name": "v", "type": "view",
            "options": { "viewOn": "s", "pipeline": [
                { "$match": { "n": { "$gte": 2 } } }, { "$project": { "n": 1, "kota": 1 } },
            ] },
            "info": { "readOnly": true },
        }
    );
    // The definitions live in system.views, a collection of its own.
    let system = infos
        .iter()
        .find(|i| i.get_str("name") == Ok("system.views"));
    assert_eq!(
        system.and_then(|s| s.get_str("type").ok()),
        Some("collection")
    );
    let stored = find(&mut e, doc! { "find": "system.views" });
    assert_eq!(stored[0].get_str("_id"), Ok("uji.v"));
    let names = first_batch(&run(
        &mut e,
        doc! { "listCollections": 1, "nameOnly": true, "filter": { "type": "view" } },
    ));
    assert_eq!(names, vec![doc! { "name": "v", "type": "view" }]);
}

#[test]
fn find_on_a_view_runs_its_pipeline_then_the_query() {
    let mut e = students_with_view();
    let all = find(&mut e, doc! { "find": "v" });
    assert_eq!(ids(&all), vec![2, 3, 4, 5]);
    assert!(all.iter().all(|d| !d.contains_key("x")), "{all:?}");
    let some = find(
        &mut e,
        doc! {
            "find": "v", "filter": { "kota": "Medan" }, "sort": { "n": -1 },
            "skip": 0, "limit": 1, "projection": { "_id": 0, "n": 1 },
        },
    );
    assert_eq!(some, vec![doc! { "n": 5 }]);
    let paged = find(
        &mut e,
        doc! { "find": "v", "sort": { "n": 1 }, "skip": 1, "limit": 2 },
    );
    assert_eq!(ids(&paged), vec![3, 4]);
    // The view's own filter still applies under the find's.
    let none = find(&mut e, doc! { "find": "v", "filter": { "n": 1 } });
    assert!(none.is_empty());
}

#[test]
fn a_view_reads_its_source_at_read_time() {
    let mut e = students_with_view();
    run(
        &mut e,
        doc! { "insert": "s", "documents": [{ "_id": 6, "n": 6, "kota": "Medan" }] },
    );
    run(
        &mut e,
        doc! { "delete": "s", "deletes": [{ "q": { "_id": 2 }, "limit": 1 }] },
    );
    assert_eq!(ids(&find(&mut e, doc! { "find": "v" })), vec![3, 4, 5, 6]);
}

#[test]
fn a_cursor_on_a_view_pages_with_get_more() {
    let mut e = students_with_view();
    let reply = run(&mut e, doc! { "find": "v", "batchSize": 3 });
    let cursor = reply.get_document("cursor").unwrap();
    assert_eq!(cursor.get_str("ns"), Ok("uji.v"));
    let id = cursor.get_i64("id").unwrap();
    assert_ne!(id, 0);
    let more = run(&mut e, doc! { "getMore": id, "collection": "v" });
    let next = more.get_document("cursor").unwrap();
    assert_eq!(next.get_array("nextBatch").unwrap().len(), 1);
    assert_eq!(next.get_i64("id"), Ok(0));
}

#[test]
fn views_over_views_run_the_inner_pipeline_first() {
    let mut e = students_with_view();
    create_view(
        &mut e,
        "w",
        "v",
        vec![doc! { "$match": { "kota": "Bandung" } }],
    );
    create_view(
        &mut e,
        "z",
        "w",
        vec![doc! { "$addFields": { "dua": { "$multiply": ["$n", 2] } } }],
    );
    let docs = find(&mut e, doc! { "find": "z", "sort": { "_id": 1 } });
    assert_eq!(
        docs,
        vec![
            doc! { "_id": 2, "n": 2, "kota": "Bandung", "dua": 4 },
            doc! { "_id": 4, "n": 4, "kota": "Bandung", "dua": 8 },
        ]
    );
}

#[test]
fn aggregate_on_a_view_appends_to_its_pipeline() {
    let mut e = students_with_view();
    let reply = run(
        &mut e,
        doc! {
            "aggregate": "v",
            "pipeline": [{ "$group": { "_id": "$kota", "jumlah": { "$sum": 1 } } }, { "$sort": { "_id": 1 } }],
            "cursor": {},
        },
    );
    assert_eq!(
        first_batch(&reply),
        vec![
            doc! { "_id": "Bandung", "jumlah": 2 },
            doc! { "_id": "Medan", "jumlah": 2 },
        ]
    );
    assert_eq!(
        reply.get_document("cursor").unwrap().get_str("ns"),
        Ok("uji.v")
    );
}

#[test]
fn count_and_distinct_on_a_view_count_its_output() {
    let mut e = students_with_view();
    assert_eq!(run(&mut e, doc! { "count": "v" }).get_i32("n"), Ok(4));
    let medan = run(&mut e, doc! { "count": "v", "query": { "kota": "Medan" } });
    assert_eq!(medan.get_i32("n"), Ok(2));
    let limited = run(&mut e, doc! { "count": "v", "skip": 1, "limit": 2 });
    assert_eq!(limited.get_i32("n"), Ok(2));
    let kota = run(&mut e, doc! { "distinct": "v", "key": "kota" });
    assert_eq!(
        kota.get_array("values").unwrap(),
        &vec![Bson::from("Bandung"), Bson::from("Medan")]
    );
    // `x` is projected away by the view.
    let x = run(&mut e, doc! { "distinct": "v", "key": "x" });
    assert!(x.get_array("values").unwrap().is_empty());
}

#[test]
fn lookup_reads_a_view_through_its_pipeline() {
    let mut e = students_with_view();
    run(
        &mut e,
        doc! { "insert": "k", "documents": [{ "_id": "Medan" }] },
    );
    let reply = run(
        &mut e,
        doc! {
            "aggregate": "k",
            "pipeline": [{ "$lookup": { "from": "v", "localField": "_id", "foreignField": "kota", "as": "m" } }],
            "cursor": {},
        },
    );
    let joined = first_batch(&reply)[0].get_array("m").unwrap().clone();
    assert_eq!(joined.len(), 2, "{joined:?}");
    assert!(joined
        .iter()
        .all(|j| !j.as_document().unwrap().contains_key("x")));
}

#[test]
fn a_view_over_a_missing_source_reads_empty() {
    let mut e = Engine::new();
    create_view(&mut e, "kosong", "belum_ada", vec![]);
    assert!(find(&mut e, doc! { "find": "kosong" }).is_empty());
    assert_eq!(run(&mut e, doc! { "count": "kosong" }).get_i32("n"), Ok(0));
    run(
        &mut e,
        doc! { "insert": "belum_ada", "documents": [{ "_id": 1 }] },
    );
    assert_eq!(ids(&find(&mut e, doc! { "find": "kosong" })), vec![1]);
}

#[test]
fn explain_on_a_view_explains_the_aggregation_over_its_source() {
    let mut e = students_with_view();
    run(
        &mut e,
        doc! { "createIndexes": "s", "indexes": [{ "key": { "n": 1 }, "name": "n_1" }] },
    );
    let reply = run(
        &mut e,
        doc! { "explain": { "find": "v", "filter": { "kota": "Medan" } }, "verbosity": "queryPlanner" },
    );
    let planner = reply.get_document("queryPlanner").unwrap();
    assert_eq!(planner.get_str("namespace"), Ok("uji.s"), "{planner}");
    let plan = planner.get_document("winningPlan").unwrap().to_string();
    assert!(plan.contains("IXSCAN") && plan.contains("n_1"), "{plan}");
    let count = run(
        &mut e,
        doc! { "explain": { "count": "v" }, "verbosity": "queryPlanner" },
    );
    assert!(count.contains_key("queryPlanner"), "{count}");
}

fn assert_not_a_collection(error: &MongoError) {
    assert_eq!(error.code, 166, "{error:?}");
    assert_eq!(error.code_name, "CommandNotSupportedOnView");
    assert_eq!(error.message, "Namespace uji.v is a view, not a collection");
}

#[test]
fn writes_on_a_view_fail_for_each_statement_tried() {
    let mut e = students_with_view();
    let ordered = run(
        &mut e,
        doc! { "insert": "v", "documents": [{ "_id": 9 }, { "_id": 10 }] },
    );
    assert_eq!(ordered.get_i32("n"), Ok(0));
    let errors = write_errors(&ordered);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].get_i32("code"), Ok(166));
    assert_eq!(
        errors[0].get_str("errmsg"),
        Ok("Namespace uji.v is a view, not a collection")
    );
    let unordered = run(
        &mut e,
        doc! { "insert": "v", "documents": [{ "_id": 9 }, { "_id": 10 }], "ordered": false },
    );
    let indexes: Vec<i32> = write_errors(&unordered)
        .iter()
        .filter_map(|w| w.get_i32("index").ok())
        .collect();
    assert_eq!(indexes, vec![0, 1]);
    let update = run(
        &mut e,
        doc! { "update": "v", "updates": [{ "q": {}, "u": { "$set": { "y": 1 } } }] },
    );
    assert_eq!(update.get_i32("nModified"), Ok(0));
    assert_eq!(write_errors(&update)[0].get_i32("code"), Ok(166));
    let delete = run(
        &mut e,
        doc! { "delete": "v", "deletes": [{ "q": {}, "limit": 0 }] },
    );
    assert_eq!(write_errors(&delete)[0].get_i32("code"), Ok(166));
    // Nothing reached the source.
    assert_eq!(run(&mut e, doc! { "count": "s" }).get_i32("n"), Ok(5));
    assert!(e.collection_documents(DB, "v").is_empty());
}

#[test]
fn find_and_modify_and_index_commands_on_a_view_are_refused() {
    let mut e = students_with_view();
    for command in [
        doc! { "findAndModify": "v", "query": {}, "remove": true },
        doc! { "createIndexes": "v", "indexes": [{ "key": { "n": 1 }, "name": "n_1" }] },
        doc! { "dropIndexes": "v", "index": "*" },
        doc! { "listIndexes": "v" },
        doc! { "validate": "v" },
    ] {
        assert_not_a_collection(&fail(&mut e, command));
    }
}

#[test]
fn out_and_merge_into_a_view_are_refused() {
    let mut e = students_with_view();
    for stage in [doc! { "$out": "v" }, doc! { "$merge": { "into": "v" } }] {
        let err = fail(
            &mut e,
            doc! { "aggregate": "s", "pipeline": [stage], "cursor": {} },
        );
        assert_not_a_collection(&err);
    }
    assert_eq!(run(&mut e, doc! { "count": "v" }).get_i32("n"), Ok(4));
}

#[test]
fn dropping_a_view_removes_only_its_definition() {
    let mut e = students_with_view();
    let reply = run(&mut e, doc! { "drop": "v" });
    assert_eq!(reply.get_str("ns"), Ok("uji.v"));
    assert!(!reply.contains_key("nIndexesWas"), "{reply}");
    let names: Vec<String> = collection_infos(&mut e)
        .iter()
        .filter_map(|i| i.get_str("name").ok().map(str::to_string))
        .collect();
    assert_eq!(names, vec!["s", "system.views"]);
    assert!(find(&mut e, doc! { "find": "v" }).is_empty());
    assert_eq!(run(&mut e, doc! { "count": "s" }).get_i32("n"), Ok(5));
}

#[test]
fn coll_mod_changes_a_views_source_and_pipeline() {
    let mut e = students_with_view();
    run(
        &mut e,
        doc! { "collMod": "v", "pipeline": [{ "$match": { "n": 1 } }] },
    );
    assert_eq!(ids(&find(&mut e, doc! { "find": "v" })), vec![1]);
    run(
        &mut e,
        doc! { "insert": "t", "documents": [{ "_id": 7, "n": 1 }] },
    );
    run(&mut e, doc! { "collMod": "v", "viewOn": "t" });
    assert_eq!(ids(&find(&mut e, doc! { "find": "v" })), vec![7]);
    let listed = first_batch(&run(
        &mut e,
        doc! { "listCollections": 1, "filter": { "name": "v" } },
    ));
    assert_eq!(
        listed[0].get_document("options").unwrap(),
        &doc! { "viewOn": "t", "pipeline": [{ "$match": { "n": 1 } }] }
    );
}

#[test]
fn coll_mod_refuses_options_of_the_other_kind() {
    let mut e = students_with_view();
    let err = fail(
        &mut e,
        doc! { "collMod": "v", "validator": { "n": { "$gt": 0 } } },
    );
    assert_eq!(
        (err.code, err.message.as_str()),
        (72, "option not supported on a view: validator")
    );
    let err = fail(&mut e, doc! { "collMod": "s", "viewOn": "t" });
    assert_eq!(
        (err.code, err.message.as_str()),
        (72, "option only supported on a view: viewOn")
    );
    let err = fail(&mut e, doc! { "collMod": "s", "pipeline": [] });
    assert_eq!(err.message, "option only supported on a view: pipeline");
}

#[test]
fn cycles_are_refused_with_the_path_the_server_prints() {
    let mut e = Engine::new();
    create_view(&mut e, "v1", "v2", vec![]);
    let err = fail(
        &mut e,
        doc! { "create": "v2", "viewOn": "v1", "pipeline": [] },
    );
    assert_eq!(err.code, 5);
    assert_eq!(err.code_name, "GraphContainsCycle");
    assert_eq!(
        err.message,
        "View cycle detected: uji.v2 => uji.v2 => uji.v1 => uji.v2"
    );
    let own = fail(
        &mut e,
        doc! { "create": "s", "viewOn": "s", "pipeline": [] },
    );
    assert_eq!(own.message, "View cycle detected: uji.s => uji.s => uji.s");
    // Through a collection the pipeline reads, and through collMod.
    create_view(&mut e, "v3", "c", vec![]);
    let looked = fail(
        &mut e,
        doc! { "collMod": "v3", "pipeline": [{ "$lookup": { "from": "v3", "as": "x", "pipeline": [] } }] },
    );
    assert_eq!(looked.code, 5, "{looked:?}");
    let infos = collection_infos(&mut e);
    let v3 = infos
        .iter()
        .find(|i| i.get_str("name") == Ok("v3"))
        .unwrap();
    assert_eq!(
        v3.get_document("options")
            .unwrap()
            .get_array("pipeline")
            .unwrap()
            .len(),
        0
    );
}

#[test]
fn views_stack_at_most_twenty_deep() {
    let mut e = Engine::new();
    create_view(&mut e, "v0", "c", vec![]);
    for i in 1..20 {
        create_view(&mut e, &format!("v{i}"), &format!("v{}", i - 1), vec![]);
    }
    let err = fail(
        &mut e,
        doc! { "create": "v20", "viewOn": "v19", "pipeline": [] },
    );
    assert_eq!(err.code, 149);
    assert_eq!(
        err.message,
        "View depth limit exceeded; maximum depth is 20"
    );
}

#[test]
fn a_name_in_use_is_refused() {
    let mut e = students_with_view();
    let err = fail(
        &mut e,
        doc! { "create": "s", "viewOn": "v", "pipeline": [] },
    );
    assert_eq!(
        (err.code, err.message.as_str()),
        (48, "Collection uji.s already exists.")
    );
    let err = fail(
        &mut e,
        doc! { "create": "v", "viewOn": "s", "pipeline": [] },
    );
    assert_eq!(
        (err.code, err.message.as_str()),
        (48, "A view already exists. NS: uji.v")
    );
    assert_eq!(err.code_name, "NamespaceExists");
    let err = fail(&mut e, doc! { "create": "v" });
    assert_eq!(err.message, "A view already exists. NS: uji.v");
}

#[test]
fn a_definition_is_checked_before_it_is_stored() {
    let mut e = Engine::new();
    let err = fail(&mut e, doc! { "create": "v", "pipeline": [] });
    assert_eq!(
        (err.code, err.message.as_str()),
        (72, "'pipeline' requires 'viewOn' to also be specified")
    );
    let err = fail(&mut e, doc! { "create": "v", "viewOn": 1, "pipeline": [] });
    assert_eq!(err.code, 14);
    assert_eq!(
        err.message,
        "BSON field 'create.viewOn' is the wrong type 'int', expected type 'string'"
    );
    let err = fail(
        &mut e,
        doc! { "create": "v", "viewOn": "c", "pipeline": [{ "$match": {} }, { "$out": "t" }] },
    );
    assert_eq!(err.code, 167);
    assert_eq!(
        err.message,
        "The aggregation stage $out in location 1 of the pipeline cannot be used in the view definition of uji.v because it writes to disk"
    );
    let err = fail(
        &mut e,
        doc! { "create": "v", "viewOn": "c", "pipeline": [], "validator": {} },
    );
    assert_eq!(err.code, 72);
    assert!(collection_infos(&mut e).is_empty());
}

#[test]
fn the_shell_shows_views_as_mongosh_does() {
    let out = shell_out(
        "use uji\n\
         db.siswa.insertOne({ _id: 1, n: 1 })\n\
         db.createView('siswa_v', 'siswa', [{ $project: { n: 1 } }])\n\
         show collections\n\
         db.getCollectionInfos({ type: 'view' })\n\
         db.siswa_v.find()\n\
         db.siswa_v.countDocuments()\n\
         db.siswa_v.insertOne({ _id: 2 })\n\
         db.siswa_v.drop()\n\
         show collections",
    );
    let expected = "switched to db uji\n\
         { acknowledged: true, insertedId: 1 }\n\
         { ok: 1 }\n\
         siswa\n\
         siswa_v       [view]\n\
         system.views\n\
         [\n  {\n    name: 'siswa_v',\n    type: 'view',\n    options: {\n      viewOn: 'siswa',\n      pipeline: [ { '$project': { n: 1 } } ]\n    },\n    info: { readOnly: true }\n  }\n]\n\
         [ { _id: 1, n: 1 } ]\n\
         1\n";
    assert!(out.starts_with(expected), "{out}");
    let rest: Vec<&str> = out[expected.len()..].lines().collect();
    assert_eq!(
        rest[0],
        "MongoServerError[CommandNotSupportedOnView]: Namespace uji.siswa_v is a view, not a collection",
        "{out}"
    );
    assert_eq!(rest[1..], ["true", "siswa", "system.views"], "{out}");
}

fn lookup_of(from: &str) -> Document {
    doc! { "$lookup": { "from": from, "as": "as", "localField": "l", "foreignField": "f" } }
}

fn create_code(engine: &mut Engine, name: &str, on: &str, pipeline: Vec<Document>) -> i32 {
    fail(
        engine,
        doc! { "create": name, "viewOn": on, "pipeline": pipeline },
    )
    .code
}

#[test]
fn every_collection_a_pipeline_reads_is_part_of_the_graph() {
    let mut e = Engine::new();
    let facet = doc! { "$facet": { "k": [lookup_of("a")] } };
    let nested = doc! { "$lookup": { "from": "c", "as": "as", "pipeline": [lookup_of("a")] } };
    for stage in [lookup_of("a"), facet, nested] {
        assert_eq!(
            create_code(&mut e, "a", "b", vec![stage.clone()]),
            5,
            "{stage}"
        );
    }
    create_view(&mut e, "a", "b", vec![]);
    assert_eq!(create_code(&mut e, "b", "c", vec![lookup_of("a")]), 5);
}

#[test]
fn the_depth_bound_counts_the_views_above_and_below() {
    let mut e = Engine::new();
    // v1 reads v2 five times, v2 reads v3 ..., down to v21, which is no view:
    // each level is measured once, not five to the twentieth times.
    for i in 1..=20 {
        let child = format!("v{}", i + 1);
        let facet = doc! { "$facet": { "k": [lookup_of(&child)] } };
        let nested =
            doc! { "$lookup": { "from": "c", "as": "as", "pipeline": [lookup_of(&child)] } };
        create_view(
            &mut e,
            &format!("v{i}"),
            &child,
            vec![lookup_of(&child), facet, nested, lookup_of(&child)],
        );
    }
    assert_eq!(create_code(&mut e, "v21", "v22", vec![]), 149);
    assert_eq!(create_code(&mut e, "v0", "v1", vec![]), 149);
    assert_eq!(create_code(&mut e, "v0", "ok", vec![lookup_of("v1")]), 149);
    // In the middle the chain stays within twenty.
    create_view(&mut e, "vMid", "v10", vec![]);
}

#[test]
fn a_pipeline_that_does_not_parse_is_no_view() {
    let mut e = Engine::new();
    let no_as = doc! { "$lookup": { "from": "a", "localField": "b", "foreignField": "c" } };
    assert_eq!(create_code(&mut e, "a", "b", vec![no_as]), 9);
    let out = doc! { "$out": "x" };
    let in_lookup = doc! { "$lookup": { "from": "o", "pipeline": [out.clone()], "as": "r" } };
    let err = fail(
        &mut e,
        doc! { "create": "a", "viewOn": "b", "pipeline": [in_lookup] },
    );
    assert_eq!(
        (err.code, err.message.as_str()),
        (
            51047,
            "$out is not allowed to be used within a $lookup stage"
        )
    );
    let in_facet = doc! { "$facet": { "o": [out] } };
    assert_eq!(create_code(&mut e, "a", "b", vec![in_facet]), 40600);
    assert!(collection_infos(&mut e).is_empty());
}

#[test]
fn system_names_are_not_for_views() {
    let mut e = Engine::new();
    let err = fail(
        &mut e,
        doc! { "create": "system.views", "viewOn": "c", "pipeline": [] },
    );
    assert_eq!(
        (err.code, err.message.as_str()),
        (
            73,
            "Cannot create a view called 'system.views': this is a reserved system namespace"
        )
    );
    assert_eq!(create_code(&mut e, "system.lain", "c", vec![]), 73);
}

#[test]
fn coll_mod_of_a_view_takes_only_its_own_options() {
    let mut e = students_with_view();
    let err = fail(&mut e, doc! { "collMod": "v", "expireAfterSeconds": 1 });
    assert_eq!(
        (err.code, err.message.as_str()),
        (72, "option not supported on a view: expireAfterSeconds")
    );
    let err = fail(
        &mut e,
        doc! { "collMod": "v", "viewOn": "s", "pipeline": { "0": { "$limit": 7 } } },
    );
    assert_eq!(err.code, 14);
    assert_eq!(
        err.message,
        "BSON field 'collMod.pipeline' is the wrong type 'object', expected type 'array'"
    );
    let err = fail(&mut e, doc! { "collMod": "v", "viewOn": "v" });
    assert_eq!(err.code, 5);
    assert_eq!(ids(&find(&mut e, doc! { "find": "v" })), vec![2, 3, 4, 5]);
}

#[test]
fn find_options_an_aggregation_lacks_fail_on_a_view() {
    let mut e = students_with_view();
    for (command, message) in [
        (
            doc! { "find": "v", "sort": { "$natural": 1 } },
            "Sort option $natural not supported in aggregation.",
        ),
        (
            doc! { "find": "v", "noCursorTimeout": true },
            "Option noCursorTimeout not supported in aggregation.",
        ),
        (
            doc! { "find": "v", "readOnce": true },
            "Option readOnce not supported in aggregation.",
        ),
        (
            doc! { "find": "v", "singleBatch": true, "limit": 2 },
            "Option singleBatch not supported in aggregation.",
        ),
    ] {
        let err = fail(&mut e, command.clone());
        assert_eq!(
            (err.code, err.message.as_str()),
            (168, message),
            "{command}"
        );
    }
    // findOne: one document in a single batch.
    let reply = run(
        &mut e,
        doc! { "find": "v", "filter": { "kota": "Medan" }, "singleBatch": true, "limit": 1 },
    );
    assert_eq!(ids(&first_batch(&reply)), vec![3]);
    assert_eq!(reply.get_document("cursor").unwrap().get_i64("id"), Ok(0));
}

/// A find on a view becomes an aggregation whose `$project` takes no find-only
/// projection syntax: the server's `$project` parse errors, before any read.
#[test]
fn a_find_on_a_view_refuses_find_only_projection_syntax() {
    let mut e = students_with_view();
    let mut refused = |projection: Document| {
        let err = fail(
            &mut e,
            doc! { "find": "v", "filter": { "n": 2 }, "projection": projection },
        );
        (err.code, err.message)
    };
    let invalid = |text: &str| format!("Invalid $project :: caused by :: {text}");
    assert_eq!(
        refused(doc! { "kota.$": 1 }),
        (
            31324,
            invalid("Cannot use positional projection in aggregation projection")
        )
    );
    assert_eq!(
        refused(doc! { "kota": { "$elemMatch": { "$eq": "Bandung" } } }),
        (31325, invalid("Unknown expression $elemMatch"))
    );
    let (code, message) = refused(doc! { "kota": { "$slice": 1 } });
    assert_eq!(code, 16020, "{message}");
    assert!(
        message.ends_with("Expression $slice takes at least 2 arguments, and 1 were passed in."),
        "{message}"
    );
    // `$slice: [skip, limit]` is the expression's (array, n) form: a number is no array.
    let (code, message) = refused(doc! { "kota": { "$slice": [1, 1] } });
    assert_eq!(code, 28724, "{message}");
    // The same projections work on the collection itself.
    let found = find(
        &mut e,
        doc! { "find": "s", "filter": { "n": 2 }, "projection": { "kota": { "$slice": 1 } } },
    );
    assert_eq!(ids(&found), [2]);
    // An aggregation projection still works on the view.
    let found = find(
        &mut e,
        doc! { "find": "v", "filter": {}, "projection": { "_id": 0, "dua": { "$multiply": ["$n", 2] } } },
    );
    assert_eq!(found.first(), Some(&doc! { "dua": 4 }));
}
