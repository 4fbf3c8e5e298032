//! The checks on one call of an access pattern and on what the model stored: the
//! answer against the reference, the request budget, an index behind every MongoDB
//! read, documents or items examined against returned, exactly one record written
//! by an update, the largest record and the longest array, the hot tenant's spread.

use super::blueprint::Call;
use super::model::Spread;
use super::snapshot::Snapshot;
use super::spec::{Engine, Pattern, Spec};
use crate::course::replay::Requests;
use crate::pesan::rancangan as pesan;
use serde_json::Value;

/// Reads may examine this many times the results, plus `EXAMINED_SLACK`, before the
/// key or index counts as not leading to them.
const EXAMINED_FACTOR: u64 = 2;
const EXAMINED_SLACK: u64 = 10;

/// What a problem is about; feedback keeps the first of each kind per pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Load,
    Size,
    Array,
    Spread,
    Error,
    Answer,
    /// A read answered without asking the database (from JavaScript state).
    NoRead,
    Scan,
    Budget,
    Index,
    Examined,
    Delivered,
    Writes,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub pattern: String,
    pub kind: Kind,
    pub text: String,
}

impl Problem {
    fn new(pattern: &str, kind: Kind, text: String) -> Problem {
        Problem {
            pattern: pattern.to_string(),
            kind,
            text,
        }
    }
}

/// Why a read scanned a collection whole.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Scanned {
    /// No index for what it filters on (or nothing scanned).
    #[default]
    NoIndex,
    /// The collection has an index besides `_id` and the query did not use it.
    IndexUnused,
    /// An aggregate whose first `$match` came after this stage: nothing before a
    /// `$match` can use an index.
    MatchAfter(String),
}

fn section<'a>(pattern: Option<&'a Pattern>, fallback: &'a str) -> &'a str {
    pattern
        .and_then(|p| p.bagian.as_deref())
        .unwrap_or(fallback)
}

/// A read's answer, budget, index and examined figures.
pub fn read_call(
    spec: &Spec,
    call: &Call,
    result: &Result<Value, String>,
    requests: &Requests,
    (after_update, scanned): (Option<&str>, &Scanned),
) -> Vec<Problem> {
    let pattern = spec.pattern(&call.pola);
    let mut problems = Vec::new();
    problems.extend(answer(spec, call, result, after_update));
    let dynamo = spec.mesin == Engine::Dynamodb;
    let budget = pattern.map_or(1, |p| p.anggaran);
    let budget_section = section(pattern, &spec.bagian.anggaran);
    let scans = requests
        .dynamo
        .iter()
        .filter(|r| r.operation == "Scan")
        .count();
    if scans > 0 {
        let text = pesan::pakai_scan(&call.pola, scans, budget_section);
        problems.push(Problem::new(&call.pola, Kind::Scan, text));
    }
    let reads = read_requests(requests);
    // A request the engine refused is not counted as a read, and is no sign of an
    // answer kept in JavaScript.
    let refused =
        matches!(result, Err(e) if e.contains("MongoServerError") || e.contains("Exception"));
    if reads == 0 && scans == 0 && !refused {
        let text = pesan::tanpa_bacaan(&call.pola, dynamo);
        problems.push(Problem::new(&call.pola, Kind::NoRead, text));
    }
    if reads > budget {
        let text = pesan::anggaran_lebih(&call.pola, reads, budget, dynamo, budget_section);
        problems.push(Problem::new(&call.pola, Kind::Budget, text));
    }
    problems.extend(index(spec, pattern, call, requests, scanned));
    problems.extend(examined(spec, pattern, call, requests));
    problems.extend(delivered(spec, pattern, call, requests));
    problems
}

