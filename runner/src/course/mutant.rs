//! The usual wrong answers, made from a reference solution by one small edit each:
//! the wrong sort key, the sort reversed or left out, a filter condition dropped,
//! the neighbouring update operator, a replacement for `$set`, a Scan for a Query,
//! `Limit` or `ScanIndexForward` forgotten, a forced collection scan, a wider read
//! before the answer, the expected output typed in, the other DynamoDB client.
//! `kursus periksa` grades every one; one that passes must be an equivalent the
//! lesson names in `uji.toml`, or the hidden dataset does not tell it apart.

use super::answer;
use super::lesson::{Exercise, Grading, Rule};
use super::source_edit::Source;
use crate::pesan::mutan as nama;
use regex::Regex;
use std::sync::OnceLock;

/// One generated wrong answer: its name (what `uji.toml` lists as equivalent) and
/// its script.
#[derive(Debug, Clone, PartialEq)]
pub struct Mutant {
    pub name: String,
    pub script: String,
}

/// Every mutant of the exercise's reference solution, each distinct from it and from
/// each other.
pub fn mutants(exercise: &Exercise) -> Vec<Mutant> {
    let solution = exercise.solusi.trim();
    let source = Source::new(solution);
    let fields = output_fields(&exercise.keluaran);
    let mut found = Vec::new();
    // Order matters only where the output is graded in order.
    if exercise.penilaian == Grading::Keluaran {
        sort_mutants(&source, &fields, &mut found);
    }
    filter_mutants(&source, &mut found);
    update_mutants(&source, &mut found);
    dynamo_mutants(&source, &mut found);
    read_mutants(&source, exercise, &mut found);
    literal_mutants(exercise, &mut found);
    let mut seen = vec![solution.to_string()];
    found.retain(|m| {
        let fresh = !seen.contains(&m.script);
        seen.push(m.script.clone());
        fresh
    });
    found
}

fn push(found: &mut Vec<Mutant>, name: String, script: String) {
    found.push(Mutant { name, script });
}

/// The field names the expected output shows (keys of its documents or items),
/// plus `_id`, which every document has even where the output leaves it out.
fn output_fields(keluaran: &str) -> Vec<String> {
    static KEY: OnceLock<Regex> = OnceLock::new();
    let key = KEY.get_or_init(|| Regex::new(r"([A-Za-z_][\w]*)\s*:").expect("key pattern"));
    let code: String = crate::shell::split::unquoted_chars(keluaran)
        .map(|(_, c)| c)
        .collect();
    let mut fields = vec!["_id".to_string()];
    for capture in key.captures_iter(&code) {
        let name = capture[1].to_string();
        if !fields.contains(&name) && !is_type_tag(&name) {
            fields.push(name);
        }
    }
    fields
}

/// DynamoDB's type descriptors in low-level output are not fields.
fn is_type_tag(name: &str) -> bool {
    matches!(
        name,
        "S" | "N" | "B" | "BOOL" | "NULL" | "M" | "L" | "SS" | "NS" | "BS"
    )
}

/// The objects that say how to sort: `.sort({ … })` and `$sort: { … }`.
fn sort_specs(source: &Source) -> Vec<usize> {
    let calls = source
        .find_all(".sort(")
        .into_iter()
        .filter_map(|at| source.object_argument(at + ".sort".len()));
    let stages = source
        .find_all("$sort")
        .into_iter()
        .filter_map(|at| source.object_after_key(at));
    calls.chain(stages).collect()
}

fn sort_mutants(source: &Source, fields: &[String], found: &mut Vec<Mutant>) {
    for open in sort_specs(source) {
        let entries = source.entries(open);
        for entry in &entries {
            let others = fields
                .iter()
                .filter(|f| !entries.iter().any(|e| &e.key == *f));
            for field in others {
                let key = if field.contains('.') {
                    format!("\"{field}\"")
                } else {
                    field.clone()
                };
                let script = source.replaced(entry.key_span.clone(), &key);
                push(found, nama::urutan_menurut(field, &entry.key), script);
            }
            let flipped = match source.text[entry.value.clone()].trim() {
                "1" => "-1",
                "-1" => "1",
                _ => continue,
            };
            let script = source.replaced(entry.value.clone(), flipped);
            push(found, nama::urutan_dibalik(&entry.key), script);
        }
    }
    let unsorted = answer::without_sort(source.text);
    if unsorted != source.text {
        push(found, nama::TANPA_URUTAN.to_string(), unsorted);
    }
}

