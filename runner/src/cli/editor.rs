//! The line editor's helper: Tab completion and syntax highlighting for the
//! interactive REPL (rustyline).

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use crate::course::session::DOT_COMMAND_NAMES;
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::Helper;

use super::dynamo_completion;
use crate::shell::Shell;

const SHELL_WORDS: [&str; 13] = [
    "use",
    "show dbs",
    "show databases",
    "show collections",
    "show tables",
    "it",
    "help",
    "exit",
    "quit",
    "db",
    "print(",
    "printjson(",
    "EJSON",
];

const COLLECTION_METHODS: [&str; 34] = [
    "find(",
    "findOne(",
    "insertOne(",
    "insertMany(",
    "updateOne(",
    "updateMany(",
    "replaceOne(",
    "deleteOne(",
    "deleteMany(",
    "countDocuments(",
    "estimatedDocumentCount(",
    "distinct(",
    "aggregate(",
    "createIndex(",
    "createIndexes(",
    "getIndexes(",
    "dropIndex(",
    "dropIndexes(",
    "drop(",
    "findOneAndUpdate(",
    "findOneAndReplace(",
    "findOneAndDelete(",
    "bulkWrite(",
    "explain(",
    "insert(",
    "update(",
    "remove(",
    "save(",
    "count(",
    "getName(",
    "getFullName(",
    "renameCollection(",
    "stats(",
    "exists(",
];

const CURSOR_METHODS: [&str; 14] = [
    "sort(",
    "limit(",
    "skip(",
    "toArray(",
    "forEach(",
    "map(",
    "hasNext(",
    "next(",
    "count(",
    "itcount(",
    "size(",
    "explain(",
    "pretty(",
    "batchSize(",
];

const OPERATORS: [&str; 48] = [
    "$eq",
    "$ne",
    "$gt",
    "$gte",
    "$lt",
    "$lte",
    "$in",
    "$nin",
    "$and",
    "$or",
    "$nor",
    "$not",
    "$exists",
    "$type",
    "$all",
    "$elemMatch",
    "$size",
    "$regex",
    "$expr",
    "$set",
    "$unset",
    "$inc",
    "$mul",
    "$min",
    "$max",
    "$rename",
    "$push",
    "$addToSet",
    "$pull",
    "$pullAll",
    "$pop",
    "$each",
    "$match",
    "$project",
    "$group",
    "$sort",
    "$limit",
    "$skip",
    "$lookup",
    "$unwind",
    "$addFields",
    "$count",
    "$replaceRoot",
    "$sum",
    "$avg",
    "$first",
    "$last",
    "$facet",
];

/// rustyline helper sharing the session with the REPL loop.
pub(crate) struct KursusHelper {
    shell: Rc<RefCell<Shell>>,
    /// Field names seen in documents, for completion.
    fields: RefCell<Vec<String>>,
    /// Whether the line being edited has text (see the `Hinter`).
    line_has_text: std::cell::Cell<bool>,
}

impl KursusHelper {
    pub(crate) fn new(shell: Rc<RefCell<Shell>>) -> Self {
        KursusHelper {
            shell,
            fields: RefCell::new(Vec::new()),
            line_has_text: std::cell::Cell::new(false),
        }
    }

    /// Whether the line had text when it was last changed.
    pub(crate) fn had_text(&self) -> bool {
        self.line_has_text.replace(false)
    }

    /// Remembers field names from printed output (`nama:` → `nama`).
    pub(crate) fn learn_fields(&self, output: &str) {
        let mut fields = self.fields.borrow_mut();
        for word in output.split(|c: char| c.is_whitespace() || c == '{' || c == ',') {
            let Some(name) = word.strip_suffix(':') else {
                continue;
            };
            let valid = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
            if valid && !fields.iter().any(|f| f == name) && fields.len() < 500 {
                fields.push(name.to_string());
            }
        }
    }

    fn candidates(&self, line: &str, start: usize, word: &str) -> Vec<String> {
        let before = &line[..start];
        if before.trim_start() == "." {
            let names = DOT_COMMAND_NAMES.iter().map(|n| n[1..].to_string());
            return filter(names, word);
        }
        if word.starts_with('$') {
            return filter(OPERATORS.iter().map(|s| s.to_string()), word);
        }
        if let Some(words) = dynamo_words(before) {
            return filter(words.into_iter().map(str::to_string), word);
        }
        if before.ends_with("db.") && before.matches('.').count() == 1
            || before.trim_end().ends_with(" db.")
        {
            let names = self
                .shell
                .try_borrow_mut()
                .map(|mut s| s.collection_names())
                .unwrap_or_default();
            return filter(names.into_iter(), word);
        }
        if before.ends_with(").") {
            return filter(CURSOR_METHODS.iter().map(|s| s.to_string()), word);
        }
        if before.starts_with("db.") && before.ends_with('.') {
            return filter(COLLECTION_METHODS.iter().map(|s| s.to_string()), word);
        }
        let mut all: Vec<String> = SHELL_WORDS.iter().map(|s| s.to_string()).collect();
        all.extend(self.fields.borrow().iter().cloned());
        filter(all.into_iter(), word)
    }
}

