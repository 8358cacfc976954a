//! `compare sig`: BLS signatures (`bls12_381_core::sig`) against blst's
//! `min_pk` / `min_sig` modules, one thread, on the same keys, messages
//! and signatures, each verdict or signature checked equal first.
//!
//! What each row includes, on both sides:
//! - verify: decoding the public key with KeyValidate and the signature
//!   (the subgroup check of the signature inside the verification: ours
//!   `Signature::from_bytes_unchecked` + `Pop::verify`, blst
//!   `PublicKey::from_bytes`, `Signature::from_bytes`, then its
//!   verification with the key check and the signature's group check),
//!   hashing the message, the pairing check;
//! - fast_aggregate_verify: the keys decoded and validated beforehand
//!   (as a verifier holds registered keys), the signature decoded and
//!   checked in the call, then the key sum and the verification;
//! - aggregate_verify: likewise, n distinct messages;
//! - batch verify: n (key, message, signature) sets with 128-bit random
//!   scalars on both sides (blst's steps of
//!   `verify_multiple_aggregate_signatures` with `rand_bits = 128`, its
//!   scalars drawn before the call; ours drawn inside), signatures
//!   group-checked in the call;
//! - sign: hash, constant-time multiplication, compression.
//!
//! One thread on both sides: blst's Rust verification functions
//! (`verify`, `fast_aggregate_verify`, `aggregate_verify`,
//! `verify_multiple_aggregate_signatures`) hand the sets to its thread
//! pool (one worker per CPU) while the calling thread checks the
//! signature's subgroup and runs its Miller loop, so even a single
//! verify runs on two threads where two CPUs are free. The rows with
//! targets therefore time blst's own one-thread steps, those of its Rust
//! API built without `std` ([`blst_one_thread`]: one `Pairing` context,
//! each set aggregated in turn, the signature with the first, `commit`,
//! `finalverify`; its `no-threads` build does the same work with the
//! signature's Miller loop in a second context), on the same decoded
//! inputs. The pooled calls stay as rows marked "blst pool" (without
//! targets): on a 2-CPU host their time depends on whether the second CPU is
//! free.

use crate::Bench;
use bls12_381_core::sig::{aggregate, MinPk, MinSig, Pop, PublicKey, Scheme, SecretKey, Signature};
use blst::BLST_ERROR;
use rand::RngCore;
use std::any::Any;
use std::hint::black_box;

/// Keys in the fast_aggregate_verify row.
const FAV_KEYS: usize = 128;
/// Sets of the aggregate_verify and batch rows.
const SETS: usize = 16;

fn ok(e: BLST_ERROR) -> bool {
    e == BLST_ERROR::BLST_SUCCESS
}

/// One set of [`blst_one_thread`]: the key (blst's affine point), whether
/// to validate it, the signature (or `None`) and whether to check its
/// subgroup, the random scalar (with its bits) or `None`, the message.
type Set<'a> = (&'a dyn Any, bool, Option<&'a dyn Any>, bool, Option<(&'a [u8], usize)>, &'a [u8]);

