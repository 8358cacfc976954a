//! Pippenger's bucket method over the endomorphism-split inputs: signed
//! windows (Booth digits, `curve/recoding.rs`), one bucket accumulation
//! per window (batch_affine.rs), windows shared among threads.

use super::batch_affine::{AffineBuckets, JacobianBuckets};
use super::lanes::{LaneCurve, LaneForms};
use crate::arith::LaneKernel;
use crate::curve::recoding::booth_vartime;
use crate::curve::{Affine, Jacobian};
use core::ops::Range;
use core::sync::atomic::{AtomicUsize, Ordering};
use rayon::prelude::*;

/// How one MSM runs: its windows, as (offset, width) from the bottom.
/// Digits of a window of width c lie in [-2^(c-1), 2^(c-1)] (2^(c-1)
/// buckets: negation is free).
#[derive(Clone, Debug)]
pub(super) struct Plan {
    windows: Vec<(u32, u32)>,
    /// The largest part (its top window may need fewer buckets).
    max: u128,
    /// The kernel of the affine additions (lanes or none): what an affine
    /// addition costs, hence which windows take affine buckets.
    kernel: LaneKernel,
}

impl Plan {
    /// The plan for `n` points whose scalar parts are at most `max`, with
    /// buckets of `bucket_bytes` bytes, affine additions on `kernel`;
    /// `window` forces the width (tests and tuning).
    ///
    /// The signed recoding of a b-bit part needs b + 1 bits of windows (the
    /// top window takes the last carry). They are cut into some number of
    /// windows of as equal widths as possible rather than full windows and
    /// a short top one, so that every window has dense buckets. The number
    /// is the one of least [`cost`]; a forced width c gives
    /// ceil((b + 1) / c) windows. The plan does not depend on the thread
    /// count: [`pippenger`] shares out the windows.
    pub(super) fn new(n: usize, max: u128, window: Option<u32>, bucket_bytes: usize, kernel: LaneKernel) -> Plan {
        let bits = 128 - max.leading_zeros() + 1;
        let count = match window {
            Some(c) => bits.div_ceil(c.clamp(1, 24)),
            None => (1..=bits)
                .filter(|&k| {
                    bits.div_ceil(k) <= MAX_WIDTH
                        && (1usize << (bits.div_ceil(k) - 1)) * bucket_bytes <= MAX_BUCKET_BYTES
                })
                .min_by_key(|&k| cost(n, &Plan::with_count(bits, k, max, kernel)))
                .unwrap_or(bits),
        };
        Plan::with_count(bits, count, max, kernel)
    }

    /// Whether window `w` of `n` points takes affine buckets.
    pub(super) fn affine(&self, n: usize, w: usize) -> bool {
        affine_pays(n, self.buckets(w))
    }

    /// `bits` bits in `count` windows of as equal widths as possible.
    fn with_count(bits: u32, count: u32, max: u128, kernel: LaneKernel) -> Plan {
        let (base, wide) = (bits / count, bits % count);
        let mut windows = Vec::with_capacity(count as usize);
        let mut offset = 0;
        for i in 0..count {
            // The widest windows at the top.
            let width = base + u32::from(i >= count - wide);
            windows.push((offset, width));
            offset += width;
        }
        Plan { windows, max, kernel }
    }

    /// The largest window width.
    fn max_width(&self) -> u32 {
        self.windows.iter().map(|&(_, c)| c).max().unwrap_or(1)
    }

    /// The buckets window `w` uses: 2^(c-1), or fewer in the top window
    /// (its digits are at most the top bits of `max` plus a carry).
    fn buckets(&self, w: usize) -> usize {
        let (offset, c) = self.windows[w];
        let full = 1usize << (c - 1);
        if w + 1 == self.windows.len() {
            let top = self.max.checked_shr(offset).unwrap_or(0);
            full.min(top as usize + 1)
        } else {
            full
        }
    }
}

/// Points per block of a shared window (see [`pippenger`]): about a
/// millisecond of additions, the most by which the threads' ends differ.
const BLOCK: usize = 4096;

/// The widest window considered.
const MAX_WIDTH: u32 = 24;

/// The most memory a window's buckets may take: beyond the second-level
/// cache, each bucket access waits for memory (a window of 2^16 G1
/// buckets takes 6 MB).
const MAX_BUCKET_BYTES: usize = 1536 << 10;

