use super::*;
use kursus::shell::{Shell, ShellOptions};

fn call(api: &mut Api, request: Value) -> Value {
    let bytes = api.call_bytes(request.to_string().as_bytes());
    serde_json::from_slice(&bytes).expect("the answer is JSON")
}

fn ok(api: &mut Api, request: Value) -> Value {
    let answer = call(api, request);
    assert_eq!(answer["ok"], true, "{answer}");
    answer
}

fn open(api: &mut Api, request: Value) -> u64 {
    ok(api, request)["session"].as_u64().expect("a session id")
}

fn run(api: &mut Api, session: u64, entry: &str) -> Value {
    ok(
        api,
        json!({ "op": "run", "session": session, "entry": entry }),
    )["entry"]
        .clone()
}

fn output(api: &mut Api, session: u64, entry: &str) -> String {
    run(api, session, entry)["output"]
        .as_str()
        .expect("an output")
        .to_string()
}

fn course_api() -> (Api, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    (Api::with_data_dir(dir.path().to_path_buf()), dir)
}

fn design_exercise() -> (String, String) {
    let course = crate::bundle::course().expect("the bundled course");
    let e = course
        .exercises()
        .find(|e| e.exercise.design().is_some())
        .expect("a design exercise");
    (e.full_id(), e.exercise.solusi.clone())
}

#[test]
fn a_plain_session_prints_as_the_native_shell() {
    let mut api = Api::new();
    let s = open(&mut api, json!({ "op": "open" }));
    let code = "use kampus\ndb.m.insertOne({ _id: 1 }); db.m.findOne()\n";
    let mut shell = Shell::new(ShellOptions::default());
    let expected: String = kursus::shell::split::split_units(code)
        .iter()
        .map(|u| shell.run_unit(u).render(true))
        .collect();
    let got = output(&mut api, s, "use kampus")
        + &output(&mut api, s, "db.m.insertOne({ _id: 1 }); db.m.findOne()");
    assert_eq!(got, expected);
}

#[test]
fn lines_are_gathered_into_entries_as_the_terminal_does() {
    let mut api = Api::new();
    let s = open(&mut api, json!({ "op": "open" }));
    let first = ok(
        &mut api,
        json!({ "op": "line", "session": s, "line": "if (true)" }),
    );
    assert_eq!(first["entry"], Value::Null);
    assert_eq!(first["prompt"], "... ");
    let second = ok(
        &mut api,
        json!({ "op": "line", "session": s, "line": "print(1)" }),
    );
    assert_eq!(second["entry"]["entry"], "if (true)\nprint(1)");
    assert_eq!(second["entry"]["output"], "1\n\n");
    assert_eq!(second["prompt"], "test> ");
}

#[test]
fn spans_join_to_the_output_and_tell_errors_apart() {
    let mut api = Api::new();
    let s = open(&mut api, json!({ "op": "open" }));
    let done = run(&mut api, s, "1\nnope\n2");
    let spans = done["spans"].as_array().expect("spans");
    let joined: String = spans.iter().map(|s| s["text"].as_str().unwrap()).collect();
    assert_eq!(joined, done["output"].as_str().unwrap());
    let classes: Vec<&str> = spans.iter().map(|s| s["class"].as_str().unwrap()).collect();
    assert_eq!(classes, ["output", "error", "output"]);
}

#[test]
fn an_exercise_session_starts_on_its_dataset() {
    let (mut api, _dir) = course_api();
    let course = crate::bundle::course().unwrap();
    let exercise = course
        .exercises()
        .find(|e| !e.lesson.utama.collections.is_empty())
        .expect("a lesson with collections");
    let collection = &exercise.lesson.utama.collections[0];
    let opened = ok(
        &mut api,
        json!({ "op": "open", "latihan": exercise.full_id() }),
    );
    assert!(opened["greeting"]
        .as_str()
        .unwrap()
        .contains(&exercise.exercise.judul));
    let s = opened["session"].as_u64().unwrap();
    let count = output(
        &mut api,
        s,
        &format!("db.{}.countDocuments()", collection.name),
    );
    assert_eq!(count, format!("{}\n", collection.docs.len()));
}

