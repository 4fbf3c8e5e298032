//! Chapter quizzes in the terminal: `kursus kuis BAB` and `.kuis`, every kind answered
//! right and wrong, retrying only the wrong ones, the answers shown (which ends
//! retrying), and the score in `kursus daftar`. The right answers are read from the
//! chapters' `kuis.toml` (whose computed answers `kursus periksa` proves).

use super::support::{kursus, periksa, repo_root};
use toml::Value;

const CHAPTERS: [&str; 3] = [
    "embedding-referencing",
    "banyak-ke-banyak",
    "dynamodb-satu-ke-banyak",
];

fn quiz(chapter: &str) -> Value {
    let path = repo_root().join(format!("lessons/{chapter}/kuis.toml"));
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The questions a chapter asks, own first then the re-asked ones.
fn questions(chapter: &str) -> Vec<Value> {
    let file = quiz(chapter);
    let mut asked: Vec<Value> = file["soal"].as_array().unwrap().clone();
    for id in file
        .get("ulang")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let (other, qid) = id.as_str().unwrap().split_once('/').unwrap();
        let found = quiz(other)["soal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["id"].as_str() == Some(qid))
            .cloned()
            .unwrap();
        asked.push(found);
    }
    asked
}

fn letters(flags: impl Iterator<Item = bool>) -> String {
    let chosen: Vec<String> = flags
        .enumerate()
        .filter(|(_, right)| *right)
        .map(|(i, _)| ((b'a' + i as u8) as char).to_string())
        .collect();
    chosen.join(",")
}

/// The right answer as typed: letters, or the text.
fn right(q: &Value) -> String {
    let flag = |list: &str, key: &str| {
        let items = q[list].as_array().unwrap().clone();
        letters(items.into_iter().map(move |o| o[key].as_bool().unwrap()))
    };
    match q["jenis"].as_str().unwrap() {
        "pilihan" => flag("pilihan", "benar"),
        "rancangan" => flag("kandidat", "memenuhi"),
        "tebak" => q["keluaran"].as_str().unwrap().to_string(),
        _ => q["jawaban"][0].as_str().unwrap().to_uppercase(),
    }
}

/// A wrong answer as typed: the options' complement (or a wrong letter), a wrong text.
fn wrong(q: &Value) -> String {
    match q["jenis"].as_str().unwrap() {
        "pilihan" | "rancangan" => {
            let list = if q["jenis"].as_str() == Some("pilihan") {
                "pilihan"
            } else {
                "kandidat"
            };
            let key = if list == "pilihan" {
                "benar"
            } else {
                "memenuhi"
            };
            let items = q[list].as_array().unwrap();
            letters(items.iter().map(|o| !o[key].as_bool().unwrap()))
        }
        _ => "jawaban yang jelas keliru".to_string(),
    }
}

fn run_quiz(data: &std::path::Path, chapter: &str, lines: &[String]) -> String {
    let out = kursus(data)
        .args(["kuis", chapter])
        .write_stdin(lines.join("\n") + "\n")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    )
}

#[test]
fn every_question_answered_right_scores_full_marks_and_the_list_shows_it() {
    for chapter in CHAPTERS {
        let asked = questions(chapter);
        let data = tempfile::tempdir().unwrap();
        let answers: Vec<String> = asked.iter().map(right).collect();
        let out = run_quiz(data.path(), chapter, &answers);
        let n = asked.len();
        assert_eq!(out.matches("✓ Benar.").count(), n, "{chapter}:\n{out}");
        assert!(
            out.contains(&format!("Nilai kuis: {n} dari {n} benar.")),
            "{out}"
        );
        let listed = kursus(data.path()).arg("daftar").output().unwrap();
        let listed = String::from_utf8_lossy(&listed.stdout).to_string();
        assert!(listed.contains(&format!("kuis: {n}/{n} benar")), "{listed}");
    }
}

#[test]
fn a_wrong_answer_of_each_kind_fails_and_only_the_wrong_ones_are_asked_again() {
    for chapter in CHAPTERS {
        let asked = questions(chapter);
        let n = asked.len();
        let data = tempfile::tempdir().unwrap();
        let mut lines: Vec<String> = asked.iter().map(wrong).collect();
        lines.push("ulang".into());
        lines.extend(asked.iter().map(right));
        let out = run_quiz(data.path(), chapter, &lines);
        assert_eq!(
            out.matches("✗ Belum tepat.").count(),
            n,
            "{chapter}:\n{out}"
        );
        assert!(
            out.contains(&format!("Nilai kuis: 0 dari {n} benar.")),
            "{out}"
        );
        assert!(out.contains(&format!("Soal 1 dari {n}")), "{out}");
        assert!(
            out.contains(&format!("Nilai kuis: {n} dari {n} benar.")),
            "{out}"
        );
    }
}

