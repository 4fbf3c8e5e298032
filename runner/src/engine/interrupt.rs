//! A stop request that long-running engine work looks at between steps. The engines know
//! nothing of who raises it (a terminal's Ctrl-C, a time limit): the caller lends them a
//! flag for as long as it runs a command on this thread.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

thread_local! {
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Runs `work` with `flag` as this thread's stop request, then restores the previous one.
pub fn with_flag<T>(flag: Option<Arc<AtomicBool>>, work: impl FnOnce() -> T) -> T {
    let previous = FLAG.with(|f| f.replace(flag));
    let result = work();
    FLAG.with(|f| *f.borrow_mut() = previous);
    result
}

/// True once the flag lent to this thread is raised.
pub fn requested() -> bool {
    FLAG.with(|f| {
        f.borrow()
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_is_seen_only_while_lent() {
        let flag = Arc::new(AtomicBool::new(true));
        assert!(!requested());
        assert!(with_flag(Some(flag.clone()), requested));
        assert!(!requested());
        flag.store(false, Ordering::Relaxed);
        assert!(!with_flag(Some(flag), requested));
    }
}
