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

// ---- chapter quizzes ------------------------------------------------------------------

use kursus::course::quiz::file::{Kind, Question};
use kursus::course::quiz::{self, judge, reveal};

/// What a learner types to answer `q` rightly, from the quiz file.
fn right_input(q: &Question) -> String {
    match &q.kind {
        Kind::Tebak { keluaran, .. } => keluaran.clone(),
        Kind::Isian { jawaban, .. } => jawaban[0].to_uppercase(),
        _ => letters(judge::right_options(q)),
    }
}

/// A wrong answer: the options not right (or the first when all are), or other text.
fn wrong_input(q: &Question) -> String {
    let count = judge::option_count(q);
    if count == 0 {
        return "jawaban yang keliru".to_string();
    }
    let right = judge::right_options(q);
    let others: std::collections::BTreeSet<usize> =
        (0..count).filter(|i| !right.contains(i)).collect();
    letters(if others.is_empty() {
        [0].into()
    } else {
        others
    })
}

fn letters(chosen: std::collections::BTreeSet<usize>) -> String {
    let letters: Vec<String> = chosen
        .into_iter()
        .map(|i| judge::letter(i).to_string())
        .collect();
    letters.join(",")
}

fn quiz_call(api: &mut Api, s: u64, op: &str, bab: &str, more: Value) -> Value {
    let mut request = json!({ "op": op, "session": s, "bab": bab });
    request
        .as_object_mut()
        .unwrap()
        .extend(more.as_object().unwrap().clone());
    ok(api, request)
}

#[test]
fn quiz_answers_are_judged_and_scored_as_the_terminal_judges_them() {
    let (mut api, _dir) = course_api();
    let course = crate::bundle::course().unwrap();
    for lesson in &course.lessons {
        let bab = &lesson.file.id;
        let asked = quiz::questions(&course, bab);
        assert!(!asked.is_empty(), "{bab} has a quiz");
        let s = open(&mut api, json!({ "op": "open", "bab": bab }));
        for (n, a) in asked.iter().enumerate() {
            let soal = json!({ "soal": a.full_id() });
            for (input, right) in [
                (wrong_input(a.question), false),
                (right_input(a.question), true),
            ] {
                let more = json!({ "soal": a.full_id(), "jawaban": input });
                let answer = quiz_call(&mut api, s, "quiz_answer", bab, more);
                let judged = judge::judge(a.question, &input).unwrap();
                assert_eq!(answer["benar"], right, "{soal} {input}");
                assert_eq!(answer["umpan"], json!(judged.notes), "{soal} {input}");
                assert_eq!(answer["dihitung"], true);
                let score = json!({ "benar": n + usize::from(right), "jumlah": asked.len(),
                    "teks": kursus::pesan::kuis::nilai(n + usize::from(right), asked.len()) });
                assert_eq!(answer["nilai"], score, "{soal}");
            }
        }
    }
}

#[test]
fn no_answer_is_not_counted_and_an_unknown_question_is_refused() {
    let (mut api, _dir) = course_api();
    let course = crate::bundle::course().unwrap();
    let bab = course.lessons[0].file.id.clone();
    let first = quiz::questions(&course, &bab)[0].full_id();
    let s = open(&mut api, json!({ "op": "open", "bab": bab }));
    let empty = quiz_call(
        &mut api,
        s,
        "quiz_answer",
        &bab,
        json!({ "soal": first, "jawaban": " " }),
    );
    assert_eq!(empty["dihitung"], false);
    assert_eq!(empty["umpan"], json!([kursus::pesan::kuis::JAWABAN_KOSONG]));
    let state = quiz_call(&mut api, s, "quiz_state", &bab, json!({}));
    assert_eq!(state["salah"], json!([]));
    let unknown =
        json!({ "op": "quiz_answer", "session": s, "bab": bab, "soal": "x/y", "jawaban": "a" });
    assert_eq!(call(&mut api, unknown)["ok"], false);
}

