//! The case of `bls12_381_backend` (in the child): it takes no argument,
//! so the hostile part is the caller's use of its answer: the pointer is
//! not NULL, the string ends within 256 bytes, is printable ASCII and is
//! the core's report; every call, from any thread, answers the same
//! pointer (a static string, never freed); the first call races eight
//! threads.

use super::*;
use core::ffi::{c_char, CStr};

pub(crate) type Report = extern "C" fn() -> *const c_char;

pub(crate) fn run_report(f: &str, r: Report) {
    case(f, "first call from eight threads at once");
    let ptrs: Vec<usize> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..8).map(|_| s.spawn(move || r() as usize)).collect();
        hs.into_iter().map(|h| h.join().expect("thread")).collect()
    });
    check!(ptrs.iter().all(|&p| p == ptrs[0]), "{f}: different pointers {ptrs:x?}");
    case(f, "the text");
    let p = r();
    check!(!p.is_null(), "{f}: NULL");
    check_eq!(p as usize, ptrs[0], "{f}: a later call moved the string");
    // Within 256 bytes (the buffer), a NUL; read byte by byte up to it.
    let bytes: Vec<u8> = (0..256).map(|i| unsafe { *p.cast::<u8>().add(i) }).take_while(|&b| b != 0).collect();
    check!(bytes.len() < 256, "{f}: no NUL within 256 bytes");
    check!(bytes.iter().all(|b| b.is_ascii_graphic() || *b == b' '), "{f}: not printable ASCII: {bytes:?}");
    let text = unsafe { CStr::from_ptr(p) }.to_str().expect("UTF-8");
    check_eq!(text, bls12_381_core::backend().to_string(), "{f}: not the core's report");
    check!(text.starts_with("limbs="), "{f}: {text}");
}
