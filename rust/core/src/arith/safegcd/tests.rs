//! The inversions checked with big integers (num-bigint) on edge values,
//! random inputs and other moduli, and the batched divstep kernels
//! against a step-by-step reference.

use super::*;
use num_bigint::BigUint;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

// The BLS12-381 moduli p (381 bits) and r (255 bits).
use crate::arith::params::{fp::MODULUS as P, fr::MODULUS as R};

fn big<const N: usize>(a: &[u64; N]) -> BigUint {
    let mut bytes = Vec::with_capacity(8 * N);
    for x in a {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
    BigUint::from_bytes_le(&bytes)
}

fn from_big<const N: usize>(x: &BigUint) -> [u64; N] {
    let mut bytes = x.to_bytes_le();
    assert!(bytes.len() <= 8 * N);
    bytes.resize(8 * N, 0);
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap());
    }
    r
}

fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    while b != BigUint::from(0u32) {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

fn check<const N: usize>(a: &[u64; N], m: &[u64; N]) {
    let (bm, ba) = (big(m), big(a));
    assert!(ba < bm);
    for (name, inv) in [("ct", inv_mod(a, m)), ("vartime", inv_mod_vartime(a, m))] {
        let bi = big(&inv);
        assert!(bi < bm, "{name}: result not reduced for a = {a:x?}");
        if ba == BigUint::from(0u32) {
            assert_eq!(bi, BigUint::from(0u32), "{name}: inverse of 0 must be 0");
        } else {
            assert_eq!((&ba * &bi) % &bm, BigUint::from(1u32), "{name}: wrong inverse of {a:x?}");
        }
    }
}

/// A value below m with the given limbs, reduced if needed.
fn reduce<const N: usize>(a: [u64; N], m: &[u64; N]) -> [u64; N] {
    from_big(&(big(&a) % big(m)))
}

fn edge_cases<const N: usize>(m: &[u64; N]) -> Vec<[u64; N]> {
    let bm = big(m);
    let one = BigUint::from(1u32);
    let mut v: Vec<[u64; N]> = Vec::new();
    for k in 0u32..4 {
        v.push(from_big(&BigUint::from(k)));
        v.push(from_big(&(&bm - &one - BigUint::from(k))));
    }
    let bits = bm.bits();
    for k in 0..bits {
        let x = &one << k;
        if x < bm {
            v.push(from_big(&x));
            v.push(from_big(&(&x - &one)));
            v.push(from_big(&(&bm - &x)));
        }
    }
    v.push(from_big(&(&bm >> 1u32)));
    v.push(from_big(&((&bm >> 1u32) + &one)));
    v
}

fn random_cases<const N: usize>(m: &[u64; N], count: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let top_mask = u64::MAX >> m[N - 1].leading_zeros();
    for i in 0..count {
        let mut a = [0u64; N];
        for x in a.iter_mut() {
            *x = rng.next_u64();
        }
        match i % 4 {
            // many zero limbs
            1 => {
                for x in a.iter_mut() {
                    if rng.next_u64() & 1 == 0 {
                        *x = 0;
                    }
                }
            }
            // many all-ones limbs
            2 => {
                for x in a.iter_mut() {
                    if rng.next_u64() & 1 == 0 {
                        *x = u64::MAX;
                    }
                }
            }
            // short values
            3 => {
                let keep = (rng.next_u64() % N as u64) as usize;
                for x in a.iter_mut().skip(keep + 1) {
                    *x = 0;
                }
                a[keep] >>= rng.next_u64() % 64;
            }
            _ => {}
        }
        a[N - 1] &= top_mask;
        let a = reduce(a, m);
        check(&a, m);
    }
}

#[test]
fn edges_p() {
    for a in edge_cases(&P) {
        check(&a, &P);
    }
}

#[test]
fn edges_r() {
    for a in edge_cases(&R) {
        check(&a, &R);
    }
}

#[test]
fn random_p() {
    random_cases(&P, 25_000, 0x9e3779b97f4a7c15);
}

#[test]
fn random_r() {
    random_cases(&R, 25_000, 0x2545f4914f6cdd1d);
}

#[test]
fn other_moduli() {
    // small and odd-shaped moduli exercise the generic code paths
    check(&[1u64], &[3u64]);
    check(&[2u64], &[3u64]);
    check(&[5u64], &[7u64]);
    let m1 = [0x7fff_ffff_ffff_ffffu64]; // 2^63 - 1 (not prime: 7^2 * 73 * ...)
    check(&[2u64], &m1);
    check(&[0x1234_5678_9abc_def1u64], &m1);
    let m2 = [u64::MAX, u64::MAX, u64::MAX, 0x7fff_ffff_ffff_ffff]; // 2^255 - 1
    check(&[3u64, 0, 0, 0], &m2);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..2000 {
        let m = [rng.next_u64() | 1, rng.next_u64(), rng.next_u64() >> 1];
        let a = reduce([rng.next_u64(), rng.next_u64(), rng.next_u64()], &m);
        // only invertible elements have a defined inverse
        if gcd(big(&a), big(&m)) == BigUint::from(1u32) {
            check(&a, &m);
        }
    }
}

/// One divstep at a time on exact integers, matrix tracked in i128.
/// `d2` is 2 delta; returns (d2, [u, v, q, r] scaled by 2^n).
fn reference_divsteps(mut d2: i64, f0: u64, g0: u64, n: u32) -> (i64, [i128; 4]) {
    let (mut f, mut g) = (f0 as i128, g0 as i128);
    let (mut u, mut v, mut q, mut r) = (1i128, 0i128, 0i128, 1i128);
    for _ in 0..n {
        if d2 > 0 && g & 1 == 1 {
            // (delta, f, g) <- (1 - delta, g, (g - f) / 2)
            d2 = 2 - d2;
            let (nf, nu, nv) = (g, q, r);
            g -= f;
            q -= u;
            r -= v;
            f = nf;
            u = nu;
            v = nv;
        } else {
            // (delta, f, g) <- (1 + delta, f, (g + (g mod 2) f) / 2)
            d2 += 2;
            if g & 1 == 1 {
                g += f;
                q += u;
                r += v;
            }
        }
        g >>= 1;
        u *= 2;
        v *= 2;
    }
    (d2, [u, v, q, r])
}

#[test]
fn batch_kernels_match_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5151_5151_0000_0001);
    for i in 0..100_000u32 {
        let f0 = (rng.next_u64() | 1) & M62;
        let mut g0 = rng.next_u64() & M62;
        // extreme inputs: g with long runs of zero bits (largest entries)
        match i % 8 {
            0 => g0 = 0,
            1 => g0 = 1 << (rng.next_u64() % 62),
            2 => g0 &= !((1u64 << 40) - 1),
            _ => {}
        }
        // constant-time kernel: hddivsteps, zeta = -(delta + 1/2), d2 = -2 zeta - 1
        let zeta = (rng.next_u64() % 64) as i64 - 32;
        let n = if i % 2 == 0 { 60 } else { 1 + (rng.next_u64() % 60) as u32 };
        let mut z = zeta;
        let t = divsteps_ct(&mut z, f0, g0, n);
        let (d2, m) = reference_divsteps(-2 * zeta - 1, f0, g0, n);
        assert_eq!(z, -(d2 + 1) / 2, "ct zeta, f0={f0:x} g0={g0:x} n={n}");
        let s = 1i128 << (62 - n);
        assert_eq!([t.u as i128, t.v as i128, t.q as i128, t.r as i128], m.map(|x| x * s));
        // variable-time kernel: original divsteps, eta = -delta, 62 steps
        let eta = (rng.next_u64() % 64) as i64 - 32;
        let mut e = eta;
        let t = divsteps_var(&mut e, f0, g0);
        let (d2, m) = reference_divsteps(-2 * eta, f0, g0, 62);
        assert_eq!(e, -d2 / 2, "var eta, f0={f0:x} g0={g0:x}");
        assert_eq!([t.u as i128, t.v as i128, t.q as i128, t.r as i128], m);
    }
}

