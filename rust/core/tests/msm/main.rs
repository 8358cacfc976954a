//! Integration tests of multi-scalar multiplication (placeholder; the full suite follows).

use bls12_381_core::{msm, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

#[test]
fn sanity() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for &n in &[9usize, 33, 100, 1000, 5000] {
        let pts: Vec<G1Affine> = (0..n).map(|_| G1Projective::random(&mut rng).to_affine()).collect();
        let sc: Vec<Fr> = (0..n).map(|_| Fr::random(&mut rng)).collect();
        let naive = pts.iter().zip(&sc).fold(G1Projective::identity(), |a, (p, k)| a + G1Projective::from(*p).mul_vartime(k));
        for t in [1, 2] {
            assert_eq!(msm::msm_vartime_with_threads(&pts, &sc, t).unwrap(), naive, "n={n} t={t}");
        }
        for c in [1, 2, 5, 8, 13, 16] {
            assert_eq!(msm::msm_vartime_with_window(&pts, &sc, 1, c).unwrap(), naive, "n={n} c={c}");
        }
        let pts: Vec<G2Affine> = (0..n.min(1000)).map(|_| G2Projective::random(&mut rng).to_affine()).collect();
        let sc = &sc[..pts.len()];
        let naive = pts.iter().zip(sc).fold(G2Projective::identity(), |a, (p, k)| a + G2Projective::from(*p).mul_vartime(k));
        assert_eq!(msm::msm_vartime_with_threads(&pts, sc, 2).unwrap(), naive, "G2 n={n}");
    }
}
