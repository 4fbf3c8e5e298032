//! Splitting typed or pasted input into the units the REPL evaluates.
//!
//! Like Node's REPL under mongosh, input is consumed line by line and a unit is
//! evaluated as soon as everything typed so far is complete: brackets, strings,
//! template literals and block comments closed.

/// Lexer state carried across characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Code,
    Single,
    Double,
    Template,
    LineComment,
    BlockComment,
    Regex { in_class: bool },
}

/// What is still open at the end of the scanned text.
#[derive(Debug, Default)]
struct Scan {
    /// Open brackets; `$` marks a `${` inside a template literal.
    stack: Vec<char>,
    mode_open: bool,
    /// The text ends with an operator that needs a right-hand side.
    dangling: bool,
}

/// True when `text` needs no further line to be evaluated.
pub fn is_complete(text: &str) -> bool {
    let scan = scan(text);
    scan.stack.is_empty() && !scan.mode_open && !scan.dangling
}

/// Splits a script into evaluation units, one per completed group of lines.
pub fn split_units(source: &str) -> Vec<String> {
    let mut units = Vec::new();
    let mut pending = String::new();
    for line in source.lines() {
        if !pending.is_empty() {
            pending.push('\n');
        }
        pending.push_str(line);
        if pending.trim().is_empty() {
            pending.clear();
            continue;
        }
        if is_shell_command(&pending) || is_complete(&pending) {
            units.push(std::mem::take(&mut pending));
        }
    }
    if !pending.trim().is_empty() {
        units.push(pending);
    }
    units
}

/// mongosh's shell commands are recognised by their first word, before JavaScript.
pub fn is_shell_command(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    match first {
        "use" | "show" => !rest.is_empty() && rest.iter().all(|w| is_word(w)),
        "it" | "exit" | "quit" | "help" => rest.is_empty() || (first == "help" && rest.len() == 1),
        _ => false,
    }
}

fn is_word(w: &str) -> bool {
    !w.is_empty()
        && w.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '$'))
}

fn scan(text: &str) -> Scan {
    let chars: Vec<char> = text.chars().collect();
    let mut scan = Scan::default();
    let mut mode = Mode::Code;
    let mut prev_sig: Option<char> = None;
    let mut prev_word = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match mode {
            Mode::Code => {
                mode = code_char(c, next, prev_sig, &prev_word, &mut scan, &mut i);
                if !c.is_whitespace() && mode == Mode::Code {
                    track_word(c, &mut prev_word);
                    prev_sig = Some(c);
                } else if mode != Mode::Code {
                    prev_word.clear();
                }
            }
            Mode::Single | Mode::Double => {
                let quote = if mode == Mode::Single { '\'' } else { '"' };
                if c == '\\' {
                    i += 1;
                } else if c == quote || c == '\n' {
                    mode = Mode::Code;
                    prev_sig = Some(quote);
                }
            }
            Mode::Template => {
                if c == '\\' {
                    i += 1;
                } else if c == '`' {
                    mode = Mode::Code;
                    prev_sig = Some('`');
                } else if c == '$' && next == Some('{') {
                    scan.stack.push('$');
                    mode = Mode::Code;
                    prev_sig = Some('{');
                    i += 1;
                }
            }
            Mode::LineComment => {
                if c == '\n' {
                    mode = Mode::Code;
                }
            }
            Mode::BlockComment => {
                if c == '*' && next == Some('/') {
                    mode = Mode::Code;
                    i += 1;
                }
            }
            Mode::Regex { in_class } => {
                mode = regex_char(c, in_class, &mut i);
                if mode == Mode::Code {
                    prev_sig = Some('/');
                    prev_word = "/re".into();
                }
            }
        }
        i += 1;
    }
    scan.mode_open = matches!(mode, Mode::Template | Mode::BlockComment);
    scan.dangling = mode == Mode::Code && ends_dangling(text);
    scan
}

fn track_word(c: char, word: &mut String) {
    if c.is_alphanumeric() || c == '_' || c == '$' {
        word.push(c);
    } else {
        word.clear();
    }
}

/// One character of code: brackets, and the start of strings, comments, regexes.
fn code_char(
    c: char,
    next: Option<char>,
    prev_sig: Option<char>,
    prev_word: &str,
    scan: &mut Scan,
    i: &mut usize,
) -> Mode {
    match c {
        '\'' => Mode::Single,
        '"' => Mode::Double,
        '`' => Mode::Template,
        '/' if next == Some('/') => Mode::LineComment,
        '/' if next == Some('*') => {
            *i += 1;
            Mode::BlockComment
        }
        '/' if regex_allowed(prev_sig, prev_word) => Mode::Regex { in_class: false },
        '(' | '[' | '{' => {
            scan.stack.push(c);
            Mode::Code
        }
        ')' | ']' | '}' => close_bracket(c, scan),
        _ => Mode::Code,
    }
}

