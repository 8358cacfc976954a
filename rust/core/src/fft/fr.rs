//! The transforms over Fr: the butterfly passes, their order, the threads.
//!
//! Forward (`dif`, natural order in, bit-reversed out): block b of level l
//! (size 2m) becomes (lo + c hi, lo - c hi) with c = fwd[b] (mod.rs).
//! Inverse (`dit_inv`, bit-reversed in, natural out): the levels backwards,
//! (u, v) -> (u + v, (u - v) c^-1) with c^-1 = inv[b], then 1/n.

use crate::arith;
use crate::field::Fr;
use rayon::prelude::*;

/// The Montgomery product the passes run on, chosen once per transform
/// instead of once per product.
trait Kernel: Copy + Send + Sync {
    fn mul(self, a: &Fr, b: &Fr) -> Fr;
}

/// The portable kernel (`arith::montgomery`).
#[derive(Clone, Copy)]
struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn mul(self, a: &Fr, b: &Fr) -> Fr {
        use arith::params::fr::{INV, MODULUS};
        Fr(arith::montgomery::mul_mont(&a.0, &b.0, &MODULUS, INV))
    }
}

/// The x86_64 MULX/ADX kernel; a value exists only once `use_adx()` said
/// the CPU has those instructions ([`with_kernel`]).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Adx(());

#[cfg(target_arch = "x86_64")]
impl Kernel for Adx {
    #[inline(always)]
    fn mul(self, a: &Fr, b: &Fr) -> Fr {
        use arith::params::fr::{INV, MODULUS};
        // SAFETY: an `Adx` is only made after `use_adx()` returned true.
        Fr(unsafe { arith::x86_64::mul_mont_256(&a.0, &b.0, &MODULUS, INV) })
    }
}

