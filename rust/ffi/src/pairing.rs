//! The C functions of the pairing (`bls12_381_multi_miller_loop`,
//! `bls12_381_final_exponentiation`, `bls12_381_pairing`,
//! `bls12_381_pairing_check_vartime`, and the deprecated byte-length forms
//! `bls12_381_miller_loop`, `bls12_381_pairing_check`) and of GT
//! (`bls12_381_gt_*`, the multi-exponentiation included).
//!
//! Points come in their Jacobian in-memory form (what the OCaml side
//! holds); many pairs are two contiguous arrays of those forms, G1 and G2,
//! given with the number of pairs (the deprecated forms: with byte lengths
//! that must describe the same number of points). Each array is normalised
//! to affine with a single inversion before the Miller loop.
//!
//! GT is written multiplicatively here (identity, mul, inverse, pow); its
//! in-memory form is that of its Fq12 value, so every GT buffer is also an
//! Fq12 buffer (the converse needs [`bls12_381_gt_of_fq12`]).

use crate::curve::{G1_SIZE, G2_SIZE};
use crate::msm::scalars;
use crate::{
    array_lengths, binary, code, decoder_input, exports, get, layout_sizes, null_guard, put, put_result, unary,
    unary_with_bytes, ERR_INVALID_LENGTH, ERR_NULL_POINTER, OK,
};
use bls12_381_core::curve::{G1Affine, G1Projective, G2Affine, G2Projective};
use bls12_381_core::{final_exponentiation, miller_loop, try_pairing, Error, Fp12, Fr, Gt};
use core::ffi::c_int;

layout_sizes! {
    /// Size of the in-memory form of a GT element (`BLS12_381_GT_SIZE`).
    GT_SIZE = 576: Gt;
}

/// Size of the GT encoding (`BLS12_381_GT_BYTES`), that of Fq12.
pub const GT_BYTES: usize = 576;

/// The `len / SIZE` points of type `T` in `inp[0..len]`.
///
/// # Safety
/// `inp` is valid for reads of `len` bytes, and `len` is a multiple of
/// `size_of::<T>()`.
unsafe fn points<T: Copy>(inp: *const u8, len: usize) -> Vec<T> {
    let size = core::mem::size_of::<T>();
    (0..len / size)
        // SAFETY: the caller's contract: point i is bytes [i size, (i + 1) size).
        .map(|i| unsafe { get::<T>(inp.add(i * size)) })
        .collect()
}

/// Writes `f(pairs)` to `out` for the pairs decoded by [`pairs`]: `OK`, or
/// its error code (`ERR_NULL_POINTER` for a NULL `out`) with `out` untouched.
///
/// # Safety
/// As [`pairs`]; `out` is valid for writes of `size_of::<U>()` bytes.
unsafe fn on_pairs<U: Copy>(
    out: *mut u8,
    g1s: *const u8,
    g1s_len: usize,
    g2s: *const u8,
    g2s_len: usize,
    f: impl FnOnce(&[(G1Affine, G2Affine)]) -> U,
) -> c_int {
    null_guard!(ERR_NULL_POINTER; out);
    // SAFETY: the caller's contract.
    match unsafe { pairs(g1s, g1s_len, g2s, g2s_len) } {
        Ok(pairs) => {
            // SAFETY: the caller's contract.
            unsafe { put(out, f(&pairs)) };
            OK
        }
        Err(c) => c,
    }
}

