//! `bls12_381_backend`: which kernels run, as the core's
//! `bls12_381_core::backend()` says it, in the same text.

use bls12_381_core::backend;
use core::ffi::c_char;
use std::sync::OnceLock;

/// Room for the text and its NUL: the longest report today,
/// `limbs=portable g1_lanes=avx512_ifma g2_lanes=avx512_ifma
/// ifma_paths=off`, has 71 bytes; pairs a later core may append get the
/// rest (and are cut, never overflow, beyond it).
const CAP: usize = 256;

/// The text, built at the first call: in a C program nothing changes the
/// kernel choices after the first operation (the overrides are Rust-only,
/// behind the core's feature `internals`).
static TEXT: OnceLock<[u8; CAP]> = OnceLock::new();

/// The core's report as `key=value` pairs one space apart (its
/// `Display`), NUL-terminated. Written byte by byte with checked indices
/// (no formatting machinery, which has panic paths); the last byte stays
/// NUL.
fn text() -> [u8; CAP] {
    let mut buf = [0u8; CAP];
    let mut n = 0;
    let mut put = |s: &str| {
        for &b in s.as_bytes() {
            if n + 1 < CAP {
                if let Some(slot) = buf.get_mut(n) {
                    *slot = b;
                }
                n += 1;
            }
        }
    };
    for (i, (k, v)) in backend().fields().iter().enumerate() {
        if i > 0 {
            put(" ");
        }
        put(k);
        put("=");
        put(v);
    }
    buf
}

/// The kernels this process runs, as a static NUL-terminated string that
/// the caller never frees: `limbs=<portable|adx>`,
/// `g1_lanes=<off|avx2|avx512f|avx512_ifma>`, `g2_lanes=<...>`,
/// `ifma_paths=<on|off>`, one space apart (the core's `Backend`). The first
/// call may time the lane kernels, as the first MSM does.
#[no_mangle]
pub extern "C" fn bls12_381_backend() -> *const c_char {
    TEXT.get_or_init(text).as_ptr().cast()
}
