//! What the prime fields have beyond the field operations: the product
//! against num-bigint, `from_u64`, limbs, wide reduction and `Debug`, with
//! blst's versions where it has them.

use super::encoding::non_canonical;
use super::*;
use rand::RngCore;

/// A second, blst-independent reference for the product.
pub fn mul_against_bigint<F: Prime>() {
    let q = F::modulus();
    for (a, b) in pairs_of::<F>("mul bigint") {
        let expected = &a.coeffs()[0] * &b.coeffs()[0] % q;
        check(&tag::<F>("mul (bigint)"), (a, b), a.mul(&b).coeffs()[0].clone(), expected);
    }
}

pub fn from_u64<F: Prime>() {
    let mut rng = rng(&tag::<F>("from_u64"));
    let mut xs = vec![0u64, 1, 2, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1];
    xs.extend((0..N).map(|_| rng.next_u64() >> (rng.next_u64() % 64)));
    for x in xs {
        let ours = F::from_u64(x);
        check(&tag::<F>("from_u64 (bigint)"), x, ours.coeffs()[0].clone(), big(x));
        let mut limbs = vec![0u64; F::LIMBS];
        limbs[0] = x;
        check(&tag::<F>("from_u64 (blst)"), x, ours, F::blst_from_limbs(&limbs));
    }
}

/// `to_limbs` / `from_limbs` against num-bigint and blst; `from_limbs`
/// rejects every value >= q.
pub fn limbs<F: Prime>() {
    let mut rng = rng(&tag::<F>("limbs"));
    for a in singles(&F::edges(), N, &mut rng, F::sample) {
        let l = a.to_limbs();
        check(&tag::<F>("to_limbs"), a, big_of_limbs(&l), a.coeffs()[0].clone());
        check(&tag::<F>("to_limbs (blst)"), a, &l, &a.blst_to_limbs());
        check(&tag::<F>("from_limbs"), a, F::from_limbs(&l), Ok(a));
        check(&tag::<F>("from_limbs (blst)"), a, F::from_limbs(&l), Ok(F::blst_from_limbs(&l)));
    }
    let q = F::modulus();
    check(&tag::<F>("MODULUS"), (), big_of_limbs(&F::modulus_limbs()), q.clone());
    let limbs = |x: &BigUint| {
        let mut l = x.to_u64_digits();
        l.resize(F::LIMBS, 0);
        l
    };
    for x in non_canonical(q, 8 * F::LIMBS, N, &mut rng) {
        check(&tag::<F>("from_limbs(>= q)"), &x, F::from_limbs(&limbs(&x)), Err(Error::NotCanonical));
    }
    assert!(F::from_limbs(&limbs(&(q - big(1)))).is_ok(), "{}: q - 1 must be accepted", F::NAME);
}

/// `from_bytes_wide` reduces any 512-bit integer: multiples of q vanish;
/// halves at the limits of a "lo, hi < 3q" reduction.
pub fn from_bytes_wide<F: Prime>() {
    let mut rng = rng(&tag::<F>("wide"));
    let q = F::modulus();
    let max = pow2(512) - big(1);
    let mut ints: Vec<BigUint> = vec![big(0), big(1), max.clone()];
    // Multiples of q (and of q 2^256) and their neighbours, and the largest
    // multiple of q below 2^512.
    for k in [1u64, 2, 3, 1 << 40, u64::MAX] {
        for m in [q * big(k), q * big(k) * pow2(256)] {
            if m < max {
                ints.extend([&m - big(1), m.clone(), &m + big(1)]);
            }
        }
    }
    let m = &max / q * q;
    ints.extend([&m - big(1), m.clone(), &m + big(1)]);
    let halves = [big(0), q - big(1), q.clone(), pow2(256) - big(1), q * big(2)];
    for lo in &halves {
        for hi in &halves {
            ints.push(lo + (hi << 256));
        }
    }
    ints.retain(|x| x <= &max);
    let mut cases: Vec<[u8; 64]> = ints.iter().map(le_bytes::<64>).collect();
    for _ in 0..N {
        let mut b = [0u8; 64];
        rng.fill_bytes(&mut b);
        cases.push(b);
    }
    for b in cases {
        let ours = F::from_bytes_wide(&b);
        check(
            &tag::<F>("from_bytes_wide (bigint)"),
            hex::encode(b),
            ours.coeffs()[0].clone(),
            BigUint::from_bytes_le(&b) % q,
        );
        check(&tag::<F>("from_bytes_wide (blst)"), hex::encode(b), ours, F::blst_from_bytes_wide(&b));
    }
}

/// `Debug` prints the canonical integer in hex, zero-padded to the encoding.
pub fn debug_format<F: Prime>() {
    let mut rng = rng(&tag::<F>("debug"));
    for a in singles(&F::edges(), 1000, &mut rng, F::sample) {
        let expected = format!("0x{:0w$x}", a.coeffs()[0], w = 2 * F::BYTES);
        check(&tag::<F>("Debug"), a, format!("{a:?}"), expected);
    }
}