/// Calls `$f(kernel, args..)` with the kernel this process uses.
macro_rules! with_kernel {
    ($f:ident($($arg:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        {
            if arith::use_adx() {
                $f(Adx(()), $($arg),*)
            } else {
                $f(Portable, $($arg),*)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            $f(Portable, $($arg),*)
        }
    }};
}

/// Blocks of up to this many values (64 KiB: a core's L1 and a good part of
/// its L2) run all their remaining levels before the next block is touched.
/// The levels above it stream the whole array, two levels a pass.
const BLOCK: usize = 1 << 11;

// ---------------------------------------------------------------------------
// Tables and powers.

/// `[w^brv(b)]` for b < n / 2 (n = 2^log_n, brv over log_n - 1 bits),
/// built by doubling: the entries from 2^l to 2^(l+1) are the first 2^l
/// times w^brv(2^l) = w^(n / 2^(l+2)).
pub(super) fn twiddle_table(w: Fr, log_n: u32) -> Vec<Fr> {
    let half = (1usize << log_n) / 2;
    let mut t = vec![Fr::ZERO; half];
    if half == 0 {
        return t;
    }
    t[0] = Fr::ONE;
    let mut len = 1;
    while len < half {
        // w^(n / (4 len)) = w^(half / (2 len)).
        let step = w.pow_vartime(&[(half / (2 * len)) as u64]);
        let (done, next) = t.split_at_mut(len);
        let next = &mut next[..len];
        with_kernel!(mul_into(next, done, &step));
        len *= 2;
    }
    t
}

/// `dst[i] = src[i] * c`, in parallel for long slices.
fn mul_into<K: Kernel>(k: K, dst: &mut [Fr], src: &[Fr], c: &Fr) {
    const CHUNK: usize = 1 << 12;
    if dst.len() <= CHUNK {
        for (d, s) in dst.iter_mut().zip(src) {
            *d = k.mul(s, c);
        }
    } else {
        dst.par_chunks_mut(CHUNK).zip(src.par_chunks(CHUNK)).for_each(|(d, s)| mul_into(k, d, s, c));
    }
}

/// `[start, start x, ..., start x^(n-1)]`.
pub(super) fn powers(x: Fr, start: Fr, n: usize) -> Vec<Fr> {
    let mut v = vec![Fr::ONE; n];
    scale_by_powers(&mut v, x, start, if n >= 1 << 14 { 0 } else { 1 });
    v
}

/// `values[j] *= start x^j`.
pub(super) fn scale_by_powers(values: &mut [Fr], x: Fr, start: Fr, parts: usize) {
    with_kernel!(scale_by_powers_k(values, x, start, parts))
}

fn scale_by_powers_k<K: Kernel>(k: K, values: &mut [Fr], x: Fr, start: Fr, parts: usize) {
    let n = values.len();
    let parts = parts.clamp(1, n.max(1));
    let chunk = n.div_ceil(parts).max(1);
    let run = |(i, c): (usize, &mut [Fr])| {
        let mut p = k.mul(&start, &x.pow_vartime(&[(i * chunk) as u64]));
        for v in c.iter_mut() {
            *v = k.mul(v, &p);
            p = k.mul(&p, &x);
        }
    };
    if parts == 1 {
        run((0, values));
    } else {
        values.par_chunks_mut(chunk).enumerate().for_each(run);
    }
}

// ---------------------------------------------------------------------------
// Butterflies.

/// Forward radix-2 on block b: `(lo, hi) <- (lo + c hi, lo - c hi)`.
#[inline(always)]
fn fwd2<K: Kernel, const ONE: bool>(k: K, lo: &mut [Fr], hi: &mut [Fr], c: &Fr) {
    for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
        let t = if ONE { *y } else { k.mul(y, c) };
        *y = x.sub(&t);
        *x = x.add(&t);
    }
}

/// Forward radix-4 on block b (levels l and l + 1): quarters a0..a3, twiddles
/// c = fwd[b] for (a0, a2), (a1, a3), then c0 = fwd[2b] for (a0, a1) and
/// c1 = fwd[2b + 1] for (a2, a3). `ONE`: b = 0, where c = c0 = 1.
#[inline(always)]
fn fwd4<K: Kernel, const ONE: bool>(
    k: K,
    q: [&mut [Fr]; 4],
    c: &Fr,
    c0: &Fr,
    c1: &Fr,
) {
    let [q0, q1, q2, q3] = q;
    for (((a0, a1), a2), a3) in q0.iter_mut().zip(q1.iter_mut()).zip(q2.iter_mut()).zip(q3.iter_mut()) {
        let (t2, t3) = if ONE { (*a2, *a3) } else { (k.mul(a2, c), k.mul(a3, c)) };
        let b0 = a0.add(&t2);
        let b2 = a0.sub(&t2);
        let b1 = a1.add(&t3);
        let b3 = a1.sub(&t3);
        let u = if ONE { b1 } else { k.mul(&b1, c0) };
        let v = k.mul(&b3, c1);
        *a0 = b0.add(&u);
        *a1 = b0.sub(&u);
        *a2 = b2.add(&v);
        *a3 = b2.sub(&v);
    }
}

/// Inverse radix-2 on block b: `(u, v) <- (u + v, (u - v) c)`, c = inv[b].
#[inline(always)]
fn inv2<K: Kernel, const ONE: bool>(k: K, lo: &mut [Fr], hi: &mut [Fr], c: &Fr) {
    for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
        let d = x.sub(y);
        *x = x.add(y);
        *y = if ONE { d } else { k.mul(&d, c) };
    }
}

