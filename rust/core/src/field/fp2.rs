//! Fp2 = Fp[u] / (u^2 + 1).

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

/// (p - 3) / 4, for the square root (Adj and Rodriguez-Henriquez, Alg. 9).
const P_MINUS_3_OVER_4: [u64; 6] = [
    0xee7f_bfff_ffff_eaaa,
    0x07aa_ffff_ac54_ffff,
    0xd9cc_34a8_3dac_3d89,
    0xd91d_d2e1_3ce1_44af,
    0x92c6_e9ed_90d2_eb35,
    0x0680_447a_8e5f_f9a6,
];

/// (p - 1) / 2.
const P_MINUS_1_OVER_2: [u64; 6] = [
    0xdcff_7fff_ffff_d555,
    0x0f55_ffff_58a9_ffff,
    0xb398_6950_7b58_7b12,
    0xb23b_a5c2_79c2_895f,
    0x258d_d3db_21a5_d66b,
    0x0d00_88f5_1cbf_f34d,
];

impl Fp2 {
    /// Zero.
    pub const ZERO: Fp2 = Fp2 { c0: Fp::ZERO, c1: Fp::ZERO };
    /// One.
    pub const ONE: Fp2 = Fp2 { c0: Fp::ONE, c1: Fp::ZERO };

    /// `c0 + c1 * u`.
    pub const fn new(c0: Fp, c1: Fp) -> Fp2 {
        Fp2 { c0, c1 }
    }

    /// `self + rhs`.
    #[inline]
    pub fn add(&self, rhs: &Fp2) -> Fp2 {
        Fp2 { c0: self.c0.add(&rhs.c0), c1: self.c1.add(&rhs.c1) }
    }

    /// `self - rhs`.
    #[inline]
    pub fn sub(&self, rhs: &Fp2) -> Fp2 {
        Fp2 { c0: self.c0.sub(&rhs.c0), c1: self.c1.sub(&rhs.c1) }
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Fp2 {
        Fp2 { c0: self.c0.neg(), c1: self.c1.neg() }
    }

    /// `2 * self`.
    #[inline]
    pub fn double(&self) -> Fp2 {
        Fp2 { c0: self.c0.double(), c1: self.c1.double() }
    }

    /// `self * rhs` (Karatsuba, one reduction per coefficient).
    #[inline]
    pub fn mul(&self, rhs: &Fp2) -> Fp2 {
        self.mul_wide(rhs).reduce()
    }

    /// `self^2`: (a0 + a1)(a0 - a1) + 2 a0 a1 u.
    #[inline]
    pub fn square(&self) -> Fp2 {
        let s = self.c0.add(&self.c1);
        let d = self.c0.sub(&self.c1);
        Fp2 { c0: s.mul(&d), c1: self.c0.double().mul(&self.c1) }
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
        self.norm()
            .invert_vartime()
            .map(|t| Fp2 { c0: self.c0.mul(&t), c1: self.c1.mul(&t).neg() })
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

    /// A square root, when one exists (constant time; Adj and
    /// Rodriguez-Henriquez, "Square root computation over even extension
    /// fields", Algorithm 9, for p = 3 mod 4).
    pub fn sqrt(&self) -> CtOption<Fp2> {
        let a1 = self.pow_vartime(&P_MINUS_3_OVER_4);
        let alpha = a1.square().mul(self);
        let x0 = a1.mul(self);
        let minus_one = Fp2::ONE.neg();
        // alpha = -1: the root is u * x0.
        let ux0 = Fp2 { c0: x0.c1.neg(), c1: x0.c0 };
        let b = alpha.add(&Fp2::ONE).pow_vartime(&P_MINUS_1_OVER_2);
        let x = Fp2::conditional_select(&b.mul(&x0), &ux0, alpha.ct_eq(&minus_one));
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
        self.c1.lexicographically_largest()
            | (self.c1.is_zero() & self.c0.lexicographically_largest())
    }

    /// A uniformly random element.
    pub fn random(rng: &mut impl rand_core::RngCore) -> Fp2 {
        Fp2 { c0: Fp::random(rng), c1: Fp::random(rng) }
    }

    /// The unreduced product (Karatsuba): three double-width products, no
    /// reduction. Out of line: inlined into the Fp6/Fp12 products it makes
    /// functions too large to keep their values in registers (measured:
    /// Fp12 mul 1.3x slower inlined).
    #[inline(never)]
    pub(crate) fn mul_wide(&self, rhs: &Fp2) -> Fp2Wide {
        let mut c0 = self.c0.mul_wide(&rhs.c0);
        let t1 = self.c1.mul_wide(&rhs.c1);
        let sa = self.c0.add_unreduced(&self.c1);
        let sb = rhs.c0.add_unreduced(&rhs.c1);
        // (a0 + a1)(b0 + b1) < 4p^2 and a0 b1 + a1 b0 < 2p^2: exact subtraction.
        let mut c1 = crate::arith::fp::mul_wide(&sa, &sb);
        wide::sub_exact_assign(&mut c1, &c0);
        wide::sub_exact_assign(&mut c1, &t1);
        wide::sub_assign(&mut c0, &t1);
        Fp2Wide { c0, c1 }
    }
}

/// An unreduced Fp2 value: each coefficient double-width, below `p * 2^384`.
#[derive(Clone, Copy)]
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

    #[inline(always)]
    pub(crate) fn reduce(&self) -> Fp2 {
        Fp2 { c0: Fp::reduce(&self.c0), c1: Fp::reduce(&self.c1) }
    }
}

impl ConstantTimeEq for Fp2 {
    fn ct_eq(&self, other: &Fp2) -> Choice {
        self.c0.ct_eq(&other.c0) & self.c1.ct_eq(&other.c1)
    }
}

impl ConditionallySelectable for Fp2 {
    fn conditional_select(a: &Fp2, b: &Fp2, choice: Choice) -> Fp2 {
        Fp2 {
            c0: Fp::conditional_select(&a.c0, &b.c0, choice),
            c1: Fp::conditional_select(&a.c1, &b.c1, choice),
        }
    }
}

impl_ops!(Fp2);
