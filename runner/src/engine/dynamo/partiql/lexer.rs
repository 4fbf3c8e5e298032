//! PartiQL statements cut into tokens: words (keywords and bare names), quoted
//! names, string and number literals, `?` parameters and symbols.

use super::syntax_error;
use crate::engine::dynamo::errors::DResult;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    /// A keyword or a bare name; keywords are compared without case.
    Word(String),
    /// `"name"`: always a name, never a keyword.
    Quoted(String),
    Str(String),
    Num(String),
    Param,
    Sym(&'static str),
}

impl Tok {
    pub(super) fn is_word(&self, keyword: &str) -> bool {
        matches!(self, Tok::Word(w) if w.eq_ignore_ascii_case(keyword))
    }

    /// How an error message shows the token.
    pub(super) fn shown(&self) -> String {
        match self {
            Tok::Word(w) => w.clone(),
            Tok::Quoted(q) => format!("\"{q}\""),
            Tok::Str(s) => format!("'{s}'"),
            Tok::Num(n) => n.clone(),
            Tok::Param => "?".into(),
            Tok::Sym(s) => (*s).into(),
        }
    }
}

/// Longest first, so `<=` is not read as `<` and `=`.
const SYMBOLS: [&str; 22] = [
    "<<", ">>", "<=", ">=", "<>", "!=", "<", ">", "=", ",", ".", "[", "]", "(", ")", "{", "}", ":",
    "*", "+", "-", ";",
];

pub(super) fn tokens(text: &str) -> DResult<Vec<Tok>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let (tok, next) = token_at(&chars, i)?;
        out.push(tok);
        i = next;
    }
    Ok(out)
}

fn token_at(chars: &[char], i: usize) -> DResult<(Tok, usize)> {
    let c = chars[i];
    if c == '\'' {
        let (s, next) = quoted(chars, i, '\'')?;
        return Ok((Tok::Str(s), next));
    }
    if c == '"' {
        let (s, next) = quoted(chars, i, '"')?;
        return Ok((Tok::Quoted(s), next));
    }
    if c == '?' {
        return Ok((Tok::Param, i + 1));
    }
    if c.is_ascii_digit() {
        return Ok(number(chars, i));
    }
    if c.is_alphabetic() || c == '_' {
        let end = run(chars, i, |c| c.is_alphanumeric() || c == '_');
        return Ok((Tok::Word(chars[i..end].iter().collect()), end));
    }
    symbol(chars, i)
}

/// A quoted run; the quote doubled stands for itself.
fn quoted(chars: &[char], start: usize, quote: char) -> DResult<(String, usize)> {
    let mut s = String::new();
    let mut i = start + 1;
    while i < chars.len() {
        if chars[i] == quote {
            if chars.get(i + 1) == Some(&quote) {
                s.push(quote);
                i += 2;
                continue;
            }
            return Ok((s, i + 1));
        }
        s.push(chars[i]);
        i += 1;
    }
    Err(syntax_error(
        "Unexpected end of statement: unterminated quote",
    ))
}

fn number(chars: &[char], start: usize) -> (Tok, usize) {
    let mut end = run(chars, start, |c| c.is_ascii_digit() || c == '.');
    if matches!(chars.get(end), Some('e' | 'E')) {
        let sign = usize::from(matches!(chars.get(end + 1), Some('+' | '-')));
        end = run(chars, end + 1 + sign, |c| c.is_ascii_digit());
    }
    (Tok::Num(chars[start..end].iter().collect()), end)
}

fn run(chars: &[char], start: usize, keep: impl Fn(char) -> bool) -> usize {
    let mut end = start;
    while end < chars.len() && keep(chars[end]) {
        end += 1;
    }
    end
}

fn symbol(chars: &[char], i: usize) -> DResult<(Tok, usize)> {
    for sym in SYMBOLS {
        let len = sym.chars().count();
        let here: String = chars[i..(i + len).min(chars.len())].iter().collect();
        if here == sym {
            return Ok((Tok::Sym(sym), i + len));
        }
    }
    Err(syntax_error(&format!("Unexpected character: {}", chars[i])))
}