/// The filters: a query's first argument, a `$match` stage, an update's filter.
fn filters(source: &Source) -> Vec<usize> {
    let calls = [
        ".find(",
        ".findOne(",
        ".countDocuments(",
        ".updateOne(",
        ".updateMany(",
        ".deleteOne(",
        ".deleteMany(",
    ];
    let arguments = calls.iter().flat_map(|call| {
        source
            .find_all(call)
            .into_iter()
            .filter_map(|at| source.object_argument(at + call.len() - 1))
    });
    let stages = source
        .find_all("$match")
        .into_iter()
        .filter_map(|at| source.object_after_key(at));
    arguments.chain(stages).collect()
}

fn filter_mutants(source: &Source, found: &mut Vec<Mutant>) {
    for open in filters(source) {
        let entries = source.entries(open);
        for (i, entry) in entries.iter().enumerate() {
            let script = source.without_entry(&entries, i);
            push(found, nama::syarat_dibuang(&entry.key), script);
        }
    }
    drop_key(
        source,
        "FilterExpression",
        &nama::tanpa("FilterExpression"),
        found,
    );
}

/// The script without the entry `key: …` wherever it appears.
fn drop_key(source: &Source, key: &str, name: &str, found: &mut Vec<Mutant>) {
    for at in source.find_all(&format!("{key}:")) {
        let Some(open) = enclosing_object(source, at) else {
            continue;
        };
        let entries = source.entries(open);
        if let Some(i) = entries.iter().position(|e| e.key_span.start == at) {
            push(found, name.to_string(), source.without_entry(&entries, i));
        }
    }
}

/// The `{` of the object literal that holds position `at` directly.
fn enclosing_object(source: &Source, at: usize) -> Option<usize> {
    let bytes = source.text.as_bytes();
    (0..at)
        .rev()
        .filter(|&i| bytes[i] == b'{')
        .find(|&i| source.matching(i).is_some_and(|close| close > at))
}

fn update_mutants(source: &Source, found: &mut Vec<Mutant>) {
    let swaps = [("$push", "$addToSet"), ("$addToSet", "$push")];
    for (from, to) in swaps {
        for at in source.find_all(from) {
            let script = source.replaced(at..at + from.len(), to);
            push(found, nama::bukan(to, from), script);
        }
    }
    for at in source.find_all("$pull") {
        let Some(open) = source.object_after_key(at) else {
            continue;
        };
        let close = source.matching(open).unwrap_or(open);
        let entries = source.entries(open);
        let popped: Vec<String> = entries.iter().map(|e| format!("{}: 1", e.key)).collect();
        let body = format!("$pop: {{ {} }}", popped.join(", "));
        let script = source.replaced(at..close + 1, &body);
        push(found, nama::bukan("$pop", "$pull"), script);
    }
    replacement_mutants(source, found);
}

/// `updateOne(filter, { $set: X })` written as `replaceOne(filter, X)`.
fn replacement_mutants(source: &Source, found: &mut Vec<Mutant>) {
    for at in source.find_all(".updateOne(") {
        let paren = at + ".updateOne".len();
        let Some(close) = source.matching(paren) else {
            continue;
        };
        let Some(update) = second_argument(source, paren, close) else {
            continue;
        };
        let entries = source.entries(update.start);
        let [set] = entries.as_slice() else { continue };
        if set.key != "$set" || !source.text[set.value.clone()].starts_with('{') {
            continue;
        }
        let replacement = source.text[set.value.clone()].to_string();
        let mut text = source.replaced(update, &replacement);
        text.replace_range(at..paren, ".replaceOne");
        push(found, nama::bukan("replaceOne", "$set"), text);
    }
}

/// The second argument of the call between `paren` and `close`, when it is an object.
fn second_argument(source: &Source, paren: usize, close: usize) -> Option<std::ops::Range<usize>> {
    let first = source.object_argument(paren)?;
    let end_first = source.matching(first)?;
    let (comma, b) = source.next_token(end_first + 1)?;
    if b != b',' {
        return None;
    }
    let (open, b) = source.next_token(comma + 1)?;
    let end = source.matching(open)?;
    (b == b'{' && end < close).then_some(open..end + 1)
}

