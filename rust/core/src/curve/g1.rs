//! G1: the order-r subgroup of y^2 = x^3 + 4 over Fp.

use super::{Affine, Curve, Jacobian};
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
    fn mul_ct(p: &G1Projective, k: &Fr) -> G1Projective {
        super::glv::g1_mul(p, k)
    }
    fn mul_vartime(p: &G1Projective, k: &Fr) -> G1Projective {
        super::glv::g1_mul_vartime(p, k)
    }
    fn is_torsion_free(p: &G1Projective) -> subtle::Choice {
        super::subgroup::g1_is_torsion_free(p)
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
}
