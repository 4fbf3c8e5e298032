//! boa's TypeError texts → V8's wording, which names the source expression.
//!
//! boa says "not a callable function" where V8 says "db.x.fnd is not a function",
//! so the culprit is found again in the statement's source: each candidate
//! expression (side-effect free ones only) is probed in the session's context.

use boa_engine::Context;

use super::errors::probe;

/// Method names whose re-evaluation cannot change data: reads, and the cursor
/// modifiers learners chain before a typo (`find().sort({..}).lmit(2)`).
const READ_ONLY_CALLS: [&str; 27] = [
    "findOne",
    "getCollection",
    "getSiblingDB",
    "toArray",
    "next",
    "getName",
    "getIndexes",
    "find",
    "sort",
    "limit",
    "skip",
    "project",
    "projection",
    "batchSize",
    "hint",
    "pretty",
    "collation",
    "comment",
    "maxTimeMS",
    "allowDiskUse",
    "returnKey",
    "showRecordId",
    "count",
    "countDocuments",
    "estimatedDocumentCount",
    "distinct",
    "getCollectionNames",
];

pub(crate) fn translate(name: &str, message: &str, source: &str, ctx: &mut Context) -> String {
    if name != "TypeError" {
        return message.to_string();
    }
    match message {
        "not a callable function" | "object is not a function" => not_a_function(source, ctx)
            .unwrap_or_else(|| "expression is not a function".to_string()),
        "cannot convert 'null' or 'undefined' to object" => read_of_nullish(source, ctx)
            .unwrap_or_else(|| "Cannot read properties of undefined".to_string()),
        // V8 says the same for every write to a `const` (and to a class or
        // named function expression's own name in strict code).
        m if m.starts_with("cannot mutate an immutable binding") => {
            "Assignment to constant variable.".to_string()
        }
        _ => message.to_string(),
    }
}

fn not_a_function(source: &str, ctx: &mut Context) -> Option<String> {
    for (open, _) in code_positions(source).filter(|(_, c)| *c == '(') {
        let Some(callee) = expression_before(source, open) else {
            continue;
        };
        if is_keyword(&callee) || !is_safe(&callee) {
            continue;
        }
        let Some(kind) = probe(&format!("typeof ({callee})"), ctx) else {
            continue;
        };
        let kind = kind.as_string().map(|s| s.to_std_string_lossy());
        if kind.as_deref().is_some_and(|k| k != "function") {
            return Some(format!("{} is not a function", v8_render(&callee)));
        }
    }
    None
}

fn read_of_nullish(source: &str, ctx: &mut Context) -> Option<String> {
    for (dot, _) in code_positions(source).filter(|(_, c)| *c == '.') {
        let Some(base) = expression_before(source, dot) else {
            continue;
        };
        let prop: String = source[dot + 1..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
            .collect();
        if prop.is_empty() || !is_safe(&base) || base.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let Some(value) = probe(&format!("({base})"), ctx) else {
            continue;
        };
        if value.is_null() || value.is_undefined() {
            let which = if value.is_null() { "null" } else { "undefined" };
            return Some(format!(
                "Cannot read properties of {which} (reading '{prop}')"
            ));
        }
    }
    None
}

/// Byte positions of code characters (outside strings, templates and comments).
fn code_positions(source: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    source.char_indices().filter(move |&(_, c)| {
        if escaped {
            escaped = false;
            return false;
        }
        match quote {
            Some(_) if c == '\\' => {
                escaped = true;
                false
            }
            Some(q) if c == q => {
                quote = None;
                false
            }
            Some(_) => false,
            None if matches!(c, '\'' | '"' | '`') => {
                quote = Some(c);
                false
            }
            None => true,
        }
    })
}

/// The member-expression text that ends right before byte `end`.
fn expression_before(source: &str, end: usize) -> Option<String> {
    let chars: Vec<char> = source[..end].chars().collect();
    let mut i = chars.len();
    while i > 0 && chars[i - 1].is_whitespace() {
        i -= 1;
    }
    let stop = i;
    while i > 0 {
        let c = chars[i - 1];
        if c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | '?') {
            i -= 1;
        } else if matches!(c, ')' | ']') {
            i = matching_open(&chars, i - 1)?;
        } else if matches!(c, '\'' | '"') {
            i = chars[..i - 1].iter().rposition(|x| *x == c)?;
        } else {
            break;
        }
    }
    let text: String = chars[i..stop].iter().collect();
    let text = text.trim_start_matches('.').to_string();
    (!text.is_empty() && !text.starts_with('?')).then_some(text)
}

