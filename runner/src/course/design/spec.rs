//! `[latihan.rancangan]`: what a design exercise asks of the learner's model, written
//! by the lesson author. The JavaScript pieces (`data`, `argumen`, `acuan`, `sesudah`)
//! work on the domain records only, never on a model.

use serde::Deserialize;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    pub mesin: Engine,
    /// The MongoDB database the model's `db` points at.
    #[serde(default = "default_db")]
    pub db: String,
    /// Seed of the generated data: `utama` uses it, `miring` the next one.
    pub benih: u32,
    /// The starter file written into the learner's data folder.
    pub awal: String,
    /// `(acak, miring) => ({ rekaman: [...], panas: [...] })`: the domain records, and
    /// the hot tenant's records loaded after them (only when `miring`).
    pub data: String,
    pub ukuran: Limits,
    /// The largest share of the hot tenant's writes one partition key may take.
    #[serde(default)]
    pub sebaran: Option<f64>,
    pub bagian: Sections,
    pub pola: Vec<Pattern>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    Mongo,
    Dynamodb,
}

/// Bounds on what the model stores, after loading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Bytes of the largest document or item.
    pub dokumen: usize,
    /// Elements of the longest array (or DynamoDB list or set).
    pub larik: usize,
}

/// The chapter section feedback sends the learner to, per kind of problem.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sections {
    pub jawaban: String,
    pub anggaran: String,
    pub baca: String,
    pub ukuran: String,
    pub sumber: String,
    #[serde(default)]
    pub indeks: Option<String>,
    #[serde(default)]
    pub sebaran: Option<String>,
}

/// One access pattern: `pola.<nama>(...)`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pattern {
    pub nama: String,
    /// `(data, acak) => [[arg, ...], ...]`: the hidden arguments it is called with.
    pub argumen: String,
    /// `(data, ...args) => result` for a read; for an update, `(data, ...args) => {}`
    /// changes the records as the pattern must change the stored data.
    pub acuan: String,
    #[serde(default)]
    pub ubah: bool,
    /// For an update: `(data, ...args) => [[pattern, ...args], ...]`, the reads that
    /// must reflect the change.
    #[serde(default)]
    pub sesudah: Option<String>,
    /// Read requests allowed per call: `find`/`aggregate` commands, or DynamoDB
    /// Query/GetItem requests (a fan-out over N shards is N).
    #[serde(default = "one")]
    pub anggaran: usize,
    /// A section to reread for this pattern's problems, instead of the exercise's.
    #[serde(default)]
    pub bagian: Option<String>,
}

fn default_db() -> String {
    "rancang".to_string()
}

fn one() -> usize {
    1
}

impl Spec {
    pub fn pattern(&self, name: &str) -> Option<&Pattern> {
        self.pola.iter().find(|p| p.nama == name)
    }

    /// A problem the author made: an update without the reads that must see it.
    pub fn problem(&self) -> Option<String> {
        let update = self.pola.iter().find(|p| p.ubah && p.sesudah.is_none());
        update.map(|p| p.nama.clone())
    }
}
