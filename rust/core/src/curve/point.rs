//! Points of y^2 = x^3 + b in affine and Jacobian coordinates, generic over
//! the curve ([`Curve`]): one implementation for G1 and G2.
//!
//! Jacobian (X, Y, Z) stands for the affine point (X / Z^2, Y / Z^3); Z = 0
//! is the identity. The addition is complete: the "H = R = 0" case (P = Q)
//! switches the slope to the tangent's by selection, so the same sequence of
//! field operations runs for every input.

use super::{BaseField, Curve};
use crate::field::Fr;
use core::fmt;
use core::marker::PhantomData;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// A point in affine coordinates; the identity is stored as (0, 0).
/// Layout: `x` then `y` (`repr(C)`; the C ABI relies on it).
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Affine<C: Curve> {
    pub(crate) x: C::Base,
    pub(crate) y: C::Base,
    _curve: PhantomData<C>,
}

/// A point in Jacobian coordinates (X / Z^2, Y / Z^3); Z = 0 is the identity.
/// Layout: `x`, `y`, `z` (`repr(C)`; the C ABI relies on it).
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Jacobian<C: Curve> {
    pub(crate) x: C::Base,
    pub(crate) y: C::Base,
    pub(crate) z: C::Base,
    _curve: PhantomData<C>,
}

impl<C: Curve> Affine<C> {
    /// The point (x, y) as given: no check (crate use and tests).
    pub(crate) const fn from_raw(x: C::Base, y: C::Base) -> Self {
        Affine { x, y, _curve: PhantomData }
    }

    /// The identity (point at infinity).
    pub const fn identity() -> Self {
        Self::from_raw(C::Base::ZERO, C::Base::ZERO)
    }

    /// The standard generator of the group.
    pub const fn generator() -> Self {
        Self::from_raw(C::GENERATOR_X, C::GENERATOR_Y)
    }

    /// The x coordinate (zero for the identity).
    pub fn x(&self) -> C::Base {
        self.x
    }

    /// The y coordinate (zero for the identity).
    pub fn y(&self) -> C::Base {
        self.y
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> Choice {
        self.x.is_zero() & self.y.is_zero()
    }

    /// Whether the point satisfies the curve equation (the identity does).
    pub fn is_on_curve(&self) -> Choice {
        let lhs = self.y.square();
        let rhs = self.x.square().mul(&self.x).add(&C::B);
        lhs.ct_eq(&rhs) | self.is_identity()
    }

    /// `-self`.
    pub fn neg(&self) -> Self {
        let y = C::Base::conditional_select(&self.y.neg(), &C::Base::ZERO, self.is_identity());
        Self::from_raw(self.x, y)
    }

    /// `self + rhs` in affine coordinates with one variable-time
    /// inversion, for public points (any points of the curve, in the
    /// subgroup or not): the chord l = (y2 - y1) / (x2 - x1), or the
    /// tangent l = 3 x1^2 / (2 y1) when the points are equal, then
    /// x3 = l^2 - x1 - x2, y3 = l (x1 - x3) - y1; opposite points give the
    /// identity, and the identity on either side the other point. (No
    /// point of either curve has y = 0: their groups have odd order.)
    /// Cheaper than a projective sum and its conversion to affine when
    /// the result is wanted affine, e.g. a precompile's output.
    pub fn add_vartime(&self, rhs: &Self) -> Self {
        if bool::from(self.is_identity()) {
            return *rhs;
        }
        if bool::from(rhs.is_identity()) {
            return *self;
        }
        let (num, den) = if bool::from(self.x.ct_eq(&rhs.x)) {
            if !bool::from(self.y.ct_eq(&rhs.y)) {
                return Self::identity();
            }
            let xx = self.x.square();
            (xx.double().add(&xx), self.y.double())
        } else {
            (rhs.y.sub(&self.y), rhs.x.sub(&self.x))
        };
        // den != 0: x1 != x2, or y1 != 0.
        let l = num.mul(&den.invert_vartime().unwrap_or(C::Base::ZERO));
        let x3 = l.square().sub(&self.x).sub(&rhs.x);
        let y3 = l.mul(&self.x.sub(&x3)).sub(&self.y);
        Self::from_raw(x3, y3)
    }

    /// The point (x, y) after checking that it lies on the curve, without
    /// the subgroup check (the caller vouches for it).
    pub fn from_xy_unchecked(x: C::Base, y: C::Base) -> CtOption<Self> {
        let p = Self::from_raw(x, y);
        CtOption::new(p, p.is_on_curve())
    }

    /// `self |= other` limb by limb if `choice` is set (else unchanged), in
    /// constant time: one mask for the whole point, the limbs ANDed and
    /// ORed in a loop the compiler vectorises (a table scan OR-ing into
    /// the all-zero identity made scalar multiplication faster than
    /// per-limb selections).
    #[inline(always)]
    pub(crate) fn or_assign_if(&mut self, other: &Self, choice: Choice) {
        let mask = 0u64.wrapping_sub(u64::from(choice.unwrap_u8()));
        let n = core::mem::size_of::<Self>() / 8;
        // SAFETY: Affine is repr(C) over two C::Base, which is Fp
        // (repr(transparent) over [u64; 6]) or Fp2 (repr(C) over two Fp; the
        // trait is sealed): n u64 limbs, no padding, and every bit pattern
        // is a valid value. `self` and `other` are distinct (`&mut` / `&`).
        let (dst, src) = unsafe {
            (
                core::slice::from_raw_parts_mut(self as *mut Self as *mut u64, n),
                core::slice::from_raw_parts(other as *const Self as *const u64, n),
            )
        };
        for (d, s) in dst.iter_mut().zip(src) {
            *d |= s & mask;
        }
    }

    /// The same point in Jacobian coordinates.
    pub fn to_projective(&self) -> Jacobian<C> {
        Jacobian::from(*self)
    }
}

impl<C: Curve> Jacobian<C> {
    /// The point (X, Y, Z) as given: no check (crate use and tests).
    pub(crate) const fn from_raw(x: C::Base, y: C::Base, z: C::Base) -> Self {
        Jacobian { x, y, z, _curve: PhantomData }
    }