/// The pairs of `g1s[0..g1s_len]` and `g2s[0..g2s_len]`, affine, or
/// `INVALID_LENGTH` if a length is not a whole number of points, the two
/// numbers differ, or a length exceeds `isize::MAX`; `NULL_POINTER` if a
/// pointer is NULL with a nonzero length.
///
/// # Safety
/// Crate contract for both arrays.
unsafe fn pairs(
    g1s: *const u8,
    g1s_len: usize,
    g2s: *const u8,
    g2s_len: usize,
) -> Result<Vec<(G1Affine, G2Affine)>, c_int> {
    if (g1s.is_null() && g1s_len != 0) || (g2s.is_null() && g2s_len != 0) {
        return Err(ERR_NULL_POINTER);
    }
    if g1s_len > isize::MAX as usize || g2s_len > isize::MAX as usize {
        return Err(ERR_INVALID_LENGTH);
    }
    let n = g1s_len / G1_SIZE;
    let shape_ok = g1s_len.is_multiple_of(G1_SIZE) && g2s_len.is_multiple_of(G2_SIZE) && g2s_len / G2_SIZE == n;
    if !shape_ok {
        // The length g2s would need for g1s's count; it can exceed usize
        // (g1s_len near isize::MAX), so it saturates: it only fills the
        // error's fields.
        return Err(code(Error::InvalidLength { expected: n.saturating_mul(G2_SIZE), got: g2s_len }));
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    // SAFETY: both arrays hold n whole points (checked above, crate contract).
    let (p, q) = unsafe { (points::<G1Projective>(g1s, g1s_len), points::<G2Projective>(g2s, g2s_len)) };
    let p = G1Projective::batch_normalize(&p);
    let q = G2Projective::batch_normalize(&q);
    Ok(p.into_iter().zip(q).collect())
}

/// One export over many pairs given by their count:
/// `$name(out, g1s, g2s, n)` writes `$f(pairs)` to `out` (see
/// [`on_pairs`]), the `n` G1 points at `g1s` and the `n` G2 points at
/// `g2s` checked by [`array_lengths`] (`out` first: `NULL_POINTER`).
macro_rules! pairs_export_n {
    ($(#[$doc:meta])* $name:ident = $f:expr) => {
        $(#[$doc])*
        #[no_mangle]
        pub unsafe extern "C" fn $name(out: *mut u8, g1s: *const u8, g2s: *const u8, n: usize) -> c_int {
            null_guard!(ERR_NULL_POINTER; out);
            match array_lengths([(g1s, G1_SIZE), (g2s, G2_SIZE)], n) {
                // SAFETY: crate contract; n whole points in each array.
                Ok([l1, l2]) => unsafe { on_pairs(out, g1s, l1, g2s, l2, $f) },
                Err(c) => c,
            }
        }
    };
}

/// One export over many pairs given by byte lengths (deprecated):
/// `$name(out, g1s, g1s_len, g2s, g2s_len)` writes `$f(pairs)` to `out`
/// (see [`on_pairs`]).
macro_rules! pairs_export {
    ($(#[$doc:meta])* $name:ident = $f:expr) => {
        $(#[$doc])*
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            out: *mut u8,
            g1s: *const u8,
            g1s_len: usize,
            g2s: *const u8,
            g2s_len: usize,
        ) -> c_int {
            // SAFETY: crate contract.
            unsafe { on_pairs(out, g1s, g1s_len, g2s, g2s_len, $f) }
        }
    };
}

pairs_export_n!(
    /// `out` = the product of the Miller loops of the `n` pairs (G1 point
    /// i, G2 point i): an Fq12 element, not yet a pairing value, equal to
    /// blst's (`blst_miller_loop` for one pair, one for a pair with the
    /// identity; the product of those for several: see
    /// `bls12_381_core::miller_loop`). No pair gives one. Constant time in
    /// the points, except that a pair with the identity is skipped.
    ///
    /// # Safety
    /// See the crate documentation.
    bls12_381_multi_miller_loop = |pairs| -> Fp12 { miller_loop(pairs) }
);

pairs_export_n!(
    /// Writes to `out[0]` 1 if the product of the pairings of the `n`
    /// pairs (as [`bls12_381_multi_miller_loop`]) is the identity of GT,
    /// else 0 (no pair: 1). Variable time: for public points.
    ///
    /// # Safety
    /// See the crate documentation; `out` is valid for writes of 1 byte.
    bls12_381_pairing_check_vartime = |pairs| u8::from(bls12_381_core::pairing_check(pairs))
);

pairs_export!(
    /// [`bls12_381_multi_miller_loop`] over byte lengths: `INVALID_LENGTH`
    /// when a length is not a whole number of points or the two numbers of
    /// points differ (`out` untouched).
    ///
    /// # Safety
    /// See the crate documentation.
    #[deprecated(
        note = "byte lengths: use bls12_381_multi_miller_loop, which takes the number of pairs; removed in the next release"
    )]
    bls12_381_miller_loop = |pairs| -> Fp12 { miller_loop(pairs) }
);

/// `out = f^(3 (p^12 - 1) / r)`, an element of GT; `NOT_INVERTIBLE` if
/// `f` is zero (`out` untouched). Constant time.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_final_exponentiation(out: *mut u8, f: *const u8) -> c_int {
    null_guard!(ERR_NULL_POINTER; out, f);
    // SAFETY: crate contract.
    let f = unsafe { get::<Fp12>(f) };
    match Option::<Gt>::from(final_exponentiation(&f)) {
        Some(g) => {
            // SAFETY: crate contract.
            unsafe { put(out, g) };
            OK
        }
        None => code(Error::NotInvertible),
    }
}

/// `out = e(p, q)` for Jacobian points `p` (G1) and `q` (G2). Constant
/// time in the points apart from the outcome below. `NOT_IN_SUBGROUP` (`out` untouched) when the Miller loop vanishes,
/// which only points outside the order-r subgroups can make happen (such
/// as a G2 point of order 13 from the unchecked decoders: its running
/// point T reaches the identity and every later line is zero).
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_pairing(out: *mut u8, p: *const u8, q: *const u8) -> c_int {
    null_guard!(ERR_NULL_POINTER; out, p, q);
    // SAFETY: crate contract.
    let (p, q) = unsafe { (get::<G1Projective>(p), get::<G2Projective>(q)) };
    // The core's try_pairing answers NotInSubgroup exactly when the Miller
    // loop's value is zero (no final exponentiation): a valid pair never
    // gives one.
    // SAFETY: crate contract.
    unsafe { put_result(out, try_pairing(&p.to_affine(), &q.to_affine())) }
}

pairs_export!(
    /// [`bls12_381_pairing_check_vartime`] over byte lengths:
    /// `INVALID_LENGTH` when a length is not a whole number of points or the
    /// two numbers of points differ (`out` untouched).
    ///
    /// # Safety
    /// See the crate documentation; `out` is valid for writes of 1 byte.
    #[deprecated(
        note = "byte lengths: use bls12_381_pairing_check_vartime, which takes the number of pairs; removed in the next release"
    )]
    bls12_381_pairing_check = |pairs| u8::from(bls12_381_core::pairing_check(pairs))
);

