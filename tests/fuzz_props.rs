//! Short runs of the fuzz targets' checks (`fuzz/src/lib.rs`, included by `e2e.rs`):
//! random text and mutations of each target's seed corpus (`fuzz/seeds/`), so every
//! parser the fuzz targets cover is also fuzzed a little on every `cargo test`.

use std::path::Path;

use proptest::prelude::*;

use crate::fuzz_checks::{self as checks, Verdict};

const CODE: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "'",
    "\"",
    "`",
    "${",
    "/",
    "//",
    "/*",
    "*/",
    "\n",
    "\r\n",
    ".",
    ",",
    "$",
    "\\",
    "\u{0}",
    "🎓",
    "use x\n",
    "show dbs\n",
];
const EXPRESSION: &[&str] = &[
    "(",
    ")",
    ",",
    ".",
    "[",
    "]",
    "[0]",
    "[99999999999]",
    "#",
    ":",
    " AND ",
    " OR ",
    "NOT ",
    "=",
    "<>",
    "<",
    ">=",
    " BETWEEN ",
    " IN ",
    "SET ",
    "REMOVE ",
    "ADD ",
    "DELETE ",
    "size(",
    "attribute_exists(",
    "attribute_type(",
    "begins_with(",
    "contains(",
    "if_not_exists(",
    "list_append(",
    "+",
    "-",
    "0",
    "\"",
    " ",
    "é",
    "#d",
    ":a",
    "a.b",
];
const JSON: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\"$oid\":",
    "\"$date\":",
    "\"$numberLong\":",
    "\"$numberDecimal\":",
    "\"$numberDouble\":",
    "\"$binary\":",
    "\"$regularExpression\":",
    "\"$timestamp\":",
    "1e400",
    "-",
    "0",
    "null",
    "\\u0000",
    "\\ud800",
    "{\"$numberInt\":\"1\"}",
];
const TOML: &[&str] = &[
    "\n",
    "=",
    "\"",
    "'''",
    "\"\"\"",
    "[",
    "]",
    "[[latihan]]\n",
    "#",
    "1",
    "-",
    "\\",
    "penilaian = \"status\"\n",
    "objectid = \"zz\"\n",
    "format_version = 2\n",
    "{",
    "}",
];

fn seeds(target: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("seed entry").path())
        .collect();
    files.sort();
    let seeds: Vec<String> = files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("seed text"))
        .collect();
    assert!(!seeds.is_empty(), "no seeds in {}", dir.display());
    seeds
}

/// Deletes up to `deleted` characters at `at` (modulo the length) and inserts `piece`.
fn splice(seed: &str, at: usize, deleted: usize, piece: &str) -> String {
    let chars: Vec<char> = seed.chars().collect();
    let at = at % (chars.len() + 1);
    let end = (at + deleted).min(chars.len());
    let mut out: String = chars[..at].iter().collect();
    out.push_str(piece);
    out.extend(&chars[end..]);
    out
}

/// One to three splices of one seed.
fn mutated(target: &str, pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
    let edit = (0usize..1 << 20, 0usize..4, prop::sample::select(pieces));
    (
        prop::sample::select(seeds(target)),
        prop::collection::vec(edit, 1..4),
    )
        .prop_map(|(seed, edits)| {
            edits.iter().fold(seed, |text, (at, deleted, piece)| {
                splice(&text, *at, *deleted, piece)
            })
        })
}

fn holds(verdict: Verdict) -> Result<(), TestCaseError> {
    verdict.map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn splitter_on_random_text(input in "\\PC{0,120}") {
        holds(checks::splitter(&input))?;
    }

    #[test]
    fn splitter_on_mutated_scripts(input in mutated("splitter", CODE)) {
        holds(checks::splitter(&input))?;
    }

    #[test]
    fn conditions_on_random_text(input in "\\PC{0,60}") {
        holds(checks::dynamo_condition(&input))?;
    }

    #[test]
    fn conditions_mutated(input in mutated("dynamo_condition", EXPRESSION)) {
        holds(checks::dynamo_condition(&input))?;
    }

    #[test]
    fn key_conditions_on_random_text(input in "\\PC{0,60}") {
        holds(checks::dynamo_key_condition(&input))?;
    }

    #[test]
    fn key_conditions_mutated(input in mutated("dynamo_key_condition", EXPRESSION)) {
        holds(checks::dynamo_key_condition(&input))?;
    }

    #[test]
    fn updates_on_random_text(input in "\\PC{0,60}") {
        holds(checks::dynamo_update(&input))?;
    }

    #[test]
    fn updates_mutated(input in mutated("dynamo_update", EXPRESSION)) {
        holds(checks::dynamo_update(&input))?;
    }

    #[test]
    fn projections_on_random_text(input in "\\PC{0,60}") {
        holds(checks::dynamo_projection(&input))?;
    }

    #[test]
    fn projections_mutated(input in mutated("dynamo_projection", EXPRESSION)) {
        holds(checks::dynamo_projection(&input))?;
    }

    #[test]
    fn extjson_on_random_text(input in "\\PC{0,120}") {
        holds(checks::extjson(&input))?;
    }

    #[test]
    fn extjson_mutated(input in mutated("extjson", JSON)) {
        holds(checks::extjson(&input))?;
    }

    #[test]
    fn lessons_on_random_text(input in "\\PC{0,120}") {
        holds(checks::lesson(&input))?;
    }

    #[test]
    fn lessons_mutated(input in mutated("lesson", TOML)) {
        holds(checks::lesson(&input))?;
    }
}

