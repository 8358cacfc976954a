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
    chain(p, k, |q, n| q.double_n(n), |acc, base| acc.add_affine(base))
}

/// [`mul_by_const`] for a public point: its runs of doublings on the
/// curve's `double_n_vartime` (G2: the IFMA lanes where the CPU has them,
/// constant-time code but out of reach of the valgrind check, hence not
/// used for secrets; G1: the field kernels inlined), its additions
/// complete by branching (`add_xy_vartime`: the equal-points case tested
/// after the sum, no tangent computed alongside). The base (X, Y) is a
/// finite point of the isomorphic curve unless `p` is the identity, and
/// then the final Z = 0 makes the result the identity whatever the chain
/// computed.
#[inline(always)]
pub(super) fn mul_by_const_vartime<C: Curve>(p: &Jacobian<C>, k: u64) -> Jacobian<C> {
    chain(p, k, C::double_n_vartime, |acc, base| acc.add_xy_vartime(&base.x, &base.y))
}

/// The chain of [`mul_by_const`] with `doublings(q, n) = 2^n q` and
/// `add(q, base) = q + base`: from the top bit down, each run of doublings
/// up to the next set bit in one call, then the addition.
#[inline(always)]
fn chain<C: Curve>(
    p: &Jacobian<C>,
    k: u64,
    doublings: impl Fn(&Jacobian<C>, u32) -> Jacobian<C>,
    add: impl Fn(&Jacobian<C>, &Affine<C>) -> Jacobian<C>,
) -> Jacobian<C> {
    let base = Affine::from_raw(p.x, p.y);
    let mut acc = Jacobian::<C>::from_raw(p.x, p.y, C::Base::ONE);
    let mut pos = 63 - k.leading_zeros();
    let mut rest = k & !(1u64 << pos);
    while rest != 0 {
        let j = 63 - rest.leading_zeros();
        acc = doublings(&acc, pos - j);
        acc = add(&acc, &base);
        rest &= !(1u64 << j);
        pos = j;
    }
    acc = doublings(&acc, pos);
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

    /// [`G1Projective::clear_cofactor`] for a public point (the EIP-2537
    /// map): the same result, each run of doublings in one function with
    /// the field kernels inlined (`G1::double_n_vartime`, g1.rs).
    pub fn clear_cofactor_vartime(&self) -> G1Projective {
        mul_by_const_vartime(self, H_EFF_G1)
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
        self.budroni_pintore(G2Projective::mul_by_z)
    }

    /// [`G2Projective::clear_cofactor`] for a public point (the EIP-2537
    /// map, hashes of public messages): the same result, the doublings of
    /// the multiplications by z on the AVX-512 IFMA lanes where the CPU has
    /// them (`BLS12_381_BACKEND` allowing; `field/kernels/g2_double_lanes.rs`). That code
    /// is straight-line too, but the constant-time check (valgrind) cannot
    /// run it, so secrets take [`G2Projective::clear_cofactor`].
    pub fn clear_cofactor_vartime(&self) -> G2Projective {
        self.budroni_pintore(|p| mul_by_const_vartime(p, Z_ABS).neg())
    }

    /// The Budroni-Pintore combination with `mul_by_z(P) = [z] P`.
    #[inline(always)]
    fn budroni_pintore(&self, mul_by_z: impl Fn(&G2Projective) -> G2Projective) -> G2Projective {
        let t1 = mul_by_z(self); // [z] P
        let t2 = self.psi(); // psi(P)
        let t3 = self.double().psi2().sub(&t2); // psi^2(2P) - psi(P)
        let t2 = mul_by_z(&t1.add(&t2)); // [z^2] P + [z] psi(P)
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

    /// The variable-time forms (the IFMA lanes where the CPU has them)
    /// give the constant-time ones' results: cofactor clearing and the
    /// subgroup check, on points of E2 outside G2 (the map's outputs), in
    /// G2, and the identity.
    #[test]
    fn vartime_forms_agree() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(24);
        let mut points = vec![G2Projective::identity(), G2Projective::generator()];
        for _ in 0..16 {
            points.push(G2Projective::map_to_curve(&crate::Fp2::random(&mut rng)));
            points.push(G2Projective::random(&mut rng));
        }
        let mut outside = 0;
        for p in &points {
            let c = p.clear_cofactor();
            assert_eq!(p.clear_cofactor_vartime(), c);
            assert!(c.is_torsion_free_vartime());
            let inside = bool::from(p.is_torsion_free());
            assert_eq!(p.is_torsion_free_vartime(), inside);
            assert_eq!(p.to_affine().is_torsion_free_vartime(), inside);
            outside += usize::from(!inside);
        }
        assert!(outside >= 10, "the map's outputs lie outside G2");
    }

    /// G1's variable-time cofactor clearing gives the constant-time one's
    /// results, on the map's outputs (outside G1), points of G1, the
    /// identity and points with a 3-torsion part ((0, 2) has order 3:
    /// the chain's exceptional sums, if any, come from small orders).
    #[test]
    fn g1_vartime_form_agrees() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(18);
        let mut points = vec![G1Projective::identity(), G1Projective::generator()];
        for _ in 0..16 {
            points.push(G1Projective::map_to_curve(&Fp::random(&mut rng)));
            points.push(G1Projective::random(&mut rng));
        }
        let three = G1Projective::from_raw(Fp::ZERO, Fp::from_u64(2), Fp::ONE);
        assert!(bool::from(three.is_on_curve()) && bool::from(three.double().add(&three).is_identity()));
        let with_three: Vec<_> = points.iter().map(|p| p.add(&three)).collect();
        points.extend(with_three);
        let mut outside = 0;
        for p in &points {
            let c = p.clear_cofactor();
            assert_eq!(p.clear_cofactor_vartime(), c);
            assert!(bool::from(c.is_torsion_free()));
            outside += usize::from(!bool::from(p.is_torsion_free()));
        }
        assert!(outside >= 10, "the map's outputs lie outside G1");
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
