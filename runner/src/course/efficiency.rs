//! Efficiency rules, judged from the request logs of the learner's own statements.

use super::lesson::Rule;
use super::shell_port::{DynamoRequest, Plan};
use crate::pesan;

/// The logs one replay produced.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Logs {
    pub plans: Vec<Plan>,
    pub dynamo: Vec<DynamoRequest>,
}

/// The complaint about the first rule that is broken, if any.
pub fn first_violation(rules: &[Rule], logs: &Logs) -> Option<String> {
    rules.iter().find_map(|rule| violation(*rule, logs))
}

fn violation(rule: Rule, logs: &Logs) -> Option<String> {
    match rule {
        Rule::PakaiIndeks => collscan(&logs.plans),
        Rule::SatuQuery => {
            let queries = count_operation(&logs.dynamo, "Query");
            (queries != 1).then(|| pesan::efisiensi_jumlah_query(queries))
        }
        Rule::TanpaScan => {
            let scans = count_operation(&logs.dynamo, "Scan");
            (scans > 0).then(|| pesan::efisiensi_scan(scans))
        }
        Rule::MaksRcu { nilai } => {
            let used: f64 = logs.dynamo.iter().map(|r| r.consumed_rcu).sum();
            (used > nilai + 1e-9).then(|| pesan::efisiensi_rcu(used, nilai))
        }
    }
}

fn collscan(plans: &[Plan]) -> Option<String> {
    plans
        .iter()
        .find(|p| p.stage == "COLLSCAN")
        .map(|p| pesan::efisiensi_collscan(&p.ns))
}

fn count_operation(log: &[DynamoRequest], operation: &str) -> usize {
    log.iter().filter(|r| r.operation == operation).count()
}
