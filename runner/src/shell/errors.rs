//! Thrown values → the text mongosh prints for them (spec §12).

use boa_engine::{Context, JsError, JsObject, JsValue, Source};

use super::convert::to_value;
use super::jsutil::get_str;
use super::v8_messages;
use crate::printer::{format_top_level, inspect, Options, Value};

/// Extra error properties mongosh prints after the first line, in this order.
const EXTRAS: [(&str, &str); 4] = [
    ("errInfo", "Additional information: "),
    ("result", "Result: "),
    ("writeErrors", "Write Errors: "),
    ("violations", "Violations: "),
];

/// The full text for an error thrown by a unit (without the trailing newline).
pub fn format_thrown(err: JsError, source: &str, ctx: &mut Context) -> String {
    if let Some(engine) = err.as_engine() {
        return limit_message(&engine.to_string());
    }
    let value = match err.into_opaque(ctx) {
        Ok(v) => v,
        Err(e) => return limit_message(&e.to_string()),
    };
    let text = match value.as_object() {
        Some(obj) if is_error_like(&obj, ctx) => error_object_text(&obj, source, ctx),
        _ => format!("Error: {}", plain_text(&value, ctx)),
    };
    with_prefix(text)
}

/// mongosh's REPL writes `Uncaught ` then `\r` for one-line errors, which a terminal
/// overwrites; multi-line errors get an `Uncaught:` line of their own.
pub fn with_prefix(text: String) -> String {
    if text.contains('\n') {
        format!("Uncaught:\n{text}")
    } else {
        text
    }
}

fn limit_message(engine_text: &str) -> String {
    if engine_text.contains("recursive") || engine_text.contains("stack") {
        "RangeError: Maximum call stack size exceeded".to_string()
    } else if engine_text.contains("loop") {
        "Error: eksekusi dihentikan: perulangan melebihi batas (perulangan tanpa akhir?); data sesi tetap utuh".to_string()
    } else {
        format!("Error: eksekusi dihentikan: {engine_text}")
    }
}

fn is_error_like(obj: &JsObject, ctx: &mut Context) -> bool {
    let proto = ctx.intrinsics().constructors().error().prototype();
    let mut current = obj.prototype();
    while let Some(p) = current {
        if JsObject::equals(&p, &proto) {
            return true;
        }
        current = p.prototype();
    }
    false
}

fn plain_text(value: &JsValue, ctx: &mut Context) -> String {
    match to_value(value, ctx) {
        Ok(Value::String(s)) => s,
        Ok(v) => format_top_level(&v, &Options::REPL),
        Err(_) => "[object]".to_string(),
    }
}

fn error_object_text(obj: &JsObject, source: &str, ctx: &mut Context) -> String {
    let name = get_str(obj, "name", ctx)
        .ok()
        .flatten()
        .unwrap_or_else(|| "Error".into());
    let raw = get_str(obj, "message", ctx)
        .ok()
        .flatten()
        .unwrap_or_default();
    let message = v8_messages::translate(&name, &raw, source, ctx);
    let code_name = get_str(obj, "codeName", ctx).ok().flatten();
    let mut text = match code_name {
        Some(code) if name.starts_with("Mongo") => format!("{name}[{code}]: {message}"),
        _ => format!("{name}: {message}"),
    };
    for (key, label) in EXTRAS {
        if let Some(extra) = extra_text(obj, key, ctx) {
            text.push('\n');
            text.push_str(label);
            text.push_str(&extra);
        }
    }
    text
}

fn extra_text(obj: &JsObject, key: &str, ctx: &mut Context) -> Option<String> {
    let value = obj.get(boa_engine::js_string!(key), ctx).ok()?;
    if value.is_undefined() {
        return None;
    }
    let converted = to_value(&value, ctx).ok()?;
    Some(inspect(&converted, &Options::FULL_DEPTH))
}

/// A parse failure as Babel reports it inside mongosh: message, position, code frame.
pub fn syntax_error_text(message: &str, line: usize, column: usize, source: &str) -> String {
    let frame = code_frame(source, line, column);
    with_prefix(format!(
        "SyntaxError: {message} ({line}:{column})\n\n{frame}\n"
    ))
}

/// Babel's code frame: two lines above, three below, `>` and `^` at the error.
pub fn code_frame(source: &str, line: usize, column: usize) -> String {
    let text = format!("{source}\n");
    let lines: Vec<&str> = text.split('\n').collect();
    let start = line.saturating_sub(3);
    let end = (line + 3).min(lines.len());
    let width = end.to_string().len();
    let mut out = Vec::new();
    for (index, content) in lines.iter().enumerate().take(end).skip(start) {
        let number = index + 1;
        let gutter = format!(" {number:>width$} |");
        let body = if content.is_empty() {
            String::new()
        } else {
            format!(" {content}")
        };
        if number == line {
            let spacing: String = content
                .chars()
                .take(column)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let blank_gutter = gutter.replace(|c: char| c.is_ascii_digit(), " ");
            out.push(format!(">{gutter}{body}\n {blank_gutter} {spacing}^"));
        } else {
            out.push(format!(" {gutter}{body}"));
        }
    }
    out.join("\n")
}

/// Evaluates a probe expression used to explain an error; never throws.
pub fn probe(expr: &str, ctx: &mut Context) -> Option<JsValue> {
    ctx.eval(Source::from_bytes(expr)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_matches_babel() {
        assert_eq!(code_frame("foo)", 1, 3), "> 1 | foo)\n    |    ^\n  2 |");
    }
}
