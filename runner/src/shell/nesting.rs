//! Whether input is certainly still inside an open bracket, template literal or block
//! comment, decided without parsing. Splitting a pasted script asks the parser after
//! every line whether the unit so far is complete, so a function of n lines was parsed
//! n times; a unit that is certainly open cannot be complete, and needs no parse.
//!
//! "Certainly" is the contract: any input this scanner cannot read with confidence (a
//! `/` that may start a regular expression, an HTML-like comment, a string broken by
//! a line end, a closing bracket that does not match) is reported as not open, and the
//! parser decides as before.

/// One open construct, innermost last.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    Bracket(char),
    Template,
    /// The `${ … }` of a template literal.
    Substitution,
}

/// True only when `text` ends inside an unclosed bracket, template literal or block
/// comment, so that no parser could accept it as a complete script.
pub fn surely_open(text: &str) -> bool {
    if text.starts_with("#!") {
        return false;
    }
    let mut scanner = Scanner::default();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match scanner.step(&chars, i) {
            Some(next) => i = next,
            None => return false,
        }
    }
    scanner.in_block_comment || !scanner.stack.is_empty()
}

#[derive(Default)]
struct Scanner {
    stack: Vec<Open>,
    in_block_comment: bool,
}

impl Scanner {
    /// Reads the construct at `i` and returns where the next one starts, or `None`
    /// when the input is beyond what this scanner reads with confidence.
    fn step(&mut self, chars: &[char], i: usize) -> Option<usize> {
        let at = |k: usize| chars.get(k).copied();
        if self.in_block_comment {
            if at(i) == Some('*') && at(i + 1) == Some('/') {
                self.in_block_comment = false;
                return Some(i + 2);
            }
            return Some(i + 1);
        }
        if self.stack.last() == Some(&Open::Template) {
            return self.template_step(chars, i);
        }
        self.code_step(chars, i)
    }

    fn code_step(&mut self, chars: &[char], i: usize) -> Option<usize> {
        let at = |k: usize| chars.get(k).copied();
        match at(i)? {
            '/' => match at(i + 1) {
                Some('/') => Some(line_end(chars, i)),
                Some('*') => {
                    self.in_block_comment = true;
                    Some(i + 2)
                }
                _ => None,
            },
            '<' if chars[i..].starts_with(&['<', '!', '-', '-']) => None,
            '-' if chars[i..].starts_with(&['-', '-', '>']) => None,
            '\'' | '"' => string_end(chars, i),
            '`' => {
                self.stack.push(Open::Template);
                Some(i + 1)
            }
            c @ ('(' | '[' | '{') => {
                self.stack.push(Open::Bracket(c));
                Some(i + 1)
            }
            c @ (')' | ']' | '}') => self.close(c).then_some(i + 1),
            _ => Some(i + 1),
        }
    }

    fn template_step(&mut self, chars: &[char], i: usize) -> Option<usize> {
        match (chars.get(i), chars.get(i + 1)) {
            (Some('\\'), _) => Some(i + 2),
            (Some('`'), _) => {
                self.stack.pop();
                Some(i + 1)
            }
            (Some('$'), Some('{')) => {
                self.stack.push(Open::Substitution);
                Some(i + 2)
            }
            _ => Some(i + 1),
        }
    }

    /// Pops the construct `c` closes; false when it closes nothing that is open.
    fn close(&mut self, c: char) -> bool {
        let opener = match c {
            ')' => '(',
            ']' => '[',
            _ => '{',
        };
        match self.stack.last() {
            Some(Open::Bracket(o)) if *o == opener => {}
            Some(Open::Substitution) if c == '}' => {}
            _ => return false,
        }
        self.stack.pop();
        true
    }
}

fn line_end(chars: &[char], i: usize) -> usize {
    chars[i..]
        .iter()
        .position(|&c| c == '\n')
        .map_or(chars.len(), |n| i + n)
}

/// Where the string literal opening at `i` ends; `None` when a line end (or the end
/// of the input) comes first.
fn string_end(chars: &[char], i: usize) -> Option<usize> {
    let quote = chars[i];
    let mut k = i + 1;
    loop {
        match chars.get(k)? {
            '\\' => k += 2,
            '\n' | '\r' => return None,
            c if *c == quote => return Some(k + 1),
            _ => k += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unclosed_brackets_templates_and_comments_are_open() {
        assert!(surely_open("function f() {"));
        assert!(surely_open("const a = [1,\n 2,"));
        assert!(surely_open("db.m.find({ a: 1,"));
        assert!(surely_open("const s = `a ${ x"));
        assert!(surely_open("const s = `abc"));
        assert!(surely_open("/* komentar"));
        assert!(surely_open("f({ kunci: '}' ,"));
        assert!(surely_open("g(`${ { a: 1 } }`,"));
    }

    #[test]
    fn balanced_input_is_not_open() {
        assert!(!surely_open("function f() {\n return 1;\n}"));
        assert!(!surely_open("const s = `a ${ x } b`"));
        assert!(!surely_open("x // {"));
        assert!(!surely_open("print('{')"));
        assert!(!surely_open("1 +"));
    }

    #[test]
    fn what_the_scanner_cannot_read_is_left_to_the_parser() {
        assert!(!surely_open("const r = /[(/; f("));
        assert!(!surely_open("a / b; f("));
        assert!(!surely_open("f('abc\n"));
        assert!(!surely_open("f(]"));
        assert!(!surely_open("x <!-- y\nf("));
        assert!(!surely_open("f( --> 1"));
    }
}
