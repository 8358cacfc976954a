//! The Miller loop's steps and line products against each other and
//! against the group law (blst's values: `tests/pairing`).

use super::steps::{HEAD, RUN, TAIL};
use super::*;
use crate::field::Fr;
use rand_core::SeedableRng;

/// Random pairs (p, q), p in G1, q in G2.
fn random_pairs(seed: u64, n: usize) -> Vec<(G1Affine, G2Affine)> {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            (
                G1Affine::from(crate::G1Projective::generator().mul(&Fr::random(&mut rng))),
                G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine(),
            )
        })
        .collect()
}

/// Each doubling kernel's lines evaluated at P equal its unevaluated
/// lines (xp = yp = 1) evaluated afterwards, and the points agree.
#[test]
fn evaluated_lines_match() {
    for (p, q) in random_pairs(8, 20) {
        let mut at_p = OnTheFly::<Doubler>::new(&p, &q);
        let mut bare = Doubler::new(&q, &Fp::ONE, &Fp::ONE);
        let mut jac_at_p = OnTheFly::<JacobianDoubler>::new(&p, &q);
        let mut jac_bare = JacobianDoubler::new(&q, &Fp::ONE, &Fp::ONE);
        for _ in 0..5 {
            let (a, b) = (at_p.double(), bare.double().evaluate(&p.x(), &p.y()));
            assert_eq!((a.c0, a.c1, a.c4), (b.c0, b.c1, b.c4));
            let (a, b) = (jac_at_p.double(), jac_bare.double().evaluate(&p.x(), &p.y()));
            assert_eq!((a.c0, a.c1, a.c4), (b.c0, b.c1, b.c4));
        }
        assert_eq!((at_p.d.t.x, at_p.d.t.y, at_p.d.t.z), (bare.t.x, bare.t.y, bare.t.z));
        let (j, b) = (&jac_at_p.d, &jac_bare);
        assert_eq!((j.x, j.y, j.v, j.z), (b.x, b.y, b.v, b.z));
    }
}

/// The loop with lines taken two at a time equals the loop with one
/// line at a time, for 0 to 5 pairs (odd counts leave a single line),
/// with either kind of steps; the prepared and mixed loops equal the
/// loop on the fly.
#[test]
fn line_pairs_match_single_lines() {
    let pairs = random_pairs(9, 5);
    for n in 0..=5 {
        let want = probe_miller_loop_single_lines(&pairs[..n], false);
        assert_eq!(probe_miller_loop_single_lines(&pairs[..n], true), want, "{n} pairs, grouped");
        assert_eq!(miller_loop(&pairs[..n]), want, "{n} pairs");
        let prepared: Vec<G2Prepared> = pairs[..n].iter().map(|(_, q)| G2Prepared::new(q)).collect();
        let refs: Vec<(G1Affine, &G2Prepared)> = pairs[..n].iter().zip(&prepared).map(|((p, _), q)| (*p, q)).collect();
        assert_eq!(miller_loop_prepared(&refs), want, "{n} prepared pairs");
        for k in 0..=n {
            assert_eq!(miller_loop_mixed(&pairs[..k], &refs[k..]), want, "{n} pairs, {k} on the fly");
        }
        let want = single_lines::<Doubler>(&pairs[..n], false);
        assert_eq!(single_lines::<Doubler>(&pairs[..n], true), want, "{n} pairs, homogeneous, grouped");
        assert_eq!(miller_loop_up_to_fp2(&pairs[..n]), want, "{n} pairs, homogeneous");
        assert_eq!(miller_loop_with_t(&pairs[..n]).0, want, "{n} pairs, with T");
    }
}

/// The loop with homogeneous stretches ([`BlstSteps`]) equals the loop
/// of Jacobian steps throughout (blst's, in `tests/pairing`).
#[test]
fn homogeneous_tail_keeps_blst_value() {
    assert_eq!((HEAD, RUN, TAIL), (15, 32, 16));
    let pairs = random_pairs(12, 4);
    for n in 0..=4 {
        let want = run(&mut on_the_fly::<JacobianDoubler>(&pairs[..n]));
        assert_eq!(miller_loop(&pairs[..n]), want, "{n} pairs");
        assert_eq!(single_lines::<JacobianDoubler>(&pairs[..n], false), want, "{n} pairs, single lines");
    }
}

/// The homogeneous loop differs from blst's scaling by a factor in Fp2
/// that depends on Q (module doc): the ratio lies in Fp2, is the same
/// for two P with the same Q, and differs between two Q.
#[test]
fn homogeneous_loop_is_off_by_fp2_factor_of_q() {
    let pairs = random_pairs(10, 3);
    let ratio = |p: &G1Affine, q: &G2Affine| {
        miller_loop(&[(*p, *q)]).mul(&miller_loop_up_to_fp2(&[(*p, *q)]).invert().unwrap())
    };
    let (p0, q0) = pairs[0];
    let r = ratio(&p0, &q0);
    assert_eq!(r, Fp12::new(Fp6::new(r.c0.c0, Fp2::ZERO, Fp2::ZERO), Fp6::ZERO), "ratio in Fp2");
    assert_eq!(ratio(&pairs[1].0, &q0), r, "same Q, another P");
    assert_ne!(ratio(&p0, &pairs[2].1), r, "another Q");
}

/// The homogeneous steps against the group law of the Jacobian code.
#[test]
fn steps_follow_the_group_law() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    for _ in 0..20 {
        let q = G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine();
        let mut d = Doubler::new(&q, &Fp::ONE, &Fp::ONE);
        let mut m = G2Projective::from(q);
        for step in 0..6 {
            if step % 2 == 0 {
                d.double();
                m = m.double();
            } else {
                d.t.add(&q);
                m = m.add_affine(&q);
            }
            let t = &d.t;
            let zinv = t.z.invert().unwrap();
            let a = m.to_affine();
            assert_eq!(t.x.mul(&zinv), a.x());
            assert_eq!(t.y.mul(&zinv), a.y());
        }
    }
}

/// The Jacobian steps against the group law, with V = Z^3 kept.
#[test]
fn jacobian_steps_follow_the_group_law() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
    for _ in 0..20 {
        let q = G2Projective::generator().mul(&Fr::random(&mut rng)).to_affine();
        let mut d = JacobianDoubler::new(&q, &Fp::ONE, &Fp::ONE);
        let mut m = G2Projective::from(q);
        for step in 0..8 {
            if step % 3 == 1 {
                d.add(&q);
                m = m.add_affine(&q);
            } else {
                d.double();
                m = m.double();
            }
            assert_eq!(d.v, d.z.square().mul(&d.z), "V = Z^3");
            let zinv = d.z.invert().unwrap();
            let a = m.to_affine();
            assert_eq!(d.x.mul(&zinv.square()), a.x());
            assert_eq!(d.y.mul(&zinv.square().mul(&zinv)), a.y());
        }
    }
}
