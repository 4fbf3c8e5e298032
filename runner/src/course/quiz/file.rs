//! `lessons/<id>/kuis.toml`: a chapter's concept checks. The answers that can be
//! computed (a statement's output, which candidate designs meet a requirement and by
//! what figure) are written in the file and `kursus periksa` recomputes them, so the
//! terminal and the book read them without running anything and a stale one fails.

use super::super::error::{CourseError, Result};
use super::super::files::CourseFiles;
use super::super::toml_file;
use crate::pesan::kuis as pesan;
use serde::Deserialize;
use std::path::Path;

pub const FILE_NAME: &str = "kuis.toml";
const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuizFile {
    pub format_version: u32,
    /// Questions of earlier chapters asked again here, as `bab/id`.
    #[serde(default)]
    pub ulang: Vec<String>,
    #[serde(default)]
    pub soal: Vec<Question>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "RawQuestion")]
pub struct Question {
    pub id: String,
    /// A conceptual question (why, when, which design), not recall of syntax.
    pub konsep: bool,
    pub tanya: String,
    pub kind: Kind,
}

/// The question's kind and what answers it.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Pilihan(Vec<Choice>),
    Rancangan {
        /// A design exercise of the chapter: its contract and generated data.
        latihan: String,
        syarat: Requirement,
        kandidat: Vec<Candidate>,
    },
    Tebak {
        kode: String,
        keluaran: String,
        penjelasan: String,
    },
    Isian {
        jawaban: Vec<String>,
        penjelasan: String,
    },
}

/// A question as written: one flat table, so a key of another kind (or a typo) is
/// refused instead of being ignored, as serde's tagged enums would.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQuestion {
    id: String,
    jenis: String,
    #[serde(default)]
    konsep: bool,
    tanya: String,
    pilihan: Option<Vec<Choice>>,
    latihan: Option<String>,
    syarat: Option<Requirement>,
    kandidat: Option<Vec<Candidate>>,
    kode: Option<String>,
    keluaran: Option<String>,
    jawaban: Option<Vec<String>>,
    penjelasan: Option<String>,
}

impl TryFrom<RawQuestion> for Question {
    type Error = String;

    fn try_from(raw: RawQuestion) -> std::result::Result<Question, String> {
        let kind = raw.kind()?;
        Ok(Question {
            id: raw.id,
            konsep: raw.konsep,
            tanya: raw.tanya,
            kind,
        })
    }
}

impl RawQuestion {
    /// The keys each kind takes; any other key set is an error.
    fn kind(&self) -> std::result::Result<Kind, String> {
        let allowed: &[&str] = match self.jenis.as_str() {
            "pilihan" => &["pilihan"],
            "rancangan" => &["latihan", "syarat", "kandidat"],
            "tebak" => &["kode", "keluaran", "penjelasan"],
            "isian" => &["jawaban", "penjelasan"],
            other => return Err(pesan::jenis_tidak_dikenal(&self.id, other)),
        };
        if let Some(extra) = self.present().into_iter().find(|k| !allowed.contains(k)) {
            return Err(pesan::kunci_bukan_jenis(&self.id, extra, &self.jenis));
        }
        let need = |key: &str| pesan::kunci_kurang(&self.id, key, &self.jenis);
        let explanation = self.penjelasan.clone().unwrap_or_default();
        Ok(match self.jenis.as_str() {
            "pilihan" => Kind::Pilihan(self.pilihan.clone().ok_or_else(|| need("pilihan"))?),
            "rancangan" => Kind::Rancangan {
                latihan: self.latihan.clone().ok_or_else(|| need("latihan"))?,
                syarat: self.syarat.clone().ok_or_else(|| need("syarat"))?,
                kandidat: self.kandidat.clone().ok_or_else(|| need("kandidat"))?,
            },
            "tebak" => Kind::Tebak {
                kode: self.kode.clone().ok_or_else(|| need("kode"))?,
                keluaran: self.keluaran.clone().ok_or_else(|| need("keluaran"))?,
                penjelasan: explanation,
            },
            _ => Kind::Isian {
                jawaban: self.jawaban.clone().ok_or_else(|| need("jawaban"))?,
                penjelasan: explanation,
            },
        })
    }

    fn present(&self) -> Vec<&'static str> {
        let keys = [
            ("pilihan", self.pilihan.is_some()),
            ("latihan", self.latihan.is_some()),
            ("syarat", self.syarat.is_some()),
            ("kandidat", self.kandidat.is_some()),
            ("kode", self.kode.is_some()),
            ("keluaran", self.keluaran.is_some()),
            ("jawaban", self.jawaban.is_some()),
            ("penjelasan", self.penjelasan.is_some()),
        ];
        keys.iter()
            .filter(|(_, set)| *set)
            .map(|(k, _)| *k)
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub teks: String,
    #[serde(default)]
    pub benar: bool,
    /// Why this option is right, or the misconception it stands for.
    pub umpan: String,
}

