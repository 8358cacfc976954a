//! G1: the order-r subgroup of y^2 = x^3 + 4 over Fp.

#[cfg(target_arch = "x86_64")]
use super::formulas;
use super::private::CurveHooks;
use super::{Curve, G1Affine, G1Projective, FOUR, G1};
#[cfg(target_arch = "x86_64")]
use crate::field::direct::FpAdx;
use crate::field::{Fp, Fr};

curve_hooks! {
    G1: G1Projective, G1Affine;
    mul_ct: g1_mul, mul_vartime: g1_mul_vartime, is_torsion_free: g1_is_torsion_free;
    double: g1_double, double_n_vartime: g1_double_n, endo: 2 x 128 bits, g1_endo_split, g1_endo_images;
    fn add_xy_vartime(p: &G1Projective, x2: &Fp, y2: &Fp) -> G1Projective {
        g1_add_xy_vartime(p, x2, y2)
    }
}

impl Curve for G1 {
    type Base = Fp;
    const NAME: &'static str = "G1";
    /// b = 4.
    const B: Fp = FOUR;
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
}

/// `2^n p`: `n` doublings. With the x86_64 kernels, the run is one function
/// with the kernels inlined ([`FpAdx`]: no call or backend check per operation; a
/// doubling loop alone fits the instruction cache). Constant time, like
/// [`g1_double`], but reached only from the variable-time chains
/// (`Curve::double_n_vartime`), so the secret paths keep the code the
/// constant-time check covers.
#[inline(never)]
fn g1_double_n(p: &G1Projective, n: u32) -> G1Projective {
    #[cfg(target_arch = "x86_64")]
    if let Some(o) = FpAdx::new() {
        return formulas::double_n_with(&o, p, n);
    }
    p.double_n(n)
}

/// [`Curve::add_xy_vartime`] of G1: with the x86_64 kernels, one function
/// with the kernels inlined ([`formulas::add_xy_vartime_with`]).
#[inline(never)]
fn g1_add_xy_vartime(p: &G1Projective, x2: &Fp, y2: &Fp) -> G1Projective {
    #[cfg(target_arch = "x86_64")]
    if let Some(o) = FpAdx::new() {
        return formulas::add_xy_vartime_with(&o, p, x2, y2, g1_double);
    }
    p.add_xy_vartime_generic(x2, y2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of doublings (the inlined x86_64 kernels where the backend
    /// has them) against the generic doubling of point.rs, on points of
    /// E1 outside G1, in G1, and the identity.
    #[test]
    fn double_n_matches_generic_doubling() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(18);
        let outside = (0..8).map(|_| G1Projective::map_to_curve(&Fp::random(&mut rng))).collect::<Vec<_>>();
        let inside = (0..8).map(|_| G1Projective::random(&mut rng)).collect::<Vec<_>>();
        let edges = [G1Projective::identity(), G1Projective::generator()];
        for p in outside.iter().chain(&inside).chain(&edges) {
            let mut want = *p;
            for n in 0..20 {
                assert_eq!(G1::double_n_vartime(p, n), want, "n = {n}");
                want = want.double_generic();
            }
        }
    }

    /// The variable-time mixed addition (the inlined x86_64 kernels where
    /// the backend has them) against the complete Jacobian addition and
    /// the generic mixed one: random points of E1 inside and outside G1
    /// with Z != 1, and the exceptional cases (equal points, opposite
    /// points, the identity plus a point).
    #[test]
    fn add_xy_vartime_matches_generic_addition() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(19);
        let mut points = Vec::new();
        for _ in 0..16 {
            points.push(G1Projective::map_to_curve(&Fp::random(&mut rng)));
            points.push(G1Projective::random(&mut rng).double());
        }
        for (i, p) in points.iter().enumerate() {
            let q = points[(i + 5) % points.len()].to_affine();
            let want = p.add(&G1Projective::from(q));
            let got = G1::add_xy_vartime(p, &q.x, &q.y);
            assert_eq!(got, want);
            assert_eq!(got.to_affine(), p.add_xy_vartime_generic(&q.x, &q.y).to_affine());
            let pa = p.to_affine();
            assert_eq!(G1::add_xy_vartime(p, &pa.x, &pa.y), p.double());
            assert!(bool::from(G1::add_xy_vartime(p, &pa.x, &pa.y.neg()).is_identity()));
            assert_eq!(G1::add_xy_vartime(&G1Projective::identity(), &q.x, &q.y), G1Projective::from(q));
        }
    }
}
