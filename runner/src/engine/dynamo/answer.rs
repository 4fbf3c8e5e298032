//! What the engine answers: a response body that is either a JSON tree, or a
//! Query/Scan page or a GetItem's item still borrowing the table's items. The shell
//! reads it as a tree; the HTTP endpoint has it written as text, so stored items are
//! neither copied out of the table nor turned into a tree first.

use std::io::{self, Write};

use serde_json::Value;

use super::ops::{ItemRead, Page};

/// One response body, alive while the engine is borrowed.
pub struct Answer<'a>(Body<'a>);

enum Body<'a> {
    Tree(Value),
    // Boxed: a page with its capacity figures is several times a tree's size.
    Page(Box<Page<'a>>),
    Item(ItemRead<'a>),
}

impl<'a> Answer<'a> {
    pub(crate) fn tree(value: Value) -> Answer<'a> {
        Answer(Body::Tree(value))
    }

    pub(crate) fn page(page: Page<'a>) -> Answer<'a> {
        Answer(Body::Page(Box::new(page)))
    }

    pub(crate) fn item(read: ItemRead<'a>) -> Answer<'a> {
        Answer(Body::Item(read))
    }

    /// The body as a JSON tree.
    pub fn into_value(self) -> Value {
        match self.0 {
            Body::Tree(value) => value,
            Body::Page(page) => page.to_json(),
            Body::Item(read) => read.into_value(),
        }
    }

    /// About how many bytes `write_json` writes, for sizing a buffer; 0 when unknown.
    pub fn len_hint(&self) -> usize {
        match &self.0 {
            Body::Tree(_) => 0,
            Body::Page(page) => page.text_len_hint(),
            Body::Item(read) => read.text_len_hint(),
        }
    }

    /// The body as JSON text: the bytes serde_json writes for `into_value`.
    pub fn write_json<W: Write>(&self, out: &mut W) -> io::Result<()> {
        match &self.0 {
            Body::Tree(value) => Ok(serde_json::to_writer(out, value)?),
            Body::Page(page) => page.write_json(out),
            Body::Item(read) => read.write_json(out),
        }
    }
}
