//! Additions, subtractions, selections and the reduction (intrinsics:
//! short and register-light, LLVM does well). Values are not kept below p:
//! [`sub`] adds `4p` and [`reduce`] a zero written with large limbs, so
//! that no limb goes negative. Shared by both widths (see
//! `arith/lane30.rs`).

use super::{
    carry, load, splat, store, vadd, vand, vblendv, veq, vlane_mask, vmovemask, vmul32, vor, vshr52, vsub, vzero,
    Lanes, BITS, LIMBS, P30, V,
};
use crate::arith::lane_radix::redundant_multiple;

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

fns! {
    /// `a + b`, normalised, for normalised inputs with `a + b < 2^390`.
    #[inline]
    pub unsafe fn add(a: &Lanes, b: &Lanes) -> Lanes {
        limbwise!(a, b, |x, y, _i| vadd(x, y))
    }

    /// `a - b + 4p`, normalised: `a - b mod p`, below `a + 4p`, for normalised
    /// `a < 2^389` and `b < 2^382` (`~2.4p`).
    #[inline]
    pub unsafe fn sub(a: &Lanes, b: &Lanes) -> Lanes {
        // Limb by limb a + 4p - b >= 0 (the offset's limbs dominate b's).
        limbwise!(a, b, |x, y, i| vsub(vadd(x, splat(SUB_OFFSET[i])), y))
    }

    /// The lanes of a reduced `a` (below `2p`, normalised) that are zero mod
    /// p, as bits of a mask (bit `k` for lane `k`): those equal to 0 or
    /// to p limb by limb.
    #[inline]
    pub unsafe fn is_zero(a: &Lanes) -> u8 {
        let a = load(a);
        let (mut zero, mut is_p) = (splat(u64::MAX), splat(u64::MAX));
        each_limb!(i => {
            zero = vand(zero, veq(a[i], vzero()));
            is_p = vand(is_p, veq(a[i], splat(P30[i])));
        });
        vmovemask(vor(zero, is_p))
    }

    /// Lane `k` of `b` where bit `k` of `mask` is set, of `a` elsewhere.
    #[inline]
    pub unsafe fn select(mask: u8, a: &Lanes, b: &Lanes) -> Lanes {
        let m = vlane_mask(mask);
        let (mut a, b) = (load(a), load(b));
        each_limb!(i => {
            a[i] = vblendv(a[i], b[i], m);
        });
        store(&a)
    }
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

fns! {
    /// `t mod p` up to a small excess: `t - q p` with `q = floor(t_12 mu /
    /// 2^52)` estimated from the top limb, normalised, below `p (1 + 2^-12)`.
    /// For `t < 2^389` with limbs below 2^31.
    ///
    /// Bounds: with `P = floor(p / 2^360)`, `q <= t_12 / (P + 1) < t / p`, so
    /// the result is non-negative; and `t / p - q < 1 + (t_12 + 3 (P + 1)) /
    /// (P (P + 1)) + t_12 / 2^52 < 1 + 2^-12` for `t_12 < 2^29`.
    #[inline]
    pub unsafe fn reduce(t: &Lanes) -> Lanes {
        store(&reduce_v(&load(t)))
    }

    /// [`reduce`] on registers.
    #[inline]
    pub(super) fn reduce_v(t: &V) -> V {
        let q = vshr52(vmul32(t[LIMBS - 1], splat(REDUCE_MU)));
        let mut v = *t;
        each_limb!(i => {
            let qp = vmul32(q, splat(P30[i]));
            v[i] = vsub(vadd(t[i], splat(REDUCE_ZERO[i])), qp);
        });
        carry(&mut v);
        v
    }
}
