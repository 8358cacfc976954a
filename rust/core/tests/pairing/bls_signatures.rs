//! End to end: the BLS signature vectors of ethereum/bls12-381-tests v0.1.2
//! (vectors/bls12-381-tests-v0.1.2/, handlers sign, verify, aggregate,
//! fast_aggregate_verify, aggregate_verify, batch_verify, hash_to_G2) run
//! through decoding, hash to curve and the pairing.
//!
//! The scheme is a small test-side implementation of the proof-of-possession
//! ciphersuite `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` of the IETF
//! draft (draft-irtf-cfrg-bls-signature): public keys in G1 (48-byte
//! compressed), signatures in G2 (96-byte compressed), messages hashed to G2.
//! The deserialization_G1/G2 handlers of the same release are run by
//! tests/curves/encoding.rs (`ethereum_deserialization_vectors`).

use crate::common::*;
use crate::ethereum_files::*;
use bls12_381_core::{
    final_exponentiation, miller_loop_prepared, pairing, pairing_check, Fp2, Fr, G1Affine, G1Projective, G2Affine,
    G2Prepared, G2Projective,
};
use num_bigint::BigUint;
use rand::RngCore;
use serde_json::Value;

/// The ciphersuite's domain separation tag.
const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/// The test-side POP scheme. Every function follows the draft's steps;
/// "INVALID" is `None` or `false`.
mod pop {
    use super::*;

    /// The secret key as an integer in [1, r): 32 bytes big-endian (the
    /// vectors' form). Zero and values >= r are invalid.
    pub fn secret_key(bytes: &[u8]) -> Option<Fr> {
        let mut le: [u8; 32] = bytes.try_into().ok()?;
        le.reverse();
        let sk = Fr::from_bytes(&le).ok()?;
        (!bool::from(sk.is_zero())).then_some(sk)
    }

    /// H(m): hash_to_curve into G2 with the suite's DST.
    pub fn hash(msg: &[u8]) -> G2Affine {
        G2Projective::hash_to_curve(msg, DST).to_affine()
    }

    pub fn sk_to_pk(sk: &Fr) -> [u8; 48] {
        G1Projective::generator().mul(sk).to_affine().to_compressed()
    }

    /// Sign = CoreSign: [sk] H(m), compressed.
    pub fn sign(sk: &[u8], msg: &[u8]) -> Option<[u8; 96]> {
        let sk = secret_key(sk)?;
        Some(hash(msg).to_projective().mul(&sk).to_affine().to_compressed())
    }

    /// KeyValidate: the key decodes (flags, canonical, on the curve, in the
    /// subgroup) and is not the identity.
    pub fn key_validate(pk: &[u8]) -> Option<G1Affine> {
        let p = G1Affine::from_compressed(pk).ok()?;
        (!bool::from(p.is_identity())).then_some(p)
    }

    /// signature_to_point plus the subgroup check (the identity is a valid
    /// signature point: the deserialization vectors accept it).
    pub fn signature(sig: &[u8]) -> Option<G2Affine> {
        G2Affine::from_compressed(sig).ok()
    }

    /// CoreVerify: e(pk, H(m)) = e(G1, sig), checked as
    /// e(pk, H(m)) e(-G1, sig) = 1 with one shared final exponentiation.
    pub fn verify(pk: &[u8], msg: &[u8], sig: &[u8]) -> bool {
        let (Some(pk), Some(sig)) = (key_validate(pk), signature(sig)) else { return false };
        let hm = hash(msg);
        let verdict = pairing_check(&[(pk, hm), (G1Affine::generator().neg(), sig)]);
        // The same equation through the other two public routes: two full
        // pairings compared in GT, and the prepared Miller loop.
        let two_pairings = pairing(&pk, &hm) == pairing(&G1Affine::generator(), &sig);
        let (hm_p, sig_p) = (G2Prepared::new(&hm), G2Prepared::new(&sig));
        let ml = miller_loop_prepared(&[(pk, &hm_p), (G1Affine::generator().neg(), &sig_p)]);
        let prepared = bool::from(final_exponentiation(&ml).unwrap().is_identity());
        assert_eq!((two_pairings, prepared), (verdict, verdict), "the three verification routes disagree");
        verdict
    }

