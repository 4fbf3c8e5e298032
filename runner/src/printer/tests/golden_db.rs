//! The printer's share of the `db-` goldens: command results, cursor batches
//! (full depth, ordinary layout) and `findOne` results (REPL options).

use super::*;
use crate::printer::format_cursor_batch;

fn ack(id: Value) -> String {
    top(&obj(vec![
        ("acknowledged", Value::Bool(true)),
        ("insertedId", id),
    ]))
}

fn id_doc(n: u32) -> Value {
    obj(vec![("_id", num(f64::from(n)))])
}

#[test]
fn db_find_150_it() {
    let mut outputs = vec!["switched to db kampus".to_string(), top(&Value::Bool(true))];
    for start in (1..=150).step_by(20) {
        let end = (start + 19).min(150);
        let docs = (start..=end).map(id_doc).collect();
        outputs.push(format_cursor_batch(docs, end < 150, false));
    }
    outputs.push("no cursor".to_string());
    assert_golden("db-find-150-it", &outputs);
}

#[test]
fn db_find_7_tiny() {
    let ids = obj((0..7)
        .map(|i| (["0", "1", "2", "3", "4", "5", "6"][i], num(i as f64 + 1.0)))
        .collect());
    let inserted = obj(vec![
        ("acknowledged", Value::Bool(true)),
        ("insertedIds", ids),
    ]);
    let docs = |n: u32| (1..=n).map(id_doc).collect::<Vec<_>>();
    let outputs = [
        "switched to db kampus".to_string(),
        top(&inserted),
        format_cursor_batch(docs(7), false, false),
        format_cursor_batch(docs(6), false, false),
        top(&arr(docs(7))),
        top(&arr(docs(7))),
    ];
    assert_golden("db-find-7-tiny", &outputs);
}

#[test]
fn db_deep_docs() {
    let keys = ["l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8"];
    let deep = || {
        obj(vec![
            ("_id", num(1.0)),
            ("l1", chain(&keys[1..], st("dalam"))),
        ])
    };
    let big = obj(vec![("_id", num(1.0)), ("arr", nums(0..120))]);
    let outputs = [
        "switched to db kampus".to_string(),
        String::new(),
        top(&deep()),
        ack(num(1.0)),
        format_cursor_batch(vec![deep()], false, false),
        top(&deep()),
        ack(num(1.0)),
        top(&big),
    ];
    assert_golden("db-deep-docs", &outputs);
}

#[test]
fn db_layout_server_vs_literal() {
    let doc = |n: u32| {
        let text = "w".repeat(56 + n as usize);
        obj(vec![
            ("_id", num(f64::from(n))),
            ("info", obj(vec![("a", st(&text))])),
        ])
    };
    let all = || (1..=7).map(doc).collect::<Vec<_>>();
    let mut outputs = vec!["switched to db kampus".to_string()];
    outputs.extend((1..=7).map(|n| ack(num(f64::from(n)))));
    outputs.push(format_cursor_batch(all(), false, false));
    outputs.extend([5, 6, 5, 6].map(|n| top(&doc(n))));
    outputs.push(top(&arr(all())));
    assert_golden("db-layout-server-vs-literal", &outputs);
}
