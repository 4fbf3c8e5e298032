//! JavaScript values → the printer's [`Value`] tree.
//!
//! This is where Node's per-type inspection lives: class-name prefixes,
//! functions and classes, sparse arrays, dates, regexes, maps and sets, and the
//! BSON wrappers' own `__inspect__` texts.

use boa_engine::builtins::function::OrdinaryFunction;
use boa_engine::object::builtins::{JsArray, JsDate, JsMap, JsRegExp, JsSet};
use boa_engine::{js_string, Context, JsObject, JsResult, JsString, JsValue, JsVariant};

use super::jsutil::{call_method, get_str, own_keys};
use crate::printer::{self, Array, Object, Style, Value};

/// Deeper than any printer depth; guards the Rust stack against huge structures.
const MAX_DEPTH: usize = 400;

pub(crate) fn to_value(value: &JsValue, ctx: &mut Context) -> JsResult<Value> {
    Converter::default().convert(value, ctx, 0)
}

#[derive(Default)]
struct Converter {
    /// Objects on the current path, to print cycles as Node does.
    path: Vec<JsObject>,
    /// Objects some `[Circular *N]` points back to; the index is the anchor's id.
    anchors: Vec<JsObject>,
}

/// A JavaScript string. The rare one holding a lone surrogate, which a Rust
/// `String` cannot carry, keeps its UTF-16 code units so it prints as `\ud800`.
fn string_value(s: &JsString) -> Value {
    match s.to_std_string() {
        Ok(text) => Value::String(text),
        Err(_) => Value::Utf16(s.to_vec()),
    }
}

fn custom(text: impl Into<String>, style: Style) -> Value {
    Value::Custom {
        text: text.into(),
        style,
    }
}

impl Converter {
    fn convert(&mut self, value: &JsValue, ctx: &mut Context, depth: usize) -> JsResult<Value> {
        Ok(match value.variant() {
            JsVariant::Undefined => Value::Undefined,
            JsVariant::Null => Value::Null,
            JsVariant::Boolean(b) => Value::Bool(b),
            JsVariant::Integer32(i) => Value::Number(f64::from(i)),
            JsVariant::Float64(f) => Value::Number(f),
            JsVariant::String(s) => string_value(&s),
            JsVariant::BigInt(b) => Value::BigInt(b.to_string()),
            JsVariant::Symbol(s) => custom(symbol_text(&s), Style::Special),
            JsVariant::Object(obj) => self.object(&obj, ctx, depth)?,
        })
    }

    fn object(&mut self, obj: &JsObject, ctx: &mut Context, depth: usize) -> JsResult<Value> {
        if self.path.iter().any(|o| JsObject::equals(o, obj)) {
            return Ok(Value::Circular(self.anchor_id(obj)));
        }
        if depth > MAX_DEPTH {
            return Ok(custom("[Object]", Style::Special));
        }
        if obj.is_callable() && !own_keys(obj, ctx)?.is_empty() {
            return self.function_with_properties(obj, ctx, depth);
        }
        if let Some(v) = special_object(obj, ctx)? {
            return Ok(v);
        }
        if get_str(obj, "_bsontype", ctx)?.as_deref() == Some("DBRef") {
            return self.dbref(obj, ctx, depth);
        }
        self.path.push(obj.clone());
        let result = self.container(obj, ctx, depth);
        self.path.pop();
        result.map(|value| self.anchored(obj, value))
    }

    fn anchor_id(&mut self, obj: &JsObject) -> u32 {
        let found = self.anchors.iter().position(|a| JsObject::equals(a, obj));
        let index = found.unwrap_or_else(|| {
            self.anchors.push(obj.clone());
            self.anchors.len() - 1
        });
        index as u32
    }

    /// A container something inside pointed back to gets its `<ref *N>` marker.
    fn anchored(&self, obj: &JsObject, value: Value) -> Value {
        match self.anchors.iter().position(|a| JsObject::equals(a, obj)) {
            Some(id) => Value::Anchor {
                id: id as u32,
                value: Box::new(value),
            },
            None => value,
        }
    }

