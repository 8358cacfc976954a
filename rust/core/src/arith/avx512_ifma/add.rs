//! Additions, subtractions, negation, selections and the reduction.
//! Values are not kept below p: [`sub`] and [`neg`] add `16p`, written with
//! large limbs so that no limb goes negative, and [`reduce`] subtracts a
//! multiple of p estimated from the top bits.

use super::{carry, load, splat, store, FpX8Ifma, BITS, LIMBS, P52, V};
use crate::arith::lane_radix::redundant_multiple;
use core::arch::x86_64::*;

/// `16p` for [`sub`] and [`neg`]: each limb at least that of any
/// normalised value below `2^384` (the top one: `(16p >> 364) - 1 > 2^20`).
pub(super) const SUB_OFFSET: [u64; LIMBS] = redundant_multiple(&P52, BITS, 16);

/// `f(a_i, b_i, i)` for each limb `i`, then normalised by [`carry`].
#[inline]
#[target_feature(enable = "avx512f")]
fn limbwise(a: &FpX8Ifma, b: &FpX8Ifma, f: impl Fn(__m512i, __m512i, usize) -> __m512i) -> FpX8Ifma {
    let (a, b) = (load(a), load(b));
    let mut v: V = core::array::from_fn(|i| f(a[i], b[i], i));
    carry(&mut v);
    store(&v)
}

/// `a + b`, normalised, for normalised inputs with `a + b < 2^416`.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn add(a: &FpX8Ifma, b: &FpX8Ifma) -> FpX8Ifma {
    limbwise(a, b, |x, y, _| _mm512_add_epi64(x, y))
}

/// `2a`, normalised, for a normalised `a < 2^415`.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn double(a: &FpX8Ifma) -> FpX8Ifma {
    limbwise(a, a, |x, _, _| _mm512_slli_epi64::<1>(x))
}

/// `a - b + 16p`, normalised: `a - b mod p`, below `a + 16p`, for
/// normalised `a` and `b` with `b < 2^384` and `a < 2^415`.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn sub(a: &FpX8Ifma, b: &FpX8Ifma) -> FpX8Ifma {
    // Limb by limb a + 16p - b >= 0 (the offset's limbs dominate b's).
    limbwise(a, b, |x, y, i| _mm512_sub_epi64(_mm512_add_epi64(x, splat(SUB_OFFSET[i])), y))
}

/// `16p - a`, normalised: `-a mod p`, below `16p < 2^385`, for a
/// normalised `a < 2^384`.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn neg(a: &FpX8Ifma) -> FpX8Ifma {
    limbwise(a, a, |x, _, i| _mm512_sub_epi64(splat(SUB_OFFSET[i]), x))
}

/// The most terms on either side of [`combine`].
pub const COMBINE_TERMS: usize = 8;

/// `128p` with `8 * 2^52` borrowed from each limb but the top one (limbs
/// `0..7` at least `2^55 - 8`, the top one `(128p >> 364) - 8`, which
/// is above `2^23`): limb by limb above any sum of [`COMBINE_TERMS`]
/// normalised values below `2^384` (limbs below `2^52`, top limbs below
/// `2^20`), so [`combine`]'s limb-wise difference is never negative.
pub(super) const COMBINE_OFFSET: [u64; LIMBS] = {
    let mut l = crate::arith::lane_radix::shifted_limbs(&P52, BITS, 7);
    let spare = (COMBINE_TERMS as u64) << BITS;
    let mut i = 0;
    while i < LIMBS - 1 {
        l[i] += spare;
        l[i + 1] -= COMBINE_TERMS as u64;
        i += 1;
    }
    l
};

