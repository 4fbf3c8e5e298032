//! `$regex` and `/re/` literals: match strings (and an identical stored regex).

use bson::Bson;
use regex::Regex;

use super::matcher::ValueMatcher;
use crate::engine::mongo::error::MongoError;

#[derive(Debug, Clone)]
pub(crate) struct RegexMatcher {
    pattern: String,
    options: String,
    compiled: Regex,
}

impl RegexMatcher {
    pub(crate) fn new(pattern: &str, options: &str) -> Result<RegexMatcher, MongoError> {
        let compiled = compile(pattern, options)?;
        Ok(RegexMatcher {
            pattern: pattern.to_string(),
            options: options.to_string(),
            compiled,
        })
    }

    pub(crate) fn is_match(&self, text: &str) -> bool {
        self.compiled.is_match(text)
    }
}

/// Compiles a PCRE-style pattern with the server's option letters.
pub(crate) fn compile(pattern: &str, options: &str) -> Result<Regex, MongoError> {
    let mut flags = String::new();
    for letter in options.chars() {
        match letter {
            'i' | 'm' | 's' | 'x' => flags.push(letter),
            'u' => {}
            other => {
                return Err(MongoError::new(
                    51108,
                    format!("invalid flag in regex options: {other}"),
                ))
            }
        }
    }
    let source = if flags.is_empty() {
        pattern.to_string()
    } else {
        format!("(?{flags}){pattern}")
    };
    Regex::new(&source)
        .map_err(|e| MongoError::new(51091, format!("Regular expression is invalid: {e}")))
}

impl ValueMatcher for RegexMatcher {
    fn matches(&self, value: Option<&Bson>) -> bool {
        match value {
            Some(Bson::String(s)) | Some(Bson::Symbol(s)) => self.compiled.is_match(s),
            Some(Bson::RegularExpression(re)) => {
                re.pattern == self.pattern && re.options == self.options
            }
            _ => false,
        }
    }
}
