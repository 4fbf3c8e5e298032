//! Top-level values, numbers and strings.

use super::*;

#[test]
fn top_number() {
    let values = [
        42.0,
        1.5,
        -0.0,
        0.1 + 0.2,
        1e21,
        2f64.powi(53) + 2.0,
        f64::NAN,
        f64::NEG_INFINITY,
    ];
    let outputs: Vec<String> = values.iter().map(|&x| top(&num(x))).collect();
    assert_golden("top-number", &outputs);
}

#[test]
fn top_string() {
    let texts = [
        "Budi Santoso",
        "it's \"quoted\"",
        "",
        "baris1\nbaris2",
        "tab\there",
        "cr\rhere",
        "nul\u{0}x",
        "Mahasiswa berprestasi 🎓 café",
    ];
    let outputs: Vec<String> = texts.iter().map(|t| top(&st(t))).collect();
    assert_golden("top-string", &outputs);
}

#[test]
fn top_misc() {
    let values = [
        Value::Bool(true),
        Value::Null,
        Value::Undefined,
        arr(vec![]),
        obj(vec![]),
        custom("Symbol(s)"),
        Value::BigInt("10".into()),
    ];
    let outputs: Vec<String> = values.iter().map(top).collect();
    assert_golden("top-misc", &outputs);
}

#[test]
fn top_multiline_input() {
    let doc = obj(vec![("nama", st("Budi")), ("umur", num(20.0))]);
    let outputs = [top(&Value::Undefined), top(&doc), top(&nums([1, 2]))];
    assert_golden("top-multiline-input", &outputs);
}

#[test]
fn numbers_in_object() {
    let doc = obj(vec![
        ("int", num(42.0)),
        ("neg", num(-7.0)),
        ("dbl", num(1.5)),
        ("negZero", num(-0.0)),
        ("nan", num(f64::NAN)),
        ("inf", num(f64::INFINITY)),
        ("ninf", num(f64::NEG_INFINITY)),
        ("big", num(1e21)),
        ("small", num(1e-7)),
        ("sum", num(0.1 + 0.2)),
        ("max", num(9007199254740991.0)),
        ("exp", num(2f64.powi(53) + 2.0)),
        ("bigint", Value::BigInt("10".into())),
    ]);
    assert_golden("numbers-in-object", &[top(&doc)]);
}

#[test]
fn string_escapes() {
    let lone = Value::Utf16(vec![b'a' as u16, 0xd800, b'b' as u16]);
    let doc = obj(vec![
        ("tab", st("a\tb")),
        ("nl", st("a\nb")),
        ("cr", st("a\rb")),
        ("back", st("a\\b")),
        ("nul", st("a\u{0}b")),
        ("esc", st("a\u{1b}b")),
        ("del", st("a\u{7f}b")),
        ("c1", st("a\u{85}b")),
        ("nbsp", st("a\u{a0}b")),
        ("lone", lone),
    ]);
    assert_golden("string-escapes", &[top(&doc)]);
}

#[test]
fn string_quoting() {
    let doc = obj(vec![
        ("a", st("it's")),
        ("b", st("say \"hi\"")),
        ("c", st("both ' and \"")),
        ("d", st("all ' \" `")),
        ("e", st("tpl ${x} ' \"")),
        ("f", st("plain")),
    ]);
    assert_golden("string-quoting", &[top(&doc)]);
}

#[test]
fn string_unicode() {
    let doc = obj(vec![
        ("nama", st("Siti Nurhaliza")),
        ("kota", st("Yogyakarta")),
        ("catatan", st("Mahasiswa berprestasi 🎓")),
        ("emoji", st("😀👍")),
        ("jp", st("日本語")),
        ("accent", st("café")),
        ("arab", st("مرحبا")),
    ]);
    assert_golden("string-unicode", &[top(&doc)]);
}

#[test]
fn string_long_in_object_and_top() {
    let text = "Mata kuliah ini membahas konsep dasar basis data non-relasional, termasuk model dokumen, indeks, dan agregasi.";
    assert_golden(
        "string-long-in-object",
        &[top(&obj(vec![("deskripsi", st(text))]))],
    );
    let long = format!("{text} {}", "x".repeat(40));
    assert_golden("string-long-top", &[top(&st(&long))]);
}

#[test]
fn string_very_long() {
    let doc = obj(vec![("s", st(&"ab".repeat(5003)))]);
    assert_golden("string-very-long", &[top(&num(10005.0)), top(&doc)]);
}
