//! Canonical encodings: round trips, agreement with blst's byte conversions,
//! and rejection of every non-canonical class and of wrong lengths.
//!
//! Fp: 48 bytes big-endian. Fr: 32 bytes little-endian. Fp12: 576 bytes, 12
//! coefficients of 48 bytes little-endian in tower order (ocaml-bls12-381).

use bls12_381_core::{Error, Fp, Fp12, Fr};
use blst::{blst_fp, blst_scalar};
use crate::common::*;
use num_bigint::BigUint;
use rand::RngCore;

/// Integers in [m, 2^(8 nbytes)): m, m+1, m+2, m + 2^k, 2^(8 nbytes) - 1,
/// the top-bit values, and `n` uniform ones.
fn non_canonical(m: &BigUint, nbytes: usize, n: usize, rng: &mut impl RngCore) -> Vec<BigUint> {
    let top = pow2(8 * nbytes);
    let mut v = vec![m.clone(), m + big(1), m + big(2), m + big(3), &top - big(1), &top - big(2)];
    for k in [0usize, 1, 63, 64, 128, 200, 250, 254, 255, 256, 300, 380, 381, 382, 383] {
        let x = pow2(k);
        if &(m + &x) < &top {
            v.push(m + &x);
        }
        if &x >= m && x < top {
            v.push(x.clone());
        }
    }
    if &(m * big(2)) < &top {
        v.push(m * big(2));
        v.push(m * big(2) - big(1));
    }
    // All-ones limbs.
    v.push(&top - big(1) - (big(u64::MAX) << 64));
    let span = &top - m;
    for _ in 0..n {
        v.push(m + uniform_below(rng, &span));
    }
    for x in &v {
        assert!(x >= m && x < &top);
    }
    v
}

// ------------------------------------------------------------------ Fp

#[test]
fn fp_round_trip() {
    let mut rng = rng("enc fp round trip");
    for a in singles(&fp_edges(), N, &mut rng, |r| rand_fp(r)) {
        let b = a.to_bytes();
        check("fp from_bytes(to_bytes)", a, Fp::from_bytes(&b).unwrap(), a);
        check("fp from_slice(to_bytes)", a, Fp::from_slice(&b).unwrap(), a);
        check("fp to_bytes (bigint)", a, b, be_bytes::<48>(&fp_big(&a)));
        let mut bb = [0u8; 48];
        unsafe { blst::blst_bendian_from_fp(bb.as_mut_ptr(), &fp_to_blst(&a)) };
        check("fp to_bytes (blst)", a, b, bb);
    }
    // Canonical byte strings map back to themselves.
    for _ in 0..N {
        let x = uniform_below(&mut rng, p());
        let b = be_bytes::<48>(&x);
        check("fp to_bytes(from_bytes)", x.clone(), Fp::from_bytes(&b).unwrap().to_bytes(), b);
        let mut bf = blst_fp::default();
        unsafe { blst::blst_fp_from_bendian(&mut bf, b.as_ptr()) };
        check("fp from_bytes (blst)", x, Fp::from_bytes(&b).unwrap(), fp_from_blst(&bf));
    }
    check("fp one", (), Fp::ONE.to_bytes(), be_bytes::<48>(&big(1)));
    check("fp from_u64 bytes", (), Fp::from_u64(0x0102_0304_0506_0708).to_bytes()[40..].to_vec(), vec![1, 2, 3, 4, 5, 6, 7, 8]);
}

#[test]
fn fp_rejects_non_canonical() {
    let mut rng = rng("enc fp reject");
    for x in non_canonical(p(), 48, N, &mut rng) {
        let b = be_bytes::<48>(&x);
        check("fp from_bytes(>= p)", x.clone(), Fp::from_bytes(&b).err(), Some(Error::NotCanonical));
        check("fp from_slice(>= p)", x.clone(), Fp::from_slice(&b).err(), Some(Error::NotCanonical));
        check("fp from_limbs(>= p)", x.clone(), Fp::from_limbs(&limbs_of::<6>(&x)).err(), Some(Error::NotCanonical));
    }
    // p - 1 is the largest accepted value.
    assert!(Fp::from_bytes(&be_bytes::<48>(&(p() - big(1)))).is_ok());
    assert!(Fp::from_limbs(&limbs_of::<6>(&(p() - big(1)))).is_ok());
}

