//! `kursus periksa`: every executed example of every chapter and every exercise's
//! reference solution, checked against what the shell really prints.

use super::authoring;
use super::catalog::{Course, Lesson};
use super::chapter::{self, Example};
use super::design::audit::{self, Role};
use super::design::{Blueprint, Spec};
use super::error::{CourseError, Result};
use super::grade::{self, trim_output, Reference};
use super::lesson::{Exercise, Rule};
use super::mutant;
use super::parallel;
use super::render;
use super::replay;
use super::sample_answers::{self, Equivalent, Samples};
use super::shell_port::{visible_output, ShellFactory, ShellPort};
use crate::pesan;
use std::path::{Path, PathBuf};

/// The outcome of a whole check, as lines to print plus counts.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Report {
    pub lines: Vec<String>,
    pub examples: usize,
    pub exercises: usize,
    pub failures: usize,
}

impl Report {
    fn fail(&mut self, line: String) {
        self.failures += 1;
        self.lines.push(line);
    }

    pub fn summary(&self) -> String {
        pesan::ringkasan(self.examples, self.exercises, self.failures)
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Rewrite keluaran blocks and fields from the actual output.
    pub update: bool,
    pub colour: bool,
}

/// One independent piece of the check; jobs run in parallel.
enum Job<'a> {
    Chapter {
        path: PathBuf,
        seed: Option<[u8; 12]>,
        header: Option<String>,
    },
    Exercise {
        lesson: &'a Lesson,
        exercise: &'a Exercise,
        samples: Option<&'a Samples>,
    },
    /// A chapter's quiz: its shape and every computed answer.
    Quiz {
        course: &'a Course,
        lesson: &'a Lesson,
        plans: &'a [DesignPlan],
    },
    /// One model of a design exercise, graded against the exercise's shared plan.
    Design {
        lesson: &'a Lesson,
        exercise: &'a Exercise,
        spec: &'a Spec,
        blueprint: &'a Blueprint,
        role: Role<'a>,
        model: &'a str,
    },
}

/// What one job found, and the rewrite `--perbarui` asks for.
#[derive(Default)]
struct Outcome {
    report: Report,
    edit: Option<Edit>,
}

enum Edit {
    Chapter {
        path: PathBuf,
        text: String,
        updates: Vec<(usize, String)>,
    },
    Keluaran {
        lesson: PathBuf,
        id: String,
        actual: String,
    },
    Quiz {
        path: PathBuf,
        updates: Vec<super::quiz::verify::Update>,
    },
}

pub fn check_course<F: ShellFactory + Sync>(
    factory: &F,
    course: &Course,
    options: Options,
) -> Result<Report> {
    let mut report = Report::default();
    let samples: Vec<Vec<Samples>> = course
        .lessons
        .iter()
        .map(|lesson| {
            sample_answers::load(lesson).unwrap_or_else(|e| {
                report.fail(format!("✗ {e}"));
                Vec::new()
            })
        })
        .collect();
    let plans = design_plans(factory, course);
    for (id, plan) in &plans {
        if let Err(e) = plan {
            report.fail(format!("✗ {id}: {e}"));
        }
    }
    let jobs = jobs(course, &samples, &plans);
    let outcomes = run_longest_first(&jobs, |job| run_job(factory, job, options));
    let mut edits = Vec::new();
    for outcome in outcomes {
        report.absorb(outcome.report);
        edits.extend(outcome.edit);
    }
    apply_edits(edits, &mut report);
    record_error(check_directives(course, &mut report), &mut report);
    record_error(check_authoring(course, &mut report), &mut report);
    for problem in super::diagram::check::problems(course) {
        report.fail(problem);
    }
    Ok(report)
}