#[test]
fn step_counts() {
    assert_eq!(Modulus::new(&P).steps(), 878);
    assert_eq!(Modulus::new(&R).steps(), 588);
    assert_eq!(Modulus::new(&P).scheduled_steps(), 882);
    assert_eq!(Modulus::new(&R).scheduled_steps(), 588);
}

/// The x86_64 kernel (units of 14 steps on packed rows) against the
/// step-by-step reference, on random and extreme low words.
#[cfg(target_arch = "x86_64")]
#[test]
fn packed_kernel_matches_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0e1f_2a3b_4c5d_6e7f);
    for i in 0..100_000u32 {
        let mut f0 = (rng.next_u64() | 1) & M62;
        let mut g0 = rng.next_u64() & M62;
        match i % 8 {
            0 => g0 = 0,
            1 => g0 = 1 << (rng.next_u64() % 62),
            2 => g0 &= !((1u64 << 40) - 1),
            // all ones in the low bits: the largest unshifted values
            3 => {
                f0 = M62;
                g0 = M62;
            }
            4 => g0 = M62 - (rng.next_u64() & 0xffff),
            _ => {}
        }
        let zeta = (rng.next_u64() % 64) as i64 - 32;
        let n = UNIT * (1 + i % 4);
        let mut z = zeta;
        let t = x86_64::divsteps(&mut z, f0, g0, n);
        let (d2, m) = reference_divsteps(-2 * zeta - 1, f0, g0, n);
        assert_eq!(z, -(d2 + 1) / 2, "zeta, f0={f0:x} g0={g0:x} n={n}");
        let s = 1i128 << (62 - n);
        assert_eq!(
            [t.u as i128, t.v as i128, t.q as i128, t.r as i128],
            m.map(|x| x * s),
            "matrix, f0={f0:x} g0={g0:x} n={n}"
        );
    }
}

