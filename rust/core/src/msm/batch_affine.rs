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

use super::lanes::{LaneAffine, LaneCurve, LaneForms};
use crate::arith::LaneKernel;
use crate::curve::{Affine, BaseField, Curve, Jacobian};
use core::ops::Range;

use super::{LaneOp as Op, NEG};

/// The batch size of the affine accumulation is the number of buckets over
/// this, at most [`MAX_BATCH`]: larger batches share the inversion among
/// more additions but meet more buckets already in the batch.
const BATCH_DIVISOR: usize = 2;
const MAX_BATCH: usize = 1024;

/// Segments stepping together in the affine bucket reduction (at most; a
/// power of two, so that it divides the bucket count).
const REDUCE_LANES: usize = 128;

/// The segments of the affine bucket sum of `n` buckets (a power of two):
/// each of the `n / k + 1` steps shares an inversion among `2k`
/// additions, and the segments cost about `2k` Jacobian additions to
/// combine; `k` near `sqrt(2n)` balances the two (an inversion costs
/// about as much as four Jacobian additions), at most [`REDUCE_LANES`].
fn reduce_segments(n: usize) -> usize {
    let mut k = 1;
    while k < REDUCE_LANES && 2 * k * k < 2 * n {
        k *= 2;
    }
    k.min(n)
}

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
    /// Opposite points, or a point of order 2 doubled: the sum vanishes.
    Vanish,
}

/// A batch of affine additions (x1, y1) + (x2, y2) of non-identity points
/// sharing one inversion (Montgomery's trick). The additions are pushed
/// ([`Batch::push`]), the product of their denominators inverted
/// ([`Batch::invert`]), and the sums taken back in reverse order
/// ([`Batch::pop`], with the same operands): 5M + 1S per chord addition,
/// plus the inversion shared by all.
pub(super) struct Batch<F: BaseField> {
    /// Per addition: the product of the denominators before it, its own
    /// denominator, its kind.
    prefix: Vec<F>,
    denom: Vec<F>,
    kind: Vec<Kind>,
    /// The running product, then its inverse times the prefix still to pop.
    acc: F,
}

impl<F: BaseField> Batch<F> {
    pub(super) fn new(capacity: usize) -> Self {
        Batch {
            prefix: Vec::with_capacity(capacity),
            denom: Vec::with_capacity(capacity),
            kind: Vec::with_capacity(capacity),
            acc: F::ONE,
        }
    }

    /// Adds (x1, y1) + (x2, y2) to the batch; `y2` is asked for only when
    /// x1 = x2.
    #[inline(always)]
    pub(super) fn push(&mut self, x1: &F, y1: &F, x2: &F, y2: impl FnOnce() -> F) {
        let (kind, d) = if !bool::from(x1.ct_eq(x2)) {
            (Kind::Chord, x2.sub(x1))
        } else if bool::from(y1.ct_eq(&y2())) && !bool::from(y1.is_zero()) {
            (Kind::Tangent, y1.double())
        } else {
            (Kind::Vanish, F::ONE)
        };
        self.prefix.push(self.acc);
        self.denom.push(d);
        self.kind.push(kind);
        if kind != Kind::Vanish {
            self.acc = self.acc.mul(&d);
        }
    }

    /// Inverts the product of the denominators pushed.
    pub(super) fn invert(&mut self) {
        // A product of nonzero elements: invertible.
        self.acc = self.acc.invert_vartime().unwrap_or(F::ZERO);
    }

    /// The last addition pushed and not yet popped, given its operands
    /// again, the second as (x2, y2) negated when `neg` is set (which
    /// costs nothing: the slope is then computed negated, from y1 + y2):
    /// `None` when the sum is the identity.
    #[inline(always)]
    pub(super) fn pop(&mut self, x1: &F, y1: &F, x2: &F, y2: &F, neg: bool) -> Option<(F, F)> {
        let kind = self.kind.pop()?;
        let prefix = self.prefix.pop().unwrap_or(F::ONE);
        let d = self.denom.pop().unwrap_or(F::ONE);
        let (num, flip) = match kind {
            Kind::Vanish => return None,
            Kind::Chord if neg => (y1.add(y2), true),
            Kind::Chord => (y2.sub(y1), false),
            Kind::Tangent => {
                let xx = x1.square();
                (xx.double().add(&xx), false)
            }
        };
        let d_inv = self.acc.mul(&prefix);
        self.acc = self.acc.mul(&d);
        // l is the slope, or its negation when `flip`.
        let l = num.mul(&d_inv);
        let x3 = l.square().sub(x1).sub(x2);
        let dx = if flip { x3.sub(x1) } else { x1.sub(&x3) };
        let y3 = l.mul(&dx).sub(y1);
        Some((x3, y3))
    }