/// What a candidate design must meet: its answers right and `ukuran` at most
/// `paling_banyak`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    pub ukuran: Measure,
    #[serde(default)]
    pub pola: Option<String>,
    pub paling_banyak: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Measure {
    /// Read requests of one call of the pattern.
    Baca,
    /// Records one call of the update pattern changed.
    Tulis,
    /// Read capacity units one call of the pattern consumed.
    Rcu,
    /// Documents or items one call of the pattern examined.
    Diperiksa,
    /// The longest array stored after loading.
    Larik,
    /// The largest record stored after loading, in bytes.
    Dokumen,
}

impl Measure {
    /// Whether the figure belongs to one pattern's calls.
    pub fn per_pattern(self) -> bool {
        !matches!(self, Measure::Larik | Measure::Dokumen)
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Candidate {
    pub teks: String,
    pub model: String,
    /// Computed: whether it answers rightly within the requirement.
    pub memenuhi: bool,
    /// Computed: the measured figure, the largest over both generated datasets.
    pub angka: f64,
    /// The explanation; `{angka}` and `{batas}` are filled in from the figures.
    pub umpan: String,
}

impl Candidate {
    /// The explanation with its figures.
    pub fn explanation(&self, requirement: &Requirement) -> String {
        self.umpan
            .replace("{angka}", &figure(self.angka))
            .replace("{batas}", &figure(requirement.paling_banyak))
    }
}

/// A figure as the book writes numbers: no `.0`, a decimal comma.
pub fn figure(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value}").replace('.', ",")
    }
}

/// The chapter's quiz, or `None` when it has no `kuis.toml`.
pub fn load(files: &dyn CourseFiles, dir: &Path) -> Result<Option<QuizFile>> {
    let path = dir.join(FILE_NAME);
    let text = match files.read_text(&path) {
        Ok(text) => text,
        Err(CourseError::Unreadable { cause, .. })
            if cause.kind() == std::io::ErrorKind::NotFound =>
        {
            return Ok(None)
        }
        Err(e) => return Err(e),
    };
    let name = path.display().to_string();
    let file: QuizFile = toml_file::parse(&text, &name)?;
    toml_file::check_version(&name, file.format_version, FORMAT_VERSION)?;
    Ok(Some(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<QuizFile> {
        toml_file::parse(text, "kuis.toml")
    }

    #[test]
    fn every_kind_reads_and_unknown_keys_are_refused() {
        let text = r#"
format_version = 1
ulang = ["a/b"]
[[soal]]
id = "p"
jenis = "pilihan"
konsep = true
tanya = "?"
[[soal.pilihan]]
teks = "x"
benar = true
umpan = "y"
[[soal]]
id = "t"
jenis = "tebak"
tanya = "?"
kode = "1 + 1"
keluaran = "2"
[[soal]]
id = "i"
jenis = "isian"
tanya = "?"
jawaban = ["a"]
[[soal]]
id = "r"
jenis = "rancangan"
tanya = "?"
latihan = "rancang"
syarat = { ukuran = "baca", pola = "profil", paling_banyak = 1 }
[[soal.kandidat]]
teks = "t"
model = "m"
memenuhi = false
angka = 2
umpan = "{angka} dari {batas}"
"#;
        let file = parse(text).expect("the file reads");
        assert_eq!(file.soal.len(), 4);
        assert!(matches!(file.soal[3].kind, Kind::Rancangan { .. }));
        let other_kind = text.replace("kode = \"1 + 1\"", "kode = \"1 + 1\"\njawaban = [\"2\"]");
        assert!(parse(&other_kind).is_err());
        let missing = text.replace("keluaran = \"2\"\n", "");
        assert!(parse(&missing).is_err());
        let misspelt = text.replace("konsep = true", "konsp = true");
        assert!(parse(&misspelt).is_err());
        let in_choice = text.replace("benar = true", "benar = true\nbetul = 1");
        assert!(parse(&in_choice).is_err());
        let unknown_kind = text.replace("jenis = \"isian\"", "jenis = \"esai\"");
        assert!(parse(&unknown_kind).is_err());
    }

    #[test]
    fn figures_fill_the_explanation() {
        let requirement = Requirement {
            ukuran: Measure::Rcu,
            pola: Some("p".into()),
            paling_banyak: 1.0,
        };
        let c = Candidate {
            teks: String::new(),
            model: String::new(),
            memenuhi: true,
            angka: 0.5,
            umpan: "{angka} RCU, batas {batas}".into(),
        };
        assert_eq!(c.explanation(&requirement), "0,5 RCU, batas 1");
    }
}
