//! `compare sig`: BLS signatures (`bls12_381_core::sig`) against blst's
//! `min_pk` / `min_sig` modules, one thread, on the same keys, messages
//! and signatures, each verdict or signature checked equal first.
//!
//! What each row includes, on both sides:
//! - verify: decoding the public key with KeyValidate and the signature
//!   (the subgroup check of the signature inside the verification: ours
//!   `Signature::from_bytes_unchecked` + `Pop::verify`, blst
//!   `Signature::from_bytes` + `verify(sig_groupcheck = true, ..,
//!   pk_validate = true)`), hashing the message, the pairing check;
//! - fast_aggregate_verify: the keys decoded and validated beforehand
//!   (as a verifier holds registered keys), the signature decoded and
//!   checked in the call, then the key sum and the verification;
//! - aggregate_verify: likewise, n distinct messages;
//! - batch verify: n (key, message, signature) sets with 128-bit random
//!   scalars on both sides (blst's `verify_multiple_aggregate_signatures`
//!   with `rand_bits = 128`, its scalars drawn before the call; ours drawn
//!   inside), signatures group-checked in the call;
//! - sign: hash, constant-time multiplication, compression.

use crate::Bench;
use bls12_381_core::sig::{aggregate, MinPk, MinSig, Pop, PublicKey, Scheme, SecretKey, Signature};
use blst::BLST_ERROR;
use rand::RngCore;
use std::hint::black_box;

/// Keys in the fast_aggregate_verify row (the figure).
const FAV_KEYS: usize = 128;
/// Sets of the aggregate_verify and batch rows.
const SETS: usize = 16;

fn ok(e: BLST_ERROR) -> bool {
    e == BLST_ERROR::BLST_SUCCESS
}

/// `f()` n times.
fn times<R>(f: impl Fn() -> R) -> impl FnMut(u64) {
    move |n| {
        for _ in 0..n {
            black_box(f());
        }
    }
}

fn keys(b: &mut Bench, n: usize) -> Vec<SecretKey> {
    (0..n)
        .map(|_| {
            let mut ikm = [0u8; 32];
            b.rng().fill_bytes(&mut ikm);
            SecretKey::key_gen(&ikm, b"").unwrap()
        })
        .collect()
}

