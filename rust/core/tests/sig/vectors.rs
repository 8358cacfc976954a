//! ethereum/bls12-381-tests v0.1.2 (ciphersuite
//! `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`: min-pk, Proof of
//! Possession) through `sig::{MinPk, Pop}` (hash_to_G2, the hash
//! `MinPk` signs with, runs in tests/pairing/bls_signatures.rs). The files
//! are those of
//! vectors/bls12-381-tests-v0.1.2/ (vectors/README.md names the source);
//! each handler also checks its number of files and of accepted cases, so
//! a lost file or a verifier that accepts everything fails.

use crate::common::*;
use crate::ethereum_files::*;
use bls12_381_core::curve::{G1Affine, G2Affine};
use bls12_381_core::sig::{aggregate, MinPk, Pop, PublicKey, Scheme, SecretKey, Signature};
use bls12_381_core::Error;
use serde_json::Value;

type Pk = PublicKey<MinPk>;
type Sig = Signature<MinPk>;
/// The (public key, message, signature) sets of a batch verification.
type Sets<'a> = [(Pk, &'a [u8], Sig)];

/// Public keys as the vectors give them; `None` if one fails KeyValidate.
fn pks(v: &Value) -> Option<Vec<Pk>> {
    byte_list(v).iter().map(|b| Pk::from_bytes(b).ok()).collect()
}

/// Verify from bytes, as an application does: decode the key
/// (KeyValidate), decode the signature leaving the subgroup check to the
/// verification; and the same with the checked decoder.
fn verify(pk: &[u8], msg: &[u8], sig: &[u8]) -> bool {
    let Ok(pk) = Pk::from_bytes(pk) else { return false };
    let unchecked = Sig::from_bytes_unchecked(sig).and_then(|s| Pop::verify(&pk, msg, &s));
    let checked = Sig::from_bytes(sig).and_then(|s| Pop::verify(&pk, msg, &s));
    assert_eq!(unchecked.is_ok(), checked.is_ok(), "checked and unchecked decoding disagree");
    checked.is_ok()
}

#[test]
fn sign() {
    let mut invalid = 0;
    for (name, case) in cases("sign", 10) {
        let (sk, msg) = (bytes(&case["input"]["privkey"]), bytes(&case["input"]["message"]));
        let expected = opt_bytes(&case["output"]);
        match SecretKey::from_slice(&sk) {
            Ok(sk) => {
                let sig = Pop::sign::<MinPk>(&sk, &msg);
                check(&name, (), Some(sig.to_bytes().to_vec()), expected);
                let pk = sk.public_key::<MinPk>();
                assert!(Pop::verify(&pk, &msg, &sig).is_ok(), "{name}: own signature");
                assert_eq!(SecretKey::from_slice(&sk.to_bytes()).unwrap(), sk, "{name}: key round trip");
            }
            Err(e) => {
                check(&name, (), e, Error::ZeroSecretKey);
                check(&name, (), None, expected);
                invalid += 1;
            }
        }
    }
    assert_eq!(invalid, 1, "only the zero key is invalid");
}

#[test]
fn verify_vectors() {
    let accepted =
        verdicts("verify", 29, |i| verify(&bytes(&i["pubkey"]), &bytes(&i["message"]), &bytes(&i["signature"])));
    assert_eq!(accepted, 10);
}

#[test]
fn aggregate_vectors() {
    for (name, case) in cases("aggregate", 6) {
        let sigs: Result<Vec<Sig>, Error> =
            byte_list(&case["input"]).iter().map(|b| Sig::from_bytes_unchecked(b)).collect();
        let got = sigs.and_then(|s| aggregate(&s)).ok().map(|s| s.to_bytes().to_vec());
        check(&name, (), got, opt_bytes(&case["output"]));
    }
}

