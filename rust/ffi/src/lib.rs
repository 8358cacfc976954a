//! # bls12-381-ffi
//!
//! The C ABI of bls12-381-core, declared in `include/bls12_381.h`.
//!
//! Values cross the boundary as fixed-size byte buffers holding the core's
//! in-memory form (Montgomery limbs, native endianness, no alignment
//! required). This crate only converts: it reads inputs with
//! [`ptr::read_unaligned`], calls the core, and writes the output with
//! [`ptr::write_unaligned`]. Every input is read before the output is
//! written, so outputs may alias inputs.
//!
//! Errors are returned as the `bls12_381_error` codes of the header
//! ([`Error::code`]). No function here panics on any input: lengths are
//! checked before any slice is built, and nothing unwraps user data.
//!
//! Safety contract shared by every function: each pointer is valid for reads
//! (inputs) or writes (`out`) of the number of bytes the header states; a
//! pointer paired with a length may be null only when that length is 0.
//! Buffers holding in-memory forms were produced by this library.

#![deny(unsafe_op_in_unsafe_fn)]

use bls12_381_core::{Error, Fp12, Fr};
use core::ffi::c_int;
use core::ptr;

mod curve;
mod msm;
mod pairing;
pub use curve::*;
pub use msm::*;
pub use pairing::*;

/// `BLS12_381_OK`.
pub const OK: c_int = 0;

/// Size in bytes of the in-memory form of Fr (`BLS12_381_FR_SIZE`).
pub const FR_SIZE: usize = 32;
/// Size in bytes of the in-memory form of Fq12 (`BLS12_381_FQ12_SIZE`).
pub const FQ12_SIZE: usize = 576;
/// Size of the Fr encoding (`BLS12_381_FR_BYTES`).
pub const FR_BYTES: usize = 32;
/// Size of the Fq12 encoding (`BLS12_381_FQ12_BYTES`).
pub const FQ12_BYTES: usize = 576;

// The header's sizes are the core's layouts.
const _: () = assert!(core::mem::size_of::<Fr>() == FR_SIZE);
const _: () = assert!(core::mem::size_of::<Fp12>() == FQ12_SIZE);

/// Reads a `T` from a buffer of `size_of::<T>()` bytes, any alignment.
///
/// # Safety
/// `p` is valid for reads of `size_of::<T>()` bytes and those bytes are a
/// valid `T` (any bit pattern is for the plain-integer types used here).
#[inline(always)]
unsafe fn get<T: Copy>(p: *const u8) -> T {
    // SAFETY: the caller's contract.
    unsafe { ptr::read_unaligned(p.cast::<T>()) }
}

/// Writes a `T` into a buffer of `size_of::<T>()` bytes, any alignment.
///
/// # Safety
/// `p` is valid for writes of `size_of::<T>()` bytes.
#[inline(always)]
unsafe fn put<T: Copy>(p: *mut u8, v: T) {
    // SAFETY: the caller's contract.
    unsafe { ptr::write_unaligned(p.cast::<T>(), v) }
}

/// `Error` -> `bls12_381_error` code.
#[inline]
fn code(e: Error) -> c_int {
    e.code() as c_int
}

/// Little-endian exponent bytes -> little-endian `u64` limbs (the last limb
/// zero-padded). The limb count depends only on `len`, so the core's
/// constant-time `pow` stays constant time for a given `len`.
///
/// # Safety
/// `exp` is valid for reads of `len` bytes, or `len == 0`.
unsafe fn exp_limbs(exp: *const u8, len: usize) -> Vec<u64> {
    if len == 0 || exp.is_null() {
        return Vec::new();
    }
    // SAFETY: the caller's contract (`len` readable bytes, so len <= isize::MAX).
    let bytes = unsafe { core::slice::from_raw_parts(exp, len) };
    let mut limbs = vec![0u64; len.div_ceil(8)];
    for (limb, chunk) in limbs.iter_mut().zip(bytes.chunks(8)) {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        *limb = u64::from_le_bytes(b);
    }
    limbs
}

