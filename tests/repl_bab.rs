//! Chapter sessions: typing a chapter's examples, in order, into `kursus --bab ID`
//! prints the book's keluaran blocks.

use super::support::{kursus, repo_root};

/// The bodies of the chapter's ```` ```js kursus ```` and ```` ```text keluaran ```` blocks.
fn blocks(chapter: &str, info: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in chapter.lines() {
        match current.as_mut() {
            Some(body) if line.trim() == "```" => {
                out.push(body.join("\n"));
                current = None;
            }
            Some(body) => body.push(line),
            None if line.trim() == format!("```{info}") => current = Some(Vec::new()),
            None => {}
        }
    }
    out
}

/// Lines with the empty ones left out: the book omits the empty line of an
/// `undefined` result, the shell prints it.
fn visible(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

fn check_chapter(id: &str) {
    let text = std::fs::read_to_string(repo_root().join(format!("book/src/{id}.md"))).unwrap();
    let examples = blocks(&text, "js kursus");
    let expected = blocks(&text, "text keluaran");
    assert!(!examples.is_empty(), "{id}: no examples");
    assert_eq!(
        examples.len(),
        expected.len(),
        "{id}: every example has a keluaran"
    );
    let data = tempfile::tempdir().unwrap();
    let out = kursus(data.path())
        .args(["--bab", id])
        .write_stdin(examples.join("\n") + "\n")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    let want = visible(&expected.join("\n"));
    let got = visible(&printed);
    let first = want.iter().zip(&got).position(|(w, g)| w != g);
    assert_eq!(
        got.len(),
        want.len(),
        "{id}: first difference at line {first:?}\n{printed}"
    );
    assert_eq!(got, want, "{id}: first difference at line {first:?}");
}

#[test]
fn embedding_referencing() {
    check_chapter("embedding-referencing");
}

#[test]
fn banyak_ke_banyak() {
    check_chapter("banyak-ke-banyak");
}

#[test]
fn dynamodb_satu_ke_banyak() {
    check_chapter("dynamodb-satu-ke-banyak");
}

#[test]
fn nothing_is_graded_in_a_chapter_session() {
    let data = tempfile::tempdir().unwrap();
    let out = kursus(data.path())
        .args(["--bab", "banyak-ke-banyak"])
        .write_stdin("db.mahasiswa.countDocuments()\n.periksa\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next(),
        Some("0"),
        "the chapter starts empty: {stdout}"
    );
    let answer = lines.next().unwrap_or_default();
    assert!(answer.contains("banyak-ke-banyak"), "{stdout}");
    assert!(!answer.contains('✓') && !answer.contains('✗'), "{stdout}");
}

#[test]
fn an_exercise_session_opens_on_its_database_with_its_data() {
    let data = tempfile::tempdir().unwrap();
    let out = kursus(data.path())
        .args(["--latihan", "banyak-ke-banyak/peserta-kuliah"])
        .write_stdin("db.getName()\ndb.mahasiswa.countDocuments() > 0\n")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "kampus\ntrue\n");
}

#[test]
fn bab_switches_a_session_to_the_chapter_start() {
    let data = tempfile::tempdir().unwrap();
    let out = kursus(data.path())
        .args(["--latihan", "banyak-ke-banyak/peserta-kuliah"])
        .write_stdin(
            ".bab banyak-ke-banyak\ndb.getName()\nuse kampus\ndb.mahasiswa.countDocuments()\n",
        )
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let tail: Vec<&str> = stdout.lines().skip(2).collect();
    assert_eq!(tail, ["test", "switched to db kampus", "0"], "{stdout}");
}
