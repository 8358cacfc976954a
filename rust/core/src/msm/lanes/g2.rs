//! G2's coordinates on the AVX2 lanes: [`Fp2X4`], four Fp2 elements as
//! two [`FpX4`] (the c0 lanes and the c1 lanes), so that the affine
//! additions of batch.rs ([`super::BatchAdd`], generic over
//! [`LaneField`]) run on G2 too.
//!
//! An Fp2 product is Karatsuba's three lane products: with
//! `t0 = a0 b0`, `t1 = a1 b1`, `t2 = (a0 + a1)(b0 + b1)`,
//! `c0 = t0 - t1` and `c1 = t2 - t0 - t1` (`u^2 = -1`); a square is two,
//! `c0 = (a0 + a1)(a0 - a1)` and `c1 = 2 a0 a1`. The shared inversion
//! chains the denominators' norms `d0^2 + d1^2` in Fp (three lane
//! products per addition, not three Fp2 products: nine lane products and
//! their additions), and `1/d = conj(d) / N(d)` costs two lane products
//! and the norm two squares. The lane form of a G2
//! point holds its four Fp coefficients each in raw form, where the
//! coefficients' words were ([`avx2::to_raw_ptrs`]).
//!
//! # Bounds
//!
//! Coefficient-wise, those of [`avx2`] (p ~ `2^380.7`: `2^382 ~ 2.46p`,
//! `2^384 ~ 9.84p`, `2^385 ~ 19.7p`, `2^390 ~ 630p`):
//! - [`LaneField::mul`]: normalised inputs whose coefficient sums
//!   `a0 + a1` and `b0 + b1` are below `2^385` (then each of the three
//!   lane products is below `p 2^390`, as [`avx2::mul`] needs). Output:
//!   `c0 = t0 - t1 + 4p` below `6p`, `c1` reduced (below
//!   `t2 + 8p < 10p` before the [`avx2::reduce`]; the square needs a
//!   reduced `c1`).
//! - [`LaneField::sqr`]: `a0` below `2^384`, `a1` below `2^382` (the
//!   subtrahend of [`avx2::sub`]), so `(a0 + a1)(a0 - a1 + 4p) <
//!   12.3p 13.9p < p 2^390`. Output: `c0` below `2p`, `c1` below `4p`.
//!
//! What [`super::BatchAdd`] feeds them: reduced values (sums below
//! `2.01p`); products (sums below `7.01p`; the inverse denominators from
//! [`LaneField::over_norm`], below `2p` each); differences of reduced values
//! (below `5.01p` each, sums `10.02p`); and in the tangent `3 x^2`
//! (`c0 < 6p`, `c1 < 12p`, sum `18p < 19.7p`) times a product. The
//! square takes a product (`c0 < 6p`, `c1` reduced) or a reduced value.
//! The subtrahends of [`avx2::sub`] are reduced values or sums of two
//! (below `2.46p`), and [`LaneField::to_base`] sees products (below
//! `2^386 ~ 39p`).
//!
//! Every function here is `unsafe` for one reason: the caller must have
//! checked that the CPU has AVX2.
#![allow(clippy::missing_safety_doc)]

use super::batch::LaneField;
use super::forms::negate_raw;
use crate::arith::avx2::{self, FpX4};
use crate::curve::G2;
use crate::field::{Fp, Fp2};

/// Four Fp2 elements on the AVX2 lanes: `c0 + c1 u` lane by lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp2X4 {
    /// The c0 coefficients.
    pub c0: FpX4,
    /// The c1 coefficients.
    pub c1: FpX4,
}