fn close_bracket(c: char, scan: &mut Scan) -> Mode {
    match scan.stack.last() {
        Some('$') if c == '}' => {
            scan.stack.pop();
            Mode::Template
        }
        Some(_) => {
            // A mismatched closer is a syntax error; let the parser report it.
            scan.stack.pop();
            Mode::Code
        }
        None => Mode::Code,
    }
}

fn regex_char(c: char, in_class: bool, i: &mut usize) -> Mode {
    match c {
        '\\' => {
            *i += 1;
            Mode::Regex { in_class }
        }
        '[' => Mode::Regex { in_class: true },
        ']' => Mode::Regex { in_class: false },
        '/' if !in_class => Mode::Code,
        // An unterminated regex is a syntax error; end it at the line.
        '\n' => Mode::Code,
        _ => Mode::Regex { in_class },
    }
}

/// A `/` starts a regex where an expression may begin.
fn regex_allowed(prev_sig: Option<char>, prev_word: &str) -> bool {
    const KEYWORDS: [&str; 9] = [
        "return",
        "typeof",
        "instanceof",
        "in",
        "of",
        "new",
        "delete",
        "void",
        "throw",
    ];
    match prev_sig {
        None => true,
        Some(c) if c.is_alphanumeric() || c == '_' || c == '$' => KEYWORDS.contains(&prev_word),
        Some(')') | Some(']') | Some('}') | Some('\'') | Some('"') | Some('`') => false,
        Some('/') => prev_word != "/re",
        Some(_) => true,
    }
}

/// Trailing binary operators, commas and dots keep the statement open, as in Node.
fn ends_dangling(text: &str) -> bool {
    let code = strip_trailing_comment(text).trim_end();
    let tail: String = code
        .chars()
        .rev()
        .take(3)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    if tail.ends_with("++") || tail.ends_with("--") {
        return false;
    }
    matches!(
        code.chars().last(),
        Some('=' | '+' | '-' | '*' | '%' | '&' | '|' | '^' | '<' | '>' | '?' | ':' | ',' | '.')
    )
}

fn strip_trailing_comment(text: &str) -> &str {
    let last_line_start = text.rfind('\n').map_or(0, |p| p + 1);
    let last = &text[last_line_start..];
    match find_line_comment(last) {
        Some(pos) => &text[..last_line_start + pos],
        None => text,
    }
}

/// Position of a `//` that is not inside a string on this line.
fn find_line_comment(line: &str) -> Option<usize> {
    unquoted_chars(line)
        .find(|&(pos, c)| c == '/' && line.get(pos + 1..).is_some_and(|r| r.starts_with('/')))
        .map(|(pos, _)| pos)
}

/// The characters of `text` (with their byte positions) that are outside
/// string literals; quotes and what they enclose are skipped.
pub fn unquoted_chars(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    text.char_indices().filter(move |&(_, c)| {
        if std::mem::take(&mut escaped) {
            return false;
        }
        match (quote, c) {
            (Some(_), '\\') => escaped = true,
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"' | '`') => quote = Some(c),
            (None, _) => return true,
        }
        false
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_keep_statement_open() {
        assert!(!is_complete("const doc = {"));
        assert!(is_complete("const doc = {\n a: 1\n}"));
        assert!(!is_complete("[\n 1,"));
    }

    #[test]
    fn strings_and_templates() {
        assert!(is_complete("'{'"));
        assert!(!is_complete("`abc"));
        assert!(!is_complete("`a ${ {"));
        assert!(is_complete("`a ${ 1 } b`"));
        assert!(is_complete("/[/]{/.test('x')"));
        assert!(is_complete("a / b"));
        assert!(is_complete("x // {"));
        assert!(!is_complete("/* {"));
    }

    #[test]
    fn dangling_operators() {
        assert!(!is_complete("1 +"));
        assert!(!is_complete("db.x.find()."));
        assert!(is_complete("i++"));
        assert!(!is_complete("const f = () =>"));
    }

    #[test]
    fn units_follow_lines() {
        let units = split_units("use kampus\nconst a = {\n b: 1\n}\na\n\n[\n1\n]");
        assert_eq!(
            units,
            vec!["use kampus", "const a = {\n b: 1\n}", "a", "[\n1\n]"]
        );
    }

    #[test]
    fn shell_commands() {
        assert!(is_shell_command("use kampus"));
        assert!(is_shell_command("show dbs"));
        assert!(is_shell_command("it"));
        assert!(!is_shell_command("use(1)"));
        assert!(!is_shell_command("it + 1"));
    }

    #[test]
    fn unquoted_chars_skip_strings_and_their_escapes() {
        let kept: String = unquoted_chars(r#"a'b\'c'd"e"f`g`h"#)
            .map(|(_, c)| c)
            .collect();
        assert_eq!(kept, "adfh");
        assert_eq!(find_line_comment("x = '//' // komentar"), Some(9));
        assert_eq!(find_line_comment("x = \"a\\\"//\""), None);
    }
}
