//! Fp6 = Fp2\[v\] / (v^3 - xi), xi = 1 + u.

use super::fp2::{Fp2, Fp2Wide};
use super::frobenius::{FP6_C1, FP6_C2};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// An element `c0 + c1 v + c2 v^2` of Fp6.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Fp6 {
    /// Constant coefficient.
    pub c0: Fp2,
    /// Coefficient of v.
    pub c1: Fp2,
    /// Coefficient of v^2.
    pub c2: Fp2,
}

impl Fp6 {
    /// `c0 + c1 v + c2 v^2`.
    pub const fn new(c0: Fp2, c1: Fp2, c2: Fp2) -> Fp6 {
        Fp6 { c0, c1, c2 }
    }

    /// `self * rhs` (Karatsuba over Fp2, one reduction per Fp coefficient).
    #[inline]
    pub fn mul(&self, rhs: &Fp6) -> Fp6 {
        meter!(Fp6Mul, self.mul_wide(rhs).reduce())
    }

    /// `self^2`.
    #[inline]
    pub fn square(&self) -> Fp6 {
        meter!(Fp6Square, self.square_wide().reduce())
    }

    /// `self * v`: (xi c2, c0, c1).
    #[inline]
    pub fn mul_by_nonresidue(&self) -> Fp6 {
        Fp6 { c0: self.c2.mul_by_nonresidue(), c1: self.c0, c2: self.c1 }
    }

    /// `self * b` for `b` in Fp2.
    #[inline]
    pub fn mul_by_fp2(&self, b: &Fp2) -> Fp6 {
        Fp6 { c0: self.c0.mul(b), c1: self.c1.mul(b), c2: self.c2.mul(b) }
    }

    /// `self * (b0 + b1 v)` (sparse product of the Miller loop).
    pub fn mul_by_01(&self, b0: &Fp2, b1: &Fp2) -> Fp6 {
        self.mul_by_01_wide(b0, b1).reduce()
    }

    /// `self * (b0 + b1 v)` unreduced: five Fp2 products (Karatsuba on the
    /// first two coefficients), the glue mod `p 2^384`.
    /// c0 = a0 b0 + xi a2 b1; c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1;
    /// c2 = a1 b1 + a2 b0.
    #[inline(always)]
    pub(crate) fn mul_by_01_wide(&self, b0: &Fp2, b1: &Fp2) -> Fp6Wide {
        let v0 = self.c0.mul_wide(b0);
        let v1 = self.c1.mul_wide(b1);
        let mut c0 = self.c2.mul_wide(b1);
        c0.mul_by_nonresidue_add_assign(&v0);
        // Pre-sums below 2p, which the wide product accepts.
        let mut c1 = self.c0.add_unreduced(&self.c1).mul_wide(&b0.add_unreduced(b1));
        c1.sub_pair_assign(&v0, &v1);
        let mut c2 = self.c2.mul_wide(b0);
        c2.add_assign(&v1);
        Fp6Wide { c0, c1, c2 }
    }

    /// `self * (b1 v)` (sparse product of the Miller loop).
    pub fn mul_by_1(&self, b1: &Fp2) -> Fp6 {
        self.mul_by_1_wide(b1).reduce()
    }

    /// `self * (b1 v)` unreduced: (xi a2 b1, a0 b1, a1 b1).
    #[inline(always)]
    pub(crate) fn mul_by_1_wide(&self, b1: &Fp2) -> Fp6Wide {
        let mut c0 = self.c2.mul_wide(b1);
        c0.mul_by_nonresidue_assign();
        Fp6Wide { c0, c1: self.c0.mul_wide(b1), c2: self.c1.mul_wide(b1) }
    }

    /// `self^(p^power)`.
    pub fn frobenius_map(&self, power: usize) -> Fp6 {
        let k = power % 6;
        Fp6 {
            c0: self.c0.frobenius_map(k),
            c1: self.c1.frobenius_map(k).mul(&FP6_C1[k]),
            c2: self.c2.frobenius_map(k).mul(&FP6_C2[k]),
        }
    }

