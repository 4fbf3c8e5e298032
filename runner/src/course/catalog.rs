//! The whole course loaded from disk: the manifest, every lesson and its datasets.

use super::dataset::Dataset;
use super::error::{CourseError, Result};
use super::lesson::{Exercise, LessonFile};
use super::manifest::Manifest;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct Course {
    /// The project folder holding `lessons/` and `book/`.
    pub root: PathBuf,
    pub lessons: Vec<Lesson>,
}

#[derive(Debug, Clone)]
pub struct Lesson {
    pub file: LessonFile,
    pub dir: PathBuf,
    pub utama: Dataset,
    pub varian: Dataset,
}

/// An exercise together with the lesson it belongs to.
#[derive(Debug, Clone, Copy)]
pub struct ExerciseRef<'a> {
    pub lesson: &'a Lesson,
    pub exercise: &'a Exercise,
}

impl ExerciseRef<'_> {
    /// `<pelajaran-id>/<latihan-id>`, as the book and progress file name it.
    pub fn full_id(&self) -> String {
        format!("{}/{}", self.lesson.file.id, self.exercise.id)
    }
}

impl Course {
    pub fn load(root: &Path) -> Result<Course> {
        let lessons_dir = root.join("lessons");
        let manifest = Manifest::load(&lessons_dir.join("kursus.toml"))?;
        let lessons = manifest
            .pelajaran
            .iter()
            .map(|id| Lesson::load(&lessons_dir.join(id), id))
            .collect::<Result<_>>()?;
        Ok(Course {
            root: root.to_path_buf(),
            lessons,
        })
    }

    /// Every exercise in course order.
    pub fn exercises(&self) -> impl Iterator<Item = ExerciseRef<'_>> {
        self.lessons.iter().flat_map(|lesson| {
            lesson
                .file
                .latihan
                .iter()
                .map(move |exercise| ExerciseRef { lesson, exercise })
        })
    }

    pub fn find_exercise(&self, full_id: &str) -> Result<ExerciseRef<'_>> {
        self.exercises()
            .find(|e| e.full_id() == full_id)
            .ok_or_else(|| CourseError::UnknownExercise {
                id: full_id.to_string(),
            })
    }

    pub fn find_lesson(&self, id: &str) -> Result<&Lesson> {
        self.lessons
            .iter()
            .find(|l| l.file.id == id)
            .ok_or_else(|| CourseError::UnknownLesson { id: id.to_string() })
    }

    /// The exercise after `full_id` in course order, if any.
    pub fn next_after(&self, full_id: &str) -> Option<ExerciseRef<'_>> {
        self.exercises()
            .skip_while(|e| e.full_id() != full_id)
            .nth(1)
    }

    pub fn chapter_path(&self, lesson: &Lesson) -> PathBuf {
        self.root.join("book").join("src").join(&lesson.file.bab)
    }
}

impl Lesson {
    fn load(dir: &Path, id: &str) -> Result<Lesson> {
        let file = LessonFile::load(dir, id)?;
        let utama = Dataset::read(dir, &file.dataset.utama)?;
        let varian = Dataset::read(dir, &file.dataset.varian)?;
        Ok(Lesson {
            file,
            dir: dir.to_path_buf(),
            utama,
            varian,
        })
    }
}

/// Finds the project folder: `KURSUS_DIR`, else the nearest ancestor of the working
/// directory holding `lessons/kursus.toml`, else the folder this binary was built from.
pub fn locate_root() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("KURSUS_DIR") {
        return Ok(PathBuf::from(dir));
    }
    let cwd = std::env::current_dir().ok();
    let built = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf);
    let from_cwd = cwd
        .iter()
        .flat_map(|d| d.ancestors())
        .map(Path::to_path_buf);
    from_cwd
        .chain(built)
        .find(|d| d.join("lessons").join("kursus.toml").is_file())
        .ok_or(CourseError::CourseNotFound)
}