exports! {
    /// Writes the identity of GT (the Fq12 one).
    writer bls12_381_gt_identity = Gt::identity();
    /// Writes the generator e(G1 generator, G2 generator).
    writer bls12_381_gt_generator = Gt::generator();
    /// 1 if `a` is the identity, else 0. Constant time.
    pred bls12_381_gt_is_identity = |a: Gt| a.is_identity();
    /// 1 if `a == b`, else 0. Constant time.
    pred2 bls12_381_gt_eq = |a, b: Gt| subtle::ConstantTimeEq::ct_eq(&a, &b);
    /// `out = a b` (the group law: the Fq12 product).
    binary bls12_381_gt_mul = |a: &Gt, b: &Gt| a.mul(b);
    /// `out = a^2` (cyclotomic squaring).
    unary bls12_381_gt_square = |a: &Gt| a.square();
    /// `out = 1/a` (the conjugate).
    unary bls12_381_gt_inverse = |a: &Gt| a.invert();
    /// `out = a^s`, `s` the little-endian integer in `s[0..s_len]` (any
    /// length, reduced mod r); constant time for a given `s_len`.
    with_bytes bls12_381_gt_pow(s, s_len) = |a: &Gt, s| a.pow(&Fr::from_le_bytes_reduced(s));
    /// As [`bls12_381_gt_pow`], in variable time (public exponents only): about
    /// three times faster.
    with_bytes bls12_381_gt_pow_vartime(s, s_len) = |a: &Gt, s| a.pow_vartime(&Fr::from_le_bytes_reduced(s));
}

