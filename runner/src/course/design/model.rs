//! Loading a learner's model: run the file, check the contract (`simpan`, `siapkan`,
//! `pola.<nama>`), create what `siapkan()` creates and store every generated record
//! through `simpan`, once. The hot tenant's records go last, so the partitions they
//! land in can be measured.

use super::blueprint::{GeneratedSet, HARNESS};
use super::snapshot::Snapshot;
use super::spec::{Engine, Spec};
use crate::course::shell_port::ShellPort;
use crate::pesan::rancangan as pesan;
use serde_json::Value;
use std::collections::BTreeMap;

/// How the hot tenant's writes fell: the fullest partition and the total.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Spread {
    pub fullest: usize,
    pub total: usize,
    pub partition: String,
}

/// The hot tenant's writes are also judged in windows of this many in a row: a
/// model that fills one key after another spreads well over the whole load and
/// still sends every burst to one partition.
pub const WINDOW: usize = 20;

/// What loading left: the hot tenant's spread (when the set has one) and the
/// stored state, read back once for every check that needs it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Loaded {
    pub spread: Option<Spread>,
    /// The fullest window of [`WINDOW`] hot writes in a row.
    pub window: Option<Spread>,
    pub snapshot: Snapshot,
}

/// Runs the model's file and loads `set`; an error is the one problem to report.
pub fn load<S: ShellPort>(
    shell: &mut S,
    spec: &Spec,
    set: &GeneratedSet,
    source: &str,
) -> Result<Loaded, String> {
    if spec.mesin == Engine::Mongo {
        shell.use_db(&spec.db);
    }
    shell.eval_json(HARNESS)?;
    run_file(shell, source)?;
    check_contract(shell, spec)?;
    shell
        .eval_json("siapkan()")
        .map_err(|e| pesan::siapkan_galat(&e))?;
    store(shell, &set.rekaman, 0)?;
    let before = Snapshot::take(shell, spec.mesin, &spec.db);
    if set.panas.is_empty() {
        return Ok(Loaded {
            spread: None,
            window: None,
            snapshot: before,
        });
    }
    let (after, window) = store_hot(shell, spec, set, &before)?;
    Ok(Loaded {
        spread: spread(&before, &after),
        window,
        snapshot: after,
    })
}

/// The hot tenant's records, [`WINDOW`] at a time, the state read after each window;
/// returns the final state and the fullest whole window.
fn store_hot<S: ShellPort>(
    shell: &mut S,
    spec: &Spec,
    set: &GeneratedSet,
    before: &Snapshot,
) -> Result<(Snapshot, Option<Spread>), String> {
    let mut previous = before.clone();
    let mut fullest: Option<Spread> = None;
    for (n, chunk) in set.panas.chunks(WINDOW).enumerate() {
        store(shell, chunk, set.rekaman.len() + n * WINDOW)?;
        let now = Snapshot::take(shell, spec.mesin, &spec.db);
        let window = spread(&previous, &now).filter(|_| chunk.len() == WINDOW);
        if window.as_ref().map(|w| w.fullest) > fullest.as_ref().map(|w| w.fullest) {
            fullest = window;
        }
        previous = now;
    }
    Ok((previous, fullest))
}

/// Runs the model's file again (its definitions, over fresh globals); it ran without
/// an error while loading, so what it prints now is not the learner's to read.
pub fn rerun_file<S: ShellPort>(shell: &mut S, source: &str) {
    shell.run_statements(source);
}

fn run_file<S: ShellPort>(shell: &mut S, source: &str) -> Result<(), String> {
    let printed = shell.run_statements(source);
    match printed.iter().position(|p| p.is_error) {
        Some(i) => {
            let text = &printed[i].text;
            Err(pesan::model_galat(file_line(source, i, text), text))
        }
        None => Ok(()),
    }
}

/// The line of the model file an error of its `unit`-th statement points at: the
/// statement's first line, moved down by the line the engine names (`(2:16)`),
/// which counts from the statement's own start.
fn file_line(source: &str, unit: usize, error: &str) -> usize {
    let mut from = 0;
    for (i, text) in crate::shell::split::split_units(source).iter().enumerate() {
        let Some(at) = source[from..].find(text.trim()).map(|at| at + from) else {
            break;
        };
        if i == unit {
            let first = source[..at].matches('\n').count() + 1;
            return first + line_in_statement(error).unwrap_or(1) - 1;
        }
        from = at + text.trim().len();
    }
    1
}

/// The line of `(line:column)` closing the error's own line (its code frame below
/// has parentheses of its own).
fn line_in_statement(error: &str) -> Option<usize> {
    let first = error.lines().find(|l| l.contains("Error"))?.trim_end();
    let open = first.strip_suffix(')')?.rfind('(')?;
    let (line, column) = first[open + 1..first.len() - 1].split_once(':')?;
    column.parse::<usize>().ok()?;
    line.parse().ok()
}

fn check_contract<S: ShellPort>(shell: &mut S, spec: &Spec) -> Result<(), String> {
    let names: Vec<Value> = spec
        .pola
        .iter()
        .map(|p| Value::from(p.nama.as_str()))
        .collect();
    let code = format!("__rancangan.kontrak({})", Value::Array(names));
    let missing = shell.eval_json(&code)?;
    let missing: Vec<String> = missing
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(pesan::kontrak_kurang(&missing))
    }
}

/// Stores `records` through `simpan`; `offset` is how many were stored before them,
/// so a failure is numbered as the learner counts.
fn store<S: ShellPort>(shell: &mut S, records: &[Value], offset: usize) -> Result<(), String> {
    // Built as JavaScript values directly: as source text, hundreds of records went
    // through boa's parser, which `JSON.parse` uses too.
    let records = Value::Array(records.to_vec());
    let failed = shell.call_json("(xs) => __rancangan.muat(xs)", &[records])?;
    if failed.is_null() {
        return Ok(());
    }
    let number = offset + failed["nomor"].as_u64().unwrap_or(0) as usize;
    let record = failed["rekaman"].to_string();
    Err(pesan::simpan_galat(
        number,
        &record,
        failed["galat"].as_str().unwrap_or_default(),
    ))
}

/// Records the hot tenant added or changed, counted per partition key.
fn spread(before: &Snapshot, after: &Snapshot) -> Option<Spread> {
    let mut per_partition: BTreeMap<&str, usize> = BTreeMap::new();
    for id in after.changed_since(before) {
        let stored = after.records.get(id).or_else(|| before.records.get(id))?;
        let partition = stored.partition.as_deref().unwrap_or(id);
        *per_partition.entry(partition).or_default() += 1;
    }
    let total = per_partition.values().sum();
    let (partition, fullest) = per_partition.into_iter().max_by_key(|(_, n)| *n)?;
    Some(Spread {
        fullest,
        total,
        partition: partition.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_placed_on_the_line_of_the_model_file() {
        let source = "function a() {\n  return 1;\n}\n\nconst b = {\n  x: 1\n  y: 2\n};\n";
        assert_eq!(
            file_line(source, 1, "SyntaxError: expected token ',' (3:3)"),
            7
        );
        assert_eq!(file_line(source, 0, "ReferenceError: q is not defined"), 1);
        assert_eq!(line_in_statement("SyntaxError: x (12:4)"), Some(12));
        let framed = "Uncaught:\nSyntaxError: Unexpected token (3:2)\n\n> 3 |   f(a)\n";
        assert_eq!(line_in_statement(framed), Some(3));
    }
}
