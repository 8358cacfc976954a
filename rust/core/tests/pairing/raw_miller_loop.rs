//! The value before the final exponentiation against blst's: our
//! `miller_loop`, `miller_loop_prepared` and `miller_loop_mixed` must return
//! exactly `blst_miller_loop`'s value (for several pairs, the product of
//! blst's single-pair values, as ocaml-bls12-381 computes its
//! `Pairing.miller_loop`), including blst's one for a pair with the
//! identity. Every expected value comes from blst.

use crate::common::*;
use crate::points::*;
use bls12_381_core::{miller_loop, miller_loop_mixed, miller_loop_prepared, Fp12, G1Affine, G2Affine, G2Prepared};
use blst::{blst_fp12, blst_fp6, blst_p1_affine, blst_p2_affine};

/// blst's Miller loop of one pair, its points as blst's affine points
/// (the all-zero point is blst's identity).
fn blst_ml(p: &blst_p1_affine, q: &blst_p2_affine) -> blst_fp12 {
    bcall!(blst_miller_loop, blst_fp12, q, p)
}

/// The product of blst's single-pair Miller loops (one for no pair).
fn blst_product(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> Fp12 {
    let mut acc = unsafe { *blst::blst_fp12_one() };
    for (p, q) in pairs {
        acc = bcall!(blst_fp12_mul, blst_fp12, &acc, &blst_ml(p, q));
    }
    fp12_from_blst(&acc)
}

fn to_blst(pairs: &[(G1Affine, G2Affine)]) -> Vec<(blst_p1_affine, blst_p2_affine)> {
    pairs.iter().map(|(p, q)| (g1_to_blst(p), g2_to_blst(q))).collect()
}

fn random_pairs(rng: &mut impl rand::RngCore, n: usize) -> Vec<(G1Affine, G2Affine)> {
    (0..n).map(|_| (rand_g1(rng).to_affine(), rand_g2(rng).to_affine())).collect()
}

/// Our three raw-value functions on `pairs` (the mixed one at every split
/// into pairs on the fly and prepared pairs) against `expected`.
fn check_all(what: &str, pairs: &[(G1Affine, G2Affine)], expected: Fp12) {
    check(what, pairs.len(), miller_loop(pairs), expected);
    let prepared: Vec<G2Prepared> = pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
    let with: Vec<(G1Affine, &G2Prepared)> = pairs.iter().zip(&prepared).map(|((p, _), q)| (*p, q)).collect();
    check("prepared", (what, pairs.len()), miller_loop_prepared(&with), expected);
    for k in 0..=pairs.len() {
        check("mixed", (what, pairs.len(), k), miller_loop_mixed(&pairs[..k], &with[k..]), expected);
    }
}

#[test]
fn one_pair_equals_blst_miller_loop() {
    let mut rng = rng("raw miller loop, one pair");
    for _ in 0..200 {
        let (p, q) = (rand_g1(&mut rng).to_affine(), rand_g2(&mut rng).to_affine());
        let expected = fp12_from_blst(&blst_ml(&g1_to_blst(&p), &g2_to_blst(&q)));
        check("miller_loop", (&p, &q), miller_loop(&[(p, q)]), expected);
        let prepared = G2Prepared::new(&q);
        check("prepared", (&p, &q), miller_loop_prepared(&[(p, &prepared)]), expected);
        check("mixed", (&p, &q), miller_loop_mixed(&[], &[(p, &prepared)]), expected);
        check("mixed", (&p, &q), miller_loop_mixed(&[(p, q)], &[]), expected);
    }
    // The generators.
    let (p, q) = (G1Affine::generator(), G2Affine::generator());
    check_all("generators", &[(p, q)], fp12_from_blst(&blst_ml(&g1_to_blst(&p), &g2_to_blst(&q))));
}

/// blst's own prepared form (`blst_precompute_lines`, then
/// `blst_miller_loop_lines`) gives the same value as its loop on the fly,
/// and so ours.
#[test]
fn prepared_equals_blst_miller_loop_lines() {
    let mut rng = rng("raw miller loop, blst lines");
    for _ in 0..50 {
        let (p, q) = (rand_g1(&mut rng).to_affine(), rand_g2(&mut rng).to_affine());
        let (bp, bq) = (g1_to_blst(&p), g2_to_blst(&q));
        let mut lines = [blst_fp6::default(); 68];
        unsafe { blst::blst_precompute_lines(lines.as_mut_ptr(), &bq) };
        let expected = fp12_from_blst(&bcall!(blst_miller_loop_lines, blst_fp12, lines.as_ptr(), &bp));
        check("miller_loop_prepared", (&p, &q), miller_loop_prepared(&[(p, &G2Prepared::new(&q))]), expected);
    }
}

#[test]
fn several_pairs_equal_blst_products() {
    let mut rng = rng("raw miller loop, several pairs");
    for n in [0usize, 1, 2, 3, 4, 5, 8, 9, 16, 17] {
        for _ in 0..3 {
            let pairs = random_pairs(&mut rng, n);
            let b = to_blst(&pairs);
            let expected = blst_product(&b);
            check_all("product of blst_miller_loop", &pairs, expected);
            // blst's multi-pair loop (shared squarings) gives the same
            // product when no point is the identity.
            if n > 0 {
                let (ps, qs): (Vec<_>, Vec<_>) = b.iter().map(|(p, q)| (p as *const _, q as *const _)).unzip();
                let multi = fp12_from_blst(&bcall!(blst_miller_loop_n, blst_fp12, qs.as_ptr(), ps.as_ptr(), n));
                check("blst_miller_loop_n", n, multi, expected);
            }
        }
    }
}

/// blst's `blst_miller_loop` returns one when either point is the
/// identity (its all-zero affine point); ours returns one for such a pair
/// and skips it in a product, which equals the product of blst's values.
#[test]
fn identity_pairs_equal_blst() {
    let mut rng = rng("raw miller loop, identities");
    let (p, q) = (rand_g1(&mut rng).to_affine(), rand_g2(&mut rng).to_affine());
    let (inf1, inf2) = (blst_p1_affine::default(), blst_p2_affine::default());
    let one = fp12_from_blst(&blst_ml(&inf1, &g2_to_blst(&q)));
    assert_eq!(one, Fp12::ONE, "blst: identity in G1 gives one");
    assert_eq!(fp12_from_blst(&blst_ml(&g1_to_blst(&p), &inf2)), Fp12::ONE, "blst: identity in G2 gives one");
    assert_eq!(fp12_from_blst(&blst_ml(&inf1, &inf2)), Fp12::ONE, "blst: both identities give one");
    let (o1, o2) = (G1Affine::identity(), G2Affine::identity());
    for pair in [(o1, q), (p, o2), (o1, o2)] {
        check_all("identity pair", &[pair], one);
    }
    // Identities among other pairs, against blst's product of its values
    // for every pair (the identity ones included).
    let mut pairs = random_pairs(&mut rng, 4);
    pairs.insert(1, (o1, q));
    pairs.insert(3, (p, o2));
    pairs.push((o1, o2));
    let b: Vec<(blst_p1_affine, blst_p2_affine)> = pairs
        .iter()
        .map(|(p, q)| {
            let bp = if bool::from(p.is_identity()) { inf1 } else { g1_to_blst(p) };
            let bq = if bool::from(q.is_identity()) { inf2 } else { g2_to_blst(q) };
            (bp, bq)
        })
        .collect();
    check_all("pairs with identities", &pairs, blst_product(&b));
    assert!(G2Prepared::new(&o2).is_identity());
}
