//! Subgroup checks by endomorphism (Scott, "A note on group membership tests
//! for G1, G2 and GT on BLS pairing-friendly curves", eprint 2021/1130):
//!
//! - G1: P is in G1 iff sigma(P) = [-z^2]P, with sigma(x, y) = (BETA x, y)
//!   for the cube root of unity BETA whose eigenvalue on G1 is -z^2 (the
//!   square of glv.rs's BETA_L; tools/endo_constants.py tells them apart).
//! - G2: P is in G2 iff psi(P) = [z]P.
//!
//! [|z|] is a fixed double-and-add chain on the public constant
//! |z| = 0xd201000000010000 (63 doublings, 5 additions), so the checks run in
//! constant time. The point P = (X, Y, Z) is used as the affine point (X, Y)
//! of the isomorphic curve y^2 = x^3 + b Z^6, which makes the additions of
//! the chain mixed ones; the formulas are complete and do not involve b,
//! so points outside the subgroup (of any order) are handled exactly.

use super::{Affine, BaseField, Curve, G1Projective, G2Projective, Jacobian};
use crate::field::Fp;
use subtle::{Choice, ConstantTimeEq};

/// |z|, the absolute value of the BLS12-381 seed z = -0xd201000000010000.
const Z_ABS: u64 = 0xd201_0000_0001_0000;

/// BETA_MZ2 = 0x5f19672f...fffefffe, the cube root of unity in Fp for which
/// (x, y) -> (BETA_MZ2 x, y) acts as [-z^2] on G1 (Montgomery form).
const BETA_MZ2: Fp = Fp::from_montgomery([
    0x30f1_361b_798a_64e8,
    0xf3b8_ddab_7ece_5a2a,
    0x16a8_ca3a_c615_77f7,
    0xc26a_2ff8_74fd_029b,
    0x3636_b766_6070_1c6e,
    0x051b_a4ab_241b_6160,
]);

/// [|z|]p for the Jacobian p = (X, Y, Z), returned as a point of the same
/// curve. Computed on the curve scaled by Z where p is affine; complete.
fn times_z_abs<C: Curve>(p: &Jacobian<C>) -> Jacobian<C> {
    let base = Affine::<C>::from_raw(p.x, p.y);
    let mut acc = Jacobian::from_raw(p.x, p.y, C::Base::ONE);
    for i in (0..63).rev() {
        acc = acc.double();
        if (Z_ABS >> i) & 1 == 1 {
            acc = acc.add_affine(&base);
        }
    }
    // Back to the original curve; Z = 0 (the identity) stays the identity.
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul(&p.z))
}

/// Whether `p` (a point of E1) lies in G1: sigma(p) == [-z^2]p.
pub(crate) fn g1_is_torsion_free(p: &G1Projective) -> Choice {
    let zp = times_z_abs(p);
    let z2p = times_z_abs(&zp);
    let sigma = Jacobian::from_raw(p.x.mul(&BETA_MZ2), p.y, p.z);
    sigma.ct_eq(&z2p.neg())
}

/// Whether `p` (a point of E2) lies in G2: psi(p) == [z]p = -[|z|]p.
pub(crate) fn g2_is_torsion_free(p: &G2Projective) -> Choice {
    p.psi().ct_eq(&times_z_abs(p).neg())
}
