//! Grading an answer: replay it on fresh copies of the lesson's datasets, compare the
//! output (with or without order, or the resulting state) and apply the efficiency
//! rules. On `utama` the output must equal `keluaran`; on `varian` it must equal what
//! the reference solution prints there, so hard-coded output fails.

use super::catalog::Lesson;
use super::dataset::Dataset;
use super::efficiency::{first_violation, Logs};
use super::error::Result;
use super::feedback::{explain, same_multiset};
use super::items::items;
use super::lesson::{Exercise, Grading};
use super::shell_port::{visible_output, ShellFactory, ShellPort};
use crate::pesan;

/// What one replay of a script printed, and the requests it made.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Replay {
    pub output: String,
    pub errors: Vec<String>,
    pub logs: Logs,
}

/// The grade of one answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub passed: bool,
    /// Indonesian remarks, most important first.
    pub remarks: Vec<String>,
    /// Expected and actual output when they differ.
    pub diff: Option<(String, String)>,
}

impl Verdict {
    fn pass() -> Verdict {
        Verdict {
            passed: true,
            remarks: vec![pesan::LULUS.to_string()],
            diff: None,
        }
    }

    fn fail(remarks: Vec<String>) -> Verdict {
        Verdict {
            passed: false,
            remarks,
            diff: None,
        }
    }
}

/// Runs `script` on a fresh shell holding `dataset`; for `status` grading the status
/// script's output is what counts, the logs are always the script's own.
pub fn replay<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    dataset: &Dataset,
    exercise: &Exercise,
    script: &str,
) -> Result<Replay> {
    if script.trim().is_empty() && exercise.penilaian != Grading::Status {
        // Nothing runs, so nothing is printed or logged: no session needed.
        return Ok(Replay::default());
    }
    let mut shell = factory.create(lesson.file.seed());
    dataset.load_into(&mut shell)?;
    let printed = shell.run_statements(script);
    let logs = Logs {
        plans: shell.take_plan_log(),
        dynamo: shell.take_dynamo_log(),
    };
    let errors = printed
        .iter()
        .filter(|p| p.is_error)
        .map(|p| p.text.clone())
        .collect();
    let output = match (exercise.penilaian, &exercise.status) {
        (Grading::Status, Some(status)) => visible_output(&shell.run_statements(status)),
        _ => visible_output(&printed),
    };
    Ok(Replay {
        output: trim_output(&output),
        errors,
        logs,
    })
}

/// Trailing newlines never matter (TOML multi-line strings usually end with one).
pub fn trim_output(text: &str) -> String {
    text.trim_end_matches(['\n', '\r']).to_string()
}

/// Grades `answer` for `exercise`; the variant is only replayed once the main dataset
/// passes, so a wrong answer gets its feedback without the extra work.
pub fn grade<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    answer: &str,
) -> Result<Verdict> {
    if answer.trim().is_empty() {
        return Ok(Verdict::fail(vec![pesan::JAWABAN_KOSONG.to_string()]));
    }
    let on_main = replay(factory, lesson, &lesson.utama, exercise, answer)?;
    if let Some(verdict) = main_mismatch(exercise, &on_main) {
        return Ok(verdict);
    }
    let reference = replay(factory, lesson, &lesson.varian, exercise, &exercise.solusi)?;
    let on_variant = replay(factory, lesson, &lesson.varian, exercise, answer)?;
    Ok(variant_mismatch(exercise, &reference, &on_variant)
        .unwrap_or_else(|| efficiency_verdict(exercise, &on_main.logs)))
}

/// The verdict on a lesson's own reference solution from its replay on `utama`
/// (on `varian` it is its own reference, so only `utama` can fail).
pub fn judge_reference(exercise: &Exercise, on_main: &Replay) -> Verdict {
    if exercise.solusi.trim().is_empty() {
        return Verdict::fail(vec![pesan::JAWABAN_KOSONG.to_string()]);
    }
    main_mismatch(exercise, on_main).unwrap_or_else(|| efficiency_verdict(exercise, &on_main.logs))
}

/// The answer must print on `varian` what the reference prints there.
fn variant_mismatch(
    exercise: &Exercise,
    reference: &Replay,
    on_variant: &Replay,
) -> Option<Verdict> {
    let mut verdict = mismatch(exercise, &reference.output, on_variant, true)?;
    verdict
        .remarks
        .insert(1, pesan::hard_code(pesan::dataset_label(true)));
    Some(verdict)
}

fn main_mismatch(exercise: &Exercise, on_main: &Replay) -> Option<Verdict> {
    mismatch(exercise, &trim_output(&exercise.keluaran), on_main, false)
}

fn efficiency_verdict(exercise: &Exercise, logs: &Logs) -> Verdict {
    match first_violation(&exercise.efisiensi, logs) {
        Some(complaint) => Verdict::fail(vec![complaint]),
        None => Verdict::pass(),
    }
}

/// `Some(verdict)` when the replay's output is not acceptable.
fn mismatch(
    exercise: &Exercise,
    expected: &str,
    replay: &Replay,
    variant: bool,
) -> Option<Verdict> {
    if outputs_match(exercise.penilaian, expected, &replay.output) {
        return None;
    }
    let label = pesan::dataset_label(variant);
    let headline = match exercise.penilaian {
        Grading::Status => pesan::status_beda(label),
        _ => pesan::keluaran_beda(label),
    };
    let mut remarks = vec![headline];
    remarks.extend(replay.errors.first().map(|e| pesan::ada_galat(e)));
    remarks.extend(explain(expected, &replay.output));
    let diff = Some((expected.to_string(), replay.output.clone()));
    Some(Verdict {
        passed: false,
        remarks,
        diff,
    })
}

pub fn outputs_match(mode: Grading, expected: &str, actual: &str) -> bool {
    match mode {
        Grading::KeluaranTanpaUrutan => same_multiset(&items(expected), &items(actual)),
        Grading::Keluaran | Grading::Status => expected == actual,
    }
}
