//! The EIP-2537 precompiles (`bls12_381_eip2537_run`,
//! `bls12_381_eip2537_gas`), over the `bls12-381-eip2537` crate.
//!
//! Unlike the rest of this ABI, these functions take and give the EIP's
//! byte encodings (big-endian, 64-byte padded Fp), not in-memory forms: the
//! input is the call data of the precompile and the output is its return
//! data, byte for byte.
//!
//! Every [`Error`] variant has its own code, so a caller can tell the EIP's
//! error cases apart: the empty input (an MSM or pairing check of no pair)
//! is [`ERR_EMPTY_INPUT`] (25), the one code of an empty input across the
//! ABI, and the others are this crate's 12 to 17 (11, the empty input's
//! former code, is no longer returned); [`ERR_BUFFER_TOO_SMALL`] (18) says
//! that `out_cap` cannot hold the output, whose size depends only on the
//! precompile ([`output_len`]) and is checked before anything is computed.

use crate::{null_guard, slice, ERR_EMPTY_INPUT, ERR_NULL_POINTER, OK};
use bls12_381_eip2537::codec::{G1_LEN, G2_LEN};
use bls12_381_eip2537::{Error, Precompile};
use core::ffi::c_int;
use core::ptr;

/// Defines the codes of the [`Error`] variants (`NAME = code: pattern,`)
/// and [`eip2537_code`], which gives each variant its code; the variants
/// of `shared: [NAME: pattern, ...];` answer a code defined elsewhere.
macro_rules! error_codes {
    (
        shared: [$($shared:ident: $svariant:pat),* $(,)?];
        $($(#[$doc:meta])* $name:ident = $code:literal: $variant:pat,)*
    ) => {
        $(
            $(#[$doc])*
            pub const $name: c_int = $code;
        )*

        /// `Error` -> its `bls12_381_error` code: one code per variant,
        /// whatever its fields (the lengths of `InvalidInputLength` and the
        /// address of `UnknownAddress` are the caller's own arguments).
        pub fn eip2537_code(e: Error) -> c_int {
            match e {
                $($svariant => $shared,)*
                $($variant => $name,)*
            }
        }
    };
}

error_codes! {
    // MSM or PAIRING_CHECK with no pair: the ABI's one empty-input code.
    shared: [ERR_EMPTY_INPUT: Error::EmptyInput];
    /// `BLS12_381_ERR_EIP2537_INVALID_INPUT_LENGTH`: not the precompile's
    /// length, or not a multiple of its pair size.
    ERR_EIP2537_INVALID_INPUT_LENGTH = 12: Error::InvalidInputLength { .. },
    /// `BLS12_381_ERR_EIP2537_FP_TOP_BYTES_NOT_ZERO`: an Fp element's 16
    /// padding bytes are not all zero.
    ERR_EIP2537_FP_TOP_BYTES_NOT_ZERO = 13: Error::FpTopBytesNotZero,
    /// `BLS12_381_ERR_EIP2537_FP_NOT_CANONICAL`: an Fp element is not below p.
    ERR_EIP2537_FP_NOT_CANONICAL = 14: Error::FpNotCanonical,
    /// `BLS12_381_ERR_EIP2537_POINT_NOT_ON_CURVE`.
    ERR_EIP2537_POINT_NOT_ON_CURVE = 15: Error::PointNotOnCurve,
    /// `BLS12_381_ERR_EIP2537_POINT_NOT_IN_SUBGROUP` (MSM and PAIRING_CHECK).
    ERR_EIP2537_POINT_NOT_IN_SUBGROUP = 16: Error::PointNotInSubgroup,
    /// `BLS12_381_ERR_EIP2537_UNKNOWN_ADDRESS`: no precompile at the address.
    ERR_EIP2537_UNKNOWN_ADDRESS = 17: Error::UnknownAddress(_),
}

/// `BLS12_381_ERR_BUFFER_TOO_SMALL`: the output buffer is smaller than
/// the output (whose size is then written to `*out_len`).
pub const ERR_BUFFER_TOO_SMALL: c_int = 18;

/// The former code of EIP-2537's empty input, deprecated: its value is now
/// [`ERR_EMPTY_INPUT`]'s (the header keeps the name
/// `BLS12_381_ERR_EIP2537_EMPTY_INPUT` as an alias for one release).
#[deprecated(note = "EIP-2537's empty input answers ERR_EMPTY_INPUT; removed in the next release")]
pub const ERR_EIP2537_EMPTY_INPUT: c_int = ERR_EMPTY_INPUT;

// The codes continue the header's enum after NULL_POINTER and the unused 11.
const _: () = assert!(ERR_EIP2537_INVALID_INPUT_LENGTH == ERR_NULL_POINTER + 2);

/// The size of `p`'s output: a G1 point (128 bytes: x and y, each an Fp
/// padded to 64), a G2 point (256), or the pairing check's 32-byte word.
pub fn output_len(p: Precompile) -> usize {
    match p {
        Precompile::G1Add | Precompile::G1Msm | Precompile::MapFpToG1 => G1_LEN,
        Precompile::G2Add | Precompile::G2Msm | Precompile::MapFp2ToG2 => G2_LEN,
        Precompile::PairingCheck => 32,
    }
}

/// Runs the precompile at `address` on `inp[0..in_len]` and writes its
/// output to `out[0..out_cap]`.
///
/// Returns `OK` with `*out_len` the output's size and `*gas` the gas it
/// costs, or an error code: `ERR_NULL_POINTER` (nothing written) if
/// `out_len` or `gas` is NULL, or `inp` / `out` is NULL with a nonzero
/// length; otherwise `*out_len` and `*gas` are always written. `*gas` is
/// the price of the call ([`Precompile::gas`] of `in_len`, what a client
/// charges before running; 0 for an unknown address); on an error
/// `*out_len` is 0, except for `ERR_BUFFER_TOO_SMALL`, where it is the size
/// `out` needs. The checks come in this order: address
/// (`ERR_EIP2537_UNKNOWN_ADDRESS`), `in_len` above `isize::MAX`
/// (`ERR_INVALID_LENGTH`, read nothing), `out_cap` below
/// [`output_len`] (`ERR_BUFFER_TOO_SMALL`, computed nothing), then the
/// precompile's own checks (`ERR_EMPTY_INPUT`, codes 12 to 16). `out` is
/// written only on success, after the input has been read, so it may
/// overlap `inp`.
///
/// # Safety
/// See the crate documentation: `inp` valid for reads of `in_len` bytes,
/// `out` for writes of `out_cap` bytes, `out_len` and `gas` for writes of
/// one `size_t` / `uint64_t` each (written unaligned, so any address will
/// do).
#[no_mangle]
pub unsafe extern "C" fn bls12_381_eip2537_run(
    address: u64,
    inp: *const u8,
    in_len: usize,
    out: *mut u8,
    out_cap: usize,
    out_len: *mut usize,
    gas: *mut u64,
) -> c_int {
    null_guard!(ERR_NULL_POINTER; out_len, gas);
    if (inp.is_null() && in_len != 0) || (out.is_null() && out_cap != 0) {
        return ERR_NULL_POINTER;
    }
    let (code, len, price) = match Precompile::from_address(address) {
        None => (ERR_EIP2537_UNKNOWN_ADDRESS, 0, 0),
        // SAFETY: the caller's contract for `inp`, `out`.
        Some(p) => unsafe { run_known(p, inp, in_len, out, out_cap) },
    };
    // SAFETY: both non-NULL (checked above), valid by the caller's contract.
    unsafe {
        ptr::write_unaligned(out_len, len);
        ptr::write_unaligned(gas, price);
    }
    code
}

/// The body of [`bls12_381_eip2537_run`] for a known precompile: (code,
/// `*out_len`, `*gas`).
///
/// # Safety
/// As [`bls12_381_eip2537_run`], NULL pointers already rejected.
unsafe fn run_known(p: Precompile, inp: *const u8, in_len: usize, out: *mut u8, out_cap: usize) -> (c_int, usize, u64) {
    let price = p.gas(in_len);
    // SAFETY: the caller's contract; an impossible length is rejected unread.
    let input = match unsafe { slice(inp, in_len) } {
        Ok(s) => s,
        Err(c) => return (c, 0, price),
    };
    let need = output_len(p);
    if out_cap < need {
        return (ERR_BUFFER_TOO_SMALL, need, price);
    }
    match p.run(input) {
        Ok(o) => {
            // The crate's outputs have exactly `output_len` bytes (tested);
            // a longer one would be cut to `out_cap`, never overflow `out`.
            let n = o.bytes.len().min(out_cap);
            // SAFETY: `out` is valid for `out_cap >= n` bytes; `o.bytes` is
            // our own vector, so the copy's source cannot overlap `out`.
            unsafe { ptr::copy_nonoverlapping(o.bytes.as_ptr(), out, n) };
            (OK, n, o.gas)
        }
        Err(e) => (eip2537_code(e), 0, price),
    }
}

/// Writes to `*gas` the gas a call of the precompile at `address` with
/// `in_len` bytes of input costs ([`Precompile::gas`]: what a client
/// charges before running; for a length the precompile rejects, the price
/// of the whole pairs the input holds). `OK`; `ERR_NULL_POINTER` if `gas`
/// is NULL; `ERR_EIP2537_UNKNOWN_ADDRESS` (with `*gas` = 0) for an address
/// that is none of 0x0b..=0x11. No buffer is read, so any `in_len` is
/// accepted.
///
/// # Safety
/// `gas` is NULL or valid for writes of one `uint64_t` (any alignment).
#[no_mangle]
pub unsafe extern "C" fn bls12_381_eip2537_gas(address: u64, in_len: usize, gas: *mut u64) -> c_int {
    null_guard!(ERR_NULL_POINTER; gas);
    let (code, price) = match Precompile::from_address(address) {
        Some(p) => (OK, p.gas(in_len)),
        None => (ERR_EIP2537_UNKNOWN_ADDRESS, 0),
    };
    // SAFETY: non-NULL, valid by the caller's contract.
    unsafe { ptr::write_unaligned(gas, price) };
    code
}
