//! Runtime limits: an endless loop or runaway recursion ends with an error
//! (in about a second or two) instead of hanging or crashing the session.

use boa_engine::Context;

/// Iterations of one loop before it is stopped.
const LOOP_ITERATIONS: u64 = 10_000_000;
/// JavaScript call depth (Node allows about 10,000 frames; boa's Rust stack less).
const RECURSION: usize = 1_500;
/// boa's value-stack size.
const STACK_SIZE: usize = 1024 * 1024;

pub(crate) fn apply(ctx: &mut Context) {
    let limits = ctx.runtime_limits_mut();
    limits.set_loop_iteration_limit(LOOP_ITERATIONS);
    limits.set_recursion_limit(RECURSION);
    limits.set_stack_size_limit(STACK_SIZE);
}
