//! Grading one model: load each generated dataset through the model once, check what
//! it stored, then replay every call of the reference plan from that loaded state
//! (updates in order, each followed by the reads that must reflect it).

use super::blueprint::{Blueprint, Call, GeneratedSet};
use super::checks::{self, Kind, Problem};
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
        let (problems, stored) = grade_set(&mut shell, spec, set, source);
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

/// The problems on one dataset, and (largest record, longest array) after loading.
fn grade_set<S: ShellPort>(
    shell: &mut S,
    spec: &Spec,
    set: &GeneratedSet,
    source: &str,
) -> (Vec<Problem>, (usize, usize)) {
    let loaded = match model::load(shell, spec, set, source) {
        Ok(loaded) => loaded,
        Err(text) => return (vec![problem(Kind::Load, text)], (0, 0)),
    };
    let mut problems = checks::stored(spec, &loaded.snapshot);
    problems.extend(checks::spread(
        spec,
        loaded.spread.as_ref(),
        loaded.window.as_ref(),
    ));
    let figures = (
        loaded.snapshot.largest().map_or(0, |(b, _)| b),
        loaded.snapshot.longest_array().map_or(0, |(n, _)| n),
    );
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
            problems.extend(found);
            state = after;
            last_update = Some(&call.pola);
        } else {
            let (result, requests) = run(shell, call);
            stale = stale || may_write(&requests);
            let unused = scanned_despite_index(shell, &requests);
            problems.extend(checks::read_call(
                spec,
                call,
                &result,
                &requests,
                (last_update, unused),
            ));
        }
    }
    (problems, figures)
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

/// Whether a collection the call scanned whole has an index besides `_id`: then the
/// model has the index and its query cannot use it (a `$match` after `$unwind`).
fn scanned_despite_index<S: ShellPort>(shell: &mut S, requests: &Requests) -> bool {
    let scanned = requests.plans.iter().find(|p| p.stage == "COLLSCAN");
    let Some((db, coll)) = scanned.and_then(|p| p.ns.split_once('.')) else {
        return false;
    };
    let (db, coll) = (db.to_string(), coll.to_string());
    let indexes = shell.collection_state(&db, &coll).indexes;
    shell.take_command_log();
    indexes.len() > 1
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