/// `sum(pos) - sum(neg) mod p`, reduced (normalised, below
/// `p (1 + 2^-32)`): the signed sums of products that Karatsuba's
/// formulas over extension fields end with, in one carry pass and one
/// [`reduce`] instead of one per term.
///
/// Each side holds at most [`COMBINE_TERMS`] normalised values below
/// `2^384` (reduced values and [`mul`](super::mul)'s outputs for operands
/// below `2^384` are). The terms are added limb by limb without carries
/// (limbs below `2^55`), the negative ones subtracted from
/// `COMBINE_OFFSET` (`128p`, which dominates them limb by limb), then
/// carried: the value is below `8 * 2^384 + 128p < 2^389`, inside
/// [`reduce`]'s bound `2^390`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn combine(pos: &[&FpX8Ifma], neg: &[&FpX8Ifma]) -> FpX8Ifma {
    debug_assert!(pos.len() <= COMBINE_TERMS && neg.len() <= COMBINE_TERMS);
    let mut v: V = core::array::from_fn(|i| splat(COMBINE_OFFSET[i]));
    for x in pos {
        let x = load(x);
        each_limb!(i => {
            v[i] = _mm512_add_epi64(v[i], x[i]);
        });
    }
    for x in neg {
        let x = load(x);
        each_limb!(i => {
            v[i] = _mm512_sub_epi64(v[i], x[i]);
        });
    }
    carry(&mut v);
    unsafe { reduce(&store(&v)) }
}

/// The lanes of a reduced `a` (below `2p`, normalised) that are zero mod
/// p, as the bits of a mask (bit `k` for lane `k`): those equal to 0 or to
/// p limb by limb.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn is_zero(a: &FpX8Ifma) -> u8 {
    let a = load(a);
    let (mut zero, mut is_p) = (0xffu8, 0xffu8);
    each_limb!(i => {
        zero &= _mm512_cmpeq_epi64_mask(a[i], _mm512_setzero_si512());
        is_p &= _mm512_cmpeq_epi64_mask(a[i], splat(P52[i]));
    });
    zero | is_p
}

/// Lane `k` of `b` where bit `k` of `mask` is set, of `a` elsewhere.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn select(mask: u8, a: &FpX8Ifma, b: &FpX8Ifma) -> FpX8Ifma {
    let (mut a, b) = (load(a), load(b));
    each_limb!(i => {
        a[i] = _mm512_mask_blend_epi64(mask, a[i], b[i]);
    });
    store(&a)
}

/// Lanes moved between two vectors: lane `k` of the result is lane
/// `idx[k] & 7` of `a` (`idx[k] < 8`) or of `b` (`8 <= idx[k] < 16`)
/// where bit `k` of `keep` is set, zero elsewhere. For a single point's
/// arithmetic spread over the lanes (`field/kernels/g2_double_lanes.rs`), where the
/// operands of the next products are lanes of earlier results.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn permute(a: &FpX8Ifma, b: &FpX8Ifma, idx: [u64; 8], keep: u8) -> FpX8Ifma {
    let (a, b) = (load(a), load(b));
    // SAFETY: the eight indices as one vector, an unaligned load.
    let i = unsafe { _mm512_loadu_si512(idx.as_ptr().cast()) };
    let mut v = a;
    each_limb!(l => {
        v[l] = _mm512_maskz_permutex2var_epi64(keep, a[l], i, b[l]);
    });
    store(&v)
}

/// `a / 2 mod p`, normalised, below `(a + p) / 2`, for a normalised
/// `a < 2^415`: `a` or `a + p`, whichever is even, halved.
#[inline]
#[target_feature(enable = "avx512f")]
pub unsafe fn half(a: &FpX8Ifma) -> FpX8Ifma {
    let mut v = load(a);
    let odd = _mm512_test_epi64_mask(v[0], splat(1));
    each_limb!(i => {
        v[i] = _mm512_mask_add_epi64(v[i], odd, v[i], splat(P52[i]));
    });
    carry(&mut v);
    let mut h = v;
    each_limb!(i in [0, 1, 2, 3, 4, 5, 6] => {
        let low = _mm512_slli_epi64::<51>(_mm512_and_si512(v[i + 1], splat(1)));
        h[i] = _mm512_or_si512(_mm512_srli_epi64::<1>(v[i]), low);
    });
    h[LIMBS - 1] = _mm512_srli_epi64::<1>(v[LIMBS - 1]);
    store(&h)
}