    /// Whether `self` is zero.
    #[inline]
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero() & self.c2.is_zero()
    }

    /// The cofactors of the inverse and the norm they share:
    /// `1/self = (t0 + t1 v + t2 v^2) / n`, with n in Fp2.
    fn inverse_parts(&self) -> (Fp2, Fp2, Fp2, Fp2) {
        let t0 = self.c0.square().sub(&self.c1.mul(&self.c2).mul_by_nonresidue());
        let t1 = self.c2.square().mul_by_nonresidue().sub(&self.c0.mul(&self.c1));
        let t2 = self.c1.square().sub(&self.c0.mul(&self.c2));
        let n = self.c1.mul(&t2).add(&self.c2.mul(&t1)).mul_by_nonresidue().add(&self.c0.mul(&t0));
        (t0, t1, t2, n)
    }

    /// `1 / self` in constant time; none for zero.
    pub fn invert(&self) -> CtOption<Fp6> {
        let (t0, t1, t2, n) = self.inverse_parts();
        n.invert().map(|n| Fp6 { c0: t0.mul(&n), c1: t1.mul(&n), c2: t2.mul(&n) })
    }

    /// `1 / self` in variable time; `None` for zero. Public inputs only.
    pub fn invert_vartime(&self) -> Option<Fp6> {
        let (t0, t1, t2, n) = self.inverse_parts();
        n.invert_vartime().map(|n| Fp6 { c0: t0.mul(&n), c1: t1.mul(&n), c2: t2.mul(&n) })
    }

    /// `self^exp` (little-endian limbs), constant time in the bits of `exp`.
    pub fn pow(&self, exp: &[u64]) -> Fp6 {
        super::pow(self, exp)
    }

    /// `self^exp` in time that depends on `exp`: public exponents only.
    pub fn pow_vartime(&self, exp: &[u64]) -> Fp6 {
        super::pow_vartime(self, exp)
    }

    /// A uniformly random element.
    pub fn random(rng: &mut impl rand_core::RngCore) -> Fp6 {
        Fp6 { c0: Fp2::random(rng), c1: Fp2::random(rng), c2: Fp2::random(rng) }
    }

    by_value!(
        /// The unreduced product: six Fp2 products (Karatsuba), no
        /// reduction (see [`Fp6::mul_wide_to`]).
        Fp6: mul_wide -> Fp6Wide via mul_wide_to
    );

    /// The unreduced product `a b` written to `*out`: six Fp2 products
    /// (Karatsuba), no reduction. Out of line, as `Fp2::mul_wide_to`
    /// (the Fp12 product stays small). The three Karatsuba products are
    /// written straight into the caller's slot and the glue runs there in
    /// place (no 192- or 576-byte temporaries copied).
    ///
    /// Inputs reduced (coefficients below p). The Karatsuba pre-sums such as
    /// `a0 + a2` are left unreduced (below `2p`), which `Fp2::mul_wide_to`
    /// accepts; every Fp2 product is then below `p 2^384` and the sums and
    /// differences below are taken mod `p 2^384`.
    ///
    /// # Safety
    /// `out` must be valid for writes (it may be uninitialised).
    #[inline(never)]
    pub(crate) unsafe fn mul_wide_to(a: &Fp6, b: &Fp6, out: *mut Fp6Wide) {
        meter!(Fp6MulWide);
        let mut v = core::mem::MaybeUninit::<[Fp2Wide; 3]>::uninit();
        let vp = v.as_mut_ptr() as *mut Fp2Wide;
        // SAFETY: `v` holds three Fp2Wide and `out` three more (the caller
        // provides it); none overlaps the inputs or each other; every slot
        // is written by `mul_wide_to` before the references below are formed.
        let (r, v0, v1, v2) = unsafe {
            Fp2::mul_wide_to(&a.c0, &b.c0, vp);
            Fp2::mul_wide_to(&a.c1, &b.c1, vp.add(1));
            Fp2::mul_wide_to(&a.c2, &b.c2, vp.add(2));
            let (s, t) = (a.c1.add_unreduced(&a.c2), b.c1.add_unreduced(&b.c2));
            Fp2::mul_wide_to(&s, &t, core::ptr::addr_of_mut!((*out).c0));
            let (s, t) = (a.c0.add_unreduced(&a.c1), b.c0.add_unreduced(&b.c1));
            Fp2::mul_wide_to(&s, &t, core::ptr::addr_of_mut!((*out).c1));
            let (s, t) = (a.c0.add_unreduced(&a.c2), b.c0.add_unreduced(&b.c2));
            Fp2::mul_wide_to(&s, &t, core::ptr::addr_of_mut!((*out).c2));
            (&mut *out, &*vp, &*vp.add(1), &*vp.add(2))
        };
        // The u-parts (`.c1`) of the Fp2 wide products are exact integers
        // (`Fp2::mul_wide_to`: `x0 y1 + x1 y0` with no modular wrap), and
        // the pre-sums are exact integer sums, so e.g. `((a0 + a2)(b0 +
        // b2)).c1 - v0.c1 - v2.c1` is the non-negative integer `a0_0 b2_1 +
        // a0_1 b2_0 + a2_0 b0_1 + a2_1 b0_0 < 4 p^2`: those steps need no
        // modular correction (`*_exact`). Adding `v1.c1 < 2 p^2` stays below
        // `6 p^2 < p 2^384`. The real parts (`.c0`) are representatives mod
        // `p 2^384` and use the modular operations.
        // The glue runs through out-of-line Fp2Wide steps (compact code).
        // c2 = (a0 + a2)(b0 + b2) - v0 - v2 + v1
        r.c2.sub_pair_mixed_assign(v0, v2);
        r.c2.add_mixed_assign(v1);
        // c0 = xi ((a1 + a2)(b1 + b2) - v1 - v2) + v0
        r.c0.sub_pair_mixed_assign(v1, v2);
        r.c0.mul_by_nonresidue_add_assign(v0);
        // c1 = (a0 + a1)(b0 + b1) - v0 - v1 + xi v2
        r.c1.sub_pair_mixed_assign(v0, v1);
        r.c1.add_mul_by_nonresidue_assign(v2);
    }

    /// The six double-width Fp2 products of the Karatsuba product `a b`,
    /// written to `out[0..6]` in the order `a0 b0`, `a1 b1`, `a2 b2`,
    /// `(a0 + a1)(b0 + b1)`, `(a1 + a2)(b1 + b2)`, `(a0 + a2)(b0 + b2)`
    /// (for kernels that combine them with their own sums; inputs reduced,
    /// the sums left below 2p, each product as `Fp2::mul_wide_to`).
    ///
    /// # Safety
    /// `out` must be valid for six writes (it may be uninitialised).
    #[inline(always)]
    pub(crate) unsafe fn products_to(a: &Fp6, b: &Fp6, out: *mut Fp2Wide) {
        // SAFETY: the caller provides six writable slots, distinct from
        // the inputs.
        unsafe {
            Fp2::mul_wide_to(&a.c0, &b.c0, out);
            Fp2::mul_wide_to(&a.c1, &b.c1, out.add(1));
            Fp2::mul_wide_to(&a.c2, &b.c2, out.add(2));
            Fp2::mul_wide_to(&a.c0.add_unreduced(&a.c1), &b.c0.add_unreduced(&b.c1), out.add(3));
            Fp2::mul_wide_to(&a.c1.add_unreduced(&a.c2), &b.c1.add_unreduced(&b.c2), out.add(4));
            Fp2::mul_wide_to(&a.c0.add_unreduced(&a.c2), &b.c0.add_unreduced(&b.c2), out.add(5));
        }
    }

    /// The unreduced square (Chung-Hasan SQR2): two squarings, three products.
    #[inline(always)]
    pub(crate) fn square_wide(&self) -> Fp6Wide {
        let a = self;
        let s0 = a.c0.square_wide();
        let s1 = a.c0.mul_wide(&a.c1.double()); // 2 a0 a1
        let s2 = a.c0.sub(&a.c1).add(&a.c2);
        let s2 = s2.square_wide(); // (a0 - a1 + a2)^2
        let mut s3 = a.c1.mul_wide(&a.c2.double()); // 2 a1 a2
        let mut s4 = a.c2.square_wide();
        // c2 = s1 + s2 + s3 - s0 - s4; c0 = s0 + xi s3; c1 = s1 + xi s4.
        let mut c2 = s1;
        c2.add_assign(&s2);
        c2.add_assign(&s3);
        c2.sub_assign(&s0);
        c2.sub_assign(&s4);
        s3.mul_by_nonresidue_assign();
        s3.add_assign(&s0);
        s4.mul_by_nonresidue_assign();
        s4.add_assign(&s1);
        Fp6Wide { c0: s3, c1: s4, c2 }
    }
}

