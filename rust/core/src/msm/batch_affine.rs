//! Bucket accumulation for one window of Pippenger's method.
//!
//! Two ways to fill the buckets, chosen per window by [`super::Plan`]:
//! - [`AffineBuckets`]: buckets kept affine, each addition
//!   (x3 = l^2 - x1 - x2, y3 = l (x1 - x3) - y1 with l = (y2 - y1) / (x2 - x1))
//!   waiting in a batch until the batch is full, when all its denominators
//!   are inverted at once (Montgomery's trick: 3 products per element and
//!   one inversion per batch). An addition then costs about 5M + 1S
//!   against 7M + 4S for a mixed Jacobian addition. A bucket may hold only
//!   one pending addition per batch (the next one needs its result): a
//!   second one waits in a queue for the next batch, and when the queue is
//!   full (inputs with many equal digits) it goes into the bucket's
//!   Jacobian overflow accumulator instead, so no input makes the method
//!   quadratic.
//! - [`JacobianBuckets`]: Jacobian buckets and mixed additions, for windows
//!   with few points per bucket or few buckets, where batches would stay
//!   small and conflicts frequent.
//!
//! Both sum their buckets as sum_j (j + 1) B_j with running sums.
//! Everything here is variable time (public inputs).

use crate::curve::{Affine, BaseField, Curve, Jacobian};
use subtle::ConstantTimeEq;

/// A pending bucket addition: `bucket += ±points[point]`.
#[derive(Clone, Copy)]
struct Op {
    bucket: u32,
    /// The point's index, with the sign in the top bit.
    point: u32,
}

const NEG: u32 = 1 << 31;

/// The affine point of an [`Op`], negated when its sign bit is set.
#[inline(always)]
fn signed<C: Curve>(points: &[Affine<C>], point: u32) -> (C::Base, C::Base) {
    let p = &points[(point & !NEG) as usize];
    if point & NEG != 0 {
        (p.x, p.y.neg())
    } else {
        (p.x, p.y)
    }
}

/// What an addition turned out to be, found in the first pass of a batch.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// x1 != x2: the chord.
    Chord,
    /// Equal points: the tangent (denominator 2 y1, y1 != 0).
    Tangent,
    /// Opposite points, or a point of order 2 doubled: the bucket empties.
    Vanish,
}

/// Affine buckets with batched inversions (see the module comment).
pub(super) struct AffineBuckets<C: Curve> {
    buckets: Vec<Affine<C>>,
    full: Vec<bool>,
    /// Jacobian overflow accumulators and whether each is in use.
    overflow: Vec<Jacobian<C>>,
    overflowed: Vec<bool>,
    /// `stamp[b] == epoch` when bucket b has an addition in the batch.
    stamp: Vec<u32>,
    epoch: u32,
    batch: Vec<Op>,
    queue: Vec<Op>,
    retry: Vec<Op>,
    /// Scratch of the batch: prefix products of the denominators, kinds.
    prefix: Vec<C::Base>,
    kind: Vec<Kind>,
    batch_size: usize,
}

impl<C: Curve> AffineBuckets<C> {
    /// Room for `n` buckets and batches of `batch_size` additions.
    pub(super) fn new(n: usize, batch_size: usize) -> Self {
        AffineBuckets {
            buckets: vec![Affine::identity(); n],
            full: vec![false; n],
            overflow: vec![Jacobian::identity(); n],
            overflowed: vec![false; n],
            stamp: vec![u32::MAX; n],
            epoch: 0,
            batch: Vec::with_capacity(batch_size),
            queue: Vec::with_capacity(batch_size),
            retry: Vec::with_capacity(batch_size),
            prefix: Vec::with_capacity(batch_size),
            kind: Vec::with_capacity(batch_size),
            batch_size,
        }
    }

    /// `sum_i digit_i points[i]` for the digits that `digit` gives each
    /// point (`None`: zero), in buckets `0 .. n` (`n` as given to `new`;
    /// digits must satisfy |d| <= n). The buckets are emptied first.
    pub(super) fn window_sum(
        &mut self,
        points: &[Affine<C>],
        digit: impl Fn(usize) -> Option<(u32, bool)>,
    ) -> Jacobian<C> {
        for i in 0..points.len() {
            if let Some((abs, neg)) = digit(i) {
                let op = Op { bucket: abs - 1, point: i as u32 | if neg { NEG } else { 0 } };
                if self.insert(points, op) {
                    self.flush(points);
                }
            }
        }
        while !self.batch.is_empty() || !self.queue.is_empty() {
            self.flush(points);
        }
        self.reduce()
    }

