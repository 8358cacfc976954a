//! Scalar multiplication against blst (`blst_p1_mult` / `blst_p2_mult` with
//! the full 256-bit little-endian scalar): constant time (`mul`), variable
//! time (`mul_vartime`) and byte scalars of any length (`mul_bytes`, reduced
//! mod r by num-bigint for the reference when longer than 32 bytes).
//!
//! Points: a chain where each case's point is the previous verified result
//! (so 10 000 distinct points cost no extra reference work), with random
//! Jacobian Z now and then, plus the identity and the generator. Scalars:
//! random (uniform, structured limbs, near r), the Fr edge values, and the
//! values around the GLV/GLS split boundaries (multiples of L = z^2 - 1 and
//! powers of |z|, plus and minus one).

use crate::common::*;
use crate::points::*;
use bls12_381_core::curve::{G1Projective, G2Projective};
use bls12_381_core::Fr;
use blst::{blst_p1, blst_p2};
use num_bigint::BigUint;
use rand::{Rng, RngCore};

/// |z| and L = z^2 - 1.
fn z_abs() -> BigUint {
    BigUint::from(0xd201_0000_0001_0000u64)
}

/// Scalars at the boundaries of the splits: k = a + b L and base-|z| digits.
fn split_edges(rng: &mut impl RngCore) -> Vec<Fr> {
    let z = z_abs();
    let l = &z * &z - big(1);
    let r = r();
    let mut v = Vec::new();
    let mut push = |x: BigUint| v.push(fr_of(&(x % r)));
    for base in [l.clone(), z.clone(), &z * &z, &z * &z * &z] {
        for m in [big(1), big(2), big(3), &l - big(1), l.clone(), &l + big(1), z.clone()] {
            let x = &base * &m;
            push(x.clone());
            push(&x + big(1));
            push(&x + &base - big(1));
            if x > big(0) {
                push(&x - big(1));
            }
        }
        for _ in 0..20 {
            let m = uniform_below(rng, &(r / &base));
            push(&base * &m + &base - big(1));
            push(&base * &m);
        }
    }
    // a = L - 1 with large b; a = 0 with b = L + 1 (k = r - 1 - L + ...).
    push(r - big(1));
    push(r - &l);
    push(r - &l - big(1));
    push(&l * &l);
    push(&l * &l + &l - big(1));
    v
}

fn scalar_cases(tag: &str) -> Vec<Fr> {
    let mut rng = rng(tag);
    let mut v = fr_edges();
    v.extend(split_edges(&mut rng));
    while v.len() < N + 200 {
        v.push(rand_fr(&mut rng));
    }
    v
}

/// Byte scalars: 32-byte edge values, random 256-bit values, and random
/// lengths 0..=80.
fn byte_cases(tag: &str) -> Vec<Vec<u8>> {
    let mut rng = rng(tag);
    let r = r();
    let mut v: Vec<Vec<u8>> = [
        big(0),
        big(1),
        r - big(1),
        r.clone(),
        r + big(1),
        r * big(2),
        pow2(255),
        pow2(255) - big(1),
        pow2(256) - big(1),
        pow2(256) - r,
    ]
    .iter()
    .map(|x| le_bytes::<32>(x).to_vec())
    .collect();
    v.push(vec![]);
    v.push(vec![0xff; 33]);
    v.push(vec![0xff; 64]);
    v.push(le_bytes::<64>(&(r * r)).to_vec());
    while v.len() < N {
        let len = if rng.gen_bool(0.7) { 32 } else { rng.gen_range(0..=80) };
        let mut b = vec![0u8; len];
        rng.fill_bytes(&mut b);
        v.push(b);
    }
    v
}

/// The scalar as blst takes it: 32 little-endian bytes (reduced by
/// num-bigint when longer).
fn blst_bytes(k: &[u8]) -> [u8; 32] {
    if k.len() <= 32 {
        let mut b = [0u8; 32];
        b[..k.len()].copy_from_slice(k);
        b
    } else {
        le_bytes::<32>(&(BigUint::from_bytes_le(k) % r()))
    }
}

