//! The entries of each container kind (Node's `formatArray`, `formatMap`,
//! `formatSet` and object properties), each child formatted two columns deeper.

use super::color::{stylize, Tone};
use super::container::Container;
use super::format::{format_value, Ctx};
use super::keys::{format_key, js_property_order};
use super::{Array, Value};

pub(super) fn container_entries(ctx: &mut Ctx, c: Container, level: usize) -> Vec<String> {
    match c {
        Container::Array(a) => array_entries(ctx, a, level),
        Container::Object(o) => object_entries(ctx, &o.entries, level),
        Container::Map(m) => map_entries(ctx, m, level),
        Container::Set(s) => set_entries(ctx, s, level),
    }
}

/// A child value, formatted two columns deeper.
fn format_child(ctx: &mut Ctx, value: &Value, level: usize) -> String {
    ctx.indent += 2;
    let text = format_value(ctx, value, level, None);
    ctx.indent -= 2;
    text
}

fn format_property(ctx: &mut Ctx, key: &str, value: &Value, level: usize) -> String {
    let text = format_child(ctx, value, level);
    format!("{}: {text}", format_key(key, ctx.opts.colors))
}

fn object_entries(ctx: &mut Ctx, entries: &[(String, Value)], level: usize) -> Vec<String> {
    js_property_order(entries)
        .into_iter()
        .map(|(k, v)| format_property(ctx, k, v, level))
        .collect()
}

fn more_items(remaining: usize) -> String {
    let plural = if remaining > 1 { "s" } else { "" };
    format!("... {remaining} more item{plural}")
}

fn empty_items(count: usize, colors: bool) -> String {
    let plural = if count > 1 { "s" } else { "" };
    stylize(
        &format!("<{count} empty item{plural}>"),
        Tone::Undefined,
        colors,
    )
}

/// Elements (a run of holes is one entry), capped at `maxArrayLength`
/// entries, then the non-index properties.
fn array_entries(ctx: &mut Ctx, a: &Array, level: usize) -> Vec<String> {
    let max = ctx
        .opts
        .max_array_length
        .unwrap_or(usize::MAX)
        .min(a.items.len());
    let mut output = Vec::new();
    let mut i = 0;
    while i < a.items.len() && output.len() < max {
        let (entry, consumed) = array_entry(ctx, a.items.get(i..).unwrap_or(&[]), level);
        output.push(entry);
        i += consumed;
    }
    if i < a.items.len() {
        output.push(more_items(a.items.len() - i));
    }
    for (k, v) in &a.extra {
        output.push(format_property(ctx, k, v, level));
    }
    output
}

/// The entry at the start of `items` and how many items it stands for.
fn array_entry(ctx: &mut Ctx, items: &[Option<Value>], level: usize) -> (String, usize) {
    match items.first() {
        Some(Some(item)) => (format_child(ctx, item, level), 1),
        _ => {
            let run = items.iter().take_while(|x| x.is_none()).count().max(1);
            (empty_items(run, ctx.opts.colors), run)
        }
    }
}

fn capped<T>(ctx: &Ctx, items: &[T]) -> (usize, usize) {
    let shown = ctx
        .opts
        .max_array_length
        .unwrap_or(usize::MAX)
        .min(items.len());
    (shown, items.len() - shown)
}

fn map_entries(ctx: &mut Ctx, entries: &[(Value, Value)], level: usize) -> Vec<String> {
    let (shown, remaining) = capped(ctx, entries);
    let mut output: Vec<String> = Vec::with_capacity(shown + 1);
    for (k, v) in entries.iter().take(shown) {
        let key = format_child(ctx, k, level);
        let value = format_child(ctx, v, level);
        output.push(format!("{key} => {value}"));
    }
    if remaining > 0 {
        output.push(more_items(remaining));
    }
    output
}

fn set_entries(ctx: &mut Ctx, values: &[Value], level: usize) -> Vec<String> {
    let (shown, remaining) = capped(ctx, values);
    let mut output: Vec<String> = values
        .iter()
        .take(shown)
        .map(|v| format_child(ctx, v, level))
        .collect();
    if remaining > 0 {
        output.push(more_items(remaining));
    }
    output
}