    /// Aggregate: the sum of the signature points; INVALID for an empty
    /// list or a signature that does not decode.
    pub fn aggregate(sigs: &[Vec<u8>]) -> Option<[u8; 96]> {
        if sigs.is_empty() {
            return None;
        }
        let mut acc = G2Projective::identity();
        for s in sigs {
            acc = acc.add_affine(&signature(s)?);
        }
        Some(acc.to_affine().to_compressed())
    }

    /// AggregateVerify (POP: CoreAggregateVerify, no distinct-message
    /// requirement): n >= 1, every key valid, the signature valid, and
    /// prod e(pk_i, H(m_i)) e(-G1, sig) = 1.
    pub fn aggregate_verify(pks: &[Vec<u8>], msgs: &[Vec<u8>], sig: &[u8]) -> bool {
        if pks.is_empty() || pks.len() != msgs.len() {
            return false;
        }
        let Some(sig) = signature(sig) else { return false };
        let mut pairs = Vec::with_capacity(pks.len() + 1);
        for (pk, m) in pks.iter().zip(msgs) {
            let Some(pk) = key_validate(pk) else { return false };
            pairs.push((pk, hash(m)));
        }
        pairs.push((G1Affine::generator().neg(), sig));
        pairing_check(&pairs)
    }

    /// FastAggregateVerify: n >= 1, every key passes KeyValidate (the
    /// keys are assumed to carry proofs of possession, but an identity key
    /// is still rejected, as the vectors require), then CoreVerify with the
    /// sum of the keys.
    pub fn fast_aggregate_verify(pks: &[Vec<u8>], msg: &[u8], sig: &[u8]) -> bool {
        if pks.is_empty() {
            return false;
        }
        let mut acc = G1Projective::identity();
        for pk in pks {
            let Some(pk) = key_validate(pk) else { return false };
            acc = acc.add_affine(&pk);
        }
        verify(&acc.to_affine().to_compressed(), msg, sig)
    }

    /// Batch verification of (pk_i, m_i, sig_i) triples: every key and
    /// signature valid, and with random nonzero 128-bit coefficients c_i,
    /// prod e([c_i] pk_i, H(m_i)) e(-G1, sum [c_i] sig_i) = 1. The
    /// coefficients are what stop a set of individually invalid signatures
    /// whose sum is valid.
    pub fn batch_verify(pks: &[Vec<u8>], msgs: &[Vec<u8>], sigs: &[Vec<u8>], rng: &mut impl RngCore) -> bool {
        if pks.is_empty() || pks.len() != msgs.len() || pks.len() != sigs.len() {
            return false;
        }
        let mut pairs = Vec::with_capacity(pks.len() + 1);
        let mut sig_acc = G2Projective::identity();
        for ((pk, m), s) in pks.iter().zip(msgs).zip(sigs) {
            let (Some(pk), Some(sig)) = (key_validate(pk), signature(s)) else { return false };
            let c = loop {
                let mut b = [0u8; 32];
                rng.fill_bytes(&mut b[..16]);
                let c = Fr::from_bytes(&b).unwrap();
                if !bool::from(c.is_zero()) {
                    break c;
                }
            };
            pairs.push((pk.to_projective().mul_vartime(&c).to_affine(), hash(m)));
            sig_acc = sig_acc.add(&sig.to_projective().mul_vartime(&c));
        }
        pairs.push((G1Affine::generator().neg(), sig_acc.to_affine()));
        pairing_check(&pairs)
    }
}

