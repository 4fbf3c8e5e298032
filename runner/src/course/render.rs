//! Turning a verdict into text for the terminal, with a coloured line diff.

use super::grade::Verdict;
use crate::pesan;
use similar::{ChangeTag, TextDiff};

const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const RESET: &str = "\x1b[0m";
/// Long outputs are cut so the remarks above stay on screen.
const MAX_DIFF_LINES: usize = 40;

pub fn verdict(verdict: &Verdict, colour: bool) -> String {
    let mut out = verdict.remarks.join("\n");
    if let Some((expected, actual)) = &verdict.diff {
        out.push_str("\n\n");
        out.push_str(pesan::DIFF_JUDUL);
        out.push('\n');
        out.push_str(&line_diff(expected, actual, colour));
    }
    out
}

/// A unified-style diff: `-` expected, `+` the learner's, ` ` shared lines.
pub fn line_diff(expected: &str, actual: &str, colour: bool) -> String {
    let diff = TextDiff::from_lines(expected, actual);
    let lines: Vec<String> = diff
        .iter_all_changes()
        .take(MAX_DIFF_LINES)
        .map(|change| diff_line(change.tag(), change.value().trim_end_matches('\n'), colour))
        .collect();
    lines.join("\n")
}

fn diff_line(tag: ChangeTag, text: &str, colour: bool) -> String {
    let (sign, paint) = match tag {
        ChangeTag::Delete => ('-', RED),
        ChangeTag::Insert => ('+', GREEN),
        ChangeTag::Equal => (' ', ""),
    };
    if colour && !paint.is_empty() {
        format!("{paint}{sign} {text}{RESET}")
    } else {
        format!("{sign} {text}")
    }
}

/// Colour only on a terminal and when `NO_COLOR` is not set.
pub fn colour_wanted() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal()
}
