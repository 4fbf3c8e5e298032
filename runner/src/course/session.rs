//! The learner's REPL session: the current exercise, the statements typed as the
//! answer, and the dot-commands (`.latihan`, `.periksa`, …) the REPL hands to us.

use super::catalog::{Course, ExerciseRef};
use super::error::Result;
use super::progress::{Progress, ProgressStore};
use super::shell_port::{ShellFactory, ShellPort};
use super::{answer, design, grade, listing, render};
use crate::pesan;

pub struct Session<F: ShellFactory> {
    course: Course,
    factory: F,
    store: ProgressStore,
    progress: Progress,
    current: String,
    /// Statements typed since the exercise was opened or last reset.
    answer: Vec<String>,
    colour: bool,
}

impl<F: ShellFactory> Session<F> {
    /// Opens the session at `start`, else where the learner left off, else at the first
    /// unsolved exercise. The returned notes (progress-file problems) come first.
    pub fn open(
        course: Course,
        factory: F,
        store: ProgressStore,
        start: Option<&str>,
    ) -> Result<(Self, Vec<String>)> {
        let (progress, note) = store.load();
        let current = match start {
            Some(id) => course.find_exercise(id)?.full_id(),
            None => starting_exercise(&course, &progress).unwrap_or_default(),
        };
        let mut session = Session {
            course,
            factory,
            store,
            progress,
            current,
            answer: Vec::new(),
            colour: render::colour_wanted(),
        };
        session.progress.aktif = Some(session.current.clone());
        // An unwritable data folder must not keep the learner out of the REPL.
        let unsaved = session.store.save(&session.progress).err();
        let notes = note.into_iter().chain(unsaved.map(|e| e.to_string()));
        Ok((session, notes.collect()))
    }

    pub fn set_colour(&mut self, colour: bool) {
        self.colour = colour;
    }

    pub fn current_id(&self) -> &str {
        &self.current
    }