/// `ddb.` and `dynamodb.` methods, or the request keys of the call being typed.
fn dynamo_words(before: &str) -> Option<Vec<&'static str>> {
    if let Some(object) = before.strip_suffix('.') {
        let start = word_start(object, object.len());
        if let Some(methods) = dynamo_completion::methods(&object[start..]) {
            return Some(methods);
        }
    }
    let at_key = before.trim_end().ends_with(['{', ',']);
    at_key.then(|| dynamo_completion::request_keys(before))?
}

fn filter(items: impl Iterator<Item = String>, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = items.filter(|i| i.starts_with(prefix)).collect();
    out.sort();
    out.dedup();
    out
}

fn word_start(line: &str, pos: usize) -> usize {
    line[..pos]
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '_' || *c == '$'))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

impl Completer for KursusHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = word_start(line, pos);
        let word = &line[start..pos];
        let pairs = self
            .candidates(line, start, word)
            .into_iter()
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for KursusHelper {
    type Hint = String;

    /// Called on every change of the line: remembers whether it has text, which
    /// rustyline does not say when Ctrl-C ends the line.
    fn hint(&self, line: &str, _pos: usize, _ctx: &rustyline::Context<'_>) -> Option<String> {
        self.line_has_text.set(!line.is_empty());
        None
    }
}

/// Every line is handed to the REPL driver, which decides when a statement is complete
/// (and shows mongosh's continuation prompt meanwhile).
impl Validator for KursusHelper {}

impl Highlighter for KursusHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        Cow::Owned(highlight_js(line))
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        true
    }
}

impl Helper for KursusHelper {}

const KEYWORDS: [&str; 20] = [
    "const",
    "let",
    "var",
    "function",
    "return",
    "if",
    "else",
    "for",
    "while",
    "new",
    "true",
    "false",
    "null",
    "undefined",
    "class",
    "of",
    "in",
    "typeof",
    "use",
    "show",
];

/// ANSI colours for strings, numbers and keywords; the visible text is unchanged.
pub(crate) fn highlight_js(line: &str) -> String {
    let mut out = String::with_capacity(line.len() * 2);
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '\'' | '"' | '`') {
            let end = string_end(&chars, i);
            push_colored(&mut out, &chars[i..end], "32");
            i = end;
        } else if c.is_ascii_digit() {
            let end = run_end(&chars, i, |c| c.is_ascii_alphanumeric() || c == '.');
            push_colored(&mut out, &chars[i..end], "33");
            i = end;
        } else if c.is_alphabetic() || c == '_' || c == '$' {
            let end = run_end(&chars, i, |c| c.is_alphanumeric() || c == '_' || c == '$');
            let word: String = chars[i..end].iter().collect();
            if KEYWORDS.contains(&word.as_str()) {
                push_colored(&mut out, &chars[i..end], "35");
            } else {
                out.push_str(&word);
            }
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn string_end(chars: &[char], start: usize) -> usize {
    let quote = chars[start];
    let mut i = start + 1;
    while i < chars.len() {
        if chars[i] == '\\' {
            i += 2;
            continue;
        }
        if chars[i] == quote {
            return i + 1;
        }
        i += 1;
    }
    chars.len()
}

fn run_end(chars: &[char], start: usize, keep: impl Fn(char) -> bool) -> usize {
    let mut i = start;
    while i < chars.len() && keep(chars[i]) {
        i += 1;
    }
    i
}

fn push_colored(out: &mut String, chars: &[char], code: &str) {
    out.push_str("\x1b[");
    out.push_str(code);
    out.push('m');
    out.extend(chars.iter());
    out.push_str("\x1b[0m");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highlighting_keeps_text() {
        let line = "const x = 'a' + 12";
        let plain: String = highlight_js(line)
            .split("\x1b[")
            .map(|part| part.split_once('m').map_or(part, |(_, rest)| rest))
            .collect();
        assert_eq!(plain, line);
    }

    #[test]
    fn dynamo_methods_and_keys() {
        assert!(dynamo_words("ddb.").is_some_and(|w| w.contains(&"query(")));
        assert!(dynamo_words("x = dynamodb.").is_some_and(|w| w.contains(&"getItem(")));
        assert!(dynamo_words("ddb.query({ ").is_some_and(|w| w.contains(&"TableName")));
        assert_eq!(dynamo_words("db."), None);
        assert_eq!(dynamo_words("ddb.query({ TableName: "), None);
    }

    #[test]
    fn word_boundaries() {
        assert_eq!(word_start("db.mah", 6), 3);
        assert_eq!(word_start("{ $in", 5), 2);
    }
}
