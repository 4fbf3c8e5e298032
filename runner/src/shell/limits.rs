//! Runtime limits: an endless loop or runaway recursion ends with an error
//! (in about a second or two) instead of hanging or crashing the session.
//!
//! The work budget (`budget.rs`) counts loop iterations and calls. boa also charged each
//! repetition of `String.prototype.repeat` against its loop limit, so `'x'.repeat(17e6)`, one long
//! but finite built-in call, was stopped as an endless loop; the shell replaces `repeat`
//! with one that charges nothing and is bounded, as in V8, by the longest string.

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{
    js_string, Context, JsError, JsNativeError, JsResult, JsString, JsValue, NativeFunction,
};

/// JavaScript call depth (Node allows about 10,000 frames; boa's Rust stack less).
const RECURSION: usize = 1_500;
/// boa's value-stack size.
const STACK_SIZE: usize = 1024 * 1024;
/// Bytes boa allocates before its collector runs. boa's collector marks and sweeps the
/// whole heap of the thread each time; at its 1 MiB default, running a model's few
/// hundred inserts or building a shell spent about a fifth of its time collecting.
const COLLECTION_THRESHOLD: usize = 32 * 1024 * 1024;
/// V8's longest string on 64-bit targets, in UTF-16 code units (2^29 - 24).
const MAX_STRING_LENGTH: f64 = 536_870_888.0;

pub(crate) fn apply(ctx: &mut Context) {
    let limits = ctx.runtime_limits_mut();
    // One budget for the whole statement instead of a count per loop (`budget.rs`).
    limits.disable_loop_iteration_limit();
    limits.set_recursion_limit(RECURSION);
    limits.set_stack_size_limit(STACK_SIZE);
    ctx.set_work_limit(super::budget::WORK_STEPS);
    ctx.set_call_cost(super::budget::CALL);
    boa_engine::gc::raise_collection_threshold(COLLECTION_THRESHOLD);
}

/// Puts our `String.prototype.repeat` in place of boa's.
pub fn install_repeat(ctx: &mut Context) -> JsResult<()> {
    let repeat = FunctionObjectBuilder::new(ctx.realm(), NativeFunction::from_fn_ptr(repeat))
        .name(js_string!("repeat"))
        .length(1)
        .build();
    let prototype = ctx.intrinsics().constructors().string().prototype();
    let descriptor = PropertyDescriptor::builder()
        .value(repeat)
        .writable(true)
        .enumerable(false)
        .configurable(true);
    prototype.define_property_or_throw(js_string!("repeat"), descriptor, ctx)?;
    Ok(())
}

/// `String.prototype.repeat(count)` with V8's errors.
fn repeat(this: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    if this.is_null_or_undefined() {
        return Err(JsNativeError::typ()
            .with_message("String.prototype.repeat called on null or undefined")
            .into());
    }
    let text = this.to_string(ctx)?;
    let count = args.first().cloned().unwrap_or_default().to_number(ctx)?;
    let count = if count.is_nan() { 0.0 } else { count.trunc() };
    if count < 0.0 || count.is_infinite() {
        let shown = JsValue::from(count).to_string(ctx)?.to_std_string_lossy();
        return Err(range_error(format!("Invalid count value: {shown}")));
    }
    if text.is_empty() || count == 0.0 {
        return Ok(js_string!().into());
    }
    if count * text.len() as f64 > MAX_STRING_LENGTH {
        return Err(range_error("Invalid string length".to_string()));
    }
    Ok(repeated(&text, count as usize).into())
}

fn range_error(message: String) -> JsError {
    JsNativeError::range().with_message(message).into()
}

/// `count` copies of `text` by doubling: about twice the result's length is copied.
fn repeated(text: &JsString, mut count: usize) -> JsString {
    let mut result = js_string!();
    let mut power = text.clone();
    while count > 0 {
        if count & 1 == 1 {
            result = JsString::concat(result.as_str(), power.as_str());
        }
        count >>= 1;
        if count > 0 {
            power = JsString::concat(power.as_str(), power.as_str());
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubling_repeats_exactly() {
        for count in 0..40 {
            let text = repeated(&js_string!("ab"), count).to_std_string_lossy();
            assert_eq!(text, "ab".repeat(count), "{count}");
        }
    }
}