    /// Empties the batch for reuse.
    pub(super) fn clear(&mut self) {
        self.prefix.clear();
        self.denom.clear();
        self.kind.clear();
        self.acc = F::ONE;
    }
}

/// Affine buckets with batched inversions (see the module comment).
pub(super) struct AffineBuckets<C: LaneCurve> {
    /// The buckets: points, or lane forms on the lane path (the other
    /// vector stays empty).
    buckets: Vec<Affine<C>>,
    lane_buckets: Vec<LaneAffine<C>>,
    full: Vec<bool>,
    /// Jacobian overflow accumulators (allocated at the first overflow;
    /// unused ones hold the identity) and whether this window used them.
    overflow: Vec<Jacobian<C>>,
    overflowed: bool,
    /// `stamp[b] == epoch` when bucket b has an addition in the batch.
    stamp: Vec<u32>,
    epoch: u32,
    batch: Vec<Op>,
    queue: Vec<Op>,
    retry: Vec<Op>,
    adds: Batch<C::Base>,
    batch_size: usize,
    /// The lane path ([`LaneCurve::add_assign_lanes`]): its state, and the
    /// operands of a batch gathered for it (buckets, then their sums;
    /// signed points).
    lanes: C::Scratch,
    kernel: LaneKernel,
    lane_acc: Vec<LaneAffine<C>>,
    lane_add: Vec<LaneAffine<C>>,
}

impl<C: LaneCurve> AffineBuckets<C> {
    /// Room for `n` buckets, of lane forms when `kernel` is a lane
    /// kernel (then every window passes the points' lane forms of that
    /// kernel to [`AffineBuckets::window_sum`], else none).
    pub(super) fn new(n: usize, kernel: Option<LaneKernel>) -> Self {
        let kernel = kernel.unwrap_or(LaneKernel::Off);
        let on_lanes = kernel != LaneKernel::Off;
        let batch_size = MAX_BATCH;
        let lane_room = if on_lanes { batch_size.max(2 * REDUCE_LANES) } else { 0 };
        AffineBuckets {
            buckets: if on_lanes { Vec::new() } else { vec![Affine::identity(); n] },
            lane_buckets: if on_lanes { vec![LaneAffine::IDENTITY; n] } else { Vec::new() },
            full: vec![false; n],
            overflow: Vec::new(),
            overflowed: false,
            stamp: vec![u32::MAX; n],
            epoch: 0,
            batch: Vec::with_capacity(batch_size),
            queue: Vec::with_capacity(batch_size),
            retry: Vec::with_capacity(batch_size),
            adds: Batch::new(batch_size.max(2 * REDUCE_LANES)),
            batch_size,
            lanes: C::Scratch::default(),
            kernel,
            lane_acc: Vec::with_capacity(lane_room),
            lane_add: Vec::with_capacity(lane_room),
        }
    }

    /// `sum_i digit_i points[i]` for the digits that `digit` gives each
    /// point (`None`: zero), with |digit_i| <= `buckets` (at most the `n` of
    /// [`AffineBuckets::new`]), over the indices i of the ranges that
    /// `ranges` hands out until it gives none (a whole window at once, or
    /// blocks taken from a counter shared with other threads). Leaves the
    /// buckets empty.
    ///
    /// `lanes`: the points' lane forms ([`LaneCurve::lane_points`]), when
    /// the additions run on lanes (of the kernel [`AffineBuckets::new`] was
    /// told); the buckets then hold lane forms too (no conversion per
    /// addition), until the bucket sums give their segments back as
    /// points.
    pub(super) fn window_sum(
        &mut self,
        points: &[Affine<C>],
        lanes: Option<LaneForms<'_, C>>,
        buckets: usize,
        digit: impl Fn(usize) -> Option<(u32, bool)>,
        ranges: impl FnMut() -> Option<Range<usize>>,
    ) -> Jacobian<C> {
        let room = if lanes.is_some() { self.lane_buckets.len() } else { self.buckets.len() };
        debug_assert_eq!(room, self.full.len(), "AffineBuckets: made for the other path");
        debug_assert!(lanes.is_none_or(|l| l.kernel == self.kernel), "AffineBuckets: lane forms of another kernel");
        self.accumulate(points, lanes, buckets, digit, ranges);
        self.reduce(buckets, lanes.is_some())
    }

