//! Headroom for boa's garbage collector. boa marks the whole live heap (a realm's
//! intrinsics, the prelude, the session's objects) each time the bytes allocated pass
//! its threshold, and it only raises the threshold to the live size divided by 0.7:
//! with a live heap of a few megabytes, a collection runs after every megabyte or so
//! of new objects, and marking dominates allocation-heavy work such as loading a
//! design model's records. A large live object that holds no references costs
//! nothing to mark and lifts the threshold, so collections become rare. The
//! collector cannot be configured otherwise (boa 0.22), and its heap is per thread.

use boa_engine::gc::{Finalize, Gc, Trace, Tracer};
use std::cell::Cell;

/// Bytes of one chunk: small enough to be built on a worker thread's stack.
const CHUNK: usize = 256 * 1024;
/// Chunks kept alive per thread: 32 MiB, so about 14 MiB of garbage between
/// collections.
const CHUNKS: usize = 128;

/// Only its size matters: the collector counts it as allocated.
struct Chunk(#[allow(dead_code)] [u8; CHUNK]);

impl Finalize for Chunk {}

// SAFETY: a chunk holds plain bytes, no `Gc` pointers, so there is nothing to trace.
unsafe impl Trace for Chunk {
    unsafe fn trace(&self, _: &mut Tracer) {}
    unsafe fn trace_non_roots(&self) {}
    fn run_finalizer(&self) {
        Finalize::finalize(self)
    }
}

thread_local! {
    static SHELLS: Cell<u32> = const { Cell::new(0) };
}

/// Counts a shell made on this thread; the second one gives the thread's collector
/// its headroom. A REPL or a script runs one shell and does not pay for touching
/// the chunks; grading makes a shell per replay. The chunks are never dropped by
/// us: the collector frees them with the rest of the thread's heap, which a
/// thread-local holding them could outlive.
pub(crate) fn shell_made() {
    let made = SHELLS.with(|n| {
        n.set(n.get().saturating_add(1));
        n.get()
    });
    if made != 2 {
        return;
    }
    for _ in 0..CHUNKS {
        std::mem::forget(Gc::new(Chunk([0; CHUNK])));
    }
}
