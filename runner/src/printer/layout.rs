//! Node's `reduceToSingleString`: one line when it fits and the nesting rule
//! allows it, otherwise one entry per line.

use super::format::Ctx;
use super::group::{group_array_elements, GroupContext};
use super::width::js_len;

const BREAK_LENGTH: usize = 80;

/// The fixed parts around a container's entries.
pub(super) struct Shape<'a> {
    /// Text before the brace (`<ref *1>`), empty when none.
    pub base: &'a str,
    /// Opening brace with any prefix: `{`, `[`, `Nilai {`, `Map(1) {`.
    pub open: &'a str,
    pub close: char,
    /// `Some(all elements are numbers)` for arrays, `None` otherwise.
    pub numeric_array: Option<bool>,
}

/// Assembles the container from its formatted entries; `level` is the level
/// of the entries (the container's own level + 1), like Node's `recurseTimes`.
pub(super) fn reduce_to_single_string(
    ctx: &Ctx,
    output: Vec<String>,
    shape: &Shape,
    level: usize,
) -> String {
    match ctx.opts.compact {
        Some(compact) if compact >= 1 => compact_layout(ctx, output, shape, level, compact),
        _ => one_entry_per_line(ctx, &output, shape),
    }
}

fn compact_layout(
    ctx: &Ctx,
    output: Vec<String>,
    shape: &Shape,
    level: usize,
    compact: usize,
) -> String {
    let entries = output.len();
    let output = match shape.numeric_array {
        Some(numeric) if entries > 6 => group(ctx, output, numeric, compact),
        _ => output,
    };
    let nesting_ok = ctx.current_depth.saturating_sub(level) < compact;
    if nesting_ok && entries == output.len() {
        if let Some(line) = single_line(ctx, &output, shape) {
            return line;
        }
    }
    one_entry_per_line(ctx, &output, shape)
}

fn group(ctx: &Ctx, output: Vec<String>, numeric: bool, compact: usize) -> Vec<String> {
    let has_more_entry = ctx
        .opts
        .max_array_length
        .is_some_and(|max| max < output.len());
    let g = GroupContext {
        indent: ctx.indent,
        colors: ctx.opts.colors,
        compact,
        has_more_entry,
        numeric,
    };
    group_array_elements(output, &g)
}

fn base_prefix(base: &str) -> String {
    if base.is_empty() {
        String::new()
    } else {
        format!("{base} ")
    }
}

/// `{ a, b }` when it fits in the break length and no entry spans lines.
fn single_line(ctx: &Ctx, output: &[String], shape: &Shape) -> Option<String> {
    let start =
        output.len() + ctx.indent + js_len(shape.open, false) + js_len(shape.base, false) + 10;
    if !is_below_break_length(ctx, output, start, shape.base) {
        return None;
    }
    let joined = output.join(", ");
    if joined.contains('\n') {
        return None;
    }
    let base = base_prefix(shape.base);
    Some(format!("{base}{} {joined} {}", shape.open, shape.close))
}

/// Node's `isBelowBreakLength`: entries plus separators within 80 columns.
fn is_below_break_length(ctx: &Ctx, output: &[String], start: usize, base: &str) -> bool {
    let mut total = output.len() + start;
    if total + output.len() > BREAK_LENGTH {
        return false;
    }
    for entry in output {
        total += js_len(entry, ctx.opts.colors);
        if total > BREAK_LENGTH {
            return false;
        }
    }
    !base.contains('\n')
}

fn one_entry_per_line(ctx: &Ctx, output: &[String], shape: &Shape) -> String {
    let indentation = format!("\n{}", " ".repeat(ctx.indent));
    let joined = output.join(&format!(",{indentation}  "));
    let base = base_prefix(shape.base);
    format!(
        "{base}{}{indentation}  {joined}{indentation}{}",
        shape.open, shape.close
    )
}
