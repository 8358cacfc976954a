//! The benchmark inputs: each precompile on its worst-case inputs, as the
//! cross-client EIP-2537 benchmarks choose them, with the MSM k = 1
//! scalar chosen against this crate's own k = 1 method.
//!
//! Used by `bls12-381-eip2537 bench` and by `compare eip2537` (rust/bench),
//! so that both time the same bytes.
//!
//! # The cases
//!
//! - G1ADD, G2ADD: `2G + G` for the generator G. Addition is complete and
//!   runs the same formulas for every pair of points, so any two points do;
//!   this is the input the cross-client benchmarks use.
//! - G1MSM, G2MSM with k = 1: a random subgroup point times
//!   [`worst_scalar_g1`] / [`worst_scalar_g2`] (below).
//! - G1MSM, G2MSM with k = 1, 2, 4, ..., 128: random subgroup points and
//!   random scalars.
//! - PAIRING_CHECK with k = 1..8: random pairs (P, Q) of subgroup points
//!   (the check's answer is 0; the work does not depend on it).
//! - MAP_FP_TO_G1, MAP_FP2_TO_G2: random field elements (the map does the
//!   same operations for every input but for the choice of square root).
//!
//! "Random" is a fixed generator seeded by the caller ([`cases`]), so that
//! runs time the same inputs.
//!
//! # The worst scalar for k = 1
//!
//! MSM with one pair is `mul_vartime`: the scalar k (reduced mod r) is split
//! by the endomorphism into parts, each part is recoded in width-5 NAF
//! (odd digits in [-15, 15], every nonzero digit followed by at least four
//! zeros), and the loop doubles once per digit position of the longest
//! part and adds once per nonzero digit of every part. The table
//! precomputation is the same for every scalar. So the cost is
//! `(len - 1) doublings + (number of nonzero digits) additions`, and the
//! slowest scalar maximises both:
//!
//! - G1 (GLV): `k = a + b L` with `a = k mod L < L` and `b = floor(k / L)`,
//!   L = z^2 - 1 a 128-bit integer. A part below 2^128 has a width-5 NAF of
//!   at most 129 digits (the recoding can carry one position past the top
//!   bit), and at most ceil(129 / 5) = 26 of them nonzero. Both bounds are
//!   reached together by the value whose NAF has the digit 1 at positions
//!   3, 8, ..., 118, -15 at 123 and 1 at 128:
//!   `w = 2^128 - 15 * 2^123 + sum_{i=0}^{23} 2^(3 + 5i)`, about 0.53 * 2^128,
//!   below L (about 0.67 * 2^128). With a = b = w: 128 doublings and
//!   26 + 26 additions, the most any scalar can need; `k = a + b L` is
//!   below r (about 0.36 * 2^256 against 0.45 * 2^256), so the split gives
//!   back exactly (a, b). A uniformly random scalar has about 129 / 6
//!   nonzero digits per part.
//! - G2 (GLS): `k = c0 + c1 |z| + c2 |z|^2 + c3 |z|^3`, each c_i < |z|
//!   (a 64-bit integer, about 0.82 * 2^64). The same argument bounds a part
//!   by 65 digits with 13 nonzero, reached by
//!   `2^64 - 15 * 2^59 + sum_{j=0}^{10} 2^(3 + 5j)` (about 0.77 * 2^64,
//!   below |z|); all four parts equal to it give 64 doublings and 52
//!   additions, and `k` (about 0.42 * 2^256) is below r.
//!
//! The unit tests check that the split returns these parts, and (the small
//! search) that no scalar among a few thousand random ones and a list of
//! structured ones (r - 1, 2^256 - 1 mod r, all-ones parts, alternating
//! bits) needs more doublings plus additions.

use crate::{codec, Precompile};
use bls12_381_core::{Fp, Fp2, Fr, G1Projective, G2Projective};

/// One benchmark input.
#[derive(Clone, Debug)]
pub struct Case {
    /// Row name, e.g. "G1MSM k=4" or "G1MSM k=1 (worst scalar)".
    pub name: String,
    /// The precompile.
    pub precompile: Precompile,
    /// Number of pairs (1 for ADD and MAP).
    pub k: usize,
    /// Whether this is the precompile's worst case in the sense of the
    /// cross-client benchmarks (ADD, MAP, the k = 1 worst scalar, every
    /// pairing size); the random-scalar MSM rows are not.
    pub worst: bool,
    /// The input bytes.
    pub input: Vec<u8>,
}

