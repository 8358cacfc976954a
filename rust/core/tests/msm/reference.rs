//! The references the MSM is checked against, and the inputs:
//!
//! - [`TestCurve::blst_msm`]: blst's Pippenger through the raw FFI
//!   (`blst_p1s_mult_pippenger` / `blst_p2s_mult_pippenger`, 255-bit
//!   little-endian scalars, scratch of `*_scratch_sizeof(n)` bytes);
//! - [`naive`]: the sum of constant-time scalar multiplications (a code
//!   path the MSM does not use);
//! - [`check_msm`]: every way of running our MSM (default, threads 1, 2
//!   and the current pool, forced windows) against one expected value.
//!
//! Points are a random walk (each point the previous plus one of 16
//! random points made by blst), normalised at once: n distinct points of
//! the group for about n additions, where independent blst
//! multiplications would cost as much as the references.
#![allow(dead_code)]

use crate::common::*;
use crate::points::*;
use bls12_381_core::curve::{Affine, Curve, CurveHooks, Jacobian, G1, G2};
use bls12_381_core::msm::MsmCurve;
use bls12_381_core::{msm, Error, Fp, Fp2, Fr};
use num_bigint::BigUint;
use rand::{Rng, RngCore};
use rand_chacha::ChaCha20Rng;
use std::ptr;

/// |z| = 0xd201000000010000.
pub fn z_abs() -> BigUint {
    BigUint::from(0xd201_0000_0001_0000u64)
}

/// What the tests need per curve beyond [`Curve`].
pub trait TestCurve: MsmCurve {
    /// The largest n for which the tests also compute the naive sum
    /// (G2 multiplications are slow: blst alone above it).
    const NAIVE_MAX: usize;

    /// `sum_i scalars[i] points[i]` by blst's Pippenger (the identity for
    /// no points, which blst does not take).
    fn blst_msm(points: &[Affine<Self>], scalars: &[Fr]) -> Jacobian<Self>;

    /// A random point of the group, computed by blst.
    fn blst_random(rng: &mut ChaCha20Rng) -> Jacobian<Self>;

    /// A random point of the curve outside the order-r subgroup (random x
    /// until x^3 + b is a square; retried in the unlikely case the point
    /// lands in the subgroup).
    fn random_off_subgroup(rng: &mut ChaCha20Rng) -> Affine<Self>;

    /// The multipliers m_i of the endomorphism images: k = sum s_i m_i
    /// (G1: 1, L = z^2 - 1; G2: |z|^i), and the bound on the parts
    /// (G1: L; G2: |z|).
    fn endo_multipliers() -> Vec<BigUint>;
    fn endo_part_bound() -> BigUint;
}

macro_rules! impl_test_curve {
    ($curve:ty, $naive_max:expr, $point:ty, $affine:ty, $to_blst:ident, $from_blst:ident,
     $pippenger:ident, $scratch:ident, $rand:ident, $rand_base:ident, $base:ty) => {
        impl TestCurve for $curve {
            const NAIVE_MAX: usize = $naive_max;

            fn blst_msm(points: &[Affine<Self>], scalars: &[Fr]) -> Jacobian<Self> {
                assert_eq!(points.len(), scalars.len());
                let n = points.len();
                if n == 0 {
                    return Jacobian::identity();
                }
                let pts: Vec<$affine> = points.iter().map($to_blst).collect();
                let bytes: Vec<u8> = scalars.iter().flat_map(|s| s.to_bytes()).collect();
                // Null-terminated pointer arrays: blst reads the points and
                // scalars contiguously after the first.
                let pp: [*const $affine; 2] = [pts.as_ptr(), ptr::null()];
                let sp: [*const u8; 2] = [bytes.as_ptr(), ptr::null()];
                let words = unsafe { blst::$scratch(n) }.div_ceil(8).max(1);
                let mut scratch = vec![0u64; words];
                let mut out = <$point>::default();
                unsafe { blst::$pippenger(&mut out, pp.as_ptr(), n, sp.as_ptr(), 255, scratch.as_mut_ptr()) };
                $from_blst(&out)
            }

            fn blst_random(rng: &mut ChaCha20Rng) -> Jacobian<Self> {
                $rand(rng)
            }

            fn random_off_subgroup(rng: &mut ChaCha20Rng) -> Affine<Self> {
                loop {
                    let x: $base = $rand_base(rng);
                    let y2 = x.square().mul(&x).add(&<$curve as Curve>::B);
                    if let Some(y) = Option::<$base>::from(y2.sqrt()) {
                        let y = if rng.gen() { y.neg() } else { y };
                        let p = Affine::<Self>::from_xy_unchecked(x, y).unwrap();
                        if !bool::from(p.is_torsion_free()) {
                            return p;
                        }
                    }
                }
            }

            fn endo_multipliers() -> Vec<BigUint> {
                endo_multipliers_of(<$curve as CurveHooks>::ENDO_PARTS)
            }

            fn endo_part_bound() -> BigUint {
                if <$curve as CurveHooks>::ENDO_PARTS == 2 {
                    z_abs() * z_abs() - big(1)
                } else {
                    z_abs()
                }
            }
        }
    };
}

fn endo_multipliers_of(parts: usize) -> Vec<BigUint> {
    if parts == 2 {
        vec![big(1), z_abs() * z_abs() - big(1)]
    } else {
        (0..4u32).map(|i| z_abs().pow(i)).collect()
    }
}

impl_test_curve!(
    G1,
    4096,
    blst::blst_p1,
    blst::blst_p1_affine,
    g1_to_blst,
    p1_from_blst,
    blst_p1s_mult_pippenger,
    blst_p1s_mult_pippenger_scratch_sizeof,
    rand_g1,
    rand_fp,
    Fp
);
impl_test_curve!(
    G2,
    1000,
    blst::blst_p2,
    blst::blst_p2_affine,
    g2_to_blst,
    p2_from_blst,
    blst_p2s_mult_pippenger,
    blst_p2s_mult_pippenger_scratch_sizeof,
    rand_g2,
    rand_fp2,
    Fp2
);