#[test]
fn shown_answers_end_the_counting_and_the_state_survives_a_new_module() {
    let (mut api, dir) = course_api();
    let course = crate::bundle::course().unwrap();
    let bab = course.lessons[1].file.id.clone();
    let asked = quiz::questions(&course, &bab);
    let s = open(&mut api, json!({ "op": "open", "bab": bab }));
    let (one, two) = (&asked[0], &asked[1]);
    let answer = |q: &Question, right| {
        if right {
            right_input(q)
        } else {
            wrong_input(q)
        }
    };
    quiz_call(
        &mut api,
        s,
        "quiz_answer",
        &bab,
        json!({ "soal": one.full_id(), "jawaban": answer(one.question, true) }),
    );
    quiz_call(
        &mut api,
        s,
        "quiz_answer",
        &bab,
        json!({ "soal": two.full_id(), "jawaban": answer(two.question, false) }),
    );
    let state = quiz_call(&mut api, s, "quiz_state", &bab, json!({}));
    assert_eq!(state["benar"], json!([one.full_id()]));
    assert_eq!(state["salah"], json!([two.full_id()]));
    assert_eq!(
        state["umpan"][one.full_id()],
        json!([kursus::pesan::kuis::BENAR])
    );
    assert_eq!(
        (state["dilihat"].clone(), state["jawaban"].clone()),
        (json!(false), Value::Null)
    );
    let shown = quiz_call(&mut api, s, "quiz_reveal", &bab, json!({}));
    let lines: Vec<Value> = asked
        .iter()
        .map(|a| json!({ "soal": a.full_id(), "baris": reveal::answer(a.question) }))
        .collect();
    assert_eq!(shown["jawaban"], json!(lines));
    let late = quiz_call(
        &mut api,
        s,
        "quiz_answer",
        &bab,
        json!({ "soal": two.full_id(), "jawaban": answer(two.question, true) }),
    );
    assert_eq!(
        (late["dihitung"].clone(), late["nilai"]["benar"].clone()),
        (json!(false), json!(1))
    );
    // A page loaded again starts a new module on the progress it kept.
    let progress = ok(&mut api, json!({ "op": "progress" }))["json"].clone();
    let other = tempfile::tempdir().unwrap();
    let mut again = Api::with_data_dir(other.path().to_path_buf());
    ok(&mut again, json!({ "op": "import", "json": progress }));
    let s = open(&mut again, json!({ "op": "open", "bab": bab }));
    let state = quiz_call(&mut again, s, "quiz_state", &bab, json!({}));
    assert_eq!(
        (state["dilihat"].clone(), state["jawaban"].clone()),
        (json!(true), json!(lines))
    );
    assert_eq!(state["nilai"]["benar"], 1);
    drop(dir);
}

#[test]
fn a_session_opened_before_a_quiz_answer_does_not_save_over_it() {
    let (mut api, _dir) = course_api();
    let course = crate::bundle::course().unwrap();
    let exercise = course.exercises().next().unwrap();
    let bab = exercise.lesson.file.id.clone();
    let first = quiz::questions(&course, &bab)[0];
    let panel = open(
        &mut api,
        json!({ "op": "open", "latihan": exercise.full_id() }),
    );
    let s = open(&mut api, json!({ "op": "open", "bab": bab }));
    let more = json!({ "soal": first.full_id(), "jawaban": right_input(first.question) });
    quiz_call(&mut api, s, "quiz_answer", &bab, more);
    output(&mut api, panel, ".petunjuk");
    let progress = ok(&mut api, json!({ "op": "progress" }))["json"].clone();
    let parsed: Value = serde_json::from_str(progress.as_str().unwrap()).unwrap();
    assert_eq!(
        parsed["kuis"][&bab]["benar"],
        json!([first.full_id()]),
        "{parsed}"
    );
    assert_eq!(parsed["petunjuk"][exercise.full_id()], 1, "{parsed}");
}
