//! Where the engine reads the time. The course's engine has no clock of its own: its
//! time starts at 2026-01-01 and moves only when a table is created, so a lesson prints
//! the same every time. `kursus layani` gives it the wall clock; tests give it theirs.

use std::fmt;
use std::sync::Arc;

/// Seconds since the Unix epoch, read anew at every call.
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> f64 + Send + Sync>);

impl Clock {
    pub fn new(now: impl Fn() -> f64 + Send + Sync + 'static) -> Clock {
        Clock(Arc::new(now))
    }

    pub fn now(&self) -> f64 {
        (self.0)()
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Clock")
    }
}
