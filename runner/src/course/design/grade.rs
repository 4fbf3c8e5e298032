//! Grading one model: load each generated dataset through the model once, check what
//! it stored, then replay every call of the reference plan from that loaded state
//! (updates in order, each followed by the reads that must reflect it).

use super::blueprint::{Blueprint, Call, GeneratedSet};
use super::checks::{self, Kind, Problem, Scanned};
use super::measure::{Figure, Metrics};
use super::model;
use super::snapshot::Snapshot;
use super::spec::{Engine, Spec};
use crate::course::grade::Verdict;
use crate::course::replay::Requests;
use crate::course::shell_port::{ShellFactory, ShellPort};
use crate::pesan;
use crate::pesan::rancangan as teks;
use serde_json::Value;

pub fn grade_model<F: ShellFactory>(
    factory: &F,
    seed: Option<[u8; 12]>,
    spec: &Spec,
    blueprint: &Blueprint,
    source: &str,
) -> Verdict {
    if source.trim().is_empty() {
        return failed(vec![pesan::JAWABAN_KOSONG.to_string()]);
    }
    let mut figures = (0, 0);
    for set in &blueprint.sets {
        let mut shell = factory.create(seed);
        let (problems, metrics) = grade_set(&mut shell, spec, set, source);
        let stored = (metrics.largest, metrics.longest);
        if !problems.is_empty() {
            let label = teks::data_uji(set.skewed, set.rekaman.len() + set.panas.len());
            let mut remarks = vec![teks::model_belum_lulus(&label)];
            remarks.extend(first_of_each(problems).iter().map(|p| teks::butir(&p.text)));
            return failed(remarks);
        }
        figures = (figures.0.max(stored.0), figures.1.max(stored.1));
    }
    let dynamo = spec.mesin == Engine::Dynamodb;
    let remarks = vec![
        pesan::LULUS.to_string(),
        teks::lulus_dengan_angka(figures.0, figures.1, dynamo),
    ];
    Verdict {
        passed: true,
        remarks,
        diff: None,
    }
}

fn failed(remarks: Vec<String>) -> Verdict {
    Verdict {
        passed: false,
        remarks,
        diff: None,
    }
}

/// The problems on one dataset, and what was measured on the way.
pub(super) fn grade_set<S: ShellPort>(
    shell: &mut S,
    spec: &Spec,
    set: &GeneratedSet,
    source: &str,
) -> (Vec<Problem>, Metrics) {
    let loaded = match model::load(shell, spec, set, source) {
        Ok(loaded) => loaded,
        Err(text) => return (vec![problem(Kind::Load, text)], Metrics::default()),
    };
    let mut problems = checks::stored(spec, &loaded.snapshot);
    problems.extend(checks::spread(
        spec,
        loaded.spread.as_ref(),
        loaded.window.as_ref(),
    ));
    let mut metrics = Metrics {
        largest: loaded.snapshot.largest().map_or(0, |(b, _)| b),
        longest: loaded.snapshot.longest_array().map_or(0, |(n, _)| n),
        ..Metrics::default()
    };
    // The state after one update is the state before the next, unless a read wrote.
    let mut state = loaded.snapshot;
    let mut stale = false;
    let mut last_update: Option<&str> = None;
    for call in &set.langkah {
        if call.ubah {
            if stale {
                state = Snapshot::take(shell, spec.mesin, &spec.db);
                stale = false;
            }
            let (found, after) = update(shell, spec, call, &state);
            let changed = after.changed_since(&state).len();
            metrics.note(&call.pola, Figure::Writes, changed as f64);
            problems.extend(found);
            state = after;
            last_update = Some(&call.pola);
        } else {
            let (result, requests) = read(shell, call, source);
            stale = stale || may_write(&requests);
            metrics.note_read(&call.pola, &requests);
            let scanned = why_scanned(shell, &requests);
            problems.extend(checks::read_call(
                spec,
                call,
                &result,
                &requests,
                (last_update, &scanned),
            ));
        }
    }
    (problems, metrics)
}

