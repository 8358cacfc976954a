//! The bucket accumulation of GT's multi-exponentiation (`msm/gt.rs`) on
//! the IFMA lanes: eight mixed torus products side by side, one per
//! bucket, with the buckets kept in lane form through a window.
//!
//! This is the scheduler: which bucket takes which base in which batch of
//! eight, the deferral of a bucket met twice in a batch, the extra slots
//! and their merging, and the window's reduction by running products in
//! eight segments. The lane products themselves are torus_x8.rs's.

use super::torus_x8::{convert, fp_coefficients, mul_affine_x8, mul_x8, negate_raw6, RawTorus, Work};
use crate::arith::avx512_ifma;
use crate::field::{Fp, Fp2, Fp6};
use crate::pairing::torus::Torus;

/// Whether the multi-exponentiation's buckets run on the IFMA lanes: the
/// CPU has them and `BLS12_381_BACKEND` allows them.
pub(crate) fn available() -> bool {
    crate::arith::ifma_paths_allowed() && avx512_ifma::available()
}

/// One pending product `slots[slot] *= (±bases[point] : 1)`.
#[derive(Clone, Copy)]
struct Op {
    slot: u32,
    point: u32,
    neg: bool,
}

/// No slot (an empty bucket, the end of a chain).
const NONE: u32 = u32::MAX;

/// One window of the bucket method on the lanes: the bases (affine torus
/// forms) in raw lane form, converted once, and the buckets' slots,
/// reused window after window.
///
/// Accumulation: the bases enter their buckets by mixed products, eight
/// buckets at a time. A base whose bucket is already in the pending batch
/// waits for a later batch (two passes over those waiting); in the last
/// pass it opens a new slot of its bucket instead (a bucket is then the
/// product of its slots, merged pairwise by full products). A bucket's
/// first base opens its first slot, (g : 1), with no product.
///
/// Reduction (`prod_b bucket_b^(b+1)`) by running products in eight
/// segments side by side: with B buckets in S segments of L (S = 8 when
/// B >= 8), lane s runs `r_s = prod_{t >= i} bucket_(sL+t)` and `t_s =
/// prod_i r_s(i)` over its segment, so `t_s = prod_t bucket_(sL+t)^(t+1)`
/// and `prod_b bucket_b^(b+1) = prod_s t_s r_s^(sL) = (prod_s t_s)
/// (prod_s r_s^s)^L`, the last two on the field layer (running products
/// again, then log2 L squarings). An empty bucket is one, (1 : 0).
pub(crate) struct TorusLanes {
    bases: Vec<Fp6>,
    /// The bucket slots, a bucket's further slots chained by `next`.
    slots: Vec<RawTorus>,
    next: Vec<u32>,
    head: Vec<u32>,
    /// The batch (at most eight ops on distinct slots) and, per slot,
    /// whether it is in it.
    batch: Vec<Op>,
    busy: Vec<bool>,
    /// Where the unused lanes of a partial batch write.
    scratch: [RawTorus; 8],
    /// One, (1 : 0), and the Z of an affine form, 1, in raw form.
    identity: RawTorus,
    one: Fp6,
    work: Box<Work>,
}

impl TorusLanes {
    /// The lane forms of `bases` (affine torus forms); the caller checked
    /// [`available`].
    pub(crate) fn new(bases: &[Fp6]) -> TorusLanes {
        let mut raw = bases.to_vec();
        convert(fp_coefficients(&mut raw), true);
        let mut one = [Fp::ONE];
        convert(&mut one, true);
        let one = Fp6::new(Fp2::new(one[0], Fp::ZERO), Fp2::ZERO, Fp2::ZERO);
        let identity = RawTorus { x: one, z: Fp6::ZERO };
        TorusLanes {
            bases: raw,
            slots: Vec::new(),
            next: Vec::new(),
            head: Vec::new(),
            batch: Vec::with_capacity(8),
            busy: Vec::new(),
            scratch: [identity; 8],
            identity,
            one,
            work: Work::new(),
        }
    }

