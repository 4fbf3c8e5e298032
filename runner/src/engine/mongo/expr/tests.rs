//! Expression evaluator tests: paths, missing vs null, and each operator family.

use bson::{bson, doc, Bson, Document};

use super::{evaluate, validate, Vars};
use crate::engine::mongo::MongoError;

fn sample() -> Document {
    doc! {
        "_id": "M001",
        "nama": "Andi",
        "n": 7,
        "x": 2.5,
        "kosong": Bson::Null,
        "mk": ["TSA201", "TSA301"],
        "hasil": [ { "mk": "A", "skor": 90 }, { "mk": "B" }, 5, { "mk": "C", "skor": 75 } ],
        "alamat": { "kota": "Bandung" },
    }
}

fn eval(expr: Bson) -> Result<Option<Bson>, MongoError> {
    evaluate(&expr, &sample(), &Vars::new())
}

fn ok(expr: Bson) -> Option<Bson> {
    match eval(expr.clone()) {
        Ok(v) => v,
        Err(e) => panic!("{expr:?} failed: {e:?}"),
    }
}

fn err(expr: Bson) -> MongoError {
    match eval(expr.clone()) {
        Ok(v) => panic!("{expr:?} should fail, gave {v:?}"),
        Err(e) => e,
    }
}

#[test]
fn field_paths_read_through_arrays_and_skip_missing() {
    assert_eq!(ok(bson!("$hasil.skor")), Some(bson!([90, 75])));
    assert_eq!(ok(bson!("$alamat.kota")), Some(bson!("Bandung")));
    assert_eq!(ok(bson!("$tidakAda")), None);
    assert_eq!(ok(bson!("$kosong")), Some(Bson::Null));
    assert_eq!(ok(bson!("$nama.x")), None);
}

#[test]
fn system_variables_and_let() {
    assert_eq!(ok(bson!("$$ROOT.nama")), Some(bson!("Andi")));
    assert_eq!(ok(bson!("$$CURRENT.n")), Some(bson!(7)));
    assert_eq!(ok(bson!("$$REMOVE")), None);
    let e = bson!({ "$let": { "vars": { "d": { "$multiply": ["$n", 2] } }, "in": { "$add": ["$$d", 1] } } });
    assert_eq!(ok(e), Some(bson!(15)));
    let e = err(bson!("$$tidak"));
    assert_eq!(
        (e.code, e.message.as_str()),
        (17276, "Use of undefined variable: tidak")
    );
}

#[test]
fn object_expressions_omit_missing_and_arrays_turn_missing_into_null() {
    assert_eq!(
        ok(bson!({ "a": "$nama", "b": "$tidakAda" })),
        Some(bson!({ "a": "Andi" }))
    );
    assert_eq!(ok(bson!(["$n", "$tidakAda"])), Some(bson!([7, Bson::Null])));
    assert_eq!(ok(bson!({ "$literal": "$nama" })), Some(bson!("$nama")));
}

#[test]
fn arithmetic_widens_and_reports_types() {
    assert_eq!(ok(bson!({ "$add": [1, 2] })), Some(Bson::Int32(3)));
    assert_eq!(
        ok(bson!({ "$add": [i32::MAX, 1] })),
        Some(Bson::Int64(i64::from(i32::MAX) + 1))
    );
    assert_eq!(ok(bson!({ "$add": ["$n", "$x"] })), Some(Bson::Double(9.5)));
    assert_eq!(ok(bson!({ "$add": ["$n", "$tidakAda"] })), Some(Bson::Null));
    assert_eq!(
        err(bson!({ "$add": ["$nama", 1] })).message,
        "$add only supports numeric or date types, not string"
    );
    assert_eq!(ok(bson!({ "$subtract": [10, 4] })), Some(Bson::Int32(6)));
    assert_eq!(
        err(bson!({ "$subtract": ["$nama", 1] })).message,
        "cant $subtract a int from a string"
    );
    assert_eq!(
        ok(bson!({ "$multiply": [3, 2.0] })),
        Some(Bson::Double(6.0))
    );
    assert_eq!(ok(bson!({ "$divide": [7, 2] })), Some(Bson::Double(3.5)));
    assert_eq!(err(bson!({ "$divide": [1, 0] })).code, 16608);
    assert_eq!(ok(bson!({ "$mod": [7, 3] })), Some(Bson::Int32(1)));
    assert_eq!(ok(bson!({ "$abs": -4 })), Some(Bson::Int32(4)));
    assert_eq!(ok(bson!({ "$floor": 2.7 })), Some(Bson::Double(2.0)));
    assert_eq!(ok(bson!({ "$ceil": 2.1 })), Some(Bson::Double(3.0)));
    assert_eq!(ok(bson!({ "$round": [2.5, 0] })), Some(Bson::Double(2.0)));
    assert_eq!(ok(bson!({ "$round": [3.5] })), Some(Bson::Double(4.0)));
    assert_eq!(ok(bson!({ "$round": [1234, -2] })), Some(Bson::Int32(1200)));
    assert_eq!(ok(bson!({ "$trunc": [-2.7] })), Some(Bson::Double(-2.0)));
    assert_eq!(ok(bson!({ "$sqrt": 16 })), Some(Bson::Double(4.0)));
    assert_eq!(ok(bson!({ "$pow": [2, 10] })), Some(Bson::Int32(1024)));
}

