//! The learner's answer as grading sees it: the entries typed since the exercise was
//! opened or reset, which of them may be the answer, and how a statement is named in
//! feedback.

use super::session::is_dot_command;
use crate::shell::split;
use regex::Regex;
use std::ops::Range;
use std::sync::OnceLock;

/// Every entry with some text is part of the answer, `use kampus` included, so
/// feedback numbers statements as the learner typed them (replays start in the
/// dataset's database, where `use` only says so).
pub fn is_recorded(entry: &str) -> bool {
    !entry.trim().is_empty()
}

/// The entries a script leaves as the answer when typed into the REPL line by line:
/// dot-commands act as there (`.ulang` starts afresh, the others record nothing).
pub fn entries_of_script(script: &str) -> Vec<String> {
    let mut entries = Vec::new();
    let mut pending = String::new();
    for line in script.lines() {
        if pending.is_empty() && is_dot_command(line) {
            if line.split_whitespace().next() == Some(".ulang") {
                entries.clear();
            }
            continue;
        }
        pending.push_str(line);
        pending.push('\n');
        if split::is_shell_command(pending.trim()) || split::is_complete(&pending) {
            push_entry(&mut entries, std::mem::take(&mut pending));
        }
    }
    push_entry(&mut entries, pending);
    entries
}

fn push_entry(entries: &mut Vec<String>, entry: String) {
    let entry = entry.trim_end().to_string();
    if is_recorded(&entry) {
        entries.push(entry);
    }
}

/// The top-level statements of the entries, in order.
pub fn statements(entries: &[String]) -> Vec<String> {
    entries
        .iter()
        .flat_map(|e| split::split_units(e))
        .filter(|u| !u.trim().is_empty())
        .collect()
}

/// A statement that only writes down a value (a literal, or `print` of literals)
/// computes nothing, so it is never the answer.
pub fn is_literal(source: &str) -> bool {
    let text = source.trim().trim_end_matches(';').trim();
    if text.contains("${") {
        return false;
    }
    let inner = printed_argument(text).unwrap_or(text);
    let code: String = split::unquoted_chars(inner).map(|(_, c)| c).collect();
    let Some(words) = literal_words() else {
        return false;
    };
    let bare = words.replace_all(&code, " ");
    !bare.contains(|c: char| c.is_alphabetic() || "_$=<>!?&|*/%`;".contains(c))
}

fn printed_argument(text: &str) -> Option<&str> {
    ["print(", "printjson(", "console.log("]
        .iter()
        .find_map(|call| text.strip_prefix(call))
        .and_then(|rest| rest.strip_suffix(')'))
}

/// Object keys, keyword literals and numbers: what remains of a literal besides
/// brackets, commas and signs.
fn literal_words() -> Option<&'static Regex> {
    static WORDS: OnceLock<Option<Regex>> = OnceLock::new();
    WORDS
        .get_or_init(|| {
            Regex::new(
                r"[A-Za-z_$][\w$]*\s*:|\b(?:true|false|null|undefined|NaN|Infinity)\b|\b0[xX][0-9a-fA-F]+\b|\b\d[\d_]*(?:\.\d*)?(?:[eE][+-]?\d+)?\b",
            )
            .ok()
        })
        .as_ref()
}

/// A statement's first line, shortened, as feedback quotes it.
pub fn short(source: &str) -> String {
    const MAX: usize = 60;
    let first = source.trim().lines().next().unwrap_or_default();
    let mut text: String = first.chars().take(MAX).collect();
    if first.chars().count() > MAX || source.trim().lines().count() > 1 {
        text.push('…');
    }
    text
}

/// The script with every `.sort(…)` call and `$sort` stage removed, to prove that a
/// dataset catches a missing sort.
pub fn without_sort(script: &str) -> String {
    let mut text = script.to_string();
    while let Some(range) = sort_call(&text).or_else(|| sort_stage(&text)) {
        text.replace_range(range, "");
    }
    text
}

fn sort_call(text: &str) -> Option<Range<usize>> {
    let start = text.find(".sort(")?;
    let close = matching(text, start + ".sort".len())?;
    Some(start..close + 1)
}

/// `{ $sort: … }` with the comma that separates it from its neighbour.
fn sort_stage(text: &str) -> Option<Range<usize>> {
    let at = text.find("$sort")?;
    let open = text[..at].rfind('{')?;
    let close = matching(text, open)?;
    let after = &text[close + 1..];
    let gap = after.len() - after.trim_start().len();
    if after.trim_start().starts_with(',') {
        return Some(open..close + gap + 2);
    }
    let before = text[..open].trim_end();
    let start = if before.ends_with(',') {
        before.len() - 1
    } else {
        open
    };
    Some(start..close + 1)
}

/// The bracket closing the one at `open`, brackets inside strings aside.
fn matching(text: &str, open: usize) -> Option<usize> {
    super::source_edit::Source::new(text).matching(open)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_are_stripped_from_calls_and_pipelines() {
        assert_eq!(
            without_sort("db.a.find({}, { _id: 0 }).sort({ nim: 1 })"),
            "db.a.find({}, { _id: 0 })"
        );
        let pipeline = "db.a.aggregate([\n  { $sort: { _id: 1 } },\n  { $project: { x: 1 } }\n])";
        assert_eq!(
            without_sort(pipeline),
            "db.a.aggregate([\n  \n  { $project: { x: 1 } }\n])"
        );
        let last = "db.a.aggregate([{ $match: {} }, { $sort: { n: -1 } }])";
        assert_eq!(without_sort(last), "db.a.aggregate([{ $match: {} }])");
    }

    #[test]
    fn literals_and_prints_of_literals_are_not_answers() {
        assert!(is_literal("print(\"mataKuliahId_1\")"));
        assert!(is_literal("20"));
        assert!(is_literal("[ { nama: 'Ani', nim: '1' }, { n: -2.5e3 } ];"));
        assert!(is_literal("({ Count: 3, ScannedCount: 5 })"));
        assert!(!is_literal("db.mahasiswa.find()"));
        assert!(!is_literal("print(x)"));
        assert!(!is_literal("`${db.a.countDocuments()}`"));
        assert!(!is_literal("hasil"));
    }

    #[test]
    fn ulang_in_a_script_starts_the_answer_afresh() {
        let script = "db.a.findOne()\n.ulang\nuse kampus\nconst x = {\n  a: 1\n}\n.latihan\nx";
        let entries = entries_of_script(script);
        assert_eq!(entries, vec!["use kampus", "const x = {\n  a: 1\n}", "x"]);
    }

    #[test]
    fn short_names_cut_long_statements() {
        assert_eq!(short("db.a.find()"), "db.a.find()");
        assert_eq!(short("db.a.aggregate([\n  {}\n])"), "db.a.aggregate([…");
    }
}