#[test]
fn a_wrong_option_names_its_misconception_and_a_retry_asks_only_what_was_wrong() {
    let chapter = CHAPTERS[0];
    let asked = questions(chapter);
    let first = &asked[0];
    assert_eq!(first["jenis"].as_str(), Some("pilihan"));
    let options = first["pilihan"].as_array().unwrap();
    let (i, misconception) = options
        .iter()
        .enumerate()
        .find(|(_, o)| !o["benar"].as_bool().unwrap())
        .unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut lines = vec![((b'a' + i as u8) as char).to_string()];
    lines.extend(asked[1..].iter().map(right));
    lines.push("ulang".into());
    let out = run_quiz(data.path(), chapter, &lines);
    let umpan = misconception["umpan"].as_str().unwrap();
    assert!(out.contains(umpan.trim()), "{out}");
    let n = asked.len();
    assert!(
        out.contains(&format!("Nilai kuis: {} dari {n} benar.", n - 1)),
        "{out}"
    );
    assert!(out.contains("Soal 1 dari 1"), "{out}");
}

#[test]
fn seeing_the_answers_shows_them_all_and_ends_retrying() {
    let chapter = CHAPTERS[1];
    let asked = questions(chapter);
    let data = tempfile::tempdir().unwrap();
    let mut lines: Vec<String> = asked.iter().map(wrong).collect();
    lines.push("jawaban".into());
    let out = run_quiz(data.path(), chapter, &lines);
    for q in &asked {
        if q["jenis"].as_str() == Some("tebak") {
            let shown = format!("Yang dicetak: {}", q["keluaran"].as_str().unwrap().trim());
            assert!(out.contains(&shown), "{out}");
        }
    }
    assert!(out.contains("Jawaban: "), "{out}");
    let again = run_quiz(
        data.path(),
        chapter,
        &asked.iter().map(right).collect::<Vec<_>>(),
    );
    assert!(again.contains("sudah Anda lihat"), "{again}");
    assert!(!again.contains("✓ Benar."), "{again}");
}

#[test]
fn leaving_keeps_the_answers_and_dot_kuis_goes_on_where_it_stopped() {
    let chapter = CHAPTERS[2];
    let asked = questions(chapter);
    let data = tempfile::tempdir().unwrap();
    let out = run_quiz(data.path(), chapter, &[right(&asked[0]), ".keluar".into()]);
    assert!(out.contains("Kuis ditinggalkan"), "{out}");
    let n = asked.len();
    let input = format!(".kuis {chapter}\n{}\n.keluar\n", right(&asked[1]));
    let out = kursus(data.path())
        .args(["--bab", chapter])
        .write_stdin(input)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.contains(&format!("{} dari {n} soal yang belum benar", n - 1)),
        "{out}"
    );
    assert!(
        out.contains(&format!("Nilai kuis: 2 dari {n} benar.")),
        "{out}"
    );
}

#[test]
fn an_answer_that_is_no_option_is_asked_again_not_counted() {
    let chapter = CHAPTERS[0];
    let asked = questions(chapter);
    let data = tempfile::tempdir().unwrap();
    let out = run_quiz(
        data.path(),
        chapter,
        &["z".into(), right(&asked[0]), ".keluar".into()],
    );
    assert!(out.contains("`z` bukan pilihan soal ini"), "{out}");
    assert_eq!(out.matches("✓ Benar.").count(), 1, "{out}");
}

/// A design question's figures come from running its candidates: a figure in the file
/// that the run no longer gives (as when a candidate or the data changes) fails
/// `periksa`, naming the candidate, and `--perbarui` writes the measured one back.
#[test]
fn a_stale_candidate_figure_fails_periksa_and_perbarui_rewrites_it() {
    let work = tempfile::tempdir().unwrap();
    for part in ["lessons", "book"] {
        super::support::copy_dir(&repo_root().join(part), &work.path().join(part));
    }
    let file = work.path().join("lessons/banyak-ke-banyak/kuis.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let stale = text.replacen(
        "memenuhi = true\nangka = 1\n",
        "memenuhi = true\nangka = 3\n",
        1,
    );
    assert_ne!(stale, text, "the quiz has a candidate measured at 1");
    std::fs::write(&file, &stale).unwrap();
    let (ok, out) = periksa(work.path(), &[]);
    assert!(!ok, "{out}");
    let stale_line = out
        .lines()
        .find(|l| l.starts_with("✗ kuis banyak-ke-banyak/") && l.contains("kandidat"))
        .unwrap_or_else(|| panic!("no stale candidate named:\n{out}"));
    assert!(
        stale_line.contains("angka = 1 (") && stale_line.ends_with("angka = 3"),
        "{stale_line}"
    );
    periksa(work.path(), &["--perbarui"]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    let (ok, out) = periksa(work.path(), &[]);
    assert!(ok, "{out}");
}
