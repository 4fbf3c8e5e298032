//! The raw matcher must answer exactly like the owned `Filter` on the same
//! document: a table of edge cases plus a property test over random values.

use bson::{doc, Bson, Document, RawDocumentBuf};
use proptest::prelude::*;

use super::Filter;

fn both(filter: &Document, doc: &Document) -> (bool, bool) {
    let parsed = Filter::parse(filter).expect("filter parses");
    let raw = RawDocumentBuf::from_document(doc).expect("document encodes");
    (parsed.matches(doc), parsed.matches_raw(&raw))
}

fn agree(filter: Document, doc: Document) {
    let (owned, raw) = both(&filter, &doc);
    assert_eq!(owned, raw, "filter {filter} on {doc}");
}

#[test]
fn simple_filters_compile_to_raw() {
    for filter in [
        doc! { "a": 1 },
        doc! { "a.b": { "$in": [1, "x"] }, "c": { "$exists": false } },
        doc! { "$or": [{ "a": { "$gt": 1 } }, { "b": { "$lte": "m" } }] },
        doc! { "a": { "$ne": null, "$nin": [2] } },
    ] {
        assert!(Filter::parse(&filter).is_ok_and(|f| f.is_raw()), "{filter}");
    }
}

#[test]
fn other_filters_fall_back_to_decoding() {
    for filter in [
        doc! { "a": { "$size": 2 } },
        doc! { "a": { "$in": [Bson::RegularExpression(bson::Regex { pattern: "x".into(), options: String::new() })] } },
        doc! { "$expr": { "$eq": ["$a", 1] } },
    ] {
        assert!(
            Filter::parse(&filter).is_ok_and(|f| !f.is_raw()),
            "{filter}"
        );
    }
    agree(doc! { "a": { "$size": 2 } }, doc! { "a": [1, 2] });
}

#[test]
fn numbers_compare_across_types() {
    agree(doc! { "a": 1 }, doc! { "a": 1.0 });
    agree(doc! { "a": 1.5 }, doc! { "a": 1_i64 });
    agree(doc! { "a": { "$gt": 1 } }, doc! { "a": 1.000_001 });
    agree(
        doc! { "a": { "$lt": 9_007_199_254_740_993_i64 } },
        doc! { "a": 9_007_199_254_740_992.0 },
    );
    agree(doc! { "a": f64::NAN }, doc! { "a": f64::NAN });
    agree(doc! { "a": { "$gte": "1" } }, doc! { "a": 5 });
}

#[test]
fn arrays_missing_fields_and_nested_paths() {
    let d = doc! { "a": [{ "b": 1 }, { "b": [2, 3] }, 4], "c": { "d": null } };
    for filter in [
        doc! { "a.b": 3 },
        doc! { "a.b": null },
        doc! { "a.1.b": 2 },
        doc! { "a.2": 4 },
        doc! { "a": 4 },
        doc! { "a": [4] },
        doc! { "c.d": null },
        doc! { "c.e": null },
        doc! { "c.d.e": { "$exists": true } },
        doc! { "x": { "$exists": false } },
        doc! { "a.b": { "$gte": null } },
        doc! { "a": { "$lt": Bson::MaxKey } },
        doc! { "a": { "b": 1 } },
    ] {
        agree(filter, d.clone());
    }
}

fn scalar() -> impl Strategy<Value = Bson> {
    prop_oneof![
        (-3i32..4).prop_map(Bson::Int32),
        (-3i64..4).prop_map(Bson::Int64),
        prop_oneof![Just(0.5), Just(1.0), Just(-2.0), Just(f64::NAN)].prop_map(Bson::Double),
        prop_oneof![Just("a"), Just("b"), Just("")].prop_map(|s| Bson::String(s.into())),
        Just(Bson::Null),
        any::<bool>().prop_map(Bson::Boolean),
    ]
}

fn value() -> impl Strategy<Value = Bson> {
    scalar().prop_recursive(2, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Bson::Array),
            (inner.clone(), inner).prop_map(|(b, c)| Bson::Document(doc! { "b": b, "c": c })),
        ]
    })
}

fn filter() -> impl Strategy<Value = Document> {
    let path = prop_oneof![
        Just("a"),
        Just("a.b"),
        Just("a.0"),
        Just("a.b.c"),
        Just("z")
    ];
    let op = prop_oneof![
        Just("$eq"),
        Just("$ne"),
        Just("$gt"),
        Just("$gte"),
        Just("$lt"),
        Just("$lte")
    ];
    prop_oneof![
        (path.clone(), op, value()).prop_map(|(p, o, v)| doc! { p: { o: v } }),
        (path.clone(), prop::collection::vec(scalar(), 0..3))
            .prop_map(|(p, vs)| doc! { p: { "$in": vs } }),
        (path, any::<bool>()).prop_map(|(p, e)| doc! { p: { "$exists": e } }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn raw_matcher_agrees_with_filter(f in filter(), a in value(), b in value()) {
        let d = doc! { "a": a, "b": b };
        let (owned, raw) = both(&f, &d);
        prop_assert_eq!(owned, raw, "filter {} on {}", f, d);
    }

    /// Conjunctions: the scan's byte pre-check takes one leaf's value.
    #[test]
    fn raw_matcher_agrees_on_conjunctions(f in filter(), g in filter(), a in value(), b in value()) {
        let both_filters = doc! { "$and": [f, g] };
        let d = doc! { "a": a, "b": b };
        let (owned, raw) = both(&both_filters, &d);
        prop_assert_eq!(owned, raw, "filter {} on {}", both_filters, d);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Damaged bytes end the walk; they never panic the matcher.
    #[test]
    fn raw_matcher_survives_arbitrary_bytes(mut bytes in prop::collection::vec(any::<u8>(), 5..64)) {
        let len = bytes.len() as i32;
        if let Some(header) = bytes.get_mut(..4) {
            header.copy_from_slice(&len.to_le_bytes());
        }
        if let Some(last) = bytes.last_mut() {
            *last = 0;
        }
        if let Ok(raw) = bson::RawDocument::from_bytes(&bytes) {
            let filter = Filter::parse(&doc! { "a.b": { "$in": [1, "x"] } }).expect("parses");
            let _ = filter.matches_raw(raw);
        }
    }
}

#[test]
fn text_equalities_give_the_scan_a_needle() {
    for filter in [
        doc! { "a": "MK042" },
        doc! { "a.b": { "$eq": "x" }, "c": { "$gt": 1 } },
        doc! { "$and": [{ "c": 1 }, { "a": "x" }] },
    ] {
        let parsed = Filter::parse(&filter).expect("parses");
        assert!(parsed.has_needle(), "{filter}");
    }
    for filter in [
        doc! { "a": 1 },
        doc! { "a": { "$ne": "x" } },
        doc! { "$or": [{ "a": "x" }, { "b": "x" }] },
    ] {
        let parsed = Filter::parse(&filter).expect("parses");
        assert!(!parsed.has_needle(), "{filter}");
    }
}
