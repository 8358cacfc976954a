//! The cases every face of the library answers alike:
//! vectors/sig-faces/cases.txt, read by this test (Rust), by
//! rust/ffi/tests/sig.rs (C) and by test/test_signature.ml (OCaml).
//!
//! The file holds one case per line: secret keys in both byte orders,
//! SkToPk, signatures and proofs of possession (their bytes), and the
//! verdicts of verify, aggregate, aggregate_verify (every scheme),
//! fast_aggregate_verify, pop_verify, batch verification and the two
//! validations, on valid inputs and on wrong messages, swapped keys,
//! repeated messages, identity keys and signatures, points outside the
//! subgroup or off the curve, junk and empty lists, for both variants.
//! A verdict is the C ABI's code: the first error in the order the C
//! functions decode their arguments, or 0.
//!
//! This test builds the cases from fixed keys, answers them with the
//! core, checks every answer against blst (bytes equal; verdicts: valid
//! exactly when blst says so, with the draft's rule on repeated Basic
//! messages, which blst leaves to its caller) and compares the text with
//! the file. `BLS12_381_WRITE_VECTORS=1` writes the file instead.
//!
//! Format (fields separated by one space; `#` starts a comment line):
//!
//! ```text
//! sk <name> <be> <le> <code>
//! pk <variant> <name> <sk> <pk>
//! proof <variant> <name> <sk> <proof>
//! sign <variant> <scheme> <name> <sk> <msg> <sig>
//! verify <variant> <scheme> <name> <pk> <msg> <sig> <code>
//! aggregate <variant> <name> <sigs> <code> <sig or ->
//! aggregate_verify <variant> <scheme> <name> <pks> <msgs> <sig> <code>
//! fast_aggregate_verify <variant> <name> <pks> <msg> <sig> <code>
//! pop_verify <variant> <name> <pk> <proof> <code>
//! batch_verify <variant> <scheme> <name> <pks> <msgs> <sigs> <seed> <code>
//! pk_validate <variant> <name> <pk> <code>
//! signature_validate <variant> <name> <sig> <code>
//! ```
//!
//! variant 0 is min-pk, 1 min-sig; scheme 0 Basic, 1 Aug, 2 Pop; secret
//! keys `sk` are big-endian; a byte string is `0x` and its hex digits
//! (`0x` alone is empty); a list is `-` when empty, else its byte strings
//! joined by commas. Byte strings in lists have the size of their kind
//! (the C functions take keys and signatures end to end).

use crate::errors::OffSubgroup;
use bls12_381_core::curve::{Affine, Curve};
use bls12_381_core::msm::MsmCurve;
use bls12_381_core::sig::{
    aggregate, Aug, Basic, MinPk, MinSig, Pop, PublicKey, Scheme, SecretKey, Signature, Variant,
};
use bls12_381_core::{Error, Fp, Fp2, Fr};
use std::fmt::Write;

/// The file, relative to rust/core.
const FILE: &str = "../../vectors/sig-faces/cases.txt";

fn hx(b: &[u8]) -> String {
    format!("0x{}", hex::encode(b))
}

fn list(v: &[Vec<u8>]) -> String {
    if v.is_empty() {
        "-".to_string()
    } else {
        v.iter().map(|b| hx(b)).collect::<Vec<_>>().join(",")
    }
}

fn code<T>(r: Result<T, Error>) -> i32 {
    match r {
        Ok(_) => 0,
        Err(e) => e.code(),
    }
}

/// The core's answers, decoding as the C functions do (keys with
/// KeyValidate, signatures without the subgroup check, which the
/// operations run), in their order.
struct Core<V: Variant>(core::marker::PhantomData<V>);