/// An unreduced Fp6 value (coefficients double-width, below `p * 2^384`).
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct Fp6Wide {
    pub(crate) c0: Fp2Wide,
    pub(crate) c1: Fp2Wide,
    pub(crate) c2: Fp2Wide,
}

impl Fp6Wide {
    /// `self -= x + y`, mod `p 2^384` per coefficient (through the
    /// out-of-line `Fp2Wide::sub_pair_assign`).
    #[inline(always)]
    pub(crate) fn sub_pair_assign(&mut self, x: &Fp6Wide, y: &Fp6Wide) {
        self.c0.sub_pair_assign(&x.c0, &y.c0);
        self.c1.sub_pair_assign(&x.c1, &y.c1);
        self.c2.sub_pair_assign(&x.c2, &y.c2);
    }

    /// `self += v * rhs`, v the generator of Fp6 over Fp2: v (c0, c1, c2) =
    /// (xi c2, c0, c1). Out of line (compact Fp12 product).
    #[inline(never)]
    pub(crate) fn add_mul_by_nonresidue_assign(&mut self, rhs: &Fp6Wide) {
        self.c0.add_mul_by_nonresidue_assign(&rhs.c2);
        self.c1.add_assign(&rhs.c0);
        self.c2.add_assign(&rhs.c1);
    }

