//! Encodings beyond the generic part (`laws::encoding`, instantiated per
//! field): agreement with blst's byte conversions, the byte order of Fp12's
//! coefficients, and the error codes.
//!
//! Fp: 48 bytes big-endian. Fr: 32 bytes little-endian. Fp12: 576 bytes, 12
//! coefficients of 48 bytes little-endian in tower order (ocaml-bls12-381).

use crate::common::*;
use crate::laws::encoding::non_canonical;
use bls12_381_core::{Error, Fp, Fp12, Fr};
use blst::{blst_fp, blst_scalar};

#[test]
fn fp_bytes_against_blst() {
    let mut rng = rng("enc fp round trip");
    for a in singles(&fp_edges(), N, &mut rng, rand_fp) {
        let mut bb = [0u8; 48];
        unsafe { blst::blst_bendian_from_fp(bb.as_mut_ptr(), &fp_to_blst(&a)) };
        check("fp to_bytes (blst)", a, a.to_bytes(), bb);
    }
    for _ in 0..N {
        let x = uniform_below(&mut rng, p());
        let b = be_bytes::<48>(&x);
        let mut bf = blst_fp::default();
        unsafe { blst::blst_fp_from_bendian(&mut bf, b.as_ptr()) };
        check("fp from_bytes (blst)", x, Fp::from_bytes(&b).unwrap(), fp_from_blst(&bf));
    }
    check(
        "fp from_u64 bytes",
        (),
        Fp::from_u64(0x0102_0304_0506_0708).to_bytes()[40..].to_vec(),
        vec![1, 2, 3, 4, 5, 6, 7, 8],
    );
}

/// blst takes the same integers as canonical scalars, and no other.
#[test]
fn fr_canonical_against_blst() {
    let mut rng = rng("enc fr round trip");
    let scalar = |b: &[u8; 32]| {
        let mut s = blst_scalar::default();
        unsafe { blst::blst_scalar_from_lendian(&mut s, b.as_ptr()) };
        unsafe { blst::blst_scalar_fr_check(&s) }
    };
    for _ in 0..N {
        let x = uniform_below(&mut rng, r());
        assert!(scalar(&le_bytes::<32>(&x)), "blst rejects {x:x}");
    }
    for x in non_canonical(r(), 32, N, &mut rng) {
        assert!(!scalar(&le_bytes::<32>(&x)), "blst accepts {x:x}");
    }
    check(
        "fr from_u64 bytes",
        (),
        Fr::from_u64(0x0102_0304_0506_0708).to_bytes()[..8].to_vec(),
        vec![8, 7, 6, 5, 4, 3, 2, 1],
    );
}

/// The coefficients are little-endian: p - 1 written big-endian reads as a
/// value >= p.
#[test]
fn fp12_coefficients_are_little_endian() {
    let mut b = [0u8; 576];
    b[..48].copy_from_slice(&be_bytes::<48>(&(p() - big(1))));
    assert_eq!(Fp12::from_bytes(&b).err(), Some(Error::NotCanonical));
    b[..48].copy_from_slice(&le_bytes::<48>(&(p() - big(1))));
    assert!(Fp12::from_bytes(&b).is_ok());
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