impl<V: Variant> Core<V> {
    fn pk(b: &[u8]) -> Result<PublicKey<V>, Error> {
        PublicKey::from_bytes(b)
    }
    fn sig(b: &[u8]) -> Result<Signature<V>, Error> {
        Signature::from_bytes_unchecked(b)
    }
    fn pks(v: &[Vec<u8>]) -> Result<Vec<PublicKey<V>>, Error> {
        v.iter().map(|b| Self::pk(b)).collect()
    }
    fn sigs(v: &[Vec<u8>]) -> Result<Vec<Signature<V>>, Error> {
        v.iter().map(|b| Self::sig(b)).collect()
    }
    fn sign(scheme: usize, sk: &SecretKey, m: &[u8]) -> Vec<u8> {
        match scheme {
            0 => Basic::sign::<V>(sk, m),
            1 => Aug::sign::<V>(sk, m),
            _ => Pop::sign::<V>(sk, m),
        }
        .to_bytes()
        .as_ref()
        .to_vec()
    }
    fn verify(scheme: usize, pk: &[u8], m: &[u8], s: &[u8]) -> i32 {
        code((|| {
            let (pk, s) = (Self::pk(pk)?, Self::sig(s)?);
            match scheme {
                0 => Basic::verify(&pk, m, &s),
                1 => Aug::verify(&pk, m, &s),
                _ => Pop::verify(&pk, m, &s),
            }
        })())
    }
    fn aggregate(sigs: &[Vec<u8>]) -> Result<Vec<u8>, Error> {
        Ok(aggregate(&Self::sigs(sigs)?)?.to_bytes().as_ref().to_vec())
    }
    fn aggregate_verify(scheme: usize, pks: &[Vec<u8>], msgs: &[Vec<u8>], s: &[u8]) -> i32 {
        code((|| {
            let s = Self::sig(s)?;
            let pks = Self::pks(pks)?;
            let m: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
            match scheme {
                0 => Basic::aggregate_verify(&pks, &m, &s),
                1 => Aug::aggregate_verify(&pks, &m, &s),
                _ => Pop::aggregate_verify(&pks, &m, &s),
            }
        })())
    }
    fn fast_aggregate_verify(pks: &[Vec<u8>], m: &[u8], s: &[u8]) -> i32 {
        code((|| {
            let s = Self::sig(s)?;
            Pop::fast_aggregate_verify(&Self::pks(pks)?, m, &s)
        })())
    }
    fn pop_verify(pk: &[u8], proof: &[u8]) -> i32 {
        code((|| Pop::pop_verify(&Self::pk(pk)?, &Self::sig(proof)?))())
    }
    fn batch_verify(scheme: usize, pks: &[Vec<u8>], msgs: &[Vec<u8>], sigs: &[Vec<u8>], seed: &[u8]) -> i32 {
        code((|| {
            let sigs = Self::sigs(sigs)?;
            let pks = Self::pks(pks)?;
            let sets: Vec<(PublicKey<V>, &[u8], Signature<V>)> =
                pks.into_iter().zip(msgs).zip(sigs).map(|((pk, m), s)| (pk, m.as_slice(), s)).collect();
            match scheme {
                0 => Basic::batch_verify_derived(&sets, seed),
                1 => Aug::batch_verify_derived(&sets, seed),
                _ => Pop::batch_verify_derived(&sets, seed),
            }
        })())
    }
    fn signature_validate(s: &[u8]) -> i32 {
        code(Self::sig(s).and_then(|s| s.subgroup_check()))
    }
}