    /// The identity (point at infinity).
    pub const fn identity() -> Self {
        Self::from_raw(C::Base::ONE, C::Base::ONE, C::Base::ZERO)
    }

    /// The standard generator of the group.
    pub const fn generator() -> Self {
        Self::from_raw(C::GENERATOR_X, C::GENERATOR_Y, C::Base::ONE)
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> Choice {
        self.z.is_zero()
    }

    /// Whether the point satisfies Y^2 = X^3 + b Z^6 (the identity does).
    pub fn is_on_curve(&self) -> Choice {
        let z2 = self.z.square();
        let z6 = z2.square().mul(&z2);
        let lhs = self.y.square();
        let rhs = self.x.square().mul(&self.x).add(&z6.mul(&C::B));
        lhs.ct_eq(&rhs) | self.is_identity()
    }

    /// `-self`.
    pub fn neg(&self) -> Self {
        Self::from_raw(self.x, self.y.neg(), self.z)
    }

    /// `2 * self`, correct for the identity too (Z = 0 stays 0). The
    /// curve may supply its own formula (G1 does: `g1.rs`); otherwise
    /// the generic formula (`double_generic`).
    pub fn double(&self) -> Self {
        C::double(self)
    }

    /// `2^n * self`: `n` doublings, one after the other.
    pub(crate) fn double_n(&self, n: u32) -> Self {
        let mut q = *self;
        for _ in 0..n {
            q = q.double();
        }
        q
    }

    /// `2 * self` by the generic formula, correct for the identity too.
    ///
    /// dbl-2009-l with D = 2((X + B)^2 - A - C) computed as 4 X B and
    /// 8C = 2 (2B)^2: 3M + 4S and 11 additions (instead of 2M + 5S and 14),
    /// cheaper here since an addition costs about a seventh of a product.
    pub(crate) fn double_generic(&self) -> Self {
        let a = self.x.square();
        let b = self.y.square();
        let d = self.x.mul(&b).double().double();
        let e = a.double().add(&a);
        let f = e.square();
        let x3 = f.sub(&d.double());
        let c4 = b.double().square();
        let y3 = e.mul(&d.sub(&x3)).sub(&c4.double());
        let z3 = self.y.mul(&self.z).double();
        Self::from_raw(x3, y3, z3)
    }

    /// `self + rhs`, complete and constant time.
    pub fn add(&self, rhs: &Self) -> Self {
        common_denominator!(self, rhs => u1, u2, s1, s2);
        let h = u2.sub(&u1);
        let r = s2.sub(&s1);
        let z1z2 = self.z.mul(&rhs.z);
        let sum = Self::finish_add(&u1, &s1, &h, &r, &z1z2);
        let sum = Self::conditional_select(&sum, rhs, self.is_identity());
        Self::conditional_select(&sum, self, rhs.is_identity())
    }

    /// `self + rhs` for an affine `rhs` (mixed addition), complete and
    /// constant time.
    pub fn add_affine(&self, rhs: &Affine<C>) -> Self {
        let z1z1 = self.z.square();
        let u2 = rhs.x.mul(&z1z1);
        let s2 = rhs.y.mul(&self.z).mul(&z1z1);
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y);
        let sum = Self::finish_add(&self.x, &self.y, &h, &r, &self.z);
        let sum = Self::conditional_select(&sum, &Jacobian::from(*rhs), self.is_identity());
        Self::conditional_select(&sum, self, rhs.is_identity())
    }

