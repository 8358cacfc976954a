//! Fp2 = Fp\[u\] / (u^2 + 1).

use super::fp::{wide, Fp};
use crate::arith::Wide384;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// An element `c0 + c1 * u` of Fp2.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Fp2 {
    /// The real part.
    pub c0: Fp,
    /// The coefficient of u.
    pub c1: Fp,
}

impl Fp2 {
    /// `c0 + c1 * u`.
    pub const fn new(c0: Fp, c1: Fp) -> Fp2 {
        Fp2 { c0, c1 }
    }

    by_value!(
        /// `self * rhs` (Karatsuba, one reduction per coefficient).
        Fp2: mul via mul_to
    );

    /// `self * rhs` into `out`. Out of line, with the output slot passed in
    /// by the caller: the kernel stores straight into the caller's value.
    /// (Returned by value from an out-of-line function, the result went
    /// through a temporary and a 16-byte copy whose loads cannot be
    /// forwarded from the kernel's 8-byte stores.)
    #[inline(never)]
    pub(crate) fn mul_to(&self, rhs: &Fp2, out: &mut core::mem::MaybeUninit<Fp2>) {
        meter!(Fp2Mul);
        crate::arith::fp::mul2(self.limbs(), rhs.limbs(), Self::limbs_out(out));
    }

    /// The output slot of a kernel writing an Fp2 as limbs.
    #[inline(always)]
    fn limbs_out(out: &mut core::mem::MaybeUninit<Fp2>) -> &mut core::mem::MaybeUninit<[[u64; 6]; 2]> {
        // SAFETY: same layout as [[u64; 6]; 2] (see `limbs`); every bit
        // pattern of the limbs is a valid Fp2 representation.
        unsafe { &mut *(out as *mut core::mem::MaybeUninit<Fp2> as *mut core::mem::MaybeUninit<[[u64; 6]; 2]>) }
    }

    by_value!(
        /// `self^2`: (a0 + a1)(a0 - a1) + 2 a0 a1 u.
        Fp2: square via square_to
    );

    /// `self^2` into `out`, out of line (as [`Fp2::mul_to`]).
    #[inline(never)]
    pub(crate) fn square_to(&self, out: &mut core::mem::MaybeUninit<Fp2>) {
        meter!(Fp2Square);
        crate::arith::fp::sqr2(self.limbs(), Self::limbs_out(out));
    }

    /// `self / 2`.
    #[inline]
    pub(crate) fn half(&self) -> Fp2 {
        Fp2 { c0: self.c0.half(), c1: self.c1.half() }
    }

    /// `self * (1 + u)`, the non-residue defining Fp6.
    #[inline]
    pub fn mul_by_nonresidue(&self) -> Fp2 {
        Fp2 { c0: self.c0.sub(&self.c1), c1: self.c0.add(&self.c1) }
    }

    /// `self * x` for `x` in Fp.
    #[inline]
    pub fn mul_by_fp(&self, x: &Fp) -> Fp2 {
        Fp2 { c0: self.c0.mul(x), c1: self.c1.mul(x) }
    }

    /// The conjugate `c0 - c1 u` (= the Frobenius map).
    #[inline]
    pub fn conjugate(&self) -> Fp2 {
        Fp2 { c0: self.c0, c1: self.c1.neg() }
    }

    /// `self^(p^power)`.
    #[inline]
    pub fn frobenius_map(&self, power: usize) -> Fp2 {
        let c = self.conjugate();
        Fp2::conditional_select(self, &c, Choice::from((power & 1) as u8))
    }

    /// The norm `c0^2 + c1^2`, in Fp.
    #[inline]
    pub fn norm(&self) -> Fp {
        self.c0.square().add(&self.c1.square())
    }

