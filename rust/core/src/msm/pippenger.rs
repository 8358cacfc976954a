//! Pippenger's bucket method over the endomorphism-split inputs: signed
//! windows, one bucket accumulation per window (batch_affine.rs), windows
//! shared among threads.

use super::batch_affine::{AffineBuckets, JacobianBuckets};
use crate::curve::{Affine, Curve, Jacobian};
use rayon::prelude::*;

/// How one MSM runs: its windows, as (offset, width) from the bottom.
/// Digits of a window of width c lie in [-2^(c-1), 2^(c-1)] (2^(c-1)
/// buckets: negation is free).
#[derive(Clone, Debug)]
pub(super) struct Plan {
    windows: Vec<(u32, u32)>,
    /// The largest part (its top window may need fewer buckets).
    max: u128,
}

impl Plan {
    /// The plan for `n` points whose scalar parts are at most `max`, on
    /// `threads` threads; `window` forces the width (tests and tuning).
    ///
    /// The signed recoding of a b-bit part needs b + 1 bits of windows (the
    /// top window takes the last carry). With the width c chosen for `n`,
    /// those b + 1 bits are cut into ceil((b + 1) / c) windows of as equal
    /// widths as possible (c or c - 1 bits), rather than full windows and
    /// a short top one: every window then has dense buckets. With several
    /// threads (and no forced width) the count is rounded up to a multiple
    /// of the thread count, so that the threads get equal shares of windows
    /// (narrower windows, for the same time per thread).
    pub(super) fn new(n: usize, max: u128, window: Option<u32>, threads: usize) -> Plan {
        let c = window.unwrap_or_else(|| window_bits(n)).clamp(1, 24);
        let bits = 128 - max.leading_zeros() + 1;
        let mut count = bits.div_ceil(c);
        let t = threads as u32;
        if window.is_none() && t > 1 && count >= t {
            count = count.next_multiple_of(t).min(bits);
        }
        let (base, wide) = (bits / count, bits % count);
        let mut windows = Vec::with_capacity(count as usize);
        let mut offset = 0;
        for i in 0..count {
            // The widest windows at the top.
            let width = base + u32::from(i >= count - wide);
            windows.push((offset, width));
            offset += width;
        }
        Plan { windows, max }
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

/// The window width for `n` points (measured: see `tune` in the bench
/// crate's examples).
fn window_bits(n: usize) -> u32 {
    let lg = usize::BITS - 1 - n.max(1).leading_zeros();
    lg.saturating_sub(3).max(2)
}

/// The digit of `s` in the window of width `c` at `offset`, in the signed
/// recoding, as (|d|, d < 0), `None` for zero: d = v + b - 2^c t, where v
/// holds bits offset .. offset + c - 1 of s, b is bit offset - 1 (the carry
/// of the window below) and t the top bit of v. Over windows that tile
/// bits 0 .. m - 1 the sum of d 2^offset is s when s < 2^(m - 1).
#[inline(always)]
fn digit(s: u128, offset: u32, c: u32) -> Option<(u32, bool)> {
    let v = (s.checked_shr(offset).unwrap_or(0) as u64) & ((1u64 << c) - 1);
    let carry = if offset == 0 { 0 } else { (s >> (offset - 1)) as u64 & 1 };
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
    plan: &Plan,
    threads: usize,
) -> Jacobian<C> {
    let windows = plan.windows.len();
    let size = 1usize << (plan.max_width() - 1);
    // Tasks: (window, chunk of the points). More chunks than one only when
    // there are more threads than windows.
    let chunks = if threads > 1 { threads.div_ceil(windows) } else { 1 };
    let chunk_len = points.len().div_ceil(chunks).max(1);
    let task = |w: usize, k: usize, acc: &mut Accumulator<C>| -> Jacobian<C> {
        let start = (k * chunk_len).min(points.len());
        let end = (start + chunk_len).min(points.len());
        let (pts, sc) = (&points[start..end], &scalars[start..end]);
        let (offset, c) = plan.windows[w];
        acc.window_sum(pts, plan.buckets(w), |i| digit(sc[i], offset, c))
    };
    let tasks: Vec<(usize, usize)> =
        (0..windows).flat_map(|w| (0..chunks).map(move |k| (w, k))).collect();
    let sums: Vec<Jacobian<C>> = if threads == 1 {
        let mut acc = Accumulator::new(size);
        tasks.iter().map(|&(w, k)| task(w, k, &mut acc)).collect()
    } else {
        tasks
            .par_iter()
            .map_init(|| Accumulator::new(size), |acc, &(w, k)| task(w, k, acc))
            .collect()
    };
    // Horner over the windows, from the top: acc = 2^c acc + W_w with c
    // the width of window w (the gap between its offset and the next).
    let mut acc = Jacobian::identity();
    for w in (0..windows).rev() {
        if w + 1 != windows {
            for _ in 0..plan.windows[w].1 {
                acc = acc.double();
            }
        }
        for s in &sums[w * chunks..(w + 1) * chunks] {
            acc = acc.add(s);
        }
    }
    acc
}

/// A thread's bucket accumulations, made when first needed: affine
/// buckets for windows with many buckets, Jacobian ones for the others.
struct Accumulator<C: Curve> {
    size: usize,
    affine: Option<AffineBuckets<C>>,
    jacobian: Option<JacobianBuckets<C>>,
}

/// Fewest buckets for the affine accumulation: its batches hold a fraction
/// of the buckets, and smaller batches share an inversion among too few
/// additions to beat Jacobian buckets.
const AFFINE_MIN_BUCKETS: usize = 256;

impl<C: Curve> Accumulator<C> {
    fn new(size: usize) -> Self {
        Accumulator { size, affine: None, jacobian: None }
    }

    fn window_sum(
        &mut self,
        points: &[Affine<C>],
        buckets: usize,
        digit: impl Fn(usize) -> Option<(u32, bool)>,
    ) -> Jacobian<C> {
        let size = self.size;
        if buckets >= AFFINE_MIN_BUCKETS && points.len() >= 4 * buckets {
            let a = self.affine.get_or_insert_with(|| AffineBuckets::new(size));
            a.window_sum(points, buckets, digit)
        } else {
            let j = self.jacobian.get_or_insert_with(|| JacobianBuckets::new(size));
            j.window_sum(points, buckets, digit)
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
                let plan = Plan::new(1, u128::MAX, Some(c), 1);
                // The sum of d_w 2^(c w) as a signed 256-bit value, in two u128 halves.
                let mut lo: u128 = 0;
                let mut hi: i128 = 0;
                for &(shift, c) in &plan.windows {
                    if let Some((abs, neg)) = digit(s, shift, c) {
                        assert!(abs <= 1 << (c - 1), "digit too large");
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
