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

/// What loading left: the hot tenant's spread (when the set has one) and the
/// stored state, read back once for every check that needs it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Loaded {
    pub spread: Option<Spread>,
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
    store(shell, &set.rekaman)?;
    let before = Snapshot::take(shell, spec.mesin, &spec.db);
    if set.panas.is_empty() {
        return Ok(Loaded {
            spread: None,
            snapshot: before,
        });
    }
    store(shell, &set.panas)?;
    let after = Snapshot::take(shell, spec.mesin, &spec.db);
    Ok(Loaded {
        spread: spread(&before, &after),
        snapshot: after,
    })
}

fn run_file<S: ShellPort>(shell: &mut S, source: &str) -> Result<(), String> {
    let printed = shell.run_statements(source);
    match printed.iter().position(|p| p.is_error) {
        Some(i) => Err(pesan::model_galat(i + 1, &printed[i].text)),
        None => Ok(()),
    }
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

fn store<S: ShellPort>(shell: &mut S, records: &[Value]) -> Result<(), String> {
    // Built as JavaScript values directly: as source text, hundreds of records went
    // through boa's parser, which `JSON.parse` uses too.
    let records = Value::Array(records.to_vec());
    let failed = shell.call_json("(xs) => __rancangan.muat(xs)", &[records])?;
    if failed.is_null() {
        return Ok(());
    }
    let number = failed["nomor"].as_u64().unwrap_or(0) as usize;
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
