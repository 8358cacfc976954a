//! G2: the order-r subgroup of the twist y^2 = x^3 + 4(u + 1) over Fp2.

use super::private::CurveHooks;
use super::{Affine, Curve, G2Affine, G2Projective, Jacobian, FOUR, G2};
#[cfg(target_arch = "x86_64")]
use crate::field::kernels::g2_double_lanes;
use crate::field::{Fp, Fp2, Fr};

// `g2_double`: the shared formula's Fp2 products out of line, Y' with one
// reduction per coefficient.
curve_hooks! {
    G2: G2Projective, G2Affine;
    mul_ct: g2_mul, mul_vartime: g2_mul_vartime, is_torsion_free: g2_is_torsion_free;
    double: g2_double, double_n_vartime: g2_double_n, endo: 4 x 64 bits, g2_endo_split, g2_endo_images;
}

impl Curve for G2 {
    type Base = Fp2;
    const NAME: &'static str = "G2";
    /// b = 4(u + 1).
    const B: Fp2 = Fp2::new(FOUR, FOUR);
    /// x = 0x024aa2b2...c121bdb8 + 0x13e02b60...5d042b7e u (the standard generator).
    const GENERATOR_X: Fp2 = Fp2::new(
        Fp::from_montgomery([
            0xf5f2_8fa2_0294_0a10,
            0xb3f5_fb26_87b4_961a,
            0xa1a8_93b5_3e2a_e580,
            0x9894_999d_1a3c_aee9,
            0x6f67_b763_1863_366b,
            0x0581_9192_4350_bcd7,
        ]),
        Fp::from_montgomery([
            0xa5a9_c075_9e23_f606,
            0xaaa0_c59d_bccd_60c3,
            0x3bb1_7e18_e286_7806,
            0x1b1a_b6cc_8541_b367,
            0xc2b6_ed0e_f215_8547,
            0x1192_2a09_7360_edf3,
        ]),
    );
    /// y = 0x0ce5d527...08b82801 + 0x0606c4a0...f05f79be u.
    const GENERATOR_Y: Fp2 = Fp2::new(
        Fp::from_montgomery([
            0x4c73_0af8_6049_4c4a,
            0x597c_fa1f_5e36_9c5a,
            0xe7e6_856c_aa0a_635a,
            0xbbef_b5e9_6e0d_495f,
            0x07d3_a975_f0ef_25a2,
            0x0083_fd8e_7e80_dae5,
        ]),
        Fp::from_montgomery([
            0xadc0_fc92_df64_b05d,
            0x18aa_270a_2b14_61dc,
            0x86ad_ac6a_3be4_eba0,
            0x7949_5c4e_c93d_a33a,
            0xe717_5850_a43c_caed,
            0x0b2b_c2a1_63de_1bf2,
        ]),
    );
}

/// `2^n p` for the variable-time chains: on the AVX-512 IFMA lanes where
/// the CPU has them (`field::kernels::g2_double_lanes`). Elsewhere the shared doubling: its
/// Fp2 kernels inlined into one loop (as G1's `g1_double_n`) measured no
/// faster (the map_parts example, BLS12_381_BACKEND=adx).
#[inline(never)]
fn g2_double_n(p: &G2Projective, n: u32) -> G2Projective {
    #[cfg(target_arch = "x86_64")]
    if g2_double_lanes::available() {
        let (x, y, z) = g2_double_lanes::double_n(&p.x, &p.y, &p.z, n);
        return G2Projective::from_raw(x, y, z);
    }
    p.double_n(n)
}

/// 1 / (u + 1)^((p - 1) / 3): the x factor of psi.
const PSI_X: Fp2 = Fp2::new(
    Fp::ZERO,
    Fp::from_montgomery([
        0x890d_c9e4_8675_45c3,
        0x2af3_2253_3285_a5d5,
        0x5088_0866_309b_7e2c,
        0xa20d_1b8c_7e88_1024,
        0x14e4_f04f_e2db_9068,
        0x14e5_6d3f_1564_853a,
    ]),
);