    /// `self + (x2, y2)` for an affine point (x2, y2) of the curve `self`
    /// lives on, incomplete: madd-2004-hmv on the shared field operations
    /// (`formulas::add_xy_with`, which states the formula and the cases where
    /// the sum is wrong). Returns H and R with the sum. Constant time.
    #[inline(always)]
    pub(crate) fn add_affine_incomplete(&self, x2: &C::Base, y2: &C::Base) -> (Self, C::Base, C::Base) {
        super::formulas::add_xy_with(&super::formulas::Shared, self, x2, y2)
    }

    /// `self + (x2, y2)` for a non-identity affine point (x2, y2),
    /// complete, in variable time (public points only): the curve's
    /// [`Curve::add_xy_vartime`].
    #[inline(always)]
    pub(crate) fn add_xy_vartime(&self, x2: &C::Base, y2: &C::Base) -> Self {
        C::add_xy_vartime(self, x2, y2)
    }

    /// [`Jacobian::add_xy_vartime`] on the shared field operations
    /// (`formulas::add_xy_vartime_with`: the exceptional cases by branching).
    #[inline]
    pub(crate) fn add_xy_vartime_generic(&self, x2: &C::Base, y2: &C::Base) -> Self {
        super::formulas::add_xy_vartime_with(&super::formulas::Shared, self, x2, y2, |p| p.double())
    }

    /// The common tail of [`Jacobian::add`] and [`Jacobian::add_affine`].
    ///
    /// With U1 = X1 Z2^2, S1 = Y1 Z2^3, H = U2 - U1, R = S2 - S1, the sum
    /// is X3 = R^2 - H^3 - 2 U1 H^2, Y3 = R (U1 H^2 - X3) - S1 H^3,
    /// Z3 = Z1 Z2 H (Y3 as one double-width difference, one reduction).
    /// When H = R = 0 the points are equal and the chord is
    /// replaced by the tangent: H' = 2 S1, R' = 3 U1^2 give the same slope
    /// R' / (H' Z1 Z2), and the H^3 term of X3 (which stood for
    /// H^2 (U2 - U1)) becomes 0. If P = -Q then H = 0, R != 0, and Z3 = 0.
    #[inline(always)]
    fn finish_add(u1: &C::Base, s1: &C::Base, h: &C::Base, r: &C::Base, z1z2: &C::Base) -> Self {
        let is_double = h.is_zero() & r.is_zero();
        let u1u1 = u1.square();
        let h = C::Base::conditional_select(h, &s1.double(), is_double);
        let r = C::Base::conditional_select(r, &u1u1.double().add(&u1u1), is_double);
        let hh = h.square();
        let hhh = h.mul(&hh);
        let v = u1.mul(&hh);
        let h_cubed_term = C::Base::conditional_select(&hhh, &C::Base::ZERO, is_double);
        let x3 = r.square().sub(&h_cubed_term).sub(&v.double());
        let y3 = r.mul_sub_mul(&v.sub(&x3), s1, &hhh);
        let z3 = z1z2.mul(&h);
        Self::from_raw(x3, y3, z3)
    }

    /// `self - rhs`.
    pub fn sub(&self, rhs: &Self) -> Self {
        self.add(&rhs.neg())
    }

    /// The affine form (one inversion; constant time).
    pub fn to_affine(&self) -> Affine<C> {
        // The identity has no inverse of Z: zinv = 0 maps it to (0, 0).
        let zinv = self.z.invert().unwrap_or(C::Base::ZERO);
        let zinv2 = zinv.square();
        Affine::from_raw(self.x.mul(&zinv2), self.y.mul(&zinv2).mul(&zinv))
    }

    /// The affine form with a variable-time inversion: for public points
    /// (outputs of variable-time operations, a precompile's result).
    pub fn to_affine_vartime(&self) -> Affine<C> {
        let Some(zinv) = self.z.invert_vartime() else {
            return Affine::identity();
        };
        let zinv2 = zinv.square();
        Affine::from_raw(self.x.mul(&zinv2), self.y.mul(&zinv2).mul(&zinv))
    }

