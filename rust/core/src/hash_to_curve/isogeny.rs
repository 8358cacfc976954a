//! The isogeny maps E1' -> E1 (degree 11) and E2' -> E2 (degree 3) of RFC
//! 9380 (appendix E.2 and E.3), evaluated on Jacobian points without
//! inversion.
//!
//! For x' = X / Z^2, a polynomial k_0 + k_1 x' + ... + k_d x'^d equals
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
//! Constants: `isogeny_constants.rs` (`tools/hash_to_curve_constants.py
//! isogeny`, which checks that the maps send E' to E and are homomorphisms).

use super::sswu::IsoPoint;
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

/// The 11-isogeny E1' -> E1.
///
/// All four polynomials are homogenised to degree 15 (the largest):
/// with the monomials m_i = X^i Z^(2(15-i)), Nx' = sum k_i m_i = Nx Z^8,
/// Dx' = Dx Z^10, Ny' = Ny, Dy' = Dy, each one sum of products with a single
/// reduction ([`dot`]) over monomials shared by the four, instead of two
/// products per degree by Horner's rule. Then x = Nx' / Dx' and
/// y = (Y / Z^3) Ny' / Dy', and the Jacobian point
/// (Nx' Dx' Dy'^2 Z^2, Y Ny' Dx'^3 Dy'^2, Dx' Dy' Z) is (x, y). The kernel
/// and the identity map to Z = 0 as before.
pub(crate) fn iso_map_g1(p: &IsoPoint<Fp>) -> G1Projective {
    let m = |a: &Fp, b: &Fp| BaseField::mul(a, b);
    // xp[i] = X^i, zz[j] = Z^(2j) (index 0 unused in the products below).
    let mut xp = [Fp::ONE; 16];
    let mut zz = [Fp::ONE; 16];
    xp[1] = p.x;
    zz[1] = BaseField::square(&p.z);
    for i in 2..16 {
        xp[i] = m(&xp[i - 1], &p.x);
        zz[i] = m(&zz[i - 1], &zz[1]);
    }
    let mono: [Fp; 16] = core::array::from_fn(|i| match i {
        0 => zz[15],
        15 => xp[15],
        _ => m(&xp[i], &zz[15 - i]),
    });
    let nx = dot(&G1_X_NUM, &mono);
    let dx = BaseField::add(&dot(&G1_X_DEN, &mono), &mono[10]);
    let ny = dot(&G1_Y_NUM, &mono);
    let dy = BaseField::add(&dot(&G1_Y_DEN, &mono), &mono[15]);
    let t = m(&dx, &BaseField::square(&dy)); // Dx' Dy'^2
    let x = m(&m(&nx, &t), &zz[1]);
    let y = m(&m(&m(&p.y, &ny), &BaseField::square(&dx)), &t);
    let z = m(&m(&dx, &dy), &p.z);
    Jacobian::from_raw(x, y, z)
}

/// The 3-isogeny E2' -> E2.
pub(crate) fn iso_map_g2(p: &IsoPoint<Fp2>) -> G2Projective {
    let (x, y, z) = iso_map::<Fp2, 4>(p, &G2_X_NUM, &G2_X_DEN, &G2_Y_NUM, &G2_Y_DEN);
    Jacobian::from_raw(x, y, z)
}

include!("isogeny_constants.rs");