    /// `prod_b bucket_b^(b+1)` over `buckets` buckets, bucket `b` the
    /// product of `(±g_k : 1)` over the bases `k` whose digit `digit(k)`
    /// is `±(b + 1)` (the sign giving the inverse, `-g_k`); `buckets` a
    /// power of two.
    pub(crate) fn window(&mut self, digit: impl Fn(usize) -> i32, buckets: usize) -> Torus {
        debug_assert!(buckets.is_power_of_two());
        self.slots.clear();
        self.next.clear();
        self.busy.clear();
        self.head.clear();
        self.head.resize(buckets, NONE);
        meter!(BucketAccumulate * self.bases.len(), self.accumulate(digit));
        meter!(BucketReduce, {
            self.merge_chains();
            self.reduce()
        })
    }

    /// The accumulation of [`TorusLanes::window`] (the type's doc).
    fn accumulate(&mut self, digit: impl Fn(usize) -> i32) {
        let mut pending: Vec<Op> = Vec::new();
        for k in 0..self.bases.len() {
            let d = digit(k);
            if d != 0 {
                let b = d.unsigned_abs() - 1;
                self.add(Op { slot: b, point: k as u32, neg: d < 0 }, &mut pending, false);
            }
        }
        for pass in 0..2 {
            let ops = core::mem::take(&mut pending);
            for op in ops {
                self.add(op, &mut pending, pass == 1);
            }
        }
        debug_assert!(pending.is_empty());
        self.flush();
    }

    /// Puts `op` (its `slot` the bucket) in the batch, or opens the
    /// bucket's first slot with it, or defers it to `pending` when the
    /// bucket's slots are busy (with `open`: opens a new slot instead).
    fn add(&mut self, op: Op, pending: &mut Vec<Op>, open: bool) {
        let b = op.slot as usize;
        let mut s = self.head[b];
        if s == NONE {
            self.head[b] = self.open(op);
            return;
        }
        while self.busy[s as usize] {
            let n = self.next[s as usize];
            if n == NONE {
                if open {
                    let t = self.open(op);
                    self.next[s as usize] = t;
                } else {
                    pending.push(op);
                }
                return;
            }
            s = n;
        }
        self.busy[s as usize] = true;
        self.batch.push(Op { slot: s, ..op });
        if self.batch.len() == 8 {
            self.flush();
        }
    }

    /// A new slot holding `(±g : 1)` for the op's base.
    fn open(&mut self, op: Op) -> u32 {
        let g = &self.bases[op.point as usize];
        let x = if op.neg { negate_raw6(g) } else { *g };
        self.slots.push(RawTorus { x, z: self.one });
        self.next.push(NONE);
        self.busy.push(false);
        (self.slots.len() - 1) as u32
    }

    /// Runs the batch (padded to eight lanes with scratch slots).
    fn flush(&mut self) {
        if self.batch.is_empty() {
            return;
        }
        let n = self.batch.len();
        let (base, scratch) = (self.slots.as_mut_ptr(), self.scratch.as_mut_ptr());
        let slots = lane_slots(base, scratch, n, |k| self.batch[k].slot as usize);
        let g: [&Fp6; 8] = core::array::from_fn(|k| &self.bases[self.batch[k.min(n - 1)].point as usize]);
        let neg = self.batch.iter().enumerate().fold(0u8, |m, (k, op)| m | (u8::from(op.neg) << k));
        // SAFETY: `available` was checked by the caller of `new`; the
        // pointers as above, valid for reads and writes.
        unsafe { mul_affine_x8(&mut self.work, slots, g, neg) };
        for op in self.batch.drain(..) {
            self.busy[op.slot as usize] = false;
        }
    }

    /// `out[k] = a[k] b[k]` for up to eight pairs of slots (`a` distinct),
    /// padded with scratch slots.
    fn mul_pairs(&mut self, pairs: &[(usize, usize)]) {
        debug_assert!(pairs.len() <= 8);
        let n = pairs.len();
        let (base, scratch) = (self.slots.as_mut_ptr(), self.scratch.as_mut_ptr());
        let a = lane_slots(base, scratch, n, |k| pairs[k].0);
        let b = lane_slots(base, scratch, n, |k| pairs[k].1).map(<*mut RawTorus>::cast_const);
        // SAFETY: the targets distinct (the caller's), the scratch slots
        // distinct from them; `available` checked by `new`'s caller.
        unsafe { mul_x8(&mut self.work, a, a.map(<*mut RawTorus>::cast_const), b) };
    }

