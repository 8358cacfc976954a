//! G1: the order-r subgroup of y^2 = x^3 + 4 over Fp.

use super::{Affine, BaseField, Curve, Jacobian};
use crate::field::{Fp, Fr};

/// Marker type for the curve E1: y^2 = x^3 + 4 over Fp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum G1 {}

/// A point of G1 in affine coordinates.
pub type G1Affine = Affine<G1>;
/// A point of G1 in Jacobian coordinates (the form arithmetic works in).
pub type G1Projective = Jacobian<G1>;

impl Curve for G1 {
    type Base = Fp;
    /// b = 4.
    const B: Fp = Fp::from_montgomery([
        0xaa27_0000_000c_fff3,
        0x53cc_0032_fc34_000a,
        0x478f_e97a_6b0a_807f,
        0xb1d3_7ebe_e6ba_24d7,
        0x8ec9_733b_bf78_ab2f,
        0x09d6_4551_3d83_de7e,
    ]);
    /// x = 0x17f1d3a7...db22c6bb (the standard generator).
    const GENERATOR_X: Fp = Fp::from_montgomery([
        0x5cb3_8790_fd53_0c16,
        0x7817_fc67_9976_fff5,
        0x154f_95c7_143b_a1c1,
        0xf0ae_6acd_f3d0_e747,
        0xedce_6ecc_21db_f440,
        0x1201_7741_9e0b_fb75,
    ]);
    /// y = 0x08b3f481...46c5e7e1.
    const GENERATOR_Y: Fp = Fp::from_montgomery([
        0xbaac_93d5_0ce7_2271,
        0x8c22_631a_7918_fd8e,
        0xdd59_5f13_5707_25ce,
        0x51ac_5829_5040_5194,
        0x0e1c_8c3f_ad00_59c0,
        0x0bbc_3efc_5008_a26a,
    ]);
    const NAME: &'static str = "G1";
    curve_hooks!(G1Projective, g1_mul, g1_mul_vartime, g1_is_torsion_free, g1_double);
    fn double_n_vartime(p: &G1Projective, n: u32) -> G1Projective {
        g1_double_n(p, n)
    }
    fn add_xy_vartime(p: &G1Projective, x2: &Fp, y2: &Fp) -> G1Projective {
        g1_add_xy_vartime(p, x2, y2)
    }
    const ENDO_PARTS: usize = 2;
    const ENDO_BITS: u32 = 128;
    endo_hooks!(G1Affine, g1_endo_split, g1_endo_images);
}

/// The field operations of the doubling and addition formulas
/// ([`double_with`], [`add_xy_with`]): the shared out-of-line ones
/// ([`Shared`]) or, for runs of doublings and the variable-time additions,
/// the x86_64 kernels inlined ([`Adx`]).
trait FieldOps {
    fn mul(&self, a: &Fp, b: &Fp) -> Fp;
    fn sqr(&self, a: &Fp) -> Fp;
    /// `a^2` below `2p` (not fully reduced): only to feed products.
    fn sqr_lazy(&self, a: &Fp) -> Fp;
    fn half(&self, a: &Fp) -> Fp;
    fn add(&self, a: &Fp, b: &Fp) -> Fp;
    fn sub(&self, a: &Fp, b: &Fp) -> Fp;
    /// `e m - b^2` for `e, m, b < p`: both products at double width (below
    /// `p^2`), one modular subtraction at double width, one Montgomery
    /// reduction (instead of two).
    fn mul_sub_sqr(&self, e: &Fp, m: &Fp, b: &Fp) -> Fp;
    /// `a b - c d` for `a, b, c, d < p`, with one reduction.
    fn mul_sub_mul(&self, a: &Fp, b: &Fp, c: &Fp, d: &Fp) -> Fp;
}

/// Products out of line (the shared copies the generic point code calls):
/// the doubling runs inside long loops where inlined product kernels would
/// crowd the instruction cache. Additions inline (Fp's own short kernels):
/// the doubling's nine additions as calls were slower (G1 double, G1 mul
/// vartime).
struct Shared;

impl FieldOps for Shared {
    #[inline(always)]
    fn mul(&self, a: &Fp, b: &Fp) -> Fp {
        BaseField::mul(a, b)
    }
    #[inline(always)]
    fn sqr(&self, a: &Fp) -> Fp {
        BaseField::square(a)
    }
    #[inline(always)]
    fn sqr_lazy(&self, a: &Fp) -> Fp {
        BaseField::square(a)
    }
    #[inline(always)]
    fn half(&self, a: &Fp) -> Fp {
        a.half()
    }
    #[inline(always)]
    fn add(&self, a: &Fp, b: &Fp) -> Fp {
        Fp::add(a, b)
    }
    #[inline(always)]
    fn sub(&self, a: &Fp, b: &Fp) -> Fp {
        Fp::sub(a, b)
    }
    #[inline(always)]
    fn mul_sub_sqr(&self, e: &Fp, m: &Fp, b: &Fp) -> Fp {
        mul_sub_sqr(e, m, b)
    }
    #[inline(always)]
    fn mul_sub_mul(&self, a: &Fp, b: &Fp, c: &Fp, d: &Fp) -> Fp {
        a.mul_sub_mul(b, c, d)
    }
}

