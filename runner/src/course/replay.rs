//! Replaying an answer statement by statement on a fresh copy of one dataset: what
//! each top-level statement printed and the requests it made, then the state it left.

use super::answer;
use super::catalog::Lesson;
use super::dataset::Dataset;
use super::error::Result;
use super::lesson::Exercise;
use super::shell_port::{Command, DynamoRequest, Plan, Printed, ShellFactory, ShellPort};
use super::state::State;

/// The requests of one statement (or of several, summed up as work).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Requests {
    pub plans: Vec<Plan>,
    pub commands: Vec<Command>,
    pub dynamo: Vec<DynamoRequest>,
}

/// One top-level statement of the answer.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Step {
    /// 1-based, as feedback counts statements.
    pub number: usize,
    pub source: String,
    pub printed: Printed,
    pub requests: Requests,
}

impl Step {
    /// What the statement shows, as keluaran blocks are written.
    pub fn output(&self) -> String {
        super::grade::trim_output(&self.printed.text)
    }

    /// A statement that printed a value (not only `undefined`, not an error).
    pub fn printed_value(&self) -> bool {
        !(self.printed.is_error || self.printed.is_undefined && self.printed.text.is_empty())
    }

    /// An expression statement that showed a value: looking around. One whose value
    /// is `undefined` (a `.forEach(...)` loop, a `print`) ran for its effects, so the
    /// requests it made are work even when it is written as an expression.
    pub fn is_exploration(&self) -> bool {
        self.printed.is_expression && !self.printed.is_undefined
    }

    pub fn is_literal(&self) -> bool {
        answer::is_literal(&self.source)
    }
}

/// A whole replay on one dataset.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Run {
    pub steps: Vec<Step>,
    /// The collections and tables the exercise names, as the answer left them.
    pub state: State,
    /// The indexes, at the end, of every collection a query of the answer read.
    pub indexes: Vec<(String, Vec<bson::Document>)>,
}

impl Run {
    pub fn errors(&self) -> impl Iterator<Item = &str> {
        self.steps
            .iter()
            .filter(|s| s.printed.is_error)
            .map(|s| s.printed.text.as_str())
    }
}

/// Runs `entries` (the answer's entries) on a fresh shell holding `dataset`.
pub fn run<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    dataset: &Dataset,
    exercise: &Exercise,
    entries: &[String],
) -> Result<Run> {
    let mut shell = factory.create(lesson.file.seed());
    dataset.load_into(&mut shell)?;
    let steps: Vec<Step> = answer::statements(entries)
        .into_iter()
        .enumerate()
        .map(|(i, source)| step(&mut shell, i + 1, source))
        .collect();
    let indexes = read_indexes(&mut shell, &steps);
    let state = State::capture(&mut shell, dataset, &exercise.keadaan);
    Ok(Run {
        steps,
        state,
        indexes,
    })
}

fn step<S: ShellPort>(shell: &mut S, number: usize, source: String) -> Step {
    let printed = shell
        .run_statements(&source)
        .into_iter()
        .reduce(join_printed)
        .unwrap_or_default();
    let requests = Requests {
        plans: shell.take_plan_log(),
        commands: shell.take_command_log(),
        dynamo: shell.take_dynamo_log(),
    };
    Step {
        number,
        source,
        printed,
        requests,
    }
}

/// A unit the shell splits further still is one statement to the learner.
fn join_printed(a: Printed, b: Printed) -> Printed {
    let text = [a.text, b.text]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    Printed {
        text,
        is_error: a.is_error || b.is_error,
        is_undefined: b.is_undefined,
        is_expression: a.is_expression && b.is_expression,
    }
}

fn read_indexes<S: ShellPort>(shell: &mut S, steps: &[Step]) -> Vec<(String, Vec<bson::Document>)> {
    let mut namespaces: Vec<&str> = steps
        .iter()
        .flat_map(|s| s.requests.plans.iter().map(|p| p.ns.as_str()))
        .collect();
    namespaces.sort_unstable();
    namespaces.dedup();
    namespaces
        .into_iter()
        .filter_map(|ns| {
            let (db, coll) = ns.split_once('.')?;
            Some((ns.to_string(), shell.collection_state(db, coll).indexes))
        })
        .collect()
}