    /// Puts `op` into the batch, the queue, a bucket (when empty) or the
    /// overflow; true when the batch is full.
    #[inline(always)]
    fn insert(&mut self, points: &[Affine<C>], op: Op) -> bool {
        let b = op.bucket as usize;
        if self.stamp[b] == self.epoch {
            if self.queue.len() < self.batch_size {
                self.queue.push(op);
            } else {
                let (x, y) = signed(points, op.point);
                self.overflow[b] = self.overflow[b].add_xy_vartime(&x, &y);
                self.overflowed[b] = true;
            }
            return false;
        }
        if !self.full[b] {
            let (x, y) = signed(points, op.point);
            self.buckets[b] = Affine::from_raw(x, y);
            self.full[b] = true;
            return false;
        }
        self.stamp[b] = self.epoch;
        self.batch.push(op);
        self.batch.len() == self.batch_size
    }

    /// Runs the batch, then moves the queue into the next batch (running
    /// that one too whenever it fills).
    fn flush(&mut self, points: &[Affine<C>]) {
        self.run_batch(points);
        core::mem::swap(&mut self.queue, &mut self.retry);
        let mut retry = core::mem::take(&mut self.retry);
        for op in retry.drain(..) {
            if self.insert(points, op) {
                self.run_batch(points);
            }
        }
        self.retry = retry;
    }

    /// The batch's additions with one inversion; empties the batch and
    /// starts a new epoch.
    fn run_batch(&mut self, points: &[Affine<C>]) {
        self.prefix.clear();
        self.kind.clear();
        let mut acc = C::Base::ONE;
        for op in &self.batch {
            let q = &self.buckets[op.bucket as usize];
            let (x2, y2) = signed(points, op.point);
            let (kind, d) = if !bool::from(q.x.ct_eq(&x2)) {
                (Kind::Chord, x2.sub(&q.x))
            } else if bool::from(q.y.ct_eq(&y2)) && !bool::from(q.y.is_zero()) {
                (Kind::Tangent, q.y.double())
            } else {
                (Kind::Vanish, C::Base::ONE)
            };
            self.prefix.push(acc);
            self.kind.push(kind);
            if kind != Kind::Vanish {
                acc = acc.mul(&d);
            }
        }
        // acc is a product of nonzero elements.
        let mut inv = acc.invert_vartime().unwrap_or(C::Base::ZERO);
        for (k, op) in self.batch.iter().enumerate().rev() {
            let b = op.bucket as usize;
            let q = self.buckets[b];
            let (x2, y2) = signed(points, op.point);
            let (num, d) = match self.kind[k] {
                Kind::Vanish => {
                    self.full[b] = false;
                    continue;
                }
                Kind::Chord => (y2.sub(&q.y), x2.sub(&q.x)),
                Kind::Tangent => {
                    let xx = q.x.square();
                    (xx.double().add(&xx), q.y.double())
                }
            };
            let d_inv = inv.mul(&self.prefix[k]);
            inv = inv.mul(&d);
            let l = num.mul(&d_inv);
            let x3 = l.square().sub(&q.x).sub(&x2);
            let y3 = l.mul(&q.x.sub(&x3)).sub(&q.y);
            self.buckets[b] = Affine::from_raw(x3, y3);
        }
        self.batch.clear();
        self.epoch = self.epoch.wrapping_add(1);
    }

    /// sum_j (j + 1) B_j, emptying the buckets.
    fn reduce(&mut self) -> Jacobian<C> {
        let mut running = Jacobian::identity();
        let mut total = Jacobian::identity();
        for b in (0..self.buckets.len()).rev() {
            if self.full[b] {
                let p = &self.buckets[b];
                running = running.add_xy_vartime(&p.x, &p.y);
                self.full[b] = false;
            }
            if self.overflowed[b] {
                running = running.add(&self.overflow[b]);
                self.overflow[b] = Jacobian::identity();
                self.overflowed[b] = false;
            }
            total = total.add(&running);
        }
        total
    }
}

/// Jacobian buckets filled by mixed additions (see the module comment).
pub(super) struct JacobianBuckets<C: Curve> {
    buckets: Vec<Jacobian<C>>,
}

impl<C: Curve> JacobianBuckets<C> {
    /// Room for `n` buckets.
    pub(super) fn new(n: usize) -> Self {
        JacobianBuckets { buckets: vec![Jacobian::identity(); n] }
    }

    /// As [`AffineBuckets::window_sum`].
    pub(super) fn window_sum(
        &mut self,
        points: &[Affine<C>],
        digit: impl Fn(usize) -> Option<(u32, bool)>,
    ) -> Jacobian<C> {
        for (i, p) in points.iter().enumerate() {
            if let Some((abs, neg)) = digit(i) {
                let b = &mut self.buckets[abs as usize - 1];
                let y = if neg { p.y.neg() } else { p.y };
                *b = b.add_xy_vartime(&p.x, &y);
            }
        }
        let mut running = Jacobian::identity();
        let mut total = Jacobian::identity();
        for b in self.buckets.iter_mut().rev() {
            running = running.add(b);
            total = total.add(&running);
            *b = Jacobian::identity();
        }
        total
    }
}