    /// The bucket accumulation of [`AffineBuckets::window_sum`] alone (no
    /// bucket sum), the buckets emptied afterwards without being read: the
    /// work the lane kernels serve, timed by the kernel choice
    /// (lanes/kernel.rs).
    pub(super) fn accumulate_only(
        &mut self,
        points: &[Affine<C>],
        lanes: Option<LaneForms<'_, C>>,
        buckets: usize,
        digit: impl Fn(usize) -> Option<(u32, bool)>,
        range: Range<usize>,
    ) {
        let mut all = Some(range);
        self.accumulate(points, lanes, buckets, digit, || all.take());
        self.full.fill(false);
        if self.overflowed {
            self.overflow.fill(Jacobian::identity());
            self.overflowed = false;
        }
    }

    /// The additions of the digits into the buckets (see
    /// [`AffineBuckets::window_sum`]), every batch and queue run.
    fn accumulate(
        &mut self,
        points: &[Affine<C>],
        lanes: Option<LaneForms<'_, C>>,
        buckets: usize,
        digit: impl Fn(usize) -> Option<(u32, bool)>,
        mut ranges: impl FnMut() -> Option<Range<usize>>,
    ) {
        self.batch_size = (buckets / BATCH_DIVISOR).clamp(1, MAX_BATCH);
        while let Some(range) = ranges() {
            for i in range {
                if let Some((abs, neg)) = digit(i) {
                    let op = Op { bucket: abs - 1, point: i as u32 | if neg { NEG } else { 0 } };
                    if self.insert(points, lanes, op) {
                        self.flush(points, lanes);
                    }
                }
            }
        }
        while !self.batch.is_empty() || !self.queue.is_empty() {
            self.flush(points, lanes);
        }
    }

    /// Puts `op` into the batch, the queue, a bucket (when empty) or the
    /// overflow; true when the batch is full. The bucket takes the point's
    /// lane form on the lane path (`lanes`: see
    /// [`AffineBuckets::window_sum`]); the overflow takes the point.
    #[inline(always)]
    fn insert(&mut self, points: &[Affine<C>], lanes: Option<LaneForms<'_, C>>, op: Op) -> bool {
        let b = op.bucket as usize;
        if self.stamp[b] == self.epoch {
            if self.queue.len() < self.batch_size {
                self.queue.push(op);
            } else {
                if self.overflow.is_empty() {
                    self.overflow = vec![Jacobian::identity(); self.full.len()];
                }
                let (x, y) = signed(points, op.point);
                self.overflow[b] = meter!(MsmJacobianAdd, self.overflow[b].add_xy_vartime(&x, &y));
                self.overflowed = true;
            }
            return false;
        }
        if !self.full[b] {
            if let Some(forms) = lanes {
                let p = &forms[(op.point & !NEG) as usize];
                self.lane_buckets[b] = if op.point & NEG != 0 { C::lane_negate(p) } else { *p };
            } else {
                let (x, y) = signed(points, op.point);
                self.buckets[b] = Affine::from_raw(x, y);
            }
            self.full[b] = true;
            return false;
        }
        self.stamp[b] = self.epoch;
        self.batch.push(op);
        self.batch.len() == self.batch_size
    }

    /// Runs the batch, then moves the queue into the next batch (running
    /// that one too whenever it fills).
    fn flush(&mut self, points: &[Affine<C>], lanes: Option<LaneForms<'_, C>>) {
        self.run_batch(points, lanes);
        core::mem::swap(&mut self.queue, &mut self.retry);
        let mut retry = core::mem::take(&mut self.retry);
        for op in retry.drain(..) {
            if self.insert(points, lanes, op) {
                self.run_batch(points, lanes);
            }
        }
        self.retry = retry;
    }