#[test]
fn dates_add_milliseconds() {
    let date = bson::DateTime::from_millis(1_000);
    let root = doc! { "d": date };
    let got = evaluate(&bson!({ "$add": ["$d", 500] }), &root, &Vars::new())
        .ok()
        .flatten();
    assert_eq!(
        got,
        Some(Bson::DateTime(bson::DateTime::from_millis(1_500)))
    );
    let diff = evaluate(&bson!({ "$subtract": ["$d", "$d"] }), &root, &Vars::new())
        .ok()
        .flatten();
    assert_eq!(diff, Some(Bson::Int64(0)));
}

#[test]
fn comparisons_use_bson_order_with_missing_below_null() {
    assert_eq!(ok(bson!({ "$eq": ["$n", 7.0] })), Some(bson!(true)));
    assert_eq!(
        ok(bson!({ "$eq": ["$tidakAda", null] })),
        Some(bson!(false))
    );
    assert_eq!(ok(bson!({ "$lt": ["$tidakAda", null] })), Some(bson!(true)));
    assert_eq!(ok(bson!({ "$gt": ["$nama", 100] })), Some(bson!(true)));
    assert_eq!(ok(bson!({ "$cmp": ["a", "b"] })), Some(bson!(-1)));
    assert_eq!(ok(bson!({ "$ne": ["$n", 8] })), Some(bson!(true)));
    assert_eq!(
        ok(bson!({ "$gte": [{ "a": 1 }, "zzz"] })),
        Some(bson!(true))
    );
}

#[test]
fn boolean_operators_use_server_truthiness() {
    assert_eq!(ok(bson!({ "$and": [1, "x", [] ] })), Some(bson!(true)));
    assert_eq!(ok(bson!({ "$and": [1, 0] })), Some(bson!(false)));
    assert_eq!(
        ok(bson!({ "$or": [null, "$tidakAda", 0.0] })),
        Some(bson!(false))
    );
    assert_eq!(ok(bson!({ "$not": ["$kosong"] })), Some(bson!(true)));
}

#[test]
fn conditionals() {
    assert_eq!(
        ok(bson!({ "$cond": [{ "$gt": ["$n", 5] }, "besar", "kecil"] })),
        Some(bson!("besar"))
    );
    assert_eq!(
        ok(bson!({ "$cond": { "if": false, "then": 1, "else": 2 } })),
        Some(bson!(2))
    );
    assert_eq!(
        ok(bson!({ "$ifNull": ["$kosong", "$tidakAda", "d"] })),
        Some(bson!("d"))
    );
    assert_eq!(
        ok(bson!({ "$ifNull": ["$nama", "d"] })),
        Some(bson!("Andi"))
    );
    let sw = bson!({ "$switch": { "branches": [ { "case": { "$eq": ["$n", 1] }, "then": "satu" } ], "default": "lain" } });
    assert_eq!(ok(sw), Some(bson!("lain")));
    assert_eq!(err(bson!({ "$switch": { "branches": [] } })).code, 40066);
}

#[test]
fn size_requires_an_array() {
    assert_eq!(ok(bson!({ "$size": "$mk" })), Some(bson!(2)));
    assert_eq!(
        ok(bson!({ "$size": { "$ifNull": ["$tidakAda", []] } })),
        Some(bson!(0))
    );
    let e = err(bson!({ "$size": "$tidakAda" }));
    assert_eq!(e.code, 17124);
    assert_eq!(e.code_name, "Location17124");
    assert_eq!(
        e.message,
        "The argument to $size must be an array, but was of type: missing"
    );
    assert_eq!(
        err(bson!({ "$size": [1, 2] })).message,
        "Expression $size takes exactly 1 arguments. 2 were passed in."
    );
}

