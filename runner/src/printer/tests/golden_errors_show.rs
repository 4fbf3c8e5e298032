//! Error texts and `show dbs`, from the goldens that exercise them.

use super::*;
use crate::printer::{format_error, format_show_dbs, ErrorInfo};

fn error(name: &str, message: &str) -> ErrorInfo {
    ErrorInfo {
        name: name.to_string(),
        message: message.to_string(),
        ..ErrorInfo::default()
    }
}

#[test]
fn err_throw() {
    let errors = [
        error("Error", "gagal"),
        error("TypeError", "tipe salah"),
        error("Error", "teks"),
        error(
            "Error",
            &crate::printer::inspect(&obj(vec![("kode", num(1.0))]), &Options::REPL),
        ),
        error("RangeError", "x"),
    ];
    let outputs: Vec<String> = errors.iter().map(format_error).collect();
    assert_golden("err-throw", &outputs);
}

const DUP: &str = "E11000 duplicate key error collection: kampus.mahasiswa index: _id_ dup key: { _id: \"10115001\" }";

fn bulk_result(inserted: u32, ids: Vec<(&str, Value)>) -> Value {
    let count = |n: u32| num(f64::from(n));
    class_obj(
        "BulkWriteResult",
        vec![
            ("insertedCount", count(inserted)),
            ("matchedCount", count(0)),
            ("modifiedCount", count(0)),
            ("deletedCount", count(0)),
            ("upsertedCount", count(0)),
            ("upsertedIds", obj(vec![])),
            ("insertedIds", obj(ids)),
        ],
    )
}

fn write_errors(op: Value) -> Value {
    let err = obj(vec![
        ("index", num(1.0)),
        ("code", num(11000.0)),
        ("errmsg", st(DUP)),
        ("errInfo", Value::Undefined),
        ("op", op),
    ]);
    arr(vec![class_obj("WriteError", vec![("err", err)])])
}

fn bulk_error(result: Value, op: Value) -> ErrorInfo {
    ErrorInfo {
        result: Some(result),
        write_errors: Some(write_errors(op)),
        ..error("MongoBulkWriteError", DUP)
    }
}

#[test]
fn db_dupkey_errors() {
    let dup_oid = "E11000 duplicate key error collection: kampus.oid index: _id_ dup key: { _id: ObjectId('6ae8992ef71ce5016d8de666') }";
    let ack = |id: Value| {
        obj(vec![
            ("acknowledged", Value::Bool(true)),
            ("insertedId", id),
        ])
    };
    let first = bulk_error(
        bulk_result(1, vec![("0", st("10115002"))]),
        obj(vec![("_id", st("10115001")), ("nama", st("Duplikat"))]),
    );
    let unordered = bulk_error(
        bulk_result(2, vec![("0", st("10115004")), ("2", st("10115005"))]),
        obj(vec![("_id", st("10115001"))]),
    );
    let outputs = [
        "switched to db kampus".to_string(),
        top(&ack(st("10115001"))),
        format_error(&error("MongoServerError", DUP)),
        format_error(&first),
        top(&num(2.0)),
        format_error(&unordered),
        top(&ack(oid("6ae8992ef71ce5016d8de666"))),
        format_error(&error("MongoServerError", dup_oid)),
    ];
    assert_golden("db-dupkey", &outputs);
}

#[test]
fn code_name_goes_in_brackets() {
    let err = ErrorInfo {
        code_name: Some("IndexNotFound".into()),
        ..error("MongoServerError", "index not found with name [tidak_ada]")
    };
    let expected = "MongoServerError[IndexNotFound]: index not found with name [tidak_ada]";
    assert_eq!(format_error(&err), expected);
    let text = golden("db-indexes");
    assert!(text.lines().any(|l| l == expected));
}

#[test]
fn syntax_error_is_multi_line() {
    let message = "Missing semicolon. (1:3)\n\n> 1 | foo)\n    |    ^\n  2 |";
    let shown = format_error(&error("SyntaxError", message));
    let expected =
        "Uncaught:\nSyntaxError: Missing semicolon. (1:3)\n\n> 1 | foo)\n    |    ^\n  2 |\n";
    assert_eq!(shown, expected);
}

#[test]
fn db_use_show_dbs() {
    let dbs: Vec<(String, u64)> = ["admin", "config", "kampus", "local"]
        .iter()
        .zip([40960, 12288, 40960, 40960])
        .map(|(n, s)| (n.to_string(), s))
        .collect();
    let table = format_show_dbs(&dbs);
    let text = golden("db-use-show");
    assert!(text.contains(&format!("mahasiswa\n{table}\n{table}\nkampus.mahasiswa\n")));
}