#[test]
fn fast_aggregate_verify_vectors() {
    let accepted = verdicts("fast_aggregate_verify", 12, |i| {
        let (Some(pks), Ok(sig)) = (pks(&i["pubkeys"]), Sig::from_bytes_unchecked(&bytes(&i["signature"]))) else {
            return false;
        };
        Pop::fast_aggregate_verify(&pks, &bytes(&i["message"]), &sig).is_ok()
    });
    assert_eq!(accepted, 3);
}

#[test]
fn aggregate_verify_vectors() {
    let accepted = verdicts("aggregate_verify", 5, |i| {
        let (Some(pks), Ok(sig)) = (pks(&i["pubkeys"]), Sig::from_bytes_unchecked(&bytes(&i["signature"]))) else {
            return false;
        };
        let msgs = byte_list(&i["messages"]);
        let msgs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
        Pop::aggregate_verify(&pks, &msgs, &sig).is_ok()
    });
    assert_eq!(accepted, 1);
}

#[test]
fn batch_verify_vectors() {
    let mut accepted = 0;
    let mut rng = rng("sig batch_verify");
    for (name, case) in cases("batch_verify", 4) {
        let (i, expected) = (&case["input"], case["output"].as_bool().unwrap());
        let msgs = byte_list(&i["messages"]);
        let sigs: Result<Vec<Sig>, Error> =
            byte_list(&i["signatures"]).iter().map(|b| Sig::from_bytes_unchecked(b)).collect();
        let got = |f: &mut dyn FnMut(&Sets) -> bool| -> bool {
            let (Some(pks), Ok(sigs)) = (pks(&i["pubkeys"]), sigs.clone()) else { return false };
            let sets: Vec<(Pk, &[u8], Sig)> =
                pks.into_iter().zip(&msgs).zip(sigs).map(|((pk, m), s)| (pk, m.as_slice(), s)).collect();
            f(&sets)
        };
        for _ in 0..3 {
            check(&name, "rng", got(&mut |s| Pop::batch_verify(s, &mut rng).is_ok()), expected);
        }
        check(&name, "derived", got(&mut |s| Pop::batch_verify_derived(s, b"").is_ok()), expected);
        check(&name, "derived, seeded", got(&mut |s| Pop::batch_verify_derived(s, b"seed").is_ok()), expected);
        accepted += expected as usize;
        if name == "batch_verify_invalid_forged_signature_set" {
            // The forged signatures sum to a valid aggregate: only the
            // random scalars tell the batch from an aggregate.
            let (pks, sigs) = (pks(&i["pubkeys"]).unwrap(), sigs.clone().unwrap());
            let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            assert!(Pop::aggregate_verify(&pks, &m, &aggregate(&sigs).unwrap()).is_ok(), "{name}");
        }
    }
    assert_eq!(accepted, 2);
}

/// deserialization_G1: public keys; the identity decodes as a point (the
/// vector says true) but is no public key (KeyValidate).
#[test]
fn deserialization_vectors() {
    let mut ok = 0;
    for (name, case) in cases("deserialization_G1", 13) {
        let b = bytes(&case["input"]["pubkey"]);
        let expected = case["output"].as_bool().unwrap();
        let point = G1Affine::from_compressed(&b);
        check(&name, (), point.is_ok(), expected);
        match point {
            Ok(p) if bool::from(p.is_identity()) => check(&name, (), Pk::from_bytes(&b), Err(Error::IdentityPublicKey)),
            Ok(p) => check(&name, (), Pk::from_bytes(&b).map(|k| k.point()), Ok(p)),
            Err(e) => check(&name, (), Pk::from_bytes(&b).map(|k| k.point()), Err(e)),
        }
        ok += expected as usize;
    }
    for (name, case) in cases("deserialization_G2", 15) {
        let b = bytes(&case["input"]["signature"]);
        let expected = case["output"].as_bool().unwrap();
        let got = Sig::from_bytes(&b);
        check(&name, (), got.is_ok(), expected);
        check(&name, (), got.map(|s| s.point()), G2Affine::from_compressed(&b));
        ok += expected as usize;
    }
    assert_eq!(ok, 4);
}
