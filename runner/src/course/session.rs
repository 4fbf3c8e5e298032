//! The learner's REPL session: the current exercise (or the chapter being read), the
//! statements typed as the answer, and the dot-commands (`.latihan`, `.periksa`, …)
//! the REPL hands to us.

use super::catalog::{Course, ExerciseRef, Lesson};
use super::error::Result;
use super::progress::{Progress, ProgressStore, SavedStatement};
use super::shell_port::{ShellFactory, ShellPort};
use super::{answer, chapter, design, grade, listing, render};
use crate::pesan;

/// One answer given in the book's quiz.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizAnswer {
    pub correct: bool,
    pub notes: Vec<String>,
    /// False when the answers were already shown (the score stays) or the input was
    /// not an answer.
    pub counted: bool,
    /// (right, total) of the chapter's quiz after this answer.
    pub score: (usize, usize),
}

pub struct Session<F: ShellFactory> {
    course: Course,
    factory: F,
    store: ProgressStore,
    progress: Progress,
    current: String,
    /// The lesson whose chapter is open: a free session, nothing graded.
    chapter: Option<String>,
    /// Statements typed since the exercise was opened or last reset (or restored).
    answer: Vec<SavedStatement>,
    /// The learner was told that the progress file cannot be written: once is enough.
    unsaved_told: bool,
    colour: bool,
    /// The chapter quiz being answered in the terminal, one question at a time.
    quiz: Option<super::quiz::run::QuizRun>,
}

/// One dot-command: its words after the name, and the shell it may replace.
type DotHandler<F> =
    fn(&mut Session<F>, Option<&str>, &mut <F as ShellFactory>::Shell) -> Result<String>;

/// A dot-command and whether it is about the exercise (so not offered in a chapter).
struct DotCommand<F: ShellFactory> {
    name: &'static str,
    graded: bool,
    run: DotHandler<F>,
}

