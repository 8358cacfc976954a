//! The isogeny maps E1' -> E1 (degree 11) and E2' -> E2 (degree 3) of RFC
//! 9380 (appendix E.2 and E.3), evaluated on Jacobian points without
//! inversion.
//!
//! The 3-isogeny (`iso_map`): for x' = X / Z^2, a polynomial
//! k_0 + k_1 x' + ... + k_d x'^d equals
//! P(X, Z) / Z^(2d) with P(X, Z) = sum k_i X^i Z^(2(d-i)), computed by
//! Horner's rule on X with the powers Z^2, Z^4, ... In both maps deg x_num =
//! deg x_den + 1 and deg y_num = deg y_den, so with Nx, Dx, Ny, Dy the
//! homogenised polynomials
//!
//!   x = Nx / (Dx Z^2),   y = (Y / Z^3) Ny / Dy,
//!
//! and the Jacobian point (Nx Dx Dy^2, Y Ny Dx^3 Dy^2, Dx Dy Z) is (x, y).
//! Points in the kernel (Dx = Dy = 0) and the identity (Z = 0) map to
//! Z = 0, the identity.
//!
//! The 11-isogeny is evaluated through its kernel polynomial instead (four
//! shorter polynomials on shared monomials, each one sum of products with a
//! single reduction; [`iso_g1_sums`]), from a Jacobian point or straight
//! from the map's fraction x = xn / xd.
//!
//! Constants: `isogeny_constants.rs` (`tools/hash_to_curve_constants.py
//! isogeny`, which checks that the maps send E' to E and are homomorphisms).

use super::sswu::{IsoFrac, IsoPoint};
use crate::curve::{BaseField, G1Projective, G2Projective, Jacobian};
use crate::field::{Fp, Fp2};

/// sum k_i X^i Z^(2(d-i)) for `k` of degree d = `k.len() - 1`, or for the
/// monic polynomial k_0 + ... + k_(d-1) x^(d-1) + x^d (d = `k.len()`) when
/// `monic`. `zz[j]` = Z^(2j).
#[inline(always)]
fn horner<F: BaseField>(k: &[F], monic: bool, x: &F, zz: &[F]) -> F {
    let d = if monic { k.len() } else { k.len() - 1 };
    let lead = if monic { *x } else { k[d].mul(x) };
    let mut acc = lead.add(&k[d - 1].mul(&zz[1]));
    for i in (0..d - 1).rev() {
        acc = acc.mul(x).add(&k[i].mul(&zz[d - i]));
    }
    acc
}

/// The isogeny on a Jacobian point, for coefficient tables with the shapes
/// described in the module documentation. `N` = 1 + the largest degree.
#[inline(always)]
fn iso_map<F: BaseField, const N: usize>(
    p: &IsoPoint<F>,
    x_num: &[F],
    x_den: &[F],
    y_num: &[F],
    y_den: &[F],
) -> (F, F, F) {
    let mut zz = [F::ONE; N];
    zz[1] = p.z.square();
    for j in 2..N {
        zz[j] = zz[j - 1].mul(&zz[1]);
    }
    let nx = horner(x_num, false, &p.x, &zz);
    let dx = horner(x_den, true, &p.x, &zz);
    let ny = horner(y_num, false, &p.x, &zz);
    let dy = horner(y_den, true, &p.x, &zz);
    let t = dx.mul(&dy.square()); // Dx Dy^2
    let x = nx.mul(&t);
    let y = p.y.mul(&ny).mul(&dx.square()).mul(&t);
    let z = dx.mul(&dy).mul(&p.z);
    (x, y, z)
}

/// sum k_i m_i: every product at double width, summed modulo p 2^384
/// (each term is below p^2, each partial sum below p 2^384), one
/// Montgomery reduction at the end.
#[inline(never)]
fn dot(k: &[Fp], m: &[Fp]) -> Fp {
    Fp::sum_of_products(k, m)
}

/// The 11-isogeny's sums at x' = X / W (W != 0 unless the point is the
/// identity).
///
/// The RFC's tables have the structure of an isogeny of odd degree (checked
/// by `tools/hash_to_curve_constants.py`, which derives the tables used
/// here from them): x_den = h^2 and y_den = h^3 for the monic kernel
/// polynomial h of degree 5, and y_num = c (x_num' h - 2 x_num h') for a
/// constant c (the isogeny pulls the invariant differential of E1 back to a
/// multiple of that of E1', so the y map is y x_map'(x) / c). So
///
///   x = x_num / h^2,   y = y' (C h + x_num D) / h^3
///
/// with C = c x_num' (degree 10) and D = -2 c h' (degree 4): four
/// polynomials of 12, 6, 11 and 5 coefficients instead of the RFC's 12, 11,
/// 16 and 16. Homogenised on the monomials M_i = X^i W^(5-i) of degree 5
/// (14 products from X and W):
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
pub(crate) fn iso_map_g2(p: &IsoPoint<Fp2>) -> G2Projective {
    let (x, y, z) = iso_map::<Fp2, 4>(p, &G2_X_NUM, &G2_X_DEN, &G2_Y_NUM, &G2_Y_DEN);
    Jacobian::from_raw(x, y, z)
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
}
