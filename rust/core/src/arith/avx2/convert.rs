//! Conversions: a 4 x 6 transpose between four elements' six 64-bit words
//! and six vectors of words, and the re-cut of those words into 30-bit
//! limbs with variable shifts (`vpsllvq`/`vpsrlvq` give zero for counts of
//! 64 or more, which drops the words a limb does not overlap).
//!
//! The words are either an element's Montgomery form in the field layer
//! (`x 2^384 mod p`, below p: [`from_fp`], [`to_fp`]) or a lane value
//! itself (the raw form: [`from_raw_refs`], [`to_raw_ptrs`]).

use super::add::reduce_v;
use super::{carry, load, splat, store, FpX4, BITS, LIMBS, MASK, P30, PINV6};
use crate::arith::lane_radix::{borrow_offsets, limb_cuts, word_cuts, LimbCut, WordCut};
use core::arch::x86_64::*;

/// The six words of four elements, word `w` of lane `k` in `w[w][k]`.
#[inline]
#[target_feature(enable = "avx2")]
fn words_of(x: [&[u64; 6]; 4]) -> [__m256i; 6] {
    let p = |k: usize| x[k].as_ptr();
    // SAFETY: each `x[k]` is six consecutive u64: 32 bytes at offset 0 and
    // 16 at offset 32 are in bounds (unaligned loads).
    unsafe {
        let r: [__m256i; 4] = core::array::from_fn(|k| _mm256_loadu_si256(p(k) as *const __m256i));
        let s: [__m128i; 4] = core::array::from_fn(|k| _mm_loadu_si128(p(k).add(4) as *const __m128i));
        let t0 = _mm256_unpacklo_epi64(r[0], r[1]);
        let t1 = _mm256_unpackhi_epi64(r[0], r[1]);
        let t2 = _mm256_unpacklo_epi64(r[2], r[3]);
        let t3 = _mm256_unpackhi_epi64(r[2], r[3]);
        [
            _mm256_permute2x128_si256(t0, t2, 0x20),
            _mm256_permute2x128_si256(t1, t3, 0x20),
            _mm256_permute2x128_si256(t0, t2, 0x31),
            _mm256_permute2x128_si256(t1, t3, 0x31),
            _mm256_set_m128i(_mm_unpacklo_epi64(s[2], s[3]), _mm_unpacklo_epi64(s[0], s[1])),
            _mm256_set_m128i(_mm_unpackhi_epi64(s[2], s[3]), _mm_unpackhi_epi64(s[0], s[1])),
        ]
    }
}

/// The inverse of [`words_of`].
#[inline]
#[target_feature(enable = "avx2")]
///
/// # Safety
/// Each `out[k]` must be valid for writes of six u64 (they may not
/// overlap).
unsafe fn store_words(w: &[__m256i; 6], out: [*mut [u64; 6]; 4]) {
    let t0 = _mm256_unpacklo_epi64(w[0], w[1]); // w0k0 w1k0 w0k2 w1k2
    let t1 = _mm256_unpackhi_epi64(w[0], w[1]); // w0k1 w1k1 w0k3 w1k3
    let t2 = _mm256_unpacklo_epi64(w[2], w[3]);
    let t3 = _mm256_unpackhi_epi64(w[2], w[3]);
    let r = [
        _mm256_permute2x128_si256(t0, t2, 0x20),
        _mm256_permute2x128_si256(t1, t3, 0x20),
        _mm256_permute2x128_si256(t0, t2, 0x31),
        _mm256_permute2x128_si256(t1, t3, 0x31),
    ];
    let u0 = _mm256_unpacklo_epi64(w[4], w[5]); // w4k0 w5k0 w4k2 w5k2
    let u1 = _mm256_unpackhi_epi64(w[4], w[5]);
    let s = [
        _mm256_castsi256_si128(u0),
        _mm256_castsi256_si128(u1),
        _mm256_extracti128_si256(u0, 1),
        _mm256_extracti128_si256(u1, 1),
    ];
    for k in 0..4 {
        let p = out[k] as *mut u64;
        // SAFETY: 32 + 16 bytes inside the six words of `out[k]`, valid for
        // writes (caller).
        unsafe {
            _mm256_storeu_si256(p as *mut __m256i, r[k]);
            _mm_storeu_si128(p.add(4) as *mut __m128i, s[k]);
        }
    }
}