fn dynamo_mutants(source: &Source, found: &mut Vec<Mutant>) {
    for key in ["Limit", "ScanIndexForward"] {
        drop_key(source, key, &nama::tanpa(key), found);
    }
    for call in ["ddb.query(", "dynamodb.query("] {
        for at in source.find_all(call) {
            if let Some(script) = as_scan(source, at, call) {
                push(found, nama::SCAN_BUKAN_QUERY.to_string(), script);
            }
        }
    }
    let clients = [("dynamodb.", "ddb."), ("ddb.", "dynamodb.")];
    for (from, to) in clients {
        let uses = source.find_all(from);
        let from_word = |&at: &usize| at == 0 || !is_word(source.text.as_bytes()[at - 1]);
        let uses: Vec<usize> = uses.into_iter().filter(from_word).collect();
        if uses.is_empty() {
            continue;
        }
        let mut text = source.text.to_string();
        for at in uses.into_iter().rev() {
            text.replace_range(at..at + from.len(), to);
        }
        push(
            found,
            nama::klien_lain(&to[..to.len() - 1], &from[..from.len() - 1]),
            text,
        );
    }
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.'
}

/// The Query at `at` as a Scan: its key condition becomes the filter (merged with
/// any filter it had) and `ScanIndexForward`, which Scan refuses, goes.
fn as_scan(source: &Source, at: usize, call: &str) -> Option<String> {
    let open = source.object_argument(at + call.len() - 1)?;
    let entries = source.entries(open);
    let key = entries.iter().find(|e| e.key == "KeyConditionExpression")?;
    let condition = unquote(&source.text[key.value.clone()])?;
    let filter = entries.iter().find(|e| e.key == "FilterExpression");
    let merged = match filter.and_then(|f| unquote(&source.text[f.value.clone()])) {
        Some(other) => format!("({condition}) AND ({other})"),
        None => condition.to_string(),
    };
    let mut kept: Vec<String> = entries
        .iter()
        .filter(|e| !matches!(e.key.as_str(), "ScanIndexForward" | "FilterExpression"))
        .map(|e| {
            if e.key == "KeyConditionExpression" {
                format!("FilterExpression: '{merged}'")
            } else {
                source.text[e.span.clone()].to_string()
            }
        })
        .collect();
    kept.retain(|e| !e.is_empty());
    let close = source.matching(open)?;
    let object = format!("{{ {} }}", kept.join(", "));
    let mut text = source.replaced(open..close + 1, &object);
    let name_at = at + call.find("query")?;
    text.replace_range(name_at..name_at + "query".len(), "scan");
    Some(text)
}

fn unquote(text: &str) -> Option<&str> {
    let text = text.trim();
    let quote = text
        .chars()
        .next()
        .filter(|c| matches!(c, '\'' | '"' | '`'))?;
    text.strip_prefix(quote)?.strip_suffix(quote)
}

/// Where the prompt limits reads: a forced collection scan, and everything read once
/// more before the answer.
fn read_mutants(source: &Source, exercise: &Exercise, found: &mut Vec<Mutant>) {
    if !limits_reads(&exercise.efisiensi) {
        return;
    }
    for at in source.find_all(".find(") {
        let Some(close) = source.matching(at + ".find".len()) else {
            continue;
        };
        let script = source.replaced(close + 1..close + 1, ".hint({ _id: 1 })");
        push(found, ".hint({ _id: 1 })".to_string(), script);
    }
    if let Some(wider) = wider_read(source) {
        let script = format!("{wider}\n{}", source.text);
        push(found, nama::BACA_SEMUA.to_string(), script);
    }
}

fn limits_reads(rules: &[Rule]) -> bool {
    rules.iter().any(|r| {
        matches!(
            r,
            Rule::BacaSeperlunya { .. }
                | Rule::KirimSeperlunya { .. }
                | Rule::SatuPerintah
                | Rule::SatuQuery
                | Rule::TanpaScan
                | Rule::MaksRcu { .. }
                | Rule::PakaiIndeks { .. }
        )
    })
}

/// A statement that reads the whole collection or table the answer reads.
fn wider_read(source: &Source) -> Option<String> {
    static COLLECTION: OnceLock<Regex> = OnceLock::new();
    static TABLE: OnceLock<Regex> = OnceLock::new();
    let collection = COLLECTION.get_or_init(|| {
        Regex::new(r"db\.([A-Za-z_]\w*)\.(?:find|aggregate|countDocuments|findOne)\(")
            .expect("pattern")
    });
    let table = TABLE.get_or_init(|| Regex::new(r"TableName:\s*'([^']+)'").expect("pattern"));
    if let Some(c) = collection.captures(source.text) {
        return Some(format!("const semua = db.{}.find().toArray()", &c[1]));
    }
    table
        .captures(source.text)
        .map(|t| format!("const semua = ddb.scan({{ TableName: '{}' }}).Items", &t[1]))
}

