//! Grading an answer: replay it on fresh copies of the lesson's datasets, find the
//! statement that is the answer, compare its output (with or without order) and the
//! resulting state with the reference solution's, and apply the efficiency rules.
//! On `utama` the answer must print `keluaran`; on `varian` the same statement must
//! print what the reference solution's answer statement prints there.

use super::answer::{self, short};
use super::catalog::Lesson;
use super::counterexample::{self, Contest, Counterexample};
use super::dataset::Dataset;
use super::efficiency::{first_violation, work, writes, Expected};
use super::error::Result;
use super::feedback::{explain, same_multiset};
use super::items::items;
use super::lesson::{Exercise, Grading};
use super::replay::{self, Run, Step};
use super::shell_port::ShellFactory;
use super::state::State;
use crate::pesan;

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
    fn fail(remarks: Vec<String>) -> Verdict {
        Verdict {
            passed: false,
            remarks,
            diff: None,
        }
    }
}

/// What the reference solution does on one dataset.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Target {
    /// What the answer statement must print (`None` when only the state is graded,
    /// or when the reference prints nothing that matches).
    pub output: Option<String>,
    pub state: State,
    pub expected: Expected,
}

/// The reference solution's answer on both datasets, computed once per exercise.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Reference {
    pub utama: Target,
    pub varian: Target,
    /// The reference's own replays, and which statement is its answer.
    pub run: Run,
    pub variant_run: Run,
    pub graded: Option<usize>,
    /// The reference solution's entries, as replayed.
    pub entries: Vec<String>,
}

impl Reference {
    pub fn build<F: ShellFactory>(
        factory: &F,
        lesson: &Lesson,
        exercise: &Exercise,
    ) -> Result<Reference> {
        let entries = entries(&exercise.solusi);
        let on_main = replay::run(factory, lesson, &lesson.utama, exercise, &entries)?;
        let on_variant = replay::run(factory, lesson, &lesson.varian, exercise, &entries)?;
        let keluaran = trim_output(&exercise.keluaran);
        let graded = answer_step(exercise, &keluaran, &on_main).map(|s| s.number);
        let variant_output = graded
            .and_then(|n| on_variant.steps.get(n - 1))
            .map(Step::output);
        let output_graded = exercise.grades_output();
        Ok(Reference {
            utama: target(output_graded.then_some(keluaran), &on_main, graded),
            varian: target(
                variant_output.filter(|_| output_graded),
                &on_variant,
                graded,
            ),
            run: on_main,
            variant_run: on_variant,
            graded,
            entries,
        })
    }
}

fn target(output: Option<String>, run: &Run, graded: Option<usize>) -> Target {
    Target {
        output,
        state: run.state.clone(),
        expected: Expected::of(&work(run, graded)),
    }
}

/// The answer's entries from a script typed into the REPL.
pub fn entries(script: &str) -> Vec<String> {
    answer::entries_of_script(script)
}

/// Trailing newlines never matter (TOML multi-line strings usually end with one).
pub fn trim_output(text: &str) -> String {
    text.trim_end_matches(['\n', '\r']).to_string()
}

/// Grades `answer` (a script, as typed) for `exercise`.
pub fn grade<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    answer: &str,
) -> Result<Verdict> {
    let reference = Reference::build(factory, lesson, exercise)?;
    grade_entries(factory, lesson, exercise, &reference, &entries(answer))
}

