//! The state an answer leaves: every document of the collections (and every item of
//! the tables) an exercise names, with their indexes, compared in full with what the
//! reference solution leaves. ObjectIds the engine generated compare by position.

use super::dataset::{Dataset, Table};
use super::shell_port::ShellPort;
use crate::pesan;
use bson::oid::ObjectId;
use bson::{Bson, Document};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};

#[derive(Debug, Clone, PartialEq, Default)]
pub struct State {
    pub parts: Vec<Part>,
}

/// One collection or table.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Part {
    pub name: String,
    pub is_table: bool,
    /// (identity, record), sorted by identity.
    pub records: Vec<(String, Bson)>,
    /// Index descriptions without their names, sorted.
    pub indexes: Vec<String>,
}

impl State {
    /// Reads `names` (collections, `db.collection`s or tables) from `shell`.
    pub fn capture<S: ShellPort + ?Sized>(
        shell: &mut S,
        dataset: &Dataset,
        names: &[String],
    ) -> State {
        if names.is_empty() {
            return State::default();
        }
        let mut ids = Positions::new(dataset);
        let parts = names
            .iter()
            .map(|name| match table_named(dataset, name) {
                Some(table) => table_part(shell, name, table),
                None => collection_part(shell, dataset, name, &mut ids),
            })
            .collect();
        State { parts }
    }

    /// The first difference from `want`, as a remark naming document and field;
    /// the order of fields only counts when `field_order` is asked.
    pub fn difference(&self, want: &State, field_order: bool) -> Option<String> {
        want.parts
            .iter()
            .zip(&self.parts)
            .find_map(|(w, g)| part_difference(w, g, field_order, false))
    }

    /// As [`State::difference`], for data the learner must not see: where the first
    /// difference is (record and field path), never the values.
    pub fn difference_hidden(&self, want: &State, field_order: bool) -> Option<String> {
        want.parts
            .iter()
            .zip(&self.parts)
            .find_map(|(w, g)| part_difference(w, g, field_order, true))
    }
}

fn table_named<'a>(dataset: &'a Dataset, name: &str) -> Option<&'a Table> {
    dataset
        .tables
        .iter()
        .find(|t| t.create.get("TableName").and_then(Value::as_str) == Some(name))
}

fn collection_part<S: ShellPort + ?Sized>(
    shell: &mut S,
    dataset: &Dataset,
    name: &str,
    ids: &mut Positions,
) -> Part {
    let (db, coll) = namespace(dataset, name);
    let found = shell.collection_state(db, coll);
    let mut records: Vec<(String, Bson)> = found
        .docs
        .into_iter()
        .map(|doc| ids.normalise(Bson::Document(doc)))
        .map(|doc| (identity_of(&doc), doc))
        .collect();
    records.sort_by(|(a, _), (b, _)| a.cmp(b));
    let mut indexes: Vec<String> = found.indexes.into_iter().map(index_description).collect();
    indexes.sort();
    Part {
        name: coll.to_string(),
        is_table: false,
        records,
        indexes,
    }
}

/// `koleksi` lives in the dataset's database; `db.koleksi` says where.
fn namespace<'a>(dataset: &'a Dataset, name: &'a str) -> (&'a str, &'a str) {
    name.split_once('.')
        .unwrap_or((dataset.default_db().unwrap_or("test"), name))
}

fn identity_of(doc: &Bson) -> String {
    let id = doc.as_document().and_then(|d| d.get("_id")).cloned();
    format!("{{ _id: {} }}", scalar(&id.unwrap_or(Bson::Null)))
}

/// An index key pattern as a learner writes it: `{ mahasiswaId: 1, mataKuliahId: 1 }`.
pub fn key_pattern(key: &Document) -> String {
    let fields: Vec<String> = key
        .iter()
        .map(|(k, v)| format!("{k}: {}", scalar(v)))
        .collect();
    format!("{{ {} }}", fields.join(", "))
}

/// Strings quoted as mongosh prints them, other values as Extended JSON.
fn scalar(value: &Bson) -> String {
    match value {
        Bson::String(s) => format!("'{s}'"),
        other => shown(other),
    }
}

/// An index by key pattern and options: its name is the learner's choice.
fn index_description(mut index: Document) -> String {
    index.remove("name");
    index.remove("v");
    index.remove("ns");
    shown(&Bson::Document(index))
}

/// A value as feedback shows it (relaxed Extended JSON).
pub fn shown(value: &Bson) -> String {
    value.clone().into_relaxed_extjson().to_string()
}

