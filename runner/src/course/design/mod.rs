//! Design exercises (`penilaian = "rancangan"`): the learner writes a model, a file
//! defining `simpan(rekaman)`, `siapkan()` and `pola.<nama>(…)`, and the grader judges
//! it on generated data the learner has not seen.
//!
//! `spec` is what the lesson author writes, `blueprint` the reference plan built from
//! the domain records, `model` loads a learner's file (the contract), `snapshot` reads
//! back what it stored, `checks` and `grade` judge it, `starter` writes the starter
//! file and opens it in the learner's editor.

pub mod audit;
pub mod blueprint;
pub mod checks;
pub mod error;
pub mod grade;
pub mod learner;
pub mod measure;
pub mod model;
pub mod snapshot;
pub mod spec;
pub mod starter;

pub use blueprint::Blueprint;
pub use error::DesignError;
pub use grade::grade_model;
pub use spec::Spec;
