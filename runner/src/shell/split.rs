//! Splitting typed or pasted input into the units the REPL evaluates.
//!
//! Like Node's REPL under mongosh, input is consumed line by line and a unit is
//! evaluated as soon as what was typed so far no longer ends in the middle of a
//! statement (see `continuation`).

use super::continuation::{self, Status};
use super::nesting;

/// True when `text` needs no further line to be evaluated: it parses, or it fails
/// before reaching its end and so can never complete (the parser reports that at once).
pub fn is_complete(text: &str) -> bool {
    !continuation::awaits_more(text)
}

/// Splits a script into evaluation units, one per completed group of lines.
pub fn split_units(source: &str) -> Vec<String> {
    let lines: Vec<&str> = source.lines().collect();
    split_lines(&lines, true)
}

/// The units of `lines`. With `shortcut`, a group of lines that is certainly inside an
/// open bracket is not parsed; should the group end in a parse error, the error may
/// lie in a line that was not parsed, so from that group on every line is parsed.
fn split_lines(lines: &[&str], shortcut: bool) -> Vec<String> {
    let mut units = Vec::new();
    let (mut pending, mut first, mut skipped) = (String::new(), 0, false);
    for (n, line) in lines.iter().enumerate() {
        if !pending.is_empty() {
            pending.push('\n');
        }
        pending.push_str(line);
        if pending.trim().is_empty() {
            (pending, first, skipped) = (String::new(), n + 1, false);
            continue;
        }
        let status = if is_shell_command(&pending) {
            Status::Parses
        } else if shortcut && nesting::surely_open(&pending) {
            skipped = true;
            continue;
        } else {
            continuation::status(&pending)
        };
        match status {
            Status::AwaitsMore => continue,
            Status::Fails if skipped => {
                units.extend(split_lines(&lines[first..], false));
                return units;
            }
            _ => units.push(std::mem::take(&mut pending)),
        }
        (pending, first, skipped) = (String::new(), n + 1, false);
    }
    if skipped {
        units.extend(split_lines(&lines[first..], false));
    } else if !pending.trim().is_empty() {
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
    fn a_body_may_follow_on_the_next_line() {
        assert!(!is_complete("if (true)"));
        assert!(!is_complete("for (const x of [1, 2])"));
        assert!(is_complete("if (true)\nprint(1)"));
        assert!(!is_complete("function f() {"));
    }

    #[test]
    fn input_that_can_never_complete_is_complete() {
        assert!(is_complete("({ a: 1 ]"));
        assert!(is_complete("db.m.find({ a: 1 ]"));
        assert!(is_complete("foo)"));
        assert!(is_complete("'abc"));
        assert!(!is_complete("'abc\\\n"));
    }

    #[test]
    fn a_leading_brace_may_open_an_object() {
        assert!(!is_complete("{ a: 1,"));
        assert!(is_complete("{ a: 1 }"));
    }

    #[test]
    fn units_follow_lines() {
        let units = split_units("use kampus\nconst a = {\n b: 1\n}\na\n\n[\n1\n]");
        assert_eq!(
            units,
            vec!["use kampus", "const a = {\n b: 1\n}", "a", "[\n1\n]"]
        );
        let units = split_units("if (true)\nprint(1)\n({ a: 1 ]\nx");
        assert_eq!(units, vec!["if (true)\nprint(1)", "({ a: 1 ]", "x"]);
    }

    #[test]
    fn skipping_the_parse_inside_open_brackets_splits_as_parsing_every_line_does() {
        let scripts = [
            "function f() {\n  return 1;\n}\nf()",
            "function f() {\n  let = = 3;\n}\nx",
            "const a = {\n b: [1,\n 2],\n}\n\n\nprint(a)",
            "db.m.find({\n a: 1 ]\n})\ny",
            "const s = `a\n${ {\n b: 1 }.b }`\ns",
            "if (x) {\n /* { */\n y()\n}\nelse z()",
            "f({\n r: /[(/\n})",
            "const o = {\n a: 'x\n}\nq",
            "g(\n  1,\n",
            "h(\n  )) ,\n  2\n",
            "use kampus\nconst p = {\n k: '}'\n}\np",
            "f(\n1 +) ; g(\n2) +\n3\nh(",
            "f(\n1 +) ; g(\n)\nx +\n1",
        ];
        for script in scripts {
            let lines: Vec<&str> = script.lines().collect();
            assert_eq!(
                split_lines(&lines, true),
                split_lines(&lines, false),
                "{script:?}"
            );
        }
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
    }
}