    fn exercise(&self) -> Option<ExerciseRef<'_>> {
        self.course.find_exercise(&self.current).ok()
    }

    pub fn welcome(&self) -> String {
        let Some(e) = self.exercise() else {
            return pesan::KURSUS_SELESAI.to_string();
        };
        let greeting = pesan::selamat_datang(
            &e.lesson.file.judul,
            &format!("{} — {}", e.full_id(), e.exercise.judul),
        );
        let greeting = match self.start_db() {
            Some(db) if db != LEARNER_START_DB => {
                format!("{greeting}\n{}", pesan::mulai_di_db(&db))
            }
            _ => greeting,
        };
        with_note(greeting, self.design_note())
    }

    /// The data folder, next to the progress file.
    fn data_dir(&self) -> std::path::PathBuf {
        let progress = self.store.path();
        progress.parent().unwrap_or(progress).to_path_buf()
    }

    /// Where a design exercise's model file is (written from the starter if missing).
    fn design_note(&self) -> Option<String> {
        design::learner::note(&self.data_dir(), self.exercise()?)
    }

    /// A fresh shell holding the current exercise's starting dataset, on database
    /// `test` as mongosh starts: the learner types `use kampus` as the chapter does.
    pub fn fresh_shell(&self) -> Result<F::Shell> {
        let exercise = self.exercise();
        let mut shell = self
            .factory
            .create(exercise.and_then(|e| e.lesson.file.seed()));
        if let Some(e) = exercise {
            e.lesson.utama.load_into(&mut shell)?;
        }
        shell.use_db(LEARNER_START_DB);
        Ok(shell)
    }

    /// The REPL hook: dot-commands are answered here; anything else is recorded as
    /// part of the answer and left to the shell (`None`).
    pub fn handle_line(&mut self, line: &str, shell: &mut F::Shell) -> Option<String> {
        if is_dot_command(line) {
            return Some(self.handle_dot(line, shell));
        }
        self.record(line);
        None
    }

    /// Answers one dot-command.
    pub fn handle_dot(&mut self, line: &str, shell: &mut F::Shell) -> String {
        self.dot_command(line.trim(), shell)
            .unwrap_or_else(|e| e.to_string())
    }

    /// Adds an entry the learner typed to the answer.
    pub fn record(&mut self, entry: &str) {
        let entry = entry.trim_end();
        if answer::is_recorded(entry) {
            self.answer.push(entry.to_string());
        }
    }

    fn dot_command(&mut self, command: &str, shell: &mut F::Shell) -> Result<String> {
        let mut words = command.split_whitespace();
        let name = words.next().unwrap_or_default();
        match name {
            ".latihan" => Ok(self.task()),
            ".periksa" => self.check(),
            ".sunting" => Ok(self.edit()),
            ".petunjuk" => self.hint(),
            ".solusi" => Ok(self.solution()),
            ".ulang" => self.reset(shell).map(|_| pesan::ULANG.to_string()),
            ".lanjut" => self.next(shell),
            ".daftar" => Ok(listing::render(&self.course, &self.progress)),
            ".pelajaran" => self.lesson(words.next(), shell),
            ".bantuan" | ".help" => Ok(pesan::BANTUAN.to_string()),
            other => Ok(pesan::perintah_titik_tidak_dikenal(other)),
        }
    }

    fn task(&self) -> String {
        match self.exercise() {
            Some(e) => with_note(
                pesan::soal(
                    &e.full_id(),
                    &e.exercise.judul,
                    e.exercise.soal.trim(),
                    e.exercise.petunjuk.len(),
                ),
                self.design_note(),
            ),
            None => pesan::KURSUS_SELESAI.to_string(),
        }
    }

    fn edit(&self) -> String {
        match self.exercise() {
            Some(e) => design::learner::edit(&self.data_dir(), e),
            None => pesan::KURSUS_SELESAI.to_string(),
        }
    }

    /// A design exercise's verdict on the learner's model file, or `None` for others.
    fn check_design(&self) -> Result<Option<grade::Verdict>> {
        match self.exercise() {
            Some(e) => design::learner::check(&self.factory, &self.data_dir(), e),
            None => Ok(None),
        }
    }

    fn check(&mut self) -> Result<String> {
        let Some(e) = self.exercise() else {
            return Ok(pesan::KURSUS_SELESAI.to_string());
        };
        let is_design = e.exercise.design().is_some();
        let verdict = match self.check_design()? {
            Some(verdict) => verdict,
            None => {
                let reference = grade::Reference::build(&self.factory, e.lesson, e.exercise)?;
                grade::grade_entries(
                    &self.factory,
                    e.lesson,
                    e.exercise,
                    &reference,
                    &self.answer,
                )?
            }
        };
        let text = render::verdict(&verdict, self.colour);
        if !verdict.passed {
            let advice = if is_design {
                pesan::rancangan::SARAN_SUNTING
            } else {
                pesan::SARAN_ULANG
            };
            return Ok(format!("{text}\n\n{advice}"));
        }
        self.progress.selesai.insert(self.current.clone());
        self.store.save(&self.progress)?;
        Ok(format!("{text}\n{}", pesan::SARAN_LANJUT))
    }

    fn hint(&mut self) -> Result<String> {
        let Some(e) = self.exercise() else {
            return Ok(pesan::KURSUS_SELESAI.to_string());
        };
        let hints = &e.exercise.petunjuk;
        let shown = self
            .progress
            .petunjuk
            .get(&self.current)
            .copied()
            .unwrap_or(0);
        let Some(text) = hints.get(shown.min(hints.len())) else {
            return Ok(pesan::PETUNJUK_HABIS.to_string());
        };
        let message = pesan::petunjuk(shown + 1, hints.len(), text);
        self.progress
            .petunjuk
            .insert(self.current.clone(), shown + 1);
        self.store.save(&self.progress)?;
        Ok(message)
    }

    fn solution(&self) -> String {
        match self.exercise() {
            Some(e) if self.progress.is_done(&self.current) => {
                pesan::solusi(e.exercise.solusi.trim())
            }
            Some(_) => pesan::SOLUSI_TERKUNCI.to_string(),
            None => pesan::KURSUS_SELESAI.to_string(),
        }
    }

    fn reset(&mut self, shell: &mut F::Shell) -> Result<()> {
        *shell = self.fresh_shell()?;
        self.answer.clear();
        Ok(())
    }

    fn next(&mut self, shell: &mut F::Shell) -> Result<String> {
        match self.course.next_after(&self.current).map(|e| e.full_id()) {
            Some(id) => self.switch_to(id, shell),
            None => Ok(pesan::KURSUS_SELESAI.to_string()),
        }
    }

    fn lesson(&mut self, id: Option<&str>, shell: &mut F::Shell) -> Result<String> {
        let Some(id) = id else {
            return Ok(pesan::PELAJARAN_PERLU_ID.to_string());
        };
        let lesson = self.course.find_lesson(id)?;
        let unsolved = lesson
            .file
            .latihan
            .iter()
            .find(|x| !self.progress.is_done(&format!("{id}/{}", x.id)));
        let target = unsolved
            .or(lesson.file.latihan.first())
            .map(|x| format!("{id}/{}", x.id));
        match target {
            Some(full_id) => self.switch_to(full_id, shell),
            None => Ok(pesan::pelajaran_tidak_ada(id)),
        }
    }

    fn switch_to(&mut self, id: String, shell: &mut F::Shell) -> Result<String> {
        self.current = id;
        self.progress.aktif = Some(self.current.clone());
        self.store.save(&self.progress)?;
        self.reset(shell)?;
        let title = self
            .exercise()
            .map(|e| e.exercise.judul.clone())
            .unwrap_or_default();
        let moved = pesan::pindah_latihan(&self.current, &title);
        Ok(with_note(moved, self.design_note()))
    }

    /// The database the learner starts in, for the prompt.
    pub fn start_db(&self) -> Option<String> {
        self.exercise()
            .and_then(|e| e.lesson.utama.default_db().map(str::to_string))
    }
}

fn with_note(text: String, note: Option<String>) -> String {
    match note {
        Some(note) => format!("{text}\n{note}"),
        None => text,
    }
}

/// Where a learner's shell starts, as mongosh does.
const LEARNER_START_DB: &str = "test";

/// `.periksa` and friends; `..` is not one (it can start a JavaScript spread in a paste).
pub fn is_dot_command(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('.') && !t.starts_with("..")
}

/// Where the learner left off if that still exists, else the first unsolved exercise.
fn starting_exercise(course: &Course, progress: &Progress) -> Option<String> {
    let left_off = progress
        .aktif
        .as_deref()
        .and_then(|id| course.find_exercise(id).ok());
    let unsolved = || course.exercises().find(|e| !progress.is_done(&e.full_id()));
    left_off
        .or_else(unsolved)
        .or_else(|| course.exercises().next())
        .map(|e| e.full_id())
}
