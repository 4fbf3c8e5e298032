//! The five POSIX thread functions std refers to, which the wasi-libc in Debian 12
//! (2022) lacks: without them the module does not link. Nothing in this build starts a
//! thread (the engines scan and grade on one thread under `target_family = "wasm"`), so
//! each reports failure; a `std::thread::spawn` would then panic instead of running.
//! Not compiled on other targets, where libc has the real ones.

use std::ffi::{c_int, c_void};

/// EAGAIN in wasi-libc: "resource temporarily unavailable", what a refused thread gets.
const EAGAIN: c_int = 6;

#[no_mangle]
extern "C" fn pthread_attr_init(_attr: *mut c_void) -> c_int {
    0
}

#[no_mangle]
extern "C" fn pthread_attr_destroy(_attr: *mut c_void) -> c_int {
    0
}

#[no_mangle]
extern "C" fn pthread_attr_setstacksize(_attr: *mut c_void, _size: usize) -> c_int {
    0
}

#[no_mangle]
extern "C" fn pthread_create(
    _thread: *mut c_void,
    _attr: *const c_void,
    _start: *const c_void,
    _arg: *mut c_void,
) -> c_int {
    EAGAIN
}

#[no_mangle]
extern "C" fn pthread_join(_thread: *mut c_void, _ret: *mut *mut c_void) -> c_int {
    EAGAIN
}
