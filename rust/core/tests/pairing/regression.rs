//! Regression vectors of ocaml-bls12-381 (blst-backed), transcribed from its
//! test/test_pairing.ml: `pairing` (5 cases), `miller_loop` (5 cases) and
//! `gt_generator_decimal`, in vectors/hash_to_curve/ocaml_regression_vectors.json
//! (the same file's `hash_to_curve_regression` cases are run by
//! tests/curves/hash_to_curve.rs).
//!
//! Encodings (the file's `_encoding` key): g1 96-byte and g2 192-byte
//! uncompressed ZCash points; gt and Miller-loop outputs 576 bytes, 12 Fp
//! coefficients in tower order, each 48-byte little-endian (ocaml's
//! `GT.to_bytes`, which `Fp12::from_slice` / `Gt::from_bytes` read).

use crate::common::*;
use bls12_381_core::{
    final_exponentiation, miller_loop, miller_loop_mixed, miller_loop_prepared, pairing, pairing_check, Fp, Fp12,
    G1Affine, G2Affine, G2Prepared, Gt,
};
use num_bigint::BigUint;
use serde_json::Value;

fn vectors() -> Value {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../vectors/hash_to_curve/ocaml_regression_vectors.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).expect("vector JSON")
}

fn bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).expect("hex")
}

fn g1(v: &Value) -> G1Affine {
    G1Affine::from_uncompressed(&bytes(v)).expect("g1 decodes")
}

fn g2(v: &Value) -> G2Affine {
    G2Affine::from_uncompressed(&bytes(v)).expect("g2 decodes")
}

#[test]
fn pairing_vectors() {
    let j = vectors();
    let cases = j["pairing"].as_array().unwrap();
    assert_eq!(cases.len(), 5);
    for (i, c) in cases.iter().enumerate() {
        let (p, q) = (g1(&c["g1"]), g2(&c["g2"]));
        let expected = bytes(&c["gt"]);
        let e = pairing(&p, &q);
        // Byte for byte, and the expected value is a member of GT.
        check("pairing", i, e.to_bytes().to_vec(), expected.clone());
        assert_eq!(Gt::from_bytes(&expected), Ok(e), "case {i}: expected gt must decode as GT");
        // The same value through the prepared Miller loop, and the
        // pairing_check of e(p, q) e(-p, q).
        let ml = miller_loop_prepared(&[(p, &G2Prepared::new(&q))]);
        check("prepared", i, final_exponentiation(&ml).unwrap(), e);
        assert!(pairing_check(&[(p, q), (p.neg(), q)]));
        assert!(!pairing_check(&[(p, q)]));
    }
}

/// blst's raw Miller-loop outputs (ocaml-bls12-381's `Pairing.miller_loop`,
/// the product of `blst_miller_loop` over the pairs), byte for byte: our
/// Miller loop keeps blst's scaling of the lines for that (see
/// `pairing/miller.rs`), on the fly, prepared and mixed. The final
/// exponentiation of the value is also checked against the product of the
/// pairings.
#[test]
fn miller_loop_vectors() {
    let j = vectors();
    let cases = j["miller_loop"].as_array().unwrap();
    assert_eq!(cases.len(), 5);
    let mut pairs_seen = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let pairs: Vec<(G1Affine, G2Affine)> =
            c["pairs"].as_array().unwrap().iter().map(|pq| (g1(&pq["g1"]), g2(&pq["g2"]))).collect();
        pairs_seen.push(pairs.len());
        let expected_bytes = bytes(&c["miller_loop_output"]);
        let expected = Fp12::from_slice(&expected_bytes).expect("576 canonical bytes");
        let ml = miller_loop(&pairs);
        check("miller_loop bytes", i, ml.to_bytes().to_vec(), expected_bytes);
        let prepared: Vec<G2Prepared> = pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
        let with_prepared: Vec<(G1Affine, &G2Prepared)> =
            pairs.iter().zip(&prepared).map(|((p, _), q)| (*p, q)).collect();
        check("miller_loop_prepared", i, miller_loop_prepared(&with_prepared), expected);
        for k in 0..=pairs.len() {
            check("miller_loop_mixed", (i, k), miller_loop_mixed(&pairs[..k], &with_prepared[k..]), expected);
        }
        let product = pairs.iter().fold(Gt::identity(), |acc, (p, q)| acc.mul(&pairing(p, q)));
        check("product of pairings", i, final_exponentiation(&expected).unwrap(), product);
    }
    assert_eq!(pairs_seen, [1, 1, 1, 1, 2]);
}

#[test]
fn gt_generator_decimal() {
    let j = vectors();
    let coeffs: Vec<Fp> = j["gt_generator_decimal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let x = BigUint::parse_bytes(d.as_str().unwrap().as_bytes(), 10).unwrap();
            assert!(&x < p(), "coefficient below p");
            fp_of(&x)
        })
        .collect();
    let expected = Fp12::from_coefficients(&coeffs.try_into().unwrap());
    check("Gt::generator", (), Gt::generator().to_fp12(), expected);
    check("e(G1, G2)", (), pairing(&G1Affine::generator(), &G2Affine::generator()).to_fp12(), expected);
}
