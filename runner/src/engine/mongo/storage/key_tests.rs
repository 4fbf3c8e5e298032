//! Compact keys must sort exactly like the owned values they encode.

use std::cmp::Ordering;

use bson::{doc, Bson};
use proptest::prelude::*;

use super::key::Key;
use crate::engine::mongo::value::compare_values;

fn value() -> impl Strategy<Value = Bson> {
    let scalar = prop_oneof![
        (-3i32..4).prop_map(Bson::Int32),
        (-3i64..4).prop_map(Bson::Int64),
        prop_oneof![Just(0.5), Just(1.0), Just(-2.0), Just(f64::NAN)].prop_map(Bson::Double),
        prop_oneof![
            Just("a"),
            Just("ab"),
            Just("a much longer string than fits")
        ]
        .prop_map(|s| Bson::String(s.into())),
        Just(Bson::Null),
        Just(Bson::MinKey),
        Just(Bson::MaxKey),
        any::<bool>().prop_map(Bson::Boolean),
    ];
    scalar.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Bson::Array),
            inner.prop_map(|b| Bson::Document(doc! { "b": b })),
        ]
    })
}

#[test]
fn keys_round_trip_their_values() {
    let values = [Bson::String("MK042".into()), Bson::Int32(7)];
    let key = Key::new([(&values[0], false), (&values[1], true)]);
    assert_eq!(key.values(), values.to_vec());
    let directions: Vec<bool> = key.parts().map(|(_, d)| d).collect();
    assert_eq!(directions, vec![false, true]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn key_order_is_bson_order(a in value(), b in value(), c in value(), d in value()) {
        let owned = compare_values(&a, &b)
            .then_with(|| compare_values(&c, &d).reverse());
        let left = Key::new([(&a, false), (&c, true)]);
        let right = Key::new([(&b, false), (&d, true)]);
        prop_assert_eq!(left.cmp(&right), owned);
        prop_assert_eq!(Key::new([(&a, false)]).cmp(&left), Ordering::Less);
    }
}

#[test]
fn scalar_keys_are_encoded_as_the_serializer_would() {
    let values = [
        Bson::String("M0000001".into()),
        Bson::Int32(-5),
        Bson::Int64(1 << 40),
        Bson::Double(2.5),
        Bson::Boolean(true),
        Bson::Null,
        Bson::ObjectId(bson::oid::ObjectId::from_bytes([7; 12])),
        Bson::DateTime(bson::DateTime::from_millis(-3)),
    ];
    for value in &values {
        let key = Key::new([(value, false), (value, true)]);
        assert_eq!(key.values(), vec![value.clone(), value.clone()]);
    }
}