    /// Whether `self` is zero.
    #[inline]
    pub fn is_zero(&self) -> Choice {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// `1 / self` in constant time; none for zero.
    pub fn invert(&self) -> CtOption<Fp2> {
        self.norm().invert().map(|t| Fp2 { c0: self.c0.mul(&t), c1: self.c1.mul(&t).neg() })
    }

    /// `1 / self` in variable time; `None` for zero. Public inputs only.
    pub fn invert_vartime(&self) -> Option<Fp2> {
        self.norm().invert_vartime().map(|t| Fp2 { c0: self.c0.mul(&t), c1: self.c1.mul(&t).neg() })
    }

    /// `self^exp` (little-endian limbs), constant time in the bits of `exp`.
    pub fn pow(&self, exp: &[u64]) -> Fp2 {
        super::pow(self, exp)
    }

    /// `self^exp` in time that depends on `exp`: public exponents only.
    pub fn pow_vartime(&self, exp: &[u64]) -> Fp2 {
        super::pow_vartime(self, exp)
    }

    /// The Legendre symbol (that of the norm in Fp): 1, -1, or 0 for zero.
    pub fn legendre(&self) -> i8 {
        self.norm().legendre()
    }

    /// Whether `self` is a square (zero included).
    pub fn is_square(&self) -> Choice {
        self.norm().is_square()
    }

    /// A square root, when one exists. Constant time: two exponentiations
    /// in Fp (not in Fp2), through the norm. With n = a0^2 + a1^2 and
    /// s = sqrt(n), delta = (a0 + s) / 2 (or (a0 - s) / 2 if that is zero)
    /// satisfies 4 delta^2 - a1^2 = 4 a0 delta; then either delta is a
    /// square, x0^2 = delta and the root is x0 + (a1 / 2x0) u, or -delta
    /// is (-1 is not a square in Fp), x0^2 = -delta and the root is
    /// a1 / 2x0 + x0 u. One chain t = delta^((p - 3) / 4) gives both x0 =
    /// t delta and 1 / x0 = x0 t^2 (as x0 t = +-1).
    pub fn sqrt(&self) -> CtOption<Fp2> {
        let (a0, a1) = (&self.c0, &self.c1);
        let n = a0.square().add(&a1.square());
        let s = n.pow_p_minus_3_over_4().mul(&n);
        let plus = a0.add(&s).mul(&Fp::HALF);
        let minus = a0.sub(&s).mul(&Fp::HALF);
        let delta = Fp::conditional_select(&plus, &minus, plus.is_zero());
        let t = delta.pow_p_minus_3_over_4();
        let x0 = t.mul(&delta);
        let inv_x0 = x0.mul(&t.square());
        let y = a1.mul(&inv_x0).mul(&Fp::HALF);
        let x = Fp2::conditional_select(&Fp2 { c0: y, c1: x0 }, &Fp2 { c0: x0, c1: y }, x0.square().ct_eq(&delta));
        CtOption::new(x, x.square().ct_eq(self))
    }

    /// "Sign" of RFC 9380 (sgn0 for m = 2).
    pub fn sgn0(&self) -> Choice {
        let sign_0 = self.c0.sgn0();
        let zero_0 = self.c0.is_zero();
        sign_0 | (zero_0 & self.c1.sgn0())
    }

    /// The ZCash encodings' flag: c1 is lexicographically largest, or c1 = 0
    /// and c0 is.
    pub fn lexicographically_largest(&self) -> Choice {
        self.c1.lexicographically_largest() | (self.c1.is_zero() & self.c0.lexicographically_largest())
    }

    /// A uniformly random element.
    pub fn random(rng: &mut impl rand_core::RngCore) -> Fp2 {
        Fp2 { c0: Fp::random(rng), c1: Fp::random(rng) }
    }

    /// `self + rhs` without reduction, coefficients below `2p`: NOT a
    /// valid element, only an operand for [`Fp2::mul_wide`] /
    /// [`Fp2::square_wide`] (which accept coefficients below `2p`).
    #[inline(always)]
    pub(crate) fn add_unreduced(&self, rhs: &Fp2) -> Fp2 {
        Fp2 {
            c0: Fp::from_montgomery(self.c0.add_unreduced(&rhs.c0)),
            c1: Fp::from_montgomery(self.c1.add_unreduced(&rhs.c1)),
        }
    }

    by_value!(
        /// The unreduced product (Karatsuba): three double-width products,
        /// no reduction; see [`Fp2::mul_wide_to`] for the bounds.
        Fp2: mul_wide -> Fp2Wide via mul_wide_to
    );

    /// The unreduced product (Karatsuba) written to `*out`: three
    /// double-width products, no reduction. Out of line: inlined into the
    /// Fp6/Fp12 products it makes functions too large to keep their values
    /// in registers (the Fp12 product was slower inlined). The output
    /// slot is the caller's (no 192-byte temporary copied back, whose
    /// 16-byte loads cannot be forwarded from the kernel's 8-byte stores).
    ///
    /// Accepts coefficients below `2p` (not only below `p`). Bounds, with
    /// `p < 2^381`: `a0 + a1, b0 + b1 < 4p < 2^384` fit 6 limbs; their
    /// product is below `16 p^2 < 2^768`; `c1 = a0 b1 + a1 b0 < 8 p^2 <
    /// p 2^384` (as `8p < 2^384`), so both subtractions are exact;
    /// `a0 b0, a1 b1 < 4 p^2 < p 2^384`, the range `wide::sub_assign`
    /// needs. Output coefficients below `p 2^384`.
    ///
    /// # Safety
    /// `out` must be valid for writes (it may be uninitialised) and must not
    /// overlap `a` or `b`.
    #[inline(never)]
    pub(crate) unsafe fn mul_wide_to(a: &Fp2, b: &Fp2, out: *mut Fp2Wide) {
        meter!(Fp2MulWide);
        // SAFETY: Fp2Wide is repr(C) over two [u64; 12], the layout of
        // [Wide384; 2]; the caller's guarantees on `out` carry over.
        unsafe { crate::arith::fp::mul2_wide(a.limbs(), b.limbs(), out as *mut [Wide384; 2]) }
    }

    /// `self * b - c * d` with one reduction per coefficient: both
    /// Karatsuba products at double width, their difference mod `p 2^384`,
    /// then two Montgomery reductions (instead of four).
    #[inline(always)]
    pub(crate) fn mul_sub_mul(&self, b: &Fp2, c: &Fp2, d: &Fp2) -> Fp2 {
        let mut t = self.mul_wide(b);
        t.sub_assign(&c.mul_wide(d));
        t.reduce()
    }

    /// `self * m - b^2` for coefficients below `p`: `self m` (Karatsuba)
    /// and `b^2` at double width (coefficients below `p 2^384`), their
    /// difference mod `p 2^384`, then two Montgomery reductions (instead of
    /// four for a reduced product and a reduced square). Out of line, as
    /// the products are.
    #[inline(never)]
    pub(crate) fn mul_sub_sqr(&self, m: &Fp2, b: &Fp2) -> Fp2 {
        let mut w = self.mul_wide(m);
        w.sub_assign(&b.square_wide());
        w.reduce()
    }

    /// The two coefficients' Montgomery limbs.
    #[inline(always)]
    fn limbs(&self) -> &[[u64; 6]; 2] {
        // SAFETY: Fp2 is repr(C) over two Fp, each repr(transparent) over
        // [u64; 6]: the same layout as [[u64; 6]; 2].
        unsafe { &*(self as *const Fp2 as *const [[u64; 6]; 2]) }
    }

    /// The unreduced square, coefficients of `self` below `p`: two
    /// double-width products, no subtraction at double width:
    /// `c0 = (a0 + a1)(a0 + p - a1)` (factors below `2p`, product below
    /// `4 p^2 < p 2^384`, equal to `a0^2 - a1^2 mod p`),
    /// `c1 = (2 a0) a1 < 2 p^2`.
    #[inline(never)]
    pub(crate) fn square_wide(&self) -> Fp2Wide {
        meter!(Fp2SquareWide);
        let s = self.c0.add_unreduced(&self.c1);
        let (np, _) = crate::arith::montgomery::sub_n(&Fp::MODULUS, &self.c1.0);
        let d = crate::arith::montgomery::add_n(&self.c0.0, &np).0;
        let dbl = self.c0.add_unreduced(&self.c0);
        Fp2Wide { c0: crate::arith::fp::mul_wide(&s, &d), c1: crate::arith::fp::mul_wide(&dbl, &self.c1.0) }
    }
}

/// An unreduced Fp2 value: each coefficient double-width, below `p * 2^384`.
#[derive(Clone, Copy)]
#[repr(C)]
pub(crate) struct Fp2Wide {
    pub(crate) c0: Wide384,
    pub(crate) c1: Wide384,
}

impl Fp2Wide {
    #[inline(always)]
    pub(crate) fn add_assign(&mut self, rhs: &Fp2Wide) {
        wide::add_assign(&mut self.c0, &rhs.c0);
        wide::add_assign(&mut self.c1, &rhs.c1);
    }

