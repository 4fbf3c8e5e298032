//! Plans for anchored regexes and `$elemMatch`: the index the server would
//! use, its bounds as explain prints them, and the same documents as a scan.

use bson::{doc, Bson, Document};

use crate::engine::mongo::{Engine, PlanRecord};

/// `docs` in `plain` and in `indexed`, the latter with `index`.
fn load(docs: &[Document], index: Document) -> Engine {
    let mut engine = Engine::new();
    for coll in ["plain", "indexed"] {
        let insert = doc! { "insert": coll, "documents": docs.to_vec() };
        engine.run_command("t", insert).expect("insert runs");
    }
    let create = doc! { "createIndexes": "indexed", "indexes": [{ "key": index, "name": "ix" }] };
    engine.run_command("t", create).expect("index builds");
    engine.take_plan_log();
    engine
}

/// The `_id`s `filter` finds (sorted) and the plan the find logged.
fn find(
    engine: &mut Engine,
    coll: &str,
    filter: &Document,
    hint: Option<Bson>,
) -> (Vec<Bson>, PlanRecord) {
    let mut command = doc! { "find": coll, "filter": filter.clone(), "batchSize": 1000 };
    if let Some(hint) = hint {
        command.insert("hint", hint);
    }
    let reply = engine.run_command("t", command).expect("find runs");
    let batch = reply
        .get_document("cursor")
        .and_then(|c| c.get_array("firstBatch"));
    let mut ids: Vec<Bson> = batch
        .map(|b| {
            b.iter()
                .filter_map(|d| d.as_document()?.get("_id").cloned())
                .collect()
        })
        .unwrap_or_default();
    ids.sort_by(crate::engine::mongo::value::compare_values);
    let plan = engine.take_plan_log().pop().expect("find logs its plan");
    (ids, plan)
}

/// The winning plan's IXSCAN bounds, as `explain` prints them.
fn index_bounds(engine: &mut Engine, coll: &str, filter: &Document) -> Document {
    let command =
        doc! { "explain": { "find": coll, "filter": filter.clone() }, "verbosity": "queryPlanner" };
    let reply = engine.run_command("t", command).expect("explain runs");
    let plan = reply
        .get_document("queryPlanner")
        .and_then(|q| q.get_document("winningPlan"));
    let ixscan = plan.and_then(|p| p.get_document("inputStage"));
    ixscan
        .and_then(|s| s.get_document("indexBounds"))
        .cloned()
        .expect("an IXSCAN")
}

fn strings(items: &[&str]) -> Bson {
    Bson::Array(items.iter().map(|s| Bson::String(s.to_string())).collect())
}

fn nama() -> Vec<Document> {
    ["Budi", "Budiman", "budi", "Bu", "Abud", "Bue", "Cika"]
        .iter()
        .zip(0..)
        .map(|(n, i)| doc! { "_id": i, "nama": *n })
        .collect()
}

#[test]
fn anchored_regex_scans_the_prefix_range_of_an_index() {
    let mut engine = load(&nama(), doc! { "nama": 1 });
    let filter = doc! { "nama": { "$regex": "^Bud" } };
    let (plain, _) = find(&mut engine, "plain", &filter, None);
    let (indexed, plan) = find(&mut engine, "indexed", &filter, None);
    assert_eq!(plain, indexed);
    assert_eq!(indexed, vec![Bson::Int32(0), Bson::Int32(1)]);
    assert_eq!(
        (plan.stage.as_str(), plan.index.as_deref()),
        ("IXSCAN", Some("ix"))
    );
    // Only the two keys in range (and the one just past it) are read.
    assert!(
        plan.docs_examined == 2 && plan.keys_examined <= 3,
        "{plan:?}"
    );
    let bounds = index_bounds(&mut engine, "indexed", &filter);
    assert_eq!(
        bounds.get("nama"),
        Some(&strings(&["[\"Bud\", \"Bue\")", "[/^Bud/, /^Bud/]"]))
    );
}

#[test]
fn anchored_regex_on_id_is_an_index_scan_not_idhack() {
    let docs: Vec<Document> = ["WS#acme#1", "WS#acme", "WS#acmf", "WS#acm", "XS#acme"]
        .iter()
        .map(|id| doc! { "_id": *id })
        .collect();
    let mut engine = load(&docs, doc! { "x": 1 });
    let filter = doc! { "_id": Bson::RegularExpression(bson::Regex { pattern: "^WS#acme".into(), options: String::new() }) };
    let (scanned, _) = find(
        &mut engine,
        "plain",
        &filter,
        Some(doc! { "$natural": 1 }.into()),
    );
    let (indexed, plan) = find(&mut engine, "plain", &filter, None);
    assert_eq!(scanned, indexed);
    assert_eq!(indexed.len(), 2);
    assert_eq!(
        (plan.stage.as_str(), plan.index.as_deref()),
        ("IXSCAN", Some("_id_"))
    );
    let bounds = index_bounds(&mut engine, "plain", &filter);
    let expected = strings(&["[\"WS#acme\", \"WS#acmf\")", "[/^WS#acme/, /^WS#acme/]"]);
    assert_eq!(bounds.get("_id"), Some(&expected));
}

