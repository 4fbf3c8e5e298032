//! Runs independent jobs on every core. Shells are not `Send`, so each worker builds
//! its own; only the jobs' plain results cross threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `f` applied to every item, results in the items' order.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    let work = || loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let (Some(item), Some(slot)) = (items.get(index), results.get(index)) else {
            break;
        };
        let result = f(item);
        if let Ok(mut slot) = slot.lock() {
            *slot = Some(result);
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..workers(items.len()) {
            scope.spawn(work);
        }
        work();
    });
    results
        .into_iter()
        .filter_map(|slot| slot.into_inner().ok().flatten())
        .collect()
}

/// WebAssembly has one thread (the wasi build cannot start another): the caller's.
#[cfg(target_family = "wasm")]
fn workers(_jobs: usize) -> usize {
    1
}

/// One worker per core, never more than there are jobs; `KURSUS_PEKERJA` overrides.
#[cfg(not(target_family = "wasm"))]
fn workers(jobs: usize) -> usize {
    let cores = std::env::var("KURSUS_PEKERJA")
        .ok()
        .and_then(|v| v.parse().ok())
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1);
    cores.clamp(1, jobs.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_order_of_the_items() {
        let items: Vec<u64> = (0..200).collect();
        let squares = map(&items, |n| n * n);
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
    }

    #[test]
    fn no_items_no_results() {
        let items: Vec<u8> = Vec::new();
        assert!(map(&items, |n| *n).is_empty());
    }
}