/// The cuts of [`from_fp`]: limbs of `x 2^6`.
const FROM_CUTS: [LimbCut; LIMBS] = limb_cuts(BITS as usize, 6);

/// Lane form of four elements, reduced (below `p (1 + 2^-12)`,
/// normalised), from their Montgomery forms `x 2^384 mod p` (six
/// little-endian words each, below p, as the field layer's `Fp` holds
/// them): the limbs shifted up by 6 bits (`x 2^390`, below `2^6 p`), then
/// [`reduce`](super::reduce)d.
#[cfg(any(test, feature = "internals"))]
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn from_fp(x: &[[u64; 6]; 4]) -> FpX4 {
    // SAFETY: AVX2 is enabled here.
    unsafe { from_fp_refs([&x[0], &x[1], &x[2], &x[3]]) }
}

/// [`from_fp`] of four elements anywhere in memory (a gather).
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn from_fp_refs(x: [&[u64; 6]; 4]) -> FpX4 {
    let w = words_of(x);
    let word = |j: usize| if j < 6 { w[j] } else { _mm256_setzero_si256() };
    let mut v = [_mm256_setzero_si256(); LIMBS];
    each_limb!(i => {
        let (j, r, l) = FROM_CUTS[i];
        let (lo, hi) = if j == usize::MAX { (_mm256_setzero_si256(), word(0)) } else { (word(j), word(j + 1)) };
        let lo = _mm256_srlv_epi64(lo, splat(r));
        let hi = _mm256_sllv_epi64(hi, splat(l));
        v[i] = _mm256_and_si256(_mm256_or_si256(lo, hi), splat(MASK));
    });
    store(&reduce_v(&v))
}

/// The four elements of `v` in Montgomery form (`x 2^384 mod p`, below p,
/// six little-endian words each: an `Fp`'s), for lane values below `2^386`
/// (limbs below 2^34): `v / 2^6 mod p` by one Montgomery step of 6 bits,
/// `(v + m p) / 2^6` with `m = v (-p^-1) mod 2^6`, which is below
/// `2^380 + p < 2p`, then one conditional subtraction (scalar).
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn to_fp(v: &FpX4) -> [[u64; 6]; 4] {
    let mut out = [[0; 6]; 4];
    let [a, b, c, d] = &mut out;
    // SAFETY: four distinct elements of `out`.
    unsafe { to_fp_ptrs(v, [a, b, c, d]) };
    out
}

/// The six 64-bit words of limbs `v` by `cuts` (see
/// [`word_cuts`](crate::arith::lane_radix::word_cuts)): word
/// `j` ORs the three limb pieces `cuts[j]` (limb, left shift, right shift).
macro_rules! gather_words {
    ($v:expr, $cuts:expr) => {{
        let mut w = [_mm256_setzero_si256(); 6];
        each_limb!(j in [0, 1, 2, 3, 4, 5] => {
            each_limb!(t in [0, 1, 2] => {
                let (i, l, r) = $cuts[j][t];
                let x = _mm256_or_si256(_mm256_sllv_epi64($v[i], splat(l)), _mm256_srlv_epi64($v[i], splat(r)));
                w[j] = _mm256_or_si256(w[j], x);
            });
        });
        w
    }};
}