/// blst's answers (`blst::min_pk` or `blst::min_sig` as `$b`): verdicts as
/// booleans, outputs as bytes. Keys pass blst's `key_validate`,
/// signatures its `sig_validate` with the identity allowed (the draft's
/// signature_subgroup_check); Basic's distinct messages are checked here,
/// as the draft's AggregateVerify does before CoreAggregateVerify.
macro_rules! blst_referee {
    ($name:ident, $b:ident) => {
        mod $name {
            use blst::$b as b;
            use blst::BLST_ERROR;

            fn ok(e: BLST_ERROR) -> bool {
                e == BLST_ERROR::BLST_SUCCESS
            }
            fn pk(x: &[u8]) -> Option<b::PublicKey> {
                b::PublicKey::key_validate(x).ok()
            }
            fn sig(x: &[u8]) -> Option<b::Signature> {
                b::Signature::sig_validate(x, false).ok()
            }
            fn pks(v: &[Vec<u8>]) -> Option<Vec<b::PublicKey>> {
                v.iter().map(|x| pk(x)).collect()
            }
            /// The message as signed in the scheme: Aug prefixes the key.
            fn signed(scheme: usize, pk: &[u8], m: &[u8]) -> Vec<u8> {
                if scheme == 1 {
                    [pk, m].concat()
                } else {
                    m.to_vec()
                }
            }
            pub fn sk_valid(be: &[u8]) -> bool {
                b::SecretKey::from_bytes(be).is_ok()
            }
            pub fn sk_to_pk(be: &[u8]) -> Vec<u8> {
                b::SecretKey::from_bytes(be).unwrap().sk_to_pk().to_bytes().to_vec()
            }
            pub fn sign(scheme: usize, dst: &[u8], be: &[u8], m: &[u8]) -> Vec<u8> {
                let sk = b::SecretKey::from_bytes(be).unwrap();
                let pk = sk.sk_to_pk().to_bytes();
                sk.sign(&signed(scheme, &pk, m), dst, b"").to_bytes().to_vec()
            }
            pub fn verify(scheme: usize, dst: &[u8], p: &[u8], m: &[u8], s: &[u8]) -> bool {
                let (Some(pk), Some(s)) = (pk(p), sig(s)) else { return false };
                ok(s.verify(true, &signed(scheme, p, m), dst, b"", &pk, true))
            }
            pub fn aggregate(sigs: &[Vec<u8>]) -> Option<Vec<u8>> {
                let s: Option<Vec<b::Signature>> = sigs.iter().map(|x| sig(x)).collect();
                let s = s?;
                let r: Vec<&b::Signature> = s.iter().collect();
                b::AggregateSignature::aggregate(&r, true).ok().map(|a| a.to_signature().to_bytes().to_vec())
            }
            pub fn aggregate_verify(scheme: usize, dst: &[u8], p: &[Vec<u8>], msgs: &[Vec<u8>], s: &[u8]) -> bool {
                let (Some(keys), Some(s)) = (pks(p), sig(s)) else { return false };
                if p.is_empty() {
                    return false;
                }
                if scheme == 0 {
                    let mut m = msgs.to_vec();
                    m.sort();
                    if m.windows(2).any(|w| w[0] == w[1]) {
                        return false;
                    }
                }
                let signed: Vec<Vec<u8>> = p.iter().zip(msgs).map(|(k, m)| signed(scheme, k, m)).collect();
                let m: Vec<&[u8]> = signed.iter().map(|m| m.as_slice()).collect();
                let r: Vec<&b::PublicKey> = keys.iter().collect();
                ok(s.aggregate_verify(true, &m, dst, &r, true))
            }
            pub fn fast_aggregate_verify(dst: &[u8], p: &[Vec<u8>], m: &[u8], s: &[u8]) -> bool {
                let (Some(keys), Some(s)) = (pks(p), sig(s)) else { return false };
                if keys.is_empty() {
                    return false;
                }
                let r: Vec<&b::PublicKey> = keys.iter().collect();
                ok(s.fast_aggregate_verify(true, m, dst, &r))
            }
            pub fn pop_verify(pop_dst: &[u8], p: &[u8], proof: &[u8]) -> bool {
                let (Some(k), Some(s)) = (pk(p), sig(proof)) else { return false };
                ok(s.verify(true, p, pop_dst, b"", &k, true))
            }
            pub fn pop_prove(pop_dst: &[u8], be: &[u8]) -> Vec<u8> {
                let sk = b::SecretKey::from_bytes(be).unwrap();
                sk.sign(&sk.sk_to_pk().to_bytes(), pop_dst, b"").to_bytes().to_vec()
            }
            /// Every set verifies on its own (blst's verdict of each).
            pub fn batch_verify(scheme: usize, dst: &[u8], p: &[Vec<u8>], msgs: &[Vec<u8>], sigs: &[Vec<u8>]) -> bool {
                !p.is_empty() && p.iter().zip(msgs).zip(sigs).all(|((k, m), s)| verify(scheme, dst, k, m, s))
            }
            pub fn pk_validate(p: &[u8]) -> bool {
                pk(p).is_some()
            }
            pub fn signature_validate(s: &[u8]) -> bool {
                sig(s).is_some()
            }
        }
    };
}

