//! `kursus periksa`: every executed example of every chapter and every exercise's
//! reference solution, checked against what the shell really prints.

use super::catalog::{Course, Lesson};
use super::chapter::{self, Example};
use super::error::{CourseError, Result};
use super::grade::{self, outputs_match, trim_output};
use super::lesson::Exercise;
use super::shell_port::{visible_output, ShellFactory, ShellPort};
use super::{pesan, render};
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

pub fn check_course<F: ShellFactory>(
    factory: &F,
    course: &Course,
    options: Options,
) -> Result<Report> {
    let mut report = Report::default();
    for lesson in &course.lessons {
        let path = course.chapter_path(lesson);
        report.lines.push(pesan::periksa_bab(&lesson.file.bab));
        let chapter = check_chapter(factory, &path, lesson.file.seed(), options, &mut report);
        record_error(chapter, &mut report);
        let exercises = check_exercises(factory, lesson, options, &mut report);
        record_error(exercises, &mut report);
    }
    for path in other_chapters(course) {
        let result = check_chapter(factory, &path, None, options, &mut report);
        record_error(result, &mut report);
    }
    record_error(check_directives(course, &mut report), &mut report);
    Ok(report)
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
    std::fs::read_to_string(path)
        .map_err(|e| CourseError::Berkas(pesan::berkas_tidak_terbaca(path.display(), e)))
}

fn write_text(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text)
        .map_err(|e| CourseError::Berkas(pesan::berkas_tidak_terbaca(path.display(), e)))
}

/// Runs a chapter's examples in one fresh shell, in order.
fn check_chapter<F: ShellFactory>(
    factory: &F,
    path: &Path,
    seed: Option<[u8; 12]>,
    options: Options,
    report: &mut Report,
) -> Result<()> {
    let text = read_text(path)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let mut shell = factory.create(seed);
    let mut updates = Vec::new();
    for (index, example) in chapter::examples(&text).iter().enumerate() {
        report.examples += 1;
        let actual = trim_output(&visible_output(&shell.run_statements(&example.code.body)));
        if let Some(problem) = example_problem(&name, example, &actual, options) {
            report.fail(problem);
            updates.push((index, actual));
        }
    }
    if options.update && !updates.is_empty() {
        write_text(path, &chapter::rewrite(&text, &updates))?;
        report.lines.push(pesan::diperbarui(&name));
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

fn check_exercises<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    options: Options,
    report: &mut Report,
) -> Result<()> {
    let mut updates = Vec::new();
    for exercise in &lesson.file.latihan {
        report.exercises += 1;
        let full_id = format!("{}/{}", lesson.file.id, exercise.id);
        let before = report.failures;
        check_exercise(factory, lesson, exercise, &full_id, options, report)?;
        if options.update && report.failures > before {
            let actual =
                grade::replay(factory, lesson, &lesson.utama, exercise, &exercise.solusi)?.output;
            updates.push((exercise.id.clone(), actual));
        }
    }
    if !updates.is_empty() {
        super::lesson_edit::update_keluaran(&lesson.dir.join("pelajaran.toml"), &updates)?;
        report.lines.push(pesan::diperbarui(&format!(
            "{}/pelajaran.toml",
            lesson.file.id
        )));
    }
    Ok(())
}

fn check_exercise<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    full_id: &str,
    options: Options,
    report: &mut Report,
) -> Result<()> {
    let verdict = grade::grade(factory, lesson, exercise, &exercise.solusi)?;
    if !verdict.passed {
        let detail = indent(&render::verdict(&verdict, options.colour));
        report.fail(format!("{}\n{detail}", pesan::solusi_gagal(full_id)));
    }
    if solved_without_answer(factory, lesson, exercise)? {
        report.fail(pesan::latihan_sudah_lulus(full_id));
    }
    let on_main = grade::replay(factory, lesson, &lesson.utama, exercise, &exercise.solusi)?;
    let on_variant = grade::replay(factory, lesson, &lesson.varian, exercise, &exercise.solusi)?;
    if on_main.output == on_variant.output {
        report.fail(pesan::varian_sama(full_id));
    }
    Ok(())
}

/// Whether doing nothing already produces the expected output (or state).
fn solved_without_answer<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
) -> Result<bool> {
    let untouched = grade::replay(factory, lesson, &lesson.utama, exercise, "")?;
    Ok(outputs_match(
        exercise.penilaian,
        &trim_output(&exercise.keluaran),
        &untouched.output,
    ))
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
