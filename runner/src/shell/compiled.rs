//! Our own preludes, parsed and compiled once per thread.
//!
//! boa parses at a few kilobytes per millisecond, so parsing the 46 KB of prelude again
//! for every shell was most of what a shell cost to build, and grading builds hundreds.
//! Each prelude file is compiled once, in a template context of its thread, and its
//! code block is then run in every new shell's realm (`Script::with_realm`, our patch
//! of boa_engine). That is sound because the files are wrapped in functions and declare
//! nothing in the global lexical scope: their code names globals only at run time, so
//! it builds its objects from the realm it runs in.

use boa_engine::{Context, JsResult, JsValue, Script, Source};
use std::cell::RefCell;
use std::mem::ManuallyDrop;

/// The context the scripts were compiled in, and the scripts keyed by their text's address.
struct Template {
    ctx: Context,
    scripts: Vec<(usize, Script)>,
}

thread_local! {
    // Never dropped: when thread-local destructors run, this thread's boa collector may
    // already have freed everything the template points to.
    static TEMPLATE: RefCell<Option<ManuallyDrop<Template>>> = const { RefCell::new(None) };
}

/// Runs one of our static scripts in `ctx`'s realm.
pub(crate) fn eval(ctx: &mut Context, code: &'static str) -> JsResult<JsValue> {
    let script = TEMPLATE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let template = slot.get_or_insert_with(|| ManuallyDrop::new(Template::new()));
        template.script(code)
    })?;
    script.with_realm(ctx.realm().clone(), ctx)?.evaluate(ctx)
}

impl Template {
    fn new() -> Self {
        Template {
            ctx: Context::default(),
            scripts: Vec::new(),
        }
    }

    fn script(&mut self, code: &'static str) -> JsResult<Script> {
        let key = code.as_ptr() as usize;
        if let Some((_, script)) = self.scripts.iter().find(|(k, _)| *k == key) {
            return Ok(script.clone());
        }
        let script = Script::parse(Source::from_bytes(code), None, &mut self.ctx)?;
        script.codeblock(&mut self.ctx)?;
        self.scripts.push((key, script.clone()));
        Ok(script)
    }
}
