//! Starting the learner's flow: load the course, open the session at the right
//! exercise (recording it in the progress file) and greet in Indonesian.

use super::catalog::{locate_root, Course};
use super::error::Result;
use super::progress::{data_dir, ProgressStore};
use super::real_shell;
use super::session::Session;
use crate::shell::Interrupt;
use std::path::Path;

pub type LearnerSession = Session<real_shell::SessionFactory>;

/// Where a learner's session opens.
#[derive(Debug, Clone, Copy, Default)]
pub struct Start<'a> {
    /// An exercise (`--latihan`); else where the learner left off.
    pub latihan: Option<&'a str>,
    /// A lesson whose chapter to read (`--bab`): a free session, nothing graded.
    pub bab: Option<&'a str>,
}

/// The session, the shell it starts on, and what to print before the first prompt.
pub fn open(
    start: Start<'_>,
    data_dir_flag: Option<&Path>,
    interrupt: Interrupt,
) -> Result<(LearnerSession, real_shell::RealShell, String)> {
    let course = Course::load(&locate_root()?)?;
    open_course(course, start, &data_dir(data_dir_flag), interrupt)
}

/// [`open`] on a course already loaded (the browser's, from its bundle), keeping the
/// progress in `data_dir`.
pub fn open_course(
    course: Course,
    start: Start<'_>,
    data_dir: &Path,
    interrupt: Interrupt,
) -> Result<(LearnerSession, real_shell::RealShell, String)> {
    let store = ProgressStore::new(data_dir);
    let factory = real_shell::SessionFactory { interrupt };
    let (mut session, notes) = Session::open(course, factory, store, start.latihan)?;
    if let Some(id) = start.bab {
        session.enter_chapter(id)?;
    }
    let shell = session.fresh_shell()?;
    let mut greeting = notes;
    greeting.push(session.welcome());
    Ok((session, shell, greeting.join("\n")))
}

/// For `kursus jalankan --pelajaran ID` and `kursus layani --pelajaran ID`: a shell
/// holding that lesson's main dataset, with the given ObjectId seed or else the lesson's
/// (as its exercises are seeded).
pub fn lesson_shell(id: &str, seed: Option<[u8; 12]>) -> Result<real_shell::RealShell> {
    let course = Course::load(&locate_root()?)?;
    let lesson = course.find_lesson(id)?;
    let mut shell = real_shell::factory(seed.or(lesson.file.seed()));
    lesson.utama.load_into(&mut shell)?;
    Ok(shell)
}