impl LaneField for Fp2X4 {
    type Curve = G2;
    const ZERO: Fp2X4 = Fp2X4 { c0: FpX4::ZERO, c1: FpX4::ZERO };
    const ONE: Fp2X4 = Fp2X4 { c0: FpX4::ONE, c1: FpX4::ZERO };

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn from_refs(x: [&Fp2; 4]) -> Fp2X4 {
        // SAFETY (in every method): AVX2 is enabled here.
        unsafe { Fp2X4 { c0: avx2::from_fp_refs(x.map(|x| &x.c0.0)), c1: avx2::from_fp_refs(x.map(|x| &x.c1.0)) } }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn to_base(&self) -> [Fp2; 4] {
        let (c0, c1) = unsafe { (avx2::to_fp(&self.c0), avx2::to_fp(&self.c1)) };
        core::array::from_fn(|k| Fp2::new(Fp(c0[k]), Fp(c1[k])))
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn from_raw(x: [&Fp2; 4]) -> Fp2X4 {
        unsafe {
            Fp2X4 {
                c0: avx2::from_raw_refs(x.map(|x| &x.c0.0)),
                c1: avx2::from_raw_refs(x.map(|x| &x.c1.0)),
            }
        }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn to_raw(&self, out: [*mut Fp2; 4]) {
        // The caller's promise on `out` (distinct Fp2, valid for writes):
        // their c0 and c1 are eight distinct places.
        unsafe {
            avx2::to_raw_ptrs(&self.c0, out.map(|p| &raw mut (*p).c0.0));
            avx2::to_raw_ptrs(&self.c1, out.map(|p| &raw mut (*p).c1.0));
        }
    }

    fn negate_raw(y: &Fp2) -> Fp2 {
        Fp2::new(negate_raw(&y.c0), negate_raw(&y.c1))
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn add(a: &Fp2X4, b: &Fp2X4) -> Fp2X4 {
        unsafe { Fp2X4 { c0: avx2::add(&a.c0, &b.c0), c1: avx2::add(&a.c1, &b.c1) } }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn sub(a: &Fp2X4, b: &Fp2X4) -> Fp2X4 {
        unsafe { Fp2X4 { c0: avx2::sub(&a.c0, &b.c0), c1: avx2::sub(&a.c1, &b.c1) } }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn reduce(a: &Fp2X4) -> Fp2X4 {
        unsafe { Fp2X4 { c0: avx2::reduce(&a.c0), c1: avx2::reduce(&a.c1) } }
    }

    /// Karatsuba: three lane products (bounds in the module doc).
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn mul(out: &mut Fp2X4, a: &Fp2X4, b: &Fp2X4) {
        let (mut t0, mut t1, mut t2) = (FpX4::ZERO, FpX4::ZERO, FpX4::ZERO);
        unsafe {
            avx2::mul(&mut t0, &a.c0, &b.c0);
            avx2::mul(&mut t1, &a.c1, &b.c1);
            avx2::mul(&mut t2, &avx2::add(&a.c0, &a.c1), &avx2::add(&b.c0, &b.c1));
            out.c0 = avx2::sub(&t0, &t1);
            out.c1 = avx2::reduce(&avx2::sub(&avx2::sub(&t2, &t0), &t1));
        }
    }

    #[cfg(any(test, feature = "internals"))]
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn mul_assign(a: &mut Fp2X4, b: &Fp2X4) {
        let mut r = Fp2X4::ZERO;
        unsafe { Fp2X4::mul(&mut r, a, b) };
        *a = r;
    }

    /// Two lane products (bounds in the module doc).
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn sqr(out: &mut Fp2X4, a: &Fp2X4) {
        let mut t = FpX4::ZERO;
        unsafe {
            avx2::mul(&mut t, &a.c0, &a.c1);
            avx2::mul(&mut out.c0, &avx2::add(&a.c0, &a.c1), &avx2::sub(&a.c0, &a.c1));
            out.c1 = avx2::add(&t, &t);
        }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn is_zero(a: &Fp2X4) -> u8 {
        unsafe { avx2::is_zero(&a.c0) & avx2::is_zero(&a.c1) }
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn select(mask: u8, a: &Fp2X4, b: &Fp2X4) -> Fp2X4 {
        unsafe { Fp2X4 { c0: avx2::select(mask, &a.c0, &b.c0), c1: avx2::select(mask, &a.c1, &b.c1) } }
    }

    /// `d0^2 + d1^2` (two squares below `2p`): zero only for `d = 0`, -1
    /// being a non-square mod p.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn norm(d: &Fp2X4) -> FpX4 {
        let (mut s0, mut s1) = (FpX4::ZERO, FpX4::ZERO);
        unsafe {
            avx2::sqr(&mut s0, &d.c0);
            avx2::sqr(&mut s1, &d.c1);
            avx2::add(&s0, &s1)
        }
    }

    const NORM_IS_SELF: bool = false;

    /// `1/d = (d0 - d1 u) / (d0^2 + d1^2)`: two lane products, below `2p`.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn over_norm(d: &Fp2X4, ninv: &FpX4) -> Fp2X4 {
        let mut r = Fp2X4::ZERO;
        unsafe {
            avx2::mul(&mut r.c0, &d.c0, ninv);
            avx2::mul(&mut r.c1, &avx2::sub(&FpX4::ZERO, &d.c1), ninv);
        }
        r
    }
}

/// The raw words of `p + small`, a reduced lane value at the top of the
/// range (`small < p 2^-12`): for the tests of the bounds.
#[cfg(test)]
fn above_p(small: u64) -> Fp {
    let mut r = crate::field::fp::MODULUS;
    let (s, c) = r[0].overflowing_add(small);
    r[0] = s;
    r[1] += u64::from(c);
    Fp(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::avx2::tests::have_avx2;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn matches_scalar_addition() {
        super::super::tests::matches_scalar_addition_on::<Fp2X4>(15);
    }

    #[test]
    fn conversions() {
        super::super::tests::conversions_on::<Fp2X4>(16);
    }

    #[test]
    fn indexed() {
        super::super::tests::indexed_on::<Fp2X4>(17);
    }

    /// Random reduced lanes, some from raw values just above p (reduced
    /// values reach `p (1 + 2^-12)`), some zero.
    fn lanes(rng: &mut ChaCha8Rng) -> Fp2X4 {
        let mut coefficient = || -> FpX4 {
            let raw: [Fp; 4] = core::array::from_fn(|_| match rng.gen_range(0..4) {
                0 => above_p(rng.gen::<u64>() >> 1),
                1 => Fp::ZERO,
                _ => {
                    let mut r: [u64; 6] = core::array::from_fn(|_| rng.gen());
                    r[5] %= crate::field::fp::MODULUS[5];
                    Fp(r)
                }
            });
            // SAFETY: AVX2 checked by the caller.
            unsafe { avx2::from_raw_refs([&raw[0].0, &raw[1].0, &raw[2].0, &raw[3].0]) }
        };
        Fp2X4 { c0: coefficient(), c1: coefficient() }
    }

    /// The elements of the lanes.
    fn value(a: &Fp2X4) -> [Fp2; 4] {
        // SAFETY: AVX2 checked by the caller.
        unsafe { a.to_base() }
    }

    /// Products and squares against Fp2's, on the largest inputs the
    /// additions make (module doc): products of products, `3 x^2` times a
    /// product, the square of a product, differences of reduced values.
    #[test]
    fn products_at_the_bounds() {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(18);
        for _ in 0..500 {
            let (a, b, c) = (lanes(&mut rng), lanes(&mut rng), lanes(&mut rng));
            let (va, vb, vc) = (value(&a), value(&b), value(&c));
            // SAFETY: AVX2 checked.
            unsafe {
                let (mut ab, mut bc, mut r) = (Fp2X4::ZERO, Fp2X4::ZERO, Fp2X4::ZERO);
                Fp2X4::mul(&mut ab, &a, &b);
                Fp2X4::mul(&mut bc, &b, &c);
                let want_ab: [Fp2; 4] = core::array::from_fn(|k| va[k].mul(&vb[k]));
                let want_bc: [Fp2; 4] = core::array::from_fn(|k| vb[k].mul(&vc[k]));
                assert_eq!(value(&ab), want_ab);
                // A product of products.
                Fp2X4::mul(&mut r, &ab, &bc);
                assert_eq!(value(&r), core::array::from_fn(|k| want_ab[k].mul(&want_bc[k])));
                // 3 a^2 times a product.
                let mut aa = Fp2X4::ZERO;
                Fp2X4::sqr(&mut aa, &a);
                assert_eq!(value(&aa), va.map(|x| x.square()));
                let aa3 = Fp2X4::add(&Fp2X4::add(&aa, &aa), &aa);
                Fp2X4::mul(&mut r, &aa3, &ab);
                assert_eq!(value(&r), core::array::from_fn(|k| va[k].square().mul(&Fp2::ONE.add(&Fp2::ONE).add(&Fp2::ONE)).mul(&want_ab[k])));
                // The square of a product.
                Fp2X4::sqr(&mut r, &ab);
                assert_eq!(value(&r), want_ab.map(|x| x.square()));
                // Differences of reduced values times a product.
                let (d, e) = (Fp2X4::sub(&a, &b), Fp2X4::sub(&c, &a));
                Fp2X4::mul(&mut r, &d, &e);
                assert_eq!(value(&r), core::array::from_fn(|k| va[k].sub(&vb[k]).mul(&vc[k].sub(&va[k]))));
                Fp2X4::mul(&mut r, &d, &ab);
                assert_eq!(value(&r), core::array::from_fn(|k| va[k].sub(&vb[k]).mul(&want_ab[k])));
                // is_zero needs both coefficients zero.
                let z = Fp2X4::is_zero(&Fp2X4::reduce(&a));
                for (k, x) in va.iter().enumerate() {
                    assert_eq!(z >> k & 1 == 1, bool::from(x.is_zero()));
                }
            }
        }
    }
}
