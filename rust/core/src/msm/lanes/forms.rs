//! Lane forms ([`LaneAffine`]): the conversions from and to points, the
//! negation, and the indexed additions of the buckets
//! ([`add_assign_indexed`]), which gather the operands of `LANES` ops
//! into an [`AffineLanes`], add by [`BatchAdd`] and scatter the sums
//! back.
//!
//! Every function here is `unsafe` for one reason: the caller must have
//! checked that the CPU has the kernel ([`LaneField::available`]).
#![allow(clippy::missing_safety_doc)]

use super::batch::{AffineLanes, Base, BatchAdd, LaneField, MAX_LANES};
use super::LaneAffine;
use crate::arith::montgomery::{add_n, sub_n};
use crate::curve::{Affine, BaseField, Curve};
use crate::msm::{LaneOp, NEG};
use crate::Fp;

/// What a bucket accumulation keeps for the lane path between batches:
/// the scratch space of [`BatchAdd`] and the operands in lane form.
pub struct Scratch<F: LaneField> {
    adder: BatchAdd<F>,
    acc: Vec<AffineLanes<F>>,
    add: Vec<AffineLanes<F>>,
}

impl<F: LaneField> Default for Scratch<F> {
    fn default() -> Self {
        Scratch { adder: BatchAdd::default(), acc: Vec::new(), add: Vec::new() }
    }
}

/// The lane forms ([`LaneAffine`]) of points.
///
/// With `parallel` the conversion runs on the current rayon pool, in
/// chunks of `LANE_CHUNK` (4096) points (for large inputs the conversion, the
/// output's first touch included, is long enough to matter ahead of
/// windows that run on every thread).
pub unsafe fn to_lane_forms<F: LaneField>(points: &[Affine<F::Curve>], parallel: bool) -> Vec<LaneAffine<F::Curve>> {
    use rayon::prelude::*;
    // Every byte of a lane form is in x and y, which the conversion writes.
    const { assert!(core::mem::size_of::<LaneAffine<F::Curve>>() == 2 * core::mem::size_of::<<F::Curve as Curve>::Base>()) };
    let mut out: Vec<LaneAffine<F::Curve>> = Vec::with_capacity(points.len());
    let dst = &mut out.spare_capacity_mut()[..points.len()];
    // SAFETY (both calls): the kernel (the caller); `d` and `s` have the
    // same length.
    if parallel {
        dst.par_chunks_mut(LANE_CHUNK)
            .zip(points.par_chunks(LANE_CHUNK))
            .for_each(|(d, s)| unsafe { F::enter(|| lane_forms_into::<F>(s, d)) });
    } else {
        unsafe { F::enter(|| lane_forms_into::<F>(points, dst)) };
    }
    // SAFETY: lane_forms_into wrote x and y, all the bytes, of each of the
    // first points.len() elements.
    unsafe { out.set_len(points.len()) };
    out
}

/// Points per task of a parallel [`to_lane_forms`] (a multiple of every
/// lane count).
pub(super) const LANE_CHUNK: usize = 4096;

/// The lane forms of `src` written to `dst` (same length; `dst` may be
/// uninitialised: x and y of each element are written, never read).
#[inline(always)]
unsafe fn lane_forms_into<F: LaneField>(
    src: &[Affine<F::Curve>],
    dst: &mut [core::mem::MaybeUninit<LaneAffine<F::Curve>>],
) {
    debug_assert_eq!(src.len(), dst.len());
    let identity = Affine::identity();
    let n = F::LANES;
    for (group, dst) in src.chunks(n).zip(dst.chunks_mut(n)) {
        let p = |k: usize| group.get(k).unwrap_or(&identity);
        let mut targets = [None; MAX_LANES];
        for (k, q) in dst.iter_mut().enumerate() {
            targets[k] = Some(q.as_mut_ptr());
        }
        let xs: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &p(k).x);
        let ys: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &p(k).y);
        // SAFETY: the kernel (the caller); distinct elements of `dst`,
        // which store_lane_forms writes through raw pointers (no reference
        // to the uninitialised values is made).
        unsafe {
            let v = AffineLanes { x: F::from_refs(&xs[..n]), y: F::from_refs(&ys[..n]) };
            store_lane_forms(&v, &targets);
        }
    }
}

