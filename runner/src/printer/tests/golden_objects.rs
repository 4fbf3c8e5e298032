//! Objects: keys, the one-line rule, the nesting rule, depth, BSON values.

use super::*;

#[test]
fn keys_quoting() {
    let keys = [
        "_id",
        "camelCase",
        "snake_case",
        "A1",
        "1a",
        "mataKuliah.nama",
        "nilai#1",
        "first name",
        "kebab-case",
        "$set",
        "ümlaut",
        "it's",
        "",
        "a\"b",
    ];
    let entries = keys
        .iter()
        .zip(1..)
        .map(|(k, i)| (*k, num(f64::from(i))))
        .collect();
    assert_golden("keys-quoting", &[top(&obj(entries))]);
}

#[test]
fn nest_obj_levels() {
    let keys = ["l1", "l2", "l3", "l4", "l5", "l6", "l7"];
    for n in [1, 2, 3, 4, 6, 7] {
        let value = chain(&keys[..n], num(1.0));
        assert_golden(&format!("nest-obj-{n}"), &[top(&value)]);
    }
}

#[test]
fn nest_3_vs_4_levels() {
    let nested = |depth: usize| (0..depth).fold(nums([1]), |inner, _| arr(vec![inner]));
    let values = [
        chain(&["a", "b", "c"], num(1.0)),
        chain(&["a", "b", "c", "d"], num(1.0)),
        obj(vec![("a", nested(2))]),
        obj(vec![("a", nested(3))]),
        nested(3),
    ];
    let outputs: Vec<String> = values.iter().map(top).collect();
    assert_golden("nest-3-vs-4-levels", &outputs);
}

#[test]
fn nest_last_child_rule() {
    let deep = || chain(&["y", "z", "w"], num(1.0));
    let km = || obj(vec![("m", num(1.0))]);
    let values = [
        obj(vec![("x", deep()), ("k", km())]),
        obj(vec![("k", km()), ("x", deep())]),
        obj(vec![("k", km()), ("x", deep()), ("e", obj(vec![]))]),
        obj(vec![("k", km()), ("x", deep()), ("n", num(5.0))]),
    ];
    let outputs: Vec<String> = values.iter().map(top).collect();
    assert_golden("nest-last-child-rule", &outputs);
}

#[test]
fn nest_mixed_depth7() {
    let inner = chain(&["d", "e", "f"], st("dalam"));
    let value = obj(vec![(
        "a",
        arr(vec![obj(vec![("b", obj(vec![("c", arr(vec![inner]))]))])]),
    )]);
    assert_golden("nest-mixed-depth7", &[top(&value)]);
}

#[test]
fn depth_overflow_kinds() {
    let leaf = obj(vec![
        ("arr", nums([1])),
        ("obj", obj(vec![("x", num(1.0))])),
        ("emptyArr", arr(vec![])),
        ("emptyObj", obj(vec![])),
        ("date", custom("ISODate('1970-01-01T00:00:00.000Z')")),
        ("oid", oid("6ae8992ef71ce5016d8de666")),
        ("n", num(5.0)),
    ]);
    let value = chain(&["a", "b", "c", "d", "e", "f"], leaf);
    assert_golden("depth-overflow-kinds", &[top(&value)]);
}

#[test]
fn boundary_class_prefix() {
    let make = |class: &str| class_obj(class, vec![("a", st(&"x".repeat(40))), ("b", num(1.0))]);
    let outputs = [
        top(&custom("[class Nilai]")),
        top(&make("Nilai")),
        top(&custom("[class NilaiPanjangSekaliNamanya]")),
        top(&make("NilaiPanjangSekaliNamanya")),
    ];
    assert_golden("boundary-class-prefix", &outputs);
}

#[test]
fn boundary_emoji_cjk() {
    let names = [
        format!("{}x", "😀".repeat(24)),
        "😀".repeat(25),
        "日".repeat(49),
        "日".repeat(50),
        "é".repeat(49),
    ];
    let outputs: Vec<String> = names
        .iter()
        .map(|n| top(&obj(vec![("_id", st("A")), ("nama", st(n))])))
        .collect();
    assert_golden("boundary-emoji-cjk", &outputs);
}

#[test]
fn boundary_long_key() {
    let mk = obj(vec![
        ("kode", st("TSA201")),
        ("nama", st("Basis Data Lanjut")),
        ("sks", num(3.0)),
        ("semester", num(5.0)),
    ]);
    let value = obj(vec![("namaMataKuliahYangSangatPanjangSekali", mk)]);
    assert_golden("boundary-long-key", &[top(&value)]);
}

#[test]
fn boundary_many_entries() {
    let keyed = |keys: &[&str], values: &[u32]| {
        let entries = keys.iter().zip(values.iter().cycle());
        obj(entries.map(|(k, v)| (*k, num(f64::from(*v)))).collect())
    };
    let ab: Vec<String> = ["a", "b"]
        .iter()
        .flat_map(|p| (1..=9).map(move |i| format!("{p}{i}")))
        .take(15)
        .collect();
    let ab: Vec<&str> = ab.iter().map(String::as_str).collect();
    let letters: Vec<String> = ('a'..='x').map(String::from).collect();
    let letters: Vec<&str> = letters.iter().map(String::as_str).collect();
    let digits: Vec<u32> = (1..=9).collect();
    let outputs = [
        top(&keyed(&ab, &digits)),
        top(&keyed(&letters[..23], &digits)),
        top(&keyed(&letters, &digits)),
    ];
    assert_golden("boundary-many-entries", &outputs);
}

