//! A book chapter as the course sees it: executed examples (```` ```js kursus ````
//! followed by ```` ```text keluaran ````) and exercise directives
//! (`{{#latihan <pelajaran>/<latihan>}}` on a line of its own).

use super::shell_port::ShellFactory;
use crate::pesan;

/// The shell a chapter's examples start from: empty, on database `test` as mongosh
/// starts, with the lesson's ObjectId seed. `kursus periksa` and chapter sessions
/// (`kursus --bab`, `.bab`) both start here, so what the book prints is what the
/// learner sees.
pub fn start<F: ShellFactory>(factory: &F, seed: Option<[u8; 12]>) -> F::Shell {
    factory.create(seed)
}

/// A fenced code block; line numbers are 0-based indexes into the chapter's lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Fence {
    pub info: String,
    /// Line of the opening fence.
    pub open: usize,
    /// Line of the closing fence (or one past the end if unclosed).
    pub close: usize,
    pub body: String,
}

/// An executed example and, when present, the keluaran block right after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    pub code: Fence,
    pub expected: Option<Fence>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Directive {
    pub line: usize,
    pub id: String,
}

pub fn is_example(info: &str) -> bool {
    let mut words = info.split_whitespace();
    words.next() == Some("js") && words.any(|w| w == pesan::PENANDA_CONTOH)
}

pub fn is_keluaran(info: &str) -> bool {
    let mut words = info.split_whitespace();
    words.next() == Some("text") && words.any(|w| w == pesan::PENANDA_KELUARAN)
}

/// The fence marker of a line (``` or ~~~, three or more) and its info string.
fn fence_marker(line: &str) -> Option<(String, &str)> {
    let trimmed = line.trim_start();
    let ch = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = trimmed.chars().take_while(|c| *c == ch).count();
    (len >= 3).then(|| {
        (
            ch.to_string().repeat(len),
            trimmed.get(len..).unwrap_or("").trim(),
        )
    })
}

/// Every fenced block of the chapter.
pub fn fences(text: &str) -> Vec<Fence> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        match fence_marker(lines[i]) {
            Some((marker, info)) => {
                let close = closing_line(&lines, i + 1, &marker);
                let body = lines.get(i + 1..close).unwrap_or(&[]).join("\n");
                out.push(Fence {
                    info: info.to_string(),
                    open: i,
                    close,
                    body,
                });
                i = close + 1;
            }
            None => i += 1,
        }
    }
    out
}

fn closing_line(lines: &[&str], from: usize, marker: &str) -> usize {
    (from..lines.len())
        .find(|&j| is_closing(lines[j], marker))
        .unwrap_or(lines.len())
}

fn is_closing(line: &str, marker: &str) -> bool {
    let t = line.trim();
    let ch = marker.chars().next().unwrap_or('`');
    t.len() >= marker.len() && t.chars().all(|c| c == ch)
}

/// Examples in order, each paired with the keluaran fence that follows it directly
/// (only blank lines between).
pub fn examples(text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let all = fences(text);
    let mut out = Vec::new();
    for (i, fence) in all.iter().enumerate() {
        if !is_example(&fence.info) {
            continue;
        }
        let next = all
            .get(i + 1)
            .filter(|n| is_keluaran(&n.info) && only_blank_between(&lines, fence.close, n.open));
        out.push(Example {
            code: fence.clone(),
            expected: next.cloned(),
        });
    }
    out
}

fn only_blank_between(lines: &[&str], close: usize, open: usize) -> bool {
    lines
        .get(close + 1..open)
        .is_some_and(|between| between.iter().all(|l| l.trim().is_empty()))
}

/// `{{#latihan ID}}` lines outside code blocks.
pub fn directives(text: &str) -> Vec<Directive> {
    let inside = fence_lines(text);
    text.lines()
        .enumerate()
        .filter(|(i, _)| !inside.contains(i))
        .filter_map(|(i, line)| directive_id(line).map(|id| Directive { line: i, id }))
        .collect()
}

