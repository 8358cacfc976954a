//! The portable Montgomery kernels (`arith::montgomery`) checked directly
//! against num-bigint, whatever kernel the fields use in this process: with
//! the default kernel the field suites test the x86_64 one and this file the
//! portable one. Moduli: p (6 limbs), r (4 limbs), and random odd moduli of
//! 1 to 6 limbs that leave the top two bits clear (the no-carry condition the
//! kernels document).

use crate::common::*;
use bls12_381_core::arith::{self, montgomery};
use num_bigint::BigUint;
use rand::{Rng, RngCore};
use rand_chacha::ChaCha20Rng;

/// -m^-1 mod 2^64 (m odd), by Newton iteration.
fn neg_inv(m0: u64) -> u64 {
    let mut x: u64 = 1;
    for _ in 0..7 {
        x = x.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(x)));
    }
    assert_eq!(m0.wrapping_mul(x), 1);
    x.wrapping_neg()
}

/// Edge and random values below m (as limbs).
fn values<const L: usize>(m: &BigUint, n: usize, rng: &mut ChaCha20Rng) -> Vec<[u64; L]> {
    let mut v: Vec<BigUint> = edge_bigs_generic(m, L);
    for _ in 0..n {
        v.push(sample_below(rng, m, L));
    }
    v.iter().map(limbs_of::<L>).collect()
}

/// Like `edge_bigs`, for any modulus (not necessarily prime, any size).
fn edge_bigs_generic(m: &BigUint, l: usize) -> Vec<BigUint> {
    let mut v = vec![big(0), big(1), big(2), m - big(1), m - big(2), m >> 1, (m >> 1) + big(1)];
    let bits = m.bits() as usize;
    for k in (0..bits).step_by(13).chain([63, 64, 127, 128, 255, 256, 319, 320]) {
        if k < bits {
            v.push(pow2(k));
            v.push(m - pow2(k));
        }
    }
    let rr = pow2(64 * l) % m;
    v.push(rr.clone());
    v.push(&rr * &rr % m);
    v.push(m - &rr);
    // All-ones limbs below m.
    let mut ones = vec![u64::MAX; l];
    ones[l - 1] = m.to_u64_digits()[l - 1] - 1;
    v.push(big_of_limbs(&ones));
    if l > 1 {
        ones[l - 1] = 0;
        v.push(big_of_limbs(&ones));
    }
    v.retain(|x| x < m);
    v.sort();
    v.dedup();
    v
}

