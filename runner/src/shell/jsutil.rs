//! Small helpers over boa's object API.

use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::object::builtins::JsArray;
use boa_engine::property::PropertyKey;
use boa_engine::{js_string, Context, JsNativeError, JsObject, JsResult, JsValue};

/// A string-valued property, `None` when absent or not a string.
pub(crate) fn get_str(obj: &JsObject, key: &str, ctx: &mut Context) -> JsResult<Option<String>> {
    let v = obj.get(js_string!(key), ctx)?;
    Ok(v.as_string().map(|s| s.to_std_string_lossy()))
}

/// `globalThis[holder][name]` as a callable.
pub(crate) fn global_fn(holder: &str, name: &str, ctx: &mut Context) -> JsResult<JsObject> {
    let global = ctx.global_object();
    let holder = global.get(js_string!(holder), ctx)?;
    let holder = holder
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message("shell prelude missing"))?;
    holder
        .get(js_string!(name), ctx)?
        .as_callable()
        .ok_or_else(|| {
            JsNativeError::typ()
                .with_message(format!("{name} is not a function"))
                .into()
        })
}

/// `obj[name](...args)`.
pub(crate) fn call_method(
    obj: &JsObject,
    name: &str,
    args: &[JsValue],
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let f = obj.get(js_string!(name), ctx)?;
    let f = f
        .as_callable()
        .ok_or_else(|| JsNativeError::typ().with_message(format!("{name} is not a function")))?;
    f.call(&JsValue::from(obj.clone()), args, ctx)
}

/// `Object.keys(obj)`: own enumerable string keys in JavaScript property order.
pub(crate) fn own_keys(obj: &JsObject, ctx: &mut Context) -> JsResult<Vec<String>> {
    if obj.is::<OrdinaryObject>() {
        return ordinary_keys(obj, ctx);
    }
    let object_ctor = ctx.intrinsics().constructors().object().constructor();
    let keys = call_method(&object_ctor, "keys", &[JsValue::from(obj.clone())], ctx)?;
    let Some(keys) = keys.as_object() else {
        return Ok(Vec::new());
    };
    let arr = JsArray::from_object(keys)?;
    let len = arr.length(ctx)?;
    let mut out = Vec::with_capacity(len as usize);
    for i in 0..len {
        out.push(arr.get(i, ctx)?.to_string(ctx)?.to_std_string_lossy());
    }
    Ok(out)
}

/// `Object.keys` of a plain object (a literal, a class instance), read from its
/// property table: the same keys in the same order, without building a JavaScript
/// array for every document the shell converts. An ordinary object's own keys come
/// from its table, so nothing of the learner's runs here.
fn ordinary_keys(obj: &JsObject, ctx: &mut Context) -> JsResult<Vec<String>> {
    let keys = obj.own_property_keys(ctx)?;
    let object = obj.borrow();
    let enumerable = |key: &PropertyKey| {
        object
            .properties()
            .get(key)
            .is_some_and(|d| d.enumerable() == Some(true))
    };
    Ok(keys
        .iter()
        .filter(|key| enumerable(key))
        .filter_map(|key| match key {
            PropertyKey::String(s) => Some(s.to_std_string_lossy()),
            PropertyKey::Index(i) => Some(i.get().to_string()),
            PropertyKey::Symbol(_) => None,
        })
        .collect())
}

/// A JS string value from Rust text.
pub(crate) fn js_str(text: &str) -> JsValue {
    JsValue::from(js_string!(text))
}
