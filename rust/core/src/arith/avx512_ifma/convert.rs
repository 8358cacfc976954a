//! Conversions: an 8 x 8 transpose between eight elements' six 64-bit
//! words and six vectors of words, and the re-cut of those words into
//! 52-bit limbs with variable shifts (`vpsllvq`/`vpsrlvq` give zero for
//! counts of 64 or more, which drops the words a limb does not overlap).
//!
//! The words are either an element's Montgomery form in the field layer
//! (`x 2^384 mod p`, below p: [`from_fp`], [`to_fp`]) or a lane value
//! itself (the raw form: [`from_raw_refs`], [`to_raw_ptrs`]).

use super::add::sub_qp;
use super::{carry, load, splat, store, FpX8Ifma, BITS, LIMBS, MASK, P52, PINV32, V};
use crate::arith::lane_radix::{limb_cuts, shifted_limbs, word_cuts, LimbCut, WordCut};
use core::arch::x86_64::*;

/// The transpose of an 8 x 8 matrix of 64-bit words held as eight rows
/// (its own inverse): unpack pairs of rows, then interleave 256-bit and
/// 128-bit halves.
#[inline]
#[target_feature(enable = "avx512f")]
fn transpose(r: &[__m512i; 8]) -> [__m512i; 8] {
    // t[2h] = words 0, 2, 4, 6 of rows 2h and 2h + 1 (interleaved),
    // t[2h + 1] = words 1, 3, 5, 7.
    let t: [__m512i; 8] = core::array::from_fn(|n| {
        let (a, b) = (r[n & !1], r[n | 1]);
        if n % 2 == 0 {
            _mm512_unpacklo_epi64(a, b)
        } else {
            _mm512_unpackhi_epi64(a, b)
        }
    });
    // u[4g + s]: words s and s + 4 of rows 4g..4g + 4, as [word s of the
    // four rows | word s + 4 of the four rows] (even words from the
    // unpacklo of two row pairs, odd ones from the unpackhi).
    let lo_idx = _mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
    let hi_idx = _mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
    let u: [__m512i; 8] = core::array::from_fn(|n| {
        let (g, s) = (n / 4, n % 4);
        let (a, b) = (t[4 * g + s % 2], t[4 * g + 2 + s % 2]);
        _mm512_permutex2var_epi64(a, if s < 2 { lo_idx } else { hi_idx }, b)
    });
    // Word w: the halves of u[w % 4] (rows 0..4) and u[4 + w % 4] (rows
    // 4..8), the low halves for w < 4, the high ones above.
    core::array::from_fn(|w| {
        let s = w % 4;
        if w >= 4 {
            _mm512_shuffle_i64x2::<0xee>(u[s], u[4 + s])
        } else {
            _mm512_shuffle_i64x2::<0x44>(u[s], u[4 + s])
        }
    })
}

/// The six words of eight elements, word `w` of lane `k` in lane `k` of
/// the vector `w`.
#[inline]
#[target_feature(enable = "avx512f")]
pub(in crate::arith) fn words_of(x: [&[u64; 6]; 8]) -> [__m512i; 6] {
    // SAFETY: each `x[k]` is six consecutive u64; the masked load reads
    // those six only.
    let rows = x.map(|x| unsafe { _mm512_maskz_loadu_epi64(0x3f, x.as_ptr() as *const i64) });
    let w = transpose(&rows);
    [w[0], w[1], w[2], w[3], w[4], w[5]]
}

/// The inverse of [`words_of`].
///
/// # Safety
/// Each `out[k]` must be valid for writes of six u64 (they may not
/// overlap).
#[inline]
#[target_feature(enable = "avx512f")]
pub(in crate::arith) unsafe fn store_words(w: &[__m512i; 6], out: [*mut [u64; 6]; 8]) {
    let z = _mm512_setzero_si512();
    let rows = transpose(&[w[0], w[1], w[2], w[3], w[4], w[5], z, z]);
    for (o, r) in out.iter().zip(rows) {
        // SAFETY: the masked store writes the six words of `out[k]` only
        // (the caller's promise).
        unsafe { _mm512_mask_storeu_epi64(*o as *mut i64, 0x3f, r) };
    }
}

