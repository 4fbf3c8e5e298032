//! Caught panics. A bug in the shell or an engine must not end the learner's session, so
//! each unit runs under `catch_unwind`; but a caught panic is still a bug, so the shell
//! counts them and tests (the fuzz properties above all) fail on any.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

/// Decides which units panic on purpose (see [`super::Shell::inject_panic`]).
pub type PanicTrigger = fn(&str) -> bool;

/// The payload of an injected panic, so it cannot be mistaken for a real one.
#[derive(Debug)]
pub struct InjectedPanic;

#[derive(Debug, Default)]
pub struct PanicLog {
    caught: usize,
    trigger: Option<PanicTrigger>,
}

impl PanicLog {
    pub fn caught(&self) -> usize {
        self.caught
    }

    pub fn set_trigger(&mut self, trigger: PanicTrigger) {
        self.trigger = Some(trigger);
    }

    /// Takes back a log that was moved out while a unit ran (a nested unit may have
    /// counted in the meantime).
    pub fn absorb(&mut self, other: PanicLog) {
        self.caught += other.caught;
        self.trigger = other.trigger.or(self.trigger);
    }

    /// Runs `f` for `unit`; `None` when it panicked (and the panic is counted).
    pub fn guard<T>(&mut self, unit: &str, f: impl FnOnce() -> T) -> Option<T> {
        let result = run_caught(self.injects(unit), f);
        if result.is_none() {
            self.caught += 1;
        }
        result
    }

    fn injects(&self, unit: &str) -> bool {
        self.trigger.is_some_and(|trigger| trigger(unit))
    }
}

fn run_caught<T>(inject: bool, f: impl FnOnce() -> T) -> Option<T> {
    catch_unwind(AssertUnwindSafe(|| {
        if inject {
            // Unwinds exactly as a panic does, without the panic hook's noise.
            resume_unwind(Box::new(InjectedPanic));
        }
        f()
    }))
    .ok()
}
