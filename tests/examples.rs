//! The seed sessions (`tests/golden/examples/*.js`) through
//! `kursus jalankan --objectid 6ae8992ef71ce5016d8de666`, compared with their
//! `.out`, which leave out the empty lines `undefined` values print.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use similar::TextDiff;

const SEED: &str = "6ae8992ef71ce5016d8de666";

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/examples");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("examples directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    cases.sort();
    cases
}

/// The book's convention: no empty lines at all in keluaran blocks.
fn without_empty_lines(text: &str) -> String {
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

fn run_case(script: &Path) -> Result<(), String> {
    let expected =
        std::fs::read_to_string(script.with_extension("out")).map_err(|e| e.to_string())?;
    let output = Command::cargo_bin("kursus")
        .map_err(|e| e.to_string())?
        .args(["jalankan", "--objectid", SEED])
        .arg(script)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .map_err(|e| e.to_string())?;
    let actual = without_empty_lines(&String::from_utf8_lossy(&output.stdout));
    let expected = without_empty_lines(&expected);
    if actual == expected {
        return Ok(());
    }
    let diff = TextDiff::from_lines(expected.as_str(), actual.as_str())
        .unified_diff()
        .header("expected", "actual")
        .to_string();
    Err(format!("--- {} ---\n{diff}", script.display()))
}

#[test]
fn seed_sessions_print_their_keluaran() {
    let cases = cases();
    assert!(!cases.is_empty());
    let failures: Vec<String> = cases.iter().filter_map(|c| run_case(c).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
