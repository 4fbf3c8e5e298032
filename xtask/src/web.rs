//! `cargo xtask web`: builds `web/` for wasm32-wasip1 into its own target folder (the
//! wasm compiler may be another rustc than the one building everything else), then puts
//! the module, shrunk by `wasm-opt -Oz` when binaryen is installed, and its JavaScript
//! glue in `target/web/`. With a WASI shim, those files are all a page or Node needs.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const TARGET: &str = "wasm32-wasip1";
/// The workspace's `web` profile: release tuned for size (Cargo.toml says why).
const PROFILE: &str = "web";

/// Printed when no toolchain can build for `TARGET`.
const INSTALL: &str = "\
No toolchain for wasm32-wasip1 was found. Install one of:
    rustup target add wasm32-wasip1
    apt-get install -y rustc-web cargo-web rust-web-src lld-22 wasi-libc binaryen
(the second on Debian 12, where rustup cannot add targets; binaryen gives wasm-opt)";

/// Debian's `rustc-web` family: a newer rustc beside rustup's, the standard library's
/// source to build std for the target from, and a 2022 wasi-libc.
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";
const DEBIAN_CARGO: &str = "/usr/bin/cargo";
const DEBIAN_STD_SOURCE: &str = "/usr/lib/rustlib/src/rust/library";
const DEBIAN_WASI_LIBC: &str = "/usr/lib/wasm32-wasi";

#[derive(Debug)]
enum Toolchain {
    /// rustup's own target: std comes prebuilt with a complete wasi-libc.
    Rustup,
    /// Debian's packages: std built from source, the missing thread functions stubbed.
    Debian,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if let Some(extra) = args.first() {
        return Err(format!("cargo xtask web takes no arguments (got {extra})"));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or("xtask/ lives in the repository")?
        .to_path_buf();
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let toolchain = find_toolchain().ok_or(INSTALL)?;
    eprintln!("toolchain: {toolchain:?}");
    let build_dir = target_dir.join("web-build");
    build(&root, &build_dir, &toolchain)?;
    let built = build_dir.join(TARGET).join(PROFILE).join("kursus_web.wasm");
    // Written aside and swapped in whole, so a failed step leaves the previous bundle.
    let staging = target_dir.join("web.new");
    let out = target_dir.join("web");
    replace_dir(&staging, None)?;
    optimise(&built, &staging.join("kursus.wasm"))?;
    for glue in ["kursus.mjs", "kursus-disk.mjs"] {
        std::fs::copy(root.join("web/js").join(glue), staging.join(glue))
            .map_err(|e| format!("web/js/{glue}: {e}"))?;
    }
    replace_dir(&out, Some(&staging))?;
    report(&out.join("kursus.wasm"), &out.join("kursus.mjs"));
    Ok(())
}

/// Empties `dir`, then either leaves it empty or makes `from` take its place.
fn replace_dir(dir: &Path, from: Option<&Path>) -> Result<(), String> {
    let failed = |e: std::io::Error| format!("{}: {e}", dir.display());
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(failed)?;
    }
    match from {
        Some(from) => std::fs::rename(from, dir).map_err(failed),
        None => std::fs::create_dir_all(dir).map_err(failed),
    }
}

fn find_toolchain() -> Option<Toolchain> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|l| l.trim() == TARGET)
        })
        .unwrap_or(false);
    if installed {
        return Some(Toolchain::Rustup);
    }
    let debian = [
        DEBIAN_RUSTC,
        DEBIAN_CARGO,
        DEBIAN_STD_SOURCE,
        DEBIAN_WASI_LIBC,
    ]
    .iter()
    .all(|p| Path::new(p).exists());
    debian.then_some(Toolchain::Debian)
}

fn build(root: &Path, build_dir: &Path, toolchain: &Toolchain) -> Result<(), String> {
    let cargo = match toolchain {
        Toolchain::Rustup => std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()),
        Toolchain::Debian => DEBIAN_CARGO.to_string(),
    };
    let mut command = Command::new(cargo);
    command
        .current_dir(root)
        .args([
            "rustc",
            "--profile",
            PROFILE,
            "--locked",
            "--package",
            "kursus-web",
            "--lib",
        ])
        .args(["--crate-type", "cdylib", "--target", TARGET])
        .env("CARGO_TARGET_DIR", build_dir)
        // Flags meant for the native build must not reach the wasm one.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTFLAGS");
    if let Toolchain::Debian = toolchain {
        command
            .args(["--features", "pthread-stubs", "-Zbuild-std=std,panic_abort"])
            .env("RUSTC", DEBIAN_RUSTC)
            // `-Zbuild-std` is unstable; Debian's stable rustc allows it this way.
            .env("RUSTC_BOOTSTRAP", "1")
            .env("RUSTFLAGS", format!("-L {DEBIAN_WASI_LIBC}"))
            .env_remove("RUSTUP_TOOLCHAIN");
    }
    eprintln!("building: {command:?}");
    let status = command.status().map_err(|e| format!("cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the WebAssembly build failed ({status})"))
    }
}

/// `wasm-opt -Oz` when binaryen is on `PATH`, else the module as built.
fn optimise(built: &Path, wasm: &Path) -> Result<(), String> {
    let optimised = Command::new("wasm-opt")
        .arg("-Oz")
        .arg(built)
        .arg("-o")
        .arg(wasm)
        .status();
    match optimised {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!("wasm-opt failed ({status})")),
        Err(_) => {
            eprintln!("wasm-opt not found (binaryen): the module is copied unoptimised");
            std::fs::copy(built, wasm)
                .map(drop)
                .map_err(|e| format!("{}: {e}", built.display()))
        }
    }
}

fn report(wasm: &Path, glue: &Path) {
    let raw = std::fs::metadata(wasm).map(|m| m.len()).unwrap_or(0);
    let gzip = gzip_size(wasm).map_or("gzip not found".to_string(), |n| format!("{n} bytes"));
    println!("{}: {raw} bytes, gzip -9: {gzip}", wasm.display());
    println!("{}", glue.display());
}

fn gzip_size(path: &Path) -> Option<usize> {
    let output = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(path)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    output.status.success().then_some(output.stdout.len())
}