blst_referee!(blst_min_pk, min_pk);
blst_referee!(blst_min_sig, min_sig);

/// A compressed point on the curve `C` but not a valid point: the first x
/// = 1, 2, ... (c0 of an Fp2 x on G2) that is not the x of any point.
fn off_curve<C: Curve>(encode: impl Fn(u64) -> Vec<u8>) -> Vec<u8> {
    for x in 1u64.. {
        let b = encode(x);
        if matches!(Affine::<C>::from_compressed_unchecked(&b), Err(Error::NotOnCurve)) {
            return b;
        }
    }
    unreachable!()
}

trait Points: Curve + OffSubgroup + MsmCurve {
    fn off_curve() -> Vec<u8>;
}

impl Points for bls12_381_core::curve::G1 {
    fn off_curve() -> Vec<u8> {
        off_curve::<Self>(|x| {
            let mut b = Fp::from_u64(x).to_bytes().to_vec();
            b[0] |= 0x80;
            b
        })
    }
}

impl Points for bls12_381_core::curve::G2 {
    fn off_curve() -> Vec<u8> {
        off_curve::<Self>(|x| {
            let mut b = [Fp2::ZERO.c1.to_bytes(), Fp::from_u64(x).to_bytes()].concat();
            b[0] |= 0x80;
            b
        })
    }
}

/// The fixed secret keys of the cases: KeyGen of IKM = [i; 32].
fn keys() -> Vec<SecretKey> {
    (1..=4u8).map(|i| SecretKey::key_gen(&[i; 32], b"faces").unwrap()).collect()
}

/// The lines of the secret-key cases (variant-independent).
fn secret_key_lines(out: &mut String) {
    let r_be: Vec<u8> = Fr::MODULUS.iter().rev().flat_map(|l| l.to_be_bytes()).collect();
    let mut cases: Vec<(String, Vec<u8>)> =
        keys().iter().enumerate().map(|(i, k)| (format!("keygen-{i}"), k.to_bytes().to_vec())).collect();
    let mut one = vec![0u8; 32];
    one[31] = 1;
    let mut r_minus_1 = r_be.clone();
    r_minus_1[31] -= 1;
    let mut r_plus_1 = r_be.clone();
    r_plus_1[31] += 1;
    let mut high = vec![0u8; 32];
    high[0] = 0x01; // 2^248: below r
    let mut low_byte_ff = vec![0u8; 32];
    low_byte_ff[31] = 0xff; // 255
    for (n, k) in [
        ("one", one),
        ("2^248", high),
        ("255", low_byte_ff),
        ("r-1", r_minus_1),
        ("r", r_be.clone()),
        ("r+1", r_plus_1),
        ("zero", vec![0u8; 32]),
        ("all-ff", vec![0xff; 32]),
    ] {
        cases.push((n.to_string(), k));
    }
    for (name, be) in cases {
        let be32: [u8; 32] = be.clone().try_into().unwrap();
        let mut le = be.clone();
        le.reverse();
        let le32: [u8; 32] = le.clone().try_into().unwrap();
        let c = code(SecretKey::from_bytes(&be32));
        assert_eq!(c, code(SecretKey::from_bytes_le(&le32)), "{name}: both orders");
        assert_eq!(c == 0, blst_min_pk::sk_valid(&be), "{name}: blst");
        assert_eq!(c == 0, blst_min_sig::sk_valid(&be), "{name}: blst min_sig");
        if let Ok(k) = SecretKey::from_bytes(&be32) {
            assert_eq!(k.to_bytes_le().to_vec(), le);
        }
        writeln!(out, "sk {name} {} {} {c}", hx(&be), hx(&le)).unwrap();
    }
}