#[test]
fn fp_rejects_wrong_lengths() {
    let buf = [0u8; 1200];
    for len in [0usize, 1, 32, 47, 49, 64, 96, 576] {
        check("fp from_slice length", len, Fp::from_slice(&buf[..len]).err(), Some(Error::InvalidLength { expected: 48, got: len }));
    }
    assert_eq!(Fp::BYTES, 48);
    assert!(Fp::from_slice(&buf[..48]).is_ok());
}

// ------------------------------------------------------------------ Fr

#[test]
fn fr_round_trip() {
    let mut rng = rng("enc fr round trip");
    for a in singles(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        let b = a.to_bytes();
        check("fr from_bytes(to_bytes)", a, Fr::from_bytes(&b).unwrap(), a);
        check("fr from_slice(to_bytes)", a, Fr::from_slice(&b).unwrap(), a);
        check("fr to_bytes (bigint)", a, b, le_bytes::<32>(&fr_big(&a)));
    }
    for _ in 0..N {
        let x = uniform_below(&mut rng, r());
        let b = le_bytes::<32>(&x);
        check("fr to_bytes(from_bytes)", x.clone(), Fr::from_bytes(&b).unwrap().to_bytes(), b);
        // blst agrees the value is canonical and has the same integer.
        let mut s = blst_scalar::default();
        unsafe { blst::blst_scalar_from_lendian(&mut s, b.as_ptr()) };
        assert!(unsafe { blst::blst_scalar_fr_check(&s) });
    }
    check("fr one", (), Fr::ONE.to_bytes(), le_bytes::<32>(&big(1)));
    check("fr from_u64 bytes", (), Fr::from_u64(0x0102_0304_0506_0708).to_bytes()[..8].to_vec(), vec![8, 7, 6, 5, 4, 3, 2, 1]);
}

#[test]
fn fr_rejects_non_canonical() {
    let mut rng = rng("enc fr reject");
    for x in non_canonical(r(), 32, N, &mut rng) {
        let b = le_bytes::<32>(&x);
        check("fr from_bytes(>= r)", x.clone(), Fr::from_bytes(&b).err(), Some(Error::NotCanonical));
        check("fr from_slice(>= r)", x.clone(), Fr::from_slice(&b).err(), Some(Error::NotCanonical));
        check("fr from_limbs(>= r)", x.clone(), Fr::from_limbs(&limbs_of::<4>(&x)).err(), Some(Error::NotCanonical));
        // blst agrees.
        let mut s = blst_scalar::default();
        unsafe { blst::blst_scalar_from_lendian(&mut s, b.as_ptr()) };
        assert!(!unsafe { blst::blst_scalar_fr_check(&s) }, "blst accepts {x:x}");
    }
    assert!(Fr::from_bytes(&le_bytes::<32>(&(r() - big(1)))).is_ok());
    assert!(Fr::from_limbs(&limbs_of::<4>(&(r() - big(1)))).is_ok());
}

#[test]
fn fr_rejects_wrong_lengths() {
    let buf = [0u8; 1200];
    for len in [0usize, 1, 31, 33, 48, 64] {
        check("fr from_slice length", len, Fr::from_slice(&buf[..len]).err(), Some(Error::InvalidLength { expected: 32, got: len }));
    }
    assert_eq!(Fr::BYTES, 32);
    assert!(Fr::from_slice(&buf[..32]).is_ok());
}

// ------------------------------------------------------------------ Fp12