/// Defines the C functions shared by Fr and Fq12. Each `$name` is the full
/// exported symbol, so that the symbols can be grepped for.
macro_rules! field_abi {
    (
        $ty:ty, $size:expr, $bytes:expr, $wide:expr,
        zero: $zero:ident, one: $one:ident, is_zero: $is_zero:ident,
        is_one: $is_one:ident, eq: $eq:ident, add: $add:ident, sub: $sub:ident,
        mul: $mul:ident, neg: $neg:ident, double: $double:ident,
        square: $square:ident, inverse: $inverse:ident, pow: $pow:ident,
        of_bytes: $of_bytes:ident, to_bytes: $to_bytes:ident,
        of_bytes_wide: $of_bytes_wide:ident $(,)?
    ) => {
        /// Writes 0.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $zero(out: *mut u8) {
            // SAFETY: `out` holds the in-memory form (crate contract).
            unsafe { put::<$ty>(out, <$ty>::ZERO) }
        }

        /// Writes 1.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $one(out: *mut u8) {
            // SAFETY: crate contract.
            unsafe { put::<$ty>(out, <$ty>::ONE) }
        }

        /// 1 if `a` is 0, else 0. Constant time.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $is_zero(a: *const u8) -> c_int {
            // SAFETY: crate contract.
            let a = unsafe { get::<$ty>(a) };
            c_int::from(a.is_zero().unwrap_u8())
        }

        /// 1 if `a` is 1, else 0. Constant time.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $is_one(a: *const u8) -> c_int {
            // SAFETY: crate contract.
            let a = unsafe { get::<$ty>(a) };
            c_int::from(subtle::ConstantTimeEq::ct_eq(&a, &<$ty>::ONE).unwrap_u8())
        }

        /// 1 if `a == b`, else 0. Constant time.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $eq(a: *const u8, b: *const u8) -> c_int {
            // SAFETY: crate contract.
            let (a, b) = unsafe { (get::<$ty>(a), get::<$ty>(b)) };
            c_int::from(subtle::ConstantTimeEq::ct_eq(&a, &b).unwrap_u8())
        }

        /// `out = a + b`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $add(out: *mut u8, a: *const u8, b: *const u8) {
            // SAFETY: crate contract; inputs are read before `out` is written.
            unsafe {
                let (a, b) = (get::<$ty>(a), get::<$ty>(b));
                put(out, a.add(&b))
            }
        }

        /// `out = a - b`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $sub(out: *mut u8, a: *const u8, b: *const u8) {
            // SAFETY: crate contract.
            unsafe {
                let (a, b) = (get::<$ty>(a), get::<$ty>(b));
                put(out, a.sub(&b))
            }
        }

        /// `out = a * b`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $mul(out: *mut u8, a: *const u8, b: *const u8) {
            // SAFETY: crate contract.
            unsafe {
                let (a, b) = (get::<$ty>(a), get::<$ty>(b));
                put(out, a.mul(&b))
            }
        }

        /// `out = -a`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $neg(out: *mut u8, a: *const u8) {
            // SAFETY: crate contract.
            unsafe {
                let a = get::<$ty>(a);
                put(out, a.neg())
            }
        }

        /// `out = 2a`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $double(out: *mut u8, a: *const u8) {
            // SAFETY: crate contract.
            unsafe {
                let a = get::<$ty>(a);
                put(out, a.double())
            }
        }

        /// `out = a^2`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $square(out: *mut u8, a: *const u8) {
            // SAFETY: crate contract.
            unsafe {
                let a = get::<$ty>(a);
                put(out, a.square())
            }
        }

        /// `out = 1/a`, constant time; `NOT_INVERTIBLE` on 0 (`out` untouched).
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $inverse(out: *mut u8, a: *const u8) -> c_int {
            // SAFETY: crate contract.
            let a = unsafe { get::<$ty>(a) };
            match Option::<$ty>::from(a.invert()) {
                Some(inv) => {
                    // SAFETY: crate contract.
                    unsafe { put(out, inv) };
                    OK
                }
                None => code(Error::NotInvertible),
            }
        }

        /// `out = a^e`, `e` the little-endian integer in `exp[0..exp_len]`;
        /// constant time in the bits of `e` for a given `exp_len`. `0^0 = 1`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $pow(out: *mut u8, a: *const u8, exp: *const u8, exp_len: usize) {
            // SAFETY: crate contract.
            unsafe {
                let a = get::<$ty>(a);
                let e = exp_limbs(exp, exp_len);
                put(out, a.pow(&e))
            }
        }

        /// Decodes the canonical encoding in `inp[0..len]`: `INVALID_LENGTH`
        /// unless `len` is the encoding size, `NOT_CANONICAL` if an integer is
        /// not below its modulus. `out` is untouched on error.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $of_bytes(out: *mut u8, inp: *const u8, len: usize) -> c_int {
            if len != $bytes || inp.is_null() {
                return code(Error::InvalidLength {
                    expected: $bytes,
                    got: len,
                });
            }
            // SAFETY: `inp` holds `len` = `$bytes` readable bytes (crate contract).
            let enc = unsafe { get::<[u8; $bytes]>(inp) };
            match <$ty>::from_bytes(&enc) {
                Ok(v) => {
                    // SAFETY: crate contract.
                    unsafe { put(out, v) };
                    OK
                }
                Err(e) => code(e),
            }
        }

        /// Writes the canonical encoding of `a`.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $to_bytes(out: *mut u8, a: *const u8) {
            // SAFETY: crate contract.
            unsafe {
                let a = get::<$ty>(a);
                put::<[u8; $bytes]>(out, a.to_bytes())
            }
        }

        /// Reduces a wide little-endian encoding (see the header) to an element.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $of_bytes_wide(out: *mut u8, inp: *const u8) {
            // SAFETY: crate contract.
            unsafe {
                let wide = get::<[u8; $wide]>(inp);
                put(out, <$ty>::from_bytes_wide(&wide))
            }
        }
    };
}