fn table_part<S: ShellPort + ?Sized>(shell: &mut S, name: &str, table: &Table) -> Part {
    let keys = key_attributes(table);
    let mut records: Vec<(String, Bson)> = scan_all(shell, name)
        .into_iter()
        .map(|item| {
            (
                item_identity(&keys, &item),
                Bson::try_from(item).unwrap_or(Bson::Null),
            )
        })
        .collect();
    records.sort_by(|(a, _), (b, _)| a.cmp(b));
    Part {
        name: name.to_string(),
        is_table: true,
        records,
        indexes: Vec::new(),
    }
}

/// `{ EntityRef: 'WS#acme', Detail: 'META' }`: the key attributes' plain values.
fn item_identity(keys: &[String], item: &Value) -> String {
    let fields: Vec<String> = keys
        .iter()
        .map(|k| {
            let typed = item.get(k).and_then(Value::as_object);
            let plain = typed
                .and_then(|t| t.values().next())
                .and_then(Value::as_str);
            format!("{k}: '{}'", plain.unwrap_or_default())
        })
        .collect();
    format!("{{ {} }}", fields.join(", "))
}

fn key_attributes(table: &Table) -> Vec<String> {
    let schema = table.create.get("KeySchema").and_then(Value::as_array);
    schema
        .into_iter()
        .flatten()
        .filter_map(|k| k.get("AttributeName").and_then(Value::as_str))
        .map(str::to_string)
        .collect()
}

/// Every item of the table, page by page.
pub(crate) fn scan_all<S: ShellPort + ?Sized>(shell: &mut S, table: &str) -> Vec<Value> {
    let mut items = Vec::new();
    let mut start: Option<Value> = None;
    loop {
        let mut request = json!({ "TableName": table });
        if let Some(key) = start.take() {
            request["ExclusiveStartKey"] = key;
        }
        let Ok(reply) = shell.dynamo_execute("Scan", request) else {
            return items;
        };
        let page = reply.get("Items").and_then(Value::as_array).cloned();
        items.extend(page.unwrap_or_default());
        match reply.get("LastEvaluatedKey") {
            Some(key) => start = Some(key.clone()),
            None => return items,
        }
    }
}

/// Replaces ObjectIds the dataset did not hold by their order of appearance.
struct Positions {
    known: HashSet<ObjectId>,
    seen: HashMap<ObjectId, usize>,
}

impl Positions {
    fn new(dataset: &Dataset) -> Positions {
        let mut known = HashSet::new();
        for doc in dataset.collections.iter().flat_map(|c| &c.docs) {
            doc.values().for_each(|v| collect_ids(v, &mut known));
        }
        Positions {
            known,
            seen: HashMap::new(),
        }
    }

    fn normalise(&mut self, value: Bson) -> Bson {
        match value {
            Bson::ObjectId(id) if !self.known.contains(&id) => {
                let next = self.seen.len() + 1;
                let n = *self.seen.entry(id).or_insert(next);
                Bson::String(pesan::objectid_baru(n))
            }
            Bson::Document(doc) => Bson::Document(
                doc.into_iter()
                    .map(|(k, v)| (k, self.normalise(v)))
                    .collect(),
            ),
            Bson::Array(items) => {
                Bson::Array(items.into_iter().map(|v| self.normalise(v)).collect())
            }
            other => other,
        }
    }
}

fn collect_ids(value: &Bson, ids: &mut HashSet<ObjectId>) {
    match value {
        Bson::ObjectId(id) => {
            ids.insert(*id);
        }
        Bson::Document(doc) => doc.values().for_each(|v| collect_ids(v, ids)),
        Bson::Array(items) => items.iter().for_each(|v| collect_ids(v, ids)),
        _ => {}
    }
}

fn part_difference(want: &Part, got: &Part, field_order: bool, hidden: bool) -> Option<String> {
    let label = pesan::bagian_keadaan(&want.name, want.is_table);
    let missing = want
        .records
        .iter()
        .find(|(id, _)| !got.records.iter().any(|(g, _)| g == id));
    let named = |id: &str| pesan::rekaman(want.is_table, id);
    if let Some((id, _)) = missing {
        return Some(pesan::keadaan_dokumen_hilang(&label, &named(id)));
    }
    let extra = got
        .records
        .iter()
        .find(|(id, _)| !want.records.iter().any(|(w, _)| w == id));
    if let Some((id, _)) = extra {
        return Some(pesan::keadaan_dokumen_lebih(&label, &named(id)));
    }
    let changed = want
        .records
        .iter()
        .zip(&got.records)
        .find_map(|((id, w), (_, g))| {
            value_difference("", w, g, field_order && !want.is_table)
                .map(|d| d.describe(&label, &named(id), want.is_table, hidden))
        });
    changed.or_else(|| index_difference(&label, &want.indexes, &got.indexes))
}

