//! The error cases of the signature layer, for both variants: identity
//! keys and signatures, points outside the subgroup, zero and
//! out-of-range secret keys, short key material, empty and mismatched
//! inputs, repeated messages in the Basic scheme, and the error codes.

use bls12_381_core::curve::{Affine, Curve};
use bls12_381_core::msm::MsmCurve;
use bls12_381_core::sig::{
    aggregate, Aug, Basic, MinPk, MinSig, Pop, PublicKey, Scheme, SecretKey, Signature, Variant,
};
use bls12_381_core::{Error, Fp, Fp2, Fr, G1Affine, G2Affine};

/// A point on the curve outside the order-r subgroup: the first x = 1, 2,
/// ... (in Fp, or Fp2 as (x, 0)) on the curve, checked to be outside.
pub(crate) trait OffSubgroup: Curve {
    fn off_subgroup() -> Affine<Self>;
}

fn first_off<C: Curve>(encode: impl Fn(u64) -> Vec<u8>) -> Affine<C> {
    for x in 1u64.. {
        if let Ok(p) = Affine::<C>::from_compressed_unchecked(&encode(x)) {
            if !bool::from(p.is_torsion_free()) {
                return p;
            }
        }
    }
    unreachable!()
}

impl OffSubgroup for bls12_381_core::curve::G1 {
    fn off_subgroup() -> G1Affine {
        first_off(|x| {
            let mut b = Fp::from_u64(x).to_bytes().to_vec();
            b[0] |= 0x80;
            b
        })
    }
}

impl OffSubgroup for bls12_381_core::curve::G2 {
    fn off_subgroup() -> G2Affine {
        first_off(|x| {
            let mut b = [Fp2::ZERO.c1.to_bytes(), Fp::from_u64(x).to_bytes()].concat();
            b[0] |= 0x80;
            b
        })
    }
}

fn key(i: u8) -> SecretKey {
    SecretKey::key_gen(&[i; 32], b"errors").unwrap()
}