field_abi!(
    Fr, FR_SIZE, FR_BYTES, 64,
    zero: bls12_381_fr_zero, one: bls12_381_fr_one, is_zero: bls12_381_fr_is_zero,
    is_one: bls12_381_fr_is_one, eq: bls12_381_fr_eq, add: bls12_381_fr_add,
    sub: bls12_381_fr_sub, mul: bls12_381_fr_mul, neg: bls12_381_fr_neg,
    double: bls12_381_fr_double, square: bls12_381_fr_square,
    inverse: bls12_381_fr_inverse, pow: bls12_381_fr_pow,
    of_bytes: bls12_381_fr_of_bytes, to_bytes: bls12_381_fr_to_bytes,
    of_bytes_wide: bls12_381_fr_of_bytes_wide,
);

field_abi!(
    Fp12, FQ12_SIZE, FQ12_BYTES, 768,
    zero: bls12_381_fq12_zero, one: bls12_381_fq12_one, is_zero: bls12_381_fq12_is_zero,
    is_one: bls12_381_fq12_is_one, eq: bls12_381_fq12_eq, add: bls12_381_fq12_add,
    sub: bls12_381_fq12_sub, mul: bls12_381_fq12_mul, neg: bls12_381_fq12_neg,
    double: bls12_381_fq12_double, square: bls12_381_fq12_square,
    inverse: bls12_381_fq12_inverse, pow: bls12_381_fq12_pow,
    of_bytes: bls12_381_fq12_of_bytes, to_bytes: bls12_381_fq12_to_bytes,
    of_bytes_wide: bls12_381_fq12_of_bytes_wide,
);

/// `out = sqrt(a)` (one of the two roots); `NOT_SQUARE` if `a` has none
/// (`out` untouched).
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_fr_sqrt(out: *mut u8, a: *const u8) -> c_int {
    // SAFETY: crate contract.
    let a = unsafe { get::<Fr>(a) };
    match Option::<Fr>::from(a.sqrt()) {
        Some(r) => {
            // SAFETY: crate contract.
            unsafe { put(out, r) };
            OK
        }
        None => code(Error::NotSquare),
    }
}

/// Legendre symbol of `a`: 1 (non-zero square), -1 (non-square), 0 (zero).
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_fr_legendre(a: *const u8) -> c_int {
    // SAFETY: crate contract.
    let a = unsafe { get::<Fr>(a) };
    c_int::from(a.legendre())
}
