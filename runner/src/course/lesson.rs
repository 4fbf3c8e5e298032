//! `lessons/<id>/pelajaran.toml`: one lesson, its datasets and its exercises.

use super::error::{CourseError, Result};
use super::toml_file;
use crate::pesan;
use serde::Deserialize;
use std::path::Path;

pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    pub format_version: u32,
    pub id: String,
    pub judul: String,
    /// Chapter file under `book/src/`.
    pub bab: String,
    /// ObjectId seed (24 hex digits) for the chapter's examples and for grading.
    pub objectid: String,
    pub dataset: Datasets,
    #[serde(default)]
    pub latihan: Vec<Exercise>,
    /// Pictures of the data model the chapter places with `{{#gambar …}}`.
    #[serde(default)]
    pub gambar: Vec<super::diagram::Picture>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Datasets {
    /// What every exercise starts from.
    pub utama: DatasetFiles,
    /// Same shape, different data: grading replays the answer here too.
    pub varian: DatasetFiles,
}

#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatasetFiles {
    #[serde(default)]
    pub mongo: Vec<MongoFile>,
    #[serde(default)]
    pub dynamodb: Vec<DynamoFile>,
}

/// One collection as an Extended JSON array (mongoexport --jsonArray).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MongoFile {
    pub db: String,
    pub koleksi: String,
    pub berkas: String,
}

/// One table: CreateTable request JSON plus an array of typed items.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DynamoFile {
    pub tabel: String,
    #[serde(default)]
    pub item: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    pub id: String,
    pub judul: String,
    pub soal: String,
    pub penilaian: Grading,
    /// Collections (`koleksi` or `db.koleksi`) and tables whose final contents must
    /// equal what the reference solution leaves, on both datasets.
    #[serde(default)]
    pub keadaan: Vec<String>,
    /// In the state, the order of fields inside documents counts too.
    #[serde(default)]
    pub urutan_field: bool,
    #[serde(default)]
    pub efisiensi: Vec<Rule>,
    #[serde(default)]
    pub petunjuk: Vec<String>,
    pub solusi: String,
    /// What the answer statement prints on `utama` (none for `status`).
    #[serde(default)]
    pub keluaran: String,
    /// A design exercise's contract, data and checks (`penilaian = "rancangan"`).
    #[serde(default)]
    pub rancangan: Option<super::design::Spec>,
}

