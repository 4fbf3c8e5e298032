//! The whole course loaded from disk or from files in memory: the manifest, every lesson
//! and its datasets.

use super::dataset::Dataset;
use super::error::{CourseError, Result};
use super::files::{CourseFiles, Disk, MemoryFiles};
use super::lesson::{Exercise, LessonFile};
use super::manifest::Manifest;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    /// The project folder holding `lessons/` and `book/`.
    pub root: PathBuf,
    pub lessons: Vec<Lesson>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    pub file: LessonFile,
    pub dir: PathBuf,
    pub utama: Dataset,
    pub varian: Dataset,
    /// The chapter's concept checks (`kuis.toml`), when it has them.
    pub kuis: Option<super::quiz::QuizFile>,
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
        Course::load_from(&Disk, root)
    }

    /// The course from files held in memory, keyed by their paths relative to the
    /// project folder; its `root` is the empty path.
    pub fn load_in_memory(files: &MemoryFiles) -> Result<Course> {
        Course::load_from(files, Path::new(""))
    }

    /// Reads `root/lessons/…` from `files`: the one parser behind both loaders.
    pub fn load_from(files: &dyn CourseFiles, root: &Path) -> Result<Course> {
        let lessons_dir = root.join("lessons");
        let manifest_path = lessons_dir.join("kursus.toml");
        let manifest = Manifest::parse(
            &files.read_text(&manifest_path)?,
            &manifest_path.display().to_string(),
        )?;
        let lessons = manifest
            .pelajaran
            .iter()
            .map(|id| Lesson::load(files, &lessons_dir.join(id), id))
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

    /// An exercise by its full id, or by its own id when one lesson alone has it.
    pub fn resolve_exercise(&self, id: &str) -> std::result::Result<ExerciseRef<'_>, Vec<String>> {
        if let Ok(e) = self.find_exercise(id) {
            return Ok(e);
        }
        let mut matches: Vec<ExerciseRef<'_>> =
            self.exercises().filter(|e| e.exercise.id == id).collect();
        match matches.len() {
            1 => Ok(matches.remove(0)),
            _ => Err(matches.iter().map(|e| e.full_id()).collect()),
        }
    }

    /// The page of the built book a lesson's chapter becomes.
    pub fn chapter_page(lesson: &Lesson) -> String {
        Path::new(&lesson.file.bab)
            .with_extension("html")
            .display()
            .to_string()
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
    fn load(files: &dyn CourseFiles, dir: &Path, id: &str) -> Result<Lesson> {
        let path = dir.join("pelajaran.toml");
        let file = LessonFile::parse(&files.read_text(&path)?, &path.display().to_string(), id)?;
        let utama = Dataset::read_from(files, dir, &file.dataset.utama)?;
        let varian = Dataset::read_from(files, dir, &file.dataset.varian)?;
        let kuis = super::quiz::file::load(files, dir)?;
        Ok(Lesson {
            file,
            dir: dir.to_path_buf(),
            utama,
            varian,
            kuis,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn repo_root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the crate lives in runner/")
    }

    #[test]
    fn the_course_in_memory_is_the_course_on_disk() {
        let root = repo_root();
        let disk = Course::load(root).expect("the course loads from disk");
        let files = MemoryFiles::read_folder(root, Path::new("lessons")).unwrap();
        let memory = Course::load_in_memory(&files).expect("the course loads from memory");
        assert_eq!(memory.root, PathBuf::new());
        // Only the root differs: every path is the disk's, relative to the project.
        let relocated = Course {
            root: root.to_path_buf(),
            lessons: memory
                .lessons
                .into_iter()
                .map(|lesson| Lesson {
                    dir: root.join(&lesson.dir),
                    ..lesson
                })
                .collect(),
        };
        assert!(!disk.lessons.is_empty());
        assert_eq!(relocated, disk);
    }

    fn tiny_course() -> MemoryFiles {
        MemoryFiles::from_iter([
            (
                "lessons/kursus.toml",
                "format_version = 1\npelajaran = [\"a\"]\n",
            ),
            (
                "lessons/a/pelajaran.toml",
                "format_version = 1\nid = \"a\"\njudul = \"A\"\nbab = \"a.md\"\n\
                 objectid = \"65a1f0c2e4b0a1b2c3d4e5f6\"\n\
                 [dataset.utama]\nmongo = [{ db = \"d\", koleksi = \"k\", berkas = \"k.json\" }]\n\
                 [dataset.varian]\n",
            ),
        ])
    }

    #[test]
    fn a_missing_file_in_memory_is_named_by_its_path() {
        match Course::load_in_memory(&tiny_course()) {
            Err(CourseError::Unreadable { path, .. }) => {
                assert_eq!(path, Path::new("lessons/a/k.json"))
            }
            other => panic!("{other:?}"),
        }
        let mut files = tiny_course();
        files.insert(
            "lessons/a/k.json",
            r#"[{ "_id": { "$oid": "65a1f0c2e4b0a1b2c3d4e5f6" } }]"#,
        );
        let course = Course::load_in_memory(&files).expect("complete now");
        assert_eq!(course.lessons[0].utama.collections[0].docs.len(), 1);
        assert_eq!(course.lessons[0].dir, Path::new("lessons/a"));
    }

    #[test]
    fn a_broken_file_in_memory_is_reported_as_on_disk() {
        let mut files = tiny_course();
        files.insert("lessons/kursus.toml", "format_version = 1\npelajaran = [\n");
        match Course::load_in_memory(&files) {
            Err(CourseError::Toml { file, line, .. }) => {
                assert_eq!(file, Path::new("lessons/kursus.toml"));
                assert!(line.is_some());
            }
            other => panic!("{other:?}"),
        }
    }
}
