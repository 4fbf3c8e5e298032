//! Edits at the level of a solution's code: brackets matched and object entries split
//! outside string literals, so a generated wrong answer changes code and never the
//! text inside a string. Reference solutions are our own short scripts; this reads
//! them the way a careful person would, not as a full JavaScript parser.

use crate::shell::split;
use std::ops::Range;

/// A script with a mask of which bytes are code (outside strings).
pub struct Source<'a> {
    pub text: &'a str,
    code: Vec<bool>,
}

/// One `key: value` entry of an object literal.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The whole entry, without the surrounding blanks.
    pub span: Range<usize>,
    /// The key without quotes.
    pub key: String,
    pub key_span: Range<usize>,
    pub value: Range<usize>,
}

impl<'a> Source<'a> {
    pub fn new(text: &'a str) -> Source<'a> {
        let mut code = vec![false; text.len()];
        for (i, c) in split::unquoted_chars(text) {
            code[i..i + c.len_utf8()].fill(true);
        }
        Source { text, code }
    }

    /// Every position where `pattern` starts in code.
    pub fn find_all(&self, pattern: &str) -> Vec<usize> {
        self.text
            .match_indices(pattern)
            .map(|(i, _)| i)
            .filter(|&i| self.code[i])
            .collect()
    }

    /// The bracket closing the one at `open`.
    pub fn matching(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (i, b) in self.text.bytes().enumerate().skip(open) {
            if !self.code[i] {
                continue;
            }
            match b {
                b'(' | b'{' | b'[' => depth += 1,
                b')' | b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The next non-blank byte at or after `from`.
    pub fn next_token(&self, from: usize) -> Option<(usize, u8)> {
        self.text
            .bytes()
            .enumerate()
            .skip(from)
            .find(|(_, b)| !b.is_ascii_whitespace())
    }

    /// The object literal starting at `open` (a `{`), as its top-level entries.
    pub fn entries(&self, open: usize) -> Vec<Entry> {
        let Some(close) = self.matching(open) else {
            return Vec::new();
        };
        self.top_level_pieces(open + 1, close)
            .into_iter()
            .filter_map(|span| self.entry(span))
            .collect()
    }

    /// The pieces between `start` and `end` separated by top-level commas, trimmed.
    fn top_level_pieces(&self, start: usize, end: usize) -> Vec<Range<usize>> {
        let mut pieces = Vec::new();
        let (mut depth, mut from) = (0usize, start);
        for i in start..end {
            let b = self.text.as_bytes()[i];
            if !self.code[i] {
                continue;
            }
            match b {
                b'(' | b'{' | b'[' => depth += 1,
                b')' | b'}' | b']' => depth = depth.saturating_sub(1),
                b',' if depth == 0 => {
                    pieces.push(from..i);
                    from = i + 1;
                }
                _ => {}
            }
        }
        pieces.push(from..end);
        pieces
            .into_iter()
            .map(|r| self.trimmed(r))
            .filter(|r| !r.is_empty())
            .collect()
    }

    fn trimmed(&self, range: Range<usize>) -> Range<usize> {
        let piece = &self.text[range.clone()];
        let start = range.start + (piece.len() - piece.trim_start().len());
        let end = range.end - (piece.len() - piece.trim_end().len());
        start..end.max(start)
    }

    /// `key: value` (a quoted or bare key); spreads and shorthands are not entries.
    fn entry(&self, span: Range<usize>) -> Option<Entry> {
        let colon = (span.clone()).find(|&i| self.code[i] && self.text.as_bytes()[i] == b':')?;
        let key_span = self.trimmed(span.start..colon);
        let key = self.text[key_span.clone()]
            .trim_matches(|c| c == '"' || c == '\'')
            .to_string();
        let value = self.trimmed(colon + 1..span.end);
        Some(Entry {
            span,
            key,
            key_span,
            value,
        })
    }

    /// The script with `range` replaced by `with`.
    pub fn replaced(&self, range: Range<usize>, with: &str) -> String {
        let mut text = self.text.to_string();
        text.replace_range(range, with);
        text
    }

    /// The script without `entry` of the object whose entries are `all`, and without
    /// the comma that separated it from a neighbour.
    pub fn without_entry(&self, all: &[Entry], index: usize) -> String {
        let entry = &all[index];
        let range = match (all.get(index + 1), index.checked_sub(1).map(|i| &all[i])) {
            (Some(next), _) => entry.span.start..next.span.start,
            (None, Some(previous)) => previous.span.end..entry.span.end,
            (None, None) => entry.span.clone(),
        };
        self.replaced(range, "")
    }

    /// The object literal that is the value after `key:` at `at` (the key's start).
    pub fn object_after_key(&self, at: usize) -> Option<usize> {
        let colon = self.text[at..].find(':')? + at;
        let (open, b) = self.next_token(colon + 1)?;
        (b == b'{').then_some(open)
    }

    /// The first argument of the call whose `(` is at `paren`, when it is an object.
    pub fn object_argument(&self, paren: usize) -> Option<usize> {
        let (open, b) = self.next_token(paren + 1)?;
        (b == b'{').then_some(open)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_skip_commas_inside_strings_and_brackets() {
        let text = "f({ a: 'x, y', \"b.c\": { d: [1, 2] }, e: 1 })";
        let source = Source::new(text);
        let keys: Vec<String> = source.entries(2).into_iter().map(|e| e.key).collect();
        assert_eq!(keys, ["a", "b.c", "e"]);
    }

    #[test]
    fn an_entry_goes_with_its_comma() {
        let text = "{ a: 1, b: 2, c: 3 }";
        let source = Source::new(text);
        let all = source.entries(0);
        assert_eq!(source.without_entry(&all, 0), "{ b: 2, c: 3 }");
        assert_eq!(source.without_entry(&all, 1), "{ a: 1, c: 3 }");
        assert_eq!(source.without_entry(&all, 2), "{ a: 1, b: 2 }");
        let one = Source::new("{ a: 1 }");
        assert_eq!(one.without_entry(&one.entries(0), 0), "{  }");
    }

    #[test]
    fn brackets_in_strings_do_not_count() {
        let source = Source::new("x('(', { a: '}' })");
        assert_eq!(source.matching(1), Some(17));
        assert!(source.find_all("(").len() == 1);
    }
}
