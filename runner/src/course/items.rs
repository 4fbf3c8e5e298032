//! Reading mongosh's printed output back into comparable pieces: the top-level
//! values, the elements of printed arrays (usually documents), and a document's
//! top-level fields. Only used to explain a mismatch; equality is decided on text.

/// Bracket depth and string state while scanning printed text.
#[derive(Default)]
struct Scanner {
    depth: usize,
    quote: Option<char>,
    escaped: bool,
}

impl Scanner {
    /// Feeds one character; a newline ends any string (printed strings never span lines).
    fn feed(&mut self, c: char) {
        if c == '\n' {
            self.quote = None;
            self.escaped = false;
        } else if let Some(q) = self.quote {
            self.feed_in_string(c, q);
        } else {
            self.feed_outside(c);
        }
    }

    fn feed_in_string(&mut self, c: char, q: char) {
        if self.escaped {
            self.escaped = false;
        } else if c == '\\' {
            self.escaped = true;
        } else if c == q {
            self.quote = None;
        }
    }

    fn feed_outside(&mut self, c: char) {
        match c {
            '\'' | '"' | '`' => self.quote = Some(c),
            '{' | '[' | '(' => self.depth += 1,
            '}' | ']' | ')' => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
    }

    fn at_top(&self) -> bool {
        self.depth == 0 && self.quote.is_none()
    }
}

/// Splits `text` at the characters where `is_cut` holds while at depth 0.
fn split_top(text: &str, is_cut: impl Fn(char) -> bool) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut scanner = Scanner::default();
    for c in text.chars() {
        if scanner.at_top() && is_cut(c) {
            parts.push(std::mem::take(&mut current));
        } else {
            scanner.feed(c);
            current.push(c);
        }
    }
    parts.push(current);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// The printed values and, for printed arrays, their elements, each normalised to
/// one line so layout differences (line breaking) do not count.
pub fn items(text: &str) -> Vec<String> {
    split_top(text, |c| c == '\n')
        .iter()
        .flat_map(|value| array_elements(value.trim()).unwrap_or_else(|| vec![value.clone()]))
        .map(|item| normalise(&item))
        .collect()
}

fn array_elements(value: &str) -> Option<Vec<String>> {
    let inner = value.strip_prefix('[')?.strip_suffix(']')?;
    Some(split_top(inner, |c| c == ','))
}

/// Collapses whitespace runs outside strings to one space.
pub fn normalise(text: &str) -> String {
    let mut out = String::new();
    let mut scanner = Scanner::default();
    let mut pending_space = false;
    for c in text.trim().chars() {
        let outside = scanner.quote.is_none();
        scanner.feed(c);
        if outside && c.is_whitespace() {
            pending_space = true;
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(c);
    }
    out
}

/// A printed document's top-level `key: value` pairs, or `None` if it is not one.
pub fn fields(item: &str) -> Option<Vec<(String, String)>> {
    let inner = item.trim().strip_prefix('{')?.strip_suffix('}')?;
    split_top(inner, |c| c == ',')
        .iter()
        .map(|pair| split_pair(pair))
        .collect()
}

fn split_pair(pair: &str) -> Option<(String, String)> {
    let parts = split_top(pair, |c| c == ':');
    let key = parts.first()?.trim();
    let colon = pair.find(':')?;
    let value = pair.get(colon + 1..)?.trim();
    Some((unquote(key), value.to_string()))
}

fn unquote(key: &str) -> String {
    let quoted = key.len() >= 2 && (key.starts_with('\'') || key.starts_with('"'));
    if quoted {
        key.get(1..key.len() - 1).unwrap_or(key).to_string()
    } else {
        key.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_line_and_single_line_documents_compare_equal() {
        let a = items("[\n  {\n    _id: 1,\n    nama: 'Ani, S.'\n  },\n  { _id: 2 }\n]");
        assert_eq!(a, vec!["{ _id: 1, nama: 'Ani, S.' }", "{ _id: 2 }"]);
    }

    #[test]
    fn fields_split_at_top_level_only() {
        let f = fields("{ _id: 1, alamat: { kota: 'Bogor', kode: 1 }, 'a-b': [ 1, 2 ] }").unwrap();
        let keys: Vec<_> = f.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["_id", "alamat", "a-b"]);
        assert_eq!(f[1].1, "{ kota: 'Bogor', kode: 1 }");
    }

    #[test]
    fn scalars_are_items_of_their_own() {
        assert_eq!(
            items("switched to db kampus\n3"),
            vec!["switched to db kampus", "3"]
        );
    }
}
