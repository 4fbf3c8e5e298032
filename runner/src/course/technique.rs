//! The techniques a piece of shell code uses, read from its text: query and update
//! operators (`$sort`), request keys (`Limit`), method calls (`.sort()`) and the words
//! of DynamoDB expressions (`>=`, `begins_with()`, `SET`). A reference solution may only
//! use techniques the book has already shown in an executed example.

use std::collections::BTreeSet;

/// Words of DynamoDB expressions that are a technique of their own; `=` and names are
/// not, every expression has them.
const EXPRESSION_WORDS: [&str; 9] = [
    "SET", "REMOVE", "ADD", "DELETE", "BETWEEN", "IN", "AND", "OR", "NOT",
];
const COMPARATORS: [&str; 5] = [">=", "<=", "<>", "<", ">"];
const FUNCTIONS: [&str; 8] = [
    "attribute_exists",
    "attribute_not_exists",
    "attribute_type",
    "begins_with",
    "contains",
    "size",
    "list_append",
    "if_not_exists",
];

/// Every technique `code` uses, in a stable order.
pub fn techniques(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for segment in segments(code) {
        match segment {
            Segment::Code(text) => code_techniques(&text, &mut found),
            Segment::Literal(text) => expression_techniques(&text, &mut found),
        }
    }
    found
}

/// Code outside string literals, or the inside of one literal.
#[derive(Debug, PartialEq)]
enum Segment {
    Code(String),
    Literal(String),
}

fn segments(code: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        match quote {
            None if matches!(c, '\'' | '"' | '`') => {
                out.push(Segment::Code(std::mem::take(&mut current)));
                quote = Some(c);
            }
            Some(_) if c == '\\' => current.extend(chars.next()),
            Some(q) if c == q => {
                out.push(Segment::Literal(std::mem::take(&mut current)));
                quote = None;
            }
            _ => current.push(c),
        }
    }
    out.push(Segment::Code(current));
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `$op`, `.method(` and `Key:` outside literals.
fn code_techniques(text: &str, found: &mut BTreeSet<String>) {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // A technique starts at `$`, `.` or a word; anything else is skipped alone.
        let starts = chars[i] == '$' || chars[i] == '.' || is_word(chars[i]);
        let end = if starts {
            word_end(&chars, i + 1)
        } else {
            i + 1
        };
        if let Some(technique) = technique_at(&chars, i, end) {
            found.insert(technique);
        }
        i = end;
    }
}

/// The technique spelled by `chars[start..end]` (a word after its first character).
fn technique_at(chars: &[char], start: usize, end: usize) -> Option<String> {
    let text = word(chars, start, end);
    let after = next_char(chars, end);
    let starts_key = !preceded_by_word(chars, start) && text.starts_with(char::is_uppercase);
    // `...f(x)` spreads what a function returns: no method of anything.
    let spread = start > 0 && chars.get(start - 1) == Some(&'.');
    match text.chars().next()? {
        '$' if end > start + 1 => Some(text),
        '.' if end > start + 1 && after == Some('(') && !spread => Some(format!("{text}()")),
        _ if starts_key && after == Some(':') => Some(text),
        _ => None,
    }
}

fn word_end(chars: &[char], from: usize) -> usize {
    let mut end = from;
    while chars.get(end).is_some_and(|c| is_word(*c)) {
        end += 1;
    }
    end
}

fn word(chars: &[char], start: usize, end: usize) -> String {
    chars.get(start..end).unwrap_or(&[]).iter().collect()
}

/// The next non-blank character from `at` on.
fn next_char(chars: &[char], at: usize) -> Option<char> {
    chars
        .get(at..)
        .and_then(|rest| rest.iter().find(|x| !x.is_whitespace()))
        .copied()
}

fn preceded_by_word(chars: &[char], at: usize) -> bool {
    at > 0 && chars.get(at - 1).is_some_and(|c| is_word(*c) || *c == '.')
}

/// Comparators, keywords and functions of a DynamoDB expression in a literal.
fn expression_techniques(text: &str, found: &mut BTreeSet<String>) {
    let tokens = expression_tokens(text);
    for (n, token) in tokens.iter().enumerate() {
        let calls = tokens.get(n + 1).is_some_and(|t| t == "(");
        let is_function = calls && FUNCTIONS.contains(&token.as_str());
        if COMPARATORS.contains(&token.as_str()) || EXPRESSION_WORDS.contains(&token.as_str()) {
            found.insert(token.clone());
        } else if is_function {
            found.insert(format!("{token}()"));
        }
    }
}

/// Words, comparators and single punctuation marks of an expression.
fn expression_tokens(text: &str) -> Vec<String> {
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if is_word(c) {
            let mut w = c.to_string();
            while let Some(n) = chars.next_if(|n| is_word(*n)) {
                w.push(n);
            }
            tokens.push(w);
        } else if c == '<' || c == '>' {
            let pair = chars.next_if(|n| *n == '=' || (c == '<' && *n == '>'));
            tokens.push(pair.map_or(c.to_string(), |n| format!("{c}{n}")));
        } else if !c.is_whitespace() {
            tokens.push(c.to_string());
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn operators_outside_strings_only() {
        let code = r#"db.m.aggregate([{ $project: { t: { $sum: "$mk.sks" } } }])"#;
        assert_eq!(techniques(code), set(&["$project", "$sum", ".aggregate()"]));
    }

    #[test]
    fn methods_need_a_call() {
        let code = "db.mahasiswa.find({}).sort({ nim: 1 }).length";
        assert_eq!(techniques(code), set(&[".find()", ".sort()"]));
    }

    #[test]
    fn request_keys_and_expression_words() {
        let code = "ddb.update({ TableName: 'T', UpdateExpression: 'SET #s = :b', \
                    KeyConditionExpression: 'pk = :p AND sk >= :m', Limit: 3, \
                    ConditionExpression: 'attribute_not_exists(sk)' })";
        let expected = set(&[
            ".update()",
            "TableName",
            "UpdateExpression",
            "SET",
            "KeyConditionExpression",
            "AND",
            ">=",
            "Limit",
            "ConditionExpression",
            "attribute_not_exists()",
        ]);
        assert_eq!(techniques(code), expected);
    }

    #[test]
    fn values_and_field_paths_are_no_technique() {
        let code = r#"db.m.find({ kota: "Bandung", p: "$alamat", ws: 'WS#acme (lama)' })"#;
        assert_eq!(techniques(code), set(&[".find()"]));
    }

    #[test]
    fn a_spread_call_is_no_method() {
        assert_eq!(techniques("({ ...kunci(a), b: x.f(1) })"), set(&[".f()"]));
    }

    #[test]
    fn escaped_quotes_stay_inside_the_literal() {
        assert_eq!(techniques(r#"f('a\' $x', $y)"#), set(&["$y"]));
    }
}
