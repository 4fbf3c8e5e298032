//! Starting the learner's flow: load the course, open the session at the right
//! exercise (recording it in the progress file) and greet in Indonesian.

use super::catalog::{locate_root, Course};
use super::error::Result;
use super::progress::{data_dir, ProgressStore};
use super::real_shell;
use super::session::Session;
use super::shell_port::ShellPort;
use std::path::Path;

pub type RealFactory = fn(Option<[u8; 12]>) -> real_shell::RealShell;
pub type LearnerSession = Session<RealFactory>;

/// The session plus what to print before the first prompt.
pub fn open(
    latihan: Option<&str>,
    data_dir_flag: Option<&Path>,
) -> Result<(LearnerSession, String)> {
    let course = Course::load(&locate_root()?)?;
    let store = ProgressStore::new(&data_dir(data_dir_flag));
    let (session, notes) =
        Session::open(course, real_shell::factory as RealFactory, store, latihan)?;
    let mut greeting = notes;
    greeting.push(session.welcome());
    Ok((session, greeting.join("\n")))
}

/// For `kursus jalankan --pelajaran ID`: loads that lesson's main dataset into `shell`
/// and returns the lesson's ObjectId seed (for a caller that creates the shell itself).
pub fn load_lesson<S: ShellPort>(id: &str, shell: &mut S) -> Result<Option<[u8; 12]>> {
    let course = Course::load(&locate_root()?)?;
    let lesson = course.find_lesson(id)?;
    lesson.utama.load_into(shell)?;
    Ok(lesson.file.seed())
}

/// The ObjectId seed of lesson `id`, for `kursus jalankan --pelajaran ID`.
pub fn lesson_seed(id: &str) -> Result<Option<[u8; 12]>> {
    let course = Course::load(&locate_root()?)?;
    Ok(course.find_lesson(id)?.file.seed())
}

/// For `kursus layani --pelajaran ID`: a fresh shell, seeded as the lesson's exercises
/// are, holding the main dataset every exercise starts from.
pub fn lesson_shell(id: &str) -> Result<real_shell::RealShell> {
    let course = Course::load(&locate_root()?)?;
    let lesson = course.find_lesson(id)?;
    let mut shell = real_shell::factory(lesson.file.seed());
    lesson.utama.load_into(&mut shell)?;
    Ok(shell)
}
