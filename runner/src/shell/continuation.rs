//! Whether typed input goes on on the next line, decided as Node's REPL decides it
//! under mongosh: the input is parsed, and only an error raised at the very end of the
//! input (or inside a template literal, a block comment, or a string whose line ends
//! in a backslash) is recoverable. Any other parse error can never be mended by more
//! lines, so the input is evaluated at once and its SyntaxError shown.

use boa_engine::ast::scope::Scope;
use boa_engine::interner::Interner;
use boa_engine::parser::lexer::Error as LexError;
use boa_engine::parser::{Error, Parser, Source};

/// What parsing `code` as a whole script says about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Parses,
    /// A parse error that no further line can mend.
    Fails,
    /// The beginning of a statement that a further line may complete.
    AwaitsMore,
}

pub fn status(code: &str) -> Status {
    let Err(err) = parse(code) else {
        return Status::Parses;
    };
    // Node retries input that starts with `{` as the start of an object literal.
    let awaits = recoverable(&err, code)
        || (code.trim_start().starts_with('{')
            && parse(&format!("({code}")).is_err_and(|e| recoverable(&e, code)));
    if awaits {
        Status::AwaitsMore
    } else {
        Status::Fails
    }
}

/// True when `code` is the beginning of a statement that a further line may complete.
pub fn awaits_more(code: &str) -> bool {
    status(code) == Status::AwaitsMore
}

fn parse(code: &str) -> Result<(), Error> {
    let mut interner = Interner::default();
    Parser::new(Source::from_bytes(code))
        .parse_script(&Scope::new_global(), &mut interner)
        .map(drop)
}

fn recoverable(err: &Error, code: &str) -> bool {
    match err {
        Error::AbruptEnd => true,
        Error::Lex { err } => open_token(err, code),
        _ => false,
    }
}

/// A token the lexer could not close because the input ended inside it.
fn open_token(err: &LexError, code: &str) -> bool {
    match err {
        LexError::IO(e) if e.to_string().contains("template") => true,
        LexError::IO(_) => ends_in_line_continuation(code),
        LexError::Syntax(message, _) => message.contains("multiline comment"),
    }
}

/// A string broken with a backslash at the end of the line goes on on the next one.
fn ends_in_line_continuation(code: &str) -> bool {
    code.trim_end_matches(['\n', '\r']).ends_with('\\')
}