/// The MSM sizes with random inputs.
pub const MSM_SIZES: [usize; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
/// The largest pairing size.
pub const PAIRING_MAX: usize = 8;

/// L = z^2 - 1, the eigenvalue of the G1 endomorphism.
const L: u128 = 0xac45_a401_0001_a402_0000_0000_ffff_ffff;
/// |z|, the absolute value of the curve seed.
const Z_ABS: u64 = 0xd201_0000_0001_0000;

/// The part of `bits` bits (64 or 128) with the longest and densest
/// width-5 NAF: digits 1 at 3, 8, ..., bits - 10, -15 at bits - 5, 1 at
/// bits (module doc).
fn worst_part(bits: u32) -> u128 {
    let low = (3..=bits - 10).step_by(5).fold(0u128, |acc, p| acc | 1u128 << p);
    // 2^bits - 15 * 2^(bits - 5) = 17 * 2^(bits - 5), which fits in u128.
    (17u128 << (bits - 5)) + low
}

/// The G1 GLV parts (a, b) of [`worst_scalar_g1`].
pub fn worst_parts_g1() -> [u128; 2] {
    [worst_part(128); 2]
}

/// The G2 GLS parts (c0, c1, c2, c3) of [`worst_scalar_g2`].
pub fn worst_parts_g2() -> [u64; 4] {
    [worst_part(64) as u64; 4]
}

fn fr_of_u128(x: u128) -> Fr {
    Fr::from_le_bytes_reduced(&x.to_le_bytes())
}

/// An Fr as the EIP's 32-byte big-endian scalar.
fn scalar_be(k: &Fr) -> [u8; 32] {
    let mut b = k.to_bytes();
    b.reverse();
    b
}

/// The G1MSM k = 1 scalar that makes `mul_vartime` slowest (module doc):
/// `a + b L` for the parts [`worst_parts_g1`], big-endian.
pub fn worst_scalar_g1() -> [u8; 32] {
    let [a, b] = worst_parts_g1();
    scalar_be(&fr_of_u128(a).add(&fr_of_u128(b).mul(&fr_of_u128(L))))
}

/// The G2MSM k = 1 scalar that makes `mul_vartime` slowest (module doc):
/// `sum c_i |z|^i` for the parts [`worst_parts_g2`], big-endian.
pub fn worst_scalar_g2() -> [u8; 32] {
    let z = fr_of_u128(u128::from(Z_ABS));
    let k = worst_parts_g2().iter().rev().fold(Fr::ZERO, |acc, &c| acc.mul(&z).add(&fr_of_u128(u128::from(c))));
    scalar_be(&k)
}

/// A small deterministic generator (splitmix64): inputs only, not secrets.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn wide(&mut self) -> [u8; 64] {
        let mut out = [0u8; 64];
        for c in out.chunks_exact_mut(8) {
            c.copy_from_slice(&self.next().to_le_bytes());
        }
        out
    }
    fn fr(&mut self) -> Fr {
        Fr::from_bytes_wide(&self.wide())
    }
    fn fp(&mut self) -> Fp {
        Fp::from_bytes_wide(&self.wide())
    }
}

fn g1_point(rng: &mut Rng) -> [u8; codec::G1_LEN] {
    codec::encode_g1(&G1Projective::generator().mul(&rng.fr()).to_affine())
}

fn g2_point(rng: &mut Rng) -> [u8; codec::G2_LEN] {
    codec::encode_g2(&G2Projective::generator().mul(&rng.fr()).to_affine())
}

/// An Fp as the EIP's 64 bytes (16 zero bytes, then 48 big-endian).
fn fp_bytes(x: &Fp) -> [u8; codec::FP_LEN] {
    let mut out = [0u8; codec::FP_LEN];
    out[16..].copy_from_slice(&x.to_bytes());
    out
}

