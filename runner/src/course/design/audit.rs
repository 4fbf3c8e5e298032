//! `kursus periksa` on a design exercise: the reference model must pass, the starter
//! file must not, every flawed model in `uji.toml` must fail with its promised words
//! and every sound one must pass. Each model is its own job, so they run in parallel
//! over one shared reference plan.

use super::blueprint::Blueprint;
use super::grade::grade_model;
use super::spec::Spec;
use crate::course::catalog::Lesson;
use crate::course::lesson::Exercise;
use crate::course::render;
use crate::course::sample_answers::Samples;
use crate::course::shell_port::ShellFactory;
use crate::pesan;

/// Which model a job grades, and what it must get.
#[derive(Debug, Clone, Copy)]
pub enum Role<'a> {
    Reference,
    Starter,
    /// The n-th flawed model and the words its feedback must contain.
    Flawed(usize, &'a str),
    Sound(usize),
}

/// Every model of the exercise with its role, the reference first.
pub fn models<'a>(
    exercise: &'a Exercise,
    spec: &'a Spec,
    samples: Option<&'a Samples>,
) -> Vec<(Role<'a>, &'a str)> {
    let mut models = vec![
        (Role::Reference, exercise.solusi.as_str()),
        (Role::Starter, spec.awal.as_str()),
    ];
    for s in samples.into_iter() {
        let flawed = s.salah.iter().enumerate();
        models.extend(
            flawed.map(|(n, w)| (Role::Flawed(n + 1, w.memuat.as_str()), w.jawaban.as_str())),
        );
        let sound = s.benar.iter().enumerate();
        models.extend(sound.map(|(n, r)| (Role::Sound(n + 1), r.jawaban.as_str())));
    }
    models
}

/// The failures of one model's job (empty when it was judged as promised).
pub fn judge<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    spec: &Spec,
    blueprint: &Blueprint,
    role: Role<'_>,
    model: &str,
) -> Vec<String> {
    let full_id = format!("{}/{}", lesson.file.id, exercise.id);
    let verdict = grade_model(factory, lesson.file.seed(), spec, blueprint, model);
    let feedback = || indent(&render::verdict(&verdict, false));
    let failure = match role {
        Role::Reference if !verdict.passed => {
            Some(format!("{}\n{}", pesan::solusi_gagal(&full_id), feedback()))
        }
        Role::Starter if verdict.passed => Some(pesan::rancangan::awal_lulus(&full_id)),
        Role::Flawed(n, _) if verdict.passed => Some(pesan::uji_salah_lulus(&full_id, n)),
        Role::Flawed(n, words) if !feedback().contains(words) => Some(format!(
            "{}\n{}",
            pesan::uji_salah_tanpa(&full_id, n, words),
            feedback()
        )),
        Role::Sound(n) if !verdict.passed => Some(format!(
            "{}\n{}",
            pesan::uji_benar_gagal(&full_id, n),
            feedback()
        )),
        _ => None,
    };
    failure.into_iter().collect()
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