    /// The batch's additions with one inversion (on the lanes when given
    /// the lane forms); empties the batch and starts a new epoch.
    fn run_batch(&mut self, points: &[Affine<C>], lanes: Option<LaneForms<'_, C>>) {
        meter!(MsmAffineAdd * self.batch.len());
        if let Some(forms) = lanes {
            self.run_batch_lanes(&forms);
            return;
        }
        for op in &self.batch {
            let q = &self.buckets[op.bucket as usize];
            let p = &points[(op.point & !NEG) as usize];
            self.adds.push(&q.x, &q.y, &p.x, || signed(points, op.point).1);
        }
        self.adds.invert();
        for op in self.batch.iter().rev() {
            let b = op.bucket as usize;
            let q = &self.buckets[b];
            let p = &points[(op.point & !NEG) as usize];
            match self.adds.pop(&q.x, &q.y, &p.x, &p.y, op.point & NEG != 0) {
                Some((x3, y3)) => self.buckets[b] = Affine::from_raw(x3, y3),
                None => self.full[b] = false,
            }
        }
        self.adds.clear();
        self.batch.clear();
        self.epoch = self.epoch.wrapping_add(1);
    }

    /// [`AffineBuckets::run_batch`] on the lanes: buckets and points in
    /// lane form.
    fn run_batch_lanes(&mut self, forms: &[LaneAffine<C>]) {
        C::add_assign_lanes(&mut self.lanes, self.kernel, &mut self.lane_buckets, forms, &self.batch);
        for op in &self.batch {
            let b = op.bucket as usize;
            if self.lane_buckets[b].is_identity() {
                self.full[b] = false;
            }
        }
        self.batch.clear();
        self.epoch = self.epoch.wrapping_add(1);
    }

    /// sum_j (j + 1) B_j, emptying the buckets.
    ///
    /// The buckets are cut into `k` segments of `l`; segment s keeps an
    /// affine running sum R_s and total T_s = sum_j (j + 1) B_(s l + j)
    /// (j < l), the segments stepping together so that each step's k
    /// additions share an inversion. The sum is then
    /// sum_s T_s + l sum_s s R_s (Jacobian running sums over the k terms).
    /// `on_lanes`: the buckets are lane forms.
    fn reduce(&mut self, buckets: usize, on_lanes: bool) -> Jacobian<C> {
        meter!(MsmBucketReduce);
        // Buckets beyond `buckets` are empty: a power of two splits evenly.
        let n = buckets.next_power_of_two();
        let k = reduce_segments(n);
        let l = n / k;
        let mut running = vec![Affine::<C>::identity(); k];
        let mut total = running.clone();
        if on_lanes {
            let mut lane_running = vec![LaneAffine::<C>::IDENTITY; k];
            let mut lane_total = lane_running.clone();
            self.reduce_lanes(l, &mut lane_running, &mut lane_total);
            C::lane_points_back(self.kernel, &lane_running, &mut running);
            C::lane_points_back(self.kernel, &lane_total, &mut total);
        } else {
            let mut prev = running.clone();
            self.reduce_steps(l, &mut running, &mut prev, &mut total);
        }
        self.combine(l, &running, &total, buckets)
    }

    /// The steps of [`AffineBuckets::reduce`] on the lanes (buckets, running
    /// sums and totals in lane form): each step is the 2k additions
    /// T_s += R_s, R_s += B_(s l + j - 1) at once, identities and empty
    /// buckets included.
    fn reduce_lanes(&mut self, l: usize, running: &mut [LaneAffine<C>], total: &mut [LaneAffine<C>]) {
        let k = running.len();
        // Addition i: lane_acc[i] += lane_add[i], the totals then the
        // running sums.
        let ops: Vec<Op> = (0..2 * k as u32).map(|i| Op { bucket: i, point: i }).collect();
        for j in (0..=l).rev() {
            self.lane_acc.clear();
            self.lane_add.clear();
            self.lane_acc.extend_from_slice(total);
            self.lane_add.extend_from_slice(running);
            if j > 0 {
                self.lane_acc.extend_from_slice(running);
                for s in 0..k {
                    let b = s * l + j - 1;
                    let q = if self.full[b] { self.lane_buckets[b] } else { LaneAffine::IDENTITY };
                    self.full[b] = false;
                    self.lane_add.push(q);
                }
            }
            let n = self.lane_acc.len();
            meter!(
                MsmReduceAdd * n,
                C::add_assign_lanes(&mut self.lanes, self.kernel, &mut self.lane_acc, &self.lane_add, &ops[..n])
            );
            total.copy_from_slice(&self.lane_acc[..k]);
            if j > 0 {
                running.copy_from_slice(&self.lane_acc[k..]);
            }
        }
    }

