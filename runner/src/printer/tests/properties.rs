//! Properties over generated values: colours never change the layout, and
//! no value makes the printer panic.

use proptest::prelude::*;

use super::*;
use crate::printer::inspect;

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Undefined),
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<f64>().prop_map(Value::Number),
        (0u64..1_000_000).prop_map(|n| Value::BigInt(n.to_string())),
        "\\PC{0,30}".prop_map(Value::String),
        "[a-z\n'\"`]{0,120}".prop_map(Value::String),
        "[a-f0-9]{24}".prop_map(|h| oid(&h)),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof!["[a-z_][a-z0-9]{0,8}", "[0-9]{1,3}", "\\PC{0,6}"]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(8, 120, 12, |inner| {
        prop_oneof![
            prop::collection::vec(prop::option::weighted(0.9, inner.clone()), 0..14).prop_map(
                |items| Value::Array(Array {
                    items,
                    extra: Vec::new()
                })
            ),
            prop::collection::vec((key(), inner.clone()), 0..8).prop_map(|entries| {
                Value::Object(Object {
                    class: None,
                    entries,
                })
            }),
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Set),
        ]
    })
}

fn strip(text: &str) -> String {
    crate::printer::color::strip_ansi(text).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn colours_never_change_layout(v in value()) {
        for opts in [Options::REPL, Options::FULL_DEPTH, Options::PRINTJSON] {
            let plain = inspect(&v, &opts);
            let colored = inspect(&v, &opts.with_colors(true));
            prop_assert_eq!(strip(&colored), plain);
        }
    }

    #[test]
    fn one_line_output_respects_the_width_rule(v in value()) {
        let text = inspect(&v, &Options::REPL);
        let is_container = matches!(v, Value::Array(_) | Value::Object(_) | Value::Set(_));
        if is_container && !text.contains('\n') {
            prop_assert!(text.encode_utf16().count() <= 71, "{}", text);
        }
    }
}