    /// The affine forms of many points with a single inversion
    /// (Montgomery's trick); identities map to the affine identity.
    pub fn batch_normalize(points: &[Self]) -> Vec<Affine<C>> {
        // prefix[i] = product of the nonzero Z of points[..i] (zero Z counts as 1).
        let mut prefix = Vec::with_capacity(points.len());
        let mut acc = C::Base::ONE;
        for p in points {
            prefix.push(acc);
            let z = C::Base::conditional_select(&p.z, &C::Base::ONE, p.is_identity());
            acc = acc.mul(&z);
        }
        // acc is a product of nonzero values, hence invertible.
        let mut inv = acc.invert().unwrap_or(C::Base::ZERO);
        let mut out = vec![Affine::identity(); points.len()];
        for (i, p) in points.iter().enumerate().rev() {
            let z = C::Base::conditional_select(&p.z, &C::Base::ONE, p.is_identity());
            let zinv = inv.mul(&prefix[i]);
            inv = inv.mul(&z);
            let zinv2 = zinv.square();
            let a = Affine::from_raw(p.x.mul(&zinv2), p.y.mul(&zinv2).mul(&zinv));
            out[i] = Affine::conditional_select(&a, &Affine::identity(), p.is_identity());
        }
        out
    }

    /// `k * self` for a public multiplier `k` given as little-endian limbs
    /// (cofactors, the group order, the curve seed): plain double-and-add,
    /// variable time in `k`.
    pub fn mul_limbs_vartime(&self, k: &[u64]) -> Self {
        let mut acc = Self::identity();
        for limb in k.iter().rev() {
            for i in (0..64).rev() {
                acc = acc.double();
                if (limb >> i) & 1 == 1 {
                    acc = acc.add(self);
                }
            }
        }
        acc
    }

    /// `s * self`, constant time: GLV with the endomorphism sigma on G1,
    /// four-dimensional GLS with psi on G2, signed 5-bit windows (see
    /// `curve/mul_ct.rs`). For points of the prime-order subgroup (the result
    /// is not `s * self` for points outside it).
    pub fn mul(&self, s: &Fr) -> Self {
        C::mul_ct(self, s)
    }

    /// `s * self` in variable time (GLV / GLS with width-5 NAF): the time
    /// depends on `s` and `self`, so only for public scalars. Same domain
    /// as [`Jacobian::mul`].
    pub fn mul_vartime(&self, s: &Fr) -> Self {
        C::mul_vartime(self, s)
    }

    /// `k * self` for a little-endian integer `k` of any length, reduced
    /// mod r first (never truncated); constant time in the value of `k`.
    pub fn mul_bytes(&self, k: &[u8]) -> Self {
        self.mul(&Fr::from_le_bytes_reduced(k))
    }

    /// Whether the point lies in the order-r subgroup (Scott's endomorphism
    /// test: sigma(P) = \[-z^2\]P on G1, psi(P) = \[z\]P on G2; see
    /// `curve/subgroup.rs`). Constant time. The point must be on the curve.
    pub fn is_torsion_free(&self) -> Choice {
        C::is_torsion_free(self)
    }

    /// A uniformly random point of the group (`s * generator` for a random
    /// scalar `s`).
    pub fn random(rng: &mut impl rand_core::RngCore) -> Self {
        Self::generator().mul(&Fr::random(rng))
    }
}

impl<C: Curve> Affine<C> {
    /// Whether the point lies in the order-r subgroup (see
    /// [`Jacobian::is_torsion_free`]). Constant time.
    pub fn is_torsion_free(&self) -> Choice {
        Jacobian::from(*self).is_torsion_free()
    }
}

impl<C: Curve> From<Affine<C>> for Jacobian<C> {
    fn from(p: Affine<C>) -> Self {
        let j = Jacobian::from_raw(p.x, p.y, C::Base::ONE);
        Jacobian::conditional_select(&j, &Jacobian::identity(), p.is_identity())
    }
}

impl<C: Curve> From<Jacobian<C>> for Affine<C> {
    fn from(p: Jacobian<C>) -> Self {
        p.to_affine()
    }
}

impl<C: Curve> ConditionallySelectable for Affine<C> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Affine::from_raw(
            C::Base::conditional_select(&a.x, &b.x, choice),
            C::Base::conditional_select(&a.y, &b.y, choice),
        )
    }
}

impl<C: Curve> ConditionallySelectable for Jacobian<C> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Jacobian::from_raw(
            C::Base::conditional_select(&a.x, &b.x, choice),
            C::Base::conditional_select(&a.y, &b.y, choice),
            C::Base::conditional_select(&a.z, &b.z, choice),
        )
    }
}

impl<C: Curve> ConstantTimeEq for Affine<C> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.x.ct_eq(&other.x) & self.y.ct_eq(&other.y)
    }
}