#[inline(never)]
fn mul_sub_sqr(e: &Fp, m: &Fp, b: &Fp) -> Fp {
    e.mul_sub_mul(m, b, b)
}

/// `2 p` on E1 (any p; the identity stays the identity), scaled by
/// lambda = 1/2 as on G2 (`g2.rs`): with A = X^2, B = Y^2, D = X B and
/// E' = 3 A / 2 = A + A / 2, X' = E'^2 - 2 D, Y' = E' (D - X') - B^2,
/// Z' = Y Z (3M + 3S), the point (X3 / 4, Y3 / 8, Z3 / 2) of the generic
/// formula. Y' as one double-width difference and one reduction
/// ([`FieldOps::mul_sub_sqr`]). B only feeds products, so it may stay
/// below 2p: `X B` takes inputs below 2p, and `B^2 < 4 p^2 < p 2^384`
/// is a valid operand of the double-width difference (and `2p < 2^383`
/// one of the full square, `sqr_384`, on x86_64).
#[inline(always)]
fn double_with(o: &impl FieldOps, p: &G1Projective) -> G1Projective {
    let a = o.sqr(&p.x);
    let b = o.sqr_lazy(&p.y);
    let d = o.mul(&p.x, &b);
    let e = o.add(&o.half(&a), &a);
    let x3 = o.sub(&o.sqr(&e), &o.add(&d, &d));
    let y3 = o.mul_sub_sqr(&e, &o.sub(&d, &x3), &b);
    let z3 = o.mul(&p.y, &p.z);
    Jacobian::from_raw(x3, y3, z3)
}

/// [`double_with`] on the shared field operations.
#[inline(never)]
fn g1_double(p: &G1Projective) -> G1Projective {
    double_with(&Shared, p)
}

/// `2^n p`: `n` doublings. With the x86_64 kernels, the run is one function
/// with the kernels inlined (no call or backend check per operation; a
/// doubling loop alone fits the instruction cache). Constant time, like
/// [`g1_double`], but reached only from the variable-time chains
/// (`Curve::double_n_vartime`), so the secret paths keep the code the
/// constant-time check covers.
#[inline(never)]
fn g1_double_n(p: &G1Projective, n: u32) -> G1Projective {
    #[cfg(target_arch = "x86_64")]
    if crate::arith::use_adx() {
        let (o, mut q) = (Adx(()), *p);
        for _ in 0..n {
            q = double_with(&o, &q);
        }
        return q;
    }
    p.double_n(n)
}

