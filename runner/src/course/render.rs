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

const BOLD: (&str, &str) = ("\x1b[1m", "\x1b[22m");
const CODE: (&str, &str) = ("\x1b[36m", "\x1b[39m");

/// A prompt or hint written in the book's Markdown, for the terminal: bold and code
/// styled and list items bulleted in colour; without colour the bold markers go and
/// code keeps its backticks, the plain-text convention for code.
pub fn prose(text: &str, colour: bool) -> String {
    text.lines()
        .map(|line| prose_line(line, colour))
        .collect::<Vec<_>>()
        .join("\n")
}

fn prose_line(line: &str, colour: bool) -> String {
    let body = line.trim_start();
    let indent = &line[..line.len() - body.len()];
    match body.strip_prefix("- ").or_else(|| body.strip_prefix("* ")) {
        Some(item) if colour => format!("{indent}• {}", inline(item, colour)),
        _ => format!("{indent}{}", inline(body, colour)),
    }
}

/// `**bold**` and `` `code` `` spans; code is left as typed inside.
fn inline(text: &str, colour: bool) -> String {
    let mut out = String::new();
    let mut rest = text;
    let mut bold = false;
    while let Some(at) = rest.find(['*', '`']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if let Some(after) = rest.strip_prefix("**") {
            bold = !bold;
            if colour {
                out.push_str(if bold { BOLD.0 } else { BOLD.1 });
            }
            rest = after;
        } else if let Some((code, after)) =
            rest[1..].split_once('`').filter(|_| rest.starts_with('`'))
        {
            match colour {
                true => out.push_str(&format!("{}{code}{}", CODE.0, CODE.1)),
                false => out.push_str(&format!("`{code}`")),
            }
            rest = after;
        } else {
            out.push_str(&rest[..1]);
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_prose_drops_bold_markers_and_keeps_code_marks() {
        let text = "Cari **hanya** mahasiswa di `kampus`:\n- satu\n- dua * tiga";
        assert_eq!(
            prose(text, false),
            "Cari hanya mahasiswa di `kampus`:\n- satu\n- dua * tiga"
        );
    }

    #[test]
    fn coloured_prose_styles_bold_code_and_lists() {
        let text = "**ya** `a**b`\n  - item";
        assert_eq!(
            prose(text, true),
            "\x1b[1mya\x1b[22m \x1b[36ma**b\x1b[39m\n  • item"
        );
    }

    #[test]
    fn an_unclosed_backtick_stays_as_typed() {
        assert_eq!(prose("a ` b", true), "a ` b");
    }
}