    /// Merges each bucket's slots into its first, pairwise (a tree of
    /// full products, eight at a time).
    fn merge_chains(&mut self) {
        let mut lists: Vec<Vec<usize>> = Vec::new();
        for &h in &self.head {
            if h != NONE && self.next[h as usize] != NONE {
                let mut l = vec![h as usize];
                let mut s = self.next[h as usize];
                while s != NONE {
                    l.push(s as usize);
                    s = self.next[s as usize];
                }
                lists.push(l);
            }
        }
        while !lists.is_empty() {
            // One round: slots 2i and 2i + 1 of every list into slot 2i.
            let pairs: Vec<(usize, usize)> =
                lists.iter().flat_map(|l| l.chunks_exact(2).map(|c| (c[0], c[1]))).collect();
            for chunk in pairs.chunks(8) {
                self.mul_pairs(chunk);
            }
            for l in &mut lists {
                *l = l.iter().copied().step_by(2).collect();
            }
            lists.retain(|l| l.len() > 1);
        }
    }

    /// `prod_b bucket_b^(b+1)` (the type's doc), the buckets merged.
    fn reduce(&mut self) -> Torus {
        // `buckets` is a power of two (at least one), so is `len`.
        let buckets = self.head.len();
        let segments = buckets.clamp(1, 8);
        let len = (buckets >> segments.trailing_zeros()).max(1);
        // Running and total products of each segment, in slots after the
        // buckets': running s at `r + s`, total s at `r + 8 + s`.
        let r = self.slots.len();
        for s in 0..8 {
            let top = if s < segments { self.bucket(s * len + len - 1) } else { self.identity };
            self.slots.push(top);
        }
        for s in 0..8 {
            let first = self.slots[r + s];
            self.slots.push(first);
        }
        let one = self.slots.len();
        self.slots.push(self.identity);
        for t in (0..len - 1).rev() {
            let pairs: [(usize, usize); 8] = core::array::from_fn(|s| {
                let h = if s < segments { self.head[s * len + t] } else { NONE };
                (r + s, if h == NONE { one } else { h as usize })
            });
            self.mul_pairs(&pairs);
            let pairs: [(usize, usize); 8] = core::array::from_fn(|s| (r + 8 + s, r + s));
            self.mul_pairs(&pairs);
        }
        // Back to the field layer: prod_s t_s (prod_s r_s^s)^L.
        let mut ends: Vec<Fp6> = self.slots[r..r + 16].iter().flat_map(|t| [t.x, t.z]).collect();
        convert(fp_coefficients(&mut ends), false);
        let at = |i: usize| Torus::new(ends[2 * i], ends[2 * i + 1]);
        let (mut run, mut acc) = (at(segments - 1), at(segments - 1));
        for s in (1..segments - 1).rev() {
            run = run.mul(&at(s));
            acc = acc.mul(&run);
        }
        let mut total = if segments > 1 { acc } else { Torus::ONE };
        for _ in 0..len.trailing_zeros() {
            total = total.square();
        }
        for s in 0..segments {
            total = total.mul(&at(8 + s));
        }
        total
    }

    /// Bucket `b`'s value (its merged first slot), one if empty.
    fn bucket(&self, b: usize) -> RawTorus {
        match self.head[b] {
            NONE => self.identity,
            h => self.slots[h as usize],
        }
    }
}

/// The eight lanes' slots: `base + slot(k)` for the first `n`, the eight
/// scratch slots at `scratch` for the rest (a partial batch's padding).
fn lane_slots(
    base: *mut RawTorus,
    scratch: *mut RawTorus,
    n: usize,
    slot: impl Fn(usize) -> usize,
) -> [*mut RawTorus; 8] {
    // SAFETY: the callers' slot indices are in range of the slots behind
    // `base` (indices of pushed slots); `scratch` points to eight.
    core::array::from_fn(|k| unsafe {
        if k < n {
            base.add(slot(k))
        } else {
            scratch.add(k)
        }
    })
}
