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