/// Chapters first (each runs all its examples in order), then every exercise, in
/// course order so the report reads like the book.
fn jobs<'a>(
    course: &'a Course,
    samples: &'a [Vec<Samples>],
    plans: &'a [DesignPlan],
) -> Vec<Job<'a>> {
    let mut jobs = Vec::new();
    for (lesson, samples) in course.lessons.iter().zip(samples) {
        jobs.push(Job::Chapter {
            path: course.chapter_path(lesson),
            seed: lesson.file.seed(),
            header: Some(pesan::periksa_bab(&lesson.file.bab)),
        });
        for exercise in &lesson.file.latihan {
            let samples = samples.iter().find(|s| s.id == exercise.id);
            match exercise.design() {
                Some(spec) => jobs.extend(design_jobs(lesson, exercise, spec, samples, plans)),
                None => jobs.push(Job::Exercise {
                    lesson,
                    exercise,
                    samples,
                }),
            }
        }
        jobs.push(Job::Quiz {
            course,
            lesson,
            plans,
        });
    }
    jobs.extend(other_chapters(course).into_iter().map(|path| Job::Chapter {
        path,
        seed: None,
        header: None,
    }));
    jobs
}

/// Every job's outcome in the jobs' order, the design models started first: they take
/// longest, and one of them started last would keep a core busy while the others idle.
fn run_longest_first<R: Send>(jobs: &[Job], run: impl Fn(&Job) -> R + Sync) -> Vec<R> {
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| !matches!(jobs[i], Job::Design { .. } | Job::Quiz { .. }));
    let outcomes = parallel::map(&order, |&i| (i, run(&jobs[i])));
    let mut in_order: Vec<Option<R>> = (0..jobs.len()).map(|_| None).collect();
    for (i, outcome) in outcomes {
        in_order[i] = Some(outcome);
    }
    in_order.into_iter().flatten().collect()
}

fn run_job<F: ShellFactory>(factory: &F, job: &Job, options: Options) -> Outcome {
    let mut outcome = Outcome::default();
    let result = match job {
        Job::Chapter { path, seed, header } => {
            outcome.report.lines.extend(header.clone());
            check_chapter(factory, path, *seed, options, &mut outcome)
        }
        Job::Exercise {
            lesson,
            exercise,
            samples,
        } => check_exercise(factory, lesson, exercise, *samples, options, &mut outcome),
        Job::Quiz {
            course,
            lesson,
            plans,
        } => {
            check_quiz(factory, course, lesson, plans, options, &mut outcome);
            Ok(())
        }
        Job::Design {
            lesson,
            exercise,
            spec,
            blueprint,
            role,
            model,
        } => {
            let report = &mut outcome.report;
            report.exercises += usize::from(matches!(role, Role::Reference));
            let failures = audit::judge(factory, lesson, exercise, spec, blueprint, *role, model);
            failures.into_iter().for_each(|f| report.fail(f));
            Ok(())
        }
    };
    record_error(result, &mut outcome.report);
    outcome
}

fn check_quiz<F: ShellFactory>(
    factory: &F,
    course: &Course,
    lesson: &Lesson,
    plans: &[DesignPlan],
    options: Options,
    outcome: &mut Outcome,
) {
    let plan = |id: &str| match plans.iter().find(|(p, _)| p == id) {
        Some((_, Ok(blueprint))) => Some(blueprint),
        _ => None,
    };
    let found = super::quiz::verify::check(factory, course, lesson, plan);
    found
        .problems
        .into_iter()
        .for_each(|p| outcome.report.fail(p));
    if options.update && !found.updates.is_empty() {
        outcome.edit = Some(Edit::Quiz {
            path: lesson.dir.join(super::quiz::file::FILE_NAME),
            updates: found.updates,
        });
    }
}

/// A design exercise's reference plan, built once and shared by all its models.
type DesignPlan = (String, std::result::Result<Blueprint, CourseError>);

fn design_plans<F: ShellFactory + Sync>(factory: &F, course: &Course) -> Vec<DesignPlan> {
    let designs: Vec<(String, &Spec)> = course
        .exercises()
        .filter_map(|e| Some((e.full_id(), e.exercise.design()?)))
        .collect();
    let plans = parallel::map(&designs, |(_, spec)| Blueprint::build(factory, spec));
    designs
        .into_iter()
        .zip(plans)
        .map(|((id, _), plan)| (id, plan.map_err(CourseError::from)))
        .collect()
}