/// Inverse radix-4 on block b: undoes [`fwd4`] (levels l + 1, then l),
/// c = inv[b], c0 = inv[2b], c1 = inv[2b + 1].
#[inline(always)]
fn inv4<K: Kernel, const ONE: bool>(k: K, q: [&mut [Fr]; 4], c: &Fr, c0: &Fr, c1: &Fr) {
    let [q0, q1, q2, q3] = q;
    for (((a0, a1), a2), a3) in q0.iter_mut().zip(q1.iter_mut()).zip(q2.iter_mut()).zip(q3.iter_mut()) {
        let x0 = a0.add(a1);
        let d01 = a0.sub(a1);
        let x1 = if ONE { d01 } else { k.mul(&d01, c0) };
        let x2 = a2.add(a3);
        let x3 = k.mul(&a2.sub(a3), c1);
        *a0 = x0.add(&x2);
        *a1 = x1.add(&x3);
        let d02 = x0.sub(&x2);
        let d13 = x1.sub(&x3);
        *a2 = if ONE { d02 } else { k.mul(&d02, c) };
        *a3 = if ONE { d13 } else { k.mul(&d13, c) };
    }
}

/// The four quarters of a block.
#[inline(always)]
fn quarters(block: &mut [Fr]) -> [&mut [Fr]; 4] {
    let q = block.len() / 4;
    let (a, b) = block.split_at_mut(2 * q);
    let (q0, q1) = a.split_at_mut(q);
    let (q2, q3) = b.split_at_mut(q);
    [q0, q1, q2, q3]
}

// ---------------------------------------------------------------------------
// Passes: one or two levels over consecutive blocks of size `s`, the first
// of them block `b0` of its level.

fn pass_fwd<K: Kernel>(k: K, v: &mut [Fr], s: usize, b0: usize, tw: &[Fr]) {
    for (i, block) in v.chunks_exact_mut(s).enumerate() {
        let b = b0 + i;
        if s >= 4 {
            let (c, c0, c1) = (&tw[b], &tw[2 * b], &tw[2 * b + 1]);
            if b == 0 {
                fwd4::<K, true>(k, quarters(block), c, c0, c1);
            } else {
                fwd4::<K, false>(k, quarters(block), c, c0, c1);
            }
        } else {
            let (lo, hi) = block.split_at_mut(s / 2);
            if b == 0 {
                fwd2::<K, true>(k, lo, hi, &tw[b]);
            } else {
                fwd2::<K, false>(k, lo, hi, &tw[b]);
            }
        }
    }
}

fn pass_inv<K: Kernel>(k: K, v: &mut [Fr], s: usize, b0: usize, tw: &[Fr]) {
    for (i, block) in v.chunks_exact_mut(s).enumerate() {
        let b = b0 + i;
        if s >= 4 {
            let (c, c0, c1) = (&tw[b], &tw[2 * b], &tw[2 * b + 1]);
            if b == 0 {
                inv4::<K, true>(k, quarters(block), c, c0, c1);
            } else {
                inv4::<K, false>(k, quarters(block), c, c0, c1);
            }
        } else {
            let (lo, hi) = block.split_at_mut(s / 2);
            if b == 0 {
                inv2::<K, true>(k, lo, hi, &tw[b]);
            } else {
                inv2::<K, false>(k, lo, hi, &tw[b]);
            }
        }
    }
}

/// The block sizes of the passes of a transform of n values, top down:
/// n, n/4, n/16, ... (radix 4) while the size is at least 4, then 2 if the
/// level count is odd.
fn pass_sizes(n: usize) -> impl Iterator<Item = usize> {
    let mut s = n;
    core::iter::from_fn(move || {
        if s < 2 {
            return None;
        }
        let cur = s;
        s = if s >= 4 { s / 4 } else { s / 2 };
        Some(cur)
    })
}

/// All the passes of sizes `sizes` (each at most `v.len()`) on `v`, whose
/// first block of size `v.len()` is block `b0` of its level.
fn passes_in_block<K: Kernel>(k: K, v: &mut [Fr], sizes: &[usize], b0: usize, tw: &[Fr], fwd: bool) {
    let n = v.len();
    if fwd {
        for &s in sizes {
            pass_fwd(k, v, s, b0 * (n / s), tw);
        }
    } else {
        for &s in sizes.iter().rev() {
            pass_inv(k, v, s, b0 * (n / s), tw);
        }
    }
}