fn answer(
    spec: &Spec,
    call: &Call,
    result: &Result<Value, String>,
    after_update: Option<&str>,
) -> Option<Problem> {
    let args = call.arguments();
    let text = match result {
        Err(e) => pesan::pola_galat(&call.pola, &args, e),
        Ok(got) if same(got, &call.harapan) => return None,
        Ok(got) => {
            let section = section(spec.pattern(&call.pola), &spec.bagian.jawaban);
            let where_ = first_difference(&call.harapan, got);
            let (want, got) = (short(&call.harapan), short(got));
            let text = pesan::jawaban_beda(&call.pola, &args, &want, &got, section);
            let text = match where_ {
                Some(d) => format!("{text} {d}"),
                None => text,
            };
            match after_update {
                Some(update) => {
                    format!("{text} {}", pesan::jawaban_beda_sesudah(&call.pola, update))
                }
                None => text,
            }
        }
    };
    let kind = if result.is_err() {
        Kind::Error
    } else {
        Kind::Answer
    };
    Some(Problem::new(&call.pola, kind, text))
}

/// Read commands or requests that start a read (further pages are the same read).
/// Read requests: MongoDB read commands, DynamoDB reads by key (each Scan is judged
/// on its own), a further page not counted again.
pub fn read_requests(requests: &Requests) -> usize {
    let mongo = requests
        .commands
        .iter()
        .filter(|c| matches!(c.name.as_str(), "find" | "aggregate" | "count" | "distinct"))
        .count();
    let dynamo = requests
        .dynamo
        .iter()
        .filter(|r| !r.continued)
        .filter(|r| matches!(r.operation.as_str(), "Query" | "GetItem" | "BatchGetItem"))
        .count();
    mongo + dynamo
}

fn index(
    spec: &Spec,
    pattern: Option<&Pattern>,
    call: &Call,
    requests: &Requests,
    scanned: &Scanned,
) -> Option<Problem> {
    let scan = requests.plans.iter().find(|p| p.stage == "COLLSCAN")?;
    let fallback = spec.bagian.indeks.as_deref().unwrap_or(&spec.bagian.baca);
    let section = section(pattern, fallback);
    let text = match scanned {
        Scanned::NoIndex => pesan::tanpa_indeks(&call.pola, &scan.ns, section),
        Scanned::IndexUnused => pesan::indeks_tak_terpakai(&call.pola, &scan.ns, section),
        Scanned::MatchAfter(stage) => pesan::match_terlambat(&call.pola, &scan.ns, stage, section),
    };
    Some(Problem::new(&call.pola, Kind::Index, text))
}

fn examined(
    spec: &Spec,
    pattern: Option<&Pattern>,
    call: &Call,
    requests: &Requests,
) -> Option<Problem> {
    let mongo_read: u64 = requests.plans.iter().map(|p| p.docs_examined).sum();
    let mongo_returned: u64 = requests.plans.iter().map(|p| p.n_returned).sum();
    let dynamo_read: u64 = requests.dynamo.iter().filter_map(|r| r.scanned_count).sum();
    // A Query that returns the whole partition for the client to sort still reads far
    // more than the answer holds: DynamoDB reads count against the answer's size.
    let dynamo_returned = if requests.dynamo.is_empty() {
        0
    } else {
        answer_size(&call.harapan)
    };
    let (read, returned) = (mongo_read + dynamo_read, mongo_returned + dynamo_returned);
    if read <= returned * EXAMINED_FACTOR + EXAMINED_SLACK {
        return None;
    }
    let dynamo = spec.mesin == Engine::Dynamodb;
    let section = section(pattern, &spec.bagian.baca);
    let text = pesan::baca_lebih(&call.pola, read, returned, dynamo, section);
    Some(Problem::new(&call.pola, Kind::Examined, text))
}

/// Documents the pattern's reads handed to the shell against what the pattern
/// returned: reading broadly and filtering or slicing in JavaScript looks cheap in
/// the plans (each returned what it examined) but not here.
fn delivered(
    spec: &Spec,
    pattern: Option<&Pattern>,
    call: &Call,
    requests: &Requests,
) -> Option<Problem> {
    let delivered: u64 = requests.commands.iter().map(|c| c.delivered).sum();
    let returned = answer_size(&call.harapan);
    if spec.mesin != Engine::Mongo || delivered <= returned * EXAMINED_FACTOR + EXAMINED_SLACK {
        return None;
    }
    let text = pesan::terima_lebih(
        &call.pola,
        delivered,
        returned,
        section(pattern, &spec.bagian.baca),
    );
    Some(Problem::new(&call.pola, Kind::Delivered, text))
}

fn answer_size(value: &Value) -> u64 {
    match value {
        Value::Array(items) => items.len() as u64,
        _ => 1,
    }
}