fn design_jobs<'a>(
    lesson: &'a Lesson,
    exercise: &'a Exercise,
    spec: &'a Spec,
    samples: Option<&'a Samples>,
    plans: &'a [DesignPlan],
) -> Vec<Job<'a>> {
    let full_id = format!("{}/{}", lesson.file.id, exercise.id);
    let Some((_, Ok(blueprint))) = plans.iter().find(|(id, _)| *id == full_id) else {
        return Vec::new();
    };
    audit::models(exercise, spec, samples)
        .into_iter()
        .map(|(role, model)| Job::Design {
            lesson,
            exercise,
            spec,
            blueprint,
            role,
            model,
        })
        .collect()
}

impl Report {
    fn absorb(&mut self, other: Report) {
        self.lines.extend(other.lines);
        self.examples += other.examples;
        self.exercises += other.exercises;
        self.failures += other.failures;
    }
}

/// A broken file fails the check but does not stop it.
fn record_error(result: Result<()>, report: &mut Report) {
    if let Err(e) = result {
        report.fail(format!("✗ {e}"));
    }
}

/// Markdown files of `book/src` that are not a lesson's chapter.
fn other_chapters(course: &Course) -> Vec<PathBuf> {
    let lesson_chapters: Vec<PathBuf> = course
        .lessons
        .iter()
        .map(|l| course.chapter_path(l))
        .collect();
    let mut paths = markdown_files(&course.root.join("book").join("src"));
    paths.retain(|p| !lesson_chapters.contains(p));
    paths
}

pub fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    paths.sort();
    paths
}

fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|cause| CourseError::Unreadable {
        path: path.to_path_buf(),
        cause,
    })
}

fn write_text(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).map_err(|cause| CourseError::Unwritable {
        path: path.to_path_buf(),
        cause,
    })
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default()
}

/// Runs a chapter's examples in one fresh shell, in order.
fn check_chapter<F: ShellFactory>(
    factory: &F,
    path: &Path,
    seed: Option<[u8; 12]>,
    options: Options,
    outcome: &mut Outcome,
) -> Result<()> {
    let text = read_text(path)?;
    let name = file_name(path);
    let mut shell = chapter::start(factory, seed);
    let mut updates = Vec::new();
    for (index, example) in chapter::examples(&text).iter().enumerate() {
        outcome.report.examples += 1;
        let actual = trim_output(&visible_output(&shell.run_statements(&example.code.body)));
        if let Some(problem) = example_problem(&name, example, &actual, options) {
            outcome.report.fail(problem);
            updates.push((index, actual));
        }
    }
    if options.update && !updates.is_empty() {
        let path = path.to_path_buf();
        outcome.edit = Some(Edit::Chapter {
            path,
            text,
            updates,
        });
    }
    Ok(())
}

