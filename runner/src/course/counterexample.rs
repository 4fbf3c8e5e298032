//! The smallest counterexample: when an answer is right on the visible data and wrong
//! on the hidden variant, the fewest documents or items of the variant on which it and
//! the reference solution still print different things (found by removing ever
//! smaller chunks, as delta debugging does), shown with both outputs. Nothing else of
//! the variant is ever shown. (Miao et al., SIGMOD 2019, explain wrong SQL this way.)

use super::catalog::Lesson;
use super::dataset::{Collection, Dataset, Table};
use super::error::Result;
use super::grade::outputs_match;
use super::lesson::Exercise;
use super::replay;
use super::shell_port::{visible_output, ShellFactory, ShellPort};
use regex::Regex;
use std::sync::OnceLock;

/// Replays allowed for the search (each try replays the answer and the reference).
pub const REPLAYS: usize = 200;
/// Records shown at most.
pub const SHOWN: usize = 5;

/// What the learner is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Counterexample {
    /// The records, printed as the shell prints them, projected to the fields read.
    pub records: String,
    pub count: usize,
    pub expected: String,
    pub actual: String,
}

/// Both scripts, and which statement of each is the answer (1-based).
pub struct Contest<'a> {
    pub reference: (&'a [String], usize),
    pub answer: (&'a [String], usize),
}

type Record = (usize, usize);

/// The smallest disagreeing part of the variant (its first [`SHOWN`] records shown),
/// or `None` when the search needs more than [`REPLAYS`] replays.
pub fn smallest<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    contest: &Contest,
) -> Result<Option<Counterexample>> {
    let variant = &lesson.varian;
    let mut kept = records(variant);
    let mut tries = REPLAYS / 2;
    let mut chunk = kept.len().div_ceil(2).max(1);
    loop {
        let mut start = 0;
        while start < kept.len() {
            if tries == 0 {
                return Ok(None);
            }
            tries -= 1;
            let mut candidate = kept.clone();
            candidate.drain(start..(start + chunk).min(kept.len()));
            match outputs(
                factory,
                lesson,
                exercise,
                contest,
                &subset(variant, &candidate),
            )? {
                Some(_) => kept = candidate,
                None => start += chunk,
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    let smallest = subset(variant, &kept);
    let Some((expected, actual)) = outputs(factory, lesson, exercise, contest, &smallest)? else {
        return Ok(None);
    };
    let shown = subset(variant, &kept[..kept.len().min(SHOWN)]);
    let records = show(factory, lesson, &shown, contest)?;
    Ok(Some(Counterexample {
        records,
        count: kept.len(),
        expected,
        actual,
    }))
}

/// Every document and item of the dataset, as (part, position): collections first.
fn records(dataset: &Dataset) -> Vec<Record> {
    let documents = dataset
        .collections
        .iter()
        .enumerate()
        .flat_map(|(c, coll)| (0..coll.docs.len()).map(move |i| (c, i)));
    let offset = dataset.collections.len();
    let items = dataset
        .tables
        .iter()
        .enumerate()
        .flat_map(move |(t, table)| (0..table.items.len()).map(move |i| (offset + t, i)));
    documents.chain(items).collect()
}

fn subset(dataset: &Dataset, kept: &[Record]) -> Dataset {
    let has = |part: usize, i: usize| kept.contains(&(part, i));
    let collections = dataset
        .collections
        .iter()
        .enumerate()
        .map(|(c, coll)| Collection {
            docs: pick(&coll.docs, |i| has(c, i)),
            ..coll.clone()
        });
    let offset = dataset.collections.len();
    let tables = dataset.tables.iter().enumerate().map(|(t, table)| Table {
        items: pick(&table.items, |i| has(offset + t, i)),
        create: table.create.clone(),
    });
    Dataset {
        collections: collections.collect(),
        tables: tables.collect(),
    }
}

fn pick<T: Clone>(all: &[T], keep: impl Fn(usize) -> bool) -> Vec<T> {
    all.iter()
        .enumerate()
        .filter(|(i, _)| keep(*i))
        .map(|(_, x)| x.clone())
        .collect()
}

/// The two outputs on `data` when they disagree (an error on either side is no
/// counterexample: it would explain nothing).
fn outputs<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    exercise: &Exercise,
    contest: &Contest,
    data: &Dataset,
) -> Result<Option<(String, String)>> {
    let answer_of = |(entries, step): (&[String], usize)| -> Result<Option<String>> {
        let run = replay::run(factory, lesson, data, exercise, entries)?;
        Ok(run
            .steps
            .get(step - 1)
            .filter(|s| !s.printed.is_error)
            .map(|s| s.output()))
    };
    let (Some(expected), Some(actual)) =
        (answer_of(contest.reference)?, answer_of(contest.answer)?)
    else {
        return Ok(None);
    };
    Ok((!outputs_match(exercise.penilaian, &expected, &actual)).then_some((expected, actual)))
}

/// The records as the shell prints them, each cut to the fields either script names
/// (and the keys that identify it).
fn show<F: ShellFactory>(
    factory: &F,
    lesson: &Lesson,
    data: &Dataset,
    contest: &Contest,
) -> Result<String> {
    let mut shell = factory.create(lesson.file.seed());
    data.load_into(&mut shell)?;
    let scripts = [contest.reference.0, contest.answer.0].concat().join("\n");
    let mut printed = Vec::new();
    for coll in data.collections.iter().filter(|c| !c.docs.is_empty()) {
        let keep = named_fields(&scripts, ["_id".to_string()]);
        let read = format!(
            "db.getSiblingDB('{}').getCollection('{}').find().toArray()",
            coll.db, coll.name
        );
        printed.push(projected(&mut shell, &read, &keep));
    }
    for table in data.tables.iter().filter(|t| !t.items.is_empty()) {
        let name = table.create["TableName"].as_str().unwrap_or_default();
        let keep = named_fields(&scripts, key_attributes(table));
        let read = format!("ddb.scan({{ TableName: '{name}' }}).Items");
        printed.push(projected(&mut shell, &read, &keep));
    }
    Ok(printed.join("\n"))
}

fn projected<S: ShellPort>(shell: &mut S, read: &str, keep: &[String]) -> String {
    let names = serde_json::to_string(keep).unwrap_or_else(|_| "[]".to_string());
    let script = format!(
        "{read}.map(r => Object.fromEntries(Object.entries(r).filter(([k]) => {names}.includes(k))))"
    );
    visible_output(&shell.run_statements(&script))
}

fn key_attributes(table: &Table) -> Vec<String> {
    let schema = table.create["KeySchema"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    schema
        .iter()
        .filter_map(|k| k["AttributeName"].as_str().map(str::to_string))
        .collect()
}

/// `always` and every top-level field name the scripts mention (a dotted path counts
/// by its first part).
fn named_fields(scripts: &str, always: impl IntoIterator<Item = String>) -> Vec<String> {
    static WORD: OnceLock<Regex> = OnceLock::new();
    let word = WORD.get_or_init(|| Regex::new(r"[A-Za-z_][\w]*").expect("word pattern"));
    let mut fields: Vec<String> = always.into_iter().collect();
    for m in word.find_iter(scripts) {
        if !fields.iter().any(|f| f == m.as_str()) {
            fields.push(m.as_str().to_string());
        }
    }
    fields
}
