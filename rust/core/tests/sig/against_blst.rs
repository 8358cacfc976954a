//! Every scheme of both variants against blst (`blst::min_pk` for
//! [`MinPk`], `blst::min_sig` for [`MinSig`]) on random keys and messages:
//! KeyGen gives the same secret key for the same IKM and key_info (blst's
//! `SecretKey::key_gen` is the draft's KeyGen), public keys, signatures,
//! proofs of possession and aggregates are equal bytes, and the verdicts of
//! verify, aggregate_verify, fast_aggregate_verify, pop_verify and batch
//! verification agree on valid and on tampered inputs.

use crate::common::*;
use bls12_381_core::sig::{
    aggregate, Aug, Basic, MinPk, MinSig, Pop, PublicKey, Scheme, SecretKey, Signature, Variant,
};
use blst::BLST_ERROR;
use rand::{Rng, RngCore};

/// Random cases per scheme and variant.
const CASES: usize = 24;

macro_rules! against_blst {
    ($test:ident, $v:ty, $b:ident) => {
        #[test]
        fn $test() {
            use blst::$b as b;
            type V = $v;
            let mut rng = rng(stringify!($test));
            let ok = |e: BLST_ERROR| e == BLST_ERROR::BLST_SUCCESS;
            for case in 0..CASES {
                // KeyGen: IKM of 32..64 bytes, key_info empty or not.
                let mut ikm = vec![0u8; 32 + (case % 33)];
                rng.fill_bytes(&mut ikm);
                let info: &[u8] = if case % 2 == 0 { b"" } else { b"key info" };
                let sk = SecretKey::key_gen(&ikm, info).unwrap();
                let bsk = b::SecretKey::key_gen(&ikm, info).unwrap();
                assert_eq!(sk.to_bytes(), bsk.to_bytes(), "KeyGen");
                let pk = sk.public_key::<V>();
                let bpk = bsk.sk_to_pk();
                assert_eq!(pk.to_bytes().as_ref(), &bpk.to_bytes()[..], "SkToPk");
                assert_eq!(PublicKey::<V>::from_bytes(&bpk.to_bytes()), Ok(pk));

                let mut msg = vec![0u8; rng.gen_range(0..100)];
                rng.fill_bytes(&mut msg);
                let other = [msg.as_slice(), b"!"].concat();
                let pkb = pk.to_bytes();
                for scheme in 0..3 {
                    let (sig, dst, aug): (Signature<V>, &[u8], &[u8]) = match scheme {
                        0 => (Basic::sign::<V>(&sk, &msg), Basic::dst::<V>(), b""),
                        1 => (Aug::sign::<V>(&sk, &msg), Aug::dst::<V>(), pkb.as_ref()),
                        _ => (Pop::sign::<V>(&sk, &msg), Pop::dst::<V>(), b""),
                    };
                    let bsig = bsk.sign(&msg, dst, aug);
                    assert_eq!(sig.to_bytes().as_ref(), &bsig.to_bytes()[..], "sign, scheme {scheme}");
                    let verify = |m: &[u8], s: &Signature<V>| match scheme {
                        0 => Basic::verify(&pk, m, s).is_ok(),
                        1 => Aug::verify(&pk, m, s).is_ok(),
                        _ => Pop::verify(&pk, m, s).is_ok(),
                    };
                    let bverify = |m: &[u8], s: &b::Signature| ok(s.verify(true, m, dst, aug, &bpk, true));
                    assert!(verify(&msg, &sig) && bverify(&msg, &bsig), "verify, scheme {scheme}");
                    assert!(!verify(&other, &sig) && !bverify(&other, &bsig), "wrong message, scheme {scheme}");
                    // A signature under another scheme's DST fails.
                    let foreign = Basic::sign::<V>(&sk, b"x");
                    assert!(!verify(&msg, &foreign));
                }
                let proof = Pop::pop_prove::<V>(&sk);
                let bproof = bsk.sign(pkb.as_ref(), Pop::pop_dst::<V>(), b"");
                assert_eq!(proof.to_bytes().as_ref(), &bproof.to_bytes()[..], "pop_prove");
                assert!(Pop::pop_verify(&pk, &proof).is_ok());
                assert!(Pop::pop_verify(&pk, &Pop::sign::<V>(&sk, pkb.as_ref())).is_err(), "POP DST");
            }
            aggregates::<V>(&mut rng, |sks, msgs, scheme| {
                // blst's answers: (aggregate bytes, aggregate_verify, fast_aggregate_verify, batch)
                let bsks: Vec<b::SecretKey> =
                    sks.iter().map(|s| b::SecretKey::from_bytes(&s.to_bytes()).unwrap()).collect();
                let bpks: Vec<b::PublicKey> = bsks.iter().map(|s| s.sk_to_pk()).collect();
                let rpks: Vec<&b::PublicKey> = bpks.iter().collect();
                let dst = [Basic::dst::<V>(), Aug::dst::<V>(), Pop::dst::<V>()][scheme];
                let signed: Vec<Vec<u8>> = msgs
                    .iter()
                    .zip(&bpks)
                    .map(|(m, pk)| if scheme == 1 { [&pk.to_bytes()[..], m].concat() } else { m.to_vec() })
                    .collect();
                let bsigs: Vec<b::Signature> = bsks.iter().zip(&signed).map(|(s, m)| s.sign(m, dst, b"")).collect();
                let rsigs: Vec<&b::Signature> = bsigs.iter().collect();
                let agg = b::AggregateSignature::aggregate(&rsigs, true).unwrap().to_signature();
                let rmsgs: Vec<&[u8]> = signed.iter().map(|m| m.as_slice()).collect();
                let av = ok(agg.aggregate_verify(true, &rmsgs, dst, &rpks, true));
                let fav = ok(agg.fast_aggregate_verify(true, msgs[0], dst, &rpks));
                let rands: Vec<blst::blst_scalar> = (0..msgs.len())
                    .map(|i| {
                        let mut s = blst::blst_scalar::default();
                        s.b[0] = 1 + i as u8;
                        s
                    })
                    .collect();
                let batch = ok(b::Signature::verify_multiple_aggregate_signatures(
                    &rmsgs, dst, &rpks, true, &rsigs, true, &rands, 64,
                ));
                (agg.to_bytes().to_vec(), av, fav, batch)
            });
        }
    };
}