/// A fuzz target's name and the check it runs on each input.
type Target = (&'static str, fn(&str) -> Verdict);

/// The seeds are real input (the course's files, the golden requests): all pass.
#[test]
fn every_seed_passes_its_check() {
    let targets: [Target; 7] = [
        ("splitter", checks::splitter),
        ("dynamo_condition", checks::dynamo_condition),
        ("dynamo_key_condition", checks::dynamo_key_condition),
        ("dynamo_update", checks::dynamo_update),
        ("dynamo_projection", checks::dynamo_projection),
        ("extjson", checks::extjson),
        ("lesson", checks::lesson),
    ];
    for (target, check) in targets {
        for seed in seeds(target) {
            assert_eq!(check(&seed), Ok(()), "{target}: {seed}");
        }
    }
}

// ---- the MongoDB frame decoder, on bytes -----------------------------------------------

fn frame_seeds() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/mongo_frame");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("seed entry").path())
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read(p).expect("seed bytes"))
        .collect()
}

/// A seed frame with bytes overwritten, cut or appended.
fn mutated_frame() -> impl Strategy<Value = Vec<u8>> {
    let seeds = frame_seeds();
    let count = seeds.len();
    (
        0..count,
        any::<usize>(),
        proptest::collection::vec(any::<u8>(), 0..8),
        0..3u8,
    )
        .prop_map(move |(which, at, bytes, how)| {
            let mut frame = seeds[which].clone();
            let at = at % frame.len();
            match how {
                0 => frame.splice(at..(at + bytes.len()).min(frame.len()), bytes),
                1 => frame.splice(at.., Vec::new()),
                _ => frame.splice(at..at, bytes),
            };
            frame
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mongo_frames_of_random_bytes(input in proptest::collection::vec(any::<u8>(), 0..96)) {
        holds(checks::mongo_frame(&input))?;
    }

    #[test]
    fn mongo_frames_mutated(input in mutated_frame()) {
        holds(checks::mongo_frame(&input))?;
    }
}

#[test]
fn every_frame_seed_decodes() {
    for seed in frame_seeds() {
        assert_eq!(checks::mongo_frame(&seed), Ok(()));
        assert!(kursus::wire::frame::decode(&seed).is_ok(), "{seed:?}");
    }
}

/// An OP_MSG with a body and one document sequence of `count` empty documents.
fn long_sequence(count: usize) -> Vec<u8> {
    let body = bson::to_vec(&bson::doc! { "insert": "c", "$db": "d" }).unwrap();
    let mut sequence = b"documents\0".to_vec();
    (0..count).for_each(|_| sequence.extend([5, 0, 0, 0, 0]));
    let mut frame = vec![0u8; 12];
    frame.extend(2013i32.to_le_bytes());
    frame.extend(0u32.to_le_bytes());
    frame.push(0);
    frame.extend(body);
    frame.push(1);
    frame.extend(((sequence.len() + 4) as u32).to_le_bytes());
    frame.extend(sequence);
    let length = frame.len() as i32;
    frame[..4].copy_from_slice(&length.to_le_bytes());
    frame
}

/// Folded into an array, each document of a sequence gains a type byte and an index key:
/// past a thousand empty documents that is more than twice the frame, which the check
/// once took for a blow-up of the decoder.
#[test]
fn a_long_sequence_of_small_documents_is_no_blow_up() {
    for count in [1, 999, 1_500, 20_000] {
        let frame = long_sequence(count);
        assert!(kursus::wire::frame::decode(&frame).is_ok(), "{count}");
        assert_eq!(checks::mongo_frame(&frame), Ok(()), "{count}");
    }
}
