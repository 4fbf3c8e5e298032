//! Every `tests/golden/mongosh/*.js` through `kursus jalankan FILE`, compared with
//! its `.out` byte for byte. All failures are reported together, each as a diff.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use similar::TextDiff;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/mongosh")
}

fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("golden directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    cases.sort();
    cases
}

fn run_case(script: &Path) -> Result<(), String> {
    let expected = std::fs::read_to_string(script.with_extension("out"))
        .map_err(|e| format!("{}: no .out ({e})", script.display()))?;
    let output = Command::cargo_bin("kursus")
        .map_err(|e| e.to_string())?
        .arg("jalankan")
        .arg(script)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .map_err(|e| e.to_string())?;
    let actual = String::from_utf8_lossy(&output.stdout);
    if actual == expected {
        return Ok(());
    }
    let diff = TextDiff::from_lines(expected.as_str(), &actual)
        .unified_diff()
        .header("expected", "actual")
        .to_string();
    Err(format!("--- {} ---\n{diff}", script.display()))
}

#[test]
fn golden_mongosh_cases() {
    let filter = std::env::var("GOLDEN").unwrap_or_default();
    let cases: Vec<PathBuf> = cases()
        .into_iter()
        .filter(|c| c.to_string_lossy().contains(&filter))
        .collect();
    assert!(!cases.is_empty(), "no golden cases found");
    let failures: Vec<String> = cases.iter().filter_map(|c| run_case(c).err()).collect();
    let passed = cases.len() - failures.len();
    eprintln!("golden mongosh: {passed}/{} passed", cases.len());
    assert!(
        failures.is_empty(),
        "{}\n{} of {} cases failed",
        failures.join("\n"),
        failures.len(),
        cases.len()
    );
}
