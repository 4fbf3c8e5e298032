//! DynamoDB's 573 reserved words (case-insensitive), from the developer guide.

use std::collections::HashSet;
use std::sync::OnceLock;

const WORDS: &str = include_str!("reserved_words.txt");

fn words() -> &'static HashSet<String> {
    static SET: OnceLock<HashSet<String>> = OnceLock::new();
    SET.get_or_init(|| {
        WORDS
            .lines()
            .map(|w| w.trim().to_ascii_uppercase())
            .filter(|w| !w.is_empty())
            .collect()
    })
}

pub(crate) fn is_reserved(name: &str) -> bool {
    words().contains(&name.to_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_the_lesson_words() {
        assert_eq!(words().len(), 573);
        for w in [
            "status", "Status", "name", "plan", "role", "data", "count", "size",
        ] {
            assert!(is_reserved(w), "{w}");
        }
        assert!(!is_reserved("projectName"));
    }
}