against_blst!(min_pk_against_blst, MinPk, min_pk);
against_blst!(min_sig_against_blst, MinSig, min_sig);

/// Aggregates of n = 1..6 signers, each scheme: on distinct messages and
/// on one common message, the aggregate's bytes and the verdicts of
/// aggregate_verify (Pop: also fast_aggregate_verify) and batch
/// verification against `blst_side(sks, msgs, scheme)`.
fn aggregates<V: Variant>(
    rng: &mut impl RngCore,
    blst_side: impl Fn(&[SecretKey], &[&[u8]], usize) -> (Vec<u8>, bool, bool, bool),
) {
    for n in 1..=6 {
        let sks: Vec<SecretKey> = (0..n)
            .map(|_| {
                let mut ikm = [0u8; 32];
                rng.fill_bytes(&mut ikm);
                SecretKey::key_gen(&ikm, b"").unwrap()
            })
            .collect();
        let pks: Vec<PublicKey<V>> = sks.iter().map(|s| s.public_key()).collect();
        let distinct: Vec<Vec<u8>> = (0..n).map(|i| format!("message {i} of {n}").into_bytes()).collect();
        let same: Vec<Vec<u8>> = vec![b"one message".to_vec(); n];
        for scheme in 0..3 {
            for msgs in [&distinct, &same] {
                let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
                let sigs: Vec<Signature<V>> = sks
                    .iter()
                    .zip(&m)
                    .map(|(sk, m)| match scheme {
                        0 => Basic::sign::<V>(sk, m),
                        1 => Aug::sign::<V>(sk, m),
                        _ => Pop::sign::<V>(sk, m),
                    })
                    .collect();
                let agg = aggregate(&sigs).unwrap();
                let av = match scheme {
                    0 => Basic::aggregate_verify(&pks, &m, &agg),
                    1 => Aug::aggregate_verify(&pks, &m, &agg),
                    _ => Pop::aggregate_verify(&pks, &m, &agg),
                };
                let sets: Vec<(PublicKey<V>, &[u8], Signature<V>)> =
                    pks.iter().zip(&m).zip(&sigs).map(|((pk, m), s)| (*pk, *m, *s)).collect();
                let mut r = rand_chacha::ChaCha20Rng::from_seed_u64(n as u64);
                let batch = match scheme {
                    0 => Basic::batch_verify(&sets, &mut r),
                    1 => Aug::batch_verify(&sets, &mut r),
                    _ => Pop::batch_verify(&sets, &mut r),
                };
                let (bagg, bav, bfav, bbatch) = blst_side(&sks, &m, scheme);
                assert_eq!(agg.to_bytes().as_ref(), &bagg[..], "aggregate, n = {n}, scheme {scheme}");
                // Basic rejects repeated messages (blst's aggregate_verify
                // does not check that): compare only on distinct ones.
                let repeated = n > 1 && std::ptr::eq(msgs, &same);
                if scheme == 0 && repeated {
                    assert_eq!(av, Err(bls12_381_core::Error::DuplicateMessage));
                } else {
                    assert_eq!(av.is_ok(), bav, "aggregate_verify, n = {n}, scheme {scheme}");
                    assert!(bav);
                }
                assert!(batch.is_ok() && bbatch, "batch, n = {n}, scheme {scheme}");
                if scheme == 2 && std::ptr::eq(msgs, &same) {
                    let fav = Pop::fast_aggregate_verify(&pks, m[0], &agg);
                    assert!(fav.is_ok() && bfav, "fast_aggregate_verify, n = {n}");
                    // One signature left out: both reject.
                    if n > 1 {
                        let part = aggregate(&sigs[1..]).unwrap();
                        assert!(Pop::fast_aggregate_verify(&pks, m[0], &part).is_err());
                    }
                }
                // A tampered set: the first signature replaced by the
                // second's (n > 1) fails every way.
                if n > 1 && !std::ptr::eq(msgs, &same) {
                    let mut bad = sets.clone();
                    bad[0].2 = sets[1].2;
                    let mut r = rand_chacha::ChaCha20Rng::from_seed_u64(7);
                    let verdict = match scheme {
                        0 => Basic::batch_verify(&bad, &mut r).or(Basic::batch_verify_derived(&bad, b"")),
                        1 => Aug::batch_verify(&bad, &mut r).or(Aug::batch_verify_derived(&bad, b"")),
                        _ => Pop::batch_verify(&bad, &mut r).or(Pop::batch_verify_derived(&bad, b"")),
                    };
                    assert_eq!(verdict, Err(bls12_381_core::Error::InvalidSignature), "tampered batch");
                }
            }
        }
    }
}

/// `ChaCha20Rng::seed_from_u64` under a shorter name.
trait FromSeedU64 {
    fn from_seed_u64(s: u64) -> Self;
}

impl FromSeedU64 for rand_chacha::ChaCha20Rng {
    fn from_seed_u64(s: u64) -> Self {
        <Self as rand::SeedableRng>::seed_from_u64(s)
    }
}
