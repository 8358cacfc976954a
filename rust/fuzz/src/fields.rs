//! Fr, Fq12 and GT decoders.
//!
//! - Fr: 32 little-endian bytes, accepted exactly when the integer is < r
//!   (checked with a big-integer comparison); `from_le_bytes_reduced` of any
//!   length against the big-integer remainder mod r.
//! - Fq12: 12 little-endian 48-byte coefficients, accepted exactly when each
//!   is < p.
//! - GT: a canonical Fq12 element, accepted exactly when blst's
//!   `blst_fp12_in_group` says it is in GT. Random bytes are almost never in
//!   GT (or even in the cyclotomic subgroup), so the first input byte picks
//!   how the candidate is built from the rest: raw bytes; an arbitrary
//!   element f (coefficients reduced mod p); f^((p^6 - 1)(p^2 + 1)), in the
//!   cyclotomic subgroup but almost never in GT (it is in GT only if its
//!   order divides r), which exercises the membership test's second half;
//!   blst's final exponentiation of f, in GT unless f = 0.
//!
//! Each accepted value must re-encode to the input bytes, and the C decoders
//! must return the core's codes.

use crate::{code_of, hex};
use bls12_381_core::pairing::Gt;
use bls12_381_core::{Error, Fp12, Fr};
use num_bigint::BigUint;
use std::sync::OnceLock;

/// The order r of G1, G2, GT (the modulus of Fr).
pub fn r() -> &'static BigUint {
    static R: OnceLock<BigUint> = OnceLock::new();
    R.get_or_init(|| {
        BigUint::parse_bytes(b"73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16).unwrap()
    })
}

/// The characteristic p of the base field.
pub fn p() -> &'static BigUint {
    static P: OnceLock<BigUint> = OnceLock::new();
    P.get_or_init(|| {
        BigUint::parse_bytes(
            b"1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
            16,
        )
        .unwrap()
    })
}

/// `v` as `n` little-endian bytes (`v < 2^(8 n)`).
fn le_bytes(v: &BigUint, n: usize) -> Vec<u8> {
    let mut b = v.to_bytes_le();
    assert!(b.len() <= n);
    b.resize(n, 0);
    b
}

/// Fr decoders on `data`.
pub fn check_fr(data: &[u8]) {
    let len = data.len();
    let got = Fr::from_slice(data);
    if len != 32 {
        assert_eq!(got, Err(Error::InvalidLength { expected: 32, got: len }));
    } else if BigUint::from_bytes_le(data) < *r() {
        assert_eq!(got.map(|x| x.to_bytes().to_vec()), Ok(data.to_vec()), "Fr {}", hex(data));
    } else {
        assert_eq!(got, Err(Error::NotCanonical), "Fr {}", hex(data));
    }
    let reduced = Fr::from_le_bytes_reduced(data).to_bytes();
    assert_eq!(reduced.to_vec(), le_bytes(&(BigUint::from_bytes_le(data) % r()), 32), "Fr reduced {}", hex(data));

    let mut out = [0u8; 33];
    // SAFETY: bytes 1.. are an output of the Fr size; `data` has `len` bytes.
    let c = unsafe { bls12_381_ffi::bls12_381_fr_of_bytes(out.as_mut_ptr().add(1), data.as_ptr(), len) };
    assert_eq!(c, code_of(&got), "C Fr decoder on {}", hex(data));
    if c == 0 {
        let mut enc = [0u8; 32];
        // SAFETY: bytes 1.. hold the element the decoder wrote.
        unsafe { bls12_381_ffi::bls12_381_fr_to_bytes(enc.as_mut_ptr(), out.as_ptr().add(1)) };
        assert_eq!(&enc[..], data);
    }
}

/// Whether the 576 bytes are 12 little-endian coefficients each < p.
fn fq12_canonical(data: &[u8]) -> bool {
    data.chunks_exact(48).all(|c| BigUint::from_bytes_le(c) < *p())
}

/// Fq12 decoders on `data`.
pub fn check_fq12(data: &[u8]) {
    let len = data.len();
    let got = Fp12::from_slice(data);
    if len != 576 {
        assert_eq!(got, Err(Error::InvalidLength { expected: 576, got: len }));
    } else if fq12_canonical(data) {
        assert_eq!(got.map(|x| x.to_bytes().to_vec()), Ok(data.to_vec()), "Fq12 {}", hex(data));
    } else {
        assert_eq!(got, Err(Error::NotCanonical), "Fq12 {}", hex(data));
    }
    let mut out = vec![0u8; 577];
    // SAFETY: bytes 1.. are an output of the Fq12 size; `data` has `len` bytes.
    let c = unsafe { bls12_381_ffi::bls12_381_fq12_of_bytes(out.as_mut_ptr().add(1), data.as_ptr(), len) };
    assert_eq!(c, code_of(&got), "C Fq12 decoder on {}", hex(data));
    if c == 0 {
        let mut enc = vec![0u8; 576];
        // SAFETY: bytes 1.. hold the element the decoder wrote.
        unsafe { bls12_381_ffi::bls12_381_fq12_to_bytes(enc.as_mut_ptr(), out.as_ptr().add(1)) };
        assert_eq!(&enc[..], data);
    }
}