/// An update's result and how many records it changed.
pub fn update_call(
    spec: &Spec,
    call: &Call,
    result: &Result<Value, String>,
    changed: usize,
) -> Option<Problem> {
    if let Err(e) = result {
        let text = pesan::pola_galat(&call.pola, &call.arguments(), e);
        return Some(Problem::new(&call.pola, Kind::Error, text));
    }
    if changed == 1 {
        return None;
    }
    let dynamo = spec.mesin == Engine::Dynamodb;
    let section = section(spec.pattern(&call.pola), &spec.bagian.sumber);
    let text = pesan::tulis_beda(&call.pola, &call.arguments(), changed, dynamo, section);
    Some(Problem::new(&call.pola, Kind::Writes, text))
}

/// The largest record and the longest array after loading.
pub fn stored(spec: &Spec, snapshot: &Snapshot) -> Vec<Problem> {
    let mut problems = Vec::new();
    let dynamo = spec.mesin == Engine::Dynamodb;
    let section = &spec.bagian.ukuran;
    if let Some((bytes, place)) = snapshot.largest().filter(|(b, _)| *b > spec.ukuran.dokumen) {
        let text = pesan::dokumen_besar(bytes, spec.ukuran.dokumen, place, dynamo, section);
        problems.push(Problem::new("", Kind::Size, text));
    }
    let longest = snapshot
        .longest_array()
        .filter(|(n, _)| *n > spec.ukuran.larik);
    if let Some((n, field)) = longest {
        let text = pesan::larik_panjang(n, spec.ukuran.larik, &field, section);
        problems.push(Problem::new("", Kind::Array, text));
    }
    problems
}

/// At most this share of a window of hot writes may land on one key.
const WINDOW_SHARE: f64 = 0.5;

/// The hot tenant's writes against the exercise's bound, over the whole load and in
/// every window of writes in a row.
pub fn spread(spec: &Spec, spread: Option<&Spread>, window: Option<&Spread>) -> Option<Problem> {
    let bound = spec.sebaran?;
    let over = |s: &&Spread, share: f64| s.fullest as f64 > share * s.total as f64;
    if let Some(window) = window.filter(|w| over(w, WINDOW_SHARE)) {
        let section = spec
            .bagian
            .sebaran
            .as_deref()
            .unwrap_or(&spec.bagian.sumber);
        let text = pesan::jendela_sempit(window.fullest, window.total, &window.partition, section);
        return Some(Problem::new("", Kind::Spread, text));
    }
    let spread = spread.filter(|s| over(s, bound))?;
    let section = spec
        .bagian
        .sebaran
        .as_deref()
        .unwrap_or(&spec.bagian.sumber);
    let text = pesan::sebaran_sempit(
        spread.fullest,
        spread.total,
        &spread.partition,
        bound,
        section,
    );
    Some(Problem::new("", Kind::Spread, text))
}

/// Plain values compare as data: object keys in any order, numbers by value.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// Where two arrays first differ, said in full: a cut value may hide it.
fn first_difference(want: &Value, got: &Value) -> Option<String> {
    let (Value::Array(w), Value::Array(g)) = (want, got) else {
        return None;
    };
    if w.len() != g.len() {
        return Some(pesan::panjang_beda(g.len(), w.len()));
    }
    let i = w.iter().zip(g).position(|(a, b)| !same(a, b))?;
    Some(pesan::elemen_beda(
        i + 1,
        &g[i].to_string(),
        &w[i].to_string(),
    ))
}

/// A value as feedback shows it, cut short when long.
fn short(value: &Value) -> String {
    const LIMIT: usize = 160;
    let text = value.to_string();
    match text.char_indices().nth(LIMIT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_compare_by_value_and_keys_in_any_order() {
        assert!(same(
            &json!({ "a": 1, "b": [2.0, "x"] }),
            &json!({ "b": [2, "x"], "a": 1.0 })
        ));
        assert!(!same(&json!([1, 2]), &json!([2, 1])));
        assert!(!same(&json!({ "a": 1 }), &json!({ "a": 1, "b": null })));
        assert!(!same(&json!("1"), &json!(1)));
    }
}
