//! The isogeny maps E1' -> E1 (degree 11) and E2' -> E2 (degree 3) of RFC
//! 9380 (appendix E.2 and E.3), evaluated on Jacobian points without
//! inversion.
//!
//! Both are evaluated through their kernel polynomials. The RFC's tables
//! have the structure of an isogeny of odd degree (checked by
//! `tools/hash_to_curve_constants.py`, which derives the tables used here
//! from them): x_den = h^2 and y_den = h^3 for the monic kernel polynomial
//! h (degree 5 for G1, 1 for G2), and y_num = c (x_num' h - 2 x_num h') for
//! a constant c (an isogeny pulls the invariant differential dx / 2y of E
//! back to a constant multiple of that of E', so its y map is
//! y x_map'(x) / c). So
//!
//!   x = x_num / h^2,   y = y' (C h + x_num D) / h^3
//!
//! with C = c x_num' and D = -2 c h': shorter polynomials than the RFC's
//! four (G1: 12, 6, 11 and 5 coefficients instead of 12, 11, 16 and 16),
//! homogenised on shared monomials of (X, W) for x' = X / W, each sum of
//! products with a single reduction. Points in the kernel (h = 0) and the
//! identity map to Z = 0, the identity.
//!
//! Constants: `isogeny_constants.rs` (`tools/hash_to_curve_constants.py
//! isogeny`, which checks that the maps send E' to E and are homomorphisms,
//! and the evaluation below in integers).

use super::sswu::{IsoFrac, IsoPoint};
use crate::curve::{BaseField, G1Projective, G2Projective, Jacobian};
use crate::field::fp2::Fp2Wide;
use crate::field::{Fp, Fp2};

/// sum k_i m_i: every product at double width, summed modulo p 2^384
/// (each term is below p^2, each partial sum below p 2^384), one
/// Montgomery reduction at the end.
#[inline(never)]
fn dot(k: &[Fp], m: &[Fp]) -> Fp {
    Fp::sum_of_products(k, m)
}

/// The 11-isogeny's sums at x' = X / W (W != 0 unless the point is the
/// identity; see the module documentation): C = c x_num' has degree 10,
/// D = -2 c h' degree 4. Homogenised on the monomials M_i = X^i W^(5-i) of
/// degree 5 (14 products from X and W):
///
///   A = W^6 sum_(i<6) xn_i M_i + X^6 sum_(i>=6) xn_i M_(i-6)  = x_num(x') W^11,
///   C' = the same from C's coefficients                     = C(x') W^11,
///   B = sum h_i M_i = h(x') W^5,   D' = sum D_i M_i = D(x') W^5,
///
/// each sum with a single reduction ([`dot`]). Then x = A / (B^2 W) and
/// y = y' E / (B^3 W) with E = C' B + A D'. Returns (A, B, E, W^2).
#[inline(always)]
fn iso_g1_sums(x: &Fp, w: &Fp) -> (Fp, Fp, Fp, Fp) {
    let m = |a: &Fp, b: &Fp| BaseField::mul(a, b);
    let s = |a: &Fp| BaseField::square(a);
    let (x2, w2) = (s(x), s(w));
    let (x3, w3) = (m(&x2, x), m(&w2, w));
    let (x4, w4) = (s(&x2), s(&w2));
    let (x5, w5) = (m(&x4, x), m(&w4, w));
    let (x6, w6) = (s(&x3), s(&w3));
    let mono = [w5, m(x, &w4), m(&x2, &w3), m(&x3, &w2), m(&x4, w), x5];
    let hi_lo = [w6, x6];
    let a = Fp::sum_of_products(&hi_lo, &[dot(&G1_X_NUM[..6], &mono), dot(&G1_X_NUM[6..], &mono)]);
    let c = Fp::sum_of_products(&hi_lo, &[dot(&G1_C[..6], &mono), dot(&G1_C[6..], &mono[..5])]);
    let b = BaseField::add(&dot(&G1_H, &mono[..5]), &mono[5]);
    let d = dot(&G1_D, &mono[..5]);
    let e = Fp::sum_of_products(&[c, a], &[b, d]);
    (a, b, e, w2)
}

/// The 11-isogeny E1' -> E1 on a Jacobian point (X, Y, Z) of E1' (the
/// sum of two maps' outputs in `hash_to_curve`): [`iso_g1_sums`] at
/// x' = X / W with W = Z^2, and with y' = Y / Z^3 the Jacobian point
/// (A W^2, Y W^2 E, B W Z) (its Z' = B Z^3 turns x = A / (B^2 W),
/// y = y' E / (B^3 W) into integers). The kernel (B = 0) and the identity
/// (Z = 0) map to Z' = 0, the identity.
pub(crate) fn iso_map_g1(p: &IsoPoint<Fp>) -> G1Projective {
    let w = BaseField::square(&p.z);
    let (a, b, e, w2) = iso_g1_sums(&p.x, &w);
    let m = |a: &Fp, b: &Fp| BaseField::mul(a, b);
    Jacobian::from_raw(m(&a, &w2), m(&m(&p.y, &w2), &e), m(&m(&b, &w), &p.z))
}