/// A whole transform: the passes over blocks larger than [`BLOCK`] over the
/// whole array (forward: first; inverse: last), each cut into `parts`
/// stripes; the others block by block, the blocks shared among `parts`.
fn transform<K: Kernel>(k: K, v: &mut [Fr], tw: &[Fr], parts: usize, fwd: bool) {
    let n = v.len();
    let sizes: Vec<usize> = pass_sizes(n).collect();
    let split = sizes.iter().position(|&s| s <= BLOCK).unwrap_or(sizes.len());
    let (outer, inner) = sizes.split_at(split);
    let inner_block = inner.first().copied().unwrap_or(1);

    let run_inner = |v: &mut [Fr]| {
        if inner.is_empty() {
            return;
        }
        if parts <= 1 {
            for (b, block) in v.chunks_exact_mut(inner_block).enumerate() {
                passes_in_block(k, block, inner, b, tw, fwd);
            }
        } else {
            v.par_chunks_mut(inner_block)
                .enumerate()
                .with_min_len((n / inner_block).div_ceil(parts))
                .for_each(|(b, block)| passes_in_block(k, block, inner, b, tw, fwd));
        }
    };
    let run_outer = |v: &mut [Fr], s: usize| {
        if parts <= 1 {
            if fwd {
                pass_fwd(k, v, s, 0, tw);
            } else {
                pass_inv(k, v, s, 0, tw);
            }
        } else {
            outer_pass_parallel(k, v, s, tw, parts, fwd);
        }
    };

    if fwd {
        for &s in outer {
            run_outer(v, s);
        }
        run_inner(v);
    } else {
        run_inner(v);
        for &s in outer.iter().rev() {
            run_outer(v, s);
        }
    }
}

/// A radix-4 pass over blocks of size `s > BLOCK` on `parts` threads: each
/// block's quarters cut into matching stripes.
fn outer_pass_parallel<K: Kernel>(k: K, v: &mut [Fr], s: usize, tw: &[Fr], parts: usize, fwd: bool) {
    let blocks = v.len() / s;
    let stripe = (s / 4).div_ceil(parts.div_ceil(blocks)).max(64);
    v.par_chunks_exact_mut(s).enumerate().for_each(|(b, block)| {
        let [q0, q1, q2, q3] = quarters(block);
        let (c, c0, c1) = (&tw[b], &tw[2 * b], &tw[2 * b + 1]);
        q0.par_chunks_mut(stripe)
            .zip(q1.par_chunks_mut(stripe))
            .zip(q2.par_chunks_mut(stripe))
            .zip(q3.par_chunks_mut(stripe))
            .for_each(|(((a0, a1), a2), a3)| {
                let q = [a0, a1, a2, a3];
                match (fwd, b == 0) {
                    (true, true) => fwd4::<K, true>(k, q, c, c0, c1),
                    (true, false) => fwd4::<K, false>(k, q, c, c0, c1),
                    (false, true) => inv4::<K, true>(k, q, c, c0, c1),
                    (false, false) => inv4::<K, false>(k, q, c, c0, c1),
                }
            });
    });
}

// ---------------------------------------------------------------------------
// Entry points.

/// The forward transform, natural order in, bit-reversed out.
pub(super) fn dif(values: &mut [Fr], fwd: &[Fr], parts: usize) {
    with_kernel!(transform(values, fwd, parts, true))
}

/// The inverse transform, bit-reversed order in, natural out, times
/// `scale` (1/n for the inverse proper; the coset inverse folds it into
/// its powers and passes 1).
pub(super) fn dit_inv(values: &mut [Fr], inv: &[Fr], scale: &Fr, parts: usize) {
    with_kernel!(transform(values, inv, parts, false));
    if *scale != Fr::ONE {
        scale_by_powers(values, Fr::ONE, *scale, parts);
    }
}

/// [`super::bit_reverse_permute`].
pub(super) fn bit_reverse(values: &mut [Fr], _parts: usize) {
    super::bit_reverse_permute(values);
}