impl<C: Curve> ConstantTimeEq for Jacobian<C> {
    /// Equal as group elements (X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3, or
    /// both the identity).
    fn ct_eq(&self, other: &Self) -> Choice {
        let z1z1 = self.z.square();
        let z2z2 = other.z.square();
        let x_eq = self.x.mul(&z2z2).ct_eq(&other.x.mul(&z1z1));
        let y_eq = self.y.mul(&z2z2).mul(&other.z).ct_eq(&other.y.mul(&z1z1).mul(&self.z));
        let (i1, i2) = (self.is_identity(), other.is_identity());
        (i1 & i2) | (!i1 & !i2 & x_eq & y_eq)
    }
}

impl<C: Curve> PartialEq for Affine<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: Curve> Eq for Affine<C> {}

impl<C: Curve> PartialEq for Jacobian<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: Curve> Eq for Jacobian<C> {}

impl<C: Curve> Default for Affine<C> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<C: Curve> Default for Jacobian<C> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<C: Curve> fmt::Debug for Affine<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if bool::from(self.is_identity()) {
            write!(f, "{}Affine(identity)", C::NAME)
        } else {
            write!(f, "{}Affine(x = {:?}, y = {:?})", C::NAME, self.x, self.y)
        }
    }
}

impl<C: Curve> fmt::Debug for Jacobian<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_affine(), f)
    }
}

macro_rules! impl_point_ops {
    () => {
        impl<C: Curve> core::ops::Add for Jacobian<C> {
            type Output = Jacobian<C>;
            fn add(self, rhs: Jacobian<C>) -> Jacobian<C> {
                Jacobian::add(&self, &rhs)
            }
        }
        impl<C: Curve> core::ops::Add<Affine<C>> for Jacobian<C> {
            type Output = Jacobian<C>;
            fn add(self, rhs: Affine<C>) -> Jacobian<C> {
                Jacobian::add_affine(&self, &rhs)
            }
        }
        impl<C: Curve> core::ops::Sub for Jacobian<C> {
            type Output = Jacobian<C>;
            fn sub(self, rhs: Jacobian<C>) -> Jacobian<C> {
                Jacobian::sub(&self, &rhs)
            }
        }
        impl<C: Curve> core::ops::Neg for Jacobian<C> {
            type Output = Jacobian<C>;
            fn neg(self) -> Jacobian<C> {
                Jacobian::neg(&self)
            }
        }
        impl<C: Curve> core::ops::Neg for Affine<C> {
            type Output = Affine<C>;
            fn neg(self) -> Affine<C> {
                Affine::neg(&self)
            }
        }
        impl<C: Curve> core::ops::AddAssign for Jacobian<C> {
            fn add_assign(&mut self, rhs: Jacobian<C>) {
                *self = Jacobian::add(self, &rhs);
            }
        }
        impl<C: Curve> core::ops::SubAssign for Jacobian<C> {
            fn sub_assign(&mut self, rhs: Jacobian<C>) {
                *self = Jacobian::sub(self, &rhs);
            }
        }
        impl<C: Curve> core::ops::Mul<Fr> for Jacobian<C> {
            type Output = Jacobian<C>;
            fn mul(self, rhs: Fr) -> Jacobian<C> {
                Jacobian::mul(&self, &rhs)
            }
        }
    };
}
impl_point_ops!();

#[cfg(test)]
mod tests {
    use crate::curve::{G1Affine, G1Projective, G2Projective};
    use crate::field::Fr;

    #[test]
    fn group_laws_small() {
        let g = G1Projective::generator();
        let id = G1Projective::identity();
        assert_eq!(g.add(&id), g);
        assert_eq!(id.add(&g), g);
        assert_eq!(g.add(&g), g.double());
        assert!(bool::from(g.add(&g.neg()).is_identity()));
        assert_eq!(g.double().add(&g), g.add(&g.double()));
        let ga = G1Affine::generator();
        assert_eq!(g.add_affine(&ga), g.double());
        assert_eq!(id.add_affine(&ga), g);
        assert_eq!(g.add_affine(&G1Affine::identity()), g);
        assert!(bool::from(g.add_affine(&ga.neg()).is_identity()));
        assert!(bool::from(g.is_torsion_free()));
        assert!(bool::from(G2Projective::generator().is_torsion_free()));
        let three = Fr::from_u64(3);
        assert_eq!(g.mul(&three), g.double().add(&g));
        let pts = [g, id, g.double(), id];
        let aff = G1Projective::batch_normalize(&pts);
        for (p, a) in pts.iter().zip(aff.iter()) {
            assert_eq!(p.to_affine(), *a);
        }
    }
}
