//! G2's coordinates on the lanes: [`Fp2Lanes`], Fp2 elements as two
//! vectors of G1's lanes (the c0 lanes and the c1 lanes) of the same
//! kernel ([`Fp2X4`] on AVX2, [`Fp2X8F`] on AVX-512F, [`Fp2X8`] on
//! IFMA), so that the affine
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
//! On IFMA every bound below holds with room: its products take operands
//! below `2^398` and its `sub` a subtrahend below `2^384` (fp.rs), and
//! `c0 = t0 - t1 + 16p` is below `18p`. The figures are AVX2's.
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

use super::batch::{LaneField, MAX_LANES};
#[cfg(doc)]
use crate::arith::avx2;
use crate::arith::avx2::FpX4;
use crate::arith::avx512_ifma::FpX8Ifma;
use crate::arith::avx512f::FpX8F;
use crate::curve::G2;
use crate::field::Fp2;

/// `LANES` Fp2 elements on a lane kernel: `c0 + c1 u` lane by lane, the
/// coefficients as two vectors of `B` (G1's lanes of the same kernel).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp2Lanes<B> {
    /// The c0 coefficients.
    pub c0: B,
    /// The c1 coefficients.
    pub c1: B,
}

/// Four Fp2 elements on the AVX2 lanes.
pub type Fp2X4 = Fp2Lanes<FpX4>;
/// Eight Fp2 elements on the AVX-512 IFMA lanes.
pub type Fp2X8 = Fp2Lanes<FpX8Ifma>;
/// Eight Fp2 elements on the AVX-512F lanes (the AVX2 kernel at eight
/// lanes: its bounds).
pub type Fp2X8F = Fp2Lanes<FpX8F>;

/// The words of each lane's coefficient `c` (`c0` or `c1`) of `x`.
macro_rules! coefficients {
    ($x:expr, $c:ident) => {{
        let x = $x;
        let r: [&crate::Fp; MAX_LANES] = core::array::from_fn(|k| &x[k.min(x.len() - 1)].$c);
        r
    }};
}

impl<B: LaneField<Curve = crate::curve::G1, Norm = B>> LaneField for Fp2Lanes<B> {
    type Curve = G2;
    type Norm = B;
    const LANES: usize = B::LANES;
    const ZERO: Self = Fp2Lanes { c0: B::ZERO, c1: B::ZERO };
    const ONE: Self = Fp2Lanes { c0: B::ONE, c1: B::ZERO };

    fn available() -> bool {
        B::available()
    }

    #[inline(always)]
    unsafe fn enter<R>(f: impl FnOnce() -> R) -> R {
        // SAFETY (in every method): the caller checked the kernel.
        unsafe { B::enter(f) }
    }

    #[inline(always)]
    unsafe fn from_refs(x: &[&Fp2]) -> Self {
        let n = B::LANES;
        unsafe {
            Fp2Lanes { c0: B::from_refs(&coefficients!(x, c0)[..n]), c1: B::from_refs(&coefficients!(x, c1)[..n]) }
        }
    }

    #[inline(always)]
    unsafe fn to_base(&self) -> [Fp2; MAX_LANES] {
        let (c0, c1) = unsafe { (self.c0.to_base(), self.c1.to_base()) };
        core::array::from_fn(|k| Fp2::new(c0[k], c1[k]))
    }

    #[inline(always)]
    unsafe fn from_raw(x: &[&Fp2]) -> Self {
        let n = B::LANES;
        unsafe { Fp2Lanes { c0: B::from_raw(&coefficients!(x, c0)[..n]), c1: B::from_raw(&coefficients!(x, c1)[..n]) } }
    }

    #[inline(always)]
    unsafe fn to_raw(&self, out: &[*mut Fp2]) {
        let n = B::LANES;
        // The caller's promise on `out` (distinct Fp2, valid for writes):
        // their c0 and c1 are distinct places.
        let target = |k: usize| -> *mut Fp2 { out[k.min(n - 1)] };
        let c0: [*mut crate::Fp; MAX_LANES] = core::array::from_fn(|k| unsafe { &raw mut (*target(k)).c0 });
        let c1: [*mut crate::Fp; MAX_LANES] = core::array::from_fn(|k| unsafe { &raw mut (*target(k)).c1 });
        unsafe {
            self.c0.to_raw(&c0[..n]);
            self.c1.to_raw(&c1[..n]);
        }
    }

    fn negate_raw(y: &Fp2) -> Fp2 {
        Fp2::new(B::negate_raw(&y.c0), B::negate_raw(&y.c1))
    }

    #[inline(always)]
    unsafe fn add(a: &Self, b: &Self) -> Self {
        unsafe { Fp2Lanes { c0: B::add(&a.c0, &b.c0), c1: B::add(&a.c1, &b.c1) } }
    }

