//! Our own preludes, parsed and compiled once per thread.
//!
//! boa parses at a few kilobytes per millisecond, so parsing the 46 KB of prelude again
//! for every shell was most of what a shell cost to build, and grading builds hundreds.
//! Each prelude file is compiled once, in a throwaway context of its own, and its code
//! block is then run in every new shell's realm (`Script::with_realm`, our patch of
//! boa_engine). That is sound because the files are wrapped in functions and declare
//! nothing in the global lexical scope: their code names globals only at run time, so
//! it builds its objects from the realm it runs in.

use boa_engine::{Context, JsResult, JsValue, Script, Source};
use std::cell::RefCell;
use std::mem::ManuallyDrop;

thread_local! {
    // Each script is kept bound to the newest realm it ran in, so no realm but a live
    // shell's is kept for it (every collection marks what is kept). Never dropped: when
    // thread-local destructors run, this thread's boa collector may already have freed
    // what the scripts point to.
    static SCRIPTS: RefCell<ManuallyDrop<Vec<(usize, Script)>>> =
        const { RefCell::new(ManuallyDrop::new(Vec::new())) };
}

/// Runs one of our static scripts in `ctx`'s realm.
pub(crate) fn eval(ctx: &mut Context, code: &'static str) -> JsResult<JsValue> {
    let key = code.as_ptr() as usize;
    let cached = SCRIPTS.with(|s| {
        let scripts = s.borrow();
        scripts
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, s)| s.clone())
    });
    let script = match cached {
        Some(script) => script,
        None => compile(code)?,
    };
    let bound = script.with_realm(ctx.realm().clone(), ctx)?;
    keep(key, bound.clone());
    bound.evaluate(ctx)
}

/// Parses and compiles `code` where no learner's global can shadow the names it uses.
fn compile(code: &'static str) -> JsResult<Script> {
    let mut clean = Context::default();
    let script = Script::parse(Source::from_bytes(code), None, &mut clean)?;
    script.codeblock(&mut clean)?;
    Ok(script)
}

fn keep(key: usize, script: Script) {
    SCRIPTS.with(|s| {
        let mut scripts = s.borrow_mut();
        match scripts.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = script,
            None => scripts.push((key, script)),
        }
    });
}
