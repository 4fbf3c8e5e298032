//! Tests of the Rust-facing `Shell` API the course relies on.

use super::{Shell, ShellOptions};

fn shell_with_students() -> Shell {
    let mut shell = Shell::new(ShellOptions::default());
    shell.use_db("kampus");
    let docs = (0..5)
        .map(|i| bson::doc! { "_id": i, "nim": format!("M{i}"), "kelas": i % 2 })
        .collect();
    shell
        .load_collection("kampus", "mahasiswa", docs)
        .expect("loading documents");
    shell.take_plan_log();
    shell
}

fn stages(shell: &mut Shell) -> Vec<(String, Option<String>)> {
    shell
        .take_plan_log()
        .into_iter()
        .map(|plan| (plan.stage, plan.index))
        .collect()
}

#[test]
fn query_without_index_logs_collscan() {
    let mut shell = shell_with_students();
    shell.run_script("db.mahasiswa.find({ nim: 'M3' })");
    let plans = shell.take_plan_log();
    assert_eq!(plans.len(), 1, "{plans:?}");
    assert_eq!(plans[0].stage, "COLLSCAN");
    assert_eq!(plans[0].ns, "kampus.mahasiswa");
    assert_eq!(plans[0].docs_examined, 5);
    assert_eq!(plans[0].n_returned, 1);
}

#[test]
fn query_after_create_index_logs_ixscan() {
    let mut shell = shell_with_students();
    shell.run_script("db.mahasiswa.createIndex({ nim: 1 })");
    shell.take_plan_log();
    shell.run_script("db.mahasiswa.find({ nim: 'M3' })");
    assert_eq!(
        stages(&mut shell),
        vec![("IXSCAN".to_string(), Some("nim_1".to_string()))]
    );
}

#[test]
fn plan_log_is_emptied_by_taking_it() {
    let mut shell = shell_with_students();
    shell.run_script("db.mahasiswa.find({ kelas: 1 }).toArray()");
    assert!(!shell.take_plan_log().is_empty());
    assert!(shell.take_plan_log().is_empty());
}

fn output_of(source: &str) -> String {
    Shell::new(ShellOptions::default()).run_script(source)
}

#[test]
fn thrown_errors_print_through_the_printer() {
    assert_eq!(output_of("throw 'teks'"), "Error: teks\n");
    assert_eq!(
        output_of("throw new Error('x', { cause: new TypeError('y') })"),
        "Uncaught:\nError: x\nCaused by: \nTypeError: y\n"
    );
}

#[test]
fn syntax_errors_end_with_one_empty_line() {
    let text = output_of("foo)");
    assert!(text.starts_with("Uncaught:\nSyntaxError: Missing semicolon. (1:3)\n\n"));
    assert!(
        text.ends_with("  2 |\n\n") && !text.ends_with("\n\n\n"),
        "{text:?}"
    );
}

#[test]
fn cursor_batches_stop_at_twenty_and_offer_more() {
    let text = output_of("for (let i = 0; i < 25; i++) db.c.insertOne({ _id: i })\ndb.c.find()");
    assert!(
        text.ends_with("{ _id: 19 }\n]\nType \"it\" for more\n"),
        "{text}"
    );
}

#[test]
fn lone_surrogates_print_escaped_inside_quotes() {
    assert_eq!(output_of("({ s: 'a\\ud800b' })"), "{ s: 'a\\ud800b' }\n");
    assert_eq!(output_of("['\\udfff']"), "[ '\\udfff' ]\n");
    assert_eq!(output_of("({ s: '\\ud83d\\ude00' })"), "{ s: '😀' }\n");
}

#[test]
fn print_joins_its_arguments_with_strings_raw() {
    assert_eq!(output_of("print('a', 1, { b: 'c' })"), "a 1 { b: 'c' }\n\n");
}

#[test]
fn shell_inserts_and_upserts_share_the_seeded_counter() {
    let seed = [
        0x6a, 0xe8, 0x99, 0x2e, 0xf7, 0x1c, 0xe5, 0x01, 0x6d, 0x8d, 0xe6, 0x66,
    ];
    let mut shell = Shell::new(ShellOptions {
        objectid_seed: Some(seed),
        ..ShellOptions::default()
    });
    let text = shell.run_script(
        "db.c.insertOne({ a: 1 }).insertedId\n\
         db.c.updateOne({ b: 1 }, { $set: { c: 1 } }, { upsert: true }).insertedId\n\
         new ObjectId()",
    );
    let expected = "ObjectId('6ae8992ef71ce5016d8de666')\n\
                    ObjectId('6ae8992ef71ce5016d8de667')\n\
                    ObjectId('6ae8992ef71ce5016d8de668')\n";
    assert_eq!(text, expected);
}

#[test]
fn a_caught_panic_is_counted_and_the_session_goes_on() {
    let mut shell = Shell::new(ShellOptions::default());
    shell.inject_panic(|unit| unit.starts_with("const boom"));
    let outputs = shell.run_statements("const boom = 1\n1 + 1");
    assert_eq!(outputs.len(), 2, "{outputs:?}");
    assert!(outputs[0].is_error, "{outputs:?}");
    assert_eq!(outputs[1].text, "2");
    assert_eq!(shell.caught_panics(), 1);
    // The panicking unit never ran, so `boom` was not declared.
    assert_eq!(shell.run_script("typeof boom"), "undefined\n");
    assert_eq!(shell.caught_panics(), 1);
}

