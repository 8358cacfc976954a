//! Batch operations on slices of field elements: batch inversion (Fr, Fp,
//! Fp2, both versions) against one-by-one inversion and the definition
//! `x * (1/x) = 1`, with zeros anywhere; Fr's inner product, sum and product
//! against num-bigint and the naive folds, including values whose
//! Montgomery limbs are the largest possible (the lazy accumulators'
//! worst case).
//!
//! `cargo test -p bls12-381-core --test batch`

#[path = "fields/common.rs"]
mod common;

use bls12_381_core::{Error, Fp, Fp2, Fr};
use common::*;
use num_bigint::BigUint;
use rand::Rng;
use rand_chacha::ChaCha20Rng;

/// The lengths tried: empty, short (every remainder of the 4-way product),
/// and long.
const LENGTHS: &[usize] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 33, 100, 1000];

/// Where zeros go in a vector of length `n`: none, first, middle, last,
/// first and last, every third, all, random.
fn zero_patterns(n: usize, rng: &mut ChaCha20Rng) -> Vec<Vec<bool>> {
    let mut out = vec![vec![false; n], vec![true; n]];
    if n > 0 {
        for at in [vec![0], vec![n / 2], vec![n - 1], vec![0, n - 1]] {
            let mut z = vec![false; n];
            for i in at {
                z[i] = true;
            }
            out.push(z);
        }
        out.push((0..n).map(|i| i % 3 == 1).collect());
        out.push((0..n).map(|_| rng.gen_bool(0.2)).collect());
    }
    out
}

/// Both batch inversions of `F` against one-by-one inversion, on every
/// length and zero pattern.
macro_rules! batch_invert_suite {
    ($name:ident, $F:ty, $rand:ident) => {
        #[test]
        fn $name() {
            let mut rng = rng(stringify!($name));
            for &n in LENGTHS {
                for zeros in zero_patterns(n, &mut rng) {
                    let values: Vec<$F> = zeros.iter().map(|&z| if z { <$F>::ZERO } else { $rand(&mut rng) }).collect();
                    let mut ct = values.clone();
                    <$F>::batch_invert(&mut ct);
                    let mut vt = values.clone();
                    <$F>::batch_invert_vartime(&mut vt);
                    for (i, v) in values.iter().enumerate() {
                        let want = v.invert().unwrap_or(<$F>::ZERO);
                        assert_eq!(ct[i], want, "batch_invert, n = {n}, index {i}");
                        assert_eq!(vt[i], want, "batch_invert_vartime, n = {n}, index {i}");
                        if zeros[i] {
                            assert_eq!(ct[i], <$F>::ZERO);
                        } else {
                            assert_eq!(ct[i].mul(v), <$F>::ONE, "x (1/x) != 1, n = {n}, index {i}");
                        }
                    }
                }
            }
        }
    };
}

fn rand_nonzero_fr(rng: &mut ChaCha20Rng) -> Fr {
    loop {
        let x = rand_fr(rng);
        if x != Fr::ZERO {
            return x;
        }
    }
}

fn rand_nonzero_fp(rng: &mut ChaCha20Rng) -> Fp {
    loop {
        let x = rand_fp(rng);
        if x != Fp::ZERO {
            return x;
        }
    }
}

fn rand_nonzero_fp2(rng: &mut ChaCha20Rng) -> Fp2 {
    loop {
        let x = rand_fp2(rng);
        if x != Fp2::ZERO {
            return x;
        }
    }
}

batch_invert_suite!(batch_invert_fr, Fr, rand_nonzero_fr);
batch_invert_suite!(batch_invert_fp, Fp, rand_nonzero_fp);
batch_invert_suite!(batch_invert_fp2, Fp2, rand_nonzero_fp2);

/// Inputs for the Fr folds: random (the edge values among them), and the
/// element whose Montgomery limbs are r - 1, i.e. (r - 1) / 2^256 mod r
/// (the largest limbs, the worst case for the lazy sums).
fn fr_inputs(n: usize, rng: &mut ChaCha20Rng, kind: usize) -> Vec<Fr> {
    let r = r();
    let r_inv = modpow(&(pow2(256) % r), &(r - big(2)), r);
    let top = fr_of(&((r - big(1)) * &r_inv));
    let edges = fr_edges();
    (0..n)
        .map(|i| match kind {
            0 => rand_fr(rng),
            1 => top,
            _ => {
                if i % 2 == 0 {
                    top
                } else {
                    edges[rng.gen_range(0..edges.len())]
                }
            }
        })
        .collect()
}

#[test]
fn inner_product_sum_product() {
    let mut rng = rng("fr inner product");
    let r = r();
    for &n in LENGTHS.iter().chain(&[4096, 20_000]) {
        for kind in 0..3 {
            let a = fr_inputs(n, &mut rng, kind);
            let b = fr_inputs(n, &mut rng, (kind + n) % 3);
            let (ba, bb): (Vec<BigUint>, Vec<BigUint>) =
                (a.iter().map(fr_big).collect(), b.iter().map(fr_big).collect());
            let dot = ba.iter().zip(&bb).fold(big(0), |s, (x, y)| (s + x * y) % r);
            let sum = ba.iter().fold(big(0), |s, x| (s + x) % r);
            let prod = ba.iter().fold(big(1), |s, x| s * x % r);
            let ip = Fr::inner_product(&a, &b).expect("equal lengths");
            assert_eq!(fr_big(&ip), dot, "inner product, n = {n}, kind {kind}");
            assert_eq!(ip, a.iter().zip(&b).fold(Fr::ZERO, |s, (x, y)| s.add(&x.mul(y))));
            assert_eq!(fr_big(&Fr::sum(&a)), sum, "sum, n = {n}, kind {kind}");
            assert_eq!(fr_big(&Fr::product(&a)), prod, "product, n = {n}, kind {kind}");
        }
    }
    assert_eq!(Fr::inner_product(&[], &[]), Ok(Fr::ZERO));
    assert_eq!(Fr::sum(&[]), Fr::ZERO);
    assert_eq!(Fr::product(&[]), Fr::ONE);
}

#[test]
fn inner_product_length_mismatch() {
    let mut rng = rng("fr inner product lengths");
    let a: Vec<Fr> = (0..5).map(|_| rand_fr(&mut rng)).collect();
    assert_eq!(Fr::inner_product(&a, &a[..3]), Err(Error::VectorLengthMismatch { left: 5, right: 3 }));
    assert_eq!(Fr::inner_product(&a[..0], &a[..1]), Err(Error::VectorLengthMismatch { left: 0, right: 1 }));
    assert_eq!(Fr::inner_product(&a[..2], &[]), Err(Error::VectorLengthMismatch { left: 2, right: 0 }));
    // The C ABI's LENGTH_MISMATCH, as the MSM's, and a message naming
    // what was compared.
    let e = Error::VectorLengthMismatch { left: 5, right: 3 };
    assert_eq!(e.code(), 9);
    assert_eq!(e.code(), Error::LengthMismatch { points: 5, scalars: 3 }.code());
    assert_eq!(e.to_string(), "length mismatch: vectors of 5 and 3 elements");
}