/// blst's element from 576 bytes of 12 little-endian coefficients (each
/// reduced mod p by `blst_fp_from_lendian`, which multiplies by R^2 in
/// Montgomery form: correct for any 384-bit input, since x R^2 < p R).
fn blst_fp12(bytes: &[u8]) -> blst::blst_fp12 {
    let mut f = blst::blst_fp12::default();
    for (k, c) in bytes.chunks_exact(48).enumerate() {
        // Tower order: coefficient k is fp6[k / 6].fp2[(k / 2) % 3].fp[k % 2].
        let fp = &mut f.fp6[k / 6].fp2[(k / 2) % 3].fp[k % 2];
        // SAFETY: `c` has 48 bytes.
        unsafe { blst::blst_fp_from_lendian(fp, c.as_ptr()) };
    }
    f
}

/// The canonical 576-byte encoding of a blst element.
fn blst_fp12_bytes(f: &blst::blst_fp12) -> Vec<u8> {
    let mut out = vec![0u8; 576];
    for (k, c) in out.chunks_exact_mut(48).enumerate() {
        let fp = &f.fp6[k / 6].fp2[(k / 2) % 3].fp[k % 2];
        // SAFETY: `c` has 48 bytes.
        unsafe { blst::blst_lendian_from_fp(c.as_mut_ptr(), fp) };
    }
    out
}

/// GT decoders on a candidate built from `data` (see the module comment).
pub fn check_gt(data: &[u8]) {
    let Some((&mode, body)) = data.split_first() else { return };
    let cand: Vec<u8> = if mode % 4 == 0 {
        body.to_vec()
    } else {
        let mut raw = body.to_vec();
        raw.resize(576, 0);
        let f = blst_fp12(&raw[..576]);
        let g = match mode % 4 {
            1 => f,
            2 => {
                // f^(p^6 - 1) = conj(f) / f, then ^(p^2 + 1) = frob2(h) h.
                let mut inv = blst::blst_fp12::default();
                let mut h = f;
                let mut g = blst::blst_fp12::default();
                let mut fr2 = blst::blst_fp12::default();
                // SAFETY: blst on valid elements.
                unsafe {
                    blst::blst_fp12_inverse(&mut inv, &f);
                    blst::blst_fp12_conjugate(&mut h);
                    let h0 = h;
                    blst::blst_fp12_mul(&mut h, &h0, &inv);
                    blst::blst_fp12_frobenius_map(&mut fr2, &h, 2);
                    blst::blst_fp12_mul(&mut g, &fr2, &h);
                }
                g
            }
            _ => {
                let mut g = blst::blst_fp12::default();
                // SAFETY: blst on a valid element.
                unsafe { blst::blst_final_exp(&mut g, &f) };
                g
            }
        };
        blst_fp12_bytes(&g)
    };
    let len = cand.len();
    let got = Gt::from_bytes(&cand);
    if len != 576 {
        assert_eq!(got, Err(Error::InvalidLength { expected: 576, got: len }));
    } else if !fq12_canonical(&cand) {
        assert_eq!(got, Err(Error::NotCanonical), "GT {}", hex(&cand));
    } else {
        // SAFETY: blst on a valid element.
        let member = unsafe { blst::blst_fp12_in_group(&blst_fp12(&cand)) };
        match got {
            Ok(g) => {
                assert!(member, "the core accepts a non-member of GT: {}", hex(&cand));
                assert_eq!(&g.to_bytes()[..], &cand[..]);
            }
            Err(e) => {
                assert!(!member, "the core rejects a member of GT ({e:?}): {}", hex(&cand));
                assert_eq!(e, Error::NotInSubgroup, "GT {}", hex(&cand));
            }
        }
    }
    let mut out = vec![0u8; 577];
    // SAFETY: bytes 1.. are an output of the GT size; `cand` has `len` bytes.
    let c = unsafe { bls12_381_ffi::bls12_381_gt_of_bytes(out.as_mut_ptr().add(1), cand.as_ptr(), len) };
    assert_eq!(c, code_of(&got), "C GT decoder on {}", hex(&cand));
    if c == 0 {
        let mut enc = vec![0u8; 576];
        // SAFETY: bytes 1.. hold the element the decoder wrote.
        unsafe { bls12_381_ffi::bls12_381_gt_to_bytes(enc.as_mut_ptr(), out.as_ptr().add(1)) };
        assert_eq!(enc, cand);
    }
}