    /// Node prints a function's own enumerable properties after its label, as it does a
    /// class instance's after the class name: `[class P] { x: 1 }` for `static x = 1`.
    fn function_with_properties(
        &mut self,
        obj: &JsObject,
        ctx: &mut Context,
        depth: usize,
    ) -> JsResult<Value> {
        let class = Some(function_text(obj, ctx)?);
        self.path.push(obj.clone());
        let entries = self.entries(obj, ctx, depth);
        self.path.pop();
        let value = Value::Object(Object {
            class,
            entries: entries?,
        });
        Ok(self.anchored(obj, value))
    }

    fn container(&mut self, obj: &JsObject, ctx: &mut Context, depth: usize) -> JsResult<Value> {
        if obj.is_array() {
            return self.array(obj, ctx, depth);
        }
        if let Ok(map) = JsMap::from_object(obj.clone()) {
            return self.map(&map, ctx, depth);
        }
        if let Ok(set) = JsSet::from_object(obj.clone()) {
            return self.set(&set, ctx, depth);
        }
        let class = class_name(obj, ctx)?;
        let entries = self.entries(obj, ctx, depth)?;
        Ok(Value::Object(Object { class, entries }))
    }

    fn entries(
        &mut self,
        obj: &JsObject,
        ctx: &mut Context,
        depth: usize,
    ) -> JsResult<Vec<(String, Value)>> {
        let mut entries = Vec::new();
        for key in own_keys(obj, ctx)? {
            let v = obj.get(js_string!(key.as_str()), ctx)?;
            entries.push((key, self.convert(&v, ctx, depth + 1)?));
        }
        Ok(entries)
    }

    fn array(&mut self, obj: &JsObject, ctx: &mut Context, depth: usize) -> JsResult<Value> {
        let arr = JsArray::from_object(obj.clone())?;
        let len = arr.length(ctx)?;
        let mut items = Vec::with_capacity(len.min(1 << 16) as usize);
        for i in 0..len {
            if obj.has_own_property(i, ctx)? {
                let v = obj.get(i, ctx)?;
                items.push(Some(self.convert(&v, ctx, depth + 1)?));
            } else {
                items.push(None);
            }
        }
        let mut extra = Vec::new();
        for key in own_keys(obj, ctx)? {
            if key.parse::<u32>().is_err() {
                let v = obj.get(js_string!(key.as_str()), ctx)?;
                extra.push((key, self.convert(&v, ctx, depth + 1)?));
            }
        }
        Ok(Value::Array(Array { items, extra }))
    }

    fn map(&mut self, map: &JsMap, ctx: &mut Context, depth: usize) -> JsResult<Value> {
        let mut parts = Vec::new();
        let mut size = 0;
        let entries = collect_pairs(map, ctx)?;
        for (k, v) in entries {
            let k = self.convert(&k, ctx, depth + 1)?;
            let v = self.convert(&v, ctx, depth + 1)?;
            parts.push(format!("{} => {}", inline(&k), inline(&v)));
            size += 1;
        }
        Ok(custom(
            braced(&format!("Map({size})"), &parts),
            Style::Special,
        ))
    }

    fn set(&mut self, set: &JsSet, ctx: &mut Context, depth: usize) -> JsResult<Value> {
        let mut parts = Vec::new();
        let values = collect_values(set, ctx)?;
        for v in &values {
            let v = self.convert(v, ctx, depth + 1)?;
            parts.push(inline(&v));
        }
        Ok(custom(
            braced(&format!("Set({})", values.len()), &parts),
            Style::Special,
        ))
    }
}