/// Bits of `t` below the window of [`reduce`]'s quotient estimate.
#[cfg(test)]
pub(super) const REDUCE_SHIFT: u32 = 338;

/// `floor(2^94 / (floor(p / 2^338) + 1))`, below 2^52: [`reduce`]'s
/// quotient estimate is `floor(T mu / 2^94)` for `T = floor(t / 2^338)`.
pub(super) const REDUCE_MU: u64 = {
    let top = ((P52[7] as u128) << 26) | (P52[6] as u128 >> 26);
    ((1u128 << 94) / (top + 1)) as u64
};

const _: () = assert!(REDUCE_MU < 1 << 52);

/// Zero in radix 2^52 with limbs `0..7` at least `2^53 - 2` (the top one
/// is `-2`, wrapping): keeps `t - q p` non-negative limb by limb for
/// `q < 2^35` ([`sub_qp`]).
pub(super) const REDUCE_ZERO: [u64; LIMBS] = {
    let mut l = [(1u64 << 53) - 2; LIMBS];
    l[0] = 1 << 53;
    l[LIMBS - 1] = 2u64.wrapping_neg();
    l
};

/// `t mod p` up to a small excess: `t - q p` with `q = floor(T mu /
/// 2^94)` estimated from `T = floor(t / 2^338)`, normalised, below
/// `p (1 + 2^-32)`. For normalised `t < 2^390`.
///
/// Bounds: with `P = floor(p / 2^338)` (43 bits), `q <= T / (P + 1) <=
/// t / p`, so the result is non-negative; and `t / p < (T + 1) / P`, so
/// `t / p - q < (T + P + 1) / (P (P + 1)) + T / 2^94 + 1 < 1 + 2^-33`
/// for `T < 2^52`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn reduce(t: &FpX8Ifma) -> FpX8Ifma {
    let t = load(t);
    // T = bits 338.. of t: limb 6 holds bits 312..363, limb 7 the rest.
    let top = _mm512_add_epi64(_mm512_srli_epi64::<26>(t[6]), _mm512_slli_epi64::<26>(t[7]));
    let q = _mm512_srli_epi64::<42>(_mm512_madd52hi_epu64(_mm512_setzero_si512(), top, splat(REDUCE_MU)));
    store(&sub_qp(&t, q))
}

/// `t - q p`, normalised, for normalised `t`, `q < 2^35` and `q p <= t`
/// (the quotient estimates of [`reduce`] and `from_fp`).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub(super) fn sub_qp(t: &V, q: __m512i) -> V {
    // q p in two halves per limb: the low 52 bits of q p_i go to limb i,
    // the high ones (`floor(q p_i / 2^52) <= q - 1`) to limb i + 1; both
    // are subtracted from t + REDUCE_ZERO, whose limbs 0..7 dominate their
    // sum (`2^53 - 2 > (2^52 - 1) + (q - 1)`). The top limb wraps, which
    // is exact as the value `t - q p` is non-negative; `q p_7 < 2^35 2^17`
    // has no high half.
    let zero = _mm512_setzero_si512();
    let mut v = *t;
    each_limb!(i => {
        let lo = _mm512_madd52lo_epu64(zero, q, splat(P52[i]));
        v[i] = _mm512_sub_epi64(_mm512_add_epi64(v[i], splat(REDUCE_ZERO[i])), lo);
    });
    each_limb!(i in [0, 1, 2, 3, 4, 5, 6] => {
        let hi = _mm512_madd52hi_epu64(zero, q, splat(P52[i]));
        v[i + 1] = _mm512_sub_epi64(v[i + 1], hi);
    });
    carry(&mut v);
    v
}
