//! Indonesian text belongs in the catalogue (`runner/src/pesan.rs` and `runner/src/pesan/`):
//! a string literal anywhere else in `runner/src` that contains a common Indonesian
//! function word fails this suite. Comments (clap's doc comments included) are not
//! literals; test code (`#[cfg(test)]` items, `tests.rs`, `*_tests.rs`, `tests/` folders)
//! may hold expected texts and is left out.

use std::path::{Path, PathBuf};

/// Common Indonesian function words: one of them almost always shows up in a sentence.
const FUNCTION_WORDS: [&str; 7] = ["yang", "dan", "tidak", "untuk", "dengan", "ini", "ada"];

/// A string literal of Rust source: the 1-based line it starts on and its decoded text.
#[derive(Debug, Clone, PartialEq)]
struct Literal {
    line: usize,
    text: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    Punct(char),
    Str(Literal),
}

/// A small Rust lexer: just enough to tell string literals from comments, char
/// literals, lifetimes and the rest.
struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
}

impl Lexer {
    fn new(source: &str) -> Lexer {
        Lexer {
            chars: source.chars().collect(),
            at: 0,
            line: 1,
        }
    }

    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn tokens(mut self) -> Vec<Token> {
        let mut out = Vec::new();
        while let Some(c) = self.peek(0) {
            if let Some(token) = self.token(c) {
                out.push(token);
            }
        }
        out
    }

    fn token(&mut self, c: char) -> Option<Token> {
        match c {
            '/' if self.peek(1) == Some('/') => self.skip_line(),
            '/' if self.peek(1) == Some('*') => self.skip_block_comment(),
            '"' => return Some(self.quoted()),
            '\'' => return self.quote_mark(),
            c if c.is_alphanumeric() || c == '_' => return Some(self.word()),
            c if c.is_whitespace() => {
                self.bump();
            }
            c => {
                self.bump();
                return Some(Token::Punct(c));
            }
        }
        None
    }