fn errors_for<V: Variant>()
where
    V::PkCurve: OffSubgroup + MsmCurve,
    V::SigCurve: OffSubgroup + MsmCurve,
{
    let (sk, sk2) = (key(1), key(2));
    let (pk, pk2) = (sk.public_key::<V>(), sk2.public_key::<V>());
    let sig = Pop::sign::<V>(&sk, b"m");

    // Public keys: identity, outside the subgroup, off the curve.
    let id_pk = Affine::<V::PkCurve>::identity();
    assert_eq!(PublicKey::<V>::from_bytes(id_pk.to_compressed().as_ref()), Err(Error::IdentityPublicKey));
    assert_eq!(PublicKey::<V>::from_point(id_pk), Err(Error::IdentityPublicKey));
    let off_pk = V::PkCurve::off_subgroup();
    assert_eq!(PublicKey::<V>::from_bytes(off_pk.to_compressed().as_ref()), Err(Error::NotInSubgroup));
    assert_eq!(PublicKey::<V>::from_point(off_pk), Err(Error::NotInSubgroup));
    assert!(matches!(PublicKey::<V>::from_bytes(&[0u8; 3]), Err(Error::InvalidLength { .. })));
    // Keys summing to the identity.
    let neg = PublicKey::<V>::from_point(pk.point().neg()).unwrap();
    assert_eq!(PublicKey::aggregate(&[pk, neg]), Err(Error::IdentityPublicKey));
    // (pk - pk + pk2 = pk2, which did not sign.)
    assert_eq!(Pop::fast_aggregate_verify(&[pk, neg, pk2], b"m", &sig), Err(Error::InvalidSignature));
    assert_eq!(Pop::fast_aggregate_verify(&[pk, neg], b"m", &sig), Err(Error::IdentityPublicKey));

    // Signatures outside the subgroup: rejected by the checked decoder,
    // by every verification of an unchecked one, by Aggregate.
    let off = V::SigCurve::off_subgroup();
    let off_bytes = off.to_compressed();
    assert_eq!(Signature::<V>::from_bytes(off_bytes.as_ref()).err(), Some(Error::NotInSubgroup));
    assert_eq!(Signature::<V>::from_point(off).err(), Some(Error::NotInSubgroup));
    let bad = Signature::<V>::from_bytes_unchecked(off_bytes.as_ref()).unwrap();
    assert_eq!(bad.subgroup_check(), Err(Error::NotInSubgroup));
    assert_eq!(Basic::verify(&pk, b"m", &bad), Err(Error::NotInSubgroup));
    assert_eq!(Aug::verify(&pk, b"m", &bad), Err(Error::NotInSubgroup));
    assert_eq!(Pop::verify(&pk, b"m", &bad), Err(Error::NotInSubgroup));
    assert_eq!(Pop::pop_verify(&pk, &bad), Err(Error::NotInSubgroup));
    assert_eq!(Pop::fast_aggregate_verify(&[pk, pk2], b"m", &bad), Err(Error::NotInSubgroup));
    assert_eq!(Pop::aggregate_verify(&[pk], &[b"m"], &bad), Err(Error::NotInSubgroup));
    assert_eq!(aggregate(&[sig, bad]).err(), Some(Error::NotInSubgroup));
    let mut rng = <rand_chacha::ChaCha20Rng as rand::SeedableRng>::seed_from_u64(1);
    let sets = [(pk, &b"m"[..], sig), (pk2, &b"n"[..], bad)];
    assert_eq!(Pop::batch_verify(&sets, &mut rng), Err(Error::NotInSubgroup));
    assert_eq!(Pop::batch_verify_derived(&sets, b""), Err(Error::NotInSubgroup));
    // A valid signature decoded without the check passes it.
    let good = Signature::<V>::from_bytes_unchecked(sig.to_bytes().as_ref()).unwrap();
    assert_eq!(Pop::verify(&pk, b"m", &good), Ok(()));

    // The identity signature decodes (it is in the subgroup) and verifies
    // nothing.
    let id_sig = Signature::<V>::from_bytes(Affine::<V::SigCurve>::identity().to_compressed().as_ref()).unwrap();
    assert_eq!(Pop::verify(&pk, b"m", &id_sig), Err(Error::InvalidSignature));
    assert_eq!(Pop::fast_aggregate_verify(&[pk, pk2], b"m", &id_sig), Err(Error::InvalidSignature));
    assert_eq!(aggregate(&[sig, id_sig]).unwrap(), sig);

    // Empty and mismatched inputs.
    assert_eq!(aggregate::<V>(&[]).err(), Some(Error::EmptyInput));
    assert_eq!(PublicKey::<V>::aggregate(&[]), Err(Error::EmptyInput));
    assert_eq!(Pop::aggregate_verify::<V>(&[], &[], &sig), Err(Error::EmptyInput));
    assert_eq!(Pop::fast_aggregate_verify::<V>(&[], b"m", &sig), Err(Error::EmptyInput));
    assert_eq!(Pop::batch_verify::<V>(&[], &mut rng), Err(Error::EmptyInput));
    assert_eq!(Pop::batch_verify_derived::<V>(&[], b""), Err(Error::EmptyInput));
    assert_eq!(Pop::aggregate_verify(&[pk, pk2], &[b"m"], &sig), Err(Error::CountMismatch { keys: 2, messages: 1 }));

    // Basic: repeated messages.
    let agg = aggregate(&[Basic::sign::<V>(&sk, b"m"), Basic::sign::<V>(&sk2, b"m")]).unwrap();
    assert_eq!(Basic::aggregate_verify(&[pk, pk2], &[b"m", b"m"], &agg), Err(Error::DuplicateMessage));
    // Pop allows it, but the DSTs differ: the equation fails.
    assert_eq!(Pop::aggregate_verify(&[pk, pk2], &[b"m", b"m"], &agg), Err(Error::InvalidSignature));
    let agg = aggregate(&[Basic::sign::<V>(&sk, b"m"), Basic::sign::<V>(&sk2, b"n")]).unwrap();
    assert_eq!(Basic::aggregate_verify(&[pk, pk2], &[b"m", b"n"], &agg), Ok(()));
    assert_eq!(Basic::aggregate_verify(&[pk2, pk], &[b"m", b"n"], &agg), Err(Error::InvalidSignature));
}

#[test]
fn min_pk_errors() {
    errors_for::<MinPk>();
}

#[test]
fn min_sig_errors() {
    errors_for::<MinSig>();
}

#[test]
fn secret_keys() {
    // Zero, r and above, r - 1.
    assert_eq!(SecretKey::from_bytes(&[0u8; 32]).err(), Some(Error::ZeroSecretKey));
    let r_be: Vec<u8> = Fr::MODULUS.iter().rev().flat_map(|l| l.to_be_bytes()).collect();
    assert_eq!(SecretKey::from_slice(&r_be).err(), Some(Error::NotCanonical));
    assert_eq!(SecretKey::from_bytes(&[0xff; 32]).err(), Some(Error::NotCanonical));
    let mut r_minus_1 = r_be.clone();
    r_minus_1[31] -= 1;
    let sk = SecretKey::from_slice(&r_minus_1).unwrap();
    assert_eq!(sk.to_bytes().to_vec(), r_minus_1);
    assert_eq!(sk.scalar(), Fr::ONE.neg());
    // sk = r - 1 = -1: the public key is -g.
    assert_eq!(sk.public_key::<MinPk>().point(), G1Affine::generator().neg());
    assert_eq!(sk.public_key::<MinSig>().point(), G2Affine::generator().neg());
    assert_eq!(SecretKey::from_slice(&[1u8; 31]).err(), Some(Error::InvalidLength { expected: 32, got: 31 }));
    assert_eq!(SecretKey::from_scalar(Fr::ZERO).err(), Some(Error::ZeroSecretKey));
    assert_eq!(SecretKey::key_gen(&[0u8; 31], b"").err(), Some(Error::KeyMaterialTooShort { len: 31 }));
    assert!(SecretKey::key_gen(&[0u8; 32], b"").is_ok());
    assert_eq!(format!("{:?}", sk), "SecretKey(..)");
}

