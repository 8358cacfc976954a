//! The transforms over Fr: the butterfly passes, their order, the threads.
//!
//! Forward (`dif`, natural order in, bit-reversed out): block b of level l
//! (size 2m) becomes (lo + c hi, lo - c hi) with c = fwd[b] (mod.rs).
//! Inverse (`dit_inv`, bit-reversed in, natural out): the levels backwards,
//! (u, v) -> (u + v, (u - v) c^-1) with c^-1 = inv[b], then 1/n.
//!
//! What the cost is made of: one Montgomery product per butterfly (none in
//! block 0, whose twiddle is 1) and two modular additions, so the product
//! kernel sets the pace; it is chosen once per transform (`field::direct::FrMul`),
//! not once per product. The passes take two levels at a time (radix 4:
//! the same products as two radix-2 levels, since multiplying by the
//! fourth root of unity is a full product in Fr, but half the loads and
//! stores), and the array is walked depth first so that only the first
//! pass streams it from memory ([`BLOCK`]). Radix 8 or split radix would
//! not save products either.

#[cfg(target_arch = "x86_64")]
use crate::field::direct::FrAdx;
use crate::field::direct::{FrMul, FrPortable};
use crate::field::Fr;
use rayon::prelude::*;

/// Calls `$f(kernel, args..)` with the kernel this process uses.
macro_rules! with_kernel {
    ($f:ident($($arg:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(k) = FrAdx::new() {
                $f(k, $($arg),*)
            } else {
                $f(FrPortable, $($arg),*)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            $f(FrPortable, $($arg),*)
        }
    }};
}

/// Blocks of up to this many values (64 KiB, within a core's L2) run all
/// their levels pass by pass; larger blocks take one radix-4 pass and then
/// their quarters one after the other, depth first, so that after the
/// first pass over the whole array each quarter's passes find it in a
/// nearer cache. (2^9 to 2^13 measured alike at 2^16 and 2^20; depth
/// first against level by level was the difference at 2^20.)
const BLOCK: usize = 1 << 11;

// ---------------------------------------------------------------------------
// Tables and powers.

/// `[w^brv(b)]` for b < n / 2 (n = 2^log_n, brv over log_n - 1 bits),
/// built by doubling: the entries from 2^l to 2^(l+1) are the first 2^l
/// times w^brv(2^l) = w^(n / 2^(l+2)).
/// On rayon's pool unless `parts` is 1.
pub(super) fn twiddle_table(w: Fr, log_n: u32, parts: usize) -> Vec<Fr> {
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
        with_kernel!(mul_into(next, done, &step, parts));
        len *= 2;
    }
    t
}

/// `dst[i] = src[i] * c`, in parallel for long slices unless `parts` is 1.
fn mul_into<K: FrMul>(k: K, dst: &mut [Fr], src: &[Fr], c: &Fr, parts: usize) {
    const CHUNK: usize = 1 << 12;
    if dst.len() <= CHUNK || parts == 1 {
        for (d, s) in dst.iter_mut().zip(src) {
            *d = k.mul(s, c);
        }
    } else {
        dst.par_chunks_mut(CHUNK).zip(src.par_chunks(CHUNK)).for_each(|(d, s)| mul_into(k, d, s, c, 1));
    }
}

/// `[1, x, ..., x^(n-1)]`.
pub(super) fn powers(x: Fr, n: usize) -> Vec<Fr> {
    let mut v = vec![Fr::ONE; n];
    with_kernel!(powers_k(&mut v, x, if n >= 1 << 14 { 0 } else { 1 }));
    v
}

fn powers_k<K: FrMul>(k: K, values: &mut [Fr], x: Fr, parts: usize) {
    let chunk = values.len().div_ceil(super::parts(parts)).max(1);
    let run = |(i, c): (usize, &mut [Fr])| {
        let mut p = x.pow_vartime(&[(i * chunk) as u64]);
        for v in c.iter_mut() {
            *v = p;
            p = k.mul(&p, &x);
        }
    };
    if parts == 1 {
        values.chunks_mut(chunk).enumerate().for_each(run);
    } else {
        values.par_chunks_mut(chunk).enumerate().for_each(run);
    }
}

