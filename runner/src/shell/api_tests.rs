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
