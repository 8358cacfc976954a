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
//! ([`Error::code`], plus [`ERR_NULL_POINTER`], which only this crate
//! answers, the EIP-2537 codes 12 to 17 of [`eip2537_code`] (whose empty
//! input is the core's [`ERR_EMPTY_INPUT`]) and [`ERR_BUFFER_TOO_SMALL`],
//! and [`ERR_UNKNOWN_SCHEME`] of the signature functions). No function here panics on any input: lengths are checked
//! before any slice is built (fixed-size decoders compare the length before
//! reading; lengths above `isize::MAX` are rejected, since no buffer has
//! them), slices are split with checked methods, and nothing unwraps user
//! data. `tests/hostile/` calls every exported function with hostile
//! arguments, each in a child process, and fails on any signal.
//!
//! Safety contract shared by every function:
//! - NULL: an `int` function given NULL where it needs memory (a
//!   fixed-size buffer, or a pointer whose length is nonzero) returns
//!   [`ERR_NULL_POINTER`] and writes nothing; a `void` function does
//!   nothing; a predicate answers 0. A pointer with length 0 may be NULL.
//! - Every other pointer is valid for reads (inputs) or writes (`out`) of
//!   the number of bytes the header states, or of its length argument
//!   (unless that length exceeds `isize::MAX`, which is rejected unread).
//! - Buffers holding in-memory forms should have been produced by this
//!   library. Bytes it never wrote (limbs at or above the modulus, random
//!   Jacobian coordinates, points off the curve) are memory-safe inputs:
//!   every in-memory type is plain 64-bit limbs, valid for any bits, and no
//!   function crashes, aborts or hangs on them; the results are unspecified.
//! - `bls12_381_pairing` returns `BLS12_381_ERR_NOT_IN_SUBGROUP` when the
//!   Miller loop vanishes (points of small order from the `_unchecked`
//!   decoders), through the core's `try_pairing`.
//! - Working memory is allocated in proportion to the caller's own buffers
//!   (MSM and pairing arrays, exponents); running out of memory there
//!   aborts, as Rust's allocator does.

#![deny(unsafe_op_in_unsafe_fn)]

use bls12_381_core::{Error, Fp12, Fr};
use core::ffi::c_int;
use core::mem::MaybeUninit;
use core::ptr;

mod backend;
mod bulk;
mod curve;
mod eip2537;
mod fft_domain;
mod h2c;
mod msm;
mod pairing;
mod sig;
pub use backend::*;
pub use bulk::*;
pub use curve::*;
pub use eip2537::*;
pub use fft_domain::*;
pub use h2c::*;
pub use msm::*;
pub use pairing::*;
pub use sig::*;

/// `BLS12_381_OK`.
pub const OK: c_int = 0;
/// `BLS12_381_ERR_INVALID_LENGTH` (the core's `Error::InvalidLength`).
pub const ERR_INVALID_LENGTH: c_int = 1;
/// `BLS12_381_ERR_NOT_IN_SUBGROUP` (the core's `Error::NotInSubgroup`).
pub const ERR_NOT_IN_SUBGROUP: c_int = 7;
/// `BLS12_381_ERR_NULL_POINTER`: a required pointer is NULL. A property of
/// the C boundary only, so it has no variant in the core's `Error`; its
/// value continues the core's codes (1 to 9).
pub const ERR_NULL_POINTER: c_int = 10;
/// `BLS12_381_ERR_EMPTY_INPUT` (the core's `Error::EmptyInput`): the one
/// code of an input that must not be empty and is, the core's (signature
/// aggregates and verifications) and EIP-2537's (an MSM or pairing check of
/// no pair) alike.
pub const ERR_EMPTY_INPUT: c_int = 25;

// The core's codes that this crate names: the numbering is the header's.
const _: () = assert!(Error::InvalidLength { expected: 0, got: 0 }.code() == ERR_INVALID_LENGTH);
const _: () = assert!(Error::NotInSubgroup.code() == ERR_NOT_IN_SUBGROUP);
const _: () = assert!(Error::EmptyInput.code() == ERR_EMPTY_INPUT);
const _: () = assert!(Error::LengthMismatch { points: 0, scalars: 0 }.code() + 1 == ERR_NULL_POINTER);

