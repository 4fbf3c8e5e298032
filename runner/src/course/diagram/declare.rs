//! What a lesson declares to draw: `[[gambar]]` tables of `pelajaran.toml`.

use serde::Deserialize;

/// One picture: MongoDB collections with their references, or a DynamoDB item
/// collection with the index that re-partitions it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Picture {
    pub nama: String,
    /// The author's caption, shown under the picture.
    pub keterangan: String,
    #[serde(default)]
    pub koleksi: Vec<CollectionBox>,
    #[serde(default)]
    pub rujukan: Vec<Reference>,
    #[serde(default)]
    pub dynamodb: Option<ItemCollection>,
    /// The picture this one changes: both are drawn side by side, this one second.
    #[serde(default)]
    pub sebelum: Option<String>,
}

/// A collection drawn as a box; a field holding documents is drawn nested, with its
/// dotted sub-fields when some are listed, else with every sub-field the data has.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectionBox {
    pub nama: String,
    pub field: Vec<String>,
}

/// `dari = "koleksi.field"` holds values of `ke = "koleksi.field"`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    pub dari: String,
    pub ke: String,
    pub kardinalitas: Cardinality,
    /// The largest array `terbatas` allows.
    #[serde(default)]
    pub batas: Option<u64>,
    /// Values the data holds on purpose with no target (the orphan a chapter teaches
    /// to find): an ObjectId as its hex digits, a string as itself.
    #[serde(default)]
    pub menggantung: Vec<String>,
}

/// How many targets one source document points to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cardinality {
    /// One value, never an array.
    Satu,
    /// An array of ids.
    Banyak,
    /// An array of ids no longer than `batas`.
    Terbatas,
    /// An array of ids that keeps growing: drawn as a warning.
    TakTerbatas,
}

/// One partition of a table stacked by sort key, and optionally a GSI beside it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemCollection {
    pub tabel: String,
    /// The partition key value whose items are drawn (`WS#acme`).
    pub partisi: String,
    /// Every item's kind, by the prefix of its sort key.
    pub jenis: Vec<ItemKind>,
    #[serde(default)]
    pub indeks: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemKind {
    pub awalan: String,
    pub nama: String,
}

impl Reference {
    /// `(collection, field)` of the source.
    pub fn source(&self) -> (&str, &str) {
        split_path(&self.dari)
    }

    /// `(collection, field)` of the target.
    pub fn target(&self) -> (&str, &str) {
        split_path(&self.ke)
    }

    /// Whether the source holds an array of ids.
    pub fn is_array(&self) -> bool {
        self.kardinalitas != Cardinality::Satu
    }
}

/// `koleksi.field.sub` as `("koleksi", "field.sub")`.
fn split_path(path: &str) -> (&str, &str) {
    path.split_once('.').unwrap_or((path, ""))
}

impl ItemCollection {
    /// The declared kind an item with this sort key belongs to.
    pub fn kind_of(&self, sort_key: &str) -> Option<&ItemKind> {
        self.jenis.iter().find(|k| sort_key.starts_with(&k.awalan))
    }
}