    #[inline(always)]
    pub(crate) fn reduce(&self) -> Fp6 {
        let mut out = core::mem::MaybeUninit::<Fp6>::uninit();
        // SAFETY: `reduce_to` writes all of `out`.
        unsafe {
            self.reduce_to(out.as_mut_ptr());
            out.assume_init()
        }
    }

    /// Reduces into `*out` (no 288-byte copy of a temporary): one batched
    /// reduction kernel over the six coefficients, storing straight into
    /// `out`. Out of line: inlined reductions at every call site made the
    /// Fp12 products large and spill-heavy.
    ///
    /// # Safety
    /// `out` must be valid for writes (it may be uninitialised).
    #[inline(never)]
    pub(crate) unsafe fn reduce_to(&self, out: *mut Fp6) {
        meter!(FpReduce * 6);
        // SAFETY: Fp6Wide is repr(C) over three repr(C) Fp2Wide, i.e. six
        // consecutive Wide384 in tower order; Fp6 likewise is six
        // consecutive [u64; 6] (Fp2 repr(C) over two repr(transparent) Fp).
        // `self` and the caller's `out` are distinct objects.
        unsafe {
            crate::arith::fp::redc_n(self as *const Fp6Wide as *const crate::arith::Wide384, out as *mut [u64; 6], 6)
        }
    }
}

extension_field!(Fp6 over Fp2: c0, c1, c2);