/// The limbs of the value times `2^off` cut from its words `w` by `cuts`.
#[inline]
#[target_feature(enable = "avx512f")]
fn limbs_of(w: &[__m512i; 6], cuts: &[LimbCut; LIMBS]) -> V {
    let zero = _mm512_setzero_si512();
    let word = |j: usize| if j < 6 { w[j] } else { zero };
    let mut v = [zero; LIMBS];
    each_limb!(i => {
        let (j, r, l) = cuts[i];
        let (lo, hi) = if j == usize::MAX { (zero, word(0)) } else { (word(j), word(j + 1)) };
        let lo = _mm512_srlv_epi64(lo, splat(r));
        let hi = _mm512_sllv_epi64(hi, splat(l));
        v[i] = _mm512_and_si512(_mm512_or_si512(lo, hi), splat(MASK));
    });
    v
}

/// The six 64-bit words of limbs `v` by `cuts` ([`WordCut`]): word
/// `j` ORs the three limb pieces `cuts[j]`.
#[inline]
#[target_feature(enable = "avx512f")]
fn gather_words(v: &V, cuts: &[WordCut; 6]) -> [__m512i; 6] {
    let mut w = [_mm512_setzero_si512(); 6];
    each_limb!(j in [0, 1, 2, 3, 4, 5] => {
        each_limb!(t in [0, 1, 2] => {
            let (i, l, r) = cuts[j][t];
            let x = _mm512_or_si512(_mm512_sllv_epi64(v[i], splat(l)), _mm512_srlv_epi64(v[i], splat(r)));
            w[j] = _mm512_or_si512(w[j], x);
        });
    });
    w
}

/// The cuts of [`from_fp`]: limbs of `x 2^32`.
const FROM_CUTS: [LimbCut; LIMBS] = limb_cuts(BITS as usize, 32);
/// The cuts of [`from_raw_refs`]: the limbs of the value itself.
const RAW_CUTS: [LimbCut; LIMBS] = limb_cuts(BITS as usize, 0);
/// The limbs in each word of `v / 2^32` ([`to_fp`]).
const WORD_CUTS: [WordCut; 6] = word_cuts::<LIMBS>(BITS as i64, 32);
/// The limbs in each word of the value itself ([`to_raw_ptrs`]).
const RAW_WORD_CUTS: [WordCut; 6] = word_cuts::<LIMBS>(BITS as i64, 0);

/// `floor(p / 2^329)`, 52 bits: [`from_fp`]'s divisor estimate.
pub(super) const FROM_TOP: u64 = (P52[7] << 35) | (P52[6] >> 17);

/// `floor(2^103 / (FROM_TOP + 1))`, below 2^52: [`from_fp`]'s quotient
/// estimate is `floor(T mu / 2^71)` for `T = floor(x / 2^329)`.
pub(super) const FROM_MU: u64 = ((1u128 << 103) / (FROM_TOP as u128 + 1)) as u64;

const _: () = assert!(FROM_TOP >> 51 == 1 && FROM_MU < 1 << 52);

/// Lane form of eight elements, reduced (below `p (1 + 2^-17)`,
/// normalised), from their Montgomery forms `x 2^384 mod p` (six
/// little-endian words each, below p, as the field layer's `Fp` holds
/// them): `t = x 2^32` (below 2^413) cut into limbs, minus `q p` for the
/// quotient estimate `q = floor(T mu / 2^71)` from `T = floor(x / 2^329)`
/// (52 bits, `x`'s top word shifted) and `mu = floor(2^103 / (P + 1))`,
/// `P = floor(p / 2^329)`.
///
/// Bounds: `q <= T 2^32 / (P + 1) <= t / p`, so the result is
/// non-negative, and `t / p < (T + 1) 2^32 / P`, so
/// `t / p - q < 2^32 (T + P + 1) / (P (P + 1)) + T / 2^71 + 1 < 1 + 2^-17`
/// (`P > 2^51`, `T < 2^52`); `q < 2^33`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn from_fp(x: &[[u64; 6]; 8]) -> FpX8Ifma {
    // SAFETY: AVX-512F and IFMA are enabled here.
    unsafe { from_fp_refs(core::array::from_fn(|k| &x[k])) }
}

/// [`from_fp`] of eight elements anywhere in memory (a gather).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn from_fp_refs(x: [&[u64; 6]; 8]) -> FpX8Ifma {
    let w = words_of(x);
    let t = limbs_of(&w, &FROM_CUTS);
    let top = _mm512_srli_epi64::<9>(w[5]);
    let q = _mm512_srli_epi64::<19>(_mm512_madd52hi_epu64(_mm512_setzero_si512(), top, splat(FROM_MU)));
    store(&sub_qp(&t, q))
}