    #[inline(always)]
    unsafe fn sub(a: &Self, b: &Self) -> Self {
        unsafe { Fp2Lanes { c0: B::sub(&a.c0, &b.c0), c1: B::sub(&a.c1, &b.c1) } }
    }

    #[inline(always)]
    unsafe fn reduce(a: &Self) -> Self {
        unsafe { Fp2Lanes { c0: B::reduce(&a.c0), c1: B::reduce(&a.c1) } }
    }

    /// Karatsuba: three lane products (bounds in the module doc).
    #[inline(always)]
    unsafe fn mul(out: &mut Self, a: &Self, b: &Self) {
        let (mut t0, mut t1, mut t2) = (B::ZERO, B::ZERO, B::ZERO);
        unsafe {
            B::mul(&mut t0, &a.c0, &b.c0);
            B::mul(&mut t1, &a.c1, &b.c1);
            B::mul(&mut t2, &B::add(&a.c0, &a.c1), &B::add(&b.c0, &b.c1));
            out.c0 = B::sub(&t0, &t1);
            out.c1 = B::reduce(&B::sub(&B::sub(&t2, &t0), &t1));
        }
    }

    #[inline(always)]
    unsafe fn mul_assign(a: &mut Self, b: &Self) {
        let mut r = Self::ZERO;
        unsafe { Self::mul(&mut r, a, b) };
        *a = r;
    }

    /// Two lane products (bounds in the module doc).
    #[inline(always)]
    unsafe fn sqr(out: &mut Self, a: &Self) {
        let mut t = B::ZERO;
        unsafe {
            B::mul(&mut t, &a.c0, &a.c1);
            B::mul(&mut out.c0, &B::add(&a.c0, &a.c1), &B::sub(&a.c0, &a.c1));
            out.c1 = B::add(&t, &t);
        }
    }

    #[inline(always)]
    unsafe fn is_zero(a: &Self) -> u8 {
        unsafe { B::is_zero(&a.c0) & B::is_zero(&a.c1) }
    }

    #[inline(always)]
    unsafe fn select(mask: u8, a: &Self, b: &Self) -> Self {
        unsafe { Fp2Lanes { c0: B::select(mask, &a.c0, &b.c0), c1: B::select(mask, &a.c1, &b.c1) } }
    }

    /// `d0^2 + d1^2` (two squares below `2p`): zero only for `d = 0`, -1
    /// being a non-square mod p.
    #[inline(always)]
    unsafe fn norm(d: &Self) -> B {
        let (mut s0, mut s1) = (B::ZERO, B::ZERO);
        unsafe {
            B::sqr(&mut s0, &d.c0);
            B::sqr(&mut s1, &d.c1);
            B::add(&s0, &s1)
        }
    }

    const NORM_IS_SELF: bool = false;

    /// `1/d = (d0 - d1 u) / (d0^2 + d1^2)`: two lane products, below `2p`.
    #[inline(always)]
    unsafe fn over_norm(d: &Self, ninv: &B) -> Self {
        let mut r = Self::ZERO;
        unsafe {
            B::mul(&mut r.c0, &d.c0, ninv);
            B::mul(&mut r.c1, &B::sub(&B::ZERO, &d.c1), ninv);
        }
        r
    }
}

