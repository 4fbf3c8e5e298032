//! The worked examples of `spec/mongosh-output.md`, and rule edges the
//! goldens do not pin down.

use super::*;
use crate::printer::inspect;

#[test]
fn top_level_width_limit_is_71() {
    // `{ a: '…' }` is 9 characters around the text.
    let at = |len: usize| top(&obj(vec![("a", st(&"x".repeat(len - 9)))]));
    assert!(!at(71).contains('\n'));
    assert!(at(72).contains('\n'));
}

#[test]
fn nested_literal_breaks_at_67_when_indented_four() {
    // `{ r: '…' }` is 9 characters around the text; at I = 4 it may be 67 long.
    let shown = |len: usize| top(&chain(&["k", "p", "r"], st(&"x".repeat(len - 9))));
    assert!(shown(67).contains(&format!("    p: {{ r: '{}' }}\n", "x".repeat(58))));
    assert!(shown(68).contains(&format!("    p: {{\n      r: '{}'\n    }}", "x".repeat(59))));
}

#[test]
fn last_started_container_decides_nesting() {
    let deep = chain(&["x", "y", "z"], obj(vec![("w", num(1.0))]));
    let Value::Object(mut o) = deep else {
        unreachable!()
    };
    o.entries.push(("k".into(), obj(vec![("m", num(1.0))])));
    assert_eq!(
        top(&Value::Object(o)),
        "{ x: { y: { z: { w: 1 } } }, k: { m: 1 } }"
    );
}

#[test]
fn custom_values_do_not_count_as_nesting() {
    let value = chain(
        &["a", "b"],
        obj(vec![("c", oid("6ae8992ef71ce5016d8de666"))]),
    );
    assert_eq!(
        top(&value),
        "{ a: { b: { c: ObjectId('6ae8992ef71ce5016d8de666') } } }"
    );
}

#[test]
fn integer_like_keys_come_first() {
    let value = obj(vec![
        ("b", num(1.0)),
        ("10", num(2.0)),
        ("2", num(3.0)),
        ("-1", num(4.0)),
        ("01", num(5.0)),
    ]);
    assert_eq!(top(&value), "{ '2': 3, '10': 2, b: 1, '-1': 4, '01': 5 }");
}

#[test]
fn multi_line_string_in_object() {
    let puisi =
        "Baris pertama puisi ini\nBaris kedua yang panjang sekali sampai lewat batas\nBaris ketiga";
    let shown = top(&obj(vec![("puisi", st(puisi))]));
    let expected = "{\n  puisi: 'Baris pertama puisi ini\\n' +\n    'Baris kedua yang panjang sekali sampai lewat batas\\n' +\n    'Baris ketiga'\n}";
    assert_eq!(shown, expected);
}

#[test]
fn unrelated_seven_numbers_stay_on_one_line() {
    let value = nums([1, 22, 333, 4444, 55555, 666666, 7777777]);
    assert_eq!(top(&value), "[ 1, 22, 333, 4444, 55555, 666666, 7777777 ]");
    assert_eq!(top(&nums(1..=7)), "[\n  1, 2, 3, 4,\n  5, 6, 7\n]");
}

#[test]
fn bson_numbers_are_left_aligned_when_grouped() {
    let items = [100, 1, 2, 3, 4, 5, 6]
        .iter()
        .map(|n| custom(&format!("Int32({n})")));
    let shown = top(&arr(items.collect()));
    let expected = "[\n  Int32(100), Int32(1),\n  Int32(2),   Int32(3),\n  Int32(4),   Int32(5),\n  Int32(6)\n]";
    assert_eq!(shown, expected);
}

#[test]
fn cjk_grouping_uses_display_width() {
    let items: Vec<Value> = ["日本", "a", "bb", "日", "c", "dd", "e"]
        .iter()
        .map(|s| st(s))
        .collect();
    let shown = top(&arr(items));
    let expected = "[\n  '日本', 'a',\n  'bb',   '日',\n  'c',    'dd',\n  'e'\n]";
    assert_eq!(shown, expected);
}