/// Returns `$ret` from the enclosing function if any of the pointers is
/// NULL: the header's policy (void functions do nothing, predicates answer
/// 0, int functions return `ERR_NULL_POINTER`).
macro_rules! null_guard {
    (void; $($p:expr),+ $(,)?) => {
        if $($p.is_null())||+ {
            return;
        }
    };
    ($ret:expr; $($p:expr),+ $(,)?) => {
        if $($p.is_null())||+ {
            return $ret;
        }
    };
}
pub(crate) use null_guard;

/// `inp[0..len]` as a slice, for a caller-given pointer and length: the
/// empty slice for `len == 0` (any pointer, NULL included);
/// `ERR_NULL_POINTER` for NULL with `len > 0`; `ERR_INVALID_LENGTH` for a
/// length no buffer can have (above `isize::MAX`, the bound of every Rust
/// and C object), which is rejected before any slice exists.
///
/// # Safety
/// `inp` is valid for reads of `len` bytes, or `len == 0`, or `inp` is
/// NULL, or `len > isize::MAX`.
pub(crate) unsafe fn slice<'a>(inp: *const u8, len: usize) -> Result<&'a [u8], c_int> {
    if len == 0 {
        return Ok(&[]);
    }
    if inp.is_null() {
        return Err(ERR_NULL_POINTER);
    }
    if len > isize::MAX as usize {
        return Err(ERR_INVALID_LENGTH);
    }
    // SAFETY: the caller's contract; non-null, len <= isize::MAX.
    Ok(unsafe { core::slice::from_raw_parts(inp, len) })
}

/// The byte lengths of `K` arrays of `n` items each, array `i` at
/// `arrays[i].0` with items of `arrays[i].1` bytes: the header's convention
/// for arrays (an item count, one count for arrays that go together).
/// `ERR_NULL_POINTER` if a pointer is NULL with `n > 0` (for every array,
/// before any length is looked at); `ERR_INVALID_LENGTH` if `n` items of an
/// array span more than `isize::MAX` bytes, which no buffer does. Nothing
/// is read; `n == 0` gives lengths 0 for any pointers.
pub(crate) fn array_lengths<const K: usize>(arrays: [(*const u8, usize); K], n: usize) -> Result<[usize; K], c_int> {
    if n != 0 && arrays.iter().any(|(p, _)| p.is_null()) {
        return Err(ERR_NULL_POINTER);
    }
    let mut lens = [0usize; K];
    for (len, (_, size)) in lens.iter_mut().zip(arrays) {
        *len = n.checked_mul(size).filter(|&b| b <= isize::MAX as usize).ok_or(ERR_INVALID_LENGTH)?;
    }
    Ok(lens)
}

/// The `expected`-byte input of a fixed-length decoder: `ERR_NULL_POINTER`
/// if `out` is NULL or `inp` is NULL with `len > 0`, else
/// `ERR_INVALID_LENGTH` unless `len == expected`. The length is checked
/// before any slice is made, so a wrong length (however large) reads
/// nothing.
///
/// # Safety
/// As [`slice`].
pub(crate) unsafe fn decoder_input<'a>(
    out: *mut u8,
    inp: *const u8,
    len: usize,
    expected: usize,
) -> Result<&'a [u8], c_int> {
    if out.is_null() || (inp.is_null() && len != 0) {
        return Err(ERR_NULL_POINTER);
    }
    if len != expected {
        return Err(code(Error::InvalidLength { expected, got: len }));
    }
    // SAFETY: the caller's contract; `len == expected`.
    unsafe { slice(inp, len) }
}

