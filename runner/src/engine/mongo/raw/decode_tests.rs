//! The engine's decoder must produce exactly what the `bson` crate does.

use bson::oid::ObjectId;
use bson::{doc, Binary, Bson, DateTime, Document, RawDocumentBuf, Timestamp};
use proptest::prelude::*;

use super::decode;

fn value() -> impl Strategy<Value = Bson> {
    let scalar = prop_oneof![
        any::<i32>().prop_map(Bson::Int32),
        any::<i64>().prop_map(Bson::Int64),
        any::<f64>().prop_map(Bson::Double),
        ".{0,6}".prop_map(Bson::String),
        Just(Bson::Null),
        any::<bool>().prop_map(Bson::Boolean),
        Just(Bson::Undefined),
        Just(Bson::MinKey),
        Just(Bson::MaxKey),
        any::<i64>().prop_map(|t| Bson::DateTime(DateTime::from_millis(t))),
        any::<[u8; 12]>().prop_map(|b| Bson::ObjectId(ObjectId::from_bytes(b))),
        (any::<u32>(), any::<u32>())
            .prop_map(|(time, increment)| Bson::Timestamp(Timestamp { time, increment })),
        prop::collection::vec(any::<u8>(), 0..4).prop_map(|bytes| Bson::Binary(Binary {
            subtype: bson::spec::BinarySubtype::Generic,
            bytes
        })),
    ];
    scalar.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Bson::Array),
            prop::collection::vec(("[a-z]{1,3}", inner), 0..4)
                .prop_map(|fields| Bson::Document(fields.into_iter().collect::<Document>())),
        ]
    })
}

fn bytes(doc: &Document) -> Vec<u8> {
    bson::to_vec(doc).expect("encodes")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn decode_matches_the_bson_crate(a in value(), b in value()) {
        let original = doc! { "a": a, "b": b };
        let raw = RawDocumentBuf::from_document(&original).expect("encodes");
        let ours = decode(&raw).expect("decodes");
        let theirs = Document::try_from(raw.as_ref()).expect("decodes");
        prop_assert_eq!(bytes(&ours), bytes(&theirs));
        prop_assert_eq!(bytes(&ours), bytes(&original));
    }
}