    fn skip_line(&mut self) {
        while self.peek(0).is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// Block comments nest in Rust.
    fn skip_block_comment(&mut self) {
        let mut depth = 0;
        while let Some(c) = self.bump() {
            if c == '/' && self.peek(0) == Some('*') {
                self.bump();
                depth += 1;
            } else if c == '*' && self.peek(0) == Some('/') {
                self.bump();
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
        }
    }

    /// An identifier or number, or the prefix of `b"…"`, `c"…"`, `r#"…"#`, `br"…"`, `b'x'`.
    fn word(&mut self) -> Token {
        let mut word = String::new();
        while let Some(c) = self.peek(0).filter(|c| c.is_alphanumeric() || *c == '_') {
            word.push(c);
            self.bump();
        }
        let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
        match self.peek(0) {
            Some('"') if matches!(word.as_str(), "b" | "c") => self.quoted(),
            Some('"') if raw_prefix => self.raw(),
            Some('#') if raw_prefix && self.starts_raw_string() => self.raw(),
            Some('\'') if word == "b" => self.quote_mark().unwrap_or(Token::Punct('\'')),
            _ => Token::Ident(word),
        }
    }

    /// After `r`: `#…#"` opens a raw string; `#ident` is a raw identifier.
    fn starts_raw_string(&self) -> bool {
        let hashes = (0..).take_while(|i| self.peek(*i) == Some('#')).count();
        self.peek(hashes) == Some('"')
    }

    /// `"…"` with escapes; the cursor is on the opening quote.
    fn quoted(&mut self) -> Token {
        let line = self.line;
        self.bump();
        let mut text = String::new();
        while let Some(c) = self.bump() {
            match c {
                '"' => break,
                '\\' => self.escape(&mut text),
                c => text.push(c),
            }
        }
        Token::Str(Literal { line, text })
    }

    fn escape(&mut self, text: &mut String) {
        match self.bump() {
            Some('n') => text.push('\n'),
            Some('t') => text.push('\t'),
            Some('r') => text.push('\r'),
            Some('0') => text.push('\0'),
            Some('x') => self.hex_escape(text, 2),
            Some('u') => self.unicode_escape(text),
            Some('\n') => self.skip_leading_whitespace(),
            Some(c) => text.push(c),
            None => {}
        }
    }

    fn hex_escape(&mut self, text: &mut String, digits: usize) {
        let hex: String = (0..digits).filter_map(|_| self.bump()).collect();
        text.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
    }

    /// `\u{…}`.
    fn unicode_escape(&mut self, text: &mut String) {
        self.bump();
        let mut hex = String::new();
        while let Some(c) = self.bump().filter(|c| *c != '}') {
            hex.push(c);
        }
        text.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
    }

    /// A `\` at the end of a line skips the next line's indentation.
    fn skip_leading_whitespace(&mut self) {
        while self.peek(0).is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// `#…#"…"#…#`; the cursor is on the first `#` or the quote.
    fn raw(&mut self) -> Token {
        let line = self.line;
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            self.bump();
            hashes += 1;
        }
        self.bump();
        let mut text = String::new();
        while let Some(c) = self.bump() {
            if c == '"' && (0..hashes).all(|i| self.peek(i) == Some('#')) {
                for _ in 0..hashes {
                    self.bump();
                }
                break;
            }
            text.push(c);
        }
        Token::Str(Literal { line, text })
    }

    /// A char literal (`'x'`, `'\''`, `'"'`) is skipped; a lifetime or label is a mark.
    fn quote_mark(&mut self) -> Option<Token> {
        let escaped = self.peek(1) == Some('\\');
        if !escaped && self.peek(2) != Some('\'') {
            self.bump();
            return Some(Token::Punct('\''));
        }
        self.bump();
        if escaped {
            self.bump();
            self.bump();
        }
        while self.bump().is_some_and(|c| c != '\'') {}
        None
    }
}

/// The string literals of `source` outside `#[cfg(test)]` items.
fn literals(source: &str) -> Vec<Literal> {
    let tokens = Lexer::new(source).tokens();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if let Some(after) = test_attribute_end(&tokens, i) {
            if tokens.get(i + 1) == Some(&Token::Punct('!')) {
                return Vec::new();
            }
            i = item_end(&tokens, after);
            continue;
        }
        if let Token::Str(lit) = &tokens[i] {
            out.push(lit.clone());
        }
        i += 1;
    }
    out
}

/// When `#[cfg(…test…)]` (or the inner `#![…]`) starts at `i`: the index after its `]`.
fn test_attribute_end(tokens: &[Token], i: usize) -> Option<usize> {
    if tokens.get(i) != Some(&Token::Punct('#')) {
        return None;
    }
    let open = i + 1 + usize::from(tokens.get(i + 1) == Some(&Token::Punct('!')));
    let ident = |t: Option<&Token>, name: &str| matches!(t, Some(Token::Ident(w)) if w == name);
    let is_cfg = tokens.get(open) == Some(&Token::Punct('[')) && ident(tokens.get(open + 1), "cfg");
    if !is_cfg {
        return None;
    }
    let close = group_end(tokens, open)?;
    let inside = tokens.get(open + 2..close)?;
    let mentions = |name| inside.iter().any(|t| ident(Some(t), name));
    (mentions("test") && !mentions("not")).then_some(close + 1)
}

/// The index after the bracket group opening at `open`.
fn group_end(tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (j, token) in tokens.iter().enumerate().skip(open) {
        match token {
            Token::Punct('[' | '(' | '{') => depth += 1,
            Token::Punct(']' | ')' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
    }
    None
}

/// The index after the item starting at `from`: at its `;` or its `{…}` body.
fn item_end(tokens: &[Token], from: usize) -> usize {
    for (j, token) in tokens.iter().enumerate().skip(from) {
        match token {
            Token::Punct(';') => return j + 1,
            Token::Punct('{') => return group_end(tokens, j).map_or(tokens.len(), |e| e + 1),
            Token::Punct('[' | '(') => {
                let after = group_end(tokens, j).map_or(tokens.len(), |e| e + 1);
                return item_end(tokens, after);
            }
            _ => {}
        }
    }
    tokens.len()
}

/// The function words `text` contains as whole words, in any case.
fn function_words(text: &str) -> Vec<&'static str> {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .collect();
    FUNCTION_WORDS
        .into_iter()
        .filter(|w| words.iter().any(|x| x == w))
        .collect()
}

/// `path:line: "text"` for every Indonesian-looking literal of `source`.
fn offenders(path: &str, source: &str) -> Vec<String> {
    literals(source)
        .into_iter()
        .filter(|lit| !function_words(&lit.text).is_empty())
        .map(|lit| format!("{path}:{}: {:?}", lit.line, lit.text))
        .collect()
}

fn source_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Files left to the change that replaces them: the hand-written book server goes, and
/// its one text moves into the catalogue with its successor.
const BEING_REPLACED: [&str; 1] = ["course/serve.rs"];

/// The catalogue itself and test-only files are not scanned.
fn scanned(relative: &Path) -> bool {
    if BEING_REPLACED.iter().any(|f| relative == Path::new(f)) {
        return false;
    }
    let catalogue = relative.starts_with("pesan.rs") || relative.starts_with("pesan");
    let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let test_file = name == "tests.rs" || name.ends_with("_tests.rs");
    let test_dir = relative.components().any(|c| c.as_os_str() == "tests");
    !(catalogue || test_file || test_dir)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the source folder is readable")
        .map(|e| e.expect("a readable entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_indonesian_literal_outside_the_catalogue() {
    let root = source_root();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut found = Vec::new();
    for path in files {
        let relative = path.strip_prefix(&root).expect("under src/");
        if scanned(relative) {
            let source = std::fs::read_to_string(&path).expect("a readable source file");
            found.extend(offenders(&relative.display().to_string(), &source));
        }
    }
    assert!(
        found.is_empty(),
        "Indonesian text outside runner/src/pesan (move it into the catalogue):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_covers_the_crate() {
    let root = source_root();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let scanned_files = files
        .iter()
        .filter(|p| scanned(p.strip_prefix(&root).expect("under src/")))
        .count();
    assert!(scanned_files > 100, "only {scanned_files} files scanned");
    assert!(!scanned(Path::new("pesan.rs")));
    assert!(!scanned(Path::new("pesan/shell.rs")));
    assert!(!scanned(Path::new("shell/api_tests.rs")));
    assert!(!scanned(Path::new("printer/tests/golden.rs")));
    assert!(scanned(Path::new("shell/dynamo_aids.rs")));
}

fn texts(source: &str) -> Vec<String> {
    literals(source).into_iter().map(|l| l.text).collect()
}

#[test]
fn finds_plain_and_format_literals() {
    let src = "fn f() -> String { format!(\"{x}: tidak dapat dibaca\") }";
    assert_eq!(
        offenders("a.rs", src),
        vec!["a.rs:1: \"{x}: tidak dapat dibaca\""]
    );
    assert_eq!(function_words("Tidak ada petunjuk"), vec!["tidak", "ada"]);
}

#[test]
fn whole_words_only() {
    assert!(function_words("adalah Indonesia mandan berinisial").is_empty());
    assert_eq!(function_words("x\ndan\ty"), vec!["dan"]);
}

#[test]
fn escaped_quotes_stay_inside_the_literal() {
    let src = r#"let a = "say \"tidak\" here"; let b = dan;"#;
    assert_eq!(texts(src), vec!["say \"tidak\" here"]);
    let src = r#"let a = "x\\"; let b = "ini";"#;
    assert_eq!(texts(src), vec!["x\\", "ini"]);
    let src = "let a = \"line\\n\\\n        continued\\u{41}\";";
    assert_eq!(texts(src), vec!["line\ncontinuedA"]);
}

#[test]
fn raw_strings_end_at_their_own_delimiter() {
    let src = r####"let a = r#"ada "quoted" ini"#; let b = r"dan"; let c = br##"x"#y"##;"####;
    assert_eq!(texts(src), vec!["ada \"quoted\" ini", "dan", "x\"#y"]);
    let src = "let r#type = 1; let s = \"untuk\";";
    assert_eq!(texts(src), vec!["untuk"]);
}

#[test]
fn char_literals_and_lifetimes_open_no_string() {
    let src = "let q = '\"'; let e = '\\''; fn f<'a>(x: &'a str) -> &'a str { \"dengan\" }\nlet b = b'\"';";
    assert_eq!(
        literals(src),
        vec![Literal {
            line: 1,
            text: "dengan".into()
        }]
    );
    let src = "let s = 'x'; let t = \"yang\";";
    assert_eq!(texts(src), vec!["yang"]);
}

#[test]
fn comments_are_not_literals() {
    let src = "/// Tidak ada \"x\"\n// \"dan\"\n/* \"ini\" /* nested \"untuk\" */ \"yang\" */\nlet a = \"ok\";";
    assert_eq!(
        literals(src),
        vec![Literal {
            line: 4,
            text: "ok".into()
        }]
    );
}

#[test]
fn attribute_literals_are_scanned() {
    let src = "#[error(\"kesalahan dengan {0}\")]\nScript(String),";
    assert_eq!(offenders("e.rs", src).len(), 1);
}

#[test]
fn test_items_are_left_out_and_only_them() {
    let src = "#[cfg(test)]\nmod api_tests;\nconst A: &str = \"ini\";\n\
               #[cfg(test)]\nmod tests {\n fn t() { let x = [\"dan\"]; }\n}\n\
               const B: &str = \"ada\";\n#[cfg(not(test))]\nconst C: &str = \"yang\";";
    assert_eq!(texts(src), vec!["ini", "ada", "yang"]);
    assert!(texts("#![cfg(test)]\nconst A: &str = \"ini\";").is_empty());
}