#[test]
fn array_access_operators() {
    assert_eq!(
        ok(bson!({ "$arrayElemAt": ["$mk", -1] })),
        Some(bson!("TSA301"))
    );
    assert_eq!(ok(bson!({ "$arrayElemAt": ["$mk", 5] })), None);
    assert_eq!(
        ok(bson!({ "$arrayElemAt": ["$tidakAda", 0] })),
        Some(Bson::Null)
    );
    assert_eq!(ok(bson!({ "$first": "$mk" })), Some(bson!("TSA201")));
    assert_eq!(ok(bson!({ "$last": "$mk" })), Some(bson!("TSA301")));
    assert_eq!(ok(bson!({ "$in": ["TSA301", "$mk"] })), Some(bson!(true)));
    assert_eq!(
        err(bson!({ "$in": ["x", "$tidakAda"] })).message,
        "$in requires an array as a second argument, found: missing"
    );
    assert_eq!(ok(bson!({ "$isArray": ["$mk"] })), Some(bson!(true)));
    assert_eq!(
        ok(bson!({ "$reverseArray": "$mk" })),
        Some(bson!(["TSA301", "TSA201"]))
    );
    assert_eq!(
        ok(bson!({ "$concatArrays": ["$mk", [1]] })),
        Some(bson!(["TSA201", "TSA301", 1]))
    );
    assert_eq!(
        ok(bson!({ "$concatArrays": ["$mk", "$tidakAda"] })),
        Some(Bson::Null)
    );
    assert_eq!(
        ok(bson!({ "$slice": [[1, 2, 3, 4], -2] })),
        Some(bson!([3, 4]))
    );
    assert_eq!(
        ok(bson!({ "$slice": [[1, 2, 3, 4], 1, 2] })),
        Some(bson!([2, 3]))
    );
    assert_eq!(
        ok(bson!({ "$indexOfArray": ["$mk", "TSA301"] })),
        Some(bson!(1))
    );
    assert_eq!(ok(bson!({ "$range": [0, 6, 2] })), Some(bson!([0, 2, 4])));
}

#[test]
fn filter_map_reduce_bind_variables() {
    let f =
        bson!({ "$filter": { "input": [1, 5, 9], "as": "v", "cond": { "$gt": ["$$v", "$n"] } } });
    assert_eq!(ok(f), Some(bson!([9])));
    let m = bson!({ "$map": { "input": "$mk", "in": { "$concat": ["$$this", "!"] } } });
    assert_eq!(ok(m), Some(bson!(["TSA201!", "TSA301!"])));
    let r = bson!({ "$reduce": { "input": [1, 2, 3], "initialValue": 0, "in": { "$add": ["$$value", "$$this"] } } });
    assert_eq!(ok(r), Some(bson!(6)));
    assert_eq!(
        ok(bson!({ "$map": { "input": "$tidakAda", "in": 1 } })),
        Some(Bson::Null)
    );
    assert_eq!(
        err(bson!({ "$filter": { "input": "$nama", "cond": true } })).code,
        28651
    );
}

#[test]
fn string_operators() {
    assert_eq!(
        ok(bson!({ "$concat": ["$nama", " ", "$alamat.kota"] })),
        Some(bson!("Andi Bandung"))
    );
    assert_eq!(
        ok(bson!({ "$concat": ["$nama", "$tidakAda"] })),
        Some(Bson::Null)
    );
    assert_eq!(
        err(bson!({ "$concat": ["$nama", 1] })).message,
        "$concat only supports strings, not int"
    );
    assert_eq!(ok(bson!({ "$toUpper": "$nama" })), Some(bson!("ANDI")));
    assert_eq!(ok(bson!({ "$toLower": "$tidakAda" })), Some(bson!("")));
    assert_eq!(
        ok(bson!({ "$substrCP": ["Bandung", 1, 3] })),
        Some(bson!("and"))
    );
    assert_eq!(
        ok(bson!({ "$substr": ["Bandung", 0, 4] })),
        Some(bson!("Band"))
    );
    assert_eq!(
        ok(bson!({ "$split": ["a-b-c", "-"] })),
        Some(bson!(["a", "b", "c"]))
    );
    assert_eq!(ok(bson!({ "$strLenCP": "héé" })), Some(bson!(3)));
    assert_eq!(
        err(bson!({ "$strLenCP": "$tidakAda" })).message,
        "$strLenCP requires a string argument, found: missing"
    );
    assert_eq!(
        ok(bson!({ "$trim": { "input": "  x  " } })),
        Some(bson!("x"))
    );
    assert_eq!(
        ok(bson!({ "$ltrim": { "input": "xxy", "chars": "x" } })),
        Some(bson!("y"))
    );
}

