//! An exercise's prompt shows the shape of the expected output: a code block in the
//! `soal` whose first printed value is the first value the reference solution prints
//! (for a printed array, its first element), so the fields and their order are stated.

use super::chapter;
use super::items;
use super::lesson::Exercise;
use crate::pesan;

/// The problem of one exercise's prompt, if any; `full_id` names it in the report.
pub fn problem(full_id: &str, exercise: &Exercise) -> Option<String> {
    if !exercise.grades_output() {
        return None;
    }
    let first = first_value(&exercise.keluaran)?;
    let shown = chapter::fences(&exercise.soal)
        .iter()
        .any(|fence| first_value(&fence.body).as_deref() == Some(first.as_str()));
    (!shown).then(|| pesan::soal_tanpa_baris_pertama(full_id, &first))
}

/// Every rule the grader applies that the prompt does not state: each efficiency
/// rule needs one of its phrases (`pesan::frasa_aturan`), a state comparison the
/// words that say the state is graded and the name of each collection or table.
pub fn unstated_rules(full_id: &str, exercise: &Exercise) -> Vec<String> {
    let text = plain(&exercise.soal);
    let mut missing: Vec<String> = exercise
        .efisiensi
        .iter()
        .map(pesan::frasa_aturan)
        .filter(|phrases| !phrases.iter().any(|p| text.contains(&plain(p))))
        .map(|phrases| phrases[0].to_string())
        .collect();
    let stated = pesan::FRASA_KEADAAN
        .iter()
        .any(|p| text.contains(&plain(p)));
    if !exercise.keadaan.is_empty() && !stated {
        missing.push(pesan::FRASA_KEADAAN[0].to_string());
    }
    let parts = exercise
        .keadaan
        .iter()
        .map(|k| k.rsplit('.').next().unwrap_or(k));
    missing.extend(
        parts
            .filter(|name| !text.contains(&plain(name)))
            .map(str::to_string),
    );
    missing
        .into_iter()
        .map(|phrase| pesan::aturan_tak_tertulis(full_id, &phrase))
        .collect()
}

/// The prompt as a reader sees it: without Markdown emphasis and code marks, the
/// case of letters aside.
fn plain(text: &str) -> String {
    let bare: String = text
        .chars()
        .filter(|c| !matches!(c, '*' | '`'))
        .flat_map(char::to_lowercase)
        .collect();
    bare.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The first printed value, one line, layout ignored.
fn first_value(printed: &str) -> Option<String> {
    items::items(printed).into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::lesson::Grading;

    fn exercise(soal: &str, keluaran: &str) -> Exercise {
        Exercise {
            id: "x".into(),
            judul: "x".into(),
            soal: soal.into(),
            penilaian: Grading::Keluaran,
            keadaan: Vec::new(),
            urutan_field: false,
            efisiensi: Vec::new(),
            petunjuk: Vec::new(),
            solusi: String::new(),
            keluaran: keluaran.into(),
            rancangan: None,
        }
    }

    const KELUARAN: &str = "[\n  { nama: 'Budi', nim: '1' },\n  { nama: 'Dewi', nim: '2' }\n]";

    #[test]
    fn a_block_with_the_first_element_passes_whatever_its_layout() {
        let soal = "Tampilkan nama dan nim.\n\n```text\n{\n  nama: 'Budi',\n  nim: '1'\n}\n```\n";
        assert_eq!(problem("a/x", &exercise(soal, KELUARAN)), None);
    }

    #[test]
    fn fields_in_another_order_or_only_in_prose_fail() {
        let swapped = "```text\n{ nim: '1', nama: 'Budi' }\n```";
        let prose = "Diawali { nama: 'Budi', nim: '1' }.";
        for soal in [swapped, prose] {
            let found = problem("a/x", &exercise(soal, KELUARAN));
            assert_eq!(
                found,
                Some(pesan::soal_tanpa_baris_pertama(
                    "a/x",
                    "{ nama: 'Budi', nim: '1' }"
                ))
            );
        }
    }

    #[test]
    fn a_rule_is_stated_by_one_of_its_phrases_in_any_case_and_markup() {
        use crate::course::lesson::Rule;
        let mut e = exercise("Dengan **satu** pipeline agregasi, tampilkan.", KELUARAN);
        e.efisiensi = vec![Rule::SatuPerintah];
        assert!(unstated_rules("a/x", &e).is_empty());
        e.soal = "Tampilkan semuanya.".into();
        assert_eq!(
            unstated_rules("a/x", &e),
            [pesan::aturan_tak_tertulis("a/x", "satu perintah baca")]
        );
        e.efisiensi = vec![Rule::TanpaScan, Rule::MaksRcu { nilai: 0.5 }];
        e.soal = "Tanpa Scan, paling banyak 0,5 RCU.".into();
        assert!(unstated_rules("a/x", &e).is_empty());
    }

    #[test]
    fn a_graded_state_names_what_is_graded() {
        let mut e = exercise("Hapus Budi.", "");
        e.penilaian = Grading::Status;
        e.keadaan = vec!["kampus.mahasiswa".into()];
        let missing = unstated_rules("a/x", &e);
        assert_eq!(
            missing,
            [
                pesan::aturan_tak_tertulis("a/x", pesan::FRASA_KEADAAN[0]),
                pesan::aturan_tak_tertulis("a/x", "mahasiswa"),
            ]
        );
        e.soal = "Hapus Budi. Penilaian melihat isi koleksi `mahasiswa`.".into();
        assert!(unstated_rules("a/x", &e).is_empty());
    }

    #[test]
    fn state_graded_exercises_print_nothing_to_show() {
        let mut e = exercise("Hapus Budi.", "");
        e.penilaian = Grading::Status;
        assert_eq!(problem("a/x", &e), None);
    }
}
