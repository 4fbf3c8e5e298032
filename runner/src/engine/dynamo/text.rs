//! The wire JSON of typed items written straight as text, for response bodies.
//! It gives the very bytes serde_json writes for the tree `AttrValue::to_json`
//! builds (the tests hold it to that), without building the tree: a Query page
//! of a hundred items would otherwise be a thousand small maps made and dropped.

use std::io::{self, Write};

use indexmap::IndexMap;

use super::number::Number;
use super::types::AttrValue;
use crate::base64;

/// `{"name":{"S":"…"},…}` in attribute order: an item, or the value of an M.
pub(crate) fn write_item<W: Write>(
    out: &mut W,
    item: &IndexMap<String, AttrValue>,
) -> io::Result<()> {
    out.write_all(b"{")?;
    for (i, (name, value)) in item.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write_str(out, name)?;
        out.write_all(b":")?;
        write_value(out, value)?;
    }
    out.write_all(b"}")
}

/// `{"S":"…"}`, `{"N":"12.5"}`, …: one member named for the type.
pub(crate) fn write_value<W: Write>(out: &mut W, value: &AttrValue) -> io::Result<()> {
    out.write_all(b"{\"")?;
    out.write_all(value.type_name().as_bytes())?;
    out.write_all(b"\":")?;
    match value {
        AttrValue::S(s) => write_str(out, s)?,
        AttrValue::N(n) => write_number(out, n)?,
        AttrValue::B(b) => write_binary(out, b)?,
        AttrValue::Bool(b) => out.write_all(if *b { b"true" } else { b"false" })?,
        AttrValue::Null => out.write_all(b"true")?,
        AttrValue::M(m) => write_item(out, m)?,
        AttrValue::L(l) => write_list(out, l, write_value)?,
        AttrValue::SS(s) => write_list(out, s, |out, s| write_str(out, s))?,
        AttrValue::NS(s) => write_list(out, s, write_number)?,
        AttrValue::BS(s) => write_list(out, s, |out, b| write_binary(out, b))?,
    }
    out.write_all(b"}")
}

fn write_list<W: Write, T>(
    out: &mut W,
    members: &[T],
    write: impl Fn(&mut W, &T) -> io::Result<()>,
) -> io::Result<()> {
    out.write_all(b"[")?;
    for (i, member) in members.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write(out, member)?;
    }
    out.write_all(b"]")
}

fn write_number<W: Write>(out: &mut W, n: &Number) -> io::Result<()> {
    write!(out, "\"{n}\"")
}

/// Base64 needs no escaping.
fn write_binary<W: Write>(out: &mut W, bytes: &[u8]) -> io::Result<()> {
    write!(out, "\"{}\"", base64::encode(bytes))
}

/// A JSON string with serde_json's escapes. Stored text rarely holds a quote, a
/// backslash or a control character, so it is copied in runs between them.
pub(crate) fn write_str<W: Write>(out: &mut W, text: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    let mut rest = text.as_bytes();
    while let Some(at) = rest.iter().position(|b| needs_escape(*b)) {
        out.write_all(&rest[..at])?;
        write_escape(out, rest[at])?;
        rest = &rest[at + 1..];
    }
    out.write_all(rest)?;
    out.write_all(b"\"")
}

fn needs_escape(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// The short escapes JSON has, else `\u00XX` in lower-case hex, as serde_json.
fn write_escape<W: Write>(out: &mut W, byte: u8) -> io::Result<()> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let short = match byte {
        b'"' => b'"',
        b'\\' => b'\\',
        0x08 => b'b',
        0x0c => b'f',
        b'\n' => b'n',
        b'\r' => b'r',
        b'\t' => b't',
        _ => {
            let hex = [HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0xf)]];
            return out.write_all(&[b'\\', b'u', b'0', b'0', hex[0], hex[1]]);
        }
    };
    out.write_all(&[b'\\', short])
}
