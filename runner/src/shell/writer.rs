//! mongosh's REPL writer: shell-API results get their own renderers (cursors
//! print a batch, `db` prints its name); everything else is inspected.

use boa_engine::{js_string, Context, JsObject, JsResult, JsValue};

use super::convert::to_value;
use super::jsutil::{call_method, get_str, global_fn};
use crate::printer::{format_cursor_batch, format_top_level, inspect, Options, Value};

/// Documents per printed cursor batch (mongosh's `displayBatchSize`).
pub(crate) const BATCH_SIZE: u32 = 20;

pub(crate) fn format_result(value: &JsValue, ctx: &mut Context) -> JsResult<String> {
    if let Some(obj) = value.as_object() {
        if let Some(kind) = shell_type(&obj, ctx)? {
            return format_shell_object(&obj, &kind, ctx);
        }
    }
    let v = to_value(value, ctx)?;
    Ok(format_top_level(&v, &Options::REPL))
}

fn shell_type(obj: &JsObject, ctx: &mut Context) -> JsResult<Option<String>> {
    if !obj.has_property(js_string!("__shellType__"), ctx)? {
        return Ok(None);
    }
    get_str(obj, "__shellType__", ctx)
}

fn format_shell_object(obj: &JsObject, kind: &str, ctx: &mut Context) -> JsResult<String> {
    match kind {
        "Cursor" | "AggregationCursor" => format_cursor(obj, ctx),
        "FullDepth" => Ok(inspect(
            &to_value(&obj.clone().into(), ctx)?,
            &Options::FULL_DEPTH,
        )),
        _ => Ok(call_method(obj, "toString", &[], ctx)?
            .to_string(ctx)?
            .to_std_string_lossy()),
    }
}

fn format_cursor(cursor: &JsObject, ctx: &mut Context) -> JsResult<String> {
    let explain = cursor.get(js_string!("_explain"), ctx)?;
    if !explain.is_null_or_undefined() {
        let out = call_method(cursor, "explain", &[explain], ctx)?;
        return Ok(inspect(&to_value(&out, ctx)?, &Options::FULL_DEPTH));
    }
    print_batch(cursor, ctx)
}

/// The next batch of a cursor, remembering it for `it` while documents remain.
pub(crate) fn print_batch(cursor: &JsObject, ctx: &mut Context) -> JsResult<String> {
    let batch = call_method(cursor, "__batch__", &[JsValue::from(BATCH_SIZE)], ctx)?;
    let Some(batch) = batch.as_object() else {
        return Ok(String::new());
    };
    let more = batch.get(js_string!("more"), ctx)?.to_boolean();
    let remembered = if more {
        JsValue::from(cursor.clone())
    } else {
        JsValue::null()
    };
    global_fn("__shell", "setLastCursor", ctx)?.call(&JsValue::undefined(), &[remembered], ctx)?;
    let docs = match to_value(&batch.get(js_string!("docs"), ctx)?, ctx)? {
        Value::Array(array) => array.items.into_iter().flatten().collect(),
        other => vec![other],
    };
    Ok(format_cursor_batch(docs, more, false))
}
