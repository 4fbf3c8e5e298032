//! Embeds every file under `lessons/` in the library, so the course loads with no
//! filesystem (the browser has none).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest
        .parent()
        .expect("web/ lives in the repository")
        .to_path_buf();
    let lessons = root.join("lessons");
    println!("cargo:rerun-if-changed={}", lessons.display());
    let mut files = Vec::new();
    collect(&lessons, &mut files);
    files.sort();
    let mut out = String::from("pub static FILES: &[(&str, &[u8])] = &[\n");
    for path in &files {
        let relative = path.strip_prefix(&root).expect("under the root");
        // Forward slashes: the course loader joins paths the same way on every host.
        let key = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        writeln!(
            out,
            "    ({key:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a String");
    }
    out.push_str("];\n");
    let target =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("lessons.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a readable folder").path();
        if path.is_dir() {
            collect(&path, files);
        } else {
            files.push(path);
        }
    }
}