    #[inline(always)]
    pub(crate) fn sub_assign(&mut self, rhs: &Fp2Wide) {
        wide::sub_assign(&mut self.c0, &rhs.c0);
        wide::sub_assign(&mut self.c1, &rhs.c1);
    }

    /// `self *= 1 + u`: (c0 - c1) + (c0 + c1) u.
    #[inline(always)]
    pub(crate) fn mul_by_nonresidue_assign(&mut self) {
        let c0 = self.c0;
        wide::sub_assign(&mut self.c0, &self.c1);
        wide::add_assign(&mut self.c1, &c0);
    }

    /// `self -= x + y`, every step mod `p 2^384` (all values below
    /// `p 2^384`). Out of line, as the other glue steps of the Fp6/Fp12
    /// products below: one compact shared copy instead of the wide
    /// kernels inlined at every use (the products' code stays small).
    #[inline(never)]
    pub(crate) fn sub_pair_assign(&mut self, x: &Fp2Wide, y: &Fp2Wide) {
        wide::sub_assign(&mut self.c0, &x.c0);
        wide::sub_assign(&mut self.c0, &y.c0);
        wide::sub_assign(&mut self.c1, &x.c1);
        wide::sub_assign(&mut self.c1, &y.c1);
    }

    /// The Karatsuba middle-term correction `self -= x + y`: the real parts
    /// mod `p 2^384`, the u-parts as exact integers. The caller guarantees
    /// `self.c1 >= x.c1 + y.c1` as integers (as for `Fp2::mul_wide_to`
    /// outputs, whose u-parts are exact sums of products).
    #[inline(never)]
    pub(crate) fn sub_pair_mixed_assign(&mut self, x: &Fp2Wide, y: &Fp2Wide) {
        wide::sub_assign(&mut self.c0, &x.c0);
        wide::sub_assign(&mut self.c0, &y.c0);
        wide::sub_exact_assign(&mut self.c1, &x.c1);
        wide::sub_exact_assign(&mut self.c1, &y.c1);
    }

