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
//! the chain mixed ones; the formulas do not involve b. On G2 they are
//! complete, so points outside the subgroup (of any order) are handled
//! exactly. On G1 they are incomplete (cheaper), and an addition of two
//! equal points, which only happens outside G1, is flagged and makes the
//! answer false ([`g1_is_torsion_free`]).

use super::Z_ABS;
use super::{BaseField, Curve, G1Projective, G2Projective, Jacobian};
use crate::field::Fp;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

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
/// curve: cofactor.rs's chain for a constant (on the curve scaled by Z
/// where p is affine; complete; its runs of doublings on the curve's
/// `double_n`).
fn times_z_abs<C: Curve>(p: &Jacobian<C>) -> Jacobian<C> {
    super::cofactor::mul_by_const(p, Z_ABS)
}

/// `acc + (x2, y2)` (`Jacobian::add_affine_incomplete`) for the affine
/// point (x2, y2) of the curve `acc` lives on, which is never the identity;
/// an identity `acc` is handled by selection and `acc = -(x2, y2)` gives
/// Z = 0. The formula fails when the two points are equal: that case sets
/// `exc` (and the result is then meaningless). Constant time.
#[inline(never)]
fn madd_flagged<C: Curve>(acc: &Jacobian<C>, x2: &C::Base, y2: &C::Base, exc: &mut Choice) -> Jacobian<C> {
    let (sum, h, r) = acc.add_affine_incomplete(x2, y2);
    let acc_is_id = acc.is_identity();
    *exc |= h.is_zero() & r.is_zero() & !acc_is_id;
    Jacobian::conditional_select(&sum, &Jacobian::from_raw(*x2, *y2, C::Base::ONE), acc_is_id)
}

/// [|z|]p for a point p = (X, Y, Z) of E1 other than the identity, as
/// [`times_z_abs`] but with incomplete mixed additions: an addition of two
/// equal points sets `exc` (see [`g1_is_torsion_free`] for why that case
/// only arises outside G1).
fn g1_times_z_abs(p: &G1Projective, exc: &mut Choice) -> G1Projective {
    let mut acc = G1Projective::from_raw(p.x, p.y, Fp::ONE);
    for i in (0..63).rev() {
        acc = acc.double();
        if (Z_ABS >> i) & 1 == 1 {
            acc = madd_flagged(&acc, &p.x, &p.y, exc);
        }
    }
    Jacobian::from_raw(acc.x, acc.y, BaseField::mul(&acc.z, &p.z))
}

/// Whether `p` (a point of E1) lies in G1: sigma(p) == [-z^2]p, with
/// [z^2]p computed as [|z|]([|z|]p) by incomplete mixed additions.
///
/// The chain for [|z|]Q adds Q to [k]Q for the even partial values k of
/// |z| (2 <= k < |z|); the addition fails only when [k]Q = Q, i.e. when the
/// order of Q divides k - 1. For Q in G1 (order r > |z|) that never
/// happens, and [|z|]p is in G1 when p is, so for p in G1 no addition
/// fails and the test is exact. An addition that does fail therefore means
/// p is not in G1, and the answer is false. The other cases (an
/// accumulator at the identity, or opposite points) are exact. The
/// identity passes; for p != O, [|z|]p != O since E1(Fp) has no point of
/// order dividing |z| (its order h r is coprime to z). Constant time.
pub(crate) fn g1_is_torsion_free(p: &G1Projective) -> Choice {
    let mut exc = Choice::from(0);
    let zp = g1_times_z_abs(p, &mut exc);
    let z2p = g1_times_z_abs(&zp, &mut exc);
    p.is_identity() | (!exc & g1_matches_sigma(p, &z2p))
}

/// The last step of [`g1_is_torsion_free`] for a chain computed elsewhere
/// (the AVX2 lanes of the MSM's batched checks): sigma(p) == -z2p, with
/// z2p = [z^2]p. Constant time.
pub(crate) fn g1_matches_sigma(p: &G1Projective, z2p: &G1Projective) -> Choice {
    let sigma = Jacobian::from_raw(BaseField::mul(&p.x, &BETA_MZ2), p.y, p.z);
    sigma.ct_eq(&z2p.neg())
}

/// Whether `p` (a point of E2) lies in G2: psi(p) == [z]p = -[|z|]p.
pub(crate) fn g2_is_torsion_free(p: &G2Projective) -> Choice {
    g2_matches_psi(p, &times_z_abs(p))
}

/// [`g2_is_torsion_free`] for a public point: the chain's doublings on
/// the IFMA lanes where the CPU has them (`G2Projective::is_torsion_free_vartime`).
pub(crate) fn g2_is_torsion_free_vartime(p: &G2Projective) -> bool {
    bool::from(g2_matches_psi(p, &super::cofactor::mul_by_const_vartime(p, Z_ABS)))
}

/// The last step of [`g2_is_torsion_free`] for a chain computed elsewhere
/// (the AVX2 lanes of the MSM's batched checks): psi(p) == -zp, with
/// zp = [|z|]p. Constant time.
pub(crate) fn g2_matches_psi(p: &G2Projective, zp: &G2Projective) -> Choice {
    p.psi().ct_eq(&zp.neg())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::curve::{G1Affine, G1};

    /// (h1 r) / 121 with h1 = (z - 1)^2 / 3 and r = z^4 - z^2 + 1 (11^2
    /// divides h1).
    const N_OVER_121: [u64; 6] = [
        0xff0a_9419_6370_2343,
        0x4612_58dc_05b2_69c8,
        0xe11e_05f8_de12_635b,
        0xe98e_bceb_f116_41bd,
        0x85e8_f4b1_1c0f_6f71,
        0x0037_0461_2471_3073,
    ];

    /// A point of E1 of order 11 (from x = 2, 3, ...: a multiple by
    /// (h1 r) / 121 has order dividing 121; times 11 while that is not the
    /// identity). For the tests of the chains' exceptional case.
    pub(crate) fn order_11_point() -> G1Projective {
        let mut x = Fp::ONE;
        let mut t = G1Projective::identity();
        for _ in 0..100 {
            x = x.add(&Fp::ONE);
            let Some(y) = Option::<Fp>::from(x.square().mul(&x).add(&G1::B).sqrt()) else { continue };
            let mut c = G1Affine::from_raw(x, y).to_projective().mul_limbs_vartime(&N_OVER_121);
            while !bool::from(c.is_identity()) {
                t = c;
                c = c.mul_limbs_vartime(&[11]);
            }
            if !bool::from(t.is_identity()) {
                break;
            }
        }
        t
    }

    /// A point of order 11 meets the exceptional case of the chain (the
    /// partial value 12 = 1 mod 11) and is rejected; the subgroup's points
    /// never meet it.
    #[test]
    fn exceptional_addition_is_flagged() {
        let t = order_11_point();
        assert!(!bool::from(t.is_identity()));
        assert!(bool::from(t.mul_limbs_vartime(&[11]).is_identity()));
        let mut exc = Choice::from(0);
        g1_times_z_abs(&t, &mut exc);
        assert!(bool::from(exc));
        assert!(!bool::from(g1_is_torsion_free(&t)));
        let g = G1Projective::generator();
        let mut exc = Choice::from(0);
        let zg = g1_times_z_abs(&g, &mut exc);
        g1_times_z_abs(&zg, &mut exc);
        assert!(!bool::from(exc));
        assert!(bool::from(g1_is_torsion_free(&g)));
    }
}
