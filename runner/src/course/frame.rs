//! How a lesson chapter opens and closes. Right under its title, a quote block tells
//! a learner (and a lecturer choosing the book) what the chapter is for before they
//! start: `**Tujuan belajar**` with its items, `**Prasyarat**` and `**Perkiraan
//! waktu**` in minutes. Its last sections are the summary, the place of its quiz
//! (when the lesson has one) with the way to open it, and the further reading: the
//! book's page puts the quiz itself before the reading list.

use super::chapter;
use crate::pesan;

/// Problems of chapter `name`.
pub fn problems(name: &str, text: &str, has_quiz: bool) -> Vec<String> {
    let mut out = opening_problems(name, text);
    out.extend(closing_problems(name, text, has_quiz));
    out
}

fn opening_problems(name: &str, text: &str) -> Vec<String> {
    let block = opening(text);
    if block.is_empty() {
        return vec![pesan::pembuka_tidak_ada(name)];
    }
    let mut out = Vec::new();
    match part(&block, pesan::LABEL_TUJUAN) {
        None => out.push(pesan::pembuka_kurang(name, pesan::LABEL_TUJUAN)),
        Some(lines) if !lines.iter().any(|l| l.starts_with("- ")) => {
            out.push(pesan::tujuan_tanpa_butir(name))
        }
        Some(_) => {}
    }
    match part(&block, pesan::LABEL_PRASYARAT) {
        None => out.push(pesan::pembuka_kurang(name, pesan::LABEL_PRASYARAT)),
        Some(lines) if lines.is_empty() => out.push(pesan::prasyarat_kosong(name)),
        Some(_) => {}
    }
    match part(&block, pesan::LABEL_WAKTU) {
        None => out.push(pesan::pembuka_kurang(name, pesan::LABEL_WAKTU)),
        Some(lines) if !states_minutes(&lines.join(" ")) => {
            out.push(pesan::waktu_tanpa_menit(name))
        }
        Some(_) => {}
    }
    out
}

/// The quote block right under the `# ` title, without its `>` marks.
fn opening(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with("# "))
        .skip(1)
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.trim_start().starts_with('>'))
        .map(|l| l.trim_start().trim_start_matches('>').trim().to_string())
        .collect()
}

/// The non-blank lines of the part `**label**` opens, up to the next bold label; its
/// first line is what follows the label (and a colon) on the label's own line.
fn part<'a>(block: &'a [String], label: &str) -> Option<Vec<&'a str>> {
    let mark = format!("**{label}**");
    let start = block.iter().position(|l| l.starts_with(&mark))?;
    let first = block[start]
        .get(mark.len()..)
        .unwrap_or_default()
        .trim_start_matches(':')
        .trim();
    let rest = block[start + 1..]
        .iter()
        .take_while(|l| !l.starts_with("**"))
        .map(String::as_str);
    Some(
        std::iter::once(first)
            .chain(rest)
            .filter(|l| !l.is_empty())
            .collect(),
    )
}

/// Whether a number of minutes is stated: a number right before the unit.
fn states_minutes(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).any(|pair| {
        let number = pair[0]
            .chars()
            .all(|c| c.is_ascii_digit() || c == '–' || c == '-');
        number
            && pair[0].starts_with(|c: char| c.is_ascii_digit())
            && pair[1].starts_with(pesan::SATUAN_WAKTU)
    })
}

fn closing_problems(name: &str, text: &str, has_quiz: bool) -> Vec<String> {
    let mut expected = vec![pesan::JUDUL_RINGKASAN];
    if has_quiz {
        expected.push(pesan::JUDUL_KUIS);
    }
    expected.push(pesan::JUDUL_BACAAN_LANJUT);
    let sections: Vec<String> = chapter::headings(text)
        .into_iter()
        .filter(|h| h.level == 2)
        .map(|h| h.title)
        .collect();
    let last = &sections[sections.len().saturating_sub(expected.len())..];
    let mut out = Vec::new();
    if last != expected.as_slice() {
        out.push(pesan::penutup_beda(name, &expected, last));
    }
    if has_quiz && !section_body(text, pesan::JUDUL_KUIS).contains(pesan::PERINTAH_KUIS) {
        out.push(pesan::kuis_tanpa_cara(name));
    }
    out
}

/// The text under the `## title` heading, up to the next `## `.
fn section_body(text: &str, title: &str) -> String {
    let heading = format!("## {title}");
    text.lines()
        .skip_while(|l| l.trim() != heading)
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# Bab\n\n> **Tujuan belajar**\n>\n> - memilih sisi array\n>\n\
        > **Prasyarat**: JavaScript dasar.\n>\n> **Perkiraan waktu**: sekitar 60 menit.\n\n\
        Isi.\n\n## Ringkasan\n\n- a\n\n## Kuis bab ini\n\nKetik `.kuis` di REPL.\n\n\
        ## Bacaan lanjut\n\n- [x](https://a.b)\n";

    #[test]
    fn a_chapter_with_its_opening_and_closing_passes() {
        assert_eq!(problems("a.md", GOOD, true), Vec::<String>::new());
    }

    #[test]
    fn each_part_of_the_opening_is_required() {
        let no_items = GOOD.replace("> - memilih sisi array\n", "");
        assert_eq!(
            problems("a.md", &no_items, true),
            vec![pesan::tujuan_tanpa_butir("a.md")]
        );
        let no_minutes = GOOD.replace("sekitar 60 menit", "satu sore");
        assert_eq!(
            problems("a.md", &no_minutes, true),
            vec![pesan::waktu_tanpa_menit("a.md")]
        );
        let no_prerequisite = GOOD.replace("> **Prasyarat**: JavaScript dasar.\n", "");
        assert_eq!(
            problems("a.md", &no_prerequisite, true),
            vec![pesan::pembuka_kurang("a.md", pesan::LABEL_PRASYARAT)]
        );
        let unquoted = GOOD.replace("> ", "").replace(">\n", "\n");
        assert_eq!(
            problems("a.md", &unquoted, true),
            vec![pesan::pembuka_tidak_ada("a.md")]
        );
    }

    #[test]
    fn the_closing_sections_come_last_in_order() {
        let moved = GOOD.replace("## Ringkasan\n\n- a\n\n", "") + "\n## Ringkasan\n";
        let found = problems("a.md", &moved, true);
        let last = ["Kuis bab ini", "Bacaan lanjut", "Ringkasan"].map(String::from);
        assert_eq!(
            found,
            vec![pesan::penutup_beda(
                "a.md",
                &["Ringkasan", "Kuis bab ini", "Bacaan lanjut"],
                &last
            )]
        );
        let silent = GOOD.replace("Ketik `.kuis` di REPL.", "Segera.");
        assert_eq!(
            problems("a.md", &silent, true),
            vec![pesan::kuis_tanpa_cara("a.md")]
        );
        let no_quiz = GOOD.replace("## Kuis bab ini\n\nKetik `.kuis` di REPL.\n\n", "");
        assert_eq!(problems("a.md", &no_quiz, false), Vec::<String>::new());
    }
}