#[test]
fn type_and_conversion_operators() {
    assert_eq!(ok(bson!({ "$type": "$tidakAda" })), Some(bson!("missing")));
    assert_eq!(ok(bson!({ "$type": "$mk" })), Some(bson!("array")));
    assert_eq!(ok(bson!({ "$toString": "$n" })), Some(bson!("7")));
    assert_eq!(ok(bson!({ "$toString": "$x" })), Some(bson!("2.5")));
    assert_eq!(ok(bson!({ "$toInt": "12" })), Some(bson!(12)));
    assert_eq!(ok(bson!({ "$toInt": 2.9 })), Some(bson!(2)));
    assert_eq!(ok(bson!({ "$toDouble": "1.5" })), Some(bson!(1.5)));
    assert_eq!(ok(bson!({ "$toBool": 0 })), Some(bson!(false)));
    let e = err(bson!({ "$toInt": "abc" }));
    assert_eq!((e.code, e.code_name.as_str()), (241, "ConversionFailure"));
    let c = bson!({ "$convert": { "input": "abc", "to": "int", "onError": -1 } });
    assert_eq!(ok(c), Some(bson!(-1)));
    let c = bson!({ "$convert": { "input": "$tidakAda", "to": "int", "onNull": 0 } });
    assert_eq!(ok(c), Some(bson!(0)));
    assert_eq!(
        ok(bson!({ "$mergeObjects": ["$alamat", { "kode": 1 }] })),
        Some(bson!({ "kota": "Bandung", "kode": 1 }))
    );
}

#[test]
fn set_operators() {
    assert_eq!(
        ok(bson!({ "$setUnion": [[1, 2], [2, 3]] })),
        Some(bson!([1, 2, 3]))
    );
    assert_eq!(
        ok(bson!({ "$setIntersection": [[1, 2], [2, 3]] })),
        Some(bson!([2]))
    );
    assert_eq!(
        ok(bson!({ "$setDifference": [[1, 2], [2, 3]] })),
        Some(bson!([1]))
    );
    assert_eq!(
        ok(bson!({ "$setIsSubset": [[1], [2, 1]] })),
        Some(bson!(true))
    );
    assert_eq!(
        ok(bson!({ "$setEquals": [[1, 2], [2, 1, 1]] })),
        Some(bson!(true))
    );
}

#[test]
fn unknown_operators_and_bad_shapes_are_rejected() {
    let e = err(bson!({ "$tidak": 1 }));
    assert_eq!(
        (e.code, e.code_name.as_str()),
        (168, "InvalidPipelineOperator")
    );
    assert_eq!(e.message, "Unrecognized expression '$tidak'");
    assert_eq!(
        validate(&bson!({ "a": { "$tidak": 1 } })).map_err(|e| e.code),
        Err(168)
    );
    assert_eq!(validate(&bson!({ "$literal": { "$tidak": 1 } })), Ok(()));
    assert_eq!(err(bson!({ "$add": [1], "x": 1 })).code, 15983);
    assert_eq!(err(bson!("$")).code, 16872);
}

#[test]
fn date_operators_read_utc_fields() {
    let root = doc! { "d": bson::DateTime::from_millis(1_709_251_199_123), "s": "x" };
    let run = |e: Bson| evaluate(&e, &root, &Vars::new());
    assert_eq!(run(bson!({ "$year": "$d" })), Ok(Some(bson!(2024))));
    assert_eq!(
        run(bson!({ "$month": { "date": "$d" } })),
        Ok(Some(bson!(2)))
    );
    assert_eq!(run(bson!({ "$dayOfWeek": "$d" })), Ok(Some(bson!(5))));
    assert_eq!(run(bson!({ "$year": "$tidakAda" })), Ok(Some(Bson::Null)));
    let s = run(bson!({ "$dateToString": { "format": "%d/%m/%Y", "date": "$d" } }));
    assert_eq!(s, Ok(Some(bson!("29/02/2024"))));
    let e = run(bson!({ "$year": "$s" })).err().map(|e| e.message);
    assert_eq!(
        e.as_deref(),
        Some("can't convert from BSON type string to Date")
    );
}

