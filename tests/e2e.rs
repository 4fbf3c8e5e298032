//! The end-to-end suites, each a module, in one test binary (see runner/Cargo.toml).

mod book_periksa;
mod book_serve;
mod book_web;
mod cli_exit;
mod cli_snapshots;
mod course_book;
mod course_design;
mod course_diagram;
mod course_e2e;
mod course_grading;
mod course_periksa;
mod course_progress_crash;
mod course_quiz;
mod engine_edges;
mod engine_mongo;
mod engine_validation;
mod engine_views;
mod examples;
// The fuzz targets' checks, shared with their short proptest runs in `fuzz_props`.
#[path = "../fuzz/src/lib.rs"]
mod fuzz_checks;
mod fuzz_props;
mod golden_dynamodb;
mod golden_mongosh;
mod grading_acceptance;
mod klien;
mod layani;
mod layani_mongo;
mod pesan_katalog;
mod repl_bab;
mod repl_newcomer;
mod repl_terminal;
mod repl_work_kept;
mod shell_fuzz;
mod shell_js;
mod support;
mod web;
