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
/// sign, verify, fast_aggregate_verify and aggregate_verify handlers, read from
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
    // AggregateVerify of the Pop scheme (many messages).
    let mut accepted = 0;
    for case in read("aggregate_verify") {
        let i = &case["input"];
        let pks: Vec<Vec<u8>> = i["pubkeys"].as_array().unwrap().iter().map(hex).collect();
        let msgs: Vec<Vec<u8>> = i["messages"].as_array().unwrap().iter().map(hex).collect();
        let sig = hex(&i["signature"]);
        let (all_pks, all_msgs) = (pks.concat(), msgs.concat());
        let lens: Vec<usize> = msgs.iter().map(|m| m.len()).collect();
        let c = unsafe {
            bls12_381_sig_aggregate_verify(
                MIN_PK,
                2,
                all_pks.as_ptr(),
                all_msgs.as_ptr(),
                lens.as_ptr(),
                pks.len(),
                sig.as_ptr(),
                sig.len(),
            )
        };
        assert_eq!(c == 0, case["output"].as_bool().unwrap());
        accepted += (c == 0) as usize;
    }
    assert_eq!(counts, [9, 10, 3]);
    assert_eq!(accepted, 1, "aggregate_verify");
}

/// `bls12_381_sig_sk_from_le` and `_to_le` against the core's
/// `SecretKey::from_bytes_le` / `to_bytes_le`: the same verdicts and
/// bytes on random, edge and invalid keys, in place and out of place,
/// through unaligned buffers; round trips through both orders.
#[test]
fn secret_key_byte_orders() {
    let mut rng = Rng(0x1e);
    let r_be: Vec<u8> = bls12_381_core::Fr::MODULUS.iter().rev().flat_map(|l| l.to_be_bytes()).collect();
    let mut inputs: Vec<Vec<u8>> = vec![vec![0u8; 32], vec![0xff; 32], r_be.clone(), {
        let mut k = r_be.clone();
        k[31] -= 1;
        k
    }];
    for i in 0..64 {
        let mut k = rng.bytes(32);
        if i % 2 == 0 {
            k[0] &= 0x3f;
        }
        inputs.push(k.clone());
        k.reverse();
        inputs.push(k);
    }
    for x in &inputs {
        let x32: &[u8; 32] = x.as_slice().try_into().unwrap();
        let src = unaligned(x);
        // From little-endian: the core's verdict, the big-endian bytes.
        let mut out = [0x5au8; 33];
        let c = unsafe { bls12_381_sig_sk_from_le(out[1..].as_mut_ptr(), src[1..].as_ptr()) };
        match SecretKey::from_bytes_le(x32) {
            Ok(k) => {
                assert_eq!(c, 0);
                assert_eq!(&out[1..], &k.to_bytes());
                let mut back = vec![0u8; 32];
                assert_eq!(unsafe { bls12_381_sig_sk_to_le(back.as_mut_ptr(), out[1..].as_ptr()) }, 0);
                assert_eq!(&back, x, "round trip");
            }
            Err(e) => {
                assert_eq!(c, e.code());
                assert!(out.iter().all(|&b| b == 0x5a), "nothing written on error");
            }
        }
        // To little-endian: the core's big-endian decoder's verdict.
        let mut out = [0x5au8; 33];
        let c = unsafe { bls12_381_sig_sk_to_le(out[1..].as_mut_ptr(), src[1..].as_ptr()) };
        match SecretKey::from_bytes(x32) {
            Ok(k) => assert_eq!((c, &out[1..]), (0, &k.to_bytes_le()[..])),
            Err(e) => assert_eq!((c, out.iter().all(|&b| b == 0x5a)), (e.code(), true)),
        }
        // In place: the same answers.
        for (f, le) in [
            (bls12_381_sig_sk_from_le as unsafe extern "C" fn(*mut u8, *const u8) -> i32, true),
            (bls12_381_sig_sk_to_le, false),
        ] {
            let mut buf = unaligned(x);
            let p = buf[1..].as_mut_ptr();
            let c = unsafe { f(p, p) };
            let want = if le {
                SecretKey::from_bytes_le(x32).map(|k| k.to_bytes())
            } else {
                SecretKey::from_bytes(x32).map(|k| k.to_bytes_le())
            };
            match want {
                Ok(b) => assert_eq!((c, &buf[1..]), (0, &b[..])),
                Err(e) => assert_eq!((c, &buf[1..]), (e.code(), &x[..])),
            }
        }
    }
    unsafe {
        let k = [1u8; 32];
        let mut out = [0u8; 32];
        assert_eq!(bls12_381_sig_sk_from_le(out.as_mut_ptr(), null()), ERR_NULL_POINTER);
        assert_eq!(bls12_381_sig_sk_from_le(core::ptr::null_mut(), k.as_ptr()), ERR_NULL_POINTER);
        assert_eq!(bls12_381_sig_sk_to_le(out.as_mut_ptr(), null()), ERR_NULL_POINTER);
        assert_eq!(bls12_381_sig_sk_to_le(core::ptr::null_mut(), k.as_ptr()), ERR_NULL_POINTER);
    }
    // A key signs the same under both orders: sign(from_le(le)) is the
    // core's Pop signature of the key from_bytes_le(le).
    let le = {
        let mut k = [0u8; 32];
        k[0] = 9;
        k
    };
    let mut be = [0u8; 32];
    assert_eq!(unsafe { bls12_381_sig_sk_from_le(be.as_mut_ptr(), le.as_ptr()) }, 0);
    assert_eq!(be[31], 9);
    let mut sig = [0u8; 96];
    assert_eq!(unsafe { bls12_381_sig_sign(sig.as_mut_ptr(), 96, MIN_PK, 2, be.as_ptr(), b"m".as_ptr(), 1) }, 0);
    assert_eq!(sig, Pop::sign::<MinPk>(&SecretKey::from_bytes_le(&le).unwrap(), b"m").to_bytes().as_ref());
}