/// Runs every selected row of the area.
pub(crate) fn run(b: &mut Bench) {
    use blst::min_pk as bp;
    let dst = Pop::dst::<MinPk>();
    let sks = keys(b, FAV_KEYS);
    let bsks: Vec<bp::SecretKey> = sks.iter().map(|s| bp::SecretKey::from_bytes(&s.to_bytes()).unwrap()).collect();
    let msg = b"compare sig: a 32-byte message..".to_vec();

    if b.wants("sign (min-pk") {
        let (sk, bsk) = (sks[0].clone(), bsks[0].clone());
        let ours = Pop::sign::<MinPk>(&sk, &msg).to_bytes();
        b.agree("sign (min-pk PoP)", &ours, &bsk.sign(&msg, dst, &[]).to_bytes(), "blst");
        let m = msg.clone();
        b.compare(
            "sign (min-pk PoP)",
            "blst min_pk",
            None,
            times(move || Pop::sign::<MinPk>(black_box(&sk), black_box(&m)).to_bytes()),
            {
                let m = msg.clone();
                times(move || bsk.sign(black_box(&m), dst, &[]).to_bytes())
            },
        );
    }

    let pk_bytes = sks[0].public_key::<MinPk>().to_bytes();
    let sig_bytes = Pop::sign::<MinPk>(&sks[0], &msg).to_bytes();
    if b.wants("verify (min-pk") {
        let ours = |pk: &[u8], m: &[u8], s: &[u8]| -> bool {
            let Ok(pk) = PublicKey::<MinPk>::from_bytes(pk) else { return false };
            let Ok(sig) = Signature::<MinPk>::from_bytes_unchecked(s) else { return false };
            Pop::verify(&pk, m, &sig).is_ok()
        };
        let theirs = |pk: &[u8], m: &[u8], s: &[u8]| -> bool {
            let Ok(pk) = bp::PublicKey::from_bytes(pk) else { return false };
            let Ok(sig) = bp::Signature::from_bytes(s) else { return false };
            ok(sig.verify(true, m, dst, &[], &pk, true))
        };
        let mut bad = msg.clone();
        bad[0] ^= 1;
        for m in [&msg, &bad] {
            b.agree("verify (min-pk PoP)", &[ours(&pk_bytes, m, &sig_bytes) as u8], &[theirs(&pk_bytes, m, &sig_bytes) as u8], "blst");
        }
        assert!(ours(&pk_bytes, &msg, &sig_bytes));
        let m = msg.clone();
        b.compare(
            "verify (min-pk PoP)",
            "blst min_pk",
            Some(0.85),
            times(move || ours(black_box(&pk_bytes), black_box(&m), black_box(&sig_bytes))),
            {
                let m = msg.clone();
                times(move || theirs(black_box(&pk_bytes), black_box(&m), black_box(&sig_bytes)))
            },
        );
    }

    let op = format!("fast_aggregate_verify ({FAV_KEYS} keys)");
    if b.wants(&op) {
        let pks: Vec<PublicKey<MinPk>> = sks.iter().map(|s| s.public_key()).collect();
        let bpks: Vec<bp::PublicKey> =
            pks.iter().map(|pk| bp::PublicKey::key_validate(pk.to_bytes().as_ref()).unwrap()).collect();
        let sigs: Vec<Signature<MinPk>> = sks.iter().map(|s| Pop::sign::<MinPk>(s, &msg)).collect();
        let agg = aggregate(&sigs).unwrap().to_bytes();
        let ours = move |m: &[u8], s: &[u8]| -> bool {
            let Ok(sig) = Signature::<MinPk>::from_bytes_unchecked(s) else { return false };
            Pop::fast_aggregate_verify(&pks, m, &sig).is_ok()
        };
        let theirs = move |m: &[u8], s: &[u8]| -> bool {
            let refs: Vec<&bp::PublicKey> = bpks.iter().collect();
            let Ok(sig) = bp::Signature::from_bytes(s) else { return false };
            ok(sig.fast_aggregate_verify(true, m, dst, &refs))
        };
        b.agree(&op, &[ours(&msg, &agg) as u8, ours(b"x", &agg) as u8], &[theirs(&msg, &agg) as u8, theirs(b"x", &agg) as u8], "blst");
        assert!(ours(&msg, &agg));
        let m = msg.clone();
        b.compare(&op, "blst min_pk", Some(0.85), times(move || ours(black_box(&m), black_box(&agg))), {
            let m = msg.clone();
            times(move || theirs(black_box(&m), black_box(&agg)))
        });
    }

    let msgs: Vec<Vec<u8>> = (0..SETS).map(|i| format!("message {i}").into_bytes()).collect();
    let pks: Vec<PublicKey<MinPk>> = sks[..SETS].iter().map(|s| s.public_key()).collect();
    let bpks: Vec<bp::PublicKey> = pks.iter().map(|pk| bp::PublicKey::key_validate(pk.to_bytes().as_ref()).unwrap()).collect();
    let sigs: Vec<Signature<MinPk>> = sks[..SETS].iter().zip(&msgs).map(|(s, m)| Pop::sign::<MinPk>(s, m)).collect();
    let op = format!("aggregate_verify ({SETS} messages)");
    if b.wants(&op) {
        let agg = aggregate(&sigs).unwrap().to_bytes();
        let (pks, bpks, msgs) = (pks.clone(), bpks.clone(), msgs.clone());
        let ours = move |s: &[u8]| -> bool {
            let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            let Ok(sig) = Signature::<MinPk>::from_bytes_unchecked(s) else { return false };
            Pop::aggregate_verify(&pks, &m, &sig).is_ok()
        };
        let msgs = (0..SETS).map(|i| format!("message {i}").into_bytes()).collect::<Vec<_>>();
        let theirs = move |s: &[u8]| -> bool {
            let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            let refs: Vec<&bp::PublicKey> = bpks.iter().collect();
            let Ok(sig) = bp::Signature::from_bytes(s) else { return false };
            ok(sig.aggregate_verify(true, &m, dst, &refs, false))
        };
        b.agree(&op, &[ours(&agg) as u8], &[theirs(&agg) as u8], "blst");
        assert!(ours(&agg));
        b.compare(&op, "blst min_pk", None, times(move || ours(black_box(&agg))), times(move || theirs(black_box(&agg))));
    }

    let op = format!("batch verify ({SETS} sets)");
    if b.wants(&op) {
        let sig_bytes: Vec<_> = sigs.iter().map(|s| s.to_bytes()).collect();
        let (pks, bpks, msgs2) = (pks.clone(), bpks.clone(), msgs.clone());
        let sb = sig_bytes.clone();
        let ours = move |rng: &mut rand_chacha::ChaCha20Rng| -> bool {
            let mut sets = Vec::with_capacity(SETS);
            for ((pk, m), s) in pks.iter().zip(&msgs2).zip(&sb) {
                let Ok(sig) = Signature::<MinPk>::from_bytes_unchecked(s) else { return false };
                sets.push((*pk, m.as_slice(), sig));
            }
            Pop::batch_verify(&sets, rng).is_ok()
        };
        let theirs = move |rands: &[blst::blst_scalar]| -> bool {
            let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            let refs: Vec<&bp::PublicKey> = bpks.iter().collect();
            let mut bsigs = Vec::with_capacity(SETS);
            for s in &sig_bytes {
                let Ok(sig) = bp::Signature::from_bytes(s) else { return false };
                bsigs.push(sig);
            }
            let srefs: Vec<&bp::Signature> = bsigs.iter().collect();
            ok(bp::Signature::verify_multiple_aggregate_signatures(&m, dst, &refs, false, &srefs, true, rands, 128))
        };
        let rands: Vec<blst::blst_scalar> = (0..SETS)
            .map(|_| {
                let mut s = blst::blst_scalar::default();
                b.rng().fill_bytes(&mut s.b[..16]);
                s.b[0] |= 1;
                s
            })
            .collect();
        let mut rng = <rand_chacha::ChaCha20Rng as rand::SeedableRng>::seed_from_u64(1);
        b.agree(&op, &[ours(&mut rng) as u8], &[theirs(&rands) as u8], "blst");
        b.compare(
            &op,
            "blst min_pk",
            None,
            move |n| {
                for _ in 0..n {
                    black_box(ours(&mut rng));
                }
            },
            times(move || theirs(black_box(&rands))),
        );
    }

    if b.wants("verify (min-sig") {
        use blst::min_sig as bs;
        let dst = Pop::dst::<MinSig>();
        let pk = sks[0].public_key::<MinSig>().to_bytes();
        let sig = Pop::sign::<MinSig>(&sks[0], &msg).to_bytes();
        let ours = |pk: &[u8], m: &[u8], s: &[u8]| -> bool {
            let Ok(pk) = PublicKey::<MinSig>::from_bytes(pk) else { return false };
            let Ok(sig) = Signature::<MinSig>::from_bytes_unchecked(s) else { return false };
            Pop::verify(&pk, m, &sig).is_ok()
        };
        let theirs = move |pk: &[u8], m: &[u8], s: &[u8]| -> bool {
            let Ok(pk) = bs::PublicKey::from_bytes(pk) else { return false };
            let Ok(sig) = bs::Signature::from_bytes(s) else { return false };
            ok(sig.verify(true, m, dst, &[], &pk, true))
        };
        b.agree("verify (min-sig PoP)", &[ours(&pk, &msg, &sig) as u8], &[theirs(&pk, &msg, &sig) as u8], "blst");
        assert!(ours(&pk, &msg, &sig));
        let m = msg.clone();
        b.compare(
            "verify (min-sig PoP)",
            "blst min_sig",
            None,
            times(move || ours(black_box(&pk), black_box(&m), black_box(&sig))),
            times(move || theirs(black_box(&pk), black_box(&msg), black_box(&sig))),
        );
    }
}