/// The portable kernel's inversion (what non-x86_64 targets run) on the
/// edge and random values of both moduli.
#[test]
fn portable_kernel_inversions() {
    fn one<const N: usize>(a: &[u64; N], m: &[u64; N]) {
        let mut c = [0u64; N];
        c[0] = 1;
        let inv = inv_ct(a, m, &c, divsteps_ct);
        let (ba, bm) = (big(a), big(m));
        if ba == BigUint::from(0u32) {
            assert_eq!(big(&inv), BigUint::from(0u32));
        } else {
            assert_eq!((ba * big(&inv)) % bm, BigUint::from(1u32), "a = {a:x?}");
        }
    }
    for a in edge_cases(&R) {
        one(&a, &R);
    }
    for a in edge_cases(&P) {
        one(&a, &P);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(0x7a7a_0000_1111_2222);
    for _ in 0..2000 {
        one(&reduce([rng.next_u64(), rng.next_u64(), rng.next_u64(), rng.next_u64()], &R), &R);
    }
}

/// Property: for values made of long runs of zero and one bits (the
/// inputs that keep divsteps on their longest paths) and random values,
/// `c a^-1 mod m` times `a` is `c` (num-bigint), for random `c`.
#[test]
fn scaled_inverse_property_r() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_f00d_0f0f);
    let bm = big(&R);
    for i in 0..20_000u32 {
        let mut a = [0u64; 4];
        if i % 2 == 0 {
            // alternating runs of random lengths 1..=64
            let mut bit = 0u32;
            let mut ones = rng.next_u64() & 1 == 1;
            while bit < 256 {
                let len = 1 + (rng.next_u64() % 64) as u32;
                for b in bit..(bit + len).min(256) {
                    if ones {
                        a[(b / 64) as usize] |= 1 << (b % 64);
                    }
                }
                bit += len;
                ones = !ones;
            }
        } else {
            for x in a.iter_mut() {
                *x = rng.next_u64();
            }
        }
        let a = reduce(a, &R);
        let c = reduce([rng.next_u64(), rng.next_u64(), rng.next_u64(), rng.next_u64()], &R);
        let x = inv_mod_scaled(&a, &R, &c);
        let bx = big(&x);
        assert!(bx < bm);
        if big(&a) == BigUint::from(0u32) {
            assert_eq!(bx, BigUint::from(0u32));
        } else {
            assert_eq!((big(&a) * bx) % &bm, big(&c) % &bm, "a = {a:x?}, c = {c:x?}");
        }
    }
}