impl Converter {
    /// `DBRef('coll', ObjectId('…'))`, then the database and the extra fields when
    /// there are any, each part inspected as mongosh's own DBRef printer does.
    fn dbref(&mut self, obj: &JsObject, ctx: &mut Context, depth: usize) -> JsResult<Value> {
        let mut parts = Vec::new();
        for key in ["collection", "oid", "db", "fields"] {
            let v = obj.get(js_string!(key), ctx)?;
            let skip = match key {
                "db" => !v.to_boolean(),
                "fields" => v
                    .as_object()
                    .is_none_or(|f| own_keys(&f, ctx).is_ok_and(|k| k.is_empty())),
                _ => false,
            };
            if !skip {
                parts.push(inline(&self.convert(&v, ctx, depth + 1)?));
            }
        }
        Ok(custom(
            format!("DBRef({})", parts.join(", ")),
            Style::Special,
        ))
    }
}

fn braced(prefix: &str, parts: &[String]) -> String {
    if parts.is_empty() {
        format!("{prefix} {{}}")
    } else {
        format!("{prefix} {{ {} }}", parts.join(", "))
    }
}

fn inline(v: &Value) -> String {
    printer::inspect(v, &printer::Options::REPL)
}

fn symbol_text(s: &boa_engine::JsSymbol) -> String {
    match s.description() {
        Some(d) => format!("Symbol({})", d.to_std_string_lossy()),
        None => "Symbol()".to_string(),
    }
}

/// Dates, regexes, functions, BSON wrappers and shell objects: printed by their own text.
fn special_object(obj: &JsObject, ctx: &mut Context) -> JsResult<Option<Value>> {
    if let Ok(date) = JsDate::from_object(obj.clone()) {
        return Ok(Some(date_value(&date, ctx)?));
    }
    if let Ok(re) = JsRegExp::from_object(obj.clone()) {
        return Ok(Some(custom(re.to_string(ctx)?, Style::RegExp)));
    }
    if obj.is_callable() {
        return Ok(Some(custom(function_text(obj, ctx)?, Style::Special)));
    }
    if obj.has_property(js_string!("__inspect__"), ctx)? {
        let text = call_method(obj, "__inspect__", &[], ctx)?;
        let style = match get_str(obj, "_bsontype", ctx)?.as_deref() {
            Some("Int32" | "Double" | "Long" | "Decimal128") => Style::Number,
            _ => Style::Special,
        };
        return Ok(Some(custom(
            text.to_string(ctx)?.to_std_string_lossy(),
            style,
        )));
    }
    if is_error(obj, ctx) {
        return Ok(Some(custom(error_text(obj, ctx)?, Style::Special)));
    }
    Ok(None)
}

fn date_value(date: &JsDate, ctx: &mut Context) -> JsResult<Value> {
    let ms = date.get_time(ctx)?.as_number().unwrap_or(f64::NAN);
    if ms.is_nan() {
        return Ok(custom("Invalid Date", Style::Date));
    }
    let iso = date
        .to_iso_string(ctx)?
        .to_string(ctx)?
        .to_std_string_lossy();
    Ok(custom(format!("ISODate('{iso}')"), Style::Date))
}

/// `[Function: f]`, `[Function (anonymous)]`, `[class A]`, `[class B extends A]`.
pub(crate) fn function_text(obj: &JsObject, ctx: &mut Context) -> JsResult<String> {
    let name = get_str(obj, "name", ctx)?.unwrap_or_default();
    if is_class(obj, ctx)? && !super::heritage::prints_as_function(obj, ctx) {
        return class_text(obj, &name, ctx);
    }
    let kind = function_kind(obj, ctx)?;
    Ok(if name.is_empty() {
        format!("[{kind} (anonymous)]")
    } else {
        format!("[{kind}: {name}]")
    })
}

