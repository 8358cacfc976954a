//! The doubling and the mixed addition of y^2 = x^3 + b over pluggable
//! field operations ([`FieldOps`]): the shared out-of-line ones
//! ([`Shared`], the constant-time `G1::double`/`G2::double`) or, for G1,
//! the x86_64 kernels of Fp inlined into one function ([`FpAdx`], from
//! `field::direct`) for the runs of doublings and the additions of the
//! variable-time chains (cofactor clearing, MSM, Straus, GLV): no call and
//! no backend check per field operation.
//!
//! One formula per operation serves both curves and both kinds of
//! operations: `G1::double` / `G2::double`, [`Jacobian::add_affine_incomplete`]
//! and the generic variable-time addition are these formulas on
//! [`Shared`], so the inlined runs compute exactly what they compute.

use super::{BaseField, Curve, Jacobian};
#[cfg(target_arch = "x86_64")]
use crate::field::{direct::FpAdx, Fp};

/// The field operations of [`double_with`] and [`add_xy_with`].
pub(super) trait FieldOps<F> {
    fn mul(&self, a: &F, b: &F) -> F;
    fn sqr(&self, a: &F) -> F;
    /// `a^2` with coefficients below `2p` (not fully reduced): only to feed
    /// products.
    fn sqr_lazy(&self, a: &F) -> F;
    fn half(&self, a: &F) -> F;
    fn add(&self, a: &F, b: &F) -> F;
    fn sub(&self, a: &F, b: &F) -> F;
    /// `e m - b^2` for `e, m` reduced and `b` below `2p`: both products at
    /// double width, one modular subtraction at double width, one
    /// Montgomery reduction per coefficient (instead of two).
    fn mul_sub_sqr(&self, e: &F, m: &F, b: &F) -> F;
    /// `a b - c d` for reduced inputs, with one reduction per coefficient.
    fn mul_sub_mul(&self, a: &F, b: &F, c: &F, d: &F) -> F;
}

/// `2 p` (any p; the identity stays the identity), scaled by lambda = 1/2:
/// the generic formula (A = X^2, B = Y^2, E = 3 A, X3 = E^2 - 8 X B,
/// Y3 = E (4 X B - X3) - 8 B^2, Z3 = 2 Y Z) gives (X3 / 4, Y3 / 8, Z3 / 2)
/// scaled by 1/2, returned instead: with D = X B and E' = 3 A / 2 =
/// A + A / 2, X' = E'^2 - 2 D, Y' = E' (D - X') - B^2, Z' = Y Z (3M + 3S;
/// the constants cost one halving instead of five doublings). Y' as one
/// double-width difference and one reduction
/// ([`FieldOps::mul_sub_sqr`]). B only feeds products, so it may stay below
/// 2p: `X B` takes inputs below 2p, and `B^2 < 4 p^2 < p 2^384` is a valid
/// operand of the double-width difference.
#[inline(always)]
pub(super) fn double_with<C: Curve>(o: &impl FieldOps<C::Base>, p: &Jacobian<C>) -> Jacobian<C> {
    let a = o.sqr(&p.x);
    let b = o.sqr_lazy(&p.y);
    let d = o.mul(&p.x, &b);
    let e = o.add(&o.half(&a), &a);
    let x3 = o.sub(&o.sqr(&e), &o.add(&d, &d));
    let y3 = o.mul_sub_sqr(&e, &o.sub(&d, &x3), &b);
    let z3 = o.mul(&p.y, &p.z);
    Jacobian::from_raw(x3, y3, z3)
}

