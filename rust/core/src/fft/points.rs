//! The transforms with points of G1 or G2 as the values: the butterflies of
//! fr.rs with a scalar multiplication by the twiddle in place of the field
//! product, in natural order in and out.
//!
//! A scalar multiplication costs some thousand field products and a point
//! addition about twenty, so the cost is the count of multiplications:
//! none for the twiddle 1 (block 0 of every level: about n of the
//! (n/2) log2 n butterflies), and the factor 1/n of the inverse is folded
//! into the twiddles of its first level (block size 2), where every `hi`
//! output is multiplied anyway: n/2 + 1 extra multiplications (the `lo`
//! outputs and block 0's `hi`) instead of n. Radix 4 would not save any:
//! it only saves memory passes, which cost nothing next to the products.
//!
//! Multiplications are [`Jacobian::mul_vartime`] (GLV on G1, GLS on G2,
//! wNAF): for points of the prime-order subgroup.

use crate::curve::{Curve, Jacobian};
use crate::field::Fr;
use rayon::prelude::*;

/// One level of butterflies over blocks of size `2 h` with twiddles
/// `tw[b]` (`tw[b] * scale`, for the inverse's first level): forward
/// `(lo, hi) <- (lo + c hi, lo - c hi)`, inverse
/// `(u, v) <- (u + v, (u - v) c)`, and with `scale` the `lo` outputs times
/// it too.
fn level<C: Curve>(v: &mut [Jacobian<C>], h: usize, tw: &[Fr], fwd: bool, scale: Option<&Fr>, parts: usize) {
    let butterfly = |b: usize, x: &mut Jacobian<C>, y: &mut Jacobian<C>| {
        let c = match scale {
            Some(s) => tw[b].mul(s),
            None => tw[b],
        };
        let one = b == 0 && scale.is_none();
        if fwd {
            let t = if one { *y } else { y.mul_vartime(&c) };
            *y = x.sub(&t);
            *x = x.add(&t);
        } else {
            let d = x.sub(y);
            let s = x.add(y);
            *x = match scale {
                Some(k) => s.mul_vartime(k),
                None => s,
            };
            *y = if one { d } else { d.mul_vartime(&c) };
        }
    };
    if parts <= 1 {
        for (b, block) in v.chunks_exact_mut(2 * h).enumerate() {
            let (lo, hi) = block.split_at_mut(h);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                butterfly(b, x, y);
            }
        }
        return;
    }
    let blocks = v.len() / (2 * h);
    // At most about `parts` pieces of work in all.
    let per_block = parts.div_ceil(blocks);
    v.par_chunks_exact_mut(2 * h).enumerate().with_min_len(blocks.div_ceil(parts)).for_each(|(b, block)| {
        let (lo, hi) = block.split_at_mut(h);
        lo.par_iter_mut()
            .zip(hi.par_iter_mut())
            .with_min_len(h.div_ceil(per_block))
            .for_each(|(x, y)| butterfly(b, x, y));
    });
}

/// The forward transform in natural order (levels top down, then the
/// bit-reversal permutation).
pub(super) fn fft<C: Curve>(v: &mut [Jacobian<C>], fwd: &[Fr], parts: usize) {
    let mut h = v.len() / 2;
    while h >= 1 {
        level(v, h, fwd, true, None, parts);
        h /= 2;
    }
    super::bit_reverse_permute(v);
}

/// The inverse transform in natural order, times `scale` (1/n).
pub(super) fn ifft<C: Curve>(v: &mut [Jacobian<C>], inv: &[Fr], scale: &Fr, parts: usize) {
    let n = v.len();
    super::bit_reverse_permute(v);
    if n == 1 {
        // 1/n = 1.
        return;
    }
    let mut h = 1;
    while h < n {
        level(v, h, inv, false, if h == 1 { Some(scale) } else { None }, parts);
        h *= 2;
    }
}