/// Grades the answer's entries against an already built reference; the variant is
/// only replayed once `utama` passes, so a wrong answer costs one replay.
pub fn grade_entries<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    reference: &Reference,
    entries: &[String],
) -> Result<Verdict> {
    if entries.iter().all(|e| e.trim().is_empty()) {
        return Ok(Verdict::fail(vec![pesan::JAWABAN_KOSONG.to_string()]));
    }
    let on_main = replay::run(factory, lesson, &lesson.utama, exercise, entries)?;
    let graded = match judge_main(exercise, reference, &on_main) {
        Ok(graded) => graded,
        Err(verdict) => return Ok(with_database_note(verdict, &lesson.utama, &on_main)),
    };
    let on_variant = replay::run(factory, lesson, &lesson.varian, exercise, entries)?;
    let verdict = match variant_output_mismatch(exercise, reference, &on_variant, graded) {
        Some((step, typed)) => {
            let contest = Contest {
                reference: (&reference.entries, reference.graded.unwrap_or(1)),
                answer: (entries, step.number),
            };
            let shown = counterexample::smallest(factory, lesson, exercise, &contest)?;
            variant_mismatch(&on_variant, step, typed, shown)
        }
        None => judge_variant_state(exercise, &reference.varian, &on_variant, graded)
            .unwrap_or_else(|| pass(graded)),
    };
    Ok(with_later_error(verdict, graded, &on_main))
}

/// A pass still says when a newer statement than the graded one ended in an error:
/// the learner may think that newer attempt was judged.
fn with_later_error(mut verdict: Verdict, graded: Option<&Step>, run: &Run) -> Verdict {
    let Some(graded) = graded.filter(|_| verdict.passed) else {
        return verdict;
    };
    let later = run.steps[graded.number..]
        .iter()
        .rev()
        .find(|s| s.printed.is_error);
    verdict
        .remarks
        .extend(later.map(|s| pesan::galat_sesudah_jawaban(s.number, &short(&s.source))));
    verdict
}

/// A failed verdict gains a remark when the answer's requests went to a database the
/// exercise's data is not in (typically after `use test`).
fn with_database_note(mut verdict: Verdict, dataset: &Dataset, run: &Run) -> Verdict {
    if let Some((used, expected)) = other_database(dataset, run) {
        let at = verdict.remarks.len().min(1);
        verdict
            .remarks
            .insert(at, pesan::basis_data_lain(&used, &expected));
    }
    verdict
}

/// The first database the answer reached that holds none of the exercise's collections,
/// and the database that does.
fn other_database(dataset: &Dataset, run: &Run) -> Option<(String, String)> {
    let expected = dataset.collections.first()?.db.clone();
    let known = |db: &str| dataset.collections.iter().any(|c| c.db == db);
    let used = run.steps.iter().flat_map(|s| {
        let commands = s.requests.commands.iter().map(|c| c.ns.as_str());
        commands.chain(s.requests.plans.iter().map(|p| p.ns.as_str()))
    });
    used.filter_map(|ns| ns.split_once('.').map(|(db, _)| db))
        .find(|db| !known(db) && *db != "admin")
        .map(|db| (db.to_string(), expected))
}

/// The verdict on a lesson's own reference solution (its own target on `varian`, so
/// only `utama` and the rules can fail).
pub fn judge_reference(exercise: &Exercise, reference: &Reference) -> Verdict {
    if exercise.solusi.trim().is_empty() {
        return Verdict::fail(vec![pesan::JAWABAN_KOSONG.to_string()]);
    }
    let graded = match judge_main(exercise, reference, &reference.run) {
        Ok(graded) => graded,
        Err(verdict) => return verdict,
    };
    let on_variant = graded.and_then(|s| reference.variant_run.steps.get(s.number - 1));
    rules_verdict(
        exercise,
        &reference.varian,
        &reference.variant_run,
        on_variant,
    )
    .unwrap_or_else(|| pass(graded))
}

fn pass(graded: Option<&Step>) -> Verdict {
    let mut remarks = vec![pesan::LULUS.to_string()];
    remarks.extend(graded.map(|s| pesan::jawaban_dinilai(s.number, &short(&s.source))));
    Verdict {
        passed: true,
        remarks,
        diff: None,
    }
}

