//! What stops one statement without ending the session: Ctrl-C (the front end raises the
//! [`Interrupt`]), the time limit of an entry typed interactively, and the work budget.
//!
//! The work budget is deterministic: every loop iteration and call is a step (counted by
//! boa, see `vendor/README.md`) and every engine request is charged [`ENGINE_REQUEST`]
//! steps, so a replay stops exactly where the typed statement stopped, whatever the
//! machine's speed. The time limit only guards entries typed at a prompt, against what
//! the budget does not count (a long engine request, `sleep`).

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use boa_engine::{Context, JsResult, RuntimeLimitError};

/// Steps one statement may take. A loop iteration is one step, so a loop that counts a
/// variable up stops after about two seconds here; an empty one sooner.
pub const WORK_STEPS: u64 = 20_000_000;
/// Steps charged for one call of a function: in boa a call costs about as much as ten
/// iterations of a small loop.
pub const CALL: u64 = 10;
/// Steps charged for one request to an engine: a small `insertOne` costs about as much
/// as a thousand loop iterations.
pub const ENGINE_REQUEST: u64 = 1_000;
/// Wall-clock limit of one entry typed at a prompt.
pub const TIME_LIMIT: Duration = Duration::from_secs(5);
/// Bytes of documents and items a session's engines may hold before writes are refused.
pub const DATA_CAP_BYTES: u64 = 256 * 1024 * 1024;
/// Overrides [`DATA_CAP_BYTES`] (in bytes), for tests.
pub const DATA_CAP_ENV: &str = "KURSUS_BATAS_DATA";

/// Why a statement stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The learner pressed Ctrl-C (or the page's stop button).
    Interrupted,
    /// The work budget or the time limit ran out.
    Limit,
}

const NONE: u8 = 0;
const BY_LEARNER: u8 = 1;
const BY_CLOCK: u8 = 2;

/// A stop request shared by a front end, its shells and their engines; cloning shares it.
#[derive(Debug, Clone, Default)]
pub struct Interrupt {
    flag: Arc<AtomicBool>,
    cause: Arc<AtomicU8>,
}

impl Interrupt {
    pub fn new() -> Self {
        Self::default()
    }

    /// Ctrl-C: safe to call from a signal handler's thread.
    pub fn request(&self) {
        self.raise(BY_LEARNER);
    }

    /// Forgets an earlier request, before the next entry runs.
    pub fn clear(&self) {
        self.cause.store(NONE, Ordering::SeqCst);
        self.flag.store(false, Ordering::SeqCst);
    }

    pub fn is_requested(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }

    /// Why the flag is up, if it is.
    pub fn cause(&self) -> Option<Stop> {
        match self.cause.load(Ordering::SeqCst) {
            BY_LEARNER => Some(Stop::Interrupted),
            BY_CLOCK => Some(Stop::Limit),
            _ => None,
        }
    }

    pub(crate) fn flag(&self) -> Arc<AtomicBool> {
        self.flag.clone()
    }

    fn raise(&self, cause: u8) {
        // The first cause wins: Ctrl-C after the clock ran out is still the limit.
        let _ = self
            .cause
            .compare_exchange(NONE, cause, Ordering::SeqCst, Ordering::SeqCst);
        self.flag.store(true, Ordering::SeqCst);
    }
}

/// Charges an engine request to the running statement; fails, uncatchably, when the
/// statement must stop.
pub(crate) fn charge_request(ctx: &mut Context) -> JsResult<()> {
    ctx.charge_work(ENGINE_REQUEST)
}

/// After an engine request: a stop raised while it ran ends the statement here, even
/// if the engine's own answer (code 11601) would be caught by the learner's `try`.
pub(crate) fn after_request() -> JsResult<()> {
    if crate::engine::interrupt::requested() {
        return Err(RuntimeLimitError::Interrupted.into());
    }
    Ok(())
}

/// How a statement ended, from what the work counter and the interrupt say.
pub(crate) fn stop_of(interrupt: &Interrupt, work_done: u64) -> Option<Stop> {
    interrupt
        .cause()
        .or_else(|| (work_done > WORK_STEPS).then_some(Stop::Limit))
}

/// The session's data cap, read once.
pub(crate) fn data_cap() -> u64 {
    static CAP: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *CAP.get_or_init(|| {
        std::env::var(DATA_CAP_ENV)
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(DATA_CAP_BYTES)
    })
}

/// Raises `interrupt` as a limit once `limit` has passed, unless dropped before.
pub(crate) struct Clock {
    #[cfg(not(target_family = "wasm"))]
    _stop: Option<std::sync::mpsc::Sender<()>>,
}

/// Starts the clock of one typed entry. Without threads (WebAssembly) only the work
/// budget applies.
pub(crate) fn start_clock(interrupt: &Interrupt, limit: Duration) -> Clock {
    #[cfg(not(target_family = "wasm"))]
    {
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let interrupt = interrupt.clone();
        let spawned = std::thread::Builder::new()
            .name("kursus-batas-waktu".into())
            .spawn(move || {
                // Dropping the clock disconnects the channel and wakes this thread early.
                if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(limit)
                {
                    interrupt.raise(BY_CLOCK);
                }
            });
        Clock {
            _stop: spawned.ok().map(|_| stop),
        }
    }
    #[cfg(target_family = "wasm")]
    {
        let _ = (interrupt, limit);
        Clock {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_cause_is_kept_until_cleared() {
        let interrupt = Interrupt::new();
        assert_eq!(interrupt.cause(), None);
        interrupt.raise(BY_CLOCK);
        interrupt.request();
        assert_eq!(interrupt.cause(), Some(Stop::Limit));
        interrupt.clear();
        assert!(!interrupt.is_requested());
        interrupt.request();
        assert_eq!(interrupt.cause(), Some(Stop::Interrupted));
    }

    #[test]
    fn a_clock_dropped_in_time_raises_nothing() {
        let interrupt = Interrupt::new();
        drop(start_clock(&interrupt, Duration::from_millis(50)));
        std::thread::sleep(Duration::from_millis(120));
        assert!(!interrupt.is_requested());
        let _clock = start_clock(&interrupt, Duration::from_millis(10));
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(interrupt.cause(), Some(Stop::Limit));
    }
}