/// The lines of variant `V` (number `v`), checked against blst through
/// the referee functions `$b`.
macro_rules! variant_lines {
    ($fn:ident, $v:ty, $b:ident) => {
        fn $fn(out: &mut String) {
            type V = $v;
            type C = Core<V>;
            use $b as b;
            let v: usize = if core::any::TypeId::of::<V>() == core::any::TypeId::of::<MinPk>() { 0 } else { 1 };
            let dsts = [Basic::dst::<V>(), Aug::dst::<V>(), Pop::dst::<V>()];
            let pop_dst = Pop::pop_dst::<V>();
            let sks = keys();
            let skb: Vec<Vec<u8>> = sks.iter().map(|k| k.to_bytes().to_vec()).collect();
            let pks: Vec<Vec<u8>> = sks.iter().map(|k| k.public_key::<V>().to_bytes().as_ref().to_vec()).collect();
            let np = pks[0].len();
            let ns = if np == 48 { 96 } else { 48 };
            // Points that are not valid keys or signatures.
            let mut id_pk = vec![0u8; np];
            id_pk[0] = 0xc0;
            let mut id_sig = vec![0u8; ns];
            id_sig[0] = 0xc0;
            let off_pk = <V as Variant>::PkCurve::off_subgroup().to_compressed().as_ref().to_vec();
            let off_sig = <V as Variant>::SigCurve::off_subgroup().to_compressed().as_ref().to_vec();
            let noncurve_pk = <<V as Variant>::PkCurve as Points>::off_curve();
            let noncurve_sig = <<V as Variant>::SigCurve as Points>::off_curve();
            let junk_pk = vec![0xffu8; np];
            let junk_sig = vec![0xffu8; ns];
            let short_pk = pks[0][..np - 1].to_vec();
            let short_sig = vec![0u8; ns - 1];
            // -pk0: flip the sign bit of the compressed encoding.
            let mut neg_pk0 = pks[0].clone();
            neg_pk0[0] ^= 0x20;
            let msgs: Vec<Vec<u8>> = vec![b"".to_vec(), b"message 1".to_vec(), b"message 2".to_vec(), vec![0xab; 40]];

            for (i, sk) in skb.iter().enumerate() {
                assert_eq!(pks[i], b::sk_to_pk(sk), "SkToPk");
                writeln!(out, "pk {v} key-{i} {} {}", hx(sk), hx(&pks[i])).unwrap();
                let proof = Pop::pop_prove::<V>(&sks[i]).to_bytes().as_ref().to_vec();
                assert_eq!(proof, b::pop_prove(pop_dst, sk), "PopProve");
                writeln!(out, "proof {v} key-{i} {} {}", hx(sk), hx(&proof)).unwrap();
            }

            // sigs[s][i]: key i's signature of msgs[i] in scheme s.
            let mut signed = Vec::new();
            for s in 0..3 {
                let sigs: Vec<Vec<u8>> = (0..4).map(|i| C::sign(s, &sks[i], &msgs[i])).collect();
                for i in 0..4 {
                    assert_eq!(sigs[i], b::sign(s, dsts[s], &skb[i], &msgs[i]), "sign {v}/{s} {i}");
                    writeln!(out, "sign {v} {s} key-{i} {} {} {}", hx(&skb[i]), hx(&msgs[i]), hx(&sigs[i])).unwrap();
                }
                signed.push(sigs);
            }

            // One line per case, each verdict checked against blst.
            let mut verify = |s: usize, name: &str, pk: &[u8], m: &[u8], sig: &[u8]| {
                let c = C::verify(s, pk, m, sig);
                assert_eq!(c == 0, b::verify(s, dsts[s], pk, m, sig), "verify {v}/{s} {name}: {c}");
                writeln!(out, "verify {v} {s} {name} {} {} {} {c}", hx(pk), hx(m), hx(sig)).unwrap();
            };
            for s in 0..3 {
                let sigs = &signed[s];
                let other = (s + 1) % 3;
                verify(s, "valid", &pks[1], &msgs[1], &sigs[1]);
                verify(s, "valid-empty-message", &pks[0], &msgs[0], &sigs[0]);
                verify(s, "wrong-message", &pks[1], &msgs[2], &sigs[1]);
                verify(s, "wrong-key", &pks[2], &msgs[1], &sigs[1]);
                verify(s, "other-scheme", &pks[1], &msgs[1], &signed[other][1]);
                verify(s, "identity-key", &id_pk, &msgs[1], &sigs[1]);
                verify(s, "identity-key-identity-signature", &id_pk, &msgs[1], &id_sig);
                verify(s, "identity-signature", &pks[1], &msgs[1], &id_sig);
                verify(s, "key-outside-subgroup", &off_pk, &msgs[1], &sigs[1]);
                verify(s, "signature-outside-subgroup", &pks[1], &msgs[1], &off_sig);
                verify(s, "key-off-curve", &noncurve_pk, &msgs[1], &sigs[1]);
                verify(s, "signature-off-curve", &pks[1], &msgs[1], &noncurve_sig);
                verify(s, "junk-key", &junk_pk, &msgs[1], &sigs[1]);
                verify(s, "junk-signature", &pks[1], &msgs[1], &junk_sig);
                verify(s, "short-key", &short_pk, &msgs[1], &sigs[1]);
                verify(s, "short-signature", &pks[1], &msgs[1], &short_sig);
            }

            let mut aggregate = |name: &str, sigs: &[Vec<u8>]| -> Vec<u8> {
                let r = C::aggregate(sigs);
                assert_eq!(r.as_ref().ok(), b::aggregate(sigs).as_ref(), "aggregate {v} {name}");
                let (c, o) = match &r {
                    Ok(o) => (0, hx(o)),
                    Err(e) => (e.code(), "-".to_string()),
                };
                writeln!(out, "aggregate {v} {name} {} {c} {o}", list(sigs)).unwrap();
                r.unwrap_or_default()
            };
            // Aggregates per scheme: of keys 0..3 on their own messages, of
            // keys 0..3 on one message, of keys 0 and 1 on message 1.
            let mut aggs = Vec::new();
            let mut same = Vec::new();
            for s in 0..3 {
                aggs.push(aggregate(&format!("scheme-{s}-distinct"), &signed[s]));
                let one: Vec<Vec<u8>> = (0..4).map(|i| C::sign(s, &sks[i], &msgs[1])).collect();
                same.push(aggregate(&format!("scheme-{s}-one-message"), &one));
            }
            aggregate("one", &signed[2][..1]);
            aggregate("with-identity", &[signed[2][0].clone(), id_sig.clone()]);
            aggregate("outside-subgroup", &[signed[2][0].clone(), off_sig.clone()]);
            aggregate("off-curve", &[signed[2][0].clone(), noncurve_sig.clone()]);
            aggregate("junk", std::slice::from_ref(&junk_sig));
            aggregate("empty", &[]);

            let mut aggregate_verify = |s: usize, name: &str, p: &[Vec<u8>], m: &[Vec<u8>], sig: &[u8]| {
                let c = C::aggregate_verify(s, p, m, sig);
                assert_eq!(c == 0, b::aggregate_verify(s, dsts[s], p, m, sig), "aggregate_verify {v}/{s} {name}: {c}");
                writeln!(out, "aggregate_verify {v} {s} {name} {} {} {} {c}", list(p), list(m), hx(sig)).unwrap();
            };
            let rep = |m: &[u8]| vec![m.to_vec(); 4];
            for s in 0..3 {
                let agg = &aggs[s];
                let mut swapped = pks.clone();
                swapped.swap(0, 1);
                let mut wrong = msgs.clone();
                wrong[3] = b"message 3".to_vec();
                let with = |i: usize, k: &[u8]| {
                    let mut p = pks.clone();
                    p[i] = k.to_vec();
                    p
                };
                aggregate_verify(s, "valid", &pks, &msgs, agg);
                aggregate_verify(s, "swapped-keys", &swapped, &msgs, agg);
                aggregate_verify(s, "wrong-message", &pks, &wrong, agg);
                aggregate_verify(s, "one-pair-missing", &pks[..3], &msgs[..3], agg);
                aggregate_verify(s, "one-message", &pks, &rep(&msgs[1]), &same[s]);
                aggregate_verify(s, "one-message-two-keys", &pks[..2], &rep(&msgs[1])[..2], &same[s]);
                aggregate_verify(s, "single", &pks[1..2], &msgs[1..2], &signed[s][1]);
                aggregate_verify(s, "identity-key", &with(2, &id_pk), &msgs, agg);
                aggregate_verify(s, "identity-key-one-message", &with(2, &id_pk), &rep(&msgs[1]), &same[s]);
                aggregate_verify(s, "key-outside-subgroup", &with(3, &off_pk), &msgs, agg);
                aggregate_verify(s, "junk-key", &with(0, &junk_pk), &msgs, agg);
                aggregate_verify(s, "identity-signature", &pks, &msgs, &id_sig);
                aggregate_verify(s, "signature-outside-subgroup", &pks, &msgs, &off_sig);
                aggregate_verify(s, "junk-signature-one-message", &pks, &rep(&msgs[1]), &junk_sig);
                aggregate_verify(s, "other-scheme", &pks, &msgs, &aggs[(s + 1) % 3]);
                aggregate_verify(s, "empty", &[], &[], agg);
                aggregate_verify(s, "empty-identity-signature", &[], &[], &id_sig);
            }

            let mut fast = |name: &str, p: &[Vec<u8>], m: &[u8], sig: &[u8]| {
                let c = C::fast_aggregate_verify(p, m, sig);
                assert_eq!(
                    c == 0,
                    b::fast_aggregate_verify(dsts[2], p, m, sig),
                    "fast_aggregate_verify {v} {name}: {c}"
                );
                writeln!(out, "fast_aggregate_verify {v} {name} {} {} {} {c}", list(p), hx(m), hx(sig)).unwrap();
            };
            let with = |i: usize, k: &[u8]| {
                let mut p = pks.clone();
                p[i] = k.to_vec();
                p
            };
            fast("valid", &pks, &msgs[1], &same[2]);
            fast("key-missing", &pks[1..], &msgs[1], &same[2]);
            fast("wrong-message", &pks, &msgs[2], &same[2]);
            fast("basic-signatures", &pks, &msgs[1], &same[0]);
            fast("single", &pks[1..2], &msgs[1], &signed[2][1]);
            fast("identity-key", &with(0, &id_pk), &msgs[1], &same[2]);
            fast("key-outside-subgroup", &with(0, &off_pk), &msgs[1], &same[2]);
            fast("keys-sum-to-identity", &[pks[0].clone(), neg_pk0.clone()], &msgs[1], &id_sig);
            fast("key-and-its-negation", &[pks[0].clone(), neg_pk0.clone(), pks[1].clone()], &msgs[1], &signed[2][1]);
            fast("signature-outside-subgroup", &pks, &msgs[1], &off_sig);
            fast("identity-signature", &pks, &msgs[1], &id_sig);
            fast("empty", &[], &msgs[1], &same[2]);

            let mut pop = |name: &str, pk: &[u8], proof: &[u8]| {
                let c = C::pop_verify(pk, proof);
                assert_eq!(c == 0, b::pop_verify(pop_dst, pk, proof), "pop_verify {v} {name}: {c}");
                writeln!(out, "pop_verify {v} {name} {} {} {c}", hx(pk), hx(proof)).unwrap();
            };
            let proofs: Vec<Vec<u8>> =
                sks.iter().map(|k| Pop::pop_prove::<V>(k).to_bytes().as_ref().to_vec()).collect();
            pop("valid", &pks[0], &proofs[0]);
            pop("other-key", &pks[1], &proofs[0]);
            pop("signature-of-key-bytes", &pks[0], &C::sign(2, &sks[0], &pks[0]));
            pop("identity-key", &id_pk, &proofs[0]);
            pop("key-outside-subgroup", &off_pk, &proofs[0]);
            pop("identity-proof", &pks[0], &id_sig);
            pop("proof-outside-subgroup", &pks[0], &off_sig);

            let mut batch = |s: usize, name: &str, p: &[Vec<u8>], m: &[Vec<u8>], sigs: &[Vec<u8>], seed: &[u8]| {
                let c = C::batch_verify(s, p, m, sigs, seed);
                assert_eq!(c == 0, b::batch_verify(s, dsts[s], p, m, sigs), "batch_verify {v}/{s} {name}: {c}");
                writeln!(out, "batch_verify {v} {s} {name} {} {} {} {} {c}", list(p), list(m), list(sigs), hx(seed))
                    .unwrap();
            };
            for s in 0..3 {
                let sigs = &signed[s];
                let mut swapped = sigs.clone();
                swapped.swap(1, 2);
                let mut off = sigs.clone();
                off[3] = off_sig.clone();
                batch(s, "valid", &pks, &msgs, sigs, b"");
                batch(s, "valid-seeded", &pks, &msgs, sigs, b"seed");
                batch(s, "swapped-signatures", &pks, &msgs, &swapped, b"");
                batch(s, "identity-key", &with(1, &id_pk), &msgs, sigs, b"");
                batch(s, "signature-outside-subgroup", &pks, &msgs, &off, b"");
                batch(s, "empty", &[], &[], &[], b"");
            }

            let mut pkv = |name: &str, pk: &[u8]| {
                let c = code(C::pk(pk));
                assert_eq!(c == 0, b::pk_validate(pk), "pk_validate {v} {name}: {c}");
                writeln!(out, "pk_validate {v} {name} {} {c}", hx(pk)).unwrap();
            };
            pkv("valid", &pks[0]);
            pkv("negated", &neg_pk0);
            pkv("identity", &id_pk);
            pkv("outside-subgroup", &off_pk);
            pkv("off-curve", &noncurve_pk);
            pkv("junk", &junk_pk);
            pkv("short", &short_pk);
            pkv("empty", b"");
            pkv("a-signature", &signed[2][0]);
            let mut sv = |name: &str, sig: &[u8]| {
                let c = C::signature_validate(sig);
                assert_eq!(c == 0, b::signature_validate(sig), "signature_validate {v} {name}: {c}");
                writeln!(out, "signature_validate {v} {name} {} {c}", hx(sig)).unwrap();
            };
            sv("valid", &signed[2][0]);
            sv("identity", &id_sig);
            sv("outside-subgroup", &off_sig);
            sv("off-curve", &noncurve_sig);
            sv("junk", &junk_sig);
            sv("short", &short_sig);
            sv("a-key", &pks[0]);
        }
    };
}