macro_rules! mul_tests {
    ($modname:ident, $proj:ty, $bp:ty, $mult:ident, $to:ident, $from:ident, $rand:ident) => {
        mod $modname {
            use super::*;

            fn reference(p: &$proj, k: &[u8; 32]) -> $proj {
                $from(&bcall!($mult, $bp, &$to(p), k.as_ptr(), 256))
            }

            /// Runs `check(point, case)` along a chain of points.
            fn walk<T>(tag: &str, cases: &[T], mut check: impl FnMut(&$proj, &T) -> $proj) {
                let mut rng = rng(tag);
                let mut p = $rand(&mut rng);
                for (i, k) in cases.iter().enumerate() {
                    let q = match i % 97 {
                        0 => <$proj>::identity(),
                        1 => <$proj>::generator(),
                        // Another Jacobian representative (Z != 1).
                        2..=30 => p.add(&<$proj>::generator()).sub(&<$proj>::generator()),
                        _ => p,
                    };
                    let out = check(&q, k);
                    p = if bool::from(out.is_identity()) { $rand(&mut rng) } else { out };
                }
            }

            /// `mul(p, k)` against blst along a chain of points, on
            /// `scalar_cases(tag)`.
            fn scalar_mul_matches_blst(tag: &str, mul: fn(&$proj, &Fr) -> $proj) {
                let cases = scalar_cases(tag);
                walk(&format!("{tag}pts"), &cases, |p, k| {
                    let want = reference(p, &k.to_bytes());
                    let got = mul(p, k);
                    assert_eq!(got, want, "{:?} * {:?}", p, k);
                    got
                });
            }

            #[test]
            fn mul_matches_blst() {
                scalar_mul_matches_blst(concat!(stringify!($modname), "mul"), <$proj>::mul);
            }

            #[test]
            fn mul_vartime_matches_blst() {
                scalar_mul_matches_blst(concat!(stringify!($modname), "vt"), <$proj>::mul_vartime);
            }

            #[test]
            fn mul_bytes_matches_blst() {
                let cases = byte_cases(concat!(stringify!($modname), "bytes"));
                walk(concat!(stringify!($modname), "bytespts"), &cases, |p, k| {
                    let want = reference(p, &blst_bytes(k));
                    let got = p.mul_bytes(k);
                    assert_eq!(got, want, "{:?} * {:02x?}", p, k);
                    got
                });
            }

            #[test]
            fn identity_and_small_scalars() {
                let mut rng = rng(concat!(stringify!($modname), "small"));
                let id = <$proj>::identity();
                for k in [Fr::ZERO, Fr::ONE, Fr::ONE.neg(), rand_fr(&mut rng)] {
                    assert!(bool::from(id.mul(&k).is_identity()));
                    assert!(bool::from(id.mul_vartime(&k).is_identity()));
                }
                let p = $rand(&mut rng);
                assert!(bool::from(p.mul(&Fr::ZERO).is_identity()));
                assert!(bool::from(p.mul_vartime(&Fr::ZERO).is_identity()));
                assert_eq!(p.mul(&Fr::ONE), p);
                assert_eq!(p.mul_vartime(&Fr::ONE), p);
                assert_eq!(p.mul(&Fr::ONE.neg()), p.neg());
                // Small multiples against repeated addition.
                let mut acc = id;
                for i in 0..200u64 {
                    assert_eq!(p.mul(&Fr::from_u64(i)), acc);
                    assert_eq!(p.mul_vartime(&Fr::from_u64(i)), acc);
                    acc = acc.add(&p);
                }
                // The operator form.
                assert_eq!(p * Fr::from_u64(5), p.mul(&Fr::from_u64(5)));
            }
        }
    };
}

mul_tests!(g1, G1Projective, blst_p1, blst_p1_mult, p1_to_blst, p1_from_blst, rand_g1);
mul_tests!(g2, G2Projective, blst_p2, blst_p2_mult, p2_to_blst, p2_from_blst, rand_g2);

#[test]
fn fr_from_le_bytes_reduced_matches_bigint() {
    let mut cases = byte_cases("frbytes");
    cases.push(vec![0xff; 200]);
    cases.push(vec![0x01; 1]);
    for k in cases {
        let want = fr_of(&(BigUint::from_bytes_le(&k) % r()));
        assert_eq!(Fr::from_le_bytes_reduced(&k), want, "{:02x?}", k);
    }
}