/// `prod_i bases[i]^exps[i]` over `n` terms (see
/// [`bls12_381_gt_multiexp_vartime_with_threads`]): `NULL_POINTER` for a
/// NULL `out`, or a NULL array with `n > 0`; `INVALID_LENGTH` if the bases
/// would span more than `isize::MAX` bytes (no buffer does). The whole
/// input is read into owned vectors before `out` is written, so `out` may
/// alias a base.
///
/// # Safety
/// Crate contract: `bases` holds `n` GT in-memory forms and `exps` `n`
/// 32-byte exponents, or `n == 0`; `out` is valid for writes of a GT form.
unsafe fn gt_multiexp(out: *mut u8, bases: *const u8, exps: *const u8, n: usize, threads: usize) -> c_int {
    if out.is_null() || (n != 0 && (bases.is_null() || exps.is_null())) {
        return ERR_NULL_POINTER;
    }
    // The exponents take 32 bytes a term, fewer than the bases' 576: the
    // bound on the bases bounds both arrays.
    let Some(len) = n.checked_mul(GT_SIZE).filter(|&l| l <= isize::MAX as usize) else {
        return ERR_INVALID_LENGTH;
    };
    // SAFETY: n whole bases and n whole exponents (crate contract, lengths
    // bounded above).
    let (gs, es) = unsafe { (points::<Gt>(bases, len), scalars(exps, n)) };
    let es = match es {
        Ok(es) => es,
        Err(c) => return c,
    };
    // SAFETY: crate contract.
    unsafe { put_result(out, Gt::multiexp_vartime_with_threads(&gs, &es, threads)) }
}

/// `out = prod_i bases[i]^exps[i]`, `i < n`, on all the threads of the
/// library's pool: [`bls12_381_gt_multiexp_vartime_with_threads`] with
/// `threads = 0`.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_gt_multiexp_vartime(
    out: *mut u8,
    bases: *const u8,
    exps: *const u8,
    n: usize,
) -> c_int {
    // SAFETY: crate contract.
    unsafe { gt_multiexp(out, bases, exps, n, 0) }
}

/// `out = prod_i bases[i]^exps[i]`, `i < n`: `bases` holds `n` GT
/// in-memory forms end to end (`n * GT_SIZE` bytes, not checked for
/// membership, as no GT function here checks its operands), `exps` `n`
/// 32-byte little-endian integers of any value (reduced mod r, as the MSM
/// scalars). `n = 0` gives one. Variable time: for public exponents and
/// bases only. `threads`: 1 = the calling thread, 0 = the library's pool,
/// k > 1 = the terms cut into k parts, run on the library's pool (the
/// core's `Gt::multiexp_vartime_with_threads`); the result does not depend
/// on it. `NULL_POINTER` for a NULL `out`, or a NULL array with `n > 0`;
/// `INVALID_LENGTH` if `n * GT_SIZE` exceeds `isize::MAX` (`out` untouched
/// on error).
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_gt_multiexp_vartime_with_threads(
    out: *mut u8,
    bases: *const u8,
    exps: *const u8,
    n: usize,
    threads: usize,
) -> c_int {
    // SAFETY: crate contract.
    unsafe { gt_multiexp(out, bases, exps, n, threads) }
}

/// Decodes 576 bytes (the Fq12 encoding) and checks membership in GT:
/// `INVALID_LENGTH`, `NOT_CANONICAL`, or `NOT_IN_SUBGROUP` for any other
/// Fq12 element, zero included (`out` untouched on error).
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_gt_of_bytes(out: *mut u8, inp: *const u8, len: usize) -> c_int {
    // SAFETY: crate contract.
    let enc = match unsafe { decoder_input(out, inp, len, GT_BYTES) } {
        Ok(b) => b,
        Err(c) => return c,
    };
    // SAFETY: crate contract.
    unsafe { put_result(out, Gt::from_bytes(enc)) }
}

exports! {
    /// Writes the 576-byte encoding of `a` (that of its Fq12 value).
    unary bls12_381_gt_to_bytes = |a: &Gt| -> [u8; GT_BYTES] { a.to_bytes() };
}

/// `out = f` as an element of GT, if it is one; `NOT_IN_SUBGROUP`
/// otherwise, zero included (`out` untouched). Constant time.
///
/// # Safety
/// See the crate documentation.
#[no_mangle]
pub unsafe extern "C" fn bls12_381_gt_of_fq12(out: *mut u8, f: *const u8) -> c_int {
    null_guard!(ERR_NULL_POINTER; out, f);
    // SAFETY: crate contract.
    let f = unsafe { get::<Fp12>(f) };
    // SAFETY: crate contract.
    unsafe { put_result(out, Gt::from_fp12(&f)) }
}