/// 1 / (u + 1)^((p - 1) / 2): the y factor of psi.
const PSI_Y: Fp2 = Fp2::new(
    Fp::from_montgomery([
        0x3e2f_585d_a55c_9ad1,
        0x4294_213d_86c1_8183,
        0x3828_44c8_8b62_3732,
        0x92ad_2afd_1910_3e18,
        0x1d79_4e4f_ac7c_f0b9,
        0x0bd5_92fc_7d82_5ec8,
    ]),
    Fp::from_montgomery([
        0x7bcf_a7a2_5aa3_0fda,
        0xdc17_dec1_2a92_7e7c,
        0x2f08_8dd8_6b4e_bef1,
        0xd1ca_2087_da74_d4a7,
        0x2da2_5966_96ce_bc1d,
        0x0e2b_7eed_bbfd_87d2,
    ]),
);

/// `conj(x) PSI_X`, the x map of psi: PSI_X = c u is purely imaginary, so
/// (x0 - x1 u) c u = x1 c + x0 c u takes two Fp products (not an Fp2 product).
#[inline]
pub(crate) fn psi_x(x: &Fp2) -> Fp2 {
    Fp2::new(x.c1.mul(&PSI_X.c1), x.c0.mul(&PSI_X.c1))
}

impl G2Projective {
    /// psi = twist^-1 o Frobenius o twist, an endomorphism of E2. On G2 it
    /// acts as multiplication by z = -0xd201000000010000 (the curve's seed).
    pub fn psi(&self) -> G2Projective {
        Jacobian::from_raw(psi_x(&self.x), self.y.conjugate().mul(&PSI_Y), self.z.conjugate())
    }

    /// Whether this point of E2 lies in G2, for a public point: the result
    /// of [`Jacobian::is_torsion_free`], the chain's doublings on the
    /// AVX-512 IFMA lanes where the CPU has them (`g2_double_lanes`: code
    /// without data-dependent branches, but out of reach of the
    /// constant-time check, hence the name).
    pub fn is_torsion_free_vartime(&self) -> bool {
        super::subgroup::g2_is_torsion_free_vartime(self)
    }
}

impl G2Affine {
    /// psi on an affine point (see [`G2Projective::psi`]).
    pub fn psi(&self) -> G2Affine {
        Affine::from_raw(psi_x(&self.x), self.y.conjugate().mul(&PSI_Y))
    }

    /// [`G2Projective::is_torsion_free_vartime`] of this point.
    pub fn is_torsion_free_vartime(&self) -> bool {
        G2Projective::from(*self).is_torsion_free_vartime()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn psi_is_multiplication_by_z() {
        // [z]P computed by double-and-add on |z| = 0xd201000000010000, negated.
        let g = G2Projective::generator();
        let mut acc = G2Projective::identity();
        for i in (0..64).rev() {
            acc = acc.double();
            if (0xd201_0000_0001_0000u64 >> i) & 1 == 1 {
                acc = acc.add(&g);
            }
        }
        assert_eq!(g.psi(), acc.neg());
        assert_eq!(G2Affine::generator().psi(), acc.neg().to_affine());
    }

    /// The variable-time runs of doublings (on the AVX-512 IFMA lanes
    /// where the CPU has them) against the shared doubling, coordinate by
    /// coordinate, on random points of G2, points of E2 outside G2 (the
    /// map's outputs), the identity, and points with a non-normalised Z.
    #[test]
    fn double_n_vartime_matches_doubling() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(23);
        let mut points = vec![G2Projective::identity(), G2Projective::generator()];
        for _ in 0..20 {
            points.push(G2Projective::random(&mut rng));
            points.push(G2Projective::map_to_curve(&Fp2::random(&mut rng)));
        }
        for (i, p) in points.iter().enumerate() {
            for n in [0u32, 1, 2, 3, 9, 32, 63] {
                let mut want = *p;
                for _ in 0..n {
                    want = want.double();
                }
                let got = G2::double_n_vartime(p, n);
                assert_eq!(got, want, "point {i}, {n} doublings");
                if n > 0 {
                    assert_eq!((got.x, got.y, got.z), (want.x, want.y, want.z), "point {i}, {n}: coordinates");
                }
            }
        }
    }
}
