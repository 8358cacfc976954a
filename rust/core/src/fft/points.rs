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
//! Threads: a block's level is cut into stripes, one per part, and its two
//! halves then run side by side with half the parts each (depth first), so
//! that the threads meet once per level only while blocks are shared.

use crate::curve::{Curve, Jacobian};
use crate::field::Fr;
use rayon::prelude::*;

/// The butterflies of one block (halves `lo`, `hi`) with twiddle `c`:
/// forward `(lo, hi) <- (lo + c hi, lo - c hi)`; inverse
/// `(u, v) <- (u + v, (u - v) c)` and, with `scale`, the `lo` outputs
/// times it too (`c` then already includes it). `one`: c = 1.
fn butterflies<C: Curve>(
    lo: &mut [Jacobian<C>],
    hi: &mut [Jacobian<C>],
    c: &Fr,
    one: bool,
    fwd: bool,
    scale: Option<&Fr>,
) {
    for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
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
}

/// The level of block `b` (`v`, its values) on `parts` threads.
fn level<C: Curve>(v: &mut [Jacobian<C>], b: usize, tw: &[Fr], fwd: bool, scale: Option<&Fr>, parts: usize) {
    let h = v.len() / 2;
    let (c, one) = match scale {
        Some(s) => (tw[b].mul(s), false),
        None => (tw[b], b == 0),
    };
    let (lo, hi) = v.split_at_mut(h);
    if parts <= 1 {
        butterflies(lo, hi, &c, one, fwd, scale);
    } else {
        let stripe = h.div_ceil(parts);
        lo.par_chunks_mut(stripe)
            .zip(hi.par_chunks_mut(stripe))
            .for_each(|(l, r)| butterflies(l, r, &c, one, fwd, scale));
    }
}

/// Runs `f(half, index, parts)` on the two halves of `v`, side by side
/// when `parts > 1` (the parts shared between them).
fn halves<C: Curve>(v: &mut [Jacobian<C>], parts: usize, f: impl Fn(&mut [Jacobian<C>], usize, usize) + Sync) {
    let (lo, hi) = v.split_at_mut(v.len() / 2);
    if parts <= 1 {
        f(lo, 0, 1);
        f(hi, 1, 1);
    } else {
        rayon::join(|| f(lo, 0, parts.div_ceil(2)), || f(hi, 1, parts / 2));
    }
}

/// The forward transform of block `b` of its level, natural order in,
/// bit-reversed out.
fn fwd_rec<C: Curve>(v: &mut [Jacobian<C>], b: usize, tw: &[Fr], parts: usize) {
    if v.len() < 2 {
        return;
    }
    level(v, b, tw, true, None, parts);
    halves(v, parts, |half, i, p| fwd_rec(half, 2 * b + i, tw, p));
}

/// The inverse of [`fwd_rec`], the levels of blocks of 2 times `scale`.
fn inv_rec<C: Curve>(v: &mut [Jacobian<C>], b: usize, tw: &[Fr], scale: &Fr, parts: usize) {
    match v.len() {
        0 | 1 => {}
        2 => level(v, b, tw, false, Some(scale), 1),
        _ => {
            halves(v, parts, |half, i, p| inv_rec(half, 2 * b + i, tw, scale, p));
            level(v, b, tw, false, None, parts);
        }
    }
}

/// The forward transform in natural order.
pub(super) fn fft<C: Curve>(v: &mut [Jacobian<C>], fwd: &[Fr], parts: usize) {
    fwd_rec(v, 0, fwd, parts);
    super::bit_reverse_permute(v);
}

/// The inverse transform in natural order, times `scale` (1/n).
pub(super) fn ifft<C: Curve>(v: &mut [Jacobian<C>], inv: &[Fr], scale: &Fr, parts: usize) {
    // (n = 1: nothing to do, 1/n = 1.)
    super::bit_reverse_permute(v);
    inv_rec(v, 0, inv, scale, parts);
}
