//! Tokens of every expression kind. Unknown characters become `Unknown`
//! tokens so that the parser reports them with the service's
//! `token: "…", near: "…"` syntax-error text.

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    NamePh(String),
    ValuePh(String),
    Int(String),
    Dot,
    Comma,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    Unknown(String),
    Eof,
}

#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

pub(crate) fn tokenize(src: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = src.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let tok = lex_one(src, start, c, &mut chars);
        let end = chars.peek().map(|(i, _)| *i).unwrap_or(src.len());
        out.push(Token { tok, start, end });
    }
    out.push(Token {
        tok: Tok::Eof,
        start: src.len(),
        end: src.len(),
    });
    out
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn take_word(src: &str, from: usize, chars: &mut Chars) -> String {
    let mut end = from;
    while let Some(&(i, c)) = chars.peek() {
        if !is_word(c) {
            break;
        }
        end = i + c.len_utf8();
        chars.next();
    }
    src[from..end].to_string()
}

fn lex_one(src: &str, start: usize, c: char, chars: &mut Chars) -> Tok {
    if c == '#' || c == ':' {
        chars.next();
        let word = take_word(src, start + 1, chars);
        if word.is_empty() {
            return Tok::Unknown(c.to_string());
        }
        let text = format!("{c}{word}");
        return if c == '#' {
            Tok::NamePh(text)
        } else {
            Tok::ValuePh(text)
        };
    }
    if c.is_ascii_digit() {
        return Tok::Int(take_word(src, start, chars));
    }
    if c.is_ascii_alphabetic() || c == '_' {
        return Tok::Ident(take_word(src, start, chars));
    }
    chars.next();
    lex_symbol(c, chars)
}

fn lex_symbol(c: char, chars: &mut Chars) -> Tok {
    let next_is = |chars: &mut Chars, want: char| {
        if chars.peek().map(|(_, n)| *n) == Some(want) {
            chars.next();
            true
        } else {
            false
        }
    };
    match c {
        '.' => Tok::Dot,
        ',' => Tok::Comma,
        '(' => Tok::LParen,
        ')' => Tok::RParen,
        '[' => Tok::LBracket,
        ']' => Tok::RBracket,
        '=' => Tok::Eq,
        '+' => Tok::Plus,
        '-' => Tok::Minus,
        '<' if next_is(chars, '>') => Tok::Ne,
        '<' if next_is(chars, '=') => Tok::Le,
        '<' => Tok::Lt,
        '>' if next_is(chars, '=') => Tok::Ge,
        '>' => Tok::Gt,
        other => Tok::Unknown(other.to_string()),
    }
}

impl Token {
    /// The token's text as the syntax-error message shows it.
    pub(crate) fn text<'a>(&self, src: &'a str) -> &'a str {
        if self.tok == Tok::Eof {
            "<EOF>"
        } else {
            src.get(self.start..self.end).unwrap_or("")
        }
    }
}
