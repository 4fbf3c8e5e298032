//! Cursor batches (`find()`, `aggregate()`, `it`), as mongosh's
//! `formatCursorIterationResult` prints them.

use super::{inspect, Array, Options, Value};

/// The line after a batch when the cursor has more documents.
pub(crate) const TYPE_IT_FOR_MORE: &str = "Type \"it\" for more";

/// A batch of documents: an array printed at full depth with the ordinary
/// layout rules (mongosh 2.4), followed by `Type "it" for more` on its own
/// line when `has_more`. An empty batch gives the empty string; the caller
/// prints `no cursor` for an `it` that finds nothing.
pub(crate) fn format_cursor_batch(docs: Vec<Value>, has_more: bool, colors: bool) -> String {
    if docs.is_empty() {
        return String::new();
    }
    let batch = Value::Array(Array {
        items: docs.into_iter().map(Some).collect(),
        extra: Vec::new(),
    });
    let text = inspect(&batch, &Options::FULL_DEPTH.with_colors(colors));
    if has_more {
        format!("{text}\n{TYPE_IT_FOR_MORE}")
    } else {
        text
    }
}
