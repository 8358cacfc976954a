//! Pippenger's bucket method over the endomorphism-split inputs: signed
//! windows, one bucket accumulation per window (batch_affine.rs), windows
//! shared among threads.

use super::batch_affine::{AffineBuckets, JacobianBuckets};
use crate::curve::{Affine, Curve, Jacobian};
use rayon::prelude::*;

/// How one MSM runs: the window width c (digits in [-2^(c-1), 2^(c-1)],
/// 2^(c-1) buckets), the number of windows, the bucket accumulation and
/// its batch size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    pub(super) window: u32,
    pub(super) windows: u32,
    pub(super) affine: bool,
    pub(super) batch: usize,
}

impl Plan {
    /// The plan for `n` points with scalars of at most `bits` bits; `window`
    /// forces the width (tests and tuning).
    pub(super) fn new(n: usize, bits: u32, window: Option<u32>) -> Plan {
        let c = window.unwrap_or_else(|| window_bits(n)).clamp(1, 24);
        // floor(bits / c) + 1 windows: the top one holds bits mod c < c bits
        // plus the carry of the signed recoding, hence never overflows.
        let windows = bits / c + 1;
        let buckets = 1usize << (c - 1);
        let affine = buckets >= 16 && n >= 4 * buckets;
        let batch = (buckets / 8).clamp(8, 512);
        Plan { window: c, windows, affine, batch }
    }
}

/// The window width for `n` points (measured: see `tune` in the bench
/// crate's examples).
fn window_bits(n: usize) -> u32 {
    let lg = usize::BITS - 1 - n.max(1).leading_zeros();
    lg.saturating_sub(3).max(2)
}

/// Digit `w` of `s` in the signed recoding of width `c`, as (|d|, d < 0),
/// `None` for zero: d = v + b - 2^c t, where v holds bits c w .. c w + c - 1
/// of s, b is bit c w - 1 (the carry of the window below) and t the top
/// bit of v. The sum of d_w 2^(c w) is s when s < 2^(c windows - 1).
#[inline(always)]
fn digit(s: u128, w: u32, c: u32) -> Option<(u32, bool)> {
    let shift = c * w;
    let v = (s.checked_shr(shift).unwrap_or(0) as u64) & ((1u64 << c) - 1);
    let carry = if w == 0 { 0 } else { (s >> (shift - 1)) as u64 & 1 };
    let d = (v + carry) as i64 - (((v >> (c - 1)) as i64) << c);
    match d {
        0 => None,
        d => Some((d.unsigned_abs() as u32, d < 0)),
    }
}

/// sum_i scalars[i] points[i] by the plan, on `threads` threads (1: the
/// calling thread only; otherwise the current rayon pool).
pub(super) fn pippenger<C: Curve>(
    points: &[Affine<C>],
    scalars: &[u128],
    plan: Plan,
    threads: usize,
) -> Jacobian<C> {
    let Plan { window: c, windows, .. } = plan;
    let buckets = 1usize << (c - 1);
    // Tasks: (window, chunk of the points). More chunks than one only when
    // there are more threads than windows.
    let chunks = if threads > 1 { threads.div_ceil(windows as usize) } else { 1 };
    let chunk_len = points.len().div_ceil(chunks).max(1);
    let task = |w: u32, k: usize, acc: &mut Accumulator<C>| -> Jacobian<C> {
        let start = (k * chunk_len).min(points.len());
        let end = (start + chunk_len).min(points.len());
        let (pts, sc) = (&points[start..end], &scalars[start..end]);
        acc.window_sum(pts, |i| digit(sc[i], w, c))
    };
    let tasks: Vec<(u32, usize)> =
        (0..windows).flat_map(|w| (0..chunks).map(move |k| (w, k))).collect();
    let sums: Vec<Jacobian<C>> = if threads == 1 {
        let mut acc = Accumulator::new(plan, buckets);
        tasks.iter().map(|&(w, k)| task(w, k, &mut acc)).collect()
    } else {
        tasks
            .par_iter()
            .map_init(|| Accumulator::new(plan, buckets), |acc, &(w, k)| task(w, k, acc))
            .collect()
    };
    // Horner over the windows, from the top: acc = 2^c acc + W_w.
    let mut acc = Jacobian::identity();
    for w in (0..windows as usize).rev() {
        if w + 1 != windows as usize {
            for _ in 0..c {
                acc = acc.double();
            }
        }
        for s in &sums[w * chunks..(w + 1) * chunks] {
            acc = acc.add(s);
        }
    }
    acc
}

/// The bucket accumulation a plan chose.
enum Accumulator<C: Curve> {
    Affine(AffineBuckets<C>),
    Jacobian(JacobianBuckets<C>),
}

impl<C: Curve> Accumulator<C> {
    fn new(plan: Plan, buckets: usize) -> Self {
        if plan.affine {
            Accumulator::Affine(AffineBuckets::new(buckets, plan.batch))
        } else {
            Accumulator::Jacobian(JacobianBuckets::new(buckets))
        }
    }

    fn window_sum(
        &mut self,
        points: &[Affine<C>],
        digit: impl Fn(usize) -> Option<(u32, bool)>,
    ) -> Jacobian<C> {
        match self {
            Accumulator::Affine(a) => a.window_sum(points, digit),
            Accumulator::Jacobian(j) => j.window_sum(points, digit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_recompose() {
        let samples = [0u128, 1, 2, 3, 0x7f, 0x80, u64::MAX as u128, (1 << 127) + 12345, u128::MAX >> 1, u128::MAX];
        for &s in &samples {
            for c in 1..=20 {
                let windows = 128 / c + 1;
                // The sum of d_w 2^(c w) as a signed 256-bit value, in two u128 halves.
                let mut lo: u128 = 0;
                let mut hi: i128 = 0;
                for w in 0..windows {
                    if let Some((abs, neg)) = digit(s, w, c) {
                        assert!(abs <= 1 << (c - 1), "digit too large");
                        let shift = c * w;
                        let (dlo, dhi) = if shift >= 128 {
                            (0u128, (abs as i128) << (shift - 128))
                        } else {
                            let v = (abs as u128) << shift;
                            let h = if shift == 0 { 0 } else { (abs as u128 >> (128 - shift)) as i128 };
                            (v, h)
                        };
                        if neg {
                            let (l, borrow) = lo.overflowing_sub(dlo);
                            lo = l;
                            hi = hi - dhi - borrow as i128;
                        } else {
                            let (l, carry) = lo.overflowing_add(dlo);
                            lo = l;
                            hi = hi + dhi + carry as i128;
                        }
                    }
                }
                assert_eq!((lo, hi), (s, 0), "s = {s:#x}, c = {c}");
            }
        }
    }
}