#[test]
fn the_reference_answer_passes_and_progress_is_exported() {
    let (mut api, _dir) = course_api();
    let course = crate::bundle::course().unwrap();
    let e = course
        .exercises()
        .find(|e| e.exercise.design().is_none())
        .expect("a query exercise");
    let s = open(&mut api, json!({ "op": "open", "latihan": e.full_id() }));
    output(&mut api, s, &e.exercise.solusi);
    let verdict = run(&mut api, s, ".periksa");
    assert_eq!(verdict["spans"][0]["class"], "course");
    let progress = ok(&mut api, json!({ "op": "progress", "session": s }));
    let stored = ok(&mut api, json!({ "op": "progress" }));
    assert_eq!(progress["json"], stored["json"]);
    let parsed: Value = serde_json::from_str(progress["json"].as_str().unwrap()).unwrap();
    assert_eq!(parsed["selesai"], json!([e.full_id()]), "{verdict}");
}

#[test]
fn a_design_model_given_as_text_is_graded() {
    let (mut api, _dir) = course_api();
    let (id, reference) = design_exercise();
    let s = open(&mut api, json!({ "op": "open", "latihan": id }));
    let starter = ok(&mut api, json!({ "op": "model", "session": s }));
    assert!(!starter["text"].as_str().unwrap().is_empty());
    let failed = output(&mut api, s, ".periksa");
    ok(
        &mut api,
        json!({ "op": "model", "session": s, "text": reference }),
    );
    let passed = output(&mut api, s, ".periksa");
    assert_ne!(failed, passed);
    let progress = ok(&mut api, json!({ "op": "progress", "session": s }));
    assert!(progress["json"].as_str().unwrap().contains(&id), "{passed}");
}

#[test]
fn an_import_merges_into_the_open_session() {
    let (mut api, _dir) = course_api();
    let (id, _) = design_exercise();
    let s = open(&mut api, json!({ "op": "open", "kursus": true }));
    let other = format!(r#"{{"format_version":2,"selesai":["{id}"],"petunjuk":{{"{id}":2}}}}"#);
    let answer = ok(
        &mut api,
        json!({ "op": "import", "session": s, "json": other }),
    );
    assert_eq!(answer["message"], kursus::pesan::impor_selesai(1, 1, 0));
    let again = ok(
        &mut api,
        json!({ "op": "import", "session": s, "json": other }),
    );
    assert_eq!(again["message"], kursus::pesan::impor_selesai(0, 0, 0));
    let newer = call(
        &mut api,
        json!({ "op": "import", "json": r#"{"format_version":9}"# }),
    );
    assert_eq!(newer["error"], kursus::pesan::IMPOR_VERSI_LAIN);
    let stored = ok(&mut api, json!({ "op": "progress" }));
    assert!(stored["json"].as_str().unwrap().contains(&id));
}

#[test]
fn an_unknown_exercise_is_an_error_not_a_session() {
    let (mut api, _dir) = course_api();
    let answer = call(
        &mut api,
        json!({ "op": "open", "latihan": "tidak-ada/latihan" }),
    );
    assert_eq!(answer["ok"], false);
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("tidak-ada/latihan"));
}

#[test]
fn entries_are_complete_as_the_repl_decides() {
    assert!(!is_complete_entry("if (true)"));
    assert!(is_complete_entry("if (true)\nprint(1)"));
    assert!(is_complete_entry("({ a: 1 ]"));
    assert!(is_complete_entry("use kampus"));
    assert!(is_complete_entry(".periksa"));
    assert!(!is_complete_entry("   "));
    assert!(!is_complete_entry("db.m.find({"));
}

#[test]
fn closed_and_unknown_sessions_are_refused() {
    let mut api = Api::new();
    let s = open(&mut api, json!({ "op": "open" }));
    ok(&mut api, json!({ "op": "close", "session": s }));
    let answer = call(&mut api, json!({ "op": "run", "session": s, "entry": "1" }));
    assert_eq!(answer["ok"], false);
    assert_eq!(call(&mut api, json!({ "op": "nope" }))["ok"], false);
    assert_eq!(api.call_bytes(b"not json")[..12], br#"{"ok":false,"#[..]);
    let plain = open(&mut api, json!({ "op": "open" }));
    assert_eq!(
        call(&mut api, json!({ "op": "progress", "session": plain }))["ok"],
        false
    );
}

#[test]
fn exit_ends_the_session() {
    let mut api = Api::new();
    let s = open(&mut api, json!({ "op": "open" }));
    assert_eq!(
        ok(
            &mut api,
            json!({ "op": "run", "session": s, "entry": "exit" })
        )["quit"],
        true
    );
}
