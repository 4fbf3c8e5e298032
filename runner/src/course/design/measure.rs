//! Figures of a model's run on the generated data: per pattern the largest of one
//! call (reads, records changed, RCU, records examined) and the largest record and
//! longest array after loading. Grading reports some of them; the chapter quizzes
//! ask which candidate designs keep one under a bound.

use super::blueprint::Blueprint;
use super::checks::{read_requests, Kind};
use super::grade::grade_set;
use super::spec::Spec;
use crate::course::replay::Requests;
use crate::course::shell_port::ShellFactory;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Figure {
    Reads,
    Writes,
    Rcu,
    Examined,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Metrics {
    /// (pattern, figure) → the largest value of one call.
    pub per_call: BTreeMap<(String, Figure), f64>,
    pub largest: usize,
    pub longest: usize,
}

impl Metrics {
    pub fn note(&mut self, pattern: &str, figure: Figure, value: f64) {
        let slot = self
            .per_call
            .entry((pattern.to_string(), figure))
            .or_default();
        *slot = slot.max(value);
    }

    pub fn note_read(&mut self, pattern: &str, requests: &Requests) {
        let scans = requests.dynamo.iter().filter(|r| r.operation == "Scan");
        let reads = read_requests(requests) + scans.filter(|r| !r.continued).count();
        let rcu: f64 = requests.dynamo.iter().map(|r| r.consumed_rcu).sum();
        let examined = requests.plans.iter().map(|p| p.docs_examined).sum::<u64>()
            + requests
                .dynamo
                .iter()
                .filter_map(|r| r.scanned_count)
                .sum::<u64>();
        self.note(pattern, Figure::Reads, reads as f64);
        self.note(pattern, Figure::Rcu, rcu);
        self.note(pattern, Figure::Examined, examined as f64);
    }

    /// The larger of each figure.
    fn merge(&mut self, other: Metrics) {
        for ((pattern, figure), value) in other.per_call {
            self.note(&pattern, figure, value);
        }
        self.largest = self.largest.max(other.largest);
        self.longest = self.longest.max(other.longest);
    }

    /// One pattern's figure; 0 when it was never called.
    pub fn get(&self, pattern: &str, figure: Figure) -> f64 {
        self.per_call
            .get(&(pattern.to_string(), figure))
            .copied()
            .unwrap_or(0.0)
    }
}

/// A model run on every generated dataset of the blueprint.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// Every call answered as the reference does, with no error.
    pub correct: bool,
    pub metrics: Metrics,
}

/// Runs `source` as grading does and keeps its figures; an error is the reason it
/// could not be loaded.
pub fn measure<F: ShellFactory>(
    factory: &F,
    spec: &Spec,
    blueprint: &Blueprint,
    source: &str,
) -> Result<Measured, String> {
    let mut measured = Measured {
        correct: true,
        metrics: Metrics::default(),
    };
    for set in &blueprint.sets {
        let mut shell = factory.create(None);
        let (problems, metrics) = grade_set(&mut shell, spec, set, source);
        if let Some(load) = problems.iter().find(|p| p.kind == Kind::Load) {
            return Err(load.text.clone());
        }
        let wrong = |k: Kind| matches!(k, Kind::Error | Kind::Answer);
        measured.correct &= !problems.iter().any(|p| wrong(p.kind));
        measured.metrics.merge(metrics);
    }
    Ok(measured)
}
