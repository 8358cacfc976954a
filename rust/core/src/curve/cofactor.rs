//! Cofactor clearing (RFC 9380, section 7 and appendix G.3): maps any point
//! of E1 (resp. E2) into G1 (resp. G2). Constant time: fixed chains of
//! doublings and additions driven by public constants.

use super::{Affine, BaseField, Curve, G1Projective, G2Projective, Jacobian, Z_ABS};
use crate::field::Fp;

/// h_eff of G1 = 1 - z = 0xd201000000010001 (RFC 9380, section 8.8.1).
const H_EFF_G1: u64 = 0xd201_0000_0001_0001;

/// `k * p` for a public constant `k >= 2`: double-and-add from the top bit,
/// the branches depending on `k` only. Constant time.
///
/// The Jacobian (X, Y, Z) of y^2 = x^3 + b is the affine point (X, Y) of
/// the isomorphic curve y^2 = x^3 + b Z^6 (the isomorphism
/// (x, y) -> (x Z^2, y Z^3)), so the chain runs on that curve from the
/// affine base (X, Y): its additions are mixed ones (no Z^2, Z^3 of the
/// base to apply), complete, and neither they nor the doublings involve b.
/// The result goes back to the original curve by multiplying its Z by Z
/// (the identity, Z = 0, stays there).
#[inline(always)]
pub(super) fn mul_by_const<C: Curve>(p: &Jacobian<C>, k: u64) -> Jacobian<C> {
    let base = Affine::from_raw(p.x, p.y);
    let mut acc = Jacobian::<C>::from_raw(p.x, p.y, C::Base::ONE);
    // From the top bit down: each run of doublings up to the next set bit
    // in one call (a curve may run it on a vector kernel), then the
    // addition.
    let mut pos = 63 - k.leading_zeros();
    let mut rest = k & !(1u64 << pos);
    while rest != 0 {
        let j = 63 - rest.leading_zeros();
        acc = C::double_n(&acc, pos - j);
        acc = acc.add_affine(&base);
        rest &= !(1u64 << j);
        pos = j;
    }
    acc = C::double_n(&acc, pos);
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul(&p.z))
}

impl G1Projective {
    /// Maps a point of E1 into G1: `[h_eff] self` with
    /// `h_eff = 1 - z = 0xd201000000010001` (RFC 9380, 8.8.1; 63 doublings
    /// and 6 additions). Constant time.
    ///
    /// The chain is `mul_by_const`'s (mixed additions on an isomorphic
    /// curve).
    pub fn clear_cofactor(&self) -> G1Projective {
        g1_mul_by_h_eff(self)
    }
}

/// [`G1Projective::clear_cofactor`], generic so that the field products
/// are the shared out-of-line ones.
fn g1_mul_by_h_eff<C: Curve>(p: &Jacobian<C>) -> Jacobian<C> {
    mul_by_const(p, H_EFF_G1)
}

/// psi^2 on E2 scales x by an element of Fp and negates y:
/// PSI2_X = 1 / (u + 1)^((p^2 - 1) / 3) =
/// 0x1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaac,
/// the same cube root of unity as G1's `BETA_L`.
const PSI2_X: Fp = super::glv::BETA_L;

impl G2Projective {
    /// psi^2 = psi o psi: (x, y) -> (x PSI2_X, -y) (2 multiplications in Fp).
    pub fn psi2(&self) -> G2Projective {
        Jacobian::from_raw(self.x.mul_by_fp(&PSI2_X), self.y.neg(), self.z)
    }

    /// `[z] self` for the seed z = -0xd201000000010000.
    fn mul_by_z(&self) -> G2Projective {
        mul_by_const(self, Z_ABS).neg()
    }

    /// Maps a point of E2 into G2: `[h_eff] self` with the h_eff of RFC 9380
    /// (8.8.2), computed as in its appendix G.3 (Budroni-Pintore):
    /// `[z^2 - z - 1] P + [z - 1] psi(P) + psi^2(2 P)`, with two
    /// multiplications by z. Constant time.
    pub fn clear_cofactor(&self) -> G2Projective {
        let t1 = self.mul_by_z(); // [z] P
        let t2 = self.psi(); // psi(P)
        let t3 = self.double().psi2().sub(&t2); // psi^2(2P) - psi(P)
        let t2 = t1.add(&t2).mul_by_z(); // [z^2] P + [z] psi(P)
        t3.add(&t2).sub(&t1).sub(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn psi2_is_psi_twice() {
        let g = G2Projective::generator().double();
        assert_eq!(g.psi2(), g.psi().psi());
    }

    #[test]
    fn generators_stay_in_group() {
        // On G1, [h_eff] acts as multiplication by h_eff mod r.
        let g = G1Projective::generator();
        assert_eq!(g.clear_cofactor(), g.mul_limbs_vartime(&[H_EFF_G1]));
        let g2 = G2Projective::generator();
        assert!(bool::from(g2.clear_cofactor().is_torsion_free()));
        assert!(bool::from(G2Projective::identity().clear_cofactor().is_identity()));
        assert!(bool::from(G1Projective::identity().clear_cofactor().is_identity()));
    }
}
