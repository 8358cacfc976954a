//! Additions, subtractions, selections and the reduction (intrinsics:
//! short and register-light, LLVM does well). Values are not kept below p:
//! [`sub`] adds `4p` and [`reduce`] a zero written with large limbs, so
//! that no limb goes negative.

use super::{carry, load, splat, store, FpX4, BITS, LIMBS, P30, V};
use crate::arith::lane_radix::redundant_multiple;
use core::arch::x86_64::*;

/// `4p` for [`sub`]: each limb at least that of any normalised value
/// below `2^382` (the top one: `(4p >> 360) - 1 > 2^22`).
pub(super) const SUB_OFFSET: [u64; LIMBS] = redundant_multiple(&P30, BITS, 4);

/// `a op b` limb by limb (`$e` on the limbs `$x`, `$y` of index `$i`),
/// then normalised by [`carry`].
macro_rules! limbwise {
    ($a:ident, $b:ident, |$x:ident, $y:ident, $i:ident| $e:expr) => {{
        let (a, b) = (load($a), load($b));
        let mut v = a;
        each_limb!(i => {
            let ($x, $y, $i) = (a[i], b[i], i);
            v[i] = $e;
        });
        carry(&mut v);
        store(&v)
    }};
}

/// `a + b`, normalised, for normalised inputs with `a + b < 2^390`.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn add(a: &FpX4, b: &FpX4) -> FpX4 {
    limbwise!(a, b, |x, y, _i| _mm256_add_epi64(x, y))
}

/// `a - b + 4p`, normalised: `a - b mod p`, below `a + 4p`, for normalised
/// `a < 2^389` and `b < 2^382` (`~2.4p`).
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn sub(a: &FpX4, b: &FpX4) -> FpX4 {
    // Limb by limb a + 4p - b >= 0 (the offset's limbs dominate b's).
    limbwise!(a, b, |x, y, i| _mm256_sub_epi64(_mm256_add_epi64(x, splat(SUB_OFFSET[i])), y))
}

/// The lanes of a reduced `a` (below `2p`, normalised) that are zero mod
/// p, as bits of a 4-bit mask (bit `k` for lane `k`): those equal to 0 or
/// to p limb by limb.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn is_zero(a: &FpX4) -> u8 {
    let a = load(a);
    let (mut zero, mut is_p) = (_mm256_set1_epi64x(-1), _mm256_set1_epi64x(-1));
    each_limb!(i => {
        zero = _mm256_and_si256(zero, _mm256_cmpeq_epi64(a[i], _mm256_setzero_si256()));
        is_p = _mm256_and_si256(is_p, _mm256_cmpeq_epi64(a[i], splat(P30[i])));
    });
    _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_or_si256(zero, is_p))) as u8
}

/// Lane `k` of `b` where bit `k` of `mask` is set, of `a` elsewhere.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn select(mask: u8, a: &FpX4, b: &FpX4) -> FpX4 {
    let bit = |k: u8| -(((mask >> k) & 1) as i64);
    let m = _mm256_set_epi64x(bit(3), bit(2), bit(1), bit(0));
    let (mut a, b) = (load(a), load(b));
    each_limb!(i => {
        a[i] = _mm256_blendv_epi8(a[i], b[i], m);
    });
    store(&a)
}

/// `floor(2^52 / (floor(p / 2^360) + 1))`: the quotient estimate of [`reduce`].
pub(super) const REDUCE_MU: u64 = (1 << 52) / ((P30[LIMBS - 1]) + 1);

// `vpmuludq` reads 32 bits of each operand.
const _: () = assert!(REDUCE_MU < 1 << 32);

/// Zero in radix 2^30 with limbs `0..12` at least `2^40 - 2^10` (the top
/// one is `-2^10`, wrapping): keeps `t - q p` non-negative limb by limb.
pub(super) const REDUCE_ZERO: [u64; LIMBS] = {
    let mut l = [(1u64 << 40) - (1 << 10); LIMBS];
    l[0] = 1 << 40;
    l[LIMBS - 1] = (1u64 << 10).wrapping_neg();
    l
};

/// `t mod p` up to a small excess: `t - q p` with `q = floor(t_12 mu /
/// 2^52)` estimated from the top limb, normalised, below `p (1 + 2^-12)`.
/// For `t < 2^389` with limbs below 2^31.
///
/// Bounds: with `P = floor(p / 2^360)`, `q <= t_12 / (P + 1) < t / p`, so
/// the result is non-negative; and `t / p - q < 1 + (t_12 + 3 (P + 1)) /
/// (P (P + 1)) + t_12 / 2^52 < 1 + 2^-12` for `t_12 < 2^29`.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn reduce(t: &FpX4) -> FpX4 {
    store(&reduce_v(&load(t)))
}

/// [`reduce`] on registers.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn reduce_v(t: &V) -> V {
    let q = _mm256_srli_epi64(_mm256_mul_epu32(t[LIMBS - 1], splat(REDUCE_MU)), 52);
    let mut v = *t;
    each_limb!(i => {
        let qp = _mm256_mul_epu32(q, splat(P30[i]));
        v[i] = _mm256_sub_epi64(_mm256_add_epi64(t[i], splat(REDUCE_ZERO[i])), qp);
    });
    carry(&mut v);
    v
}