    /// `self += x`: the real part mod `p 2^384`, the u-part exact. The
    /// caller guarantees `self.c1 + x.c1 < p 2^384`.
    #[inline(never)]
    pub(crate) fn add_mixed_assign(&mut self, x: &Fp2Wide) {
        wide::add_assign(&mut self.c0, &x.c0);
        wide::add_exact_assign(&mut self.c1, &x.c1);
    }

    /// `self = (1 + u) self + x`: `c0 = c0 - c1 + x0`, `c1 = c0 + c1 + x1`,
    /// each step mod `p 2^384`. Out of line (see `sub_pair_assign`).
    #[inline(never)]
    pub(crate) fn mul_by_nonresidue_add_assign(&mut self, x: &Fp2Wide) {
        let c0 = self.c0;
        wide::sub_assign(&mut self.c0, &self.c1);
        wide::add_assign(&mut self.c0, &x.c0);
        wide::add_assign(&mut self.c1, &c0);
        wide::add_assign(&mut self.c1, &x.c1);
    }

    /// `self += (1 + u) rhs` in place, without a temporary:
    /// `c0 += r0 - r1`, `c1 += r0 + r1` (each step mod `p 2^384`). Out of
    /// line (see `sub_pair_assign`).
    #[inline(never)]
    pub(crate) fn add_mul_by_nonresidue_assign(&mut self, rhs: &Fp2Wide) {
        wide::add_assign(&mut self.c0, &rhs.c0);
        wide::sub_assign(&mut self.c0, &rhs.c1);
        wide::add_assign(&mut self.c1, &rhs.c0);
        wide::add_assign(&mut self.c1, &rhs.c1);
    }

    #[inline(always)]
    pub(crate) fn reduce(&self) -> Fp2 {
        Fp2 { c0: Fp::reduce(&self.c0), c1: Fp::reduce(&self.c1) }
    }
}

extension_field!(Fp2 over Fp: c0, c1);
