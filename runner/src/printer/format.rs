//! The recursive part of `util.inspect` (Node's `formatValue` / `formatRaw`):
//! primitives, containers, the depth limit and circular references.

use super::color::{stylize, Tone};
use super::container::Container;
use super::entries::container_entries;
use super::layout::{reduce_to_single_string, Shape};
use super::number::js_number_to_string;
use super::strings::format_string;
use super::{Array, Options, Value};

/// Nesting beyond this is not descended into, so that absurdly deep values
/// cannot exhaust the stack (Node stops at its own call-stack limit).
const MAX_NESTING: usize = 500;

/// Node's `inspect` has no exact counterpart to the nesting cap: it reports a
/// call-stack overflow in the same words.
fn interrupted(c: &Container, colors: bool) -> String {
    let name = c.depth_name();
    let name = name.trim_start_matches('[').trim_end_matches(']');
    let text =
        format!("[{name}: Inspection interrupted prematurely. Maximum call stack size exceeded.]");
    stylize(&text, Tone::Special, colors)
}

/// Node's inspection context: options plus the state threaded through the walk.
pub(super) struct Ctx<'a> {
    pub opts: &'a Options,
    /// Node's `indentationLvl`: columns the current value is indented by.
    pub indent: usize,
    /// Node's `currentDepth`: the level of the last container whose
    /// formatting started (drives the compact = 3 nesting rule).
    pub current_depth: usize,
    /// Anchor ids in the order their first `[Circular *N]` was printed.
    circular: Vec<u32>,
}

pub(super) fn inspect(value: &Value, options: &Options) -> String {
    let mut ctx = Ctx {
        opts: options,
        indent: 0,
        current_depth: 0,
        circular: Vec::new(),
    };
    format_value(&mut ctx, value, 0, None)
}

/// Formats one value at nesting level `level` (0 = the printed value).
pub(super) fn format_value(
    ctx: &mut Ctx,
    value: &Value,
    level: usize,
    anchor: Option<u32>,
) -> String {
    let colors = ctx.opts.colors;
    match value {
        Value::Undefined => stylize("undefined", Tone::Undefined, colors),
        Value::Null => stylize("null", Tone::Null, colors),
        Value::Bool(b) => stylize(&b.to_string(), Tone::Boolean, colors),
        Value::Number(n) => stylize(&js_number_to_string(*n), Tone::Number, colors),
        Value::BigInt(digits) => stylize(&format!("{digits}n"), Tone::Number, colors),
        Value::String(s) => format_units(ctx, &s.encode_utf16().collect::<Vec<u16>>()),
        Value::Utf16(units) => format_units(ctx, units),
        Value::Custom { text, style } => format_custom(ctx, text, *style),
        Value::Circular(id) => format_circular(ctx, *id),
        Value::Anchor { id, value } => format_value(ctx, value, level, Some(*id)),
        Value::Array(a) => format_container(ctx, Container::Array(a), level, anchor),
        Value::Object(o) => format_container(ctx, Container::Object(o), level, anchor),
        Value::Map(m) => format_container(ctx, Container::Map(m), level, anchor),
        Value::Set(s) => format_container(ctx, Container::Set(s), level, anchor),
    }
}

fn format_units(ctx: &Ctx, units: &[u16]) -> String {
    let opts = ctx.opts;
    format_string(units, opts.max_string_length, ctx.indent, opts.colors)
}

/// A custom inspector's text; Node indents its continuation lines.
fn format_custom(ctx: &Ctx, text: &str, style: super::Style) -> String {
    let indented = text.replace('\n', &format!("\n{}", " ".repeat(ctx.indent)));
    match Option::<Tone>::from(style) {
        Some(tone) if !indented.contains('\u{1b}') => stylize(&indented, tone, ctx.opts.colors),
        _ => indented,
    }
}

fn circular_index(ctx: &mut Ctx, id: u32) -> usize {
    match ctx.circular.iter().position(|&seen| seen == id) {
        Some(i) => i + 1,
        None => {
            ctx.circular.push(id);
            ctx.circular.len()
        }
    }
}

fn format_circular(ctx: &mut Ctx, id: u32) -> String {
    let index = circular_index(ctx, id);
    stylize(
        &format!("[Circular *{index}]"),
        Tone::Special,
        ctx.opts.colors,
    )
}

/// The `<ref *N>` marker of an anchor that was referenced while printing it.
fn reference_marker(ctx: &Ctx, anchor: Option<u32>) -> String {
    let index = anchor.and_then(|id| ctx.circular.iter().position(|&seen| seen == id));
    match index {
        Some(i) => stylize(&format!("<ref *{}>", i + 1), Tone::Special, ctx.opts.colors),
        None => String::new(),
    }
}

fn format_container(ctx: &mut Ctx, c: Container, level: usize, anchor: Option<u32>) -> String {
    if c.is_empty() {
        return format!("{}{}", c.open(), c.close());
    }
    if ctx.opts.depth.is_some_and(|depth| level > depth) {
        return stylize(&c.depth_name(), Tone::Special, ctx.opts.colors);
    }
    if level > MAX_NESTING {
        return interrupted(&c, ctx.opts.colors);
    }
    let level = level + 1;
    ctx.current_depth = level;
    let output = container_entries(ctx, c, level);
    let numeric = match c {
        Container::Array(a) => Some(all_numeric(a, output.len())),
        _ => None,
    };
    let base = reference_marker(ctx, anchor);
    let open = c.open();
    let shape = Shape {
        base: &base,
        open: &open,
        close: c.close(),
        numeric_array: numeric,
    };
    reduce_to_single_string(ctx, output, &shape, level)
}

/// Node checks `typeof value[i]` for every output position (holes and
/// positions past the end are `undefined`, so they disable right-alignment).
fn all_numeric(a: &Array, output_len: usize) -> bool {
    (0..output_len).all(|i| {
        matches!(
            a.items.get(i),
            Some(Some(Value::Number(_) | Value::BigInt(_)))
        )
    })
}
