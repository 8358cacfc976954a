//! Fr, the scalar field: the whole suite, then what only Fr has: its
//! encoding is blst's scalar encoding, and its square roots (blst has none)
//! on elements of every 2-power order, where Tonelli-Shanks works hardest.

use crate::common::*;
use bls12_381_core::Fr;
use blst::{blst_fr, blst_scalar};

prime_field_under_test!(Fr, "fr", r, 4 limbs, 32 bytes le_bytes, pow_exponents (5, 0), fr_big, fr_of, rand_fr, edges fr_edges(), fr_edges();
    blst blst_fr, fr_to_blst, fr_from_blst, blst_fr_from_uint64, blst_uint64_from_fr, wide |b| {
        // blst reduces into a scalar: the same integer, encoded as Fr is.
        Fr::from_bytes(&bcall!(blst_scalar_from_le_bytes, blst_scalar, b.as_ptr(), 64).b).expect("blst reduced to a non-canonical scalar")
    };
    blst_fr_add, blst_fr_sub, blst_fr_mul, blst_fr_sqr, blst_fr_cneg, blst_fr_lshift, blst_fr_inverse, blst_fr_eucl_inverse);
sqrt!(Fr, norm | a | fr_big(a), blst);

field_suite!(Fr: ring, against_blst, encoding, prime, sqrt);

#[test]
fn bytes_against_blst_scalar() {
    // Fr's 32-byte little-endian encoding is blst's scalar encoding.
    let mut rng = rng("fr bytes blst");
    for a in singles(&fr_edges(), N, &mut rng, rand_fr) {
        let s = bcall!(blst_scalar_from_fr, blst_scalar, &fr_to_blst(&a));
        let mut b = [0u8; 32];
        unsafe { blst::blst_lendian_from_scalar(b.as_mut_ptr(), &s) };
        check("fr to_bytes (blst)", a, a.to_bytes(), b);
        assert!(unsafe { blst::blst_scalar_fr_check(&s) }, "blst rejects our canonical {a:?}");
    }
}

/// Elements of 2-power order: g^(T * 2^k) for the generator g = 7 and every
/// k (r - 1 = T 2^32, T odd), alone and times an odd-order square.
#[test]
fn sqrt_of_two_power_order() {
    let t = (r() - big(1)) >> 32;
    for k in 0..=32u32 {
        let x = fr_of(&modpow(&big(7), &(&t << k), r()));
        let s = x.sqrt();
        check("fr sqrt exists (2-power order)", (k, x), bool::from(s.is_some()), k >= 1);
        if k >= 1 {
            check("fr sqrt (2-power order)", (k, x), s.unwrap().square(), x);
        }
        let y = x.mul(&Fr::from_u64(9));
        check("fr sqrt exists (mixed order)", (k, y), bool::from(y.sqrt().is_some()), k >= 1);
        if k >= 1 {
            check("fr sqrt (mixed order)", (k, y), y.sqrt().unwrap().square(), y);
        }
    }
}