#[test]
fn sign() {
    let mut invalid = 0;
    for (name, case) in cases("sign", 10) {
        let (sk, msg) = (bytes(&case["input"]["privkey"]), bytes(&case["input"]["message"]));
        let got = pop::sign(&sk, &msg);
        check(&name, (), got.map(|s| s.to_vec()), opt_bytes(&case["output"]));
        if let Some(sig) = got {
            // The signature verifies under the key derived from sk.
            let pk = pop::sk_to_pk(&pop::secret_key(&sk).unwrap());
            assert!(pop::verify(&pk, &msg, &sig), "{name}: own signature does not verify");
        } else {
            invalid += 1;
        }
    }
    assert_eq!(invalid, 1, "only the zero key is invalid");
}

#[test]
fn verify() {
    let accepted =
        verdicts("verify", 29, |i| pop::verify(&bytes(&i["pubkey"]), &bytes(&i["message"]), &bytes(&i["signature"])));
    // 9 valid cases and the generator's key (sk = 1).
    assert_eq!(accepted, 10);
}

#[test]
fn aggregate() {
    for (name, case) in cases("aggregate", 6) {
        let got = pop::aggregate(&byte_list(&case["input"]));
        check(&name, (), got.map(|s| s.to_vec()), opt_bytes(&case["output"]));
    }
}

#[test]
fn fast_aggregate_verify() {
    let accepted = verdicts("fast_aggregate_verify", 12, |i| {
        pop::fast_aggregate_verify(&byte_list(&i["pubkeys"]), &bytes(&i["message"]), &bytes(&i["signature"]))
    });
    assert_eq!(accepted, 3);
}

#[test]
fn aggregate_verify() {
    let accepted = verdicts("aggregate_verify", 5, |i| {
        pop::aggregate_verify(&byte_list(&i["pubkeys"]), &byte_list(&i["messages"]), &bytes(&i["signature"]))
    });
    assert_eq!(accepted, 1);
}

#[test]
fn batch_verify() {
    let mut rng = rng("bls batch_verify");
    let mut accepted = 0;
    for (name, case) in cases("batch_verify", 4) {
        let i = &case["input"];
        let (pks, msgs, sigs) = (byte_list(&i["pubkeys"]), byte_list(&i["messages"]), byte_list(&i["signatures"]));
        let expected = case["output"].as_bool().unwrap();
        // Several draws of the coefficients: the verdict must not depend on them.
        for _ in 0..3 {
            check(&name, "random coefficients", pop::batch_verify(&pks, &msgs, &sigs, &mut rng), expected);
        }
        // One by one gives the same verdict.
        let each = pks.iter().zip(&msgs).zip(&sigs).all(|((pk, m), s)| pop::verify(pk, m, s));
        check(&name, "one by one", each, expected);
        accepted += expected as usize;
        if name == "batch_verify_invalid_forged_signature_set" {
            // The forgery is built so that the signatures' sum is valid:
            // without the random coefficients it would be accepted.
            let sum = pop::aggregate(&sigs).unwrap();
            assert!(pop::aggregate_verify(&pks, &msgs, &sum), "{name}: the sum of the forged set should verify");
        }
    }
    assert_eq!(accepted, 2);
}

/// The hash_to_G2 handler: RFC 9380's G2 RO vectors (DST QUUX-V01-CS02-...),
/// the hash every other handler relies on.
#[test]
fn hash_to_g2() {
    const H2C_DST: &[u8] = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
    let fp = |s: &str| fp_of(&BigUint::parse_bytes(s.trim().trim_start_matches("0x").as_bytes(), 16).unwrap());
    let fp2 = |v: &Value| {
        let (c0, c1) = v.as_str().unwrap().split_once(',').unwrap();
        Fp2::new(fp(c0), fp(c1))
    };
    for (name, case) in cases("hash_to_G2", 4) {
        let msg = case["input"]["msg"].as_str().unwrap().as_bytes();
        let p = G2Projective::hash_to_curve(msg, H2C_DST).to_affine();
        let expected: (Fp2, Fp2) = (fp2(&case["output"]["x"]), fp2(&case["output"]["y"]));
        check(&name, (), (p.x(), p.y()), expected);
    }
}
