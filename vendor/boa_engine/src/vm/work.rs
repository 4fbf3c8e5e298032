//! A budget of work for everything a context runs, and a flag another thread may raise
//! (kursus patch).
//!
//! `loop_iteration_limit` counts the iterations of one loop in one frame, so a loop that
//! calls a function doing a little work, or a loop nested in a function called from a
//! loop, runs far longer than any single count suggests; and nothing outside the thread
//! can stop a running script. Both are needed by an embedder that runs code typed by
//! people: every loop iteration charges one step here, every call a settable number, the
//! embedder may charge more for expensive host calls, and a raised flag stops the script
//! at the next step with an error that JavaScript cannot catch.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::JsResult;
use crate::error::RuntimeLimitError;

#[derive(Debug)]
pub(crate) struct Work {
    steps: Cell<u64>,
    limit: u64,
    /// Steps a call costs: a call does far more than a loop iteration.
    call_cost: u64,
    interrupt: Option<Arc<AtomicBool>>,
}

impl Default for Work {
    fn default() -> Self {
        Self {
            steps: Cell::new(0),
            limit: u64::MAX,
            call_cost: 1,
            interrupt: None,
        }
    }
}

impl Work {
    /// Adds `steps`; fails once the flag is raised or the budget is spent.
    #[inline]
    pub(crate) fn charge(&self, steps: u64) -> JsResult<()> {
        if self
            .interrupt
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Err(RuntimeLimitError::Interrupted.into());
        }
        let total = self.steps.get().saturating_add(steps);
        self.steps.set(total);
        if total > self.limit {
            return Err(RuntimeLimitError::Work.into());
        }
        Ok(())
    }

    pub(crate) fn done(&self) -> u64 {
        self.steps.get()
    }

    pub(crate) fn reset(&self) {
        self.steps.set(0);
    }

    pub(crate) fn set_limit(&mut self, limit: u64) {
        self.limit = limit;
    }

    pub(crate) fn call_cost(&self) -> u64 {
        self.call_cost
    }

    pub(crate) fn set_call_cost(&mut self, steps: u64) {
        self.call_cost = steps;
    }

    pub(crate) fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.interrupt = flag;
    }
}