/// The 11-isogeny on the map's direct output x' = xn / xd, y' affine
/// (`map_to_curve`: one product fewer than through the Jacobian form, two
/// fewer in the map): [`iso_g1_sums`] at X = xn, W = xd, and the Jacobian
/// point (A W, y' W^2 E, B W) (Z' = B W). xd is never zero; the kernel
/// (B = 0) maps to the identity.
pub(crate) fn iso_map_g1_frac(p: &IsoFrac<Fp>) -> G1Projective {
    let (a, b, e, w2) = iso_g1_sums(&p.xn, &p.xd);
    let m = |a: &Fp, b: &Fp| BaseField::mul(a, b);
    Jacobian::from_raw(m(&a, &p.xd), m(&m(&p.y, &w2), &e), m(&b, &p.xd))
}

/// The 3-isogeny E2' -> E2.
///
/// With h = x + h0 and D = -2 c in Fp (see the module documentation), for
/// x' = X / W, W = Z^2: A = x_num(x') W^3 and C' = C(x') W^2 (sums of
/// products on X^i W^(3-i) and X^i W^(2-i), one reduction per
/// coefficient), B = h(x') W = X + h0 W, E = C' B + D A. Then
/// x = A / (B^2 W), y = (Y / Z^3) E / B^3, and the Jacobian point is
/// (A, Y E, B Z).
pub(crate) fn iso_map_g2(p: &IsoPoint<Fp2>) -> G2Projective {
    let (x, z) = (&p.x, &p.z);
    let w = z.square();
    let (x2, w2) = (x.square(), w.square());
    let xw = x.mul(&w);
    let a = dot2(&G2_X_NUM, &[w2.mul(&w), xw.mul(&w), x2.mul(&w), x2.mul(x)]);
    let c = dot2(&G2_C, &[w2, xw, x2]);
    let b = x.add(&G2_H0.mul(&w));
    let mut e = c.mul_wide(&b);
    let mul_d = |v: &Fp| G2_D.mul_wide(v);
    e.add_assign(&Fp2Wide { c0: mul_d(&a.c0), c1: mul_d(&a.c1) });
    let e = e.reduce();
    Jacobian::from_raw(a, p.y.mul(&e), b.mul(z))
}

/// sum k_i m_i in Fp2: every product at double width (Karatsuba), summed
/// modulo p 2^384 per coefficient, one reduction per coefficient.
#[inline(always)]
fn dot2(k: &[Fp2], m: &[Fp2]) -> Fp2 {
    let mut acc = k[0].mul_wide(&m[0]);
    for (k, m) in k.iter().zip(m).skip(1) {
        acc.add_assign(&k.mul_wide(m));
    }
    acc.reduce()
}

include!("isogeny_constants.rs");

#[cfg(test)]
mod tests {
    use super::super::sswu::{map_to_iso, map_to_iso_frac};
    use super::*;
    use rand::SeedableRng;

    /// The 11-isogeny's two entry points agree, land on E1 and respect
    /// the group law (P + Q, 2P on E' against the sums on E1); the identity
    /// of E' (Z = 0) maps to the identity. The RFC 9380 vectors (the
    /// hash_to_curve tests) check the values themselves: `_NU_` through
    /// the fraction form, `_RO_` through the Jacobian one.
    #[test]
    fn g1_isogeny_forms_agree_and_are_homomorphic() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..50 {
            let (u, v) = (Fp::random(&mut rng), Fp::random(&mut rng));
            let f = map_to_iso_frac(&u);
            let (p, q) = (map_to_iso(&u), map_to_iso(&v));
            let ip = iso_map_g1_frac(&f);
            assert_eq!(ip, iso_map_g1(&p));
            assert!(bool::from(ip.is_on_curve()));
            let iq = iso_map_g1(&q);
            assert_eq!(iso_map_g1(&p.add(&q)), ip.add(&iq));
            assert_eq!(iso_map_g1(&p.add(&p)), ip.double());
        }
        let id = IsoPoint { x: Fp::ONE, y: Fp::ONE, z: Fp::ZERO };
        assert!(bool::from(iso_map_g1(&id).is_identity()));
    }

    /// The 3-isogeny lands on E2 and respects the group law; the identity
    /// maps to the identity (values: the RFC 9380 G2 vectors).
    #[test]
    fn g2_isogeny_is_homomorphic() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        for _ in 0..50 {
            let (p, q) = (map_to_iso(&Fp2::random(&mut rng)), map_to_iso(&Fp2::random(&mut rng)));
            let (ip, iq) = (iso_map_g2(&p), iso_map_g2(&q));
            assert!(bool::from(ip.is_on_curve()));
            assert_eq!(iso_map_g2(&p.add(&q)), ip.add(&iq));
            assert_eq!(iso_map_g2(&p.add(&p)), ip.double());
        }
        let id = IsoPoint { x: Fp2::ONE, y: Fp2::ONE, z: Fp2::ZERO };
        assert!(bool::from(iso_map_g2(&id).is_identity()));
    }
}
