//! Arrays: one-line rule, holes, extra properties, `more items`, grouping.

use super::*;

#[test]
fn arr_mixed() {
    let mixed = arr(vec![
        num(1.0),
        st("dua"),
        Value::Bool(true),
        Value::Null,
        Value::Undefined,
        obj(vec![("x", num(1.0))]),
        nums([2, 3]),
    ]);
    let alternating = arr(vec![
        num(1.0),
        st("dua"),
        num(3.0),
        st("empat"),
        num(5.0),
        st("enam"),
        num(7.0),
    ]);
    let mut with_int32: Vec<Value> = (1..=6).map(|n| num(f64::from(n))).collect();
    with_int32.push(custom("Int32(7)"));
    let outputs = [top(&mixed), top(&alternating), top(&arr(with_int32))];
    assert_golden("arr-mixed", &outputs);
}

#[test]
fn arr_small_and_six() {
    let outputs = [top(&nums([])), top(&nums([1])), top(&nums([1, 2]))];
    assert_golden("arr-num-0-1", &outputs);
    assert_golden("arr-num-6", &[top(&nums(1..=6))]);
}

#[test]
fn arr_num_grouped() {
    assert_golden("arr-num-16", &[top(&nums(1..=16))]);
    assert_golden("arr-num-27", &[top(&nums(1..=27))]);
    assert_golden("arr-num-100", &[top(&nums(0..100))]);
    let outputs = [top(&nums(0..101)), top(&nums((0..150).map(|i| i * 7)))];
    assert_golden("arr-num-101-150", &outputs);
}

#[test]
fn arr_num_in_object() {
    let nilai = obj(vec![("nilai", nums([85, 90, 78, 92, 88, 76, 95]))]);
    let squares = obj(vec![
        ("_id", st("x")),
        ("data", nums((0..30).map(|i| i * i))),
    ]);
    assert_golden("arr-num-in-object", &[top(&nilai), top(&squares)]);
}

#[test]
fn arr_objects() {
    let a = |n: u32| obj(vec![("a", num(f64::from(n)))]);
    let kode = |k: &str, sks: f64| obj(vec![("kode", st(k)), ("sks", num(sks))]);
    let outputs = [
        top(&arr((1..=3).map(a).collect())),
        top(&arr(vec![
            kode("TSA201", 3.0),
            kode("TSA301", 2.0),
            kode("TSA302", 4.0),
            kode("TSA401", 3.0),
        ])),
        top(&arr((1..=7).map(a).collect())),
    ];
    assert_golden("arr-objects", &outputs);
}

#[test]
fn arr_sparse_and_props() {
    let holes = |items: Vec<Option<Value>>| {
        Value::Array(Array {
            items,
            extra: vec![],
        })
    };
    let with_extra = Value::Array(Array {
        items: vec![Some(num(1.0)), Some(num(2.0))],
        extra: vec![("extra".to_string(), st("x"))],
    });
    let outputs = [
        top(&holes(vec![Some(num(1.0)), None, Some(num(3.0))])),
        top(&with_extra),
        top(&holes(vec![None; 5])),
    ];
    assert_golden("arr-sparse-and-props", &outputs);
}

#[test]
fn arr_str_6_7() {
    let codes = [
        "TSA201", "TSA301", "TSA302", "TSA401", "TSA402", "TSA501", "TSA502",
    ];
    let strs = |n: usize| arr(codes[..n].iter().map(|c| st(c)).collect());
    assert_golden("arr-str-6-7", &[top(&strs(6)), top(&strs(7))]);
}

#[test]
fn boundary_array_70_73() {
    let outputs: Vec<String> = (57..=60)
        .map(|n| top(&arr(vec![st("AAA"), st(&"y".repeat(n))])))
        .collect();
    assert_golden("boundary-array-70-73", &outputs);
}

#[test]
fn bson_in_arrays() {
    let oids = (0x66..=0x6c).map(|b| oid(&format!("6ae8992ef71ce5016d8de6{b:02x}")));
    let longs = (1..=7).map(|n| custom(&format!("Long('{n}')")));
    let outputs = [top(&arr(oids.collect())), top(&arr(longs.collect()))];
    assert_golden("bson-in-arrays", &outputs);
}