/// Output, state and rules on `utama`; `Ok` carries the graded statement.
fn judge_main<'a>(
    exercise: &Exercise,
    reference: &Reference,
    run: &'a Run,
) -> std::result::Result<Option<&'a Step>, Verdict> {
    let graded = match &reference.utama.output {
        Some(expected) => Some(
            answer_step(exercise, expected, run)
                .ok_or_else(|| output_mismatch(exercise, expected, run, false))?,
        ),
        None => None,
    };
    if let Some(difference) = run
        .state
        .difference(&reference.utama.state, exercise.urutan_field)
    {
        return Err(state_mismatch(difference, None, graded, run));
    }
    rules_verdict(exercise, &reference.utama, run, graded).map_or(Ok(graded), Err)
}

/// The efficiency rules, on either dataset (each catches other shortcuts).
fn rules_verdict(
    exercise: &Exercise,
    target: &Target,
    run: &Run,
    graded: Option<&Step>,
) -> Option<Verdict> {
    let counted = work(run, graded.map(|s| s.number));
    let mut remarks = first_violation(&exercise.efisiensi, &counted, run, &target.expected)?;
    remarks.extend(graded.map(|s| pesan::jawaban_dinilai(s.number, &short(&s.source))));
    Some(Verdict::fail(remarks))
}

/// The graded statement when it prints something else on `varian` than the
/// reference's answer does there, and whether the answer typed values it copied.
fn variant_output_mismatch<'a>(
    exercise: &Exercise,
    reference: &Reference,
    run: &Run,
    graded: Option<&'a Step>,
) -> Option<(&'a Step, bool)> {
    let (expected, step) = (reference.varian.output.as_ref()?, graded?);
    let actual = run
        .steps
        .get(step.number - 1)
        .map(Step::output)
        .unwrap_or_default();
    (!outputs_match(exercise.penilaian, expected, &actual))
        .then(|| (step, typed_from_output(exercise, reference, run)))
}

/// On `varian` the state must also be the reference's, and the rules still hold.
fn judge_variant_state(
    exercise: &Exercise,
    target: &Target,
    run: &Run,
    graded: Option<&Step>,
) -> Option<Verdict> {
    match run
        .state
        .difference_hidden(&target.state, exercise.urutan_field)
    {
        Some(difference) => {
            let typed = typed_values(exercise, run);
            Some(state_mismatch(difference, Some(typed), graded, run))
        }
        None => rules_verdict(exercise, target, run, graded),
    }
}

/// The last statement that printed the expected output and is not a literal.
fn answer_step<'a>(exercise: &Exercise, expected: &str, run: &'a Run) -> Option<&'a Step> {
    run.steps
        .iter()
        .rev()
        .filter(|s| !s.printed.is_error && !s.is_literal())
        .find(|s| outputs_match(exercise.penilaian, expected, &s.output()))
}

/// What a failing answer is compared with: the last expression that printed a value.
fn compared_step(run: &Run) -> Option<&Step> {
    run.steps
        .iter()
        .rev()
        .find(|s| s.printed.is_expression && s.printed_value())
}

/// What `--perbarui` writes as keluaran when the reference does not print it.
pub fn compared_output(run: &Run) -> String {
    compared_step(run).map(Step::output).unwrap_or_default()
}

fn output_mismatch(exercise: &Exercise, expected: &str, run: &Run, variant: bool) -> Verdict {
    let compared = compared_step(run);
    let actual = compared.map(Step::output).unwrap_or_default();
    let mut remarks = vec![pesan::keluaran_beda(pesan::dataset_label(variant))];
    remarks.push(match compared {
        Some(s) => pesan::dibandingkan_dengan(s.number, &short(&s.source)),
        None => pesan::TANPA_NILAI.to_string(),
    });
    let literal = run
        .steps
        .iter()
        .find(|s| s.is_literal() && outputs_match(exercise.penilaian, expected, &s.output()));
    remarks.extend(literal.map(|s| pesan::hanya_literal(s.number)));
    remarks.extend(run.errors().next().map(pesan::ada_galat));
    remarks.extend(explain(expected, &actual));
    Verdict {
        passed: false,
        remarks,
        diff: Some((expected.to_string(), actual)),
    }
}