fn problem(kind: Kind, text: String) -> Problem {
    Problem {
        pattern: String::new(),
        kind,
        text,
    }
}

/// An update call's problem, and the stored state after it.
fn update<S: ShellPort>(
    shell: &mut S,
    spec: &Spec,
    call: &Call,
    before: &Snapshot,
) -> (Option<Problem>, Snapshot) {
    let (result, _) = run(shell, call);
    let after = Snapshot::take(shell, spec.mesin, &spec.db);
    let changed = after.changed_since(before).len();
    (checks::update_call(spec, call, &result, changed), after)
}

/// Why the first collection the call scanned whole was scanned: an aggregate on it
/// that matched only after another stage, an index besides `_id` the query could not
/// use, or no index at all.
fn why_scanned<S: ShellPort>(shell: &mut S, requests: &Requests) -> Scanned {
    let Some(scan) = requests.plans.iter().find(|p| p.stage == "COLLSCAN") else {
        return Scanned::NoIndex;
    };
    if let Some(stage) = late_match(requests, &scan.ns) {
        return Scanned::MatchAfter(stage);
    }
    let Some((db, coll)) = scan.ns.split_once('.') else {
        return Scanned::NoIndex;
    };
    let indexes = shell.collection_state(db, coll).indexes;
    shell.take_command_log();
    if indexes.len() > 1 {
        Scanned::IndexUnused
    } else {
        Scanned::NoIndex
    }
}

/// The first stage of an aggregate on `ns` that has a `$match` but does not start
/// with one.
fn late_match(requests: &Requests, ns: &str) -> Option<String> {
    requests
        .commands
        .iter()
        .filter(|c| c.name == "aggregate" && c.ns == ns)
        .find_map(|c| {
            let first = c.stages.iter().position(|s| s == "$match")?;
            (first > 0).then(|| c.stages[0].clone())
        })
}

/// A read call with the model's file run again over fresh globals: what the model
/// kept in variables while loading is gone, so the answer must come from the database.
fn read<S: ShellPort>(
    shell: &mut S,
    call: &Call,
    source: &str,
) -> (Result<Value, String>, Requests) {
    shell.with_fresh_globals(|shell| {
        model::rerun_file(shell, source);
        run(shell, call)
    })
}

/// One call and the requests it made.
fn run<S: ShellPort>(shell: &mut S, call: &Call) -> (Result<Value, String>, Requests) {
    shell.take_plan_log();
    shell.take_command_log();
    shell.take_dynamo_log();
    let result = shell.eval_json(&call.code());
    let requests = Requests {
        plans: shell.take_plan_log(),
        commands: shell.take_command_log(),
        dynamo: shell.take_dynamo_log(),
    };
    (result, requests)
}

/// Whether a read pattern's requests included anything but reads.
fn may_write(requests: &Requests) -> bool {
    const MONGO_READS: [&str; 6] = [
        "find",
        "aggregate",
        "count",
        "distinct",
        "getMore",
        "killCursors",
    ];
    const DYNAMO_READS: [&str; 4] = ["GetItem", "Query", "Scan", "BatchGetItem"];
    let mongo = requests
        .commands
        .iter()
        .any(|c| !MONGO_READS.contains(&c.name.as_str()));
    let dynamo = requests
        .dynamo
        .iter()
        .any(|r| !DYNAMO_READS.contains(&r.operation.as_str()));
    mongo || dynamo
}

/// The first problem of each kind for each pattern, in the order found.
fn first_of_each(problems: Vec<Problem>) -> Vec<Problem> {
    let mut kept: Vec<Problem> = Vec::new();
    for p in problems {
        if !kept
            .iter()
            .any(|k| k.pattern == p.pattern && k.kind == p.kind)
        {
            kept.push(p);
        }
    }
    kept
}