/// Every dot-command; a new one is a new row.
fn dot_commands<F: ShellFactory>() -> Vec<DotCommand<F>> {
    let row = |name, graded, run| DotCommand { name, graded, run };
    vec![
        row(".latihan", false, |s, id, sh| match id {
            Some(id) => s.open_exercise(id, sh),
            None => Ok(s.task()),
        }),
        row(".periksa", true, |s, _, _| s.check()),
        row(".sunting", true, |s, _, _| Ok(s.edit())),
        row(".petunjuk", true, |s, _, _| s.hint()),
        row(".solusi", true, |s, _, _| Ok(s.solution())),
        row(".ulang", false, |s, _, sh| s.start_over(sh)),
        row(".pulihkan", true, |s, _, sh| s.restore(sh)),
        row(".lanjut", false, |s, _, sh| s.next(sh)),
        row(".daftar", false, |s, _, _| {
            Ok(listing::render(&s.course, &s.progress))
        }),
        row(".pelajaran", false, |s, id, sh| s.lesson(id, sh)),
        row(".bab", false, |s, id, sh| s.open_chapter(id, sh)),
        row(".kuis", false, |s, id, _| s.start_quiz(id)),
        row(".bantuan", false, |_, _, _| Ok(pesan::BANTUAN.to_string())),
        row(".help", false, |_, _, _| Ok(pesan::BANTUAN.to_string())),
    ]
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
            chapter: None,
            answer: Vec::new(),
            unsaved_told: false,
            colour: render::colour_wanted(),
            quiz: None,
        };
        session.progress.aktif = Some(session.current.clone());
        // An unwritable data folder must not keep the learner out of the REPL.
        let unsaved = session.store.save(&session.progress).err();
        session.unsaved_told = unsaved.is_some();
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
        if let Some(lesson) = self.chapter_lesson() {
            return pesan::sapaan_bab(&lesson.file.id, &lesson.file.judul);
        }
        let Some(e) = self.exercise() else {
            return pesan::KURSUS_SELESAI.to_string();
        };
        let greeting = pesan::selamat_datang(
            &e.lesson.file.judul,
            &Course::chapter_page(e.lesson),
            &format!("{} — {}", e.full_id(), e.exercise.judul),
        );
        with_note(with_note(greeting, self.design_note()), self.saved_note())
    }

    /// On opening an exercise with statements saved earlier: how to get them back.
    fn saved_note(&self) -> Option<String> {
        let saved = self.progress.tersimpan.get(&self.current)?;
        (!saved.pernyataan.is_empty()).then(|| pesan::ada_tersimpan(saved.pernyataan.len()))
    }

    /// The data folder, next to the progress file.
    fn data_dir(&self) -> std::path::PathBuf {
        let progress = self.store.path();
        progress.parent().unwrap_or(progress).to_path_buf()
    }

    /// The design exercise's model as the learner has it; `None` off a design exercise.
    pub fn design_model(&self) -> Option<std::result::Result<String, String>> {
        design::learner::model(&self.data_dir(), self.exercise()?)
    }

    /// Replaces the design exercise's model (a front end with its own editor).
    pub fn write_design_model(&self, text: &str) -> std::result::Result<(), String> {
        match self.exercise().filter(|_| self.chapter.is_none()) {
            Some(e) => design::learner::write_model(&self.data_dir(), e, text),
            None => Err(pesan::rancangan::BUKAN_RANCANGAN.to_string()),
        }
    }

    /// The progress as stored, to move to another front end.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Merges an exported progress into this one and saves it.
    pub fn import(&mut self, other: Progress) -> Result<super::transfer::Merged> {
        self.take_stored_quiz();
        let merged = super::transfer::merge(&mut self.progress, other);
        self.store.save(&self.progress)?;
        Ok(merged)
    }

    /// Where a design exercise's model file is (written from the starter if missing).
    fn design_note(&self) -> Option<String> {
        design::learner::note(&self.data_dir(), self.exercise()?)
    }

    fn chapter_lesson(&self) -> Option<&Lesson> {
        let id = self.chapter.as_deref()?;
        self.course.find_lesson(id).ok()
    }

    /// A fresh shell in the state the session starts from: for a chapter what its
    /// examples assume (the same start `kursus periksa` gives them), for an exercise
    /// its starting dataset with its database selected.
    pub fn fresh_shell(&self) -> Result<F::Shell> {
        if let Some(lesson) = self.chapter_lesson() {
            return Ok(chapter::start(&self.factory, lesson.file.seed()));
        }
        let exercise = self.exercise();
        let mut shell = self
            .factory
            .create(exercise.and_then(|e| e.lesson.file.seed()));
        if let Some(e) = exercise {
            e.lesson.utama.load_into(&mut shell)?;
        }
        Ok(shell)
    }

    /// The chapter a quiz is about: the one named, else the open chapter, else the
    /// current exercise's.
    fn quiz_chapter(&self, id: Option<&str>) -> Option<String> {
        id.map(str::to_string)
            .or_else(|| self.chapter.clone())
            .or_else(|| self.exercise().map(|e| e.lesson.file.id.clone()))
    }

    /// `.kuis [bab]`: the chapter's quiz from where it stands.
    fn start_quiz(&mut self, id: Option<&str>) -> Result<String> {
        let Some(chapter) = self.quiz_chapter(id) else {
            return Ok(pesan::BAB_PERLU_ID.to_string());
        };
        let lesson = self.course.find_lesson(&chapter)?;
        let chapter = lesson.file.id.clone();
        self.take_stored_quiz();
        let record = self.progress.kuis.get(&chapter);
        let (run, text) =
            super::quiz::run::QuizRun::start(&self.course, &chapter, record, self.colour);
        self.quiz = run;
        Ok(text)
    }

    /// While a quiz runs, every line typed is for it (see [`Session::quiz_line`]).
    pub fn quiz_prompt(&self) -> Option<&'static str> {
        self.quiz.as_ref().map(|q| q.prompt())
    }

    /// One line typed into the running quiz; the answer is recorded and saved at once.
    pub fn quiz_line(&mut self, line: &str) -> String {
        self.take_stored_quiz();
        let Some(run) = self.quiz.as_mut() else {
            return String::new();
        };
        let record = self
            .progress
            .kuis
            .entry(run.chapter().to_string())
            .or_default();
        let reply = run.input(&self.course, record, line);
        if !reply.running {
            self.quiz = None;
        }
        match self.store.save(&self.progress) {
            Ok(()) => reply.text,
            Err(e) => format!("{}\n{}", reply.text, pesan::kerja_tidak_tersimpan(e)),
        }
    }

    /// One answer given in the book's quiz: judged, recorded and saved.
    pub fn quiz_answer(&mut self, chapter: &str, full_id: &str, input: &str) -> Result<QuizAnswer> {
        self.take_stored_quiz();
        let asked = super::quiz::questions(&self.course, chapter);
        let Some(question) = asked.iter().find(|a| a.full_id() == full_id) else {
            return Err(super::error::CourseError::UnknownExercise {
                id: full_id.to_string(),
            });
        };
        let record = self.progress.kuis.entry(chapter.to_string()).or_default();
        let judged = match super::quiz::judge::judge(question.question, input) {
            Ok(judged) => judged,
            Err(why) => {
                return Ok(QuizAnswer {
                    correct: false,
                    notes: vec![why],
                    counted: false,
                    score: super::quiz::score(Some(record), &asked),
                })
            }
        };
        let counted = !record.jawaban_dilihat;
        if counted {
            record.note(full_id, judged.correct);
        }
        let score = super::quiz::score(Some(record), &asked);
        self.store.save(&self.progress)?;
        Ok(QuizAnswer {
            correct: judged.correct,
            notes: judged.notes,
            counted,
            score,
        })
    }

    /// A chapter's quiz as recorded, and its (right, total).
    pub fn quiz_record(&mut self, chapter: &str) -> (super::progress::QuizRecord, (usize, usize)) {
        self.take_stored_quiz();
        let asked = super::quiz::questions(&self.course, chapter);
        let record = self.progress.kuis.get(chapter).cloned().unwrap_or_default();
        let score = super::quiz::score(Some(&record), &asked);
        (record, score)
    }

    /// "Lihat jawaban" in the book: every answer with its explanation, by question;
    /// the chapter's quiz can no longer be retried.
    pub fn quiz_reveal(&mut self, chapter: &str) -> Result<Vec<(String, Vec<String>)>> {
        self.take_stored_quiz();
        self.progress
            .kuis
            .entry(chapter.to_string())
            .or_default()
            .jawaban_dilihat = true;
        self.store.save(&self.progress)?;
        Ok(self.quiz_answers(chapter))
    }

    /// Every question of a chapter's quiz (`bab/id`, in order) with its answer lines.
    pub fn quiz_answers(&self, chapter: &str) -> Vec<(String, Vec<String>)> {
        let asked = super::quiz::questions(&self.course, chapter);
        asked
            .iter()
            .map(|a| (a.full_id(), super::quiz::reveal::answer(a.question)))
            .collect()
    }

    /// The book opens several sessions on one data folder, and each saves its whole copy
    /// of the progress: without this, a session opened before a quiz answer would save
    /// over it. So a session joins the stored quiz records to its own (as an import
    /// does: right stays right) before it records an answer or saves. Joined, not
    /// replaced, so that answers kept only in memory (an unwritable folder) stay.
    fn take_stored_quiz(&mut self) {
        let Some(stored) = self.store.peek() else {
            return;
        };
        for (chapter, record) in stored.kuis {
            let here = self.progress.kuis.entry(chapter).or_default();
            super::transfer::merge_quiz(here, record);
        }
    }

    /// Saves the progress with the stored quiz records (see [`Session::take_stored_quiz`]).
    fn save(&mut self) -> Result<()> {
        self.take_stored_quiz();
        self.store.save(&self.progress)
    }

    /// Answers one dot-command.
    pub fn handle_dot(&mut self, line: &str, shell: &mut F::Shell) -> String {
        self.dot_command(line.trim(), shell)
            .unwrap_or_else(|e| e.to_string())
    }

    /// Adds a statement the learner typed (and ran, or saw stopped) to the answer and
    /// to the exercise's saved work; in a chapter nothing is graded or saved. A note
    /// comes back when the progress file could not be written.
    pub fn record(&mut self, statement: &str, stopped: bool) -> Option<String> {
        let kode = statement.trim_end();
        if self.chapter.is_some() || !answer::is_recorded(kode) || self.exercise().is_none() {
            return None;
        }
        let statement = SavedStatement {
            kode: kode.to_string(),
            dihentikan: stopped,
        };
        self.answer.push(statement.clone());
        self.progress.save_statement(&self.current, statement);
        let unsaved = self.save().err()?;
        if std::mem::replace(&mut self.unsaved_told, true) {
            return None;
        }
        Some(pesan::kerja_tidak_tersimpan(unsaved))
    }

    /// The answer as grading replays it: what ran to its end.
    fn graded_entries(&self) -> (Vec<String>, usize) {
        let kept: Vec<String> = self
            .answer
            .iter()
            .filter(|s| !s.dihentikan)
            .map(|s| s.kode.clone())
            .collect();
        let skipped = self.answer.len() - kept.len();
        (kept, skipped)
    }

    fn dot_command(&mut self, command: &str, shell: &mut F::Shell) -> Result<String> {
        let mut words = command.split_whitespace();
        let name = words.next().unwrap_or_default();
        let Some(found) = dot_commands::<F>().into_iter().find(|c| c.name == name) else {
            return Ok(pesan::perintah_titik_tidak_dikenal(name));
        };
        match &self.chapter {
            Some(id) if found.graded => Ok(pesan::bab_tidak_dinilai(id)),
            _ => (found.run)(self, words.next(), shell),
        }
    }

    fn task(&self) -> String {
        if let Some(id) = &self.chapter {
            return pesan::bab_tidak_dinilai(id);
        }
        match self.exercise() {
            Some(e) => with_note(
                pesan::soal(
                    &e.full_id(),
                    &e.exercise.judul,
                    &render::prose(e.exercise.soal.trim(), self.colour),
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
                let (entries, skipped) = self.graded_entries();
                let mut verdict = grade::grade_entries(
                    &self.factory,
                    e.lesson,
                    e.exercise,
                    &reference,
                    &entries,
                )?;
                if skipped > 0 {
                    verdict.remarks.push(pesan::dihentikan_dilewati(skipped));
                }
                verdict
            }
        };
        // A verdict reached on replays cut short by Ctrl-C says nothing of the answer.
        if self.factory.interrupted() {
            return Ok(pesan::PENILAIAN_DIHENTIKAN.to_string());
        }
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
        self.save()?;
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
        let message = pesan::petunjuk(shown + 1, hints.len(), &render::prose(text, self.colour));
        self.progress
            .petunjuk
            .insert(self.current.clone(), shown + 1);
        self.save()?;
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

    /// `.ulang`: the starting state again, and the exercise's saved work thrown away.
    fn start_over(&mut self, shell: &mut F::Shell) -> Result<String> {
        self.reset(shell)?;
        if self.chapter.is_some() {
            return Ok(pesan::ULANG_BAB.to_string());
        }
        let Some(saved) = self.progress.tersimpan.remove(&self.current) else {
            return Ok(pesan::ULANG.to_string());
        };
        self.save()?;
        Ok(pesan::ulang_dengan_tersimpan(saved.pernyataan.len()))
    }

    /// `.pulihkan`: the saved statements run again on the starting dataset, and become
    /// the answer `.periksa` grades. Stopped ones are kept but not run.
    fn restore(&mut self, shell: &mut F::Shell) -> Result<String> {
        let saved = match self.progress.tersimpan.get(&self.current) {
            Some(work) if !work.pernyataan.is_empty() => work.pernyataan.clone(),
            _ => return Ok(pesan::TIDAK_ADA_TERSIMPAN.to_string()),
        };
        self.reset(shell)?;
        let mut skipped = 0;
        for statement in &saved {
            if statement.dihentikan {
                skipped += 1;
                continue;
            }
            shell.run_statements(&statement.kode);
            if self.factory.interrupted() {
                self.reset(shell)?;
                return Ok(pesan::PEMULIHAN_DIHENTIKAN.to_string());
            }
        }
        self.answer = saved;
        Ok(pesan::dipulihkan(self.answer.len(), skipped))
    }

    fn reset(&mut self, shell: &mut F::Shell) -> Result<()> {
        *shell = self.fresh_shell()?;
        self.answer.clear();
        Ok(())
    }

    /// After a chapter, its lesson's exercises; after an exercise, the next one.
    fn next(&mut self, shell: &mut F::Shell) -> Result<String> {
        if let Some(id) = self.chapter.clone() {
            return self.lesson(Some(&id), shell);
        }
        if let Some(id) = self.course.next_after(&self.current).map(|e| e.full_id()) {
            return self.switch_to(id, shell);
        }
        // The last exercise in course order; any skipped earlier are still to do.
        let unsolved = self
            .course
            .exercises()
            .map(|e| e.full_id())
            .filter(|id| !self.progress.is_done(id))
            .collect::<Vec<_>>();
        match unsolved.iter().find(|id| **id != self.current) {
            Some(id) => {
                let moved = self.switch_to(id.clone(), shell)?;
                Ok(format!(
                    "{}\n{moved}",
                    pesan::akhir_kursus_belum_semua(unsolved.len())
                ))
            }
            None if unsolved.is_empty() => Ok(pesan::KURSUS_SELESAI.to_string()),
            None => Ok(pesan::akhir_kursus_belum_semua(unsolved.len())),
        }
    }

    /// `.latihan ID`: any exercise, by its full id or its own id when unique.
    fn open_exercise(&mut self, id: &str, shell: &mut F::Shell) -> Result<String> {
        match self.course.resolve_exercise(id).map(|e| e.full_id()) {
            Ok(full_id) => self.switch_to(full_id, shell),
            Err(candidates) if candidates.is_empty() => Ok(pesan::latihan_tidak_ada(id)),
            Err(candidates) => Ok(pesan::latihan_ambigu(id, &candidates)),
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

    /// Opens lesson `id`'s chapter: a free session in the state its examples assume.
    pub fn open_chapter(&mut self, id: Option<&str>, shell: &mut F::Shell) -> Result<String> {
        let Some(id) = id else {
            return Ok(pesan::BAB_PERLU_ID.to_string());
        };
        let title = self.enter_chapter(id)?;
        self.reset(shell)?;
        Ok(pesan::pindah_bab(id, &title))
    }

    /// Makes lesson `id`'s chapter the session's; returns the lesson's title.
    pub fn enter_chapter(&mut self, id: &str) -> Result<String> {
        let title = self.course.find_lesson(id)?.file.judul.clone();
        self.chapter = Some(id.to_string());
        self.answer.clear();
        Ok(title)
    }

    fn switch_to(&mut self, id: String, shell: &mut F::Shell) -> Result<String> {
        let from_lesson = self.exercise().map(|e| e.lesson.file.id.clone());
        let from_chapter = self.chapter.take();
        self.current = id;
        self.progress.aktif = Some(self.current.clone());
        self.save()?;
        self.reset(shell)?;
        let title = self
            .exercise()
            .map(|e| e.exercise.judul.clone())
            .unwrap_or_default();
        let moved = pesan::pindah_latihan(&self.current, &title);
        let crossed = self.crossing_note(from_chapter.or(from_lesson));
        Ok(with_note(
            crossed.map_or(moved.clone(), |note| format!("{note}\n{moved}")),
            self.design_note(),
        ))
    }

    /// Said when the new exercise belongs to another lesson than the session was in.
    fn crossing_note(&self, from_lesson: Option<String>) -> Option<String> {
        let lesson = self.exercise()?.lesson;
        (from_lesson.as_deref() != Some(lesson.file.id.as_str()))
            .then(|| pesan::masuk_bab(&lesson.file.judul, &Course::chapter_page(lesson)))
    }
}

fn with_note(text: String, note: Option<String>) -> String {
    match note {
        Some(note) => format!("{text}\n{note}"),
        None => text,
    }
}

/// Every dot-command a learner can type, for completion: the table's, and `.exit`,
/// which the console answers before the session sees it.
pub const DOT_COMMAND_NAMES: &[&str] = &[
    ".latihan",
    ".periksa",
    ".sunting",
    ".petunjuk",
    ".solusi",
    ".ulang",
    ".pulihkan",
    ".lanjut",
    ".daftar",
    ".pelajaran",
    ".bab",
    ".kuis",
    ".bantuan",
    ".help",
    ".exit",
];

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_knows_every_dot_command() {
        let table = dot_commands::<super::super::real_shell::SessionFactory>();
        let mut names: Vec<&str> = table.iter().map(|c| c.name).collect();
        names.push(".exit");
        assert_eq!(names, DOT_COMMAND_NAMES);
    }
}