#[test]
fn case_insensitive_or_unanchored_regex_does_not_bound_the_index() {
    let mut engine = load(&nama(), doc! { "nama": 1 });
    let insensitive = doc! { "nama": { "$regex": "^bud", "$options": "i" } };
    let unanchored = doc! { "nama": { "$regex": "bud" } };
    let alternation = doc! { "nama": { "$regex": "^Bud|Cik" } };
    for filter in [insensitive, unanchored, alternation] {
        let (plain, _) = find(&mut engine, "plain", &filter, None);
        let (indexed, plan) = find(&mut engine, "indexed", &filter, None);
        assert_eq!(plain, indexed, "{filter}");
        assert_eq!(plan.stage, "COLLSCAN", "{filter}");
    }
}

#[test]
fn regex_quantifier_drops_the_optional_character_from_the_prefix() {
    let mut engine = load(&nama(), doc! { "nama": 1 });
    let filter = doc! { "nama": { "$regex": "^Budi?" } };
    let (plain, _) = find(&mut engine, "plain", &filter, None);
    let (indexed, _) = find(&mut engine, "indexed", &filter, None);
    assert_eq!(plain, indexed);
    let bounds = index_bounds(&mut engine, "indexed", &filter);
    assert_eq!(
        bounds.get("nama"),
        Some(&strings(&["[\"Bud\", \"Bue\")", "[/^Budi?/, /^Budi?/]"]))
    );
}

fn kehadiran() -> Vec<Document> {
    vec![
        doc! { "_id": 1, "kehadiran": [{ "kode": "X", "pertemuan": 5 }, { "kode": "Y", "pertemuan": 6 }] },
        // Both values present, but in different elements: no match.
        doc! { "_id": 2, "kehadiran": [{ "kode": "X", "pertemuan": 6 }, { "kode": "Y", "pertemuan": 5 }] },
        doc! { "_id": 3, "kehadiran": [{ "kode": "X", "pertemuan": 5 }] },
        doc! { "_id": 4, "kehadiran": { "kode": "X", "pertemuan": 5 } },
        doc! { "_id": 5 },
    ]
}

#[test]
fn elem_match_bounds_both_fields_of_a_compound_multikey_index() {
    let index = doc! { "kehadiran.kode": 1, "kehadiran.pertemuan": 1 };
    let mut engine = load(&kehadiran(), index.clone());
    let filter = doc! { "kehadiran": { "$elemMatch": { "kode": "X", "pertemuan": 5 } } };
    let (plain, _) = find(&mut engine, "plain", &filter, None);
    let (indexed, plan) = find(&mut engine, "indexed", &filter, None);
    assert_eq!(plain, indexed);
    assert_eq!(indexed, vec![Bson::Int32(1), Bson::Int32(3)]);
    assert_eq!(plan.stage, "IXSCAN");
    assert_eq!(plan.index_key, Some(index));
    let bounds = index_bounds(&mut engine, "indexed", &filter);
    assert_eq!(
        bounds.get("kehadiran.kode"),
        Some(&strings(&["[\"X\", \"X\"]"]))
    );
    assert_eq!(
        bounds.get("kehadiran.pertemuan"),
        Some(&strings(&["[5, 5]"]))
    );
}

#[test]
fn elem_match_value_form_intersects_its_range_on_a_multikey_index() {
    let docs = vec![
        doc! { "_id": 1, "arr": [1, 4, 9] },
        // 2 and 6 each meet one condition, no element meets both.
        doc! { "_id": 2, "arr": [2, 6] },
        doc! { "_id": 3, "arr": [3] },
        doc! { "_id": 4, "arr": 4 },
    ];
    let mut engine = load(&docs, doc! { "arr": 1 });
    let filter = doc! { "arr": { "$elemMatch": { "$gte": 3, "$lt": 5 } } };
    let (plain, _) = find(&mut engine, "plain", &filter, None);
    let (indexed, plan) = find(&mut engine, "indexed", &filter, None);
    assert_eq!(plain, indexed);
    assert_eq!(indexed, vec![Bson::Int32(1), Bson::Int32(3)]);
    assert_eq!(plan.stage, "IXSCAN");
    let bounds = index_bounds(&mut engine, "indexed", &filter);
    assert_eq!(bounds.get("arr"), Some(&strings(&["[3, 5)"])));
}
