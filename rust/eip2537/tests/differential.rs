//! Differential test against revm-precompile's EIP-2537 (its blst backend,
//! built without `portable` so that blst runs its ADX code): random valid
//! inputs for every precompile (MSM k up to 128, pairing k up to 8) and
//! mutations of them (bit flips, truncations and extensions, padding bytes
//! set, coordinates >= p, the point at infinity with noise, points on the
//! curve outside the subgroup). Both must give the same output and gas, or
//! both fail.
//!
//! The default run does `DEFAULT_CASES` inputs per precompile; the ignored
//! `full` test does 100,000 (`cargo test -p bls12-381-eip2537 --test
//! differential -- --ignored`). The RNG is ChaCha20 seeded from
//! `EIP2537_DIFF_SEED` (a u64) or a fixed default; a failure prints the
//! seed, the case number and the input.

use bls12_381_core::curve::{Affine, Curve};
use bls12_381_core::{Fp, Fp2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use bls12_381_eip2537::{codec, Precompile};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use revm_precompile::bls12_381 as revm;

const DEFAULT_CASES: usize = 300;
const FULL_CASES: usize = 100_000;
const DEFAULT_SEED: u64 = 0x2537_0b11_d1ff_0001;

type Reference = fn(&[u8], u64) -> revm_precompile::EthPrecompileResult;

fn reference(p: Precompile) -> Reference {
    match p {
        Precompile::G1Add => revm::g1_add::g1_add,
        Precompile::G1Msm => revm::g1_msm::g1_msm,
        Precompile::G2Add => revm::g2_add::g2_add,
        Precompile::G2Msm => revm::g2_msm::g2_msm,
        Precompile::PairingCheck => revm::pairing::pairing,
        Precompile::MapFpToG1 => revm::map_fp_to_g1::map_fp_to_g1,
        Precompile::MapFp2ToG2 => revm::map_fp2_to_g2::map_fp2_to_g2,
    }
}

/// p as 48 big-endian bytes.
fn modulus_be() -> [u8; 48] {
    let mut out = [0u8; 48];
    for (i, limb) in Fp::MODULUS.iter().enumerate() {
        out[48 - 8 * (i + 1)..48 - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
    out
}

/// a + b on 48-byte big-endian integers (the callers keep it below 2^384).
fn add_be(a: &[u8; 48], b: &[u8; 48]) -> [u8; 48] {
    let mut out = [0u8; 48];
    let mut carry = 0u16;
    for i in (0..48).rev() {
        let s = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = s as u8;
        carry = s >> 8;
    }
    out
}

fn enc_fp(x: &Fp) -> [u8; 64] {
    let mut out = [0u8; 64];
    out[16..].copy_from_slice(&x.to_bytes());
    out
}

/// Random points: in the subgroup, and on the curve outside it.
struct Pools {
    g1: Vec<G1Affine>,
    g2: Vec<G2Affine>,
    g1_off: Vec<G1Affine>,
    g2_off: Vec<G2Affine>,
}

impl Pools {
    fn new(rng: &mut ChaCha20Rng) -> Pools {
        let g1 = (0..64).map(|_| G1Projective::random(rng).to_affine()).collect();
        let g2 = (0..64).map(|_| G2Projective::random(rng).to_affine()).collect();
        let mut g1_off = Vec::new();
        while g1_off.len() < 16 {
            let x = Fp::random(rng);
            let rhs = x.square().mul(&x).add(&Fp::from_u64(4));
            if let Some(y) = Option::<Fp>::from(rhs.sqrt()) {
                let p: G1Affine = Option::from(G1Affine::from_xy_unchecked(x, y)).unwrap();
                if !bool::from(p.is_torsion_free()) {
                    g1_off.push(p);
                }
            }
        }
        let b2 = Fp2::new(Fp::from_u64(4), Fp::from_u64(4));
        let mut g2_off = Vec::new();
        while g2_off.len() < 16 {
            let x = Fp2::random(rng);
            let rhs = x.square().mul(&x).add(&b2);
            if let Some(y) = Option::<Fp2>::from(rhs.sqrt()) {
                let p: G2Affine = Option::from(G2Affine::from_xy_unchecked(x, y)).unwrap();
                if !bool::from(p.is_torsion_free()) {
                    g2_off.push(p);
                }
            }
        }
        Pools { g1, g2, g1_off, g2_off }
    }

    /// A G1 point of the subgroup: mostly random, sometimes the identity
    /// or the generator.
    fn g1(&self, rng: &mut ChaCha20Rng) -> G1Affine {
        match rng.gen_range(0..16) {
            0 => G1Affine::identity(),
            1 => G1Affine::generator(),
            _ => self.g1[rng.gen_range(0..self.g1.len())],
        }
    }

    fn g2(&self, rng: &mut ChaCha20Rng) -> G2Affine {
        match rng.gen_range(0..16) {
            0 => G2Affine::identity(),
            1 => G2Affine::generator(),
            _ => self.g2[rng.gen_range(0..self.g2.len())],
        }
    }
}

/// A 32-byte scalar: random, or one of the edges (0, 1, r - 1, r, r + 1,
/// 2^256 - 1, small values).
fn scalar(rng: &mut ChaCha20Rng) -> [u8; 32] {
    const R: [u8; 32] = [
        0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd,
        0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
    ];
    let mut s = [0u8; 32];
    match rng.gen_range(0..12) {
        0 => {}
        1 => s[31] = rng.gen(),
        2 => s = [0xff; 32],
        3 => {
            s = R;
            s[31] = s[31].wrapping_add(rng.gen_range(0..3)).wrapping_sub(1);
        }
        4 => rng.fill_bytes(&mut s[16..]),
        _ => rng.fill_bytes(&mut s),
    }
    s
}

/// The two operands of an ADD: points of the curve, a quarter of them
/// outside the subgroup, the second sometimes equal or opposite to the
/// first (doubling, P + (-P)).
fn add_operands<C: Curve>(
    rng: &mut ChaCha20Rng,
    sub: impl Fn(&mut ChaCha20Rng) -> Affine<C>,
    off: &[Affine<C>],
) -> [Affine<C>; 2] {
    let pick_off = |rng: &mut ChaCha20Rng| off[rng.gen_range(0..off.len())];
    let a = if rng.gen_bool(0.25) { pick_off(rng) } else { sub(rng) };
    let b = match rng.gen_range(0..8) {
        0 => a,
        1 => a.neg(),
        2 => pick_off(rng),
        _ => sub(rng),
    };
    [a, b]
}

/// A random valid input of `p`.
fn valid_input(p: Precompile, pools: &Pools, rng: &mut ChaCha20Rng) -> Vec<u8> {
    let mut v = Vec::new();
    match p {
        Precompile::G1Add => {
            for q in add_operands(rng, |r| pools.g1(r), &pools.g1_off) {
                v.extend(codec::encode_g1(&q));
            }
        }
        Precompile::G2Add => {
            for q in add_operands(rng, |r| pools.g2(r), &pools.g2_off) {
                v.extend(codec::encode_g2(&q));
            }
        }
        Precompile::G1Msm | Precompile::G2Msm => {
            let k = match rng.gen_range(0..4) {
                0 => 1,
                1 => rng.gen_range(2..=8),
                _ => rng.gen_range(1..=128),
            };
            for _ in 0..k {
                if p == Precompile::G1Msm {
                    v.extend(codec::encode_g1(&pools.g1(rng)));
                } else {
                    v.extend(codec::encode_g2(&pools.g2(rng)));
                }
                v.extend(scalar(rng));
            }
        }
        Precompile::PairingCheck => {
            let k = rng.gen_range(1..=8);
            let mut pairs = Vec::new();
            if rng.gen_bool(0.5) {
                // A product that is one: (sP, Q) and (P, -sQ), plus an
                // identity pair for odd k.
                while pairs.len() + 2 <= k {
                    let (a, b) = (pools.g1(rng), pools.g2(rng));
                    let s = Fr::random(&mut *rng);
                    pairs.push((a.to_projective().mul(&s).to_affine(), b));
                    pairs.push((a, b.to_projective().mul(&s).neg().to_affine()));
                }
                if pairs.len() < k {
                    pairs.push((pools.g1(rng), G2Affine::identity()));
                }
                let i = rng.gen_range(0..pairs.len());
                pairs.swap(0, i);
            } else {
                pairs = (0..k).map(|_| (pools.g1(rng), pools.g2(rng))).collect();
            }
            for (a, b) in pairs {
                v.extend(codec::encode_g1(&a));
                v.extend(codec::encode_g2(&b));
            }
        }
        Precompile::MapFpToG1 | Precompile::MapFp2ToG2 => {
            let n = if p == Precompile::MapFpToG1 { 1 } else { 2 };
            for _ in 0..n {
                let x = match rng.gen_range(0..10) {
                    0 => Fp::ZERO,
                    1 => Fp::ONE.neg(),
                    2 => Fp::from_u64(rng.gen()),
                    _ => Fp::random(&mut *rng),
                };
                v.extend(enc_fp(&x));
            }
        }
    }
    v
}

/// Where the Fp elements and the points of a valid input of `p` lie:
/// (Fp offsets, (point offset, point length, is G2)).
fn layout(p: Precompile, len: usize) -> (Vec<usize>, Vec<(usize, usize, bool)>) {
    let (unit, points): (usize, &[(usize, bool)]) = match p {
        Precompile::G1Add => (256, &[(0, false), (128, false)]),
        Precompile::G2Add => (512, &[(0, true), (256, true)]),
        Precompile::G1Msm => (160, &[(0, false)]),
        Precompile::G2Msm => (288, &[(0, true)]),
        Precompile::PairingCheck => (384, &[(0, false), (128, true)]),
        Precompile::MapFpToG1 => (64, &[]),
        Precompile::MapFp2ToG2 => (128, &[]),
    };
    let mut fps = Vec::new();
    let mut pts = Vec::new();
    for base in (0..len).step_by(unit) {
        for &(off, g2) in points {
            let plen = if g2 { 256 } else { 128 };
            pts.push((base + off, plen, g2));
            fps.extend((0..plen / 64).map(|j| base + off + 64 * j));
        }
        if points.is_empty() {
            fps.extend((0..unit / 64).map(|j| base + 64 * j));
        }
    }
    (fps, pts)
}

/// A mutation of the valid input `v`.
fn mutate(p: Precompile, mut v: Vec<u8>, pools: &Pools, rng: &mut ChaCha20Rng) -> Vec<u8> {
    let (fps, pts) = layout(p, v.len());
    let p_be = modulus_be();
    match rng.gen_range(0..8) {
        // Bit flips.
        0 => {
            for _ in 0..rng.gen_range(1..=3) {
                let i = rng.gen_range(0..v.len());
                v[i] ^= 1 << rng.gen_range(0..8);
            }
        }
        // Truncation or extension.
        1 => {
            if rng.gen_bool(0.5) {
                let n = rng.gen_range(1..=v.len().min(400));
                v.truncate(v.len() - n);
            } else {
                let n = rng.gen_range(1..=64);
                v.extend((0..n).map(|_| rng.gen::<u8>()));
            }
        }
        // A padding byte set.
        2 => {
            let s = fps[rng.gen_range(0..fps.len())];
            v[s + rng.gen_range(0..16)] |= 1 << rng.gen_range(0..8);
        }
        // A coordinate >= p: p, p + small, x + p, or all ones.
        3 => {
            let s = fps[rng.gen_range(0..fps.len())];
            let x: [u8; 48] = v[s + 16..s + 64].try_into().unwrap();
            let mut small = [0u8; 48];
            small[40..].copy_from_slice(&rng.gen::<u64>().to_be_bytes());
            let y = match rng.gen_range(0..4) {
                0 => p_be,
                1 => add_be(&p_be, &small),
                2 => add_be(&p_be, &x),
                _ => [0xff; 48],
            };
            v[s + 16..s + 64].copy_from_slice(&y);
        }
        // The point at infinity with noise: a point zeroed but one byte.
        4 if !pts.is_empty() => {
            let (o, l, _) = pts[rng.gen_range(0..pts.len())];
            v[o..o + l].fill(0);
            v[o + rng.gen_range(0..l)] = rng.gen_range(1..=255);
        }
        // A point on the curve outside the subgroup.
        5 if !pts.is_empty() => {
            let (o, l, g2) = pts[rng.gen_range(0..pts.len())];
            let enc = if g2 {
                codec::encode_g2(&pools.g2_off[rng.gen_range(0..16)]).to_vec()
            } else {
                codec::encode_g1(&pools.g1_off[rng.gen_range(0..16)]).to_vec()
            };
            v[o..o + l].copy_from_slice(&enc);
        }
        // A point off the curve: y + 1 (or x swapped with y).
        6 if !pts.is_empty() => {
            let (o, l, _) = pts[rng.gen_range(0..pts.len())];
            if rng.gen_bool(0.5) {
                v[o + l - 1] = v[o + l - 1].wrapping_add(1);
            } else {
                let (x, y) = v[o..o + l].split_at_mut(l / 2);
                x.swap_with_slice(y);
            }
        }
        // Empty, or random bytes of a valid length.
        _ => {
            if rng.gen_bool(0.2) {
                v.clear();
            } else {
                rng.fill_bytes(&mut v);
            }
        }
    }
    v
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Runs `cases` inputs of `p` (half valid, half mutated) through both.
fn differential(p: Precompile, cases: usize) {
    let seed = std::env::var("EIP2537_DIFF_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(DEFAULT_SEED);
    // One stream per precompile, so that each test reproduces alone.
    let mut rng = ChaCha20Rng::seed_from_u64(seed ^ u64::from(p.address()));
    let pools = Pools::new(&mut rng);
    let theirs = reference(p);
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    for case in 0..cases {
        let v = valid_input(p, &pools, &mut rng);
        let input = if case % 2 == 0 { v } else { mutate(p, v, &pools, &mut rng) };
        let ours = p.run(&input);
        let reference = theirs(&input, u64::MAX);
        let same = match (&ours, &reference) {
            (Ok(a), Ok(b)) => a.bytes[..] == b.bytes[..] && a.gas == b.gas_used,
            (Err(_), Err(_)) => true,
            _ => false,
        };
        assert!(
            same,
            "{} differs from revm-precompile: seed {seed} (EIP2537_DIFF_SEED), case {case}\n\
             input {}\nours {:?}\nrevm {:?}",
            p.name(),
            hex(&input),
            ours.as_ref().map(|o| (hex(&o.bytes), o.gas)),
            reference.as_ref().map(|o| (hex(&o.bytes), o.gas_used)),
        );
        let kind = match &ours {
            Ok(o) if p == Precompile::PairingCheck => format!("Ok({})", o.bytes.last().copied().unwrap_or(9)),
            Ok(_) => "Ok".to_string(),
            Err(e) => format!("{e:?}").split([' ', '{', '(']).next().unwrap_or("").to_string(),
        };
        *kinds.entry(kind).or_default() += 1;
    }
    // Shown with --nocapture: how the cases fell.
    eprintln!("{} ({cases} cases, seed {seed}): {kinds:?}", p.name());
    let ok: usize = kinds.iter().filter(|(k, _)| k.starts_with("Ok")).map(|(_, n)| n).sum();
    if p == Precompile::PairingCheck {
        assert!(kinds.contains_key("Ok(0)") && kinds.contains_key("Ok(1)"), "pairing: {kinds:?}");
    }
    assert!(ok >= cases / 3 && cases - ok >= cases / 8, "{}: {ok} successes of {cases}", p.name());
}

macro_rules! differential_tests {
    ($($name:ident, $full:ident: $p:expr;)*) => {$(
        #[test]
        fn $name() {
            differential($p, DEFAULT_CASES);
        }

        #[test]
        #[ignore = "the full run: 100,000 inputs (cargo test -- --ignored)"]
        fn $full() {
            differential($p, FULL_CASES);
        }
    )*};
}

differential_tests! {
    g1_add, g1_add_full: Precompile::G1Add;
    g1_msm, g1_msm_full: Precompile::G1Msm;
    g2_add, g2_add_full: Precompile::G2Add;
    g2_msm, g2_msm_full: Precompile::G2Msm;
    pairing_check, pairing_check_full: Precompile::PairingCheck;
    map_fp_to_g1, map_fp_to_g1_full: Precompile::MapFpToG1;
    map_fp2_to_g2, map_fp2_to_g2_full: Precompile::MapFp2ToG2;
}
