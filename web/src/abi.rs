//! The exported functions: bytes in and out of linear memory, nothing else crosses.
//!
//! The host writes a request into a buffer from [`kursus_alloc`], calls [`kursus_call`]
//! and gets the response's address and length packed in one `u64` (address in the high
//! 32 bits), reads it, and gives both buffers back with [`kursus_free`]. Compiled on
//! every target so native tests and lints see it; only the WebAssembly build exports it.

use std::cell::RefCell;

use crate::api::Api;

thread_local! {
    /// WebAssembly runs the module on one thread: this is the module's only API.
    static API: RefCell<Api> = RefCell::new(Api::new());
}

/// A buffer of `len` bytes for the host to fill.
#[no_mangle]
pub extern "C" fn kursus_alloc(len: usize) -> *mut u8 {
    Box::into_raw(vec![0u8; len].into_boxed_slice()).cast()
}

/// Gives back a buffer from [`kursus_alloc`] or a response from [`kursus_call`].
///
/// # Safety
/// `ptr` and `len` must be exactly those of one such buffer, not given back before.
#[no_mangle]
pub unsafe extern "C" fn kursus_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: the caller hands back a boxed slice of this length that we leaked.
        drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) });
    }
}

/// Answers the JSON request at `ptr..ptr+len` (see [`crate::api`]).
///
/// # Safety
/// `ptr..ptr+len` must be readable memory of this module for the whole call.
#[no_mangle]
pub unsafe extern "C" fn kursus_call(ptr: *const u8, len: usize) -> u64 {
    let request = if len == 0 {
        &[][..]
    } else {
        // SAFETY: the caller guarantees the range is readable.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    let (ptr, len) = respond(request);
    pack(ptr as usize, len)
}

/// The response in a buffer the host gives back with [`kursus_free`].
fn respond(request: &[u8]) -> (*mut u8, usize) {
    let response = API.with(|api| api.borrow_mut().call_bytes(request));
    let len = response.len();
    (Box::into_raw(response.into_boxed_slice()).cast(), len)
}

/// On wasm32 both halves fit in 32 bits; natively only the tests call this.
fn pack(ptr: usize, len: usize) -> u64 {
    ((ptr as u64) << 32) | (len as u64 & 0xffff_ffff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_goes_through_the_buffers() {
        let request = br#"{"op":"complete","text":"use kampus"}"#;
        let buffer = kursus_alloc(request.len());
        // SAFETY: the buffer is ours and as long as the request.
        unsafe { std::ptr::copy_nonoverlapping(request.as_ptr(), buffer, request.len()) };
        // SAFETY: as above; the buffer is given back once.
        let copied = unsafe { std::slice::from_raw_parts(buffer, request.len()) }.to_vec();
        unsafe { kursus_free(buffer, request.len()) };
        let (ptr, len) = respond(&copied);
        // SAFETY: `respond` returned this buffer and length; it is read, then given back.
        let response = unsafe { std::slice::from_raw_parts(ptr, len) }.to_vec();
        unsafe { kursus_free(ptr, len) };
        assert_eq!(response, br#"{"complete":true,"ok":true}"#);
    }

    #[test]
    fn the_address_takes_the_high_half() {
        assert_eq!(pack(0x10, 3), 0x10_0000_0003);
    }
}