#[test]
fn no_panic_is_counted_without_one() {
    let mut shell = Shell::new(ShellOptions::default());
    shell.run_script("throw new Error('x')\nwhile (true) {}\nfoo)");
    assert_eq!(shell.caught_panics(), 0);
}

#[test]
fn into_engines_hands_over_what_the_session_loaded_and_wrote() {
    let mut shell = shell_with_students();
    shell.run_script("db.mahasiswa.insertOne({ _id: 9, nim: 'M9' })");
    let table = serde_json::json!({
        "TableName": "Tes",
        "KeySchema": [{ "AttributeName": "k", "KeyType": "HASH" }],
        "AttributeDefinitions": [{ "AttributeName": "k", "AttributeType": "S" }],
        "BillingMode": "PAY_PER_REQUEST"
    });
    shell.dynamo_execute("CreateTable", table).expect("table");
    let mut engines = shell.into_engines();
    let docs = engines.mongo.collection_documents("kampus", "mahasiswa");
    assert_eq!(docs.len(), 6, "{docs:?}");
    assert_eq!(engines.dynamo.table_names(), vec!["Tes".to_string()]);
    let reply = engines.dynamo.execute(
        "PutItem",
        serde_json::json!({ "TableName": "Tes", "Item": { "k": { "S": "a" } } }),
    );
    assert!(reply.is_ok(), "{reply:?}");
}

#[test]
fn a_database_keeps_one_collection_per_name_as_mongosh_does() {
    let mut shell = shell_with_students();
    let out = shell.run_script(
        "db.mahasiswa === db.mahasiswa\ndb.mahasiswa === db.getCollection('mahasiswa')\ndb.mahasiswa === db.dosen",
    );
    assert_eq!(out, "true\ntrue\nfalse\n");
}

#[test]
fn a_cursor_shows_no_own_keys_and_still_reads_its_batches() {
    let mut shell = shell_with_students();
    let out = shell.run_script(
        "const c = db.mahasiswa.find({}, { _id: 1 }).sort({ _id: -1 }).batchSize(2).map((d) => d._id)\nObject.keys(c).length\nc.toArray().join(',')\nc.hasNext()",
    );
    assert_eq!(out, "\n0\n4,3,2,1,0\nfalse\n");
}

#[test]
fn options_left_undefined_never_reach_the_server() {
    let mut shell = shell_with_students();
    let out = shell.run_script(
        "db.mahasiswa.updateOne({ _id: 1 }, { $set: { x: 1 } }, { upsert: undefined, hint: undefined }).matchedCount\ndb.mahasiswa.countDocuments({ kelas: 1 }, { skip: undefined, limit: undefined })",
    );
    assert_eq!(out, "1\n2\n");
}

#[test]
fn shells_on_one_thread_share_the_prelude_code_but_not_its_objects() {
    let mut first = shell_with_students();
    let out = first.run_script(
        "ObjectId.prototype.tambahan = 5\nArray.prototype.x = 1\nObjectId.tandai = true\nObjectId().tambahan",
    );
    assert_eq!(out, "5\n1\ntrue\n5\n");
    let mut second = shell_with_students();
    let out = second
        .run_script("[typeof ObjectId().tambahan, typeof [].x, typeof ObjectId.tandai].join()");
    assert_eq!(out, "undefined,undefined,undefined\n");
}

/// What the prelude builds comes from the shell's own realm, on any thread.
fn own_realm_checks() -> String {
    let mut shell = shell_with_students();
    shell.run_script(
        "db.mahasiswa.find().toArray() instanceof Array\ndb.mahasiswa.findOne() instanceof Object\n(() => { try { db.mahasiswa.insertOne({ _id: 1 }); return 'diterima'; } catch (e) { return e instanceof Error; } })()",
    )
}

#[test]
fn prelude_objects_belong_to_the_shells_own_realm() {
    let expected = "true\ntrue\ntrue\n";
    assert_eq!(own_realm_checks(), expected);
    assert_eq!(own_realm_checks(), expected);
    let other_thread = std::thread::spawn(own_realm_checks).join();
    assert_eq!(other_thread.ok().as_deref(), Some(expected));
}

#[test]
fn a_script_declaring_global_lexical_bindings_is_not_shared_across_realms() {
    let mut ctx = boa_engine::Context::default();
    assert!(super::compiled::eval(&mut ctx, "const tetap = 1;").is_err());
    assert!(super::compiled::eval(&mut ctx, "(() => 1)();").is_ok());
}

