//! The lessons embedded at build time (see build.rs): the course with no filesystem.

use kursus::course::files::MemoryFiles;
use kursus::course::{Course, CourseError};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/lessons.rs"));
}

/// Every embedded file under its path relative to the project folder (`lessons/…`).
pub fn files() -> MemoryFiles {
    embedded::FILES
        .iter()
        .map(|(path, bytes)| (*path, bytes.to_vec()))
        .collect()
}

/// The course as the terminal loads it from the project folder.
pub fn course() -> Result<Course, CourseError> {
    Course::load_in_memory(&files())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn repo_root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("web/ lives in the repository")
    }

    #[test]
    fn the_bundle_holds_every_lesson_file() {
        let on_disk = MemoryFiles::read_folder(repo_root(), Path::new("lessons")).unwrap();
        assert_eq!(files(), on_disk);
    }

    #[test]
    fn the_bundled_course_has_every_lesson() {
        let bundled = course().expect("the bundled course loads");
        let disk = Course::load(repo_root()).expect("the course loads");
        let ids = |c: &Course| {
            c.lessons
                .iter()
                .map(|l| l.file.id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&bundled), ids(&disk));
        assert!(bundled.exercises().count() > 0);
    }
}