/// `values[j] *= start x^j` (two products a value, as a separate pass: the
/// coset forms only).
pub(super) fn scale_by_powers(values: &mut [Fr], x: Fr, start: Fr, parts: usize) {
    with_kernel!(scale_by_powers_k(values, x, start, parts))
}

fn scale_by_powers_k<K: FrMul>(k: K, values: &mut [Fr], x: Fr, start: Fr, parts: usize) {
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
fn fwd2<K: FrMul, const ONE: bool>(k: K, lo: &mut [Fr], hi: &mut [Fr], c: &Fr) {
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
fn fwd4<K: FrMul, const ONE: bool>(k: K, q: [&mut [Fr]; 4], c: &Fr, c0: &Fr, c1: &Fr) {
    let [q0, q1, q2, q3] = q;
    for (((a0, a1), a2), a3) in q0.iter_mut().zip(q1.iter_mut()).zip(q2.iter_mut()).zip(q3.iter_mut()) {
        fwd4_one::<K, ONE>(k, [a0, a1, a2, a3], c, c0, c1);
    }
}

/// One butterfly of [`fwd4`].
#[inline(always)]
fn fwd4_one<K: FrMul, const ONE: bool>(k: K, a: [&mut Fr; 4], c: &Fr, c0: &Fr, c1: &Fr) {
    let [a0, a1, a2, a3] = a;
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

/// Inverse radix-2 on block b: `(u, v) <- (u + v, (u - v) c)`, c = inv[b].
/// `SCALED` (block 0 of the last level, c = 1): both outputs divided by
/// 2^`log` as well.
#[inline(always)]
fn inv2<K: FrMul, const ONE: bool, const SCALED: bool>(k: K, lo: &mut [Fr], hi: &mut [Fr], c: &Fr, log: u32) {
    for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
        let d = x.sub(y);
        let t = x.add(y);
        *x = if SCALED { t.div_pow2(log) } else { t };
        *y = if SCALED {
            d.div_pow2(log)
        } else if ONE {
            d
        } else {
            k.mul(&d, c)
        };
    }
}

/// Inverse radix-4 on block b: undoes [`fwd4`] (levels l + 1, then l),
/// c = inv[b], c0 = inv[2b], c1 = inv[2b + 1]. `SCALED` (block 0 of the
/// last pass, where c = c0 = 1): the outputs divided by 2^`log` as well
/// (the 1/n of the inverse), by dividing the four values between the two
/// levels: three divisions by 2^`log` ([`Fr::div_pow2`], a fraction of a
/// product) and `c1` premultiplied by 2^-`log`, where a pass of its own
/// would take four products per four values and a trip through memory.
#[inline(always)]
fn inv4<K: FrMul, const ONE: bool, const SCALED: bool>(k: K, q: [&mut [Fr]; 4], c: &Fr, c0: &Fr, c1: &Fr, log: u32) {
    let [q0, q1, q2, q3] = q;
    for (((a0, a1), a2), a3) in q0.iter_mut().zip(q1.iter_mut()).zip(q2.iter_mut()).zip(q3.iter_mut()) {
        inv4_one::<K, ONE, SCALED>(k, [a0, a1, a2, a3], c, c0, c1, log);
    }
}

/// One butterfly of [`inv4`].
#[inline(always)]
fn inv4_one<K: FrMul, const ONE: bool, const SCALED: bool>(k: K, a: [&mut Fr; 4], c: &Fr, c0: &Fr, c1: &Fr, log: u32) {
    let [a0, a1, a2, a3] = a;
    let (x0, d01, x2) = (a0.add(a1), a0.sub(a1), a2.add(a3));
    let (x0, x2) = if SCALED { (x0.div_pow2(log), x2.div_pow2(log)) } else { (x0, x2) };
    let x1 = if SCALED {
        d01.div_pow2(log)
    } else if ONE {
        d01
    } else {
        k.mul(&d01, c0)
    };
    let x3 = k.mul(&a2.sub(a3), c1);
    *a0 = x0.add(&x2);
    *a1 = x1.add(&x3);
    let d02 = x0.sub(&x2);
    let d13 = x1.sub(&x3);
    *a2 = if ONE { d02 } else { k.mul(&d02, c) };
    *a3 = if ONE { d13 } else { k.mul(&d13, c) };
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

/// The forward radix-4 butterflies of block `b` on matching stretches of
/// its quarters.
#[inline(always)]
fn fwd4_block<K: FrMul>(k: K, q: [&mut [Fr]; 4], b: usize, tw: &[Fr]) {
    let (c, c0, c1) = (&tw[b], &tw[2 * b], &tw[2 * b + 1]);
    if b == 0 {
        fwd4::<K, true>(k, q, c, c0, c1)
    } else {
        fwd4::<K, false>(k, q, c, c0, c1)
    }
}

/// The inverse radix-4 butterflies of block `b`; with `scale` (block 0 of
/// the last pass only: 1/n = 2^-`log`, n the whole array's length) divided
/// by n as well.
#[inline(always)]
fn inv4_block<K: FrMul>(k: K, q: [&mut [Fr]; 4], b: usize, tw: &[Fr], scale: Option<(&Fr, u32)>) {
    let (c, c0, c1) = (&tw[b], &tw[2 * b], &tw[2 * b + 1]);
    match scale {
        Some((s, log)) => inv4::<K, true, true>(k, q, c, c0, &k.mul(c1, s), log),
        None if b == 0 => inv4::<K, true, false>(k, q, c, c0, c1, 0),
        None => inv4::<K, false, false>(k, q, c, c0, c1, 0),
    }
}

// ---------------------------------------------------------------------------
// Passes: one or two levels over the consecutive blocks of size `s` in `v`,
// the first of them block `b0` of its level.

fn pass_fwd<K: FrMul>(k: K, v: &mut [Fr], s: usize, b0: usize, tw: &[Fr]) {
    if s == 4 && b0 > 0 {
        // The last radix-4 level, four values a block: straight through,
        // without the quarters' slices.
        for (i, block) in v.chunks_exact_mut(4).enumerate() {
            let b = b0 + i;
            if let [a0, a1, a2, a3] = block {
                fwd4_one::<K, false>(k, [a0, a1, a2, a3], &tw[b], &tw[2 * b], &tw[2 * b + 1]);
            }
        }
        return;
    }
    for (i, block) in v.chunks_exact_mut(s).enumerate() {
        let b = b0 + i;
        if s >= 4 {
            fwd4_block(k, quarters(block), b, tw);
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

/// `scale`: 1/n and log2 n, only with `b0 = 0` and `s = v.len() = n` (the
/// last pass).
fn pass_inv<K: FrMul>(k: K, v: &mut [Fr], s: usize, b0: usize, tw: &[Fr], scale: Option<(&Fr, u32)>) {
    if s == 4 && b0 > 0 {
        // As in `pass_fwd`.
        for (i, block) in v.chunks_exact_mut(4).enumerate() {
            let b = b0 + i;
            if let [a0, a1, a2, a3] = block {
                inv4_one::<K, false, false>(k, [a0, a1, a2, a3], &tw[b], &tw[2 * b], &tw[2 * b + 1], 0);
            }
        }
        return;
    }
    for (i, block) in v.chunks_exact_mut(s).enumerate() {
        let b = b0 + i;
        if s >= 4 {
            inv4_block(k, quarters(block), b, tw, scale);
        } else {
            let (lo, hi) = block.split_at_mut(s / 2);
            match scale {
                Some((_, log)) => inv2::<K, true, true>(k, lo, hi, &tw[b], log),
                None if b == 0 => inv2::<K, true, false>(k, lo, hi, &tw[b], 0),
                None => inv2::<K, false, false>(k, lo, hi, &tw[b], 0),
            }
        }
    }
}

/// The next pass size below `s`: radix 4 while it can, radix 2 for an odd
/// level left over (at the bottom, blocks of 2).
fn next_size(s: usize) -> usize {
    if s >= 4 {
        s / 4
    } else {
        s / 2
    }
}

/// One radix-4 pass over the single block `v` (block `b`, larger than
/// [`BLOCK`]), its quarters cut into `parts` matching stripes.
fn striped_pass<K: FrMul>(k: K, v: &mut [Fr], b: usize, tw: &[Fr], parts: usize, scale: Option<(&Fr, u32)>, fwd: bool) {
    let [q0, q1, q2, q3] = quarters(v);
    let stripe = q0.len().div_ceil(parts).max(1);
    q0.par_chunks_mut(stripe)
        .zip(q1.par_chunks_mut(stripe))
        .zip(q2.par_chunks_mut(stripe))
        .zip(q3.par_chunks_mut(stripe))
        .for_each(|(((a0, a1), a2), a3)| {
            if fwd {
                fwd4_block(k, [a0, a1, a2, a3], b, tw)
            } else {
                inv4_block(k, [a0, a1, a2, a3], b, tw, scale)
            }
        });
}

/// Runs `f(i, quarter, parts)` on the four quarters of `v` on `parts`
/// threads: each on `parts / 4` of them from 4 up, else the quarters
/// shared among `parts` tasks.
fn for_quarters(v: &mut [Fr], parts: usize, f: impl Fn(usize, &mut [Fr], usize) + Sync + Send) {
    let q = v.len() / 4;
    if parts <= 1 {
        for (i, c) in v.chunks_mut(q).enumerate() {
            f(i, c, 1);
        }
    } else if parts >= 4 {
        v.par_chunks_mut(q).enumerate().for_each(|(i, c)| f(i, c, parts / 4));
    } else {
        v.par_chunks_mut(q).enumerate().with_min_len(4usize.div_ceil(parts)).for_each(|(i, c)| f(i, c, 1));
    }
}

/// The forward transform of block `b` of its level (`v`, its values):
/// blocks up to [`BLOCK`] pass by pass (they stay in cache), larger ones
/// one radix-4 pass and then each quarter in turn, depth first, so that a
/// quarter's next passes find it in a nearer cache than the whole array.
fn fwd_rec<K: FrMul>(k: K, v: &mut [Fr], b: usize, tw: &[Fr], parts: usize) {
    let n = v.len();
    if n <= BLOCK {
        let mut s = n;
        while s >= 2 {
            pass_fwd(k, v, s, b * (n / s), tw);
            s = next_size(s);
        }
        return;
    }
    if parts > 1 {
        striped_pass(k, v, b, tw, parts, None, true);
    } else {
        pass_fwd(k, v, n, b, tw);
    }
    for_quarters(v, parts, |i, c, p| fwd_rec(k, c, 4 * b + i, tw, p));
}

/// The inverse of [`fwd_rec`] (the passes in the opposite order), the last
/// pass divided by n if `scale` (1/n, log2 n) is some (only for the whole
/// array, b = 0).
fn inv_rec<K: FrMul>(k: K, v: &mut [Fr], b: usize, tw: &[Fr], parts: usize, scale: Option<(&Fr, u32)>) {
    let n = v.len();
    if n <= BLOCK {
        let mut sizes = [0usize; usize::BITS as usize];
        let mut count = 0;
        let mut s = n;
        while s >= 2 {
            sizes[count] = s;
            count += 1;
            s = next_size(s);
        }
        for (j, &s) in sizes[..count].iter().enumerate().rev() {
            pass_inv(k, v, s, b * (n / s), tw, if j == 0 { scale } else { None });
        }
        // (n = 1: no pass, and 1/n = 1.)
        return;
    }
    for_quarters(v, parts, |i, c, p| inv_rec(k, c, 4 * b + i, tw, p, None));
    if parts > 1 {
        striped_pass(k, v, b, tw, parts, scale, false);
    } else {
        pass_inv(k, v, n, b, tw, scale);
    }
}

// ---------------------------------------------------------------------------
// Entry points.

/// The forward transform, natural order in, bit-reversed out.
pub(super) fn dif(values: &mut [Fr], fwd: &[Fr], parts: usize) {
    with_kernel!(fwd_rec(values, 0, fwd, parts))
}

/// The inverse transform, bit-reversed order in, natural out, divided by
/// n when `scale` is 1/n (the inverse proper; the coset inverse passes
/// none and folds 1/n into its powers).
pub(super) fn dit_inv(values: &mut [Fr], inv: &[Fr], scale: Option<&Fr>, parts: usize) {
    let scale = scale.map(|s| (s, values.len().trailing_zeros()));
    with_kernel!(inv_rec(values, 0, inv, parts, scale))
}

/// [`super::bit_reverse_permute`] on `parts` threads from 2^12 values on
/// (below, the threads would cost more than the work).
pub(super) fn bit_reverse(values: &mut [Fr], parts: usize) {
    super::bit_reverse_permute_parts(values, if values.len() >= 1 << 12 { parts } else { 1 });
}