fn example_problem(
    name: &str,
    example: &Example,
    actual: &str,
    options: Options,
) -> Option<String> {
    let line = example.code.open + 1;
    let Some(expected) = &example.expected else {
        return Some(pesan::contoh_tanpa_keluaran(name, line));
    };
    let expected = trim_output(&expected.body);
    (expected != actual).then(|| {
        let diff = render::line_diff(&expected, actual, options.colour);
        format!("{}\n{}", pesan::contoh_beda(name, line), indent(&diff))
    })
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The reference solution must pass, print something different on each dataset (or
/// hard-coded output would pass), doing nothing must not pass, a missing sort must
/// be caught, and the lesson's sample answers must be judged as `uji.toml` says.
fn check_exercise<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    samples: Option<&Samples>,
    options: Options,
    outcome: &mut Outcome,
) -> Result<()> {
    outcome.report.exercises += 1;
    let full_id = format!("{}/{}", lesson.file.id, exercise.id);
    let reference = Reference::build(factory, lesson, exercise)?;
    let verdict = grade::judge_reference(exercise, &reference);
    if !verdict.passed {
        let detail = indent(&render::verdict(&verdict, options.colour));
        outcome
            .report
            .fail(format!("{}\n{detail}", pesan::solusi_gagal(&full_id)));
        if options.update && exercise.grades_output() {
            let (lesson, id) = (lesson.dir.join("pelajaran.toml"), exercise.id.clone());
            let actual = grade::compared_output(&reference.run);
            outcome.edit = Some(Edit::Keluaran { lesson, id, actual });
        }
    }
    if let Some(problem) = expression_rule_problem(&full_id, exercise, &reference) {
        outcome.report.fail(problem);
    }
    if starts_solved(factory, lesson, exercise, &reference)? {
        outcome.report.fail(pesan::latihan_sudah_lulus(&full_id));
    }
    if exercise.grades_output() && reference.utama.output == reference.varian.output {
        outcome.report.fail(pesan::varian_sama(&full_id));
    }
    if verdict.passed {
        let equivalents = samples.map(|s| s.setara.as_slice()).unwrap_or_default();
        let survivors = surviving_mutants(factory, lesson, exercise, &reference, equivalents)?;
        survivors
            .into_iter()
            .for_each(|f| outcome.report.fail(f.message(&full_id)));
    }
    // Sample answers judged against a broken reference would only repeat its failure.
    match samples.filter(|_| verdict.passed) {
        Some(samples) => check_samples(
            factory,
            lesson,
            exercise,
            &reference,
            samples,
            &full_id,
            &mut outcome.report,
        ),
        None => Ok(()),
    }
}

/// An exercise whose reference writes expressions carries `pakai-ekspresi` (or a
/// legacy or PartiQL answer would pass), and one that carries it has expressions to name.
fn expression_rule_problem(
    full_id: &str,
    exercise: &Exercise,
    reference: &Reference,
) -> Option<String> {
    let teaches = !reference.utama.expected.teaches.is_empty();
    let ruled = exercise.efisiensi.contains(&Rule::PakaiEkspresi);
    (teaches != ruled).then(|| pesan::aturan_ekspresi_tidak_cocok(full_id, teaches))
}

/// Whether doing nothing already leaves the expected state (an output can only be
/// printed by a statement).
fn starts_solved<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    reference: &Reference,
) -> Result<bool> {
    if exercise.grades_output() {
        return Ok(false);
    }
    let untouched = replay::run(factory, lesson, &lesson.utama, exercise, &[])?;
    Ok(untouched
        .state
        .difference(&reference.utama.state, exercise.urutan_field)
        .is_none())
}

/// A generated wrong answer that passed, or an equivalent `uji.toml` names in vain.
enum MutantProblem {
    Passed(String),
    StaleEquivalent(String),
}

impl MutantProblem {
    fn message(&self, full_id: &str) -> String {
        match self {
            MutantProblem::Passed(name) => pesan::mutan_lulus(full_id, name),
            MutantProblem::StaleEquivalent(name) => pesan::setara_tidak_lulus(full_id, name),
        }
    }
}

/// Every mutant of the reference solution must fail, unless `uji.toml` lists it as an
/// equivalent; a listed equivalent must exist and pass.
fn surviving_mutants<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    reference: &Reference,
    equivalents: &[Equivalent],
) -> Result<Vec<MutantProblem>> {
    let mut problems = Vec::new();
    let mut passed = Vec::new();
    for found in mutant::mutants(exercise) {
        let entries = grade::entries(&found.script);
        if grade::grade_entries(factory, lesson, exercise, reference, &entries)?.passed {
            passed.push(found.name);
        }
    }
    for name in &passed {
        if !equivalents.iter().any(|e| &e.mutan == name) {
            problems.push(MutantProblem::Passed(name.clone()));
        }
    }
    for listed in equivalents.iter().filter(|e| !passed.contains(&e.mutan)) {
        problems.push(MutantProblem::StaleEquivalent(listed.mutan.clone()));
    }
    problems.dedup_by(|a, b| a.message("") == b.message(""));
    Ok(problems)
}

