//! Bilinearity, non-degeneracy, pairing_check.

use crate::common::*;
use crate::points::*;
use bls12_381_core::{pairing, pairing_check, Fr, G1Affine, G1Projective, G2Affine, G2Projective, Gt};

#[test]
fn bilinear() {
    let mut rng = rng("bilinearity");
    for _ in 0..30 {
        let (p, q) = (rand_g1(&mut rng), rand_g2(&mut rng));
        let (a, b) = (rand_fr(&mut rng), rand_fr(&mut rng));
        let e = pairing(&p.to_affine(), &q.to_affine());
        let lhs = pairing(&p.mul(&a).to_affine(), &q.mul(&b).to_affine());
        assert_eq!(lhs, e.pow(&a.mul(&b)));
        let p2 = rand_g1(&mut rng);
        let sum = pairing(&p.add(&p2).to_affine(), &q.to_affine());
        assert_eq!(sum, e.mul(&pairing(&p2.to_affine(), &q.to_affine())));
        let q2 = rand_g2(&mut rng);
        let sum = pairing(&p.to_affine(), &q.add(&q2).to_affine());
        assert_eq!(sum, e.mul(&pairing(&p.to_affine(), &q2.to_affine())));
    }
}

#[test]
fn non_degenerate() {
    let e = pairing(&G1Affine::generator(), &G2Affine::generator());
    assert!(!bool::from(e.is_identity()));
    assert!(bool::from(Gt::is_element(&e.to_fp12())));
    // e(G1, G2) has order r: e^r = 1 (r - 1 + 1) but e != 1.
    let r_minus_1 = fr_of(&(r() - 1u32));
    assert_eq!(e.pow(&r_minus_1).mul(&e), Gt::identity());
}

#[test]
fn pairing_check_true_and_false() {
    let mut rng = rng("pairing check");
    assert!(pairing_check(&[]));
    let (g1, g2) = (G1Projective::generator(), G2Projective::generator());
    for n in 1..6 {
        // prod_i e(a_i G1, b_i G2) e(-(sum_i a_i b_i) G1, G2) = 1.
        let mut pairs = Vec::new();
        let mut total = Fr::ZERO;
        for _ in 0..n {
            let (a, b) = (rand_fr(&mut rng), rand_fr(&mut rng));
            pairs.push((g1.mul(&a).to_affine(), g2.mul(&b).to_affine()));
            total = total.add(&a.mul(&b));
        }
        let mut balanced = pairs.clone();
        balanced.push((g1.mul(&total).neg().to_affine(), G2Affine::generator()));
        assert!(pairing_check(&balanced), "n = {n}");
        assert!(!pairing_check(&pairs), "n = {n}");
        // One point changed: false.
        let mut broken = balanced.clone();
        broken[0].0 = G1Projective::from(broken[0].0).double().to_affine();
        assert!(!pairing_check(&broken), "n = {n}");
        let mut broken = balanced.clone();
        broken[n - 1].1 = G2Projective::from(broken[n - 1].1).double().to_affine();
        assert!(!pairing_check(&broken), "n = {n}");
    }
    let p = rand_g1(&mut rng).to_affine();
    assert!(pairing_check(&[(p, G2Affine::identity())]));
    assert!(pairing_check(&[(G1Affine::identity(), G2Affine::generator())]));
    assert!(!pairing_check(&[(G1Affine::generator(), G2Affine::generator())]));
}