/// Defines sizes of the header's in-memory forms (`NAME = bytes: Type;`),
/// each checked at compile time against the core's layout of its type.
macro_rules! layout_sizes {
    ($($(#[$doc:meta])* $name:ident = $n:literal: $ty:ty;)*) => {$(
        $(#[$doc])*
        pub const $name: usize = $n;
        const _: () = assert!(core::mem::size_of::<$ty>() == $name);
    )*};
}
pub(crate) use layout_sizes;

layout_sizes! {
    /// Size in bytes of the in-memory form of Fr (`BLS12_381_FR_SIZE`).
    FR_SIZE = 32: Fr;
    /// Size in bytes of the in-memory form of Fq12 (`BLS12_381_FQ12_SIZE`).
    FQ12_SIZE = 576: Fp12;
}

/// Size of the Fr encoding (`BLS12_381_FR_BYTES`).
pub const FR_BYTES: usize = 32;
/// Size of the Fq12 encoding (`BLS12_381_FQ12_BYTES`).
pub const FQ12_BYTES: usize = 576;

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

/// Writes `r`'s value to `out` and returns `OK`, or returns its error's
/// code with `out` untouched.
///
/// # Safety
/// As [`put`] for `out`.
#[inline(always)]
unsafe fn put_result<T: Copy>(out: *mut u8, r: Result<T, Error>) -> c_int {
    match r {
        Ok(v) => {
            // SAFETY: the caller's contract.
            unsafe { put(out, v) };
            OK
        }
        Err(e) => code(e),
    }
}

/// `out = f(a)` for the `T` at `a`: the body of the unary exports (NULL
/// policy of a void function: nothing is written).
///
/// # Safety
/// As [`get`] for `a`, as [`put`] for `out`, each unless NULL.
#[inline(always)]
unsafe fn unary<T: Copy, U: Copy>(out: *mut u8, a: *const u8, f: impl FnOnce(&T) -> U) {
    null_guard!(void; out, a);
    // SAFETY: the caller's contract; `a` is read before `out` is written.
    unsafe {
        let mut ca = MaybeUninit::uninit();
        let r = f(&*aligned(a, &mut ca));
        put(out, r)
    }
}

/// `out = f(a, b)` for the `T`s at `a` and `b`: the body of the binary
/// exports (`out` may alias an input: both are read first).
///
/// # Safety
/// As [`unary`], for `a` and `b`.
#[inline(always)]
unsafe fn binary<T: Copy, U: Copy>(out: *mut u8, a: *const u8, b: *const u8, f: impl FnOnce(&T, &T) -> U) {
    null_guard!(void; out, a, b);
    // SAFETY: the caller's contract; the inputs are read before `out` is
    // written (the references end when `f` returns).
    unsafe {
        let (mut ca, mut cb) = (MaybeUninit::uninit(), MaybeUninit::uninit());
        let r = f(&*aligned(a, &mut ca), &*aligned(b, &mut cb));
        put(out, r)
    }
}

/// The `T` at `p` as a pointer that may be dereferenced: `p` itself when it
/// is aligned for `T` (the OCaml library's values are, and most C
/// callers'), else `copy` holding a copy. Passing the caller's buffer saves
/// a store and a reload on the dependency chain of a short call (a field
/// addition or product), where the copy is a noticeable part of its
/// latency. One call site of the operation whichever branch is taken, so
/// that it is inlined.
///
/// # Safety
/// As [`get`] for `p`.
#[inline(always)]
unsafe fn aligned<T: Copy>(p: *const u8, copy: &mut MaybeUninit<T>) -> *const T {
    if p.cast::<T>().is_aligned() {
        p.cast::<T>()
    } else {
        // SAFETY: the caller's contract.
        copy.write(unsafe { get::<T>(p) })
    }
}

/// `out = f(a, s)` for the `T` at `a` and the caller's bytes `s[0..s_len]`
/// (an exponent or scalar, see [`slice`]): nothing is written when a
/// pointer is NULL or the length is impossible.
///
/// # Safety
/// As [`unary`], and as [`slice`] for `s`.
#[inline(always)]
unsafe fn unary_with_bytes<T: Copy, U: Copy>(
    out: *mut u8,
    a: *const u8,
    s: *const u8,
    s_len: usize,
    f: impl FnOnce(&T, &[u8]) -> U,
) {
    // SAFETY: the caller's contract.
    let Ok(s) = (unsafe { slice(s, s_len) }) else { return };
    // SAFETY: the caller's contract.
    unsafe { unary(out, a, |a| f(a, s)) }
}

/// `Error` -> `bls12_381_error` code.
#[inline]
fn code(e: Error) -> c_int {
    e.code() as c_int
}

/// Little-endian exponent bytes -> little-endian `u64` limbs (the last limb
/// zero-padded). The limb count depends only on the length, so the core's
/// constant-time `pow` stays constant time for a given length. The vector
/// takes as many bytes as the caller's own exponent buffer (rounded up to
/// 8), so its size is bounded by memory the caller already holds.
fn exp_limbs(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks(8)
        .map(|chunk| {
            let mut b = [0u8; 8];
            // `chunk.len()` is 1 to 8: the prefix of `b` always exists.
            for (d, s) in b.iter_mut().zip(chunk) {
                *d = *s;
            }
            u64::from_le_bytes(b)
        })
        .collect()
}

/// Defines exports of the shapes shared by the fields, the groups and GT,
/// each with its doc comment and the crate's safety section:
/// - `writer name = value;`: `name(out)` writes `value`;
/// - `pred name = |a: T| choice;`: `name(a)`, 1 or 0 by the `Choice` of
///   the `T` at `a` (0 if `a` is NULL);
/// - `pred2 name = |a, b: T| choice;`: the same of two `T`s;
/// - `unary name = f;`, `binary name = f;`: `out = f(a)`, `out = f(a, b)`
///   (see [`unary`], [`binary`]);
/// - `with_bytes name(s, s_len) = f;`: `out = f(a, s[0..s_len])` (see
///   [`unary_with_bytes`]).
macro_rules! exports {
    () => {};
    ($(#[$doc:meta])* writer $name:ident = $value:expr; $($rest:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name(out: *mut u8) {
            null_guard!(void; out);
            // SAFETY: `out` holds the in-memory form (crate contract).
            unsafe { put(out, $value) }
        }
        exports!($($rest)*);
    };
    ($(#[$doc:meta])* pred $name:ident = |$a:ident: $ty:ty| $choice:expr; $($rest:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name($a: *const u8) -> c_int {
            null_guard!(0; $a);
            // SAFETY: crate contract.
            let $a = unsafe { get::<$ty>($a) };
            c_int::from($choice.unwrap_u8())
        }
        exports!($($rest)*);
    };
    ($(#[$doc:meta])* pred2 $name:ident = |$a:ident, $b:ident: $ty:ty| $choice:expr; $($rest:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name($a: *const u8, $b: *const u8) -> c_int {
            null_guard!(0; $a, $b);
            // SAFETY: crate contract.
            let ($a, $b) = unsafe { (get::<$ty>($a), get::<$ty>($b)) };
            c_int::from($choice.unwrap_u8())
        }
        exports!($($rest)*);
    };
    ($(#[$doc:meta])* unary $name:ident = $f:expr; $($rest:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name(out: *mut u8, a: *const u8) {
            // SAFETY: crate contract.
            unsafe { unary(out, a, $f) }
        }
        exports!($($rest)*);
    };
    ($(#[$doc:meta])* binary $name:ident = $f:expr; $($rest:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name(out: *mut u8, a: *const u8, b: *const u8) {
            // SAFETY: crate contract; inputs are read before `out` is written.
            unsafe { binary(out, a, b, $f) }
        }
        exports!($($rest)*);
    };
    ($(#[$doc:meta])* with_bytes $name:ident($s:ident, $s_len:ident) = $f:expr; $($rest:tt)*) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $name(out: *mut u8, a: *const u8, $s: *const u8, $s_len: usize) {
            // SAFETY: crate contract.
            unsafe { unary_with_bytes(out, a, $s, $s_len, $f) }
        }
        exports!($($rest)*);
    };
}
pub(crate) use exports;

/// Defines the exports of two families that share an ABI macro (Fr and
/// Fq12: `field_abi`; G1 and G2: `curve_abi`): `$abi!` once with the first
/// family's arguments and the first symbol of each row, once with the
/// second's. Each row names one function, `name: first / second`, in the
/// order `$abi` takes them.
macro_rules! twin_abi {
    ($abi:ident; ($($first:tt)*) ($($second:tt)*); $($op:ident: $f1:ident / $f2:ident),+ $(,)?) => {
        $abi!($($first)*, $($op: $f1),+);
        $abi!($($second)*, $($op: $f2),+);
    };
}
pub(crate) use twin_abi;

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
        exports! {
            /// Writes 0.
            writer $zero = <$ty>::ZERO;
            /// Writes 1.
            writer $one = <$ty>::ONE;
            /// 1 if `a` is 0, else 0. Constant time.
            pred $is_zero = |a: $ty| a.is_zero();
            /// 1 if `a` is 1, else 0. Constant time.
            pred $is_one = |a: $ty| subtle::ConstantTimeEq::ct_eq(&a, &<$ty>::ONE);
            /// 1 if `a == b`, else 0. Constant time.
            pred2 $eq = |a, b: $ty| subtle::ConstantTimeEq::ct_eq(&a, &b);
            /// `out = a + b`.
            binary $add = |a: &$ty, b: &$ty| a.add(b);
            /// `out = a - b`.
            binary $sub = |a: &$ty, b: &$ty| a.sub(b);
            /// `out = a * b`.
            binary $mul = |a: &$ty, b: &$ty| a.mul(b);
            /// `out = -a`.
            unary $neg = |a: &$ty| a.neg();
            /// `out = 2a`.
            unary $double = |a: &$ty| a.double();
            /// `out = a^2`.
            unary $square = |a: &$ty| a.square();
            /// `out = a^e`, `e` the little-endian integer in `exp[0..exp_len]`;
            /// constant time in the bits of `e` for a given `exp_len`. `0^0 = 1`.
            with_bytes $pow(exp, exp_len) = |a: &$ty, exp| a.pow(&exp_limbs(exp));
            /// Writes the canonical encoding of `a`.
            unary $to_bytes = |a: &$ty| -> [u8; $bytes] { a.to_bytes() };
        }

        /// `out = 1/a`, constant time; `NOT_INVERTIBLE` on 0 (`out` untouched).
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $inverse(out: *mut u8, a: *const u8) -> c_int {
            null_guard!(ERR_NULL_POINTER; out, a);
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

        /// Decodes the canonical encoding in `inp[0..len]`: `INVALID_LENGTH`
        /// unless `len` is the encoding size, `NOT_CANONICAL` if an integer is
        /// not below its modulus. `out` is untouched on error.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $of_bytes(out: *mut u8, inp: *const u8, len: usize) -> c_int {
            // SAFETY: crate contract.
            let enc = match unsafe { decoder_input(out, inp, len, $bytes) } {
                Ok(b) => b,
                Err(c) => return c,
            };
            let Ok(enc) = <&[u8; $bytes]>::try_from(enc) else {
                // Unreachable: `decoder_input` returned `$bytes` bytes.
                return ERR_INVALID_LENGTH;
            };
            match <$ty>::from_bytes(enc) {
                Ok(v) => {
                    // SAFETY: crate contract.
                    unsafe { put(out, v) };
                    OK
                }
                Err(e) => code(e),
            }
        }

        /// Reduces a wide little-endian encoding (see the header) to an element.
        ///
        /// # Safety
        /// See the crate documentation.
        #[no_mangle]
        pub unsafe extern "C" fn $of_bytes_wide(out: *mut u8, inp: *const u8) {
            null_guard!(void; out, inp);
            // SAFETY: crate contract.
            unsafe {
                let wide = get::<[u8; $wide]>(inp);
                put(out, <$ty>::from_bytes_wide(&wide))
            }
        }
    };
}