/// Every `salah` answer fails with the promised words, every `benar` answer passes.
fn check_samples<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    reference: &Reference,
    samples: &Samples,
    full_id: &str,
    report: &mut Report,
) -> Result<()> {
    let judge = |script: &str| -> Result<(bool, String)> {
        let entries = grade::entries(script);
        let verdict = grade::grade_entries(factory, lesson, exercise, reference, &entries)?;
        Ok((verdict.passed, render::verdict(&verdict, false)))
    };
    for (n, wrong) in samples.salah.iter().enumerate() {
        let (passed, feedback) = judge(&wrong.jawaban)?;
        if passed {
            report.fail(pesan::uji_salah_lulus(full_id, n + 1));
        } else if !feedback.contains(&wrong.memuat) {
            let problem = pesan::uji_salah_tanpa(full_id, n + 1, &wrong.memuat);
            report.fail(format!("{problem}\n{}", indent(&feedback)));
        }
    }
    for (n, right) in samples.benar.iter().enumerate() {
        let (passed, feedback) = judge(&right.jawaban)?;
        let said = right.memuat.as_ref().is_none_or(|m| feedback.contains(m));
        if passed && !said {
            let memuat = right.memuat.as_deref().unwrap_or_default();
            let problem = pesan::uji_benar_tanpa(full_id, n + 1, memuat);
            report.fail(format!("{problem}\n{}", indent(&feedback)));
        } else if !passed {
            let problem = pesan::uji_benar_gagal(full_id, n + 1);
            report.fail(format!("{problem}\n{}", indent(&feedback)));
        }
    }
    Ok(())
}

/// Writes what `--perbarui` collected: chapters whole, exercises grouped per lesson file.
fn apply_edits(edits: Vec<Edit>, report: &mut Report) {
    let mut keluaran: Vec<(PathBuf, Vec<(String, String)>)> = Vec::new();
    for edit in edits {
        match edit {
            Edit::Chapter {
                path,
                text,
                updates,
            } => {
                let written = write_text(&path, &chapter::rewrite(&text, &updates));
                note_written(written, &file_name(&path), report);
            }
            Edit::Quiz { path, updates } => {
                let written = super::lesson_edit::update_quiz(&path, &updates);
                note_written(written, &lesson_file_label(&path), report);
            }
            Edit::Keluaran { lesson, id, actual } => {
                match keluaran.iter_mut().find(|(p, _)| *p == lesson) {
                    Some((_, updates)) => updates.push((id, actual)),
                    None => keluaran.push((lesson, vec![(id, actual)])),
                }
            }
        }
    }
    for (path, updates) in keluaran {
        let written = super::lesson_edit::update_keluaran(&path, &updates);
        note_written(written, &lesson_file_label(&path), report);
    }
}

/// `<pelajaran-id>/pelajaran.toml`, as the author knows the file.
fn lesson_file_label(path: &Path) -> String {
    let lesson = path.parent().map(file_name).unwrap_or_default();
    format!("{lesson}/{}", file_name(path))
}

fn note_written(result: Result<()>, what: &str, report: &mut Report) {
    match result {
        Ok(()) => report.lines.push(pesan::diperbarui(what)),
        Err(e) => report.fail(format!("✗ {e}")),
    }
}

/// What reading the text alone finds: see [`authoring`].
fn check_authoring(course: &Course, report: &mut Report) -> Result<()> {
    for problem in authoring::problems(course)? {
        report.fail(problem);
    }
    Ok(())
}

/// Every `{{#latihan ID}}` in the book must name an existing exercise.
fn check_directives(course: &Course, report: &mut Report) -> Result<()> {
    for path in markdown_files(&course.root.join("book").join("src")) {
        let text = read_text(&path)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        for d in chapter::directives(&text) {
            if course.find_exercise(&d.id).is_err() {
                report.fail(pesan::direktif_salah(&name, d.line + 1, &d.id));
            }
        }
    }
    Ok(())
}
