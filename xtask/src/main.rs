//! Project tasks, run as `cargo xtask TASK` (the alias is in .cargo/config.toml).
//!
//! - `web`: the WebAssembly bundle (the `web/` crate for wasm32-wasip1, with the lessons
//!   inside, and its JavaScript glue) into `target/web/`.

use std::process::ExitCode;

mod web;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("web") => match web::run(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("{message}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!("usage: cargo xtask web");
            ExitCode::from(2)
        }
    }
}
