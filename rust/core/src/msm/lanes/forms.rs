//! Lane forms ([`LaneAffine`]): the conversions from and to points, the
//! negation, and the indexed additions of the buckets
//! ([`add_assign_indexed`]), which gather the operands of four ops into
//! an [`Affine4`], add by [`BatchAdd`] and scatter the sums back.
//!
//! Every function here is `unsafe` for one reason: the caller must have
//! checked that the CPU has AVX2.
#![allow(clippy::missing_safety_doc)]

use crate::arith::montgomery::{add_n, sub_n};
use super::batch::{Affine4, Base, BatchAdd, LaneField};
use super::LaneAffine;
use crate::arith::avx2::FpX4;
use crate::curve::{Affine, BaseField, Curve};
use crate::msm::{LaneOp, NEG};
use crate::Fp;

/// What a bucket accumulation keeps for the lane path between batches:
/// the scratch space of [`BatchAdd`] and the operands in lane form.
pub struct Scratch<F = FpX4> {
    adder: BatchAdd<F>,
    acc: Vec<Affine4<F>>,
    add: Vec<Affine4<F>>,
}

impl<F> Default for Scratch<F> {
    fn default() -> Self {
        Scratch { adder: BatchAdd::default(), acc: Vec::new(), add: Vec::new() }
    }
}

/// The lane forms ([`LaneAffine`]) of points.
///
/// With `parallel` the conversion runs on the current rayon pool, in
/// chunks of [`LANE_CHUNK`] points (for large inputs the conversion, the
/// output's first touch included, is long enough to matter ahead of
/// windows that run on every thread).
#[target_feature(enable = "avx2")]
pub unsafe fn to_lane_forms<F: LaneField>(points: &[Affine<F::Curve>], parallel: bool) -> Vec<LaneAffine<F::Curve>> {
    use rayon::prelude::*;
    // Every byte of a lane form is in x and y, which the conversion writes.
    const { assert!(core::mem::size_of::<LaneAffine<F::Curve>>() == 2 * core::mem::size_of::<<F::Curve as Curve>::Base>()) };
    let mut out: Vec<LaneAffine<F::Curve>> = Vec::with_capacity(points.len());
    let dst = &mut out.spare_capacity_mut()[..points.len()];
    // SAFETY (both calls): AVX2 (the caller); `d` and `s` have the same
    // length.
    if parallel {
        dst.par_chunks_mut(LANE_CHUNK)
            .zip(points.par_chunks(LANE_CHUNK))
            .for_each(|(d, s)| unsafe { lane_forms_into::<F>(s, d) });
    } else {
        unsafe { lane_forms_into::<F>(points, dst) };
    }
    // SAFETY: lane_forms_into wrote x and y, all the bytes, of each of the
    // first points.len() elements.
    unsafe { out.set_len(points.len()) };
    out
}

/// Points per task of a parallel [`to_lane_forms`] (a multiple of four).
pub(super) const LANE_CHUNK: usize = 4096;

/// The lane forms of `src` written to `dst` (same length; `dst` may be
/// uninitialised: x and y of each element are written, never read).
#[target_feature(enable = "avx2")]
unsafe fn lane_forms_into<F: LaneField>(src: &[Affine<F::Curve>], dst: &mut [core::mem::MaybeUninit<LaneAffine<F::Curve>>]) {
    debug_assert_eq!(src.len(), dst.len());
    let identity = Affine::identity();
    for (group, dst) in src.chunks(4).zip(dst.chunks_mut(4)) {
        let p = |k: usize| group.get(k).unwrap_or(&identity);
        let mut targets = [None; 4];
        for (k, q) in dst.iter_mut().enumerate() {
            targets[k] = Some(q.as_mut_ptr());
        }
        // SAFETY: AVX2 is enabled here; distinct elements of `dst`, which
        // store_lane_forms writes through raw pointers (no reference to
        // the uninitialised values is made).
        unsafe {
            let v = Affine4 {
                x: F::from_refs([&p(0).x, &p(1).x, &p(2).x, &p(3).x]),
                y: F::from_refs([&p(0).y, &p(1).y, &p(2).y, &p(3).y]),
            };
            store_lane_forms(&v, targets);
        }
    }
}

