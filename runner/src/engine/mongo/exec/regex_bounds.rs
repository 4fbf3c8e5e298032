//! Index bounds for a regex: an anchored literal prefix (`/^WS#acme/`) bounds
//! the string keys that start with it, as the server's planner reads it.
//! Any other regex (flags, no anchor, alternation) gives no bounds here, so
//! the field stays unbounded; the filter is re-checked on every fetched document.

use bson::{Bson, Regex};

use super::bounds::Interval;

/// `["WS#acme", "WS#acmf")` and `[/^WS#acme/, /^WS#acme/]`: the strings with
/// the prefix, then the regex itself (a field holding that very regex matches
/// it), in index order since regexes sort after strings.
pub(crate) fn regex_intervals(pattern: &str, options: &str) -> Option<Vec<Interval>> {
    if !options.is_empty() {
        return None;
    }
    let prefix = literal_prefix(pattern)?;
    let regex = Bson::RegularExpression(Regex {
        pattern: pattern.to_string(),
        options: String::new(),
    });
    Some(vec![prefix_range(&prefix), Interval::point(regex)])
}

/// The literal text after `^` up to the first metacharacter; `None` when the
/// regex is unanchored, has an empty prefix, or alternates (`^a|b` also
/// matches strings that do not start with `a`).
fn literal_prefix(pattern: &str) -> Option<String> {
    let rest = pattern.strip_prefix('^')?;
    if pattern.contains('|') {
        return None;
    }
    let mut prefix = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            // A quantifier that allows zero repeats makes the character before it optional.
            '*' | '?' | '{' => {
                prefix.pop();
                break;
            }
            '\\' => match chars.next() {
                Some(e) if !e.is_ascii_alphanumeric() => prefix.push(e),
                _ => break,
            },
            '^' | '$' | '.' | '[' | '(' | '+' => break,
            _ => prefix.push(c),
        }
    }
    (!prefix.is_empty()).then_some(prefix)
}

/// Every string starting with `prefix`: up to its last character's successor
/// (exclusive), or to the end of strings when that character has none.
fn prefix_range(prefix: &str) -> Interval {
    let mut upper: Vec<char> = prefix.chars().collect();
    let next = upper.pop().and_then(|c| char::from_u32(c as u32 + 1));
    let hi = match next {
        Some(c) => {
            upper.push(c);
            Bson::String(upper.into_iter().collect())
        }
        None => Bson::Document(bson::Document::new()),
    };
    Interval {
        lo: Bson::String(prefix.to_string()),
        lo_incl: true,
        hi,
        hi_incl: false,
    }
}
