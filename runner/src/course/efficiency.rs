//! Efficiency rules, judged on the answer's work: the requests of every statement
//! since the exercise was opened or reset, except those of exploration statements
//! other than the graded one (looking around is free).

use super::answer::short;
use super::expression_form;
use super::lesson::{IndexKey, Rule};
use super::replay::{Run, Step};
use super::shell_port::{DynamoRequest, Plan};
use super::state::key_pattern;
use crate::pesan;

/// The statements whose requests count; `graded` is `None` when only the state is
/// graded, and then every statement's work counts (writes are never looking around).
pub fn work(run: &Run, graded: Option<usize>) -> Vec<&Step> {
    run.steps
        .iter()
        .filter(|s| graded.is_none() || !s.is_exploration() || Some(s.number) == graded)
        .collect()
}

/// What the rules compare the answer's reads with: the size of the expected result.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Expected {
    /// Items (DynamoDB `Count`) or documents returned by the reference solution's work.
    pub results: u64,
    /// Items or documents those requests sent back to the shell.
    pub sent: u64,
    /// The expression parameters the reference's DynamoDB requests use: what the
    /// exercise teaches.
    pub teaches: Vec<&'static str>,
}

impl Expected {
    pub fn of(work: &[&Step]) -> Expected {
        let dynamo: u64 = requests(work).filter_map(|(_, r)| r.count).sum();
        let mongo: u64 = plans(work).map(|(_, p)| p.n_returned).sum();
        Expected {
            results: dynamo + mongo,
            sent: work.iter().map(|s| sent(s)).sum(),
            teaches: expression_form::taught(requests(work).map(|(_, r)| r)),
        }
    }
}

/// The complaint about the first broken rule and the statement that broke it.
pub fn first_violation(
    rules: &[Rule],
    work: &[&Step],
    run: &Run,
    expected: &Expected,
) -> Option<Vec<String>> {
    // The language comes first: a PartiQL SELECT that ran as a Query would pass the
    // rules about Query and Scan, and is still not the expression the exercise teaches.
    let (language, others): (Vec<&Rule>, Vec<&Rule>) =
        rules.iter().partition(|r| **r == Rule::PakaiEkspresi);
    language.into_iter().chain(others).find_map(|rule| {
        let (complaint, culprit) = violation(rule, work, run, expected)?;
        let mut remarks = vec![complaint];
        remarks.extend(culprit.map(|s| pesan::pernyataan_pelanggar(s.number, &short(&s.source))));
        Some(remarks)
    })
}

pub(super) type Found<'a> = Option<(String, Option<&'a Step>)>;

fn violation<'a>(rule: &Rule, work: &[&'a Step], run: &Run, expected: &Expected) -> Found<'a> {
    match rule {
        Rule::PakaiEkspresi => expression_form::violation(requests(work), &expected.teaches),
        Rule::PakaiIndeks { kunci } => index_violation(kunci, work, run),
        Rule::SatuQuery => one_query(work),
        Rule::TanpaScan => {
            let scans: Vec<_> = requests(work)
                .filter(|(_, r)| r.operation == "Scan")
                .collect();
            let first = scans.first().map(|(s, _)| *s);
            first.map(|s| (pesan::efisiensi_scan(scans.len()), Some(s)))
        }
        Rule::BacaSeperlunya { lebih } => reads_violation(*lebih, work, expected),
        Rule::KirimSeperlunya { lebih } => sent_violation(*lebih, work, expected),
        Rule::SatuPerintah => count_violation(work, read_commands, pesan::efisiensi_perintah),
        Rule::SatuPembaruan => count_violation(work, writes, pesan::efisiensi_pembaruan),
        Rule::Klien { nama } => client_violation(nama, work),
        Rule::MaksRcu { nilai } => {
            let used: f64 = requests(work).map(|(_, r)| r.consumed_rcu).sum();
            let heaviest = heaviest(work, |s| {
                s.requests.dynamo.iter().map(|r| r.consumed_rcu).sum()
            });
            (used > nilai + 1e-9).then(|| (pesan::efisiensi_rcu(used, *nilai), heaviest))
        }
    }
}

pub(super) fn requests<'s, 'a: 's>(
    work: &'s [&'a Step],
) -> impl Iterator<Item = (&'a Step, &'a DynamoRequest)> + 's {
    work.iter()
        .flat_map(|s| s.requests.dynamo.iter().map(move |r| (*s, r)))
}

fn plans<'s, 'a: 's>(work: &'s [&'a Step]) -> impl Iterator<Item = (&'a Step, &'a Plan)> + 's {
    work.iter()
        .flat_map(|s| s.requests.plans.iter().map(move |p| (*s, p)))
}

/// The statement with the largest share of some measure.
fn heaviest<'a>(work: &[&'a Step], measure: impl Fn(&Step) -> f64) -> Option<&'a Step> {
    work.iter()
        .copied()
        .filter(|s| measure(s) > 0.0)
        .max_by(|a, b| measure(a).total_cmp(&measure(b)))
}

fn uses(plan: &Plan, key: &IndexKey) -> bool {
    plan.index_key.as_ref() == Some(&key.0)
}