/// The points of lane forms ([`to_lane_forms`]), into `out`.
///
/// # Panics
/// If the slices differ in length.
#[target_feature(enable = "avx2")]
pub unsafe fn from_lane_forms<F: LaneField>(forms: &[LaneAffine<F::Curve>], out: &mut [Affine<F::Curve>]) {
    assert_eq!(forms.len(), out.len(), "lanes::from_lane_forms: lengths differ");
    for (group, out) in forms.chunks(4).zip(out.chunks_mut(4)) {
        let identity = LaneAffine::IDENTITY;
        let p = |k: usize| &group.get(k).unwrap_or(&identity).0;
        // SAFETY: AVX2 is enabled here.
        let v = unsafe {
            Affine4 {
                x: F::from_raw([&p(0).x, &p(1).x, &p(2).x, &p(3).x]),
                y: F::from_raw([&p(0).y, &p(1).y, &p(2).y, &p(3).y]),
            }
            .to_affine()
        };
        out.copy_from_slice(&v[..out.len()]);
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
/// one shared inversion: the operands are gathered four ops at a time
/// (the last group padded with identities), added by
/// [`BatchAdd::add_assign`], and scattered back. Variable time.
///
/// # Panics
/// If an index is out of range or (in debug builds) two ops share a
/// bucket.
#[target_feature(enable = "avx2")]
pub unsafe fn add_assign_indexed<F: LaneField>(
    s: &mut Scratch<F>,
    acc: &mut [LaneAffine<F::Curve>],
    add: &[LaneAffine<F::Curve>],
    ops: &[LaneOp],
) {
    let identity = LaneAffine::IDENTITY;
    s.acc.clear();
    s.add.clear();
    // The cache lines of one point (96 bytes on G1, 192 on G2).
    let lines = core::mem::size_of::<LaneAffine<F::Curve>>().div_ceil(64);
    for (g, group) in ops.chunks(4).enumerate() {
        // The operands of a later group on their way to the cache (the
        // buckets of a large window and the points are beyond L2).
        for op in ops.iter().skip(4 * (g + PREFETCH_GROUPS)).take(4) {
            let (x, y) = (&acc[op.bucket as usize], &add[(op.point & !NEG) as usize]);
            for ptr in [x as *const LaneAffine<F::Curve> as *const i8, y as *const LaneAffine<F::Curve> as *const i8] {
                for line in 0..lines {
                    // A hint: no memory is accessed.
                    core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr.wrapping_add(64 * line));
                }
            }
        }
        let a = |k: usize| &group.get(k).map_or(&identity, |op| &acc[op.bucket as usize]).0;
        let b = |k: usize| &group.get(k).map_or(&identity, |op| &add[(op.point & !NEG) as usize]).0;
        let neg = group.iter().enumerate().fold(0u8, |m, (k, op)| m | (u8::from(op.point & NEG != 0) << k));
        // SAFETY (every unsafe block here): AVX2 is enabled here.
        unsafe {
            s.acc.push(Affine4 {
                x: F::from_raw([&a(0).x, &a(1).x, &a(2).x, &a(3).x]),
                y: F::from_raw([&a(0).y, &a(1).y, &a(2).y, &a(3).y]),
            });
            let mut y = F::from_raw([&b(0).y, &b(1).y, &b(2).y, &b(3).y]);
            if neg != 0 {
                // -y = 4p - y, reduced.
                y = F::select(neg, &y, &F::reduce(&F::sub(&F::ZERO, &y)));
            }
            s.add.push(Affine4 { x: F::from_raw([&b(0).x, &b(1).x, &b(2).x, &b(3).x]), y });
        }
    }
    unsafe { s.adder.add_assign(&mut s.acc, &s.add) };
    for (group, sums) in ops.chunks(4).zip(&s.acc) {
        let mut targets = [None; 4];
        for (k, op) in group.iter().enumerate() {
            targets[k] = Some(&mut acc[op.bucket as usize] as *mut LaneAffine<F::Curve>);
        }
        debug_assert!((0..4).all(|i| (0..i).all(|j| targets[i].is_none() || targets[i] != targets[j])), "lanes: two ops share a bucket");
        // SAFETY: AVX2 is enabled here; distinct elements of `acc`
        // (distinct buckets).
        unsafe { store_lane_forms(sums, targets) };
    }
}

/// Writes the lane forms of the four points of `v` to `targets` (lanes
/// without a target: nowhere).
///
/// # Safety
/// The CPU must have AVX2; each target must be valid for writes, the
/// targets distinct.
#[target_feature(enable = "avx2")]
unsafe fn store_lane_forms<F: LaneField>(v: &Affine4<F>, targets: [Option<*mut LaneAffine<F::Curve>>; 4]) {
    // Where the lanes without a target go.
    let mut spare = [<Base<F> as BaseField>::ZERO; 8];
    let spare = spare.as_mut_ptr();
    // SAFETY (the projections): the caller's promise on `targets`.
    let xs = core::array::from_fn(|k| targets[k].map_or(spare.wrapping_add(k), |p| unsafe { &raw mut (*p).0.x }));
    let ys = core::array::from_fn(|k| targets[k].map_or(spare.wrapping_add(4 + k), |p| unsafe { &raw mut (*p).0.y }));
    // SAFETY: AVX2 (caller); distinct targets, or distinct elements of
    // `spare`.
    unsafe {
        v.x.to_raw(xs);
        v.y.to_raw(ys);
    }
}