#[test]
fn fp12_round_trip_and_layout() {
    let mut rng = rng("enc fp12 round trip");
    for a in singles(&fp12_edges(), N, &mut rng, |r| rand_fp12(r)) {
        let b = a.to_bytes();
        check("fp12 from_bytes(to_bytes)", a, Fp12::from_bytes(&b).unwrap(), a);
        check("fp12 from_slice(to_bytes)", a, Fp12::from_slice(&b).unwrap(), a);
        // Chunk k is coefficient k (tower order), 48 bytes little-endian.
        let c = [
            a.c0.c0.c0, a.c0.c0.c1, a.c0.c1.c0, a.c0.c1.c1, a.c0.c2.c0, a.c0.c2.c1,
            a.c1.c0.c0, a.c1.c0.c1, a.c1.c1.c0, a.c1.c1.c1, a.c1.c2.c0, a.c1.c2.c1,
        ];
        for k in 0..12 {
            check("fp12 to_bytes chunk", (a, k), b[48 * k..48 * k + 48].to_vec(), le_bytes::<48>(&fp_big(&c[k])).to_vec());
        }
    }
    // Canonical byte strings map back to themselves.
    for _ in 0..N / 10 {
        let mut b = [0u8; 576];
        for k in 0..12 {
            b[48 * k..48 * k + 48].copy_from_slice(&le_bytes::<48>(&uniform_below(&mut rng, p())));
        }
        check("fp12 to_bytes(from_bytes)", (), Fp12::from_bytes(&b).unwrap().to_bytes().to_vec(), b.to_vec());
    }
    check("fp12 one", (), Fp12::ONE.to_bytes()[..48].to_vec(), le_bytes::<48>(&big(1)).to_vec());
    assert!(Fp12::ONE.to_bytes()[48..].iter().all(|&x| x == 0));
}

#[test]
fn fp12_rejects_non_canonical_coefficient() {
    let mut rng = rng("enc fp12 reject");
    let bads = non_canonical(p(), 48, 50, &mut rng);
    for k in 0..12 {
        for (i, x) in bads.iter().enumerate() {
            // A valid element with coefficient k replaced by a value >= p.
            let mut b = rand_fp12(&mut rng).to_bytes();
            if i % 2 == 0 {
                b = [0u8; 576];
            }
            b[48 * k..48 * k + 48].copy_from_slice(&le_bytes::<48>(x));
            check("fp12 from_bytes(coefficient >= p)", (k, x.clone()), Fp12::from_bytes(&b).err(), Some(Error::NotCanonical));
            check("fp12 from_slice(coefficient >= p)", (k, x.clone()), Fp12::from_slice(&b).err(), Some(Error::NotCanonical));
        }
    }
    // All coefficients p - 1: accepted.
    let mut b = [0u8; 576];
    for k in 0..12 {
        b[48 * k..48 * k + 48].copy_from_slice(&le_bytes::<48>(&(p() - big(1))));
    }
    assert!(Fp12::from_bytes(&b).is_ok());
    // Big-endian coefficients are not the format: p - 1 written big-endian is >= p read little-endian.
    let mut b = [0u8; 576];
    b[..48].copy_from_slice(&be_bytes::<48>(&(p() - big(1))));
    assert_eq!(Fp12::from_bytes(&b).err(), Some(Error::NotCanonical));
}

#[test]
fn fp12_rejects_wrong_lengths() {
    let buf = [0u8; 1200];
    for len in [0usize, 1, 48, 96, 575, 577, 768, 1152] {
        check("fp12 from_slice length", len, Fp12::from_slice(&buf[..len]).err(), Some(Error::InvalidLength { expected: 576, got: len }));
    }
    assert_eq!(Fp12::BYTES, 576);
    assert!(Fp12::from_slice(&buf[..576]).is_ok());
}

#[test]
fn error_codes_are_stable() {
    // The C ABI exposes these numbers.
    assert_eq!(Error::InvalidLength { expected: 1, got: 2 }.code(), 1);
    assert_eq!(Error::NotCanonical.code(), 2);
    assert_eq!(Error::NotInvertible.code(), 3);
    assert_eq!(Error::NotSquare.code(), 4);
    assert_eq!(Error::InvalidLength { expected: 48, got: 47 }.to_string(), "invalid length: expected 48 bytes, got 47");
}
