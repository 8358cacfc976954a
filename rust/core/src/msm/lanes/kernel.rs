//! Which lane kernel serves each curve's MSM: chosen by measurement, once
//! per process and curve, among the kernels the CPU has.
//!
//! The fastest kernel for the batched affine additions is not the same
//! on every CPU: the AVX2 lanes beat the one-at-a-time ADX additions on
//! AMD Zen but barely do, or lose on G2, on Intel server cores, and the
//! IFMA lanes exist only on some CPUs with AVX-512. A CPU feature says
//! what may run, not what is fastest, so on the first MSM (or batched
//! subgroup check) of a curve the candidates ([`LaneKernel::Off`], the
//! one-at-a-time path, and every lane kernel `arith::lane_kernel_allowed`
//! permits) each run the same bucket accumulation: the batched additions
//! of one window of [`CAL_POINTS`] points into [`CAL_BUCKETS`] buckets,
//! the operation the kernels serve, with batches as large as an MSM's
//! windows of that many buckets make, on one thread, [`CAL_ROUNDS`] times
//! interleaved; the best time wins. (The bucket sum included, the lanes
//! would be understated: its fixed costs are scalar.) That is a few
//! thousand additions per curve, once: the choice is cached for the life
//! of the process and visible through `lane_kernels` (feature `internals`).
//!
//! `BLS12_381_BACKEND=avx2` / `=avx512` / `=ifma` forces a kernel (where the CPU has
//! it) and `=adx` / `=portable` turns the lanes off, without measuring;
//! benchmarks can override the choice ([`set_lane_kernel`]).

use super::LaneCurve;
use crate::arith::{self, LaneKernel};
use crate::curve::{G1, G2};
use core::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

/// Points of the calibration's window, per curve (G1, G2: a G2 addition
/// costs about three G1 ones).
const CAL_POINTS: [usize; 2] = [1024, 512];
/// Buckets of the calibration's window, per curve (a batch of half as
/// many additions, as in the MSM's windows of that size).
const CAL_BUCKETS: [usize; 2] = [256, 128];
/// Timed runs per candidate (interleaved; the best counts).
const CAL_ROUNDS: usize = 2;

/// The kernels chosen for each curve's MSM and batched subgroup checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneChoice {
    /// G1's.
    pub g1: LaneKernel,
    /// G2's.
    pub g2: LaneKernel,
}

impl core::fmt::Display for LaneChoice {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "G1 {}, G2 {}", self.g1, self.g2)
    }
}

/// The lane kernels the MSM uses on this machine, G1's and G2's (the
/// first call of each curve may measure the candidates: a few thousand
/// batched additions).
pub fn lane_kernels() -> LaneChoice {
    LaneChoice { g1: kernel_for::<G1>(), g2: kernel_for::<G2>() }
}

/// No override ([`OVERRIDE`]).
const NONE: u8 = 0xff;

/// The kernel [`set_lane_kernel`] imposes on both curves, or [`NONE`].
static OVERRIDE: AtomicU8 = AtomicU8::new(NONE);

/// The measured choice per curve.
static CHOSEN: [OnceLock<LaneKernel>; 2] = [OnceLock::new(), OnceLock::new()];

/// Imposes `kernel` on both curves' MSMs (`None`: back to the measured
/// choice); a kernel the CPU lacks, or any with the lanes off, means
/// `Off`. Returns the kernel now in force for G1. For benchmarks that
/// time the kernels in one process; not to be changed while an MSM runs
/// (each MSM keeps the kernel it started with, so results stay right).
#[cfg(feature = "internals")]
pub fn set_lane_kernel(kernel: Option<LaneKernel>) -> LaneKernel {
    OVERRIDE.store(kernel.map_or(NONE, |k| k as u8), Ordering::Relaxed);
    kernel_for::<G1>()
}

/// The kernel for curve `C`'s next MSM: off with the lanes, else the
/// override, the forced kernel, or the measured one.
pub(crate) fn kernel_for<C: LaneCurve>() -> LaneKernel {
    if !arith::lanes_enabled() {
        return LaneKernel::Off;
    }
    let o = OVERRIDE.load(Ordering::Relaxed);
    if o != NONE {
        let k = LaneKernel::from_u8(o);
        return if arith::lane_kernel_allowed(k) { k } else { LaneKernel::Off };
    }
    if let Some(k) = arith::lane_kernel_forced() {
        return k;
    }
    *CHOSEN[C::SLOT].get_or_init(calibrate::<C>)
}

/// The fastest allowed kernel on a bucket accumulation of curve `C`.
fn calibrate<C: LaneCurve>() -> LaneKernel {
    let candidates: Vec<LaneKernel> = LaneKernel::ALL.into_iter().filter(|&k| arith::lane_kernel_allowed(k)).collect();
    if candidates.len() < 2 {
        return LaneKernel::Off;
    }
    let times = time_candidates::<C>(&candidates, CAL_POINTS[C::SLOT], CAL_BUCKETS[C::SLOT], CAL_ROUNDS);
    let best = (0..candidates.len()).min_by_key(|&j| times[j]).unwrap_or(0);
    candidates[best]
}

/// The best of `rounds` times (nanoseconds) of the bucket accumulation of
/// one window of `n` points into `buckets` buckets (not the bucket sum,
/// whose cost per window is mostly scalar and the same for every kernel),
/// per candidate kernel, the rounds interleaved.
pub(crate) fn time_candidates<C: LaneCurve>(
    candidates: &[LaneKernel],
    n: usize,
    buckets: usize,
    rounds: usize,
) -> Vec<u128> {
    use super::super::batch_affine::AffineBuckets;
    use crate::curve::{Affine, Jacobian};
    // The window: every bucket receives one point per `buckets` points,
    // so that the batches (half as many additions as buckets) fill
    // without conflicts, as in the windows of a large MSM; its points are
    // P, 2P, ..., BASE P for the generator P, repeated (BASE prime to the
    // bucket counts and to their multiples up to the points per bucket,
    // so that no bucket meets the same point twice; the additions' cost
    // does not depend on the points).
    const BASE: usize = 61;
    let g = Affine::<C>::generator();
    let mut p = Jacobian::<C>::from(g);
    let mut multiples = Vec::with_capacity(BASE);
    for _ in 0..BASE {
        multiples.push(p);
        p = p.add_affine(&g);
    }
    let base = Jacobian::batch_normalize(&multiples);
    let points: Vec<Affine<C>> = (0..n).map(|i| base[i % BASE]).collect();
    let digit = |i: usize| Some(((i % buckets) as u32 + 1, (i / buckets) & 1 == 1));
    let forms: Vec<_> = candidates.iter().map(|&k| C::lane_points_on(k, &points, false)).collect();
    let mut accs: Vec<AffineBuckets<C>> =
        forms.iter().map(|f| AffineBuckets::new(buckets, f.as_ref().map(|v| v.as_forms().kernel))).collect();
    let mut best = vec![u128::MAX; candidates.len()];
    for _ in 0..rounds {
        for (j, acc) in accs.iter_mut().enumerate() {
            let lanes = forms[j].as_ref().map(|v| v.as_forms());
            let start = std::time::Instant::now();
            acc.accumulate_only(&points, lanes, buckets, digit, 0..n);
            best[j] = best[j].min(start.elapsed().as_nanos());
        }
    }
    best
}