/// The little-endian order: the integer `sum b[i] 256^i` (num-bigint's
/// reading, an independent one) is accepted exactly when it is in [1, r),
/// and is then the key whose big-endian encoding is the reversed bytes
/// (blst's `SecretKey::from_bytes` reads that one); the encodings round
/// trip and reverse each other.
#[test]
fn secret_key_byte_orders() {
    use num_bigint::BigUint;
    use rand::RngCore;
    let r = BigUint::from_bytes_le(&Fr::MODULUS.iter().flat_map(|l| l.to_le_bytes()).collect::<Vec<u8>>());
    let mut rng = crate::common::rng("secret_key_byte_orders");
    let mut edge: Vec<[u8; 32]> = vec![[0u8; 32], [0xff; 32], [1u8; 32]];
    for k in [r.clone(), &r - 1u32, &r + 1u32, BigUint::from(1u32), BigUint::from(255u32) << 248] {
        let mut le = [0u8; 32];
        let b = k.to_bytes_le();
        le[..b.len()].copy_from_slice(&b);
        edge.push(le);
    }
    for i in 0..200 {
        let mut le = [0u8; 32];
        rng.fill_bytes(&mut le);
        if i % 2 == 0 {
            le[31] &= 0x7f; // about half of these are below r
        }
        let mut be = le;
        be.reverse();
        let n = BigUint::from_bytes_le(&le);
        let valid = n.bits() != 0 && n < r;
        let got = SecretKey::from_bytes_le(&le);
        assert_eq!(got.is_ok(), valid, "{le:02x?}");
        assert_eq!(SecretKey::from_slice_le(&le).is_ok(), valid);
        assert_eq!(blst::min_pk::SecretKey::from_bytes(&be).is_ok(), valid, "blst reads the reversed bytes big-endian");
        match got {
            Ok(sk) => {
                assert_eq!(sk, SecretKey::from_bytes(&be).unwrap());
                assert_eq!(sk.to_bytes_le(), le);
                assert_eq!(sk.to_bytes(), be);
                assert_eq!(blst::min_pk::SecretKey::from_bytes(&be).unwrap().to_bytes(), be);
            }
            Err(e) => {
                let want = if n.bits() == 0 { Error::ZeroSecretKey } else { Error::NotCanonical };
                assert_eq!(e, want);
                assert_eq!(SecretKey::from_bytes(&be).err(), Some(want), "the same verdict big-endian");
            }
        }
    }
    for le in edge {
        let n = BigUint::from_bytes_le(&le);
        let valid = n.bits() != 0 && n < r;
        assert_eq!(SecretKey::from_bytes_le(&le).is_ok(), valid, "edge {n}");
        let mut be = le;
        be.reverse();
        assert_eq!(SecretKey::from_bytes(&be).is_ok(), valid, "edge {n}, big-endian");
    }
    assert_eq!(SecretKey::from_slice_le(&[1u8; 33]).err(), Some(Error::InvalidLength { expected: 32, got: 33 }));
}

#[test]
fn error_codes() {
    let errors = [
        (Error::ZeroSecretKey, 22),
        (Error::KeyMaterialTooShort { len: 0 }, 23),
        (Error::IdentityPublicKey, 24),
        (Error::EmptyInput, 25),
        (Error::DuplicateMessage, 26),
        (Error::CountMismatch { keys: 1, messages: 2 }, 27),
        (Error::InvalidSignature, 28),
    ];
    for (e, code) in errors {
        assert_eq!(e.code(), code, "{e}");
        assert!(!e.to_string().is_empty());
    }
}

/// Signatures of small order, decoded without the subgroup check: the G2
/// point of order 13 (the Miller loop's T reaches the identity after 13
/// steps) for MinPk, (0, 2) of order 3 for MinSig. Every
/// verification reports NotInSubgroup rather than answering either way.
#[test]
fn small_order_signatures() {
    const G2_ORDER_13: &str = "a39bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d30adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4";
    let sk = key(3);
    let sig = Signature::<MinPk>::from_bytes_unchecked(&hex::decode(G2_ORDER_13).unwrap()).unwrap();
    let pk = sk.public_key::<MinPk>();
    assert_eq!(Pop::verify(&pk, b"m", &sig), Err(Error::NotInSubgroup));
    assert_eq!(Basic::aggregate_verify(&[pk], &[b"m"], &sig), Err(Error::NotInSubgroup));
    assert_eq!(aggregate(&[sig]).err(), Some(Error::NotInSubgroup));
    let mut g1 = [0u8; 48];
    g1[0] = 0x80;
    let sig = Signature::<MinSig>::from_bytes_unchecked(&g1).unwrap();
    assert_eq!(sig.subgroup_check(), Err(Error::NotInSubgroup));
    assert_eq!(Pop::verify(&sk.public_key::<MinSig>(), b"m", &sig), Err(Error::NotInSubgroup));
}