#[test]
fn maps_sets_and_circular_references() {
    let map = Value::Map(vec![(st("a"), num(1.0))]);
    assert_eq!(top(&map), "Map(1) { 'a' => 1 }");
    assert_eq!(
        top(&Value::Set(vec![num(1.0), num(2.0)])),
        "Set(2) { 1, 2 }"
    );
    assert_eq!(top(&Value::Map(vec![])), "Map(0) {}");
    let cyclic = Value::Anchor {
        id: 7,
        value: Box::new(obj(vec![("nama", st("x")), ("self", Value::Circular(7))])),
    };
    assert_eq!(top(&cyclic), "<ref *1> { nama: 'x', self: [Circular *1] }");
}

#[test]
fn printjson_breaks_every_container() {
    let value = obj(vec![("a", num(1.0)), ("b", st("dua")), ("c", obj(vec![]))]);
    let shown = format_top_level(&value, &Options::PRINTJSON);
    assert_eq!(shown, "{\n  a: 1,\n  b: 'dua',\n  c: {}\n}");
    assert_eq!(format_top_level(&st("teks"), &Options::PRINTJSON), "teks");
}

#[test]
fn colors_do_not_change_layout() {
    let value = obj(vec![("a", num(1.0)), ("s", st(&"x".repeat(56)))]);
    let colored = inspect(&value, &Options::REPL.with_colors(true));
    assert_eq!(
        colored,
        "{ a: \u{1b}[33m1\u{1b}[39m, s: \u{1b}[32m'".to_string()
            + &"x".repeat(56)
            + "'\u{1b}[39m }"
    );
    let plain = inspect(&value, &Options::REPL);
    let stripped = colored
        .replace("\u{1b}[33m", "")
        .replace("\u{1b}[32m", "")
        .replace("\u{1b}[39m", "");
    assert_eq!(stripped, plain);
    let numbers = inspect(&nums(0..30), &Options::REPL.with_colors(true));
    let stripped = numbers.replace("\u{1b}[33m", "").replace("\u{1b}[39m", "");
    assert_eq!(stripped, inspect(&nums(0..30), &Options::REPL));
}

#[test]
fn depth_limit_uses_class_names() {
    let value = chain(
        &["a", "b", "c", "d", "e", "f"],
        obj(vec![("g", class_obj("Nilai", vec![("x", num(1.0))]))]),
    );
    assert!(top(&value).contains("g: [Nilai]"));
    let full = format_top_level(&value, &Options::FULL_DEPTH);
    assert!(full.contains("g: Nilai { x: 1 }"));
}

#[test]
fn more_items_and_sparse_limits() {
    let mut items: Vec<Option<Value>> = (0..100).map(|i| Some(num(f64::from(i)))).collect();
    items.push(None);
    items.push(Some(num(5.0)));
    let shown = top(&Value::Array(Array {
        items,
        extra: vec![],
    }));
    assert!(
        shown.ends_with("  96, 97, 98, 99,\n  ... 2 more items\n]"),
        "{shown}"
    );
    let holes = Value::Array(Array {
        items: vec![None, None, Some(num(1.0)), None],
        extra: vec![],
    });
    assert_eq!(top(&holes), "[ <2 empty items>, 1, <1 empty item> ]");
}

#[test]
fn print_writes_strings_raw_and_joins_with_spaces() {
    let args = [
        st("cr\rhere"),
        num(1.0),
        obj(vec![("a", num(1.0))]),
        Value::Undefined,
    ];
    let shown = crate::printer::format_print(&args, &Options::REPL);
    assert_eq!(shown, "cr\rhere 1 { a: 1 } ");
}

#[test]
fn plain_object_class_has_no_prefix() {
    let value = class_obj("Object", vec![("a", num(1.0))]);
    assert_eq!(top(&value), "{ a: 1 }");
}

#[test]
fn absurd_nesting_is_cut_instead_of_overflowing() {
    let keys = vec!["a"; 3000];
    let shown = format_top_level(&chain(&keys, num(1.0)), &Options::FULL_DEPTH);
    assert!(shown.contains(
        "[Object: Inspection interrupted prematurely. Maximum call stack size exceeded.]"
    ));
}