twin_abi! {
    field_abi;
    (Fr, FR_SIZE, FR_BYTES, 64) (Fp12, FQ12_SIZE, FQ12_BYTES, 768);
    zero: bls12_381_fr_zero / bls12_381_fq12_zero,
    one: bls12_381_fr_one / bls12_381_fq12_one,
    is_zero: bls12_381_fr_is_zero / bls12_381_fq12_is_zero,
    is_one: bls12_381_fr_is_one / bls12_381_fq12_is_one,
    eq: bls12_381_fr_eq / bls12_381_fq12_eq,
    add: bls12_381_fr_add / bls12_381_fq12_add,
    sub: bls12_381_fr_sub / bls12_381_fq12_sub,
    mul: bls12_381_fr_mul / bls12_381_fq12_mul,
    neg: bls12_381_fr_neg / bls12_381_fq12_neg,
    double: bls12_381_fr_double / bls12_381_fq12_double,
    square: bls12_381_fr_square / bls12_381_fq12_square,
    inverse: bls12_381_fr_inverse / bls12_381_fq12_inverse,
    pow: bls12_381_fr_pow / bls12_381_fq12_pow,
    of_bytes: bls12_381_fr_of_bytes / bls12_381_fq12_of_bytes,
    to_bytes: bls12_381_fr_to_bytes / bls12_381_fq12_to_bytes,
    of_bytes_wide: bls12_381_fr_of_bytes_wide / bls12_381_fq12_of_bytes_wide,
}

/// `out = sqrt(a)` (one of the two roots); `NOT_SQUARE` if `a` has none
/// (`out` untouched).
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_fr_sqrt(out: *mut u8, a: *const u8) -> c_int {
    null_guard!(ERR_NULL_POINTER; out, a);
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
    null_guard!(0; a);
    // SAFETY: crate contract.
    let a = unsafe { get::<Fr>(a) };
    c_int::from(a.legendre())
}