/// The points of lane forms ([`to_lane_forms`]), into `out` (of the same
/// length; with different lengths, the shorter one's worth).
pub unsafe fn from_lane_forms<F: LaneField>(forms: &[LaneAffine<F::Curve>], out: &mut [Affine<F::Curve>]) {
    debug_assert_eq!(forms.len(), out.len(), "lanes::from_lane_forms: lengths differ");
    let n = F::LANES;
    // SAFETY: the kernel (the caller).
    unsafe {
        F::enter(|| {
            for (group, out) in forms.chunks(n).zip(out.chunks_mut(n)) {
                let identity = LaneAffine::IDENTITY;
                let p = |k: usize| &group.get(k).unwrap_or(&identity).0;
                let xs: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &p(k).x);
                let ys: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &p(k).y);
                let v = AffineLanes { x: F::from_raw(&xs[..n]), y: F::from_raw(&ys[..n]) }.to_affine();
                for (o, p) in out.iter_mut().zip(&v) {
                    *o = *p;
                }
            }
        })
    }
}

/// How many groups ahead [`add_assign_indexed`] prefetches operands.
const PREFETCH_GROUPS: usize = 2;

/// The negation of a lane form (y negated by [`LaneField::negate_raw`]).
pub fn negate_lane_form<F: LaneField>(q: &LaneAffine<F::Curve>) -> LaneAffine<F::Curve> {
    LaneAffine(Affine::from_raw(q.0.x, F::negate_raw(&q.0.y)))
}

/// The negation of one Fp coefficient's raw form: y -> p - y, or 2p - y
/// for the lane values in [p, p (1 + 2^-12)) (reduced values need not be
/// below p); 0 stays 0. The result is below p, a reduced lane value.
pub(super) fn negate_raw(y: &Fp) -> Fp {
    let y = &y.0;
    if y.iter().all(|&w| w == 0) {
        return Fp(*y);
    }
    let p = &crate::arith::params::fp::MODULUS;
    // y <= p: p - y; else 2p - y (y < 2p).
    let above = (0..6).rev().find(|&i| y[i] != p[i]).is_some_and(|i| y[i] > p[i]);
    let m = if above { add_n(p, p).0 } else { *p };
    Fp(sub_n(&m, y).0)
}

/// `acc[op.bucket] += ±add[op.point]` for each op, on lane forms
/// ([`to_lane_forms`]: the identity allowed on either side; the point
/// negated when the op's [`NEG`] bit is set; the buckets distinct), with
/// one shared inversion: the operands are gathered `LANES` ops at a time
/// (the last group padded with identities), added by
/// [`BatchAdd::add_assign`], and scattered back. Variable time.
///
/// # Panics
/// If an index is out of range or (in debug builds) two ops share a
/// bucket.
pub unsafe fn add_assign_indexed<F: LaneField>(
    s: &mut Scratch<F>,
    acc: &mut [LaneAffine<F::Curve>],
    add: &[LaneAffine<F::Curve>],
    ops: &[LaneOp],
) {
    // SAFETY: the kernel (the caller).
    unsafe { F::enter(|| add_assign_indexed_in(s, acc, add, ops)) }
}