/// The raw words of `p + small`, a reduced lane value at the top of the
/// range (`small < p 2^-12`): for the tests of the bounds.
#[cfg(test)]
fn above_p(small: u64) -> crate::Fp {
    let mut r = crate::field::fp::MODULUS;
    let (s, c) = r[0].overflowing_add(small);
    r[0] = s;
    r[1] += u64::from(c);
    crate::Fp(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Fp;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    crate::msm::lanes::tests::kernel_tests!(on_avx2, crate::msm::lanes::Fp2X4, 15);
    crate::msm::lanes::tests::kernel_tests!(on_avx512, crate::msm::lanes::Fp2X8F, 35);
    crate::msm::lanes::tests::kernel_tests!(on_ifma, crate::msm::lanes::Fp2X8, 25);

    /// Random reduced lanes of kernel `B`, some from raw values just above
    /// p (reduced values reach `p (1 + 2^-12)`), some zero.
    fn lanes<B: LaneField<Curve = crate::curve::G1, Norm = B>>(rng: &mut ChaCha8Rng) -> Fp2Lanes<B> {
        let mut coefficient = || -> B {
            let raw: Vec<Fp> = (0..B::LANES)
                .map(|_| match rng.gen_range(0..4) {
                    0 => above_p(rng.gen::<u64>() >> 1),
                    1 => Fp::ZERO,
                    _ => {
                        let mut r: [u64; 6] = core::array::from_fn(|_| rng.gen());
                        r[5] %= crate::field::fp::MODULUS[5];
                        Fp(r)
                    }
                })
                .collect();
            let refs: Vec<&Fp> = raw.iter().collect();
            // SAFETY: the kernel checked by the caller.
            unsafe { B::enter(|| B::from_raw(&refs)) }
        };
        Fp2Lanes { c0: coefficient(), c1: coefficient() }
    }

    /// The elements of the lanes.
    fn value<B: LaneField<Curve = crate::curve::G1, Norm = B>>(a: &Fp2Lanes<B>) -> Vec<Fp2> {
        // SAFETY: the kernel checked by the caller.
        let v = unsafe { B::enter(|| a.to_base()) };
        v[..B::LANES].to_vec()
    }

    /// Products and squares against Fp2's, on the largest inputs the
    /// additions make (module doc): products of products, `3 x^2` times a
    /// product, the square of a product, differences of reduced values.
    fn products_at_the_bounds_on<B: LaneField<Curve = crate::curve::G1, Norm = B>>(seed: u64) {
        if !B::available() {
            eprintln!("skipped: the CPU lacks the {}-lane kernel", B::LANES);
            return;
        }
        type F<B> = Fp2Lanes<B>;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let each = |x: &[Fp2], y: &[Fp2], f: &dyn Fn(&Fp2, &Fp2) -> Fp2| -> Vec<Fp2> {
            x.iter().zip(y).map(|(a, b)| f(a, b)).collect()
        };
        for _ in 0..500 {
            let (a, b, c) = (lanes::<B>(&mut rng), lanes::<B>(&mut rng), lanes::<B>(&mut rng));
            let (va, vb, vc) = (value(&a), value(&b), value(&c));
            // SAFETY: the kernel checked.
            unsafe {
                B::enter(|| {
                    let (mut ab, mut bc, mut r) = (F::<B>::ZERO, F::<B>::ZERO, F::<B>::ZERO);
                    F::<B>::mul(&mut ab, &a, &b);
                    F::<B>::mul(&mut bc, &b, &c);
                    let want_ab = each(&va, &vb, &|x, y| x.mul(y));
                    let want_bc = each(&vb, &vc, &|x, y| x.mul(y));
                    assert_eq!(value(&ab), want_ab);
                    // A product of products.
                    F::<B>::mul(&mut r, &ab, &bc);
                    assert_eq!(value(&r), each(&want_ab, &want_bc, &|x, y| x.mul(y)));
                    // 3 a^2 times a product.
                    let mut aa = F::<B>::ZERO;
                    F::<B>::sqr(&mut aa, &a);
                    assert_eq!(value(&aa), each(&va, &va, &|x, _| x.square()));
                    let aa3 = F::<B>::add(&F::<B>::add(&aa, &aa), &aa);
                    F::<B>::mul(&mut r, &aa3, &ab);
                    let three = Fp2::ONE.add(&Fp2::ONE).add(&Fp2::ONE);
                    assert_eq!(value(&r), each(&va, &want_ab, &|x, y| x.square().mul(&three).mul(y)));
                    // The square of a product.
                    F::<B>::sqr(&mut r, &ab);
                    assert_eq!(value(&r), each(&want_ab, &want_ab, &|x, _| x.square()));
                    // Differences of reduced values times a product.
                    let (d, e) = (F::<B>::sub(&a, &b), F::<B>::sub(&c, &a));
                    F::<B>::mul(&mut r, &d, &e);
                    let vd = each(&va, &vb, &|x, y| x.sub(y));
                    assert_eq!(value(&r), each(&vd, &each(&vc, &va, &|x, y| x.sub(y)), &|x, y| x.mul(y)));
                    F::<B>::mul(&mut r, &d, &ab);
                    assert_eq!(value(&r), each(&vd, &want_ab, &|x, y| x.mul(y)));
                    // is_zero needs both coefficients zero.
                    let z = F::<B>::is_zero(&F::<B>::reduce(&a));
                    for (k, x) in va.iter().enumerate() {
                        assert_eq!(z >> k & 1 == 1, bool::from(x.is_zero()));
                    }
                })
            }
        }
    }

    #[test]
    fn products_at_the_bounds() {
        products_at_the_bounds_on::<FpX4>(18);
    }

    #[test]
    fn products_at_the_bounds_ifma() {
        products_at_the_bounds_on::<FpX8Ifma>(28);
    }

    #[test]
    fn products_at_the_bounds_avx512() {
        products_at_the_bounds_on::<crate::arith::avx512f::FpX8F>(38);
    }
}