/// `p + (x2, y2)` for a finite affine point (x2, y2): madd-2004-hmv as in
/// [`Jacobian::add_affine_incomplete`] (8M + 3S; see there for the
/// formula), Z1^2 and H^2 left below 2p (they only feed products). Returns
/// H and R with the sum: it is wrong when `p` is the identity or when the
/// points are equal (H = R = 0), which the caller handles.
#[inline(always)]
fn add_xy_with(o: &impl FieldOps, p: &G1Projective, x2: &Fp, y2: &Fp) -> (G1Projective, Fp, Fp) {
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

/// [`Curve::add_xy_vartime`] of G1: with the x86_64 kernels, one function
/// with the kernels inlined ([`add_xy_with`]; no call or backend check per
/// field operation); the exceptional cases by branching.
#[inline(never)]
fn g1_add_xy_vartime(p: &G1Projective, x2: &Fp, y2: &Fp) -> G1Projective {
    #[cfg(target_arch = "x86_64")]
    if crate::arith::use_adx() {
        if bool::from(p.is_identity()) {
            return Jacobian::from_raw(*x2, *y2, Fp::ONE);
        }
        let (sum, h, r) = add_xy_with(&Adx(()), p, x2, y2);
        if bool::from(h.is_zero() & r.is_zero()) {
            return g1_double(p);
        }
        return sum;
    }
    p.add_xy_vartime_generic(x2, y2)
}

/// The x86_64 (ADX, BMI2) kernels of p, called directly. Only
/// [`g1_double_n`] and [`g1_add_xy_vartime`] build one, after `use_adx()`
/// said the CPU has them.
#[cfg(target_arch = "x86_64")]
struct Adx(());

#[cfg(target_arch = "x86_64")]
mod adx_ops {
    use super::{Adx, FieldOps, Fp};
    use crate::arith::params::fp::{INV, MODULUS};
    use crate::arith::x86_64 as k;

    // SAFETY (every block): an `Adx` exists only once `use_adx()` returned
    // true, that is, the CPU has ADX and BMI2.
    impl FieldOps for Adx {
        #[inline(always)]
        fn mul(&self, a: &Fp, b: &Fp) -> Fp {
            Fp(unsafe { k::mul_mont_384(&a.0, &b.0, &MODULUS, INV) })
        }
        #[inline(always)]
        fn sqr(&self, a: &Fp) -> Fp {
            Fp(unsafe { k::sqr_mont_384(&a.0, &MODULUS, INV) })
        }
        #[inline(always)]
        fn sqr_lazy(&self, a: &Fp) -> Fp {
            Fp(unsafe { k::sqr_mont_384_lazy(&a.0, &MODULUS, INV) })
        }
        #[inline(always)]
        fn half(&self, a: &Fp) -> Fp {
            a.half_inline()
        }
        #[inline(always)]
        fn add(&self, a: &Fp, b: &Fp) -> Fp {
            Fp(unsafe { k::add_mod_384(&a.0, &b.0, &MODULUS) })
        }
        #[inline(always)]
        fn sub(&self, a: &Fp, b: &Fp) -> Fp {
            Fp(unsafe { k::sub_mod_384(&a.0, &b.0, &MODULUS) })
        }
        #[inline(always)]
        fn mul_sub_sqr(&self, e: &Fp, m: &Fp, b: &Fp) -> Fp {
            unsafe {
                let mut t = k::mul_384(&e.0, &m.0);
                k::sub_mod_768_assign(&mut t, &k::sqr_384(&b.0), &MODULUS);
                Fp(k::redc_mont_384(&t, &MODULUS, INV))
            }
        }
        #[inline(always)]
        fn mul_sub_mul(&self, a: &Fp, b: &Fp, c: &Fp, d: &Fp) -> Fp {
            unsafe {
                let mut t = k::mul_384(&a.0, &b.0);
                k::sub_mod_768_assign(&mut t, &k::mul_384(&c.0, &d.0), &MODULUS);
                Fp(k::redc_mont_384(&t, &MODULUS, INV))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generator_is_on_curve() {
        assert!(bool::from(G1Affine::generator().is_on_curve()));
        assert!(bool::from(G1Projective::generator().is_on_curve()));
    }

    /// Runs of doublings (the inlined x86_64 kernels where the backend
    /// has them) against the generic doubling of point.rs, on points of
    /// E1 outside G1, in G1, and the identity.
    #[test]
    fn double_n_matches_generic_doubling() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(18);
        let outside = (0..8).map(|_| G1Projective::map_to_curve(&Fp::random(&mut rng))).collect::<Vec<_>>();
        let inside = (0..8).map(|_| G1Projective::random(&mut rng)).collect::<Vec<_>>();
        let edges = [G1Projective::identity(), G1Projective::generator()];
        for p in outside.iter().chain(&inside).chain(&edges) {
            let mut want = *p;
            for n in 0..20 {
                assert_eq!(G1::double_n_vartime(p, n), want, "n = {n}");
                want = want.double_generic();
            }
        }
    }

    /// The variable-time mixed addition (the inlined x86_64 kernels where
    /// the backend has them) against the complete Jacobian addition and
    /// the generic mixed one: random points of E1 inside and outside G1
    /// with Z != 1, and the exceptional cases (equal points, opposite
    /// points, the identity plus a point).
    #[test]
    fn add_xy_vartime_matches_generic_addition() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(19);
        let mut points = Vec::new();
        for _ in 0..16 {
            points.push(G1Projective::map_to_curve(&Fp::random(&mut rng)));
            points.push(G1Projective::random(&mut rng).double());
        }
        for (i, p) in points.iter().enumerate() {
            let q = points[(i + 5) % points.len()].to_affine();
            let want = p.add(&Jacobian::from(q));
            let got = G1::add_xy_vartime(p, &q.x, &q.y);
            assert_eq!(got, want);
            assert_eq!(got.to_affine(), p.add_xy_vartime_generic(&q.x, &q.y).to_affine());
            let pa = p.to_affine();
            assert_eq!(G1::add_xy_vartime(p, &pa.x, &pa.y), p.double());
            assert!(bool::from(G1::add_xy_vartime(p, &pa.x, &pa.y.neg()).is_identity()));
            assert_eq!(G1::add_xy_vartime(&G1Projective::identity(), &q.x, &q.y), Jacobian::from(q));
        }
    }
}
