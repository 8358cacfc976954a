//! What the tests of the lane kernels ([`super::avx2`], [`super::avx512_ifma`])
//! share: elements (random and at the edges), big integers, and lane
//! values read, written and drawn limb by limb for any radix `2^bits`
//! (`limbs[i][k]` is limb `i` of lane `k`, as both kernels lay them out).

use super::montgomery;
use super::params::fp::{MODULUS as P, R};
use num_bigint::BigUint;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// An element in Montgomery form (`x 2^384 mod p`, below p): the six words
/// the conversions take and give, those of an `Fp`.
pub(crate) type Mont = [u64; 6];

/// A uniformly random element (rejection sampling below 2^381).
pub(crate) fn random(rng: &mut ChaCha8Rng) -> Mont {
    loop {
        let mut x: Mont = core::array::from_fn(|_| rng.gen());
        x[5] &= (1 << 61) - 1;
        if montgomery::sub_n(&x, &P).1 != 0 {
            return x;
        }
    }
}

/// Edge elements: 0, 1, -1 (Montgomery forms R and p - R), the
/// Montgomery integers 1, 2, p - 1, p - 2, below p with all-ones words,
/// p's top word alone, alternating words, and all ones below 2^380.
pub(crate) fn edges() -> Vec<Mont> {
    let m = P;
    let mut v = vec![[0; 6], R, montgomery::sub_n(&m, &R).0, [1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]];
    v.push(montgomery::sub_n(&m, &[1, 0, 0, 0, 0, 0]).0);
    v.push(montgomery::sub_n(&m, &[2, 0, 0, 0, 0, 0]).0);
    v.push([!0, !0, !0, !0, !0, m[5] - 1]);
    v.push([0, 0, 0, 0, 0, m[5]]);
    v.push([!0, 0, !0, 0, !0, 0]);
    v.push([!0, !0, !0, !0, !0, (1 << 60) - 1]);
    v
}

/// The integer of little-endian 64-bit words.
pub(crate) fn big(words: &[u64]) -> BigUint {
    BigUint::from_slice(&words.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect::<Vec<_>>())
}

/// The integer of limbs of `bits` bits, little-endian.
pub(crate) fn big_of_limbs(limbs: &[u64], bits: u32) -> BigUint {
    limbs.iter().rev().fold(BigUint::default(), |x, &l| (x << bits) + BigUint::from(l))
}

/// p.
pub(crate) fn p() -> BigUint {
    big(&P)
}

/// The Montgomery form whose integer is `x < p`.
pub(crate) fn mont_of(x: &BigUint) -> Mont {
    let mut l = [0u64; 6];
    for (li, d) in l.iter_mut().zip(x.to_u64_digits()) {
        *li = d;
    }
    l
}

/// The integer in lane `k` of limbs of `bits` bits.
pub(crate) fn lane<const K: usize>(limbs: &[[u64; K]], bits: u32, k: usize) -> BigUint {
    limbs.iter().rev().fold(BigUint::default(), |x, l| (x << bits) + BigUint::from(l[k]))
}

/// Puts `x` in lane `k`, normalised (limbs of `bits` bits).
///
/// # Panics
/// If `x` does not fit the limbs.
pub(crate) fn set_lane<const K: usize>(limbs: &mut [[u64; K]], bits: u32, k: usize, x: &BigUint) {
    assert!(x.bits() <= bits as u64 * limbs.len() as u64, "value too large for a lane");
    let mask = BigUint::from((1u64 << bits) - 1);
    for (i, l) in limbs.iter_mut().enumerate() {
        l[k] = ((x >> (bits as usize * i)) & &mask).to_u64_digits().first().copied().unwrap_or(0);
    }
    assert_eq!(&lane(limbs, bits, k), x);
}

/// Whether every limb is below `2^bits`.
pub(crate) fn is_normalised<const K: usize>(limbs: &[[u64; K]], bits: u32) -> bool {
    limbs.iter().all(|l| l.iter().all(|&x| x >> bits == 0))
}

/// A lane value of `x` (Montgomery form) for the lane Montgomery constant
/// `R = 2^(384 + shift)`: `x 2^shift mod p + k p` with random `k`, below
/// `limit`; one time in four the largest such value, one in four `k = 0`.
pub(crate) fn lazy_below(rng: &mut ChaCha8Rng, x: &Mont, shift: u32, limit: &BigUint) -> BigUint {
    let p = p();
    let base = (big(x) << shift) % &p;
    let kmax = (limit - 1u32 - &base) / &p;
    let k = match rng.gen_range(0..4) {
        0 => kmax.clone(),
        1 => BigUint::default(),
        _ => (BigUint::from(rng.gen::<u128>()) * BigUint::from(rng.gen::<u64>())) % (&kmax + 1u32),
    };
    base + k * p
}

/// A value of `n` limbs of `bits` bits below `2^top` with every limb near
/// its largest (in the top 2^-6 of its range): the worst case of columns.
pub(crate) fn high(rng: &mut ChaCha8Rng, n: usize, bits: u32, top: usize) -> BigUint {
    (0..n).rev().fold(BigUint::default(), |x, i| {
        let max = if i == n - 1 { 1u64 << (top - bits as usize * (n - 1)) } else { 1 << bits };
        (x << bits) + BigUint::from(max - 1 - rng.gen_range(0..max >> 6))
    })
}

/// Random normalised lane values below 2^384 in every lane, each limb 0,
/// all ones, or random (limbs of `bits` bits).
pub(crate) fn random_below_2_384<const K: usize>(rng: &mut ChaCha8Rng, limbs: &mut [[u64; K]], bits: u32) {
    let n = limbs.len();
    for (i, l) in limbs.iter_mut().enumerate() {
        // The top limb holds bits `bits (n - 1)..384`.
        let width = if i == n - 1 { 384 - bits * (n as u32 - 1) } else { bits };
        let mask = (1u64 << width) - 1;
        for x in l.iter_mut() {
            *x = match rng.gen_range(0..4) {
                0 => 0,
                1 => mask,
                _ => rng.gen::<u64>() & mask,
            };
        }
    }
}