#[test]
fn call_json_passes_its_arguments_as_javascript_values() {
    let mut shell = shell_with_students();
    let records = serde_json::json!([{ "nim": "M9", "alamat": { "kota": "Bogor" }, "sks": 3 }]);
    let stored = shell.call_json(
        "(xs) => { db.mahasiswa.insertMany(xs); return db.mahasiswa.findOne({ nim: 'M9' }, { _id: 0 }); }",
        &[records],
    );
    let expected = serde_json::json!({ "nim": "M9", "alamat": { "kota": "Bogor" }, "sks": 3 });
    assert_eq!(stored, Ok(expected));
    let typed = shell.call_json(
        "(n, s) => typeof n + ' ' + typeof s",
        &[3.into(), "x".into()],
    );
    assert_eq!(typed, Ok(serde_json::json!("number string")));
}

#[test]
fn call_json_reports_what_was_thrown_and_what_is_not_a_function() {
    let mut shell = shell_with_students();
    let thrown = shell.call_json("(x) => { throw new Error('rusak ' + x); }", &[1.into()]);
    assert!(
        thrown.as_ref().is_err_and(|e| e.contains("rusak 1")),
        "{thrown:?}"
    );
    let not_callable = shell.call_json("({})", &[]);
    assert!(
        not_callable
            .as_ref()
            .is_err_and(|e| e.contains("is not a function")),
        "{not_callable:?}"
    );
}

/// Each line as mongosh 2.4.2 `--nodb` prints it when typed alone, one after another.
fn typed_lines(lines: &[&str]) -> Vec<String> {
    let mut shell = Shell::new(ShellOptions::default());
    lines.iter().map(|l| shell.run_script(l)).collect()
}

#[test]
fn classes_print_as_mongosh_names_them() {
    let lines = ["class A {}", "class B extends A {}", "B", "A"];
    let want = [
        "[class A]\n",
        "[Function: B]\n",
        "[Function: B]\n",
        "[class A]\n",
    ];
    assert_eq!(typed_lines(&lines), want);
}

#[test]
fn functions_and_classes_print_their_own_properties_as_mongosh_does() {
    let lines = [
        "function f() {}; f.x = 1; f",
        "class P { static x = 1 }",
        "class Q { static m() {} }",
        "function g() {}; g.a = { b: [1, 2] }; g.s = 't'; g",
        "const h = () => 1; h.k = 2; h",
        "f.self = f; f",
        "ObjectId",
    ];
    let want = [
        "[Function: f] { x: 1 }\n",
        "[class P] { x: 1 }\n",
        "[class Q]\n",
        "[Function: g] { a: { b: [ 1, 2 ] }, s: 't' }\n",
        "[Function: h] { k: 2 }\n",
        "<ref *1> [Function: f] { x: 1, self: [Circular *1] }\n",
        "[Function: ObjectId]\n",
    ];
    assert_eq!(typed_lines(&lines), want);
}

#[test]
fn declarations_print_as_the_unit_s_value_as_mongosh_prints_them() {
    let lines = [
        "class A {}; class B {}",
        "let x1 = 1; function g() {}",
        "class A1 {}; let y1 = 2",
        "class A2 {}; 5; class B2 {}",
        "function* gen() {}",
        "var q = 1; async function* ag() {}",
        "async function am() {}",
        "[gen, am]",
        "class E {}; if (true) { 7 }",
    ];
    let want = [
        "[class B]\n",
        "[Function: g]\n",
        "[class A1]\n",
        "[class B2]\n",
        "[GeneratorFunction: gen]\n",
        "[AsyncGeneratorFunction: ag]\n",
        "[AsyncFunction: am]\n",
        "[ [GeneratorFunction: gen], [AsyncFunction: am] ]\n",
        "7\n",
    ];
    assert_eq!(typed_lines(&lines), want);
}

#[test]
fn cycles_get_their_ref_markers_as_mongosh_prints_them() {
    let lines = [
        "const o = {a: 1}; o.self = o; o",
        "const p = {x: {}}; p.x.back = p; p.x.me = p.x; p",
        "const arr = [1]; arr.push(arr); arr",
        "const q = {list: []}; q.list.push(q); [q]",
        "const m = {}; m.a = {b: m}; m.c = m.a; m",
    ];
    let want = [
        "<ref *1> { a: 1, self: [Circular *1] }\n",
        "<ref *1> { x: <ref *2> { back: [Circular *1], me: [Circular *2] } }\n",
        "<ref *1> [ 1, [Circular *1] ]\n",
        "[ <ref *1> { list: [ [Circular *1] ] } ]\n",
        "<ref *1> { a: { b: [Circular *1] }, c: { b: [Circular *1] } }\n",
    ];
    assert_eq!(typed_lines(&lines), want);
}

#[test]
fn a_dbref_prints_and_round_trips_as_mongosh_shows_it() {
    let lines = [
        "DBRef('c', ObjectId('665f0c1e8a3b2d0012a4c109'))",
        "new DBRef('c', 5, 'kampus')",
        "db.r.insertOne({ _id: 1, ke: DBRef('c', 5) }).acknowledged",
        "db.r.findOne().ke",
    ];
    let want = [
        "DBRef('c', ObjectId('665f0c1e8a3b2d0012a4c109'))\n",
        "DBRef('c', 5, 'kampus')\n",
        "true\n",
        "DBRef('c', 5)\n",
    ];
    assert_eq!(typed_lines(&lines), want);
}