/// `Function`, or Node's name for an async or generator function: the name of the
/// constructor its prototype belongs to.
fn function_kind(obj: &JsObject, ctx: &mut Context) -> JsResult<&'static str> {
    let Some(proto) = obj.prototype() else {
        return Ok("Function");
    };
    let ctor = proto.get(js_string!("constructor"), ctx)?;
    let kind = match ctor.as_object() {
        Some(c) => get_str(&c, "name", ctx)?.unwrap_or_default(),
        None => String::new(),
    };
    Ok(match kind.as_str() {
        "AsyncFunction" => "AsyncFunction",
        "GeneratorFunction" => "GeneratorFunction",
        "AsyncGeneratorFunction" => "AsyncGeneratorFunction",
        _ => "Function",
    })
}

/// Node's text for a class: its name, and the name of the class it extends, if that has one.
fn class_text(obj: &JsObject, name: &str, ctx: &mut Context) -> JsResult<String> {
    let name = if name.is_empty() { "(anonymous)" } else { name };
    let base = match obj.prototype() {
        Some(parent) => get_str(&parent, "name", ctx)?.unwrap_or_default(),
        None => String::new(),
    };
    Ok(match base.is_empty() {
        true => format!("[class {name}]"),
        false => format!("[class {name} extends {base}]"),
    })
}

/// A class is a JavaScript (not built-in) function whose `prototype` is read-only.
fn is_class(obj: &JsObject, ctx: &mut Context) -> JsResult<bool> {
    if !obj.is::<OrdinaryFunction>() {
        return Ok(false);
    }
    let object_ctor = ctx.intrinsics().constructors().object().constructor();
    let args = [
        JsValue::from(obj.clone()),
        JsValue::from(js_string!("prototype")),
    ];
    let desc = call_method(&object_ctor, "getOwnPropertyDescriptor", &args, ctx)?;
    let Some(desc) = desc.as_object() else {
        return Ok(false);
    };
    Ok(!desc.get(js_string!("writable"), ctx)?.to_boolean())
}

/// True when `Error.prototype` is on the object's prototype chain.
pub(crate) fn is_error(obj: &JsObject, ctx: &mut Context) -> bool {
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

fn error_text(obj: &JsObject, ctx: &mut Context) -> JsResult<String> {
    let name = get_str(obj, "name", ctx)?.unwrap_or_else(|| "Error".into());
    let message = get_str(obj, "message", ctx)?.unwrap_or_default();
    Ok(if message.is_empty() {
        format!("[{name}]")
    } else {
        format!("[{name}: {message}]")
    })
}

/// The constructor name Node prints before `{`, or `None` for plain objects.
fn class_name(obj: &JsObject, ctx: &mut Context) -> JsResult<Option<String>> {
    let Some(proto) = obj.prototype() else {
        return Ok(Some("[Object: null prototype]".to_string()));
    };
    let ctor = proto.get(js_string!("constructor"), ctx)?;
    let name = match ctor.as_object() {
        Some(c) => get_str(&c, "name", ctx)?.unwrap_or_default(),
        None => String::new(),
    };
    Ok(match name.as_str() {
        "Object" => None,
        "" => None,
        _ => Some(name),
    })
}

fn collect_pairs(map: &JsMap, ctx: &mut Context) -> JsResult<Vec<(JsValue, JsValue)>> {
    let mut out = Vec::new();
    let entries = map.entries(ctx)?;
    loop {
        let step = entries.next(ctx)?;
        let Some(step) = step.as_object() else { break };
        if step.get(js_string!("done"), ctx)?.to_boolean() {
            break;
        }
        let pair = step.get(js_string!("value"), ctx)?;
        let Some(pair) = pair.as_object() else { break };
        out.push((pair.get(0, ctx)?, pair.get(1, ctx)?));
    }
    Ok(out)
}

fn collect_values(set: &JsSet, ctx: &mut Context) -> JsResult<Vec<JsValue>> {
    let mut out = Vec::new();
    let values = set.values(ctx)?;
    loop {
        let step = values.next(ctx)?;
        let Some(step) = step.as_object() else { break };
        if step.get(js_string!("done"), ctx)?.to_boolean() {
            break;
        }
        out.push(step.get(js_string!("value"), ctx)?);
    }
    Ok(out)
}