/// `p + (x2, y2)` for an affine point (x2, y2) of the curve `p` lives on,
/// incomplete: madd-2004-hmv, U2 = x2 Z1^2, S2 = y2 Z1^3, H = U2 - X1,
/// R = S2 - Y1, X3 = R^2 - H^3 - 2 X1 H^2, Y3 = R (X1 H^2 - X3) - Y1 H^3
/// (one double-width difference, one reduction), Z3 = Z1 H: 8M + 3S and
/// 6 additions (madd-2007-bl's 7M + 4S with 13 additions measured slower
/// here); Z1^2 and H^2 may stay below 2p (they only feed products).
/// Returns H and R with the sum, for the callers' exceptional cases: the
/// sum is wrong when `p` is the identity and when the points are equal
/// (H = R = 0); opposite points (H = 0, R != 0) give Z3 = 0, the identity,
/// as they should. Constant time.
#[inline(always)]
pub(super) fn add_xy_with<C: Curve>(
    o: &impl FieldOps<C::Base>,
    p: &Jacobian<C>,
    x2: &C::Base,
    y2: &C::Base,
) -> (Jacobian<C>, C::Base, C::Base) {
    let z1z1 = o.sqr_lazy(&p.z);
    let u2 = o.mul(x2, &z1z1);
    let s2 = o.mul(&o.mul(y2, &p.z), &z1z1);
    let h = o.sub(&u2, &p.x);
    let r = o.sub(&s2, &p.y);
    let hh = o.sqr_lazy(&h);
    let hhh = o.mul(&h, &hh);
    let v = o.mul(&p.x, &hh);
    let x3 = o.sub(&o.sub(&o.sqr(&r), &hhh), &o.add(&v, &v));
    let y3 = o.mul_sub_mul(&r, &o.sub(&v, &x3), &p.y, &hhh);
    let z3 = o.mul(&p.z, &h);
    (Jacobian::from_raw(x3, y3, z3), h, r)
}

/// `p + (x2, y2)` for a finite affine point (x2, y2), complete, in variable
/// time: [`add_xy_with`] with the exceptional cases by branching (rare, so
/// tested after it): the identity plus a point, and equal points (the
/// doubling `double`).
#[inline(always)]
pub(super) fn add_xy_vartime_with<C: Curve>(
    o: &impl FieldOps<C::Base>,
    p: &Jacobian<C>,
    x2: &C::Base,
    y2: &C::Base,
    double: impl Fn(&Jacobian<C>) -> Jacobian<C>,
) -> Jacobian<C> {
    if bool::from(p.is_identity()) {
        return Jacobian::from_raw(*x2, *y2, C::Base::ONE);
    }
    let (sum, h, r) = add_xy_with(o, p, x2, y2);
    if bool::from(h.is_zero() & r.is_zero()) {
        return double(p);
    }
    sum
}

/// `2^n p` by [`double_with`] on `o`, in one loop.
#[inline(always)]
pub(super) fn double_n_with<C: Curve>(o: &impl FieldOps<C::Base>, p: &Jacobian<C>, n: u32) -> Jacobian<C> {
    let mut q = *p;
    for _ in 0..n {
        q = double_with(o, &q);
    }
    q
}

/// The shared field operations, [`BaseField`]'s (the generic point code's):
/// products out of line (the doubling runs inside long loops where inlined
/// product kernels would crowd the instruction cache), additions inline
/// (the doubling's additions as calls were slower: G1 double, G1 mul
/// vartime). `sqr_lazy` is the full square.
pub(super) struct Shared;

impl<F: BaseField> FieldOps<F> for Shared {
    #[inline(always)]
    fn mul(&self, a: &F, b: &F) -> F {
        a.mul(b)
    }
    #[inline(always)]
    fn sqr(&self, a: &F) -> F {
        a.square()
    }
    #[inline(always)]
    fn sqr_lazy(&self, a: &F) -> F {
        a.square()
    }
    #[inline(always)]
    fn half(&self, a: &F) -> F {
        a.half()
    }
    #[inline(always)]
    fn add(&self, a: &F, b: &F) -> F {
        a.add(b)
    }
    #[inline(always)]
    fn sub(&self, a: &F, b: &F) -> F {
        a.sub(b)
    }
    #[inline(always)]
    fn mul_sub_sqr(&self, e: &F, m: &F, b: &F) -> F {
        e.mul_sub_sqr(m, b)
    }
    #[inline(always)]
    fn mul_sub_mul(&self, a: &F, b: &F, c: &F, d: &F) -> F {
        a.mul_sub_mul(b, c, d)
    }
}