    /// The steps of [`AffineBuckets::reduce`] on the scalar [`Batch`].
    fn reduce_steps(&mut self, l: usize, running: &mut [Affine<C>], prev: &mut [Affine<C>], total: &mut [Affine<C>]) {
        let k = running.len();
        // (lane, true for a running sum / false for a total) per addition.
        let mut lanes = Vec::with_capacity(2 * k);
        // Step j adds running_s (as it was after bucket j + 1) to total_s
        // and bucket j to running_s: both read the previous running sums,
        // so one batch (one inversion) serves both. A last step (j = -1)
        // only adds to the totals.
        for j in (0..=l).rev() {
            prev.copy_from_slice(running);
            for s in 0..k {
                let (t, r) = (&mut total[s], &prev[s]);
                if !bool::from(r.is_identity()) {
                    if bool::from(t.is_identity()) {
                        *t = *r;
                    } else {
                        self.adds.push(&t.x, &t.y, &r.x, || r.y);
                        lanes.push((s, false));
                    }
                }
                if j == 0 {
                    continue;
                }
                let b = s * l + j - 1;
                if !self.full[b] {
                    continue;
                }
                self.full[b] = false;
                let (r, q) = (&mut running[s], &self.buckets[b]);
                if bool::from(r.is_identity()) {
                    *r = *q;
                } else {
                    self.adds.push(&r.x, &r.y, &q.x, || q.y);
                    lanes.push((s, true));
                }
            }
            meter!(MsmReduceAdd * lanes.len());
            self.adds.invert();
            for &(s, is_running) in lanes.iter().rev() {
                let (a, q) = if is_running {
                    (&mut running[s], &self.buckets[s * l + j - 1])
                } else {
                    (&mut total[s], &prev[s])
                };
                *a = self
                    .adds
                    .pop(&a.x, &a.y, &q.x, &q.y, false)
                    .map_or(Affine::identity(), |(x, y)| Affine::from_raw(x, y));
            }
            self.adds.clear();
            lanes.clear();
        }
    }

    /// l sum_s s R_s + sum_s T_s, plus the overflow accumulators of the
    /// window's `buckets`: the window's sum from the segments of
    /// [`AffineBuckets::reduce`].
    fn combine(&mut self, l: usize, running: &[Affine<C>], total: &[Affine<C>], buckets: usize) -> Jacobian<C> {
        let mut acc = Jacobian::<C>::identity();
        let mut sum = Jacobian::<C>::identity();
        for r in running[1..].iter().rev() {
            acc = add_affine_vartime(&acc, r);
            sum = sum.add(&acc);
        }
        for _ in 0..l.trailing_zeros() {
            sum = sum.double();
        }
        for t in total {
            sum = add_affine_vartime(&sum, t);
        }
        if self.overflowed {
            // Rare (inputs with many equal digits): plain running sums.
            self.overflowed = false;
            sum = sum.add(&weighted_sum(&mut self.overflow[..buckets]));
        }
        sum
    }
}

/// `acc + p` for an affine `p` that may be the identity, variable time.
#[inline]
fn add_affine_vartime<C: Curve>(acc: &Jacobian<C>, p: &Affine<C>) -> Jacobian<C> {
    if bool::from(p.is_identity()) {
        *acc
    } else {
        acc.add_xy_vartime(&p.x, &p.y)
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
        buckets: usize,
        digit: impl Fn(usize) -> Option<(u32, bool)>,
        mut ranges: impl FnMut() -> Option<Range<usize>>,
    ) -> Jacobian<C> {
        while let Some(range) = ranges() {
            for i in range {
                if let Some((abs, neg)) = digit(i) {
                    let p = &points[i];
                    let b = &mut self.buckets[abs as usize - 1];
                    let y = if neg { p.y.neg() } else { p.y };
                    *b = meter!(MsmJacobianAdd, b.add_xy_vartime(&p.x, &y));
                }
            }
        }
        meter!(MsmBucketReduce, weighted_sum(&mut self.buckets[..buckets]))
    }
}

/// sum_j (j + 1) B_j over Jacobian buckets by running sums, leaving them
/// at the identity.
fn weighted_sum<C: Curve>(buckets: &mut [Jacobian<C>]) -> Jacobian<C> {
    let mut running = Jacobian::identity();
    let mut total = Jacobian::identity();
    for b in buckets.iter_mut().rev() {
        meter!(MsmReduceAdd * 2);
        running = running.add(b);
        total = total.add(&running);
        *b = Jacobian::identity();
    }
    total
}