/// No collection scan, every query on that collection through the index, and the
/// index still there at the end.
fn index_violation<'a>(key: &IndexKey, work: &[&'a Step], run: &Run) -> Found<'a> {
    if let Some((step, plan)) = plans(work).find(|(_, p)| p.stage == "COLLSCAN") {
        return Some((pesan::efisiensi_collscan(&plan.ns), Some(step)));
    }
    let wanted = key_pattern(&key.0);
    let Some((_, through)) = plans(work).find(|(_, p)| uses(p, key)) else {
        let last = plans(work).last();
        let used = last
            .map(|(_, p)| plan_label(p))
            .unwrap_or_else(|| pesan::TANPA_QUERY.to_string());
        return Some((
            pesan::efisiensi_indeks_lain(&wanted, &used),
            last.map(|(s, _)| s),
        ));
    };
    let other = plans(work).find(|(_, p)| p.ns == through.ns && !uses(p, key));
    if let Some((step, plan)) = other {
        return Some((
            pesan::efisiensi_indeks_lain(&wanted, &plan_label(plan)),
            Some(step),
        ));
    }
    let exists = run.indexes.iter().any(|(ns, indexes)| {
        *ns == through.ns
            && indexes
                .iter()
                .any(|i| i.get_document("key").ok() == Some(&key.0))
    });
    (!exists).then(|| (pesan::efisiensi_indeks_hilang(&wanted, &through.ns), None))
}

fn plan_label(plan: &Plan) -> String {
    match &plan.index_key {
        Some(key) => format!("{} {}", plan.stage, key_pattern(key)),
        None => plan.stage.clone(),
    }
}

/// One Query (with its further pages) and nothing else.
fn one_query<'a>(work: &[&'a Step]) -> Found<'a> {
    let other = requests(work).find(|(_, r)| r.operation != "Query");
    if let Some((step, request)) = other {
        return Some((
            pesan::efisiensi_selain_query(&request.operation),
            Some(step),
        ));
    }
    let queries: Vec<_> = requests(work).filter(|(_, r)| !r.continued).collect();
    let culprit = queries.get(1).or(queries.first()).map(|(s, _)| *s);
    (queries.len() != 1).then(|| (pesan::efisiensi_jumlah_query(queries.len()), culprit))
}

/// Items or documents read, against the size of the expected result.
fn reads_violation<'a>(more: u64, work: &[&'a Step], expected: &Expected) -> Found<'a> {
    let bound = (expected.results, more);
    over_bound(work, read, bound, pesan::efisiensi_baca)
}

/// Items or documents the statement's requests read.
fn read(step: &Step) -> u64 {
    let items: u64 = step
        .requests
        .dynamo
        .iter()
        .filter_map(|r| r.scanned_count)
        .sum();
    let docs: u64 = step.requests.plans.iter().map(|p| p.docs_examined).sum();
    items + docs
}

/// Items or documents sent back, against what the reference solution received.
fn sent_violation<'a>(more: u64, work: &[&'a Step], expected: &Expected) -> Found<'a> {
    over_bound(work, sent, (expected.sent, more), pesan::efisiensi_kirim)
}

/// Items or documents the statement's requests sent back to the shell.
fn sent(step: &Step) -> u64 {
    let items: u64 = step.requests.dynamo.iter().map(|r| r.returned).sum();
    let docs: u64 = step.requests.commands.iter().map(|c| c.delivered).sum();
    items + docs
}

/// A count summed over the work against `base + more`; the heaviest statement is named.
fn over_bound<'a>(
    work: &[&'a Step],
    measure: fn(&Step) -> u64,
    (base, more): (u64, u64),
    complaint: fn(u64, u64, u64, bool) -> String,
) -> Found<'a> {
    let total: u64 = work.iter().map(|s| measure(s)).sum();
    let is_table = work.iter().any(|s| !s.requests.dynamo.is_empty());
    let culprit = heaviest(work, |s| measure(s) as f64);
    (total > base + more).then(|| (complaint(total, base, more, is_table), culprit))
}

fn read_commands(step: &Step) -> usize {
    let mongo = step
        .requests
        .commands
        .iter()
        .filter(|c| matches!(c.name.as_str(), "find" | "aggregate"));
    mongo.count()
}

pub fn writes(step: &Step) -> usize {
    let mongo = step.requests.commands.iter().filter(|c| {
        matches!(
            c.name.as_str(),
            "insert" | "update" | "delete" | "findAndModify" | "findandmodify"
        )
    });
    let dynamo = step.requests.dynamo.iter().filter(|r| {
        matches!(
            r.operation.as_str(),
            "PutItem" | "UpdateItem" | "DeleteItem" | "BatchWriteItem" | "TransactWriteItems"
        )
    });
    mongo.count() + dynamo.count()
}

/// Exactly one command of a kind; names the statement that made the second one.
fn count_violation<'a>(
    work: &[&'a Step],
    per_step: fn(&Step) -> usize,
    complaint: fn(usize) -> String,
) -> Found<'a> {
    let total: usize = work.iter().map(|s| per_step(s)).sum();
    if total == 1 {
        return None;
    }
    let mut seen = 0;
    let culprit = work.iter().copied().find(|s| {
        seen += per_step(s);
        seen >= total.min(2)
    });
    Some((complaint(total), culprit.filter(|_| total > 0)))
}

/// A DynamoDB request sent through the client the exercise does not ask for.
fn client_violation<'a>(demanded: &str, work: &[&'a Step]) -> Found<'a> {
    let other = if demanded == "dynamodb" {
        "ddb"
    } else {
        "dynamodb"
    };
    let culprit = work
        .iter()
        .copied()
        .find(|s| !s.requests.dynamo.is_empty() && calls_client(&s.source, other))?;
    Some((pesan::efisiensi_klien(demanded, other), Some(culprit)))
}

/// `client.` as a name of its own (`ddb.` is not part of `dynamodb.`).
fn calls_client(source: &str, client: &str) -> bool {
    let pattern = format!("{client}.");
    crate::shell::split::unquoted_chars(source).any(|(i, _)| {
        source[i..].starts_with(&pattern)
            && source[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '.'))
    })
}
