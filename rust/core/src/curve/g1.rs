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
    const ENDO_PARTS: usize = 2;
    const ENDO_BITS: u32 = 128;
    endo_hooks!(G1Affine, g1_endo_split, g1_endo_images);
}

// The field operations of the formulas below. Products out of line (the
// shared copies the generic point code calls): the doubling runs inside
// long loops where inlined product kernels would crowd the instruction
// cache. Additions inline (Fp's own short kernels): the doubling's nine
// additions as calls were slower (G1 double, G1 mul vartime).
fn mul(a: &Fp, b: &Fp) -> Fp {
    BaseField::mul(a, b)
}
fn sqr(a: &Fp) -> Fp {
    BaseField::square(a)
}
fn add(a: &Fp, b: &Fp) -> Fp {
    Fp::add(a, b)
}
fn sub(a: &Fp, b: &Fp) -> Fp {
    Fp::sub(a, b)
}
fn dbl(a: &Fp) -> Fp {
    Fp::double(a)
}

/// `2 p` on E1 (any p; the identity stays the identity), scaled by
/// lambda = 1/2 as on G2 (`g2.rs`): with A = X^2, B = Y^2, D = X B and
/// E' = 3 A / 2 = A + A / 2, X' = E'^2 - 2 D, Y' = E' (D - X') - B^2,
/// Z' = Y Z (3M + 3S), the point (X3 / 4, Y3 / 8, Z3 / 2) of the generic
/// formula. Y' as one double-width difference and one reduction
/// ([`mul_sub_sqr`]).
#[inline(never)]
fn g1_double(p: &G1Projective) -> G1Projective {
    let a = sqr(&p.x);
    let b = sqr(&p.y);
    let d = mul(&p.x, &b);
    let e = add(&a.half(), &a);
    let x3 = sub(&sqr(&e), &dbl(&d));
    let y3 = mul_sub_sqr(&e, &sub(&d, &x3), &b);
    let z3 = mul(&p.y, &p.z);
    Jacobian::from_raw(x3, y3, z3)
}

/// `e m - b^2` for `e, m, b < p`: both products at double width (below
/// `p^2`), one modular subtraction at double width, one Montgomery
/// reduction (instead of two).
#[inline(never)]
fn mul_sub_sqr(e: &Fp, m: &Fp, b: &Fp) -> Fp {
    e.mul_sub_mul(m, b, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generator_is_on_curve() {
        assert!(bool::from(G1Affine::generator().is_on_curve()));
        assert!(bool::from(G1Projective::generator().is_on_curve()));
    }
}