#[test]
fn boundary_nested_68_71() {
    let outputs: Vec<String> = (59..=62)
        .map(|n| top(&chain(&["mk", "a"], st(&"z".repeat(n)))))
        .collect();
    assert_golden("boundary-nested-68-71", &outputs);
}

#[test]
fn doc_mahasiswa_and_nested_lesson() {
    let mhs = obj(vec![
        ("_id", st("10115001")),
        ("nama", st("Budi Santoso")),
        ("mataKuliahId", arr(vec![st("TSA201"), st("TSA301")])),
    ]);
    assert_golden("doc-mahasiswa", &[top(&mhs)]);
    let mk = |kode: &str, nama: &str, nilai: f64| {
        obj(vec![
            ("kode", st(kode)),
            ("nama", st(nama)),
            ("nilai", num(nilai)),
        ])
    };
    let alamat = obj(vec![
        ("jalan", st("Jl. Merdeka No. 10")),
        ("kota", st("Bandung")),
        ("kodePos", st("40115")),
    ]);
    let doc = obj(vec![
        ("_id", oid("6ae8992ef71ce5016d8de666")),
        ("nama", st("Budi Santoso")),
        ("alamat", alamat),
        (
            "mataKuliah",
            arr(vec![
                mk("TSA201", "Basis Data", 85.5),
                mk("TSA301", "Pemrograman Web", 90.0),
            ]),
        ),
        (
            "tanggalMasuk",
            custom("ISODate('2021-08-30T00:00:00.000Z')"),
        ),
    ]);
    assert_golden("doc-nested-lesson", &[top(&doc)]);
}

#[test]
fn doc_array_25() {
    let docs = (0..25u32)
        .map(|i| {
            obj(vec![
                ("_id", st(&(10115001 + i).to_string())),
                ("nama", st(&format!("Mahasiswa {}", i + 1))),
                ("ipk", num(3.0 + f64::from(i % 10) / 10.0)),
            ])
        })
        .collect();
    assert_golden("doc-array-25", &[top(&arr(docs))]);
}

#[test]
fn result_shapes_literal() {
    let values = [
        obj(vec![
            ("acknowledged", Value::Bool(true)),
            ("insertedId", oid("6ae8992ef71ce5016d8de666")),
        ]),
        obj(vec![
            ("acknowledged", Value::Bool(true)),
            (
                "insertedIds",
                obj(vec![
                    ("0", oid("6ae8992ef71ce5016d8de666")),
                    ("1", oid("6ae8992ef71ce5016d8de667")),
                ]),
            ),
        ]),
        obj(vec![
            ("acknowledged", Value::Bool(true)),
            ("insertedId", Value::Null),
            ("matchedCount", num(1.0)),
            ("modifiedCount", num(1.0)),
            ("upsertedCount", num(0.0)),
        ]),
        obj(vec![
            ("acknowledged", Value::Bool(true)),
            ("deletedCount", num(1.0)),
        ]),
    ];
    let outputs: Vec<String> = values.iter().map(top).collect();
    assert_golden("result-shapes-literal", &outputs);
}

#[test]
fn bson_numbers() {
    let doc = obj(vec![
        ("l", custom("Long('42')")),
        ("i", custom("Int32(42)")),
        ("d", custom("Decimal128('19.99')")),
        ("dbl", custom("Double(1)")),
        ("dbl2", custom("Double(1.5)")),
        ("i32", custom("Int32(7)")),
        ("lng", custom("Long('-3')")),
    ]);
    let outputs = [
        top(&custom("Long('5')")),
        top(&custom("Long('9007199254740993')")),
        top(&custom("Int32(5)")),
        top(&custom("Decimal128('1.50')")),
        top(&doc),
        top(&custom("Long('4294967293')")),
    ];
    assert_golden("bson-numbers", &outputs);
}

#[test]
fn bson_other() {
    let doc = obj(vec![
        ("re", custom("/^budi/i")),
        ("min", custom("MinKey()")),
        ("max", custom("MaxKey()")),
        ("bin", custom("Binary.createFromBase64('AQID', 0)")),
        ("code", custom("Code('function() {}')")),
    ]);
    let outputs = [
        top(&custom("UUID('0123e456-e89b-12d3-a456-426614174000')")),
        top(&custom("Timestamp({ t: 1700000000, i: 1 })")),
        top(&doc),
    ];
    assert_golden("bson-other", &outputs);
}

#[test]
fn print_deep() {
    let keys = ["l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8"];
    let deep = chain(&keys, num(1.0));
    let outputs = [
        format_top_level(&deep, &Options::REPL),
        String::new(),
        format_top_level(&deep, &Options::PRINTJSON),
        String::new(),
        format_top_level(&nums(0..105), &Options::REPL),
        String::new(),
    ];
    assert_golden("print-deep", &outputs);
}