/// The expected output typed in: alone (never taken as the answer), and kept in a
/// variable that is then shown (right on the visible data only).
fn literal_mutants(exercise: &Exercise, found: &mut Vec<Mutant>) {
    if !exercise.grades_output() {
        return;
    }
    let output = exercise.keluaran.trim();
    if output.is_empty() {
        return;
    }
    push(
        found,
        nama::KELUARAN_DIKETIK.to_string(),
        output.to_string(),
    );
    let script = format!("const hasil = {output}\nhasil");
    push(found, nama::KELUARAN_DI_VARIABEL.to_string(), script);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_and_scripts(solusi: &str, keluaran: &str) -> Vec<(String, String)> {
        let mut exercise = Exercise::for_tests(solusi);
        exercise.keluaran = keluaran.to_string();
        exercise.efisiensi = vec![Rule::BacaSeperlunya { lebih: 0 }];
        mutants(&exercise)
            .into_iter()
            .map(|m| (m.name, m.script))
            .collect()
    }

    #[test]
    fn a_sort_key_is_swapped_for_every_other_output_field_and_flipped() {
        let found = names_and_scripts(
            "db.m.find({ kota: 'B' }, { _id: 0, nama: 1, nim: 1 }).sort({ nim: 1 })",
            "[ { nama: 'A', nim: '1' } ]",
        );
        let has = |name: &str, script: &str| found.iter().any(|(n, s)| n == name && s == script);
        assert!(has(
            "urutan menurut nama, bukan nim",
            "db.m.find({ kota: 'B' }, { _id: 0, nama: 1, nim: 1 }).sort({ nama: 1 })"
        ));
        assert!(has(
            "urutan menurut _id, bukan nim",
            "db.m.find({ kota: 'B' }, { _id: 0, nama: 1, nim: 1 }).sort({ _id: 1 })"
        ));
        assert!(has(
            "urutan nim dibalik",
            "db.m.find({ kota: 'B' }, { _id: 0, nama: 1, nim: 1 }).sort({ nim: -1 })"
        ));
        assert!(has(
            "syarat kota dibuang",
            "db.m.find({  }, { _id: 0, nama: 1, nim: 1 }).sort({ nim: 1 })"
        ));
        assert!(has(
            ".hint({ _id: 1 })",
            "db.m.find({ kota: 'B' }, { _id: 0, nama: 1, nim: 1 }).hint({ _id: 1 }).sort({ nim: 1 })"
        ));
        assert!(has(
            "keluaran diketik langsung",
            "[ { nama: 'A', nim: '1' } ]"
        ));
    }

    #[test]
    fn a_query_becomes_a_scan_and_loses_its_order_and_limit() {
        let found = names_and_scripts(
            "ddb.query({ TableName: 'T', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'x' }, ScanIndexForward: false, Limit: 3 }).Items",
            "[ 'a' ]",
        );
        let scan = found
            .iter()
            .find(|(n, _)| n.starts_with("Scan"))
            .map(|(_, s)| s.as_str());
        assert_eq!(
            scan,
            Some("ddb.scan({ TableName: 'T', FilterExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'x' }, Limit: 3 }).Items")
        );
        assert!(found
            .iter()
            .any(|(n, s)| n == "tanpa Limit" && !s.contains("Limit")));
        assert!(found.iter().any(|(n, _)| n == "klien dynamodb, bukan ddb"));
    }

    #[test]
    fn updates_swap_their_operators_and_set_becomes_a_replacement() {
        let found = names_and_scripts(
            "db.m.updateOne({ nim: '1' }, { $set: { alamat: { kota: 'B' } } })",
            "",
        );
        assert!(found.iter().any(|(n, s)| n == "replaceOne, bukan $set"
            && s == "db.m.replaceOne({ nim: '1' }, { alamat: { kota: 'B' } })"));
        let pushed = names_and_scripts("db.m.updateOne({ a: 1 }, { $push: { x: 2 } })", "");
        assert!(pushed.iter().any(|(n, _)| n == "$addToSet, bukan $push"));
        let pulled = names_and_scripts("db.m.updateOne({ a: 1 }, { $pull: { x: 2 } })", "");
        assert!(pulled
            .iter()
            .any(|(_, s)| s == "db.m.updateOne({ a: 1 }, { $pop: { x: 1 } })"));
    }
}