#[test]
fn sum_avg_min_max_as_expressions() {
    let root = doc! { "nilai": [80, 90.5, "x", null], "a": 1, "b": 2 };
    let run = |e: Bson| evaluate(&e, &root, &Vars::new());
    assert_eq!(
        run(bson!({ "$sum": "$nilai" })),
        Ok(Some(Bson::Double(170.5)))
    );
    assert_eq!(
        run(bson!({ "$sum": ["$a", "$b", "$nilai"] })),
        Ok(Some(Bson::Int32(3)))
    );
    assert_eq!(
        run(bson!({ "$sum": "$tidakAda" })),
        Ok(Some(Bson::Int32(0)))
    );
    assert_eq!(
        run(bson!({ "$avg": ["$a", "$b"] })),
        Ok(Some(Bson::Double(1.5)))
    );
    assert_eq!(run(bson!({ "$avg": "$tidakAda" })), Ok(Some(Bson::Null)));
    assert_eq!(run(bson!({ "$max": "$nilai" })), Ok(Some(bson!("x"))));
    assert_eq!(run(bson!({ "$min": "$nilai" })), Ok(Some(bson!(80))));
    assert_eq!(
        run(bson!({ "$toString": bson::DateTime::from_millis(0) })),
        Ok(Some(bson!("1970-01-01T00:00:00.000Z")))
    );
}

const ALL_OPERATORS: &[&str] = &[
    "$add",
    "$subtract",
    "$multiply",
    "$divide",
    "$mod",
    "$abs",
    "$ceil",
    "$floor",
    "$round",
    "$trunc",
    "$sqrt",
    "$pow",
    "$sum",
    "$avg",
    "$min",
    "$max",
    "$eq",
    "$ne",
    "$gt",
    "$gte",
    "$lt",
    "$lte",
    "$cmp",
    "$and",
    "$or",
    "$not",
    "$cond",
    "$ifNull",
    "$switch",
    "$size",
    "$arrayElemAt",
    "$first",
    "$last",
    "$in",
    "$indexOfArray",
    "$filter",
    "$map",
    "$reduce",
    "$concatArrays",
    "$slice",
    "$reverseArray",
    "$isArray",
    "$range",
    "$concat",
    "$toUpper",
    "$toLower",
    "$substr",
    "$substrBytes",
    "$substrCP",
    "$split",
    "$strLenCP",
    "$strLenBytes",
    "$trim",
    "$ltrim",
    "$rtrim",
    "$strcasecmp",
    "$type",
    "$isNumber",
    "$literal",
    "$convert",
    "$toString",
    "$toInt",
    "$toLong",
    "$toDouble",
    "$toDecimal",
    "$toBool",
    "$toObjectId",
    "$toDate",
    "$mergeObjects",
    "$objectToArray",
    "$arrayToObject",
    "$setUnion",
    "$setIntersection",
    "$setDifference",
    "$setEquals",
    "$setIsSubset",
    "$anyElementTrue",
    "$allElementsTrue",
    "$let",
    "$year",
    "$month",
    "$dayOfMonth",
    "$hour",
    "$minute",
    "$second",
    "$millisecond",
    "$dayOfWeek",
    "$dayOfYear",
    "$dateToString",
    "$dateFromString",
];

fn awkward_arguments() -> Vec<Bson> {
    vec![
        Bson::Null,
        bson!("$tidakAda"),
        bson!("teks"),
        bson!(i32::MIN),
        bson!(i64::MIN),
        bson!(f64::NAN),
        bson!(-1e300),
        bson!([]),
        bson!([i32::MIN, -1]),
        bson!([1, i32::MIN]),
        bson!([i64::MIN, i64::MIN]),
        bson!([[1, 2], -2, 1]),
        bson!(["$mk", i64::MIN, i64::MAX]),
        bson!(["$hasil", "$nama", "$x", "$kosong"]),
        bson!({}),
        bson!({ "input": "$mk", "as": "v", "cond": "$$v", "in": "$$v", "initialValue": 0, "vars": {} }),
        bson!({ "date": "$nama", "format": "%", "dateString": "99999999-1-1", "to": "int" }),
        bson!({ "branches": [1], "if": 1, "then": 2, "else": 3 }),
    ]
}

#[test]
fn no_operator_panics_on_awkward_arguments() {
    let root = sample();
    for name in ALL_OPERATORS {
        assert!(super::is_operator(name), "{name} is not registered");
        for arg in awkward_arguments() {
            let mut spec = Document::new();
            spec.insert(*name, arg);
            let _ = evaluate(&Bson::Document(spec), &root, &Vars::new());
        }
    }
}
