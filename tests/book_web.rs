//! The built book in a real browser (`tests/web/book.mjs`, Playwright driving Debian's
//! Chromium): every example's Jalankan prints its keluaran block, exercises are graded in
//! the page, progress survives a reload, Berhenti stops an endless loop, phones fit.
//!
//! Without the WebAssembly bundle, `playwright-core` (`.ci/klien`) or Chromium the test
//! skips and says what is missing; with `KURSUS_KLIEN_WAJIB=1` (as in CI) it fails instead.

use std::path::PathBuf;
use std::process::Command;

use super::klien::dir as klien_dir;
use super::support::repo_root;

/// `KURSUS_WEB_DIR`, else `web/` in the target folder this test binary was built into.
fn bundle_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("KURSUS_WEB_DIR") {
        return PathBuf::from(dir);
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    // <target>/<profile>/deps/e2e-<hash>
    exe.ancestors()
        .nth(3)
        .expect("under a target folder")
        .join("web")
}

fn chromium() -> PathBuf {
    std::env::var_os("KURSUS_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// What is missing for the browser test, if anything.
fn missing() -> Option<String> {
    let bundle = bundle_dir();
    let playwright = klien_dir().join("node/node_modules/playwright-core");
    if !bundle.join("kursus.wasm").is_file() {
        Some(format!(
            "bundel WebAssembly tidak ada di {}: bangun dengan `cargo xtask web`",
            bundle.display()
        ))
    } else if !playwright.is_dir() {
        Some(format!(
            "playwright-core tidak ada di {}: jalankan `bash .ci/klien`",
            playwright.display()
        ))
    } else if !chromium().is_file() {
        Some(format!(
            "Chromium tidak ada di {}: `apt-get install chromium` (atau `bash .ci/klien`)",
            chromium().display()
        ))
    } else {
        None
    }
}

#[test]
fn the_book_runs_its_examples_and_exercises_in_chromium() {
    if let Some(why) = missing() {
        assert!(
            std::env::var("KURSUS_KLIEN_WAJIB").as_deref() != Ok("1"),
            "{why}"
        );
        eprintln!("dilewati: {why}");
        return;
    }
    let out = Command::new("node")
        .arg(repo_root().join("tests/web/book.mjs"))
        .env("KURSUS_BIN", env!("CARGO_BIN_EXE_kursus"))
        .env("KURSUS_WEB_DIR", bundle_dir())
        .env("KURSUS_KLIEN_DIR", klien_dir())
        .env("KURSUS_CHROMIUM", chromium())
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "tests/web/book.mjs failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
}