fn check_modulus<const L: usize>(m_big: &BigUint, n: usize, rng: &mut ChaCha20Rng) {
    let m: [u64; L] = limbs_of::<L>(m_big);
    let inv = neg_inv(m[0]);
    let rr = pow2(64 * L);
    let xs = values::<L>(m_big, n, rng);
    let ys = values::<L>(m_big, n, rng);
    let pairs: Vec<([u64; L], [u64; L])> = xs
        .iter()
        .zip(ys.iter().rev())
        .map(|(a, b)| (*a, *b))
        .chain(xs.iter().take(60).flat_map(|a| ys.iter().take(60).map(move |b| (*a, *b))))
        .collect();
    for (a, b) in &pairs {
        let (ab, bb) = (big_of_limbs(a), big_of_limbs(b));
        // mul_mont: out < m and out * R = a * b (mod m).
        let out = montgomery::mul_mont(a, b, &m, inv);
        let o = big_of_limbs(&out);
        assert!(&o < m_big, "mul_mont output not reduced: m={m_big:x} a={ab:x} b={bb:x} out={o:x}");
        assert_eq!((&o * &rr) % m_big, (&ab * &bb) % m_big, "mul_mont: m={m_big:x} a={ab:x} b={bb:x}");
        // sqr_mont = mul_mont(a, a).
        let s = montgomery::sqr_mont(a, &m, inv);
        assert_eq!(s, montgomery::mul_mont(a, a, &m, inv), "sqr_mont: m={m_big:x} a={ab:x}");
        // mul_wide: the exact 2L-limb product.
        let (lo, hi) = montgomery::mul_wide(a, b);
        let mut w = lo.to_vec();
        w.extend_from_slice(&hi);
        assert_eq!(big_of_limbs(&w), &ab * &bb, "mul_wide: a={ab:x} b={bb:x}");
        // redc of that product agrees with mul_mont.
        assert_eq!(montgomery::redc(&lo, &hi, &m, inv), out, "redc(a*b) != mul_mont: m={m_big:x} a={ab:x} b={bb:x}");
    }
    // mul_wide on arbitrary values below 2^(64L), all-ones included.
    let full = [u64::MAX; L];
    for a in [full, [0; L], {
        let mut x = [0; L];
        x[0] = 1;
        x
    }] {
        for b in [full, xs[xs.len() - 1]] {
            let (lo, hi) = montgomery::mul_wide(&a, &b);
            let mut w = lo.to_vec();
            w.extend_from_slice(&hi);
            assert_eq!(big_of_limbs(&w), big_of_limbs(&a) * big_of_limbs(&b), "mul_wide on full-width values");
        }
    }
    // redc on any t < m * R: out < m and out * R = t (mod m).
    let bound = m_big * &rr;
    let mut ts: Vec<BigUint> =
        vec![big(0), big(1), &bound - big(1), &bound - &rr, (m_big - big(1)) * &rr, rr.clone() - big(1)];
    for _ in 0..n {
        ts.push(uniform_below(rng, &bound));
    }
    for t in ts {
        let lo = limbs_of::<L>(&(&t % &rr));
        let hi = limbs_of::<L>(&(&t >> (64 * L)));
        let out = big_of_limbs(&montgomery::redc(&lo, &hi, &m, inv));
        assert!(&out < m_big, "redc output not reduced: m={m_big:x} t={t:x} out={out:x}");
        assert_eq!((&out * &rr) % m_big, &t % m_big, "redc: m={m_big:x} t={t:x}");
    }
}

/// A random odd modulus of L limbs whose top limb is below 2^62 (and at
/// least 2^32 for a single limb).
fn random_modulus<const L: usize>(rng: &mut ChaCha20Rng) -> BigUint {
    let mut l = [0u64; L];
    for x in l.iter_mut() {
        *x = rng.next_u64();
    }
    l[L - 1] = match rng.gen_range(0..3) {
        0 => (1u64 << 62) - 1,
        1 if L > 1 => 1 + rng.gen_range(0..16),
        _ => (1 << 32) + (rng.next_u64() >> 2) % ((1u64 << 62) - (1 << 32)),
    };
    l[0] |= 1;
    big_of_limbs(&l)
}

#[test]
fn kernels_mod_p() {
    let mut rng = rng("mont p");
    check_modulus::<6>(p(), N, &mut rng);
}

#[test]
fn kernels_mod_r() {
    let mut rng = rng("mont r");
    check_modulus::<4>(r(), N, &mut rng);
}

#[test]
fn kernels_random_moduli() {
    let mut rng = rng("mont random moduli");
    for _ in 0..20 {
        let m = random_modulus::<6>(&mut rng);
        check_modulus::<6>(&m, 300, &mut rng);
        let m = random_modulus::<4>(&mut rng);
        check_modulus::<4>(&m, 300, &mut rng);
        let m = random_modulus::<2>(&mut rng);
        check_modulus::<2>(&m, 300, &mut rng);
        let m = random_modulus::<1>(&mut rng);
        check_modulus::<1>(&m, 300, &mut rng);
    }
}

/// The kernel choice is made once per process; `BLS12_381_BACKEND=portable`
/// must force the portable one (the Makefile's second test run relies on it).
/// Nothing is asserted about the default choice, which depends on the CPU.
#[test]
fn backend_override_is_honoured() {
    let b = arith::backend();
    assert_eq!(b, arith::backend(), "the kernel choice must not change within a process");
    let forced = std::env::var("BLS12_381_BACKEND").map(|v| v.eq_ignore_ascii_case("portable")).unwrap_or(false);
    if forced {
        assert_eq!(b, arith::LimbKernel::Portable, "BLS12_381_BACKEND=portable was not honoured");
    }
}