/// `2^32 p` in radix 2^52, subtracted in [`to_fp`].
const P52_SHIFTED_32: [u64; LIMBS] = shifted_limbs(&P52, BITS, 32);

/// The eight elements of `v` in Montgomery form (`x 2^384 mod p`, below
/// p, six little-endian words each: an `Fp`'s), for normalised lane values
/// below `2^412`: `v / 2^32 mod p` by one Montgomery step of 32 bits,
/// `(v + m p) / 2^32` with `m = v (-p^-1) mod 2^32`, which is below
/// `2^380 + p < 2p`, then one conditional subtraction of p.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn to_fp(v: &FpX8Ifma) -> [[u64; 6]; 8] {
    let mut out = [[0; 6]; 8];
    let mut ptrs = [core::ptr::null_mut(); 8];
    for (p, o) in ptrs.iter_mut().zip(out.iter_mut()) {
        *p = o as *mut [u64; 6];
    }
    // SAFETY: eight distinct elements of `out`.
    unsafe { to_fp_ptrs(v, ptrs) };
    out
}

/// [`to_fp`] into eight elements anywhere in memory (a scatter).
///
/// # Safety
/// The CPU must have AVX-512F and IFMA, and each `out[k]` must be valid
/// for writes of six u64, the eight not overlapping.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn to_fp_ptrs(v: &FpX8Ifma, out: [*mut [u64; 6]; 8]) {
    let zero = _mm512_setzero_si512();
    let mut v = load(v);
    // m < 2^32: the low 32 bits of v_0 (-p^-1); m p_7 < 2^49 has no high
    // half.
    let m = _mm512_and_si512(_mm512_madd52lo_epu64(zero, v[0], splat(PINV32)), splat((1 << 32) - 1));
    each_limb!(i => {
        v[i] = _mm512_madd52lo_epu64(v[i], m, splat(P52[i]));
    });
    each_limb!(i in [0, 1, 2, 3, 4, 5, 6] => {
        v[i + 1] = _mm512_madd52hi_epu64(v[i + 1], m, splat(P52[i]));
    });
    carry(&mut v);
    // v = 0 mod 2^32 and v < 2^32 2p. Subtract 2^32 p unless it borrows:
    // limb by limb e = v_i - (2^32 p)_i - borrow in (-2^52 - 1, 2^52),
    // wrapping when negative: its low 52 bits are the limb of the
    // difference, its sign bit the next borrow.
    let (mut d, mut borrow) = (v, zero);
    each_limb!(i => {
        let e = _mm512_sub_epi64(_mm512_sub_epi64(v[i], splat(P52_SHIFTED_32[i])), borrow);
        borrow = _mm512_srli_epi64::<63>(e);
        d[i] = _mm512_and_si512(e, splat(MASK));
    });
    // No final borrow: v >= 2^32 p, take d.
    let ge = _mm512_cmpeq_epi64_mask(borrow, zero);
    each_limb!(i => {
        v[i] = _mm512_mask_blend_epi64(ge, v[i], d[i]);
    });
    let w = gather_words(&v, &WORD_CUTS);
    // SAFETY: the caller's promise on `out`.
    unsafe { store_words(&w, out) };
}

/// Eight lanes from their *raw* form: the lane value itself (Montgomery
/// with R = 2^416, below 2^384) as six little-endian 64-bit words, as
/// [`to_raw_ptrs`] writes it. No arithmetic, only the cut into limbs. A
/// raw value is not a Montgomery form of the field layer (different R,
/// and not always below p): only these two functions read and write it.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn from_raw_refs(x: [&[u64; 6]; 8]) -> FpX8Ifma {
    store(&limbs_of(&words_of(x), &RAW_CUTS))
}

/// The raw form of eight lanes (see [`from_raw_refs`]), for lanes that are
/// normalised and below 2^384 (every reduced value is).
///
/// # Safety
/// The CPU must have AVX-512F, and each `out[k]` must be valid for writes
/// of six u64, the eight not overlapping.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn to_raw_ptrs(v: &FpX8Ifma, out: [*mut [u64; 6]; 8]) {
    let w = gather_words(&load(v), &RAW_WORD_CUTS);
    // SAFETY: the caller's promise on `out`.
    unsafe { store_words(&w, out) };
}
