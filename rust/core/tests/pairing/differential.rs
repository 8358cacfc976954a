//! The pairing against blst.

use crate::common::*;
use crate::points::*;
use bls12_381_core::{
    final_exponentiation, miller_loop, miller_loop_mixed, miller_loop_prepared, pairing, Fp12, G1Affine, G2Affine,
    G2Prepared, Gt,
};
use blst::{blst_fp12, blst_p1_affine, blst_p2_affine};

/// e(p, q) by blst: Miller loop, then final exponentiation.
fn blst_pairing(p: &G1Affine, q: &G2Affine) -> Fp12 {
    let ml = bcall!(blst_miller_loop, blst_fp12, &g2_to_blst(q), &g1_to_blst(p));
    fp12_from_blst(&bcall!(blst_final_exp, blst_fp12, &ml))
}

#[test]
fn generator_pairing_matches_the_known_value() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../vectors/e_g1_g2.json");
    let obj: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let key = obj.as_object().unwrap().keys().find(|k| k.starts_with("e_g1_g2_576_bytes_ocaml")).unwrap();
    let bytes = hex::decode(obj[key].as_str().unwrap()).unwrap();
    let e = pairing(&G1Affine::generator(), &G2Affine::generator());
    assert_eq!(e.to_bytes().to_vec(), bytes);
    assert_eq!(Gt::generator(), e);
    assert_eq!(e.to_fp12(), blst_pairing(&G1Affine::generator(), &G2Affine::generator()));
}

#[test]
fn pairing_matches_blst() {
    let mut rng = rng("pairing vs blst");
    for _ in 0..300 {
        let p = rand_g1(&mut rng).to_affine();
        let q = rand_g2(&mut rng).to_affine();
        let expected = blst_pairing(&p, &q);
        check("pairing", (&p, &q), pairing(&p, &q).to_fp12(), expected);
        let prepared = G2Prepared::new(&q);
        let ml = miller_loop_prepared(&[(p, &prepared)]);
        check("prepared", (&p, &q), final_exponentiation(&ml).unwrap().to_fp12(), expected);
    }
}

#[test]
fn multi_miller_loop_matches_blst_products() {
    let mut rng = rng("multi miller loop vs blst");
    for n in [0usize, 1, 2, 3, 5, 8] {
        for _ in 0..10 {
            let pairs: Vec<(G1Affine, G2Affine)> =
                (0..n).map(|_| (rand_g1(&mut rng).to_affine(), rand_g2(&mut rng).to_affine())).collect();
            let mut acc = unsafe { *blst::blst_fp12_one() };
            for (p, q) in &pairs {
                let ml = bcall!(blst_miller_loop, blst_fp12, &g2_to_blst(q), &g1_to_blst(p));
                acc = bcall!(blst_fp12_mul, blst_fp12, &acc, &ml);
            }
            let expected = fp12_from_blst(&bcall!(blst_final_exp, blst_fp12, &acc));
            let got = final_exponentiation(&miller_loop(&pairs)).unwrap().to_fp12();
            check("multi Miller loop", n, got, expected);
            let prepared: Vec<G2Prepared> = pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
            let with: Vec<(G1Affine, &G2Prepared)> = pairs.iter().zip(&prepared).map(|((p, _), q)| (*p, q)).collect();
            check(
                "prepared multi Miller loop",
                n,
                final_exponentiation(&miller_loop_prepared(&with)).unwrap().to_fp12(),
                expected,
            );
            // Every split into pairs on the fly and prepared pairs.
            for k in 0..=n {
                let mixed = miller_loop_mixed(&pairs[..k], &with[k..]);
                check("mixed multi Miller loop", (n, k), final_exponentiation(&mixed).unwrap().to_fp12(), expected);
            }
        }
    }
}

#[test]
fn identity_pairs_contribute_one() {
    let mut rng = rng("identity pairs");
    let (p, q) = (rand_g1(&mut rng).to_affine(), rand_g2(&mut rng).to_affine());
    assert_eq!(miller_loop(&[]), Fp12::ONE);
    assert!(bool::from(pairing(&G1Affine::identity(), &q).is_identity()));
    assert!(bool::from(pairing(&p, &G2Affine::identity()).is_identity()));
    let with_ids = [(p, q), (G1Affine::identity(), q), (p, G2Affine::identity())];
    assert_eq!(final_exponentiation(&miller_loop(&with_ids)).unwrap(), pairing(&p, &q));
    assert!(G2Prepared::new(&G2Affine::identity()).is_identity());
    // blst agrees that e(O, Q) = 1.
    let ml = bcall!(blst_miller_loop, blst_fp12, &g2_to_blst(&q), &blst_p1_affine::default());
    assert_eq!(fp12_from_blst(&bcall!(blst_final_exp, blst_fp12, &ml)), Fp12::ONE);
    let ml = bcall!(blst_miller_loop, blst_fp12, &blst_p2_affine::default(), &g1_to_blst(&p));
    assert_eq!(fp12_from_blst(&bcall!(blst_final_exp, blst_fp12, &ml)), Fp12::ONE);
}

#[test]
fn final_exponentiation_matches_blst() {
    let mut rng = rng("final exponentiation vs blst");
    let mut inputs: Vec<Fp12> = fp12_edges().into_iter().filter(|f| !bool::from(f.is_zero())).collect();
    inputs.extend((0..1000).map(|_| rand_fp12(&mut rng)));
    for f in inputs {
        let expected = fp12_from_blst(&bcall!(blst_final_exp, blst_fp12, &fp12_to_blst(&f)));
        check("final exponentiation", f, final_exponentiation(&f).unwrap().to_fp12(), expected);
    }
    assert!(bool::from(final_exponentiation(&Fp12::ZERO).is_none()));
}
