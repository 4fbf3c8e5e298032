//! GetItem's answer: the item read (still borrowed from the table unless a
//! projection made a new one) and the capacity it consumed.

use std::io::{self, Write};

use serde_json::{Map, Value};

use super::page::Row;
use crate::engine::dynamo::types::item_to_json;

pub(crate) struct ItemRead<'a> {
    item: Option<Row<'a>>,
    consumed: Option<Value>,
}

impl<'a> ItemRead<'a> {
    pub(crate) fn new(item: Option<Row<'a>>, consumed: Option<Value>) -> ItemRead<'a> {
        ItemRead { item, consumed }
    }

    /// The response body as a tree, for the shell.
    pub(crate) fn into_value(self) -> Value {
        let mut out = Map::new();
        if let Some(row) = &self.item {
            out.insert("Item".into(), item_to_json(row.item()));
        }
        if let Some(c) = self.consumed {
            out.insert("ConsumedCapacity".into(), c);
        }
        Value::Object(out)
    }

    /// About how long `write_json`'s text is: an item's text is its stored bytes.
    pub(crate) fn text_len_hint(&self) -> usize {
        self.item.as_ref().map_or(0, Row::text_len) + 256
    }

    /// The bytes serde_json writes for `into_value`, the stored item copied as it is.
    pub(crate) fn write_json<W: Write>(&self, out: &mut W) -> io::Result<()> {
        out.write_all(b"{")?;
        if let Some(row) = &self.item {
            out.write_all(b"\"Item\":")?;
            row.write_json(out)?;
        }
        if let Some(c) = &self.consumed {
            let comma: &[u8] = if self.item.is_some() { b"," } else { b"" };
            out.write_all(comma)?;
            out.write_all(b"\"ConsumedCapacity\":")?;
            serde_json::to_writer(&mut *out, c)?;
        }
        out.write_all(b"}")
    }
}