fn index_difference(label: &str, want: &[String], got: &[String]) -> Option<String> {
    if let Some(missing) = want.iter().find(|w| !got.contains(w)) {
        return Some(pesan::keadaan_indeks_hilang(label, missing));
    }
    got.iter()
        .find(|g| !want.contains(g))
        .map(|extra| pesan::keadaan_indeks_lebih(label, extra))
}

/// How one document differs, at which field path.
enum Difference {
    Missing(String),
    Extra(String),
    Value(String, String, String),
    Order(String),
}

impl Difference {
    fn describe(&self, label: &str, id: &str, table: bool, hidden: bool) -> String {
        let field = pesan::nama_bagian(table);
        match self {
            Difference::Value(path, _, _) if hidden => {
                pesan::keadaan_field_beda_tersembunyi(label, id, field, path)
            }
            Difference::Missing(path) => pesan::keadaan_field_hilang(label, id, field, path),
            Difference::Extra(path) => pesan::keadaan_field_lebih(label, id, field, path),
            Difference::Value(path, w, g) => {
                pesan::keadaan_field_beda(label, id, field, path, w, g)
            }
            Difference::Order(path) => pesan::keadaan_urutan_field(label, id, path),
        }
    }
}

fn value_difference(path: &str, want: &Bson, got: &Bson, ordered: bool) -> Option<Difference> {
    match (want, got) {
        (Bson::Document(w), Bson::Document(g)) => document_difference(path, w, g, ordered),
        (Bson::Array(w), Bson::Array(g)) if w.len() == g.len() && has_documents(w) => {
            w.iter().zip(g).enumerate().find_map(|(i, (w, g))| {
                value_difference(&join(path, &i.to_string()), w, g, ordered)
            })
        }
        _ if want == got => None,
        _ => Some(Difference::Value(
            path_or_root(path),
            shown(want),
            shown(got),
        )),
    }
}

/// Arrays of documents are compared element by element; others as a whole value.
fn has_documents(items: &[Bson]) -> bool {
    items.iter().any(|i| matches!(i, Bson::Document(_)))
}

fn document_difference(
    path: &str,
    want: &Document,
    got: &Document,
    ordered: bool,
) -> Option<Difference> {
    for (key, w) in want {
        let here = join(path, key);
        match got.get(key) {
            None => return Some(Difference::Missing(here)),
            Some(g) => {
                if let Some(d) = value_difference(&here, w, g, ordered) {
                    return Some(d);
                }
            }
        }
    }
    if let Some(key) = got.keys().find(|k| !want.contains_key(k.as_str())) {
        return Some(Difference::Extra(join(path, key)));
    }
    let same_order = want.keys().eq(got.keys());
    (ordered && !same_order).then(|| Difference::Order(path_or_root(path)))
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn path_or_root(path: &str) -> String {
    if path.is_empty() {
        pesan::SELURUH_DOKUMEN.to_string()
    } else {
        path.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::dataset::Collection;

    fn dataset_with(id: ObjectId) -> Dataset {
        Dataset {
            collections: vec![Collection {
                db: "kampus".into(),
                name: "m".into(),
                docs: vec![bson::doc! { "_id": id }],
            }],
            tables: Vec::new(),
        }
    }

    #[test]
    fn generated_object_ids_compare_by_position_known_ones_by_value() {
        let known = ObjectId::parse_str("6671b3a74c9e1a0033d5f301").unwrap();
        let (a, b) = (ObjectId::new(), ObjectId::new());
        let mut ids = Positions::new(&dataset_with(known));
        let doc = Bson::Document(bson::doc! { "x": [a, known, b, a] });
        let expected = Bson::Document(bson::doc! {
            "x": [pesan::objectid_baru(1), known, pesan::objectid_baru(2), pesan::objectid_baru(1)]
        });
        assert_eq!(ids.normalise(doc), expected);
    }

    #[test]
    fn differences_name_the_field_path_and_keep_types_apart() {
        let want = Bson::Document(bson::doc! { "a": { "b": 1_i32, "c": "x" } });
        let int64 = Bson::Document(bson::doc! { "a": { "b": 1_i64, "c": "x" } });
        match value_difference("", &want, &int64, false) {
            Some(Difference::Value(path, _, _)) => assert_eq!(path, "a.b"),
            _ => panic!("an Int64 is not an Int32"),
        }
        let dropped = Bson::Document(bson::doc! { "a": { "b": 1_i32 } });
        assert!(matches!(
            value_difference("", &want, &dropped, false),
            Some(Difference::Missing(p)) if p == "a.c"
        ));
        let reordered = Bson::Document(bson::doc! { "a": { "c": "x", "b": 1_i32 } });
        assert!(value_difference("", &want, &reordered, false).is_none());
        assert!(matches!(
            value_difference("", &want, &reordered, true),
            Some(Difference::Order(p)) if p == "a"
        ));
    }
}