/// vectors/sig-faces/cases.txt (written by the core's
/// tests/sig/faces.rs, which checks each answer against blst) through the
/// C ABI: every code and every output byte as the file says, the buffers
/// unaligned.
#[test]
fn faces_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors/sig-faces/cases.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let bytes = |s: &str| -> Vec<u8> {
        let s = s.strip_prefix("0x").expect("0x");
        (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
    };
    let list = |s: &str| -> Vec<Vec<u8>> {
        if s == "-" {
            vec![]
        } else {
            s.split(',').map(bytes).collect()
        }
    };
    let num = |s: &str| -> i32 { s.parse().unwrap() };
    // Messages as the ABI takes them: end to end, and their lengths.
    let messages = |v: &[Vec<u8>]| (unaligned(&v.concat()), v.iter().map(|m| m.len()).collect::<Vec<usize>>());
    let mut counts = std::collections::BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(' ').collect();
        let kind = f[0];
        *counts.entry(kind).or_insert(0) += 1;
        let variant = if kind == "sk" { 0 } else { num(f[1]) };
        let ns = if variant == MIN_PK { 96 } else { 48 };
        // The kind, variant, scheme and name of the case.
        let named = match kind {
            "sk" => 2,
            "sign" | "verify" | "aggregate_verify" | "batch_verify" => 4,
            _ => 3,
        };
        let what = f[..named].join(" ");
        match kind {
            "sk" => {
                let (be, le, c) = (bytes(f[2]), bytes(f[3]), num(f[4]));
                let mut out = [0x5au8; 33];
                let src = unaligned(&le);
                assert_eq!(unsafe { bls12_381_sig_sk_from_le(out[1..].as_mut_ptr(), src[1..].as_ptr()) }, c, "{what}");
                if c == 0 {
                    assert_eq!(&out[1..], &be[..], "{what}");
                }
                let src = unaligned(&be);
                assert_eq!(unsafe { bls12_381_sig_sk_to_le(out[1..].as_mut_ptr(), src[1..].as_ptr()) }, c, "{what}");
                if c == 0 {
                    assert_eq!(&out[1..], &le[..], "{what}");
                }
                // A key the decoders reject signs nothing either.
                let mut pk = vec![0u8; 48];
                let got = unsafe { bls12_381_sig_sk_to_pk(pk.as_mut_ptr(), 48, MIN_PK, src[1..].as_ptr()) };
                assert_eq!(got, c, "{what}: sk_to_pk");
            }
            "pk" | "proof" => {
                let (sk, want) = (unaligned(&bytes(f[3])), bytes(f[4]));
                let mut out = vec![0u8; want.len()];
                let c = unsafe {
                    if kind == "pk" {
                        bls12_381_sig_sk_to_pk(out.as_mut_ptr(), out.len(), variant, sk[1..].as_ptr())
                    } else {
                        bls12_381_sig_pop_prove(out.as_mut_ptr(), out.len(), variant, sk[1..].as_ptr())
                    }
                };
                assert_eq!((c, out), (0, want), "{what}");
            }
            "sign" => {
                let (sk, m, want) = (unaligned(&bytes(f[4])), unaligned(&bytes(f[5])), bytes(f[6]));
                let mut out = vec![0u8; ns];
                let c = unsafe {
                    bls12_381_sig_sign(
                        out.as_mut_ptr(),
                        ns,
                        variant,
                        num(f[2]),
                        sk[1..].as_ptr(),
                        m[1..].as_ptr(),
                        m.len() - 1,
                    )
                };
                assert_eq!((c, out), (0, want), "{what}");
            }
            "verify" => {
                let (pk, m, s) = (unaligned(&bytes(f[4])), unaligned(&bytes(f[5])), unaligned(&bytes(f[6])));
                let c = unsafe {
                    bls12_381_sig_verify(
                        variant,
                        num(f[2]),
                        pk[1..].as_ptr(),
                        pk.len() - 1,
                        m[1..].as_ptr(),
                        m.len() - 1,
                        s[1..].as_ptr(),
                        s.len() - 1,
                    )
                };
                assert_eq!(c, num(f[7]), "{what}");
            }
            "aggregate" => {
                let sigs = list(f[3]);
                let n = sigs.len();
                let all = unaligned(&sigs.concat());
                let mut out = vec![0x5au8; ns];
                let c = unsafe { bls12_381_sig_aggregate(out.as_mut_ptr(), ns, variant, all[1..].as_ptr(), n) };
                assert_eq!(c, num(f[4]), "{what}");
                if c == 0 {
                    assert_eq!(out, bytes(f[5]), "{what}");
                } else {
                    assert!(f[5] == "-" && out.iter().all(|&b| b == 0x5a), "{what}");
                }
            }
            "aggregate_verify" => {
                let (pks, msgs, s) = (list(f[4]), list(f[5]), unaligned(&bytes(f[6])));
                assert_eq!(pks.len(), msgs.len());
                let pks = unaligned(&pks.concat());
                let (all, lens) = messages(&msgs);
                let c = unsafe {
                    bls12_381_sig_aggregate_verify(
                        variant,
                        num(f[2]),
                        pks[1..].as_ptr(),
                        all[1..].as_ptr(),
                        lens.as_ptr(),
                        lens.len(),
                        s[1..].as_ptr(),
                        s.len() - 1,
                    )
                };
                assert_eq!(c, num(f[7]), "{what}");
            }
            "fast_aggregate_verify" => {
                let (pks, m, s) = (list(f[3]), unaligned(&bytes(f[4])), unaligned(&bytes(f[5])));
                let n = pks.len();
                let pks = unaligned(&pks.concat());
                let c = unsafe {
                    bls12_381_sig_fast_aggregate_verify(
                        variant,
                        pks[1..].as_ptr(),
                        n,
                        m[1..].as_ptr(),
                        m.len() - 1,
                        s[1..].as_ptr(),
                        s.len() - 1,
                    )
                };
                assert_eq!(c, num(f[6]), "{what}");
            }
            "pop_verify" => {
                let (pk, proof) = (unaligned(&bytes(f[3])), unaligned(&bytes(f[4])));
                let c = unsafe {
                    bls12_381_sig_pop_verify(
                        variant,
                        pk[1..].as_ptr(),
                        pk.len() - 1,
                        proof[1..].as_ptr(),
                        proof.len() - 1,
                    )
                };
                assert_eq!(c, num(f[5]), "{what}");
            }
            "batch_verify" => {
                let (pks, msgs, sigs, seed) = (list(f[4]), list(f[5]), list(f[6]), unaligned(&bytes(f[7])));
                let n = pks.len();
                let (pks, sigs) = (unaligned(&pks.concat()), unaligned(&sigs.concat()));
                let (all, lens) = messages(&msgs);
                let c = unsafe {
                    bls12_381_sig_batch_verify(
                        variant,
                        num(f[2]),
                        pks[1..].as_ptr(),
                        all[1..].as_ptr(),
                        lens.as_ptr(),
                        sigs[1..].as_ptr(),
                        n,
                        seed[1..].as_ptr(),
                        seed.len() - 1,
                    )
                };
                assert_eq!(c, num(f[8]), "{what}");
            }
            "pk_validate" | "signature_validate" => {
                let x = unaligned(&bytes(f[3]));
                let c = unsafe {
                    if kind == "pk_validate" {
                        bls12_381_sig_pk_validate(variant, x[1..].as_ptr(), x.len() - 1)
                    } else {
                        bls12_381_sig_signature_validate(variant, x[1..].as_ptr(), x.len() - 1)
                    }
                };
                assert_eq!(c, num(f[4]), "{what}");
            }
            _ => panic!("unknown case kind: {line}"),
        }
    }
    // Every kind is there (a truncated file fails).
    assert_eq!(counts.len(), 12, "{counts:?}");
    assert!(counts["aggregate_verify"] >= 100 && counts["verify"] >= 90, "{counts:?}");
}