/// The modelled cost of a plan for `n` points, in hundredths of a scalar
/// affine addition with batched inversion: a window with b buckets costs
/// `A (n + b)` when its buckets are affine (n - b additions, the first
/// point of each bucket being free, and 2 per bucket to sum them; `A` the
/// kernel's cost of an affine addition, [`affine_cost`]) and 1.75 n + 4 b
/// when Jacobian (mixed additions cost about 11 products against 6.3; the
/// sum two full additions per bucket). The model agrees with sweeps of the
/// width (`msm_window_sweep` example of the bench crate;
/// docs/PERFORMANCE.md).
fn cost(n: usize, plan: &Plan) -> usize {
    (0..plan.windows.len())
        .map(|w| {
            let b = plan.buckets(w);
            if affine_pays(n, b) {
                affine_cost(plan.kernel) * (n + b)
            } else {
                25 * (7 * n + 16 * b)
            }
        })
        .sum()
}

/// The cost of an affine addition on `kernel`, in hundredths of one on the
/// scalar kernel: the lanes' batched additions measured against the
/// scalar ones (`avx2_lane_throughput` example of the bench crate; the
/// figures are in docs/PERFORMANCE.md), with a margin for the batches'
/// scalar parts.
fn affine_cost(kernel: LaneKernel) -> usize {
    match kernel {
        LaneKernel::Off => 100,
        LaneKernel::Avx2 => 65,
        LaneKernel::Avx512Ifma => 40,
        // The AVX2 kernel on twice the lanes: no cheaper per lane where
        // the CPU splits 512-bit products in two (AMD Zen 4, measured as
        // AVX2's), cheaper where it does not; AVX2's cost is the safe side.
        LaneKernel::Avx512f => 65,
    }
}

/// Whether `n` points go into `b` buckets by affine additions: with fewer
/// buckets the batches (a fraction of the buckets) share an inversion among
/// too few additions, and with fewer points per bucket the sum of the
/// buckets dominates. With the bucket sum's segments sized by
/// `batch_affine::reduce_segments`, the affine windows win on every kernel
/// from 64 buckets and two points per bucket on (swept with `compare msm`
/// from 2^8 to 2^14 points; the figures are in docs/PERFORMANCE.md).
fn affine_pays(n: usize, b: usize) -> bool {
    b >= 64 && n >= 2 * b
}

/// sum_i scalars[i] points[i] by the plan, on `threads` threads (1: the
/// calling thread only; otherwise the current rayon pool).
pub(super) fn pippenger<C: LaneCurve>(
    points: &[Affine<C>],
    scalars: &[u128],
    plan: &Plan,
    threads: usize,
) -> Jacobian<C> {
    let windows = plan.windows.len();
    let size = 1usize << (plan.max_width() - 1);
    // The points' lane forms when the additions run on lanes (made once,
    // read by every window, with the kernel that made them).
    let any_affine = (0..windows).any(|w| plan.affine(points.len(), w));
    let lanes = if any_affine { C::lane_points_on(plan.kernel, points, threads > 1) } else { None };
    let lanes = lanes.as_ref().map(|v| v.as_forms());
    // Whole windows, taken one at a time from a shared counter by
    // whichever thread is free (on the shared host one thread often runs
    // slower than the other for a while, and fixed shares would wait for
    // it), as far as they share evenly; the
    // W mod t windows left over (all of them when there are fewer windows
    // than threads) are shared by the threads that reach them: each takes
    // blocks of BLOCK points from the window's own counter, into its own
    // buckets, until none are left, and the window's sum is the sum of the
    // threads' partial sums. The threads that finish their whole windows
    // first start on the shared ones, the others join as they finish, and
    // all end within about a block of each other. (Cutting each left-over
    // window into t fixed chunks instead left the faster thread idle for a
    // chunk's time.) Thread k goes through the
    // shared windows from the k-th on, so that many threads spread over
    // them instead of all paying a bucket sum in each. (Rounding the window
    // count up to a multiple of t instead meant narrower windows, hence
    // more additions.)
    let n = points.len();
    let whole = if threads <= 1 { windows } else { windows - windows % threads };
    let next = AtomicUsize::new(0);
    let blocks: Vec<AtomicUsize> = (whole..windows).map(|_| AtomicUsize::new(0)).collect();
    let claim = |next: &AtomicUsize| {
        let start = next.fetch_add(BLOCK, Ordering::Relaxed);
        (start < n).then(|| start..(start + BLOCK).min(n))
    };
    let sum = |w: usize, acc: &mut Accumulator<C>, ranges: &mut dyn FnMut() -> Option<Range<usize>>| {
        let (offset, c) = plan.windows[w];
        acc.window_sum(
            points,
            lanes,
            plan.buckets(w),
            plan.affine(points.len(), w),
            |i| booth_vartime(scalars[i], offset, c),
            ranges,
        )
    };
    let share = |k: usize| {
        let mut acc = Accumulator::new(size);
        let mut done = Vec::new();
        loop {
            let w = next.fetch_add(1, Ordering::Relaxed);
            if w >= whole {
                break;
            }
            let mut all = Some(0..n);
            done.push((w, sum(w, &mut acc, &mut || all.take())));
        }
        for j in 0..blocks.len() {
            let j = (k + j) % blocks.len();
            // Nothing left of this window: no buckets to sum.
            let Some(first) = claim(&blocks[j]) else { continue };
            let mut first = Some(first);
            done.push((whole + j, sum(whole + j, &mut acc, &mut || first.take().or_else(|| claim(&blocks[j])))));
        }
        done
    };
    let shares: Vec<Vec<(usize, Jacobian<C>)>> =
        if threads == 1 { vec![share(0)] } else { (0..threads).into_par_iter().map(share).collect() };
    let mut sums = vec![Jacobian::<C>::identity(); windows];
    for (w, s) in shares.into_iter().flatten() {
        sums[w] = sums[w].add(&s);
    }
    // Horner over the windows, from the top: acc = 2^c acc + W_w with c
    // the width of window w (the gap between its offset and the next).
    let mut acc = Jacobian::identity();
    for w in (0..windows).rev() {
        if w + 1 != windows {
            for _ in 0..plan.windows[w].1 {
                acc = acc.double();
            }
        }
        acc = acc.add(&sums[w]);
    }
    acc
}