/// `sum_i scalars[i] points[i]` by constant-time multiplications.
pub fn naive<C: MsmCurve>(points: &[Affine<C>], scalars: &[Fr]) -> Jacobian<C> {
    assert_eq!(points.len(), scalars.len());
    points.iter().zip(scalars).fold(Jacobian::identity(), |acc, (p, k)| acc.add(&p.to_projective().mul(k)))
}

/// Up to this many points, [`expected`] cross-checks blst with the naive
/// sum (differential.rs goes up to `NAIVE_MAX` on random inputs).
pub const NAIVE_CHECK: usize = 200;

/// The reference: blst, cross-checked by the naive sum when n is at most
/// `limit`.
pub fn expected_upto<C: TestCurve>(what: &str, points: &[Affine<C>], scalars: &[Fr], limit: usize) -> Jacobian<C> {
    let b = C::blst_msm(points, scalars);
    if points.len() <= limit {
        assert_eq!(naive(points, scalars), b, "{what}: naive sum and blst disagree");
    }
    b
}

/// [`expected_upto`] with the limit [`NAIVE_CHECK`].
pub fn expected<C: TestCurve>(what: &str, points: &[Affine<C>], scalars: &[Fr]) -> Jacobian<C> {
    expected_upto(what, points, scalars, NAIVE_CHECK)
}

/// `n` distinct random points of the group (see the module comment).
pub fn random_points<C: TestCurve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<Affine<C>> {
    let steps: Vec<Jacobian<C>> = (0..16).map(|_| C::blst_random(rng)).collect();
    let mut acc = C::blst_random(rng);
    let mut walk = Vec::with_capacity(n);
    for _ in 0..n {
        acc = acc.add(&steps[rng.gen_range(0..steps.len())]);
        walk.push(acc);
    }
    Jacobian::batch_normalize(&walk)
}

/// `n` random scalars: mostly uniform, some just below r, some with
/// structured limbs (`common::rand_fr`).
pub fn random_scalars(rng: &mut ChaCha20Rng, n: usize) -> Vec<Fr> {
    (0..n).map(|_| rand_fr(rng)).collect()
}

/// A random nonzero scalar.
pub fn nonzero_scalar(rng: &mut impl RngCore) -> Fr {
    loop {
        let s = Fr::random(rng);
        if !bool::from(s.is_zero()) {
            return s;
        }
    }
}

/// `r - 1`.
pub fn r_minus_1() -> Fr {
    Fr::ZERO.sub(&Fr::ONE)
}

/// `sum_i s_i` in Fr.
pub fn sum_scalars(scalars: &[Fr]) -> Fr {
    scalars.iter().fold(Fr::ZERO, |acc, s| acc.add(s))
}

/// A budget, in point additions, for one MSM with a forced window.
pub const WINDOW_BUDGET: usize = 110_000;

/// Whether a forced window of `c` bits fits [`WINDOW_BUDGET`] for `n`
/// points: about (ENDO_BITS / c + 1) (m + 2^c) additions for the m =
/// n ENDO_PARTS points after the split (each window adds every point to
/// a bucket, then sums its 2^(c-1) buckets with two additions each, even
/// when they are empty). Wide windows on few points and narrow ones on
/// many are both slow.
pub fn affordable<C: MsmCurve>(c: u32, n: usize) -> bool {
    let m = n * C::ENDO_PARTS;
    (C::ENDO_BITS / c + 1) as usize * (m + (1usize << c)) <= WINDOW_BUDGET
}

/// Asserts that every way of running our MSM on the inputs gives
/// `expected`: `msm_vartime` (the current pool: 2 threads on the test
/// machine), `msm_vartime_with_threads` on 1 thread when `windows` is
/// empty, and `msm_vartime_with_window` for each width of `windows` that
/// is [`affordable`] (on 1 thread for even widths, 2 for odd ones). The
/// thread counts 0, 1 and 2 on every size are differential.rs's.
#[track_caller]
pub fn check_msm<C: MsmCurve>(
    what: &str,
    points: &[Affine<C>],
    scalars: &[Fr],
    expected: &Jacobian<C>,
    windows: &[u32],
) {
    let n = points.len();
    let got = msm::msm_vartime(points, scalars).unwrap();
    assert_eq!(&got, expected, "{} {what} (n = {n}): msm_vartime", C::NAME);
    if windows.is_empty() {
        let got = msm::msm_vartime_with_threads(points, scalars, 1).unwrap();
        assert_eq!(&got, expected, "{} {what} (n = {n}): 1 thread", C::NAME);
    }
    for &c in windows.iter().filter(|&&c| affordable::<C>(c, n)) {
        let threads = if c % 2 == 0 { 1 } else { 2 };
        let got = msm::msm_vartime_with_window(points, scalars, threads, c).unwrap();
        assert_eq!(&got, expected, "{} {what} (n = {n}): window {c}, {threads} threads", C::NAME);
    }
}

/// Asserts that the call failed with `LengthMismatch { points, scalars }`.
#[track_caller]
pub fn assert_mismatch<C: MsmCurve>(what: &str, got: Result<Jacobian<C>, Error>, points: usize, scalars: usize) {
    match got {
        Err(Error::LengthMismatch { points: p, scalars: s }) if (p, s) == (points, scalars) => {}
        other => panic!(
            "{} {what}: expected Err(LengthMismatch {{ points: {points}, scalars: {scalars} }}), got {other:?}",
            C::NAME
        ),
    }
}
