//! The BLS signature exports (`bls12_381_sig_*`) against the core's `sig`
//! module, for both variants and the three schemes: the same keys,
//! signatures, aggregates and verdicts, through unaligned buffers; the
//! ethereum/bls12-381-tests sign, verify and fast_aggregate_verify vectors
//! (min-pk, Pop) through the ABI; and the error codes.

mod common;
use bls12_381_core::sig::{
    aggregate, Aug, Basic, MinPk, MinSig, Pop, PublicKey, Scheme, SecretKey, Signature, Variant,
};
use bls12_381_ffi::*;
use common::Rng;
use core::ptr::null;

const MIN_PK: i32 = 0;
const MIN_SIG: i32 = 1;

impl Rng {
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// `b` copied at offset 1 of a fresh allocation (misaligned).
fn unaligned(b: &[u8]) -> Vec<u8> {
    let mut v = vec![0u8; b.len() + 1];
    v[1..].copy_from_slice(b);
    v
}

/// The core's answers for variant V and scheme number `s` (0 Basic, 1
/// Aug, 2 Pop).
fn core_sign<V: Variant>(s: i32, sk: &SecretKey, m: &[u8]) -> Vec<u8> {
    match s {
        0 => Basic::sign::<V>(sk, m).to_bytes().as_ref().to_vec(),
        1 => Aug::sign::<V>(sk, m).to_bytes().as_ref().to_vec(),
        _ => Pop::sign::<V>(sk, m).to_bytes().as_ref().to_vec(),
    }
}

fn against_core<V: Variant>(variant: i32) {
    let mut rng = Rng(0x51 + variant as u64);
    let (np, ns) = if variant == MIN_PK { (48, 96) } else { (96, 48) };
    for scheme in 0..3 {
        let n = 4;
        let mut sks = Vec::new();
        let mut pks = Vec::new();
        let mut msgs = Vec::new();
        let mut sigs = Vec::new();
        for i in 0..n {
            let ikm = rng.bytes(32 + i);
            // A heap buffer (aligned), so that sk[1..] is misaligned.
            #[allow(clippy::useless_vec)]
            let mut sk = vec![0u8; 33];
            let ikm_u = unaligned(&ikm);
            assert_eq!(
                unsafe { bls12_381_sig_keygen(sk[1..].as_mut_ptr(), ikm_u[1..].as_ptr(), ikm.len(), b"i".as_ptr(), 1) },
                0
            );
            let core_sk = SecretKey::key_gen(&ikm, b"i").unwrap();
            assert_eq!(&sk[1..], &core_sk.to_bytes());
            let mut pk = vec![0u8; np + 1];
            assert_eq!(unsafe { bls12_381_sig_sk_to_pk(pk[1..].as_mut_ptr(), np, variant, sk[1..].as_ptr()) }, 0);
            assert_eq!(&pk[1..], core_sk.public_key::<V>().to_bytes().as_ref());
            let m = rng.bytes(i * 7);
            let mut sig = vec![0u8; ns];
            let c = unsafe {
                bls12_381_sig_sign(sig.as_mut_ptr(), ns, variant, scheme, sk[1..].as_ptr(), m.as_ptr(), m.len())
            };
            assert_eq!(c, 0);
            assert_eq!(sig, core_sign::<V>(scheme, &core_sk, &m), "sign, scheme {scheme}");
            let ok = unsafe {
                bls12_381_sig_verify(variant, scheme, pk[1..].as_ptr(), np, m.as_ptr(), m.len(), sig.as_ptr(), ns)
            };
            assert_eq!(ok, 0);
            let bad = unsafe {
                bls12_381_sig_verify(variant, scheme, pk[1..].as_ptr(), np, b"x".as_ptr(), 1, sig.as_ptr(), ns)
            };
            assert_eq!(bad, 28, "INVALID_SIGNATURE");
            assert_eq!(unsafe { bls12_381_sig_pk_validate(variant, pk[1..].as_ptr(), np) }, 0);
            assert_eq!(unsafe { bls12_381_sig_signature_validate(variant, sig.as_ptr(), ns) }, 0);
            // Proof of possession.
            let mut proof = vec![0u8; ns];
            assert_eq!(unsafe { bls12_381_sig_pop_prove(proof.as_mut_ptr(), ns, variant, sk[1..].as_ptr()) }, 0);
            assert_eq!(proof, Pop::pop_prove::<V>(&core_sk).to_bytes().as_ref());
            assert_eq!(unsafe { bls12_381_sig_pop_verify(variant, pk[1..].as_ptr(), np, proof.as_ptr(), ns) }, 0);
            assert_eq!(unsafe { bls12_381_sig_pop_verify(variant, pk[1..].as_ptr(), np, sig.as_ptr(), ns) }, 28);
            sks.push(core_sk);
            pks.extend_from_slice(&pk[1..]);
            msgs.push(m);
            sigs.extend_from_slice(&sig);
        }
        // Aggregate, aggregate_verify, batch.
        let mut agg = vec![0u8; ns];
        assert_eq!(unsafe { bls12_381_sig_aggregate(agg.as_mut_ptr(), ns, variant, sigs.as_ptr(), n) }, 0);
        let core_sigs: Vec<Signature<V>> = sigs.chunks(ns).map(|s| Signature::from_bytes(s).unwrap()).collect();
        assert_eq!(agg, aggregate(&core_sigs).unwrap().to_bytes().as_ref());
        let lens: Vec<usize> = msgs.iter().map(|m| m.len()).collect();
        let all: Vec<u8> = msgs.concat();
        // Aggregate verification of the first `count` pairs against `agg`,
        // and batch verification of all the pairs with signatures `sigs`.
        let aggregate_verify = |count: usize| unsafe {
            bls12_381_sig_aggregate_verify(
                variant,
                scheme,
                pks.as_ptr(),
                all.as_ptr(),
                lens.as_ptr(),
                count,
                agg.as_ptr(),
                ns,
            )
        };
        let batch_verify = |sigs: &[u8], seed: *const u8, seed_len: usize| unsafe {
            bls12_381_sig_batch_verify(
                variant,
                scheme,
                pks.as_ptr(),
                all.as_ptr(),
                lens.as_ptr(),
                sigs.as_ptr(),
                n,
                seed,
                seed_len,
            )
        };
        assert_eq!(aggregate_verify(n), 0, "aggregate_verify, scheme {scheme}");
        assert_eq!(batch_verify(&sigs, b"seed".as_ptr(), 4), 0, "batch, scheme {scheme}");
        // Swapped signatures: the batch and the aggregate verification fail.
        let mut swapped = sigs.clone();
        swapped[..ns].copy_from_slice(&sigs[ns..2 * ns]);
        swapped[ns..2 * ns].copy_from_slice(&sigs[..ns]);
        assert_eq!(batch_verify(&swapped, null(), 0), 28);
        assert_eq!(aggregate_verify(n - 1), 28);
        // Fast aggregate verification of one message (Pop).
        if scheme == 2 {
            let sigs: Vec<Signature<V>> = sks.iter().map(|k| Pop::sign::<V>(k, b"same")).collect();
            let agg = aggregate(&sigs).unwrap().to_bytes();
            let fast_aggregate_verify = |count: usize| unsafe {
                bls12_381_sig_fast_aggregate_verify(
                    variant,
                    pks.as_ptr(),
                    count,
                    b"same".as_ptr(),
                    4,
                    agg.as_ref().as_ptr(),
                    ns,
                )
            };
            assert_eq!(fast_aggregate_verify(n), 0);
            assert_eq!(fast_aggregate_verify(n - 1), 28);
            let core_pks: Vec<PublicKey<V>> = pks.chunks(np).map(|p| PublicKey::from_bytes(p).unwrap()).collect();
            assert!(
                Pop::fast_aggregate_verify(&core_pks, b"same", &Signature::from_bytes(agg.as_ref()).unwrap()).is_ok()
            );
        }
    }
}

#[test]
fn min_pk_against_core() {
    against_core::<MinPk>(MIN_PK);
}

#[test]
fn min_sig_against_core() {
    against_core::<MinSig>(MIN_SIG);
}

#[test]
fn error_codes() {
    let sk = {
        let mut k = [0u8; 32];
        k[31] = 5;
        k
    };
    let mut out = [0x5au8; 96];
    unsafe {
        // Unknown variant / scheme.
        assert_eq!(bls12_381_sig_sk_to_pk(out.as_mut_ptr(), 48, 2, sk.as_ptr()), ERR_UNKNOWN_SCHEME);
        assert_eq!(bls12_381_sig_sign(out.as_mut_ptr(), 96, 0, 3, sk.as_ptr(), null(), 0), 29);
        assert_eq!(bls12_381_sig_verify(-1, 0, out.as_ptr(), 48, null(), 0, out.as_ptr(), 96), 29);
        // Output lengths.
        assert_eq!(bls12_381_sig_sk_to_pk(out.as_mut_ptr(), 96, MIN_PK, sk.as_ptr()), 1);
        assert_eq!(bls12_381_sig_sign(out.as_mut_ptr(), 48, MIN_PK, 0, sk.as_ptr(), null(), 0), 1);
        assert!(out.iter().all(|&b| b == 0x5a), "nothing written on error");
        // Secret keys: zero, >= r; key material.
        assert_eq!(bls12_381_sig_sk_to_pk(out.as_mut_ptr(), 48, MIN_PK, [0u8; 32].as_ptr()), 22);
        assert_eq!(bls12_381_sig_sk_to_pk(out.as_mut_ptr(), 48, MIN_PK, [0xffu8; 32].as_ptr()), 2);
        assert_eq!(bls12_381_sig_keygen(out.as_mut_ptr(), [1u8; 31].as_ptr(), 31, null(), 0), 23);
        assert_eq!(bls12_381_sig_keygen(out.as_mut_ptr(), null(), 32, null(), 0), ERR_NULL_POINTER);
        // The identity as a public key; empty inputs; NULL.
        let mut id = [0u8; 48];
        id[0] = 0xc0;
        assert_eq!(bls12_381_sig_pk_validate(MIN_PK, id.as_ptr(), 48), 24);
        assert_eq!(bls12_381_sig_pk_validate(MIN_PK, id.as_ptr(), 47), 1);
        assert_eq!(bls12_381_sig_pk_validate(MIN_PK, null(), 48), ERR_NULL_POINTER);
        assert_eq!(bls12_381_sig_aggregate(out.as_mut_ptr(), 96, MIN_PK, null(), 0), 25);
        let mut sig = [0u8; 96];
        assert_eq!(bls12_381_sig_sign(sig.as_mut_ptr(), 96, MIN_PK, 0, sk.as_ptr(), b"m".as_ptr(), 1), 0);
        assert_eq!(bls12_381_sig_fast_aggregate_verify(MIN_PK, null(), 0, null(), 0, sig.as_ptr(), 96), 25);
        assert_eq!(bls12_381_sig_batch_verify(MIN_PK, 2, null(), null(), null(), null(), 0, null(), 0), 25);
        // Basic: duplicate messages.
        let mut pk = [0u8; 48];
        assert_eq!(bls12_381_sig_sk_to_pk(pk.as_mut_ptr(), 48, MIN_PK, sk.as_ptr()), 0);
        let pks = [pk, pk].concat();
        let lens = [1usize, 1];
        assert_eq!(
            bls12_381_sig_aggregate_verify(MIN_PK, 0, pks.as_ptr(), b"mm".as_ptr(), lens.as_ptr(), 2, sig.as_ptr(), 96),
            26
        );
        // Message lengths that overflow, or exceed the buffer's bound.
        let huge = [usize::MAX, 2];
        assert_eq!(
            bls12_381_sig_aggregate_verify(MIN_PK, 2, pks.as_ptr(), b"mm".as_ptr(), huge.as_ptr(), 2, sig.as_ptr(), 96),
            1
        );
        // A signature outside the subgroup: the first x = 1, 2, ... (as
        // c0 of an Fp2 x) on the curve; almost every point is outside.
        let mut off = [0u8; 96];
        off[0] = 0x80;
        let mut found = false;
        for x in 1u8..=255 {
            off[95] = x;
            if bls12_381_g2_of_compressed_unchecked([0u8; 288].as_mut_ptr(), off.as_ptr(), 96) == 0 {
                assert_eq!(bls12_381_sig_signature_validate(MIN_PK, off.as_ptr(), 96), ERR_NOT_IN_SUBGROUP);
                assert_eq!(bls12_381_sig_verify(MIN_PK, 2, pk.as_ptr(), 48, b"m".as_ptr(), 1, off.as_ptr(), 96), 7);
                found = true;
                break;
            }
        }
        assert!(found);
    }
}

/// ethereum/bls12-381-tests v0.1.2 (min-pk, Pop) through the ABI: the
/// sign, verify and fast_aggregate_verify handlers, read from
/// vectors/bls12-381-tests-v0.1.2.
#[test]
fn ethereum_vectors() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors/bls12-381-tests-v0.1.2");
    let hex = |v: &serde_json::Value| -> Vec<u8> {
        let s = v.as_str().unwrap().trim_start_matches("0x");
        (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
    };
    let read = |h: &str| -> Vec<serde_json::Value> {
        let mut files: Vec<_> = std::fs::read_dir(dir.join(h)).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        files.iter().map(|f| serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()).collect()
    };
    let mut counts = [0usize; 3];
    for case in read("sign") {
        let (sk, msg) = (hex(&case["input"]["privkey"]), hex(&case["input"]["message"]));
        let mut sig = [0u8; 96];
        let c = unsafe { bls12_381_sig_sign(sig.as_mut_ptr(), 96, MIN_PK, 2, sk.as_ptr(), msg.as_ptr(), msg.len()) };
        if case["output"].is_null() {
            assert_eq!(c, 22);
        } else {
            assert_eq!((c, sig.to_vec()), (0, hex(&case["output"])));
            counts[0] += 1;
        }
    }
    for case in read("verify") {
        let i = &case["input"];
        let (pk, msg, sig) = (hex(&i["pubkey"]), hex(&i["message"]), hex(&i["signature"]));
        let c = unsafe {
            bls12_381_sig_verify(MIN_PK, 2, pk.as_ptr(), pk.len(), msg.as_ptr(), msg.len(), sig.as_ptr(), sig.len())
        };
        assert_eq!(c == 0, case["output"].as_bool().unwrap());
        counts[1] += (c == 0) as usize;
    }
    for case in read("fast_aggregate_verify") {
        let i = &case["input"];
        let pks: Vec<Vec<u8>> = i["pubkeys"].as_array().unwrap().iter().map(hex).collect();
        let (msg, sig) = (hex(&i["message"]), hex(&i["signature"]));
        assert!(pks.iter().all(|p| p.len() == 48));
        let all = pks.concat();
        let c = unsafe {
            bls12_381_sig_fast_aggregate_verify(
                MIN_PK,
                all.as_ptr(),
                pks.len(),
                msg.as_ptr(),
                msg.len(),
                sig.as_ptr(),
                sig.len(),
            )
        };
        assert_eq!(c == 0, case["output"].as_bool().unwrap());
        counts[2] += (c == 0) as usize;
    }
    assert_eq!(counts, [9, 10, 3]);
}
