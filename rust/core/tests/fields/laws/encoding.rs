//! Canonical encodings: round trips, the layout (the coefficients' encodings
//! in tower order), and rejection of every non-canonical coefficient and of
//! every wrong length.

use super::*;
use rand::RngCore;

/// Integers in [m, 2^(8 nbytes)): m, m+1, m+2, m + 2^k, 2^(8 nbytes) - 1,
/// the top-bit values, and `n` uniform ones.
pub fn non_canonical(m: &BigUint, nbytes: usize, n: usize, rng: &mut impl RngCore) -> Vec<BigUint> {
    let top = pow2(8 * nbytes);
    let mut v = vec![m.clone(), m + big(1), m + big(2), m + big(3), &top - big(1), &top - big(2)];
    for k in [0usize, 1, 63, 64, 128, 200, 250, 254, 255, 256, 300, 380, 381, 382, 383] {
        let x = pow2(k);
        if m + &x < top {
            v.push(m + &x);
        }
        if &x >= m && x < top {
            v.push(x.clone());
        }
    }
    if m * big(2) < top {
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

/// The expected encoding: the coefficients' encodings in tower order.
fn layout<F: Encoded>(a: &F) -> Vec<u8> {
    a.coeffs().iter().flat_map(|c| F::coeff_bytes(c)).collect()
}

pub fn round_trip<F: Encoded>() {
    let mut rng = rng(&tag::<F>("round trip"));
    let mut cases = singles(&F::edges(), N, &mut rng, F::sample);
    cases.extend((0..N / 10).map(|_| F::random(&mut rng)));
    for a in cases {
        let b = a.to_vec();
        check(&tag::<F>("from_bytes(to_bytes)"), a, F::from_array(&b), Ok(a));
        check(&tag::<F>("from_slice(to_bytes)"), a, F::from_slice(&b), Ok(a));
        check(&tag::<F>("to_bytes (layout)"), a, b, layout(&a));
    }
    // Canonical byte strings map back to themselves.
    let q = F::modulus();
    for _ in 0..N / (F::DEGREE as usize).min(10) {
        let b: Vec<u8> = (0..F::DEGREE).flat_map(|_| F::coeff_bytes(&uniform_below(&mut rng, q))).collect();
        check(&tag::<F>("to_bytes(from_bytes)"), hex::encode(&b), F::from_array(&b).map(|x| x.to_vec()), Ok(b.clone()));
    }
    check(&tag::<F>("encoding of one"), (), F::ONE.to_vec(), layout(&F::ONE));
}

/// A value >= q in any one coefficient (of zero or of a random element) is
/// `NotCanonical`; q - 1 in every coefficient is accepted.
pub fn rejects_non_canonical<F: Encoded>() {
    let mut rng = rng(&tag::<F>("reject"));
    let q = F::modulus();
    let d = F::DEGREE as usize;
    let chunk = F::BYTES / d;
    for k in 0..d {
        for (i, x) in non_canonical(q, chunk, N / d, &mut rng).iter().enumerate() {
            let mut b = if i % 2 == 0 { vec![0u8; F::BYTES] } else { F::sample(&mut rng).to_vec() };
            b[chunk * k..chunk * (k + 1)].copy_from_slice(&F::coeff_bytes(x));
            let err = Err(Error::NotCanonical);
            check(&tag::<F>("from_bytes(coefficient >= q)"), (k, x), F::from_array(&b), err);
            check(&tag::<F>("from_slice(coefficient >= q)"), (k, x), F::from_slice(&b), err);
        }
    }
    let largest: Vec<u8> = (0..d).flat_map(|_| F::coeff_bytes(&(q - big(1)))).collect();
    assert!(F::from_array(&largest).is_ok(), "{}: q - 1 in every coefficient must decode", F::NAME);
}

pub fn rejects_wrong_lengths<F: Encoded>() {
    let buf = [0u8; 1200];
    let n = F::BYTES;
    for len in [0, 1, 31, 32, 33, 47, 48, 49, 64, 96, 575, 576, 577, 768, 1152, n - 1, n + 1, 2 * n] {
        if len != n {
            let err = Err(Error::InvalidLength { expected: n, got: len });
            check(&tag::<F>("from_slice length"), len, F::from_slice(&buf[..len]), err);
        }
    }
    check(&tag::<F>("BYTES"), (), F::CORE_BYTES, n);
    check(&tag::<F>("encoding length"), (), F::ONE.to_vec().len(), n);
    assert!(F::from_slice(&buf[..n]).is_ok());
}