/// Whether the answer wrote down values it can only have copied from the visible
/// output: a literal statement, or a quoted value of that output the reference
/// solution never needed to type.
fn typed_from_output(exercise: &Exercise, reference: &Reference, run: &Run) -> bool {
    if run.steps.iter().any(Step::is_literal) {
        return true;
    }
    let Some(visible) = &reference.utama.output else {
        return false;
    };
    let typed = run.steps.iter().flat_map(|s| quoted_values(&s.source));
    typed
        .filter(|v| v.chars().count() > 1 && !exercise.solusi.contains(v.as_str()))
        .any(|v| visible.contains(&format!("'{v}'")))
}

/// Whether a state answer wrote down values it saw: a literal statement, or an
/// ObjectId the reference solution never needed to type.
fn typed_values(exercise: &Exercise, run: &Run) -> bool {
    let object_id = |v: &String| v.len() == 24 && v.chars().all(|c| c.is_ascii_hexdigit());
    run.steps.iter().any(Step::is_literal)
        || run
            .steps
            .iter()
            .flat_map(|s| quoted_values(&s.source))
            .any(|v| object_id(&v) && !exercise.solusi.contains(v.as_str()))
}

/// The contents of the quoted strings in `source`.
fn quoted_values(source: &str) -> Vec<String> {
    let mut values = Vec::new();
    let mut current: Option<(char, String)> = None;
    for c in source.chars() {
        current = match current {
            Some((q, text)) if c == q => {
                values.push(text);
                None
            }
            Some((q, mut text)) => {
                text.push(c);
                Some((q, text))
            }
            None if matches!(c, '\'' | '"') => Some((c, String::new())),
            None => None,
        };
    }
    values
}

/// Right on `utama`, wrong on `varian`: never the variant's expected rows, only the
/// smallest counterexample when one was found.
fn variant_mismatch(run: &Run, step: &Step, typed: bool, shown: Option<Counterexample>) -> Verdict {
    let mut remarks = vec![
        pesan::keluaran_beda(pesan::dataset_label(true)),
        pesan::hanya_utama(pesan::dataset_label(true), typed),
        pesan::jawaban_dinilai(step.number, &short(&step.source)),
    ];
    remarks.extend(run.errors().next().map(pesan::ada_galat));
    match &shown {
        Some(c) => {
            remarks.push(pesan::contoh_terkecil(
                c.count,
                &c.records,
                &c.expected,
                &c.actual,
            ));
            remarks.extend(explain(&c.expected, &c.actual));
        }
        None => remarks.push(pesan::BEDA_DI_DATA_TERSEMBUNYI.to_string()),
    }
    Verdict::fail(remarks)
}

/// `variant` is `Some(typed)` on the hidden data: whether the answer typed values in.
fn state_mismatch(
    difference: String,
    variant: Option<bool>,
    graded: Option<&Step>,
    run: &Run,
) -> Verdict {
    let tables = !run.state.parts.is_empty() && run.state.parts.iter().all(|p| p.is_table);
    let mut remarks = vec![
        pesan::status_beda(pesan::dataset_label(variant.is_some()), tables),
        difference,
    ];
    if let Some(typed) = variant {
        remarks.insert(1, pesan::keadaan_hanya_utama(typed));
    }
    remarks.extend(match graded {
        Some(s) => Some(pesan::jawaban_dinilai(s.number, &short(&s.source))),
        None => last_write(run).map(|s| pesan::perubahan_terakhir(s.number, &short(&s.source))),
    });
    Verdict::fail(remarks)
}

/// Where only the state is graded, the statement that last changed the data is the
/// one a learner should look at first.
fn last_write(run: &Run) -> Option<&Step> {
    run.steps.iter().rev().find(|s| writes(s) > 0)
}

pub fn outputs_match(mode: Grading, expected: &str, actual: &str) -> bool {
    match mode {
        Grading::KeluaranTanpaUrutan => same_multiset(&items(expected), &items(actual)),
        Grading::Keluaran | Grading::Status | Grading::Rancangan => expected == actual,
    }
}