pub fn directive_id(line: &str) -> Option<String> {
    let inner = line
        .trim()
        .strip_prefix(pesan::DIREKTIF_LATIHAN)?
        .strip_suffix("}}")?;
    let id = inner.trim();
    (!id.is_empty() && !id.contains(char::is_whitespace)).then(|| id.to_string())
}

/// A heading of the chapter, outside code blocks: its 0-based line, level and title.
#[derive(Debug, Clone, PartialEq)]
pub struct Heading {
    pub line: usize,
    pub level: usize,
    pub title: String,
}

pub fn headings(text: &str) -> Vec<Heading> {
    let inside = fence_lines(text);
    text.lines()
        .enumerate()
        .filter(|(i, _)| !inside.contains(i))
        .filter_map(|(line, text)| {
            let level = text.chars().take_while(|c| *c == '#').count();
            let title = text.get(level..)?.strip_prefix(' ')?.trim();
            (level > 0).then(|| Heading {
                line,
                level,
                title: title.to_string(),
            })
        })
        .collect()
}

pub fn fence_lines(text: &str) -> std::collections::HashSet<usize> {
    fences(text).iter().flat_map(|f| f.open..=f.close).collect()
}

/// The chapter with new keluaran bodies: `updates` maps an example's index to its new
/// output; an example without a keluaran block gets one inserted after it.
pub fn rewrite(text: &str, updates: &[(usize, String)]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let examples = examples(text);
    let mut edits: Vec<(usize, usize, Vec<String>)> = updates
        .iter()
        .filter_map(|(index, output)| examples.get(*index).map(|ex| edit_for(ex, output)))
        .collect();
    edits.sort_by_key(|(start, _, _)| std::cmp::Reverse(*start));
    for (start, end, replacement) in edits {
        let end = end.min(lines.len());
        lines.splice(start.min(end)..end, replacement);
    }
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The line range to replace and its new lines.
fn edit_for(example: &Example, output: &str) -> (usize, usize, Vec<String>) {
    let body: Vec<String> = output.lines().map(str::to_string).collect();
    match &example.expected {
        Some(fence) => (fence.open + 1, fence.close, body),
        None => {
            let at = example.code.close + 1;
            let open = format!("```text {}", pesan::PENANDA_KELUARAN);
            let mut block = vec![String::new(), open];
            block.extend(body);
            block.push("```".to_string());
            (at, at, block)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BAB: &str = "# Judul\n\n```js kursus\nuse kampus\n```\n\n```text keluaran\nlama\n```\n\n{{#latihan a/b}}\n\n```js\n{{#latihan bukan/ini}}\n```\n";

    #[test]
    fn pairs_examples_with_their_keluaran() {
        let ex = examples(BAB);
        assert_eq!(ex.len(), 1);
        assert_eq!(ex[0].code.body, "use kampus");
        assert_eq!(
            ex[0].expected.as_ref().map(|f| f.body.as_str()),
            Some("lama")
        );
    }

    #[test]
    fn directives_outside_code_only() {
        let d = directives(BAB);
        assert_eq!(
            d,
            vec![Directive {
                line: 10,
                id: "a/b".into()
            }]
        );
    }

    #[test]
    fn rewrite_replaces_the_keluaran_body() {
        let out = rewrite(BAB, &[(0, "switched to db kampus".into())]);
        assert!(
            out.contains("```text keluaran\nswitched to db kampus\n```"),
            "{out}"
        );
        assert!(!out.contains("lama"));
    }

    #[test]
    fn rewrite_inserts_a_missing_keluaran() {
        let text = "```js kursus\n1+1\n```\nteks\n";
        let out = rewrite(text, &[(0, "2".into())]);
        assert_eq!(
            out,
            "```js kursus\n1+1\n```\n\n```text keluaran\n2\n```\nteks\n"
        );
    }
}
