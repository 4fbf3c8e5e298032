//! The course: lessons, exercises, grading, progress and the book. Talks only to the shell.

pub mod answer;
pub mod authoring;
#[cfg(feature = "buku")]
pub mod book;
pub mod catalog;
pub mod chapter;
pub mod check;
pub mod console;
pub mod counterexample;
pub mod dataset;
pub mod dataset_table;
pub mod design;
pub mod diagram;
pub mod drift;
pub mod efficiency;
pub mod error;
mod expression_form;
pub mod feedback;
pub mod files;
pub mod frame;
pub mod glossary;
pub mod grade;
pub mod hints;
pub mod items;
pub mod learner;
pub mod lesson;
pub mod lesson_edit;
pub mod listing;
pub mod manifest;
pub mod mutant;
pub mod parallel;
#[cfg(feature = "buku")]
pub mod preprocessor;
pub mod progress;
pub mod progression;
pub mod prompt;
pub mod quiz;
pub mod reading;
pub mod real_shell;
pub mod render;
pub mod replay;
pub mod sample_answers;
pub mod sections;
pub mod session;
pub mod shell_port;
pub mod source_edit;
pub mod state;
pub mod technique;
mod toml_file;
pub mod transfer;

pub use catalog::{Course, ExerciseRef, Lesson};
pub use error::CourseError;