/// The x86_64 kernels of p called directly ([`FpAdx`]), for G1's runs:
/// every operation inlined into the formula's loop (Fp only: G2's Fp2
/// kernels inlined the same way measured no faster).
#[cfg(target_arch = "x86_64")]
impl FieldOps<Fp> for FpAdx {
    #[inline(always)]
    fn mul(&self, a: &Fp, b: &Fp) -> Fp {
        FpAdx::mul(self, a, b)
    }
    #[inline(always)]
    fn sqr(&self, a: &Fp) -> Fp {
        FpAdx::sqr(self, a)
    }
    #[inline(always)]
    fn sqr_lazy(&self, a: &Fp) -> Fp {
        FpAdx::sqr_lazy(self, a)
    }
    #[inline(always)]
    fn half(&self, a: &Fp) -> Fp {
        a.half_inline()
    }
    #[inline(always)]
    fn add(&self, a: &Fp, b: &Fp) -> Fp {
        FpAdx::add(self, a, b)
    }
    #[inline(always)]
    fn sub(&self, a: &Fp, b: &Fp) -> Fp {
        FpAdx::sub(self, a, b)
    }
    #[inline(always)]
    fn mul_sub_sqr(&self, e: &Fp, m: &Fp, b: &Fp) -> Fp {
        FpAdx::mul_sub_sqr(self, e, m, b)
    }
    #[inline(always)]
    fn mul_sub_mul(&self, a: &Fp, b: &Fp, c: &Fp, d: &Fp) -> Fp {
        FpAdx::mul_sub_mul(self, a, b, c, d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::{G1Projective, G2Projective};
    use crate::field::{Fp, Fp2};
    use rand::SeedableRng;

    /// Points of E inside and outside the group (the maps' outputs), with
    /// Z != 1, and the identity.
    fn points<C: Curve>(map: impl Fn(&mut rand_chacha::ChaCha20Rng) -> Jacobian<C>) -> Vec<Jacobian<C>> {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(31);
        let mut v = vec![Jacobian::<C>::identity(), Jacobian::<C>::generator().double()];
        for _ in 0..8 {
            v.push(map(&mut rng));
            v.push(Jacobian::<C>::random(&mut rng).double());
        }
        v
    }

    /// Runs of doublings and the variable-time addition on `o` against
    /// point.rs's generic doubling and complete addition: random sums,
    /// equal points, opposite points, the identity on either side.
    fn check<C: Curve>(o: &impl FieldOps<C::Base>, pts: &[Jacobian<C>]) {
        for (i, p) in pts.iter().enumerate() {
            let mut want = *p;
            for n in 0..12 {
                assert_eq!(double_n_with(o, p, n), want, "n = {n}");
                want = want.double_generic();
            }
            let q = pts[(i + 3) % pts.len()];
            if bool::from(q.is_identity()) {
                continue;
            }
            let qa = q.to_affine();
            let add =
                |p: &Jacobian<C>, x: &C::Base, y: &C::Base| add_xy_vartime_with(o, p, x, y, |p| p.double_generic());
            assert_eq!(add(p, &qa.x, &qa.y), p.add(&q));
            assert_eq!(add(&q, &qa.x, &qa.y), q.double());
            assert!(bool::from(add(&q, &qa.x, &qa.y.neg()).is_identity()));
            assert_eq!(add(&Jacobian::identity(), &qa.x, &qa.y), q);
        }
    }

    #[test]
    fn formulas_on_every_set_of_operations() {
        let g1 = points(|r| G1Projective::map_to_curve(&Fp::random(r)));
        let g2 = points(|r| G2Projective::map_to_curve(&Fp2::random(r)));
        check(&Shared, &g1);
        check(&Shared, &g2);
        #[cfg(target_arch = "x86_64")]
        if let Some(o) = FpAdx::new() {
            check(&o, &g1);
        }
    }
}
