//! Thrown values → the printer's [`ErrorInfo`], which formats them as mongosh
//! does (spec §12).

use boa_engine::{js_string, Context, JsError, JsObject, JsValue, Source};

use super::convert::{is_error, to_value};
use super::jsutil::get_str;
use super::v8_messages;
use crate::pesan::shell as pesan;
use crate::printer::{format_error, format_top_level, ErrorInfo, Options, Value};

/// How many nested `cause`s are followed (a cause chain may be circular).
const MAX_CAUSES: usize = 8;

/// The full text for an error thrown by a unit (without the trailing newline).
pub(crate) fn format_thrown(err: JsError, source: &str, ctx: &mut Context) -> String {
    if let Some(engine) = err.as_engine() {
        return limit_message(&engine.to_string());
    }
    let value = match err.into_opaque(ctx) {
        Ok(v) => v,
        Err(e) => return limit_message(&e.to_string()),
    };
    let info = match value.as_object() {
        Some(obj) if is_error(&obj, ctx) => error_info(&obj, source, MAX_CAUSES, ctx),
        _ => plain_error("Error", plain_text(&value, ctx)),
    };
    format_error(&info)
}

/// An error of our own making (`name: message`), framed as the REPL frames it.
pub(crate) fn format_plain(name: &str, message: String) -> String {
    format_error(&plain_error(name, message))
}

fn plain_error(name: &str, message: String) -> ErrorInfo {
    ErrorInfo {
        name: name.to_string(),
        message,
        ..ErrorInfo::default()
    }
}

/// What a stopped statement prints: mongosh's own line for Ctrl-C, ours for a limit.
pub(crate) fn stop_message(stop: super::Stop) -> String {
    match stop {
        super::Stop::Interrupted => STOPPING.to_string(),
        super::Stop::Limit => format_plain("Error", pesan::PERULANGAN_DIHENTIKAN.to_string()),
    }
}

/// mongosh 2.4's answer to Ctrl-C while a statement runs.
const STOPPING: &str = "Stopping execution...";

fn limit_message(engine_text: &str) -> String {
    let (name, message) = if engine_text.contains("recursive") || engine_text.contains("stack") {
        ("RangeError", "Maximum call stack size exceeded".to_string())
    } else if engine_text.contains("loop") || engine_text.contains("work") {
        ("Error", pesan::PERULANGAN_DIHENTIKAN.to_string())
    } else {
        ("Error", pesan::eksekusi_dihentikan(engine_text))
    };
    format_plain(name, message)
}

fn plain_text(value: &JsValue, ctx: &mut Context) -> String {
    match to_value(value, ctx) {
        Ok(Value::String(s)) => s,
        Ok(Value::Utf16(units)) => String::from_utf16_lossy(&units),
        Ok(v) => format_top_level(&v, &Options::REPL),
        Err(_) => "[object]".to_string(),
    }
}

fn error_info(obj: &JsObject, source: &str, causes: usize, ctx: &mut Context) -> ErrorInfo {
    let name = get_str(obj, "name", ctx)
        .ok()
        .flatten()
        .unwrap_or_else(|| "Error".into());
    let raw = get_str(obj, "message", ctx)
        .ok()
        .flatten()
        .unwrap_or_default();
    let message = v8_messages::translate(&name, &raw, source, ctx);
    // Only server errors show their code name, as the driver sets it there.
    let code_name = get_str(obj, "codeName", ctx)
        .ok()
        .flatten()
        .filter(|_| name.starts_with("Mongo"));
    ErrorInfo {
        err_info: extra(obj, "errInfo", ctx),
        result: extra(obj, "result", ctx),
        write_errors: extra(obj, "writeErrors", ctx),
        violations: extra(obj, "violations", ctx),
        cause: cause(obj, source, causes, ctx).map(Box::new),
        name,
        code_name,
        message,
    }
}

fn extra(obj: &JsObject, key: &str, ctx: &mut Context) -> Option<Value> {
    let value = obj.get(js_string!(key), ctx).ok()?;
    if value.is_undefined() {
        return None;
    }
    to_value(&value, ctx).ok()
}

/// An error's `cause`, when it is itself an error.
fn cause(obj: &JsObject, source: &str, causes: usize, ctx: &mut Context) -> Option<ErrorInfo> {
    let remaining = causes.checked_sub(1)?;
    let value = obj.get(js_string!("cause"), ctx).ok()?;
    let cause = value.as_object().filter(|c| is_error(c, ctx))?;
    Some(error_info(&cause, source, remaining, ctx))
}

/// A parse failure as Babel reports it inside mongosh: message, position, code frame.
pub(crate) fn syntax_error_text(message: &str, line: usize, column: usize, source: &str) -> String {
    let frame = code_frame(source, line, column);
    format_plain(
        "SyntaxError",
        format!("{message} ({line}:{column})\n\n{frame}"),
    )
}

/// Babel's code frame: two lines above, three below, `>` and `^` at the error.
pub(crate) fn code_frame(source: &str, line: usize, column: usize) -> String {
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
pub(crate) fn probe(expr: &str, ctx: &mut Context) -> Option<JsValue> {
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
