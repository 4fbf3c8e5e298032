//! Moving progress between front ends (the terminal, the browser): the progress JSON
//! is exported as it is stored, and an import merges into what is here, never
//! replacing it: passed exercises united, hint counts at the larger, and per exercise
//! the saved work changed last.

use super::progress::{Progress, Unusable};
use crate::pesan;

/// What an import added, for the learner's message.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Merged {
    /// Exercises passed there and not yet here.
    pub passed: usize,
    /// Exercises whose hint count rose.
    pub hints: usize,
    /// Exercises whose saved work was taken from the import (newer or only there).
    pub saved: usize,
}

/// The progress as the file stores it, ending in a newline.
pub fn export(progress: &Progress) -> String {
    let mut json = serde_json::to_string_pretty(progress).unwrap_or_default();
    json.push('\n');
    json
}

/// Reads an exported progress; a newer or broken one is refused with the learner's
/// message and nothing changes.
pub fn parse_import(bytes: &[u8]) -> Result<Progress, String> {
    Progress::parse(bytes).map_err(|why| match why {
        Unusable::OtherVersion => pesan::IMPOR_VERSI_LAIN.to_string(),
        Unusable::Corrupt => pesan::IMPOR_RUSAK.to_string(),
    })
}

/// Merges `other` into `progress`.
pub fn merge(progress: &mut Progress, other: Progress) -> Merged {
    let mut merged = Merged::default();
    for id in other.selesai {
        merged.passed += usize::from(progress.selesai.insert(id));
    }
    for (id, count) in other.petunjuk {
        let here = progress.petunjuk.entry(id).or_insert(0);
        if count > *here {
            *here = count;
            merged.hints += 1;
        }
    }
    for (id, work) in other.tersimpan {
        merged.saved += usize::from(take_newer(progress, id, work));
    }
    for (chapter, record) in other.kuis {
        merge_quiz(progress.kuis.entry(chapter).or_default(), record);
    }
    if progress.aktif.is_none() {
        progress.aktif = other.aktif;
    }
    merged
}

/// A question right in either copy stays right; shown answers stay shown.
pub(super) fn merge_quiz(
    here: &mut super::progress::QuizRecord,
    there: super::progress::QuizRecord,
) {
    here.benar.extend(there.benar);
    here.salah.extend(there.salah);
    here.salah.retain(|q| !here.benar.contains(q));
    here.jawaban_dilihat |= there.jawaban_dilihat;
}

/// Keeps the saved work changed last; on a tie, what is here.
fn take_newer(progress: &mut Progress, id: String, work: super::progress::SavedWork) -> bool {
    let newer = progress
        .tersimpan
        .get(&id)
        .is_none_or(|here| work.diubah > here.diubah);
    if newer {
        progress.tersimpan.insert(id, work);
    }
    newer
}

impl std::fmt::Display for Merged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&pesan::impor_selesai(self.passed, self.hints, self.saved))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::progress::{SavedStatement, SavedWork};

    fn work(code: &str, diubah: u64) -> SavedWork {
        SavedWork {
            pernyataan: vec![SavedStatement {
                kode: code.to_string(),
                dihentikan: false,
            }],
            diubah,
        }
    }

    fn progress(selesai: &[&str], petunjuk: &[(&str, usize)]) -> Progress {
        Progress {
            selesai: selesai.iter().map(|s| s.to_string()).collect(),
            petunjuk: petunjuk.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            ..Progress::default()
        }
    }

    #[test]
    fn passed_exercises_are_united_and_hints_kept_at_the_larger() {
        let mut here = progress(&["a/1", "a/2"], &[("a/3", 2), ("a/4", 1)]);
        let there = progress(&["a/2", "b/1"], &[("a/3", 1), ("a/4", 3)]);
        let merged = merge(&mut here, there);
        assert_eq!(
            merged,
            Merged {
                passed: 1,
                hints: 1,
                saved: 0
            }
        );
        assert_eq!(here.selesai.len(), 3);
        assert_eq!(here.petunjuk["a/3"], 2);
        assert_eq!(here.petunjuk["a/4"], 3);
    }

    #[test]
    fn the_newest_saved_work_wins_each_exercise() {
        let mut here = Progress::default();
        here.tersimpan.insert("a/1".into(), work("lama", 10));
        here.tersimpan.insert("a/2".into(), work("di sini", 30));
        let mut there = Progress::default();
        there.tersimpan.insert("a/1".into(), work("baru", 20));
        there.tersimpan.insert("a/2".into(), work("di sana", 30));
        there
            .tersimpan
            .insert("a/3".into(), work("hanya di sana", 5));
        assert_eq!(merge(&mut here, there).saved, 2);
        assert_eq!(here.tersimpan["a/1"].pernyataan[0].kode, "baru");
        assert_eq!(here.tersimpan["a/2"].pernyataan[0].kode, "di sini");
        assert_eq!(here.tersimpan["a/3"].pernyataan[0].kode, "hanya di sana");
    }

    #[test]
    fn quiz_answers_right_in_either_copy_stay_right() {
        let mut here = Progress::default();
        here.kuis.entry("a".into()).or_default().note("a/1", false);
        let mut there = Progress::default();
        let record = there.kuis.entry("a".into()).or_default();
        record.note("a/1", true);
        record.note("a/2", false);
        record.jawaban_dilihat = true;
        merge(&mut here, there);
        let merged = &here.kuis["a"];
        assert!(merged.benar.contains("a/1") && !merged.salah.contains("a/1"));
        assert!(merged.salah.contains("a/2") && merged.jawaban_dilihat);
    }

    #[test]
    fn the_exercise_being_worked_on_is_not_moved() {
        let mut here = Progress {
            aktif: Some("a/1".into()),
            ..Progress::default()
        };
        let there = Progress {
            aktif: Some("b/2".into()),
            ..Progress::default()
        };
        merge(&mut here, there);
        assert_eq!(here.aktif.as_deref(), Some("a/1"));
    }

    #[test]
    fn a_newer_format_is_refused() {
        let newer = br#"{"format_version": 99, "selesai": []}"#;
        assert_eq!(
            parse_import(newer),
            Err(pesan::IMPOR_VERSI_LAIN.to_string())
        );
        assert_eq!(parse_import(b"{"), Err(pesan::IMPOR_RUSAK.to_string()));
    }

    #[test]
    fn an_export_reads_back_unchanged() {
        let mut here = progress(&["a/1"], &[("a/2", 1)]);
        here.tersimpan.insert("a/2".into(), work("db.x.find()", 7));
        assert_eq!(parse_import(export(&here).as_bytes()), Ok(here));
    }
}