/// Every case, in table order (ADD, MSM, PAIRING_CHECK, MAP), random parts
/// drawn from `seed`.
pub fn cases(seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let case = |name: String, precompile: Precompile, k: usize, worst: bool, input: Vec<u8>| Case {
        name,
        precompile,
        k,
        worst,
        input,
    };

    let g1 = G1Projective::generator();
    let g2 = G2Projective::generator();
    let add1 = [codec::encode_g1(&g1.double().to_affine()), codec::encode_g1(&g1.to_affine())].concat();
    out.push(case("G1ADD (2G + G)".into(), Precompile::G1Add, 1, true, add1));
    let add2 = [codec::encode_g2(&g2.double().to_affine()), codec::encode_g2(&g2.to_affine())].concat();
    out.push(case("G2ADD (2G + G)".into(), Precompile::G2Add, 1, true, add2));

    let (p1, p2) = (g1_point(&mut rng), g2_point(&mut rng));
    for (p, point, scalar) in
        [(Precompile::G1Msm, &p1[..], worst_scalar_g1()), (Precompile::G2Msm, &p2[..], worst_scalar_g2())]
    {
        out.push(case(format!("{} k=1 (worst scalar)", p.name()), p, 1, true, [point, &scalar].concat()));
    }
    let max = MSM_SIZES[MSM_SIZES.len() - 1];
    let g1_pairs: Vec<u8> = (0..max).flat_map(|_| [&g1_point(&mut rng)[..], &scalar_be(&rng.fr())].concat()).collect();
    let g2_pairs: Vec<u8> = (0..max).flat_map(|_| [&g2_point(&mut rng)[..], &scalar_be(&rng.fr())].concat()).collect();
    for (p, pairs, pair) in [
        (Precompile::G1Msm, &g1_pairs, codec::G1_LEN + codec::SCALAR_LEN),
        (Precompile::G2Msm, &g2_pairs, codec::G2_LEN + codec::SCALAR_LEN),
    ] {
        for k in MSM_SIZES {
            out.push(case(format!("{} k={k}", p.name()), p, k, false, pairs[..k * pair].to_vec()));
        }
    }

    let pairing: Vec<u8> =
        (0..PAIRING_MAX).flat_map(|_| [&g1_point(&mut rng)[..], &g2_point(&mut rng)[..]].concat()).collect();
    let pair = codec::G1_LEN + codec::G2_LEN;
    for k in 1..=PAIRING_MAX {
        out.push(case(format!("PAIRING_CHECK k={k}"), Precompile::PairingCheck, k, true, pairing[..k * pair].to_vec()));
    }

    let u = fp_bytes(&rng.fp());
    out.push(case("MAP_FP_TO_G1".into(), Precompile::MapFpToG1, 1, true, u.to_vec()));
    let u2 = Fp2 { c0: rng.fp(), c1: rng.fp() };
    out.push(case(
        "MAP_FP2_TO_G2".into(),
        Precompile::MapFp2ToG2,
        1,
        true,
        [fp_bytes(&u2.c0), fp_bytes(&u2.c1)].concat(),
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use bls12_381_core::curve::{CurveHooks, G1, G2};

    /// (length, nonzero digits) of the width-5 NAF of `s`.
    fn naf5(mut s: u128) -> (u32, u32) {
        let (mut len, mut weight) = (0, 0);
        while s != 0 {
            if s & 1 == 1 {
                let m = (s & 31) as i32;
                let d = if m >= 16 { m - 32 } else { m };
                s = if d < 0 { s + (-d) as u128 } else { s - d as u128 };
                weight += 1;
            }
            len += 1;
            s >>= 1;
        }
        (len, weight)
    }

    /// Doublings plus additions of `mul_vartime` for the parts `parts`.
    fn cost(parts: &[u128]) -> (u32, u32) {
        let len = parts.iter().map(|&p| naf5(p).0).max().unwrap_or(0);
        let adds = parts.iter().map(|&p| naf5(p).1).sum();
        (len.saturating_sub(1), adds)
    }

    fn g1_cost(k: &Fr) -> (u32, u32) {
        cost(&G1::endo_split(k)[..2])
    }

    fn g2_cost(k: &Fr) -> (u32, u32) {
        cost(&G2::endo_split(k))
    }

    fn fr_be(b: &[u8; 32]) -> Fr {
        codec::scalar(b)
    }

    #[test]
    fn worst_scalars_split_as_designed() {
        let k1 = fr_be(&worst_scalar_g1());
        let [a, b] = worst_parts_g1();
        assert_eq!(&G1::endo_split(&k1)[..2], &[a, b]);
        assert_eq!(g1_cost(&k1), (128, 52));
        let k2 = fr_be(&worst_scalar_g2());
        assert_eq!(G2::endo_split(&k2), worst_parts_g2().map(u128::from));
        assert_eq!(g2_cost(&k2), (64, 52));
    }

    /// The small search: no other scalar tried costs more.
    #[test]
    fn no_scalar_tried_costs_more() {
        let total = |c: (u32, u32)| c.0 + c.1;
        let w1 = total(g1_cost(&fr_be(&worst_scalar_g1())));
        let w2 = total(g2_cost(&fr_be(&worst_scalar_g2())));
        let mut rng = Rng(0x2537);
        let mut tried: Vec<Fr> = (0..4000).map(|_| rng.fr()).collect();
        tried.push(Fr::ZERO.sub(&Fr::ONE));
        tried.push(fr_be(&[0xff; 32]));
        tried.push(fr_be(&[0x55; 32]));
        tried.push(fr_be(&[0xaa; 32]));
        let ones = |bits: u32| if bits == 128 { u128::MAX } else { (1u128 << bits) - 1 };
        tried.push(fr_of_u128(ones(127)).add(&fr_of_u128(ones(127)).mul(&fr_of_u128(L))));
        let z = fr_of_u128(u128::from(Z_ABS));
        tried.push((0..4).fold(Fr::ZERO, |acc, _| acc.mul(&z).add(&fr_of_u128(ones(63)))));
        for k in &tried {
            assert!(total(g1_cost(k)) <= w1, "G1 {:?} {:?}", g1_cost(k), k.to_bytes());
            assert!(total(g2_cost(k)) <= w2, "G2 {:?} {:?}", g2_cost(k), k.to_bytes());
        }
    }

    #[test]
    fn every_case_runs() {
        let cs = cases(1);
        assert_eq!(cs.len(), 2 + 2 + 2 * MSM_SIZES.len() + PAIRING_MAX + 2);
        for c in &cs {
            let out = c.precompile.run(&c.input).unwrap_or_else(|e| panic!("{}: {e}", c.name));
            assert_eq!(out.gas, c.precompile.gas(c.input.len()));
        }
    }
}