/// [`add_assign_indexed`] with the kernel's features entered.
#[inline(always)]
unsafe fn add_assign_indexed_in<F: LaneField>(
    s: &mut Scratch<F>,
    acc: &mut [LaneAffine<F::Curve>],
    add: &[LaneAffine<F::Curve>],
    ops: &[LaneOp],
) {
    let identity = LaneAffine::IDENTITY;
    let n = F::LANES;
    s.acc.clear();
    s.add.clear();
    // The cache lines of one point (96 bytes on G1, 192 on G2).
    let lines = core::mem::size_of::<LaneAffine<F::Curve>>().div_ceil(64);
    for (g, group) in ops.chunks(n).enumerate() {
        // The operands of a later group on their way to the cache (the
        // buckets of a large window and the points are beyond L2).
        for op in ops.iter().skip(n * (g + PREFETCH_GROUPS)).take(n) {
            let (x, y) = (&acc[op.bucket as usize], &add[(op.point & !NEG) as usize]);
            for ptr in [x as *const LaneAffine<F::Curve> as *const i8, y as *const LaneAffine<F::Curve> as *const i8] {
                for line in 0..lines {
                    // SAFETY: a hint (SSE, which x86_64 has): no memory is
                    // accessed.
                    unsafe {
                        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                            ptr.wrapping_add(64 * line),
                        )
                    };
                }
            }
        }
        let a = |k: usize| &group.get(k).map_or(&identity, |op| &acc[op.bucket as usize]).0;
        let b = |k: usize| &group.get(k).map_or(&identity, |op| &add[(op.point & !NEG) as usize]).0;
        let neg = group.iter().enumerate().fold(0u8, |m, (k, op)| m | (u8::from(op.point & NEG != 0) << k));
        let ax: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &a(k).x);
        let ay: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &a(k).y);
        let bx: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &b(k).x);
        let by: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &b(k).y);
        // SAFETY (every unsafe block here): the kernel (the caller).
        unsafe {
            s.acc.push(AffineLanes { x: F::from_raw(&ax[..n]), y: F::from_raw(&ay[..n]) });
            let mut y = F::from_raw(&by[..n]);
            if neg != 0 {
                // -y = kp - y, reduced.
                y = F::select(neg, &y, &F::reduce(&F::sub(&F::ZERO, &y)));
            }
            s.add.push(AffineLanes { x: F::from_raw(&bx[..n]), y });
        }
    }
    unsafe { s.adder.add_assign_in(&mut s.acc, &s.add) };
    for (group, sums) in ops.chunks(n).zip(&s.acc) {
        let mut targets = [None; MAX_LANES];
        for (k, op) in group.iter().enumerate() {
            targets[k] = Some(&mut acc[op.bucket as usize] as *mut LaneAffine<F::Curve>);
        }
        debug_assert!(
            (0..n).all(|i| (0..i).all(|j| targets[i].is_none() || targets[i] != targets[j])),
            "lanes: two ops share a bucket"
        );
        // SAFETY: the kernel (the caller); distinct elements of `acc`
        // (distinct buckets).
        unsafe { store_lane_forms(sums, &targets) };
    }
}

/// Writes the lane forms of the `LANES` points of `v` to `targets` (lanes
/// without a target: nowhere).
///
/// # Safety
/// The CPU must have the kernel; each target must be valid for writes,
/// the targets distinct.
#[inline(always)]
unsafe fn store_lane_forms<F: LaneField>(v: &AffineLanes<F>, targets: &[Option<*mut LaneAffine<F::Curve>>; MAX_LANES]) {
    // Where the lanes without a target go.
    let mut spare = [<Base<F> as BaseField>::ZERO; 2 * MAX_LANES];
    let spare = spare.as_mut_ptr();
    // SAFETY (the projections): the caller's promise on `targets`.
    let xs: [*mut Base<F>; MAX_LANES] =
        core::array::from_fn(|k| targets[k].map_or(spare.wrapping_add(k), |p| unsafe { &raw mut (*p).0.x }));
    let ys: [*mut Base<F>; MAX_LANES] = core::array::from_fn(|k| {
        targets[k].map_or(spare.wrapping_add(MAX_LANES + k), |p| unsafe { &raw mut (*p).0.y })
    });
    let n = F::LANES;
    // SAFETY: the kernel (caller); distinct targets, or distinct elements
    // of `spare`.
    unsafe {
        v.x.to_raw(&xs[..n]);
        v.y.to_raw(&ys[..n]);
    }
}