/// A thread's bucket accumulations, made when first needed: affine
/// buckets for windows with many buckets, Jacobian ones for the others.
struct Accumulator<C: LaneCurve> {
    size: usize,
    affine: Option<AffineBuckets<C>>,
    jacobian: Option<JacobianBuckets<C>>,
}

impl<C: LaneCurve> Accumulator<C> {
    fn new(size: usize) -> Self {
        Accumulator { size, affine: None, jacobian: None }
    }

    fn window_sum(
        &mut self,
        points: &[Affine<C>],
        lanes: Option<LaneForms<'_, C>>,
        buckets: usize,
        affine: bool,
        digit: impl Fn(usize) -> Option<(u32, bool)>,
        ranges: &mut dyn FnMut() -> Option<Range<usize>>,
    ) -> Jacobian<C> {
        meter!(MsmWindow);
        let size = self.size;
        if affine {
            let a = self.affine.get_or_insert_with(|| AffineBuckets::new(size, lanes.map(|l| l.kernel)));
            a.window_sum(points, lanes, buckets, digit, ranges)
        } else {
            let j = self.jacobian.get_or_insert_with(|| JacobianBuckets::new(size));
            j.window_sum(points, buckets, digit, ranges)
        }
    }
}

#[cfg(test)]
mod plan_tests {
    use super::Plan;
    use crate::arith::LaneKernel;

    /// Every plan tiles the b + 1 bits with widths differing by at most one
    /// and keeps the buckets within the cache budget.
    #[test]
    fn plans_tile_the_bits() {
        for lg in 0..=24 {
            for (max, bytes) in [(u128::MAX >> 1, 96usize), (u64::MAX as u128, 192), (1, 96), (0, 96)] {
                let bits = 128 - max.leading_zeros() + 1;
                {
                    let p = Plan::new(1 << lg, max, None, bytes, LaneKernel::Off);
                    let widths: Vec<u32> = p.windows.iter().map(|w| w.1).collect();
                    assert_eq!(widths.iter().sum::<u32>(), bits);
                    let (lo, hi) = (widths.iter().min().unwrap(), widths.iter().max().unwrap());
                    assert!(hi - lo <= 1, "{widths:?}");
                    assert!((1usize << (hi - 1)) * bytes <= super::MAX_BUCKET_BYTES || *hi == 1);
                    let mut offset = 0;
                    for &(o, w) in &p.windows {
                        assert_eq!(o, offset);
                        offset += w;
                    }
                }
            }
        }
    }
}