variant_lines!(min_pk_lines, MinPk, blst_min_pk);
variant_lines!(min_sig_lines, MinSig, blst_min_sig);

/// The whole file's text.
fn render() -> String {
    let mut out = String::new();
    out.push_str(
        "# BLS signature cases answered alike by Rust, C and OCaml; written by\n\
         # rust/core/tests/sig/faces.rs (format in its documentation),\n\
         # BLS12_381_WRITE_VECTORS=1 cargo test -p bls12-381-core --test sig faces\n",
    );
    secret_key_lines(&mut out);
    min_pk_lines(&mut out);
    min_sig_lines(&mut out);
    out
}

#[test]
fn faces_file() {
    let text = render();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    if std::env::var_os("BLS12_381_WRITE_VECTORS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // Line by line, so a difference names its case.
    for (i, (a, b)) in text.lines().zip(stored.lines()).enumerate() {
        assert_eq!(a, b, "{FILE}, line {}", i + 1);
    }
    assert_eq!(text.lines().count(), stored.lines().count(), "{FILE}: number of lines");
    // Every kind of case is there, for both variants where it has one.
    for kind in [
        "sk",
        "pk",
        "proof",
        "sign",
        "verify",
        "aggregate",
        "aggregate_verify",
        "fast_aggregate_verify",
        "pop_verify",
        "batch_verify",
        "pk_validate",
        "signature_validate",
    ] {
        assert!(stored.lines().any(|l| l.split(' ').next() == Some(kind)), "{kind}");
    }
}
