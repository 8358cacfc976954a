//! The transforms with points of G1 or G2 as the values: the butterflies of
//! fr.rs with a scalar multiplication by the twiddle in place of the field
//! product, in natural order in and out.
//!
//! A scalar multiplication costs some thousand field products and a point
//! addition about twenty, so the cost is the count of multiplications:
//! none for the twiddle 1 (block 0 of every level: about n of the
//! (n/2) log2 n butterflies), and the factor 1/n of the inverse is folded
//! into the twiddles of its first level (blocks of 2), where every `hi`
//! output is multiplied anyway: n/2 + 1 extra multiplications (the `lo`
//! outputs and block 0's `hi`) instead of n. Radix 4 would not save any:
//! it only saves trips through memory, which cost nothing next to the
//! products.
//!
//! Multiplications are [`Jacobian::mul_vartime`] (GLV on G1, GLS on G2,
//! wNAF): for points of the prime-order subgroup.
//!
//! Threads: level by level, the butterflies with a multiplication (blocks
//! b >= 1, or all of them in the inverse's scaled first level) dealt out in
//! equal shares, one per part; block 0's additions first, on the calling
//! thread. Halving the array among the threads instead would leave the
//! half with block 0 a level's worth of multiplications short (1 / log2 n
//! of the work, but all of it at n = 2, 4, 8).

use crate::curve::{Curve, Jacobian};
use crate::field::Fr;
use rayon::prelude::*;

/// One butterfly with twiddle `c`: forward `(x, y) <- (x + c y, x - c y)`;
/// inverse `(u, v) <- (u + v, (u - v) c)` and, with `scale`, `u + v` times
/// it too (`c` then already includes it). `one`: c = 1.
#[inline]
fn butterfly<C: Curve>(x: &mut Jacobian<C>, y: &mut Jacobian<C>, c: &Fr, one: bool, fwd: bool, scale: Option<&Fr>) {
    if fwd {
        let t = if one { *y } else { y.mul_vartime(c) };
        *y = x.sub(&t);
        *x = x.add(&t);
    } else {
        let d = x.sub(y);
        let s = x.add(y);
        *x = match scale {
            Some(k) => s.mul_vartime(k),
            None => s,
        };
        *y = if one { d } else { d.mul_vartime(c) };
    }
}

/// One level of butterflies over the blocks of size `2 h`, block b with
/// twiddle `tw[b]` (times `scale`, if some, for the inverse's first
/// level), on `parts` threads.
fn level<C: Curve>(v: &mut [Jacobian<C>], h: usize, tw: &[Fr], fwd: bool, scale: Option<&Fr>, parts: usize) {
    let twiddle = |b: usize| match scale {
        Some(s) => (tw[b].mul(s), false),
        None => (tw[b], b == 0),
    };
    if parts <= 1 {
        for (b, block) in v.chunks_exact_mut(2 * h).enumerate() {
            let (c, one) = twiddle(b);
            let (lo, hi) = block.split_at_mut(h);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                butterfly(x, y, &c, one, fwd, scale);
            }
        }
        return;
    }
    let twiddles: Vec<(Fr, bool)> = (0..v.len() / (2 * h)).map(twiddle).collect();
    let mut work = Vec::with_capacity(v.len() / 2);
    for (b, block) in v.chunks_exact_mut(2 * h).enumerate() {
        let (lo, hi) = block.split_at_mut(h);
        for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
            if twiddles[b].1 {
                butterfly(x, y, &twiddles[b].0, true, fwd, scale);
            } else {
                work.push((b, x, y));
            }
        }
    }
    let share = work.len().div_ceil(parts).max(1);
    work.par_iter_mut().with_min_len(share).for_each(|(b, x, y)| {
        let (c, one) = &twiddles[*b];
        butterfly(x, y, c, *one, fwd, scale)
    });
}

/// The forward transform in natural order: the levels top down (natural
/// order in, bit-reversed out), then the permutation.
pub(super) fn fft<C: Curve>(v: &mut [Jacobian<C>], fwd: &[Fr], parts: usize) {
    let mut h = v.len() / 2;
    while h >= 1 {
        level(v, h, fwd, true, None, parts);
        h /= 2;
    }
    super::bit_reverse_permute(v);
}

/// The inverse transform in natural order, times `scale` (1/n): the
/// permutation, then the levels bottom up, the first one scaled.
pub(super) fn ifft<C: Curve>(v: &mut [Jacobian<C>], inv: &[Fr], scale: &Fr, parts: usize) {
    // (n = 1: no level, and 1/n = 1.)
    super::bit_reverse_permute(v);
    let mut h = 1;
    while h < v.len() {
        level(v, h, inv, false, if h == 1 { Some(scale) } else { None }, parts);
        h *= 2;
    }
}

/// `v[j] <- [x^j] v[j]`: the coset forms' scaling (x the shift for the
/// forward transform, its inverse after the inverse one). Index 0 keeps its
/// point (x^0 = 1); the other n - 1 multiplications are dealt out in equal
/// shares on `parts` threads. Variable time.
pub(super) fn scale_by_powers<C: Curve>(v: &mut [Jacobian<C>], x: &Fr, parts: usize) {
    let powers = super::fr::powers(*x, v.len());
    let scale = |(p, k): (&mut Jacobian<C>, &Fr)| *p = p.mul_vartime(k);
    if parts <= 1 || v.len() <= 2 {
        v.iter_mut().zip(&powers).skip(1).for_each(scale);
        return;
    }
    let share = (v.len() - 1).div_ceil(parts).max(1);
    v.par_iter_mut().zip(powers.par_iter()).skip(1).with_min_len(share).for_each(scale);
}