#[cfg(test)]
impl Exercise {
    /// An output exercise with only a reference solution, for tests of generators.
    pub fn for_tests(solusi: &str) -> Exercise {
        Exercise {
            id: "uji".to_string(),
            judul: String::new(),
            soal: String::new(),
            penilaian: Grading::Keluaran,
            keadaan: Vec::new(),
            urutan_field: false,
            efisiensi: Vec::new(),
            petunjuk: Vec::new(),
            solusi: solusi.to_string(),
            keluaran: String::new(),
            rancangan: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grading {
    Keluaran,
    KeluaranTanpaUrutan,
    Status,
    /// The learner's model, judged on generated data (see `design`).
    Rancangan,
}

/// An efficiency rule, judged on the answer's work (see `efficiency`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "RuleSpec")]
pub enum Rule {
    /// The answer's queries use the index with this key pattern, which exists at the end.
    PakaiIndeks { kunci: IndexKey },
    /// Exactly one DynamoDB Query (its further pages included) and no other request.
    SatuQuery,
    /// No DynamoDB Scan.
    TanpaScan,
    /// Items or documents read at most the expected result's size plus `lebih`.
    BacaSeperlunya { lebih: u64 },
    /// Items or documents sent back to the shell at most the reference's plus `lebih`:
    /// filtering and counting happen in the database, not in JavaScript.
    KirimSeperlunya { lebih: u64 },
    /// Exactly one `find` or `aggregate` command.
    SatuPerintah,
    /// Exactly one write command or DynamoDB write.
    SatuPembaruan,
    /// At most `nilai` read capacity units over the answer's DynamoDB requests.
    MaksRcu { nilai: f64 },
    /// The answer's DynamoDB requests go through this client (`dynamodb`, the
    /// low-level one, or `ddb`, the document client) and its output is printed as
    /// that client returns it.
    Klien { nama: String },
    /// The answer's DynamoDB requests are written with the expressions the reference
    /// uses: no legacy parameter, no PartiQL statement.
    PakaiEkspresi,
}

/// A rule as written: `{ aturan = "…", <its parameters> }`. Read as a plain table
/// (not an internally tagged enum, which would lose the key order of `kunci`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleSpec {
    aturan: String,
    kunci: Option<IndexKey>,
    lebih: Option<u64>,
    nilai: Option<f64>,
    nama: Option<String>,
}

impl TryFrom<RuleSpec> for Rule {
    type Error = String;

    fn try_from(spec: RuleSpec) -> std::result::Result<Rule, String> {
        let needs = |param: &str| pesan::aturan_perlu(&spec.aturan, param);
        let rule = match spec.aturan.as_str() {
            "pakai-indeks" => Rule::PakaiIndeks {
                kunci: spec.kunci.clone().ok_or_else(|| needs("kunci"))?,
            },
            "satu-query" => Rule::SatuQuery,
            "tanpa-scan" => Rule::TanpaScan,
            "pakai-ekspresi" => Rule::PakaiEkspresi,
            "baca-seperlunya" => Rule::BacaSeperlunya {
                lebih: spec.lebih.ok_or_else(|| needs("lebih"))?,
            },
            "kirim-seperlunya" => Rule::KirimSeperlunya {
                lebih: spec.lebih.ok_or_else(|| needs("lebih"))?,
            },
            "satu-perintah" => Rule::SatuPerintah,
            "satu-pembaruan" => Rule::SatuPembaruan,
            "maks-rcu" => Rule::MaksRcu {
                nilai: spec.nilai.ok_or_else(|| needs("nilai"))?,
            },
            "klien" => match spec.nama.as_deref() {
                Some(nama @ ("dynamodb" | "ddb")) => Rule::Klien {
                    nama: nama.to_string(),
                },
                _ => return Err(needs("nama")),
            },
            other => return Err(pesan::aturan_tidak_dikenal(other)),
        };
        Ok(rule)
    }
}

/// An index key pattern in the order the author wrote it (`{ a = 1, b = -1 }`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct IndexKey(pub bson::Document);

impl<'de> Deserialize<'de> for IndexKey {
    /// TOML tables come back sorted by name; the keys' spans give the written order.
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Self, D::Error> {
        let fields: std::collections::BTreeMap<toml::Spanned<String>, i32> =
            Deserialize::deserialize(deserializer)?;
        let mut fields: Vec<_> = fields.into_iter().collect();
        fields.sort_by_key(|(name, _)| name.span().start);
        let key = fields
            .into_iter()
            .map(|(name, order)| (name.into_inner(), bson::Bson::Int32(order)))
            .collect();
        Ok(IndexKey(key))
    }
}

impl LessonFile {
    /// Reads and validates `dir/pelajaran.toml`; `expected_id` is the folder name.
    pub fn load(dir: &Path, expected_id: &str) -> Result<LessonFile> {
        let path = dir.join("pelajaran.toml");
        let name = path.display().to_string();
        let lesson: LessonFile = toml_file::read(&path)?;
        lesson.validate(&name, expected_id)?;
        Ok(lesson)
    }

    pub fn parse(text: &str, name: &str, expected_id: &str) -> Result<LessonFile> {
        let lesson: LessonFile = toml_file::parse(text, name)?;
        lesson.validate(name, expected_id)?;
        Ok(lesson)
    }

    fn validate(&self, name: &str, expected_id: &str) -> Result<()> {
        toml_file::check_version(name, self.format_version, FORMAT_VERSION)?;
        if self.id != expected_id {
            return Err(CourseError::LessonIdMismatch {
                file: name.into(),
                id: self.id.clone(),
                folder: expected_id.to_string(),
            });
        }
        parse_seed(&self.objectid).ok_or_else(|| CourseError::BadObjectId {
            file: name.into(),
            hex: self.objectid.clone(),
        })?;
        self.latihan.iter().try_for_each(|ex| ex.validate(name))
    }

    /// The ObjectId seed as bytes (validated on load).
    pub fn seed(&self) -> Option<[u8; 12]> {
        parse_seed(&self.objectid)
    }
}

impl Exercise {
    fn validate(&self, name: &str) -> Result<()> {
        if self.penilaian == Grading::Status && self.keadaan.is_empty() {
            return Err(CourseError::StatusWithoutState {
                file: name.into(),
                exercise: self.id.clone(),
            });
        }
        if (self.penilaian == Grading::Rancangan) != self.rancangan.is_some() {
            return Err(CourseError::DesignWithoutSpec {
                file: name.into(),
                exercise: self.id.clone(),
            });
        }
        Ok(())
    }

    /// Whether the output of one statement is graded (else only the state or a model).
    pub fn grades_output(&self) -> bool {
        !matches!(self.penilaian, Grading::Status | Grading::Rancangan)
    }

    /// The design exercise's contract, when this is one.
    pub fn design(&self) -> Option<&super::design::Spec> {
        self.rancangan.as_ref()
    }
}

/// 24 hex digits to 12 bytes, read by bson's own ObjectId parser.
pub fn parse_seed(hex: &str) -> Option<[u8; 12]> {
    bson::oid::ObjectId::parse_str(hex)
        .ok()
        .map(|oid| oid.bytes())
}

#[cfg(test)]
mod tests {
    use super::parse_seed;

    #[test]
    fn seeds_are_read_as_object_ids() {
        let seed = parse_seed("65a1f0c2e4b0a1b2c3d4e5f6");
        assert_eq!(
            seed,
            Some([0x65, 0xa1, 0xf0, 0xc2, 0xe4, 0xb0, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6])
        );
        assert_eq!(parse_seed("65A1F0C2E4B0A1B2C3D4E5F6"), seed);
    }

    #[test]
    fn malformed_seeds_are_refused() {
        for bad in [
            "",
            "65a1f0c2e4b0a1b2c3d4e5f",
            "65a1f0c2e4b0a1b2c3d4e5fg",
            "+5a1f0c2e4b0a1b2c3d4e5f6",
        ] {
            assert_eq!(parse_seed(bad), None, "{bad}");
        }
    }
}