fn matching_open(chars: &[char], close_at: usize) -> Option<usize> {
    let (open, close) = if chars[close_at] == ')' {
        ('(', ')')
    } else {
        ('[', ']')
    };
    let mut depth = 0;
    for j in (0..=close_at).rev() {
        if chars[j] == close {
            depth += 1;
        } else if chars[j] == open {
            depth -= 1;
            if depth == 0 {
                return Some(j);
            }
        }
    }
    None
}

fn is_keyword(text: &str) -> bool {
    matches!(
        text,
        "if" | "for"
            | "while"
            | "switch"
            | "catch"
            | "function"
            | "return"
            | "typeof"
            | "new"
            | "await"
            | "void"
            | "delete"
            | "in"
            | "of"
            | "with"
            | "do"
            | "else"
    )
}

/// Only plain paths and read-only calls may be evaluated a second time.
fn is_safe(expr: &str) -> bool {
    let body = strip_leading_group(expr);
    let mut rest = body;
    while let Some(pos) = rest.find('(') {
        let before = &rest[..pos];
        let name: String = before
            .chars()
            .rev()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if !READ_ONLY_CALLS.contains(&name.as_str()) {
            return false;
        }
        rest = &rest[pos + 1..];
    }
    true
}

fn strip_leading_group(expr: &str) -> &str {
    if !expr.starts_with('(') {
        return expr;
    }
    let chars: Vec<char> = expr.chars().collect();
    let mut depth = 0;
    for (i, c) in chars.iter().enumerate() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    let byte = expr
                        .char_indices()
                        .nth(i + 1)
                        .map_or(expr.len(), |(b, _)| b);
                    return &expr[byte..];
                }
            }
            _ => {}
        }
    }
    expr
}

/// V8 prints literals as it parsed them: `(5).foo` → `5.foo`, `'abc'.bar` → `"abc".bar`.
fn v8_render(callee: &str) -> String {
    let mut text = callee.to_string();
    if let Some(inner) = text.strip_prefix('(') {
        if let Some(close) = inner.find(')') {
            let literal = &inner[..close];
            if literal.parse::<f64>().is_ok() {
                text = format!("{literal}{}", &inner[close + 1..]);
            }
        }
    }
    if let Some(rest) = text.strip_prefix('\'') {
        if let Some(close) = rest.find('\'') {
            text = format!("\"{}\"{}", &rest[..close], &rest[close + 1..]);
        }
    }
    collapse_call_arguments(&text)
}

/// V8 shows inner calls as `f(...)` whatever their arguments.
fn collapse_call_arguments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut prev: Option<char> = None;
    for c in text.chars() {
        match c {
            '(' if depth > 0 => depth += 1,
            '(' if prev.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '$') => {
                depth = 1;
                out.push_str("(...)");
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
        prev = Some(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_callee_text() {
        let src = "db.mahasiswa.fnd()";
        assert_eq!(
            expression_before(src, 16).as_deref(),
            Some("db.mahasiswa.fnd")
        );
        assert_eq!(
            expression_before("(5).foo()", 7).as_deref(),
            Some("(5).foo")
        );
        assert_eq!(v8_render("(5).foo"), "5.foo");
        assert_eq!(v8_render("'abc'.bar"), "\"abc\".bar");
        assert_eq!(v8_render("db.x.find({ a: 1 }).fnd"), "db.x.find(...).fnd");
    }

    #[test]
    fn safety_rule() {
        assert!(is_safe("db.m.findOne({ _id: 'x' })"));
        assert!(!is_safe("db.m.insertOne({})"));
        assert!(is_safe("(5)"));
        assert!(is_safe("db.m.find({ a: 1 }).sort({ a: -1 }).limit(2)"));
        assert!(!is_safe("db.m.find({ a: f() })"));
        assert!(!is_safe("db.m.find().forEach(printjson)"));
    }
}