/// [`to_fp`] into four elements anywhere in memory (a scatter).
///
/// # Safety
/// The CPU must have AVX2, and each `out[k]` must be valid for writes of
/// six u64, the four not overlapping.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn to_fp_ptrs(v: &FpX4, out: [*mut [u64; 6]; 4]) {
    let mut v = load(v);
    let m = _mm256_and_si256(_mm256_mul_epu32(v[0], splat(PINV6)), splat(63));
    each_limb!(i => {
        v[i] = _mm256_add_epi64(v[i], _mm256_mul_epu32(m, splat(P30[i])));
    });
    carry(&mut v);
    // v = 0 mod 2^6 and v < 2^6 2p. Subtract 2^6 p unless it borrows:
    // limb by limb e = v_i + 2^30 - (2^6 p)_i - borrow, in [0, 2^31), keeps
    // its low 30 bits and borrows when bit 30 is clear.
    let mut d = v;
    let mut keep = splat(1); // 1 - borrow
    each_limb!(i => {
        let e = _mm256_add_epi64(_mm256_add_epi64(v[i], splat(TO_FP_OFFSET[i])), keep);
        d[i] = _mm256_and_si256(e, splat(MASK));
        keep = _mm256_srli_epi64(e, BITS as i32);
    });
    // keep = 1: v >= 2^6 p, take d (all-ones select mask).
    let sel = _mm256_sub_epi64(_mm256_setzero_si256(), keep);
    each_limb!(i => {
        v[i] = _mm256_blendv_epi8(v[i], d[i], sel);
    });
    // Word j of the result is bits 64 j + 6 .. 64 j + 70 of v.
    let w = gather_words!(v, WORD_CUTS);
    // SAFETY: the caller's promise on `out`.
    unsafe { store_words(&w, out) };
}

/// The cuts of [`from_raw_refs`]: the limbs of the value itself.
const RAW_CUTS: [LimbCut; LIMBS] = limb_cuts(BITS as usize, 0);
/// The limbs in each word of the value itself ([`to_raw_ptrs`]).
const RAW_WORD_CUTS: [WordCut; 6] = word_cuts::<LIMBS>(BITS as i64, 0);

/// Four lanes from their *raw* form: the lane value itself (Montgomery
/// with R = 2^390, below 2^384) as six little-endian 64-bit words, as
/// [`to_raw_ptrs`] writes it. No arithmetic, only the cut into limbs: a
/// way to keep lane values in memory at the size of an element and reload
/// them without the conversions of [`from_fp`] / [`to_fp`]. A raw value is
/// not a Montgomery form of the field layer (different R, and not always
/// below p): only these two functions read and write it.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn from_raw_refs(x: [&[u64; 6]; 4]) -> FpX4 {
    let w = words_of(x);
    let mut v = [_mm256_setzero_si256(); LIMBS];
    each_limb!(i => {
        let (j, r, l) = RAW_CUTS[i];
        let hi = if j + 1 < 6 { w[j + 1] } else { _mm256_setzero_si256() };
        let lo = _mm256_srlv_epi64(w[j], splat(r));
        let hi = _mm256_sllv_epi64(hi, splat(l));
        v[i] = _mm256_and_si256(_mm256_or_si256(lo, hi), splat(MASK));
    });
    store(&v)
}

/// The raw form of four lanes (see [`from_raw_refs`]), for lanes that are
/// normalised and below 2^384 (every reduced value is: below
/// `p (1 + 2^-12) < 2^382`).
///
/// # Safety
/// The CPU must have AVX2, and each `out[k]` must be valid for writes of
/// six u64, the four not overlapping.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn to_raw_ptrs(v: &FpX4, out: [*mut [u64; 6]; 4]) {
    let v = load(v);
    let w = gather_words!(v, RAW_WORD_CUTS);
    // SAFETY: the caller's promise on `out`.
    unsafe { store_words(&w, out) };
}

/// The limbs in each word of `v >> 6` ([`to_fp`]).
const WORD_CUTS: [WordCut; 6] = word_cuts::<LIMBS>(BITS as i64, 6);

/// `2^30 - 1 - (2^6 p)_i` (limb 0: `2^30 - (2^6 p)_0`, the missing 1
/// coming in as the first "no borrow"), for the subtraction in [`to_fp`].
const TO_FP_OFFSET: [u64; LIMBS] = borrow_offsets(&P30, BITS, 6);