/// blst's verification of `sets` on the calling thread: the steps of its
/// Rust `aggregate_verify` and `verify_multiple_aggregate_signatures`
/// built without `std`: one `Pairing` context (hash to curve), each set
/// aggregated in turn (key check, signature group check, hash, the set's
/// Miller loop work), `commit`, `finalverify`.
fn blst_one_thread(dst: &[u8], sets: &[Set<'_>]) -> bool {
    let mut pairing = blst::Pairing::new(true, dst);
    for &(pk, pk_validate, sig, sig_check, scalar, msg) in sets {
        let sig: &dyn Any = sig.unwrap_or(&());
        let e = match scalar {
            Some((s, bits)) => pairing.mul_n_aggregate(pk, pk_validate, sig, sig_check, s, bits, msg, &[]),
            None => pairing.aggregate(pk, pk_validate, sig, sig_check, msg, &[]),
        };
        if !ok(e) {
            return false;
        }
    }
    pairing.commit();
    pairing.finalverify(None)
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
            let (pk, sig): (&blst::blst_p1_affine, &blst::blst_p2_affine) = ((&pk).into(), (&sig).into());
            blst_one_thread(dst, &[(pk, true, Some(sig), true, None, m)])
        };
        let pooled = |pk: &[u8], m: &[u8], s: &[u8]| -> bool {
            let Ok(pk) = bp::PublicKey::from_bytes(pk) else { return false };
            let Ok(sig) = bp::Signature::from_bytes(s) else { return false };
            ok(sig.verify(true, m, dst, &[], &pk, true))
        };
        let mut bad = msg.clone();
        bad[0] ^= 1;
        for m in [&msg, &bad] {
            let v = ours(&pk_bytes, m, &sig_bytes) as u8;
            b.agree(
                "verify (min-pk PoP)",
                &[v, v],
                &[theirs(&pk_bytes, m, &sig_bytes) as u8, pooled(&pk_bytes, m, &sig_bytes) as u8],
                "blst",
            );
        }
        assert!(ours(&pk_bytes, &msg, &sig_bytes));
        type Verify<'a> = &'a dyn Fn(&[u8], &[u8], &[u8]) -> bool;
        let rows: [(&str, &'static str, Option<f64>, Verify<'_>); 2] = [
            ("verify (min-pk PoP)", "blst min_pk, 1 thread", Some(0.85), &theirs),
            ("verify (min-pk PoP), blst pool", "blst min_pk pool", None, &pooled),
        ];
        for (op, peer, target, f) in rows {
            let (m, m2) = (msg.clone(), msg.clone());
            let ours = times(move || ours(black_box(&pk_bytes), black_box(&m), black_box(&sig_bytes)));
            b.compare(
                op,
                peer,
                target,
                ours,
                times(move || f(black_box(&pk_bytes), black_box(&m2), black_box(&sig_bytes))),
            );
        }
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
        // blst's fast_aggregate_verify: the key sum, then its aggregate_verify
        // of one set without the key check, here on one thread.
        let bpks2 = bpks.clone();
        let theirs = move |m: &[u8], s: &[u8]| -> bool {
            let refs: Vec<&bp::PublicKey> = bpks2.iter().collect();
            let Ok(sig) = bp::Signature::from_bytes(s) else { return false };
            let Ok(apk) = bp::AggregatePublicKey::aggregate(&refs, false) else { return false };
            let pk = apk.to_public_key();
            let (pk, sig): (&blst::blst_p1_affine, &blst::blst_p2_affine) = ((&pk).into(), (&sig).into());
            blst_one_thread(dst, &[(pk, false, Some(sig), true, None, m)])
        };
        let pooled = move |m: &[u8], s: &[u8]| -> bool {
            let refs: Vec<&bp::PublicKey> = bpks.iter().collect();
            let Ok(sig) = bp::Signature::from_bytes(s) else { return false };
            ok(sig.fast_aggregate_verify(true, m, dst, &refs))
        };
        let v = [ours(&msg, &agg) as u8, ours(b"x", &agg) as u8];
        b.agree(&op, &v, &[theirs(&msg, &agg) as u8, theirs(b"x", &agg) as u8], "blst");
        b.agree(&op, &v, &[pooled(&msg, &agg) as u8, pooled(b"x", &agg) as u8], "blst");
        assert!(ours(&msg, &agg));
        let ours = std::rc::Rc::new(ours);
        let m = msg.clone();
        let o = ours.clone();
        b.compare(&op, "blst min_pk, 1 thread", Some(0.85), times(move || (*o)(black_box(&m), black_box(&agg))), {
            let m = msg.clone();
            times(move || theirs(black_box(&m), black_box(&agg)))
        });
        let m = msg.clone();
        b.compare(
            &format!("{op}, blst pool"),
            "blst min_pk pool",
            None,
            times(move || (*ours)(black_box(&m), black_box(&agg))),
            {
                let m = msg.clone();
                times(move || pooled(black_box(&m), black_box(&agg)))
            },
        );
    }

    let msgs: Vec<Vec<u8>> = (0..SETS).map(|i| format!("message {i}").into_bytes()).collect();
    let pks: Vec<PublicKey<MinPk>> = sks[..SETS].iter().map(|s| s.public_key()).collect();
    let bpks: Vec<bp::PublicKey> =
        pks.iter().map(|pk| bp::PublicKey::key_validate(pk.to_bytes().as_ref()).unwrap()).collect();
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
        // blst's aggregate_verify (keys not checked again), one thread.
        let theirs = move |s: &[u8]| -> bool {
            let Ok(sig) = bp::Signature::from_bytes(s) else { return false };
            let sig: &blst::blst_p2_affine = (&sig).into();
            let sets: Vec<Set<'_>> = bpks
                .iter()
                .zip(&msgs)
                .enumerate()
                .map(|(i, (pk, m))| {
                    let pk: &blst::blst_p1_affine = pk.into();
                    let s: Option<&dyn Any> = if i == 0 { Some(sig) } else { None };
                    (pk as &dyn Any, false, s, i == 0, None, m.as_slice())
                })
                .collect();
            blst_one_thread(dst, &sets)
        };
        b.agree(&op, &[ours(&agg) as u8], &[theirs(&agg) as u8], "blst");
        assert!(ours(&agg));
        b.compare(
            &op,
            "blst min_pk, 1 thread",
            None,
            times(move || ours(black_box(&agg))),
            times(move || theirs(black_box(&agg))),
        );
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
            // verify_multiple_aggregate_signatures(.., pks_validate = false,
            // .., sigs_groupcheck = true, rands, 128), one thread.
            let sets: Vec<Set<'_>> = refs
                .iter()
                .zip(&bsigs)
                .zip(&m)
                .zip(rands)
                .map(|(((pk, sig), m), r)| {
                    let pk: &blst::blst_p1_affine = (*pk).into();
                    let sig: &blst::blst_p2_affine = sig.into();
                    (pk as &dyn Any, false, Some(sig as &dyn Any), true, Some((&r.b[..], 128)), *m)
                })
                .collect();
            blst_one_thread(dst, &sets)
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
            "blst min_pk, 1 thread",
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
            let (pk, sig): (&blst::blst_p2_affine, &blst::blst_p1_affine) = ((&pk).into(), (&sig).into());
            blst_one_thread(dst, &[(pk, true, Some(sig), true, None, m)])
        };
        b.agree("verify (min-sig PoP)", &[ours(&pk, &msg, &sig) as u8], &[theirs(&pk, &msg, &sig) as u8], "blst");
        assert!(ours(&pk, &msg, &sig));
        let m = msg.clone();
        b.compare(
            "verify (min-sig PoP)",
            "blst min_sig, 1 thread",
            None,
            times(move || ours(black_box(&pk), black_box(&m), black_box(&sig))),
            times(move || theirs(black_box(&pk), black_box(&msg), black_box(&sig))),
        );
    }
}
