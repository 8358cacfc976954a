//! Affine additions of curve points four at a time on the AVX2 lane
//! kernels ([`crate::arith::avx2`]), for the affine bucket accumulation
//! of the MSM (batch_affine.rs), generic over [`LaneField`]: the
//! coordinates of four points side by side, [`FpX4`] for G1 (this file)
//! and two of them for G2 ([`super::lanes_g2::Fp2X4`]).
//!
//! [`BatchAdd::add_assign`] takes groups of four additions
//! `acc[g] += add[g]` (lane by lane) and does them all with one shared
//! inversion, as the scalar `Batch` of batch_affine.rs: a forward pass
//! takes the running product of the denominators' norms to Fp (the
//! denominators themselves on G1, `d0^2 + d1^2` on G2, so that the chain
//! is of Fp products on both) lane-wise (four independent chains across
//! the groups), the four lanes of the product are inverted as scalars
//! (one inversion and nine products), and a backward pass recovers each
//! inverse norm, hence each inverse denominator (on G2
//! `1/d = conj(d) / N(d)`), and finishes the additions. Per addition: 3
//! Fp products for the inversion and the chord's 2M + 1S
//! (`l = (y2 - y1) / (x2 - x1)`, `x3 = l^2 - x1 - x2`,
//! `y3 = l (x1 - x3) - y1`), each lane product costing about half a
//! scalar one.
//!
//! Every case of the affine addition is handled, lane by lane: the chord,
//! equal points (the tangent, `l = 3 x1^2 / (2 y1)`; neither curve has a
//! point with `y = 0`: their groups of points have odd order), opposite
//! points (the sum is the identity) and the identity on either side. The
//! identity is (0, 0) as in [`Affine`] (no point of either curve has
//! `x = 0` and `y = 0`). Groups whose four lanes are chords take the
//! vector path only; a group with any other lane is classified in scalar
//! code and patched with lane selects.
//!
//! Variable time (branches on the kinds of the additions): for public
//! data, as the MSM.
//!
//! Every function here is `unsafe` for one reason: the caller must have
//! checked that the CPU has AVX2.
#![allow(clippy::missing_safety_doc)]

use super::{LaneOp, NEG};
use crate::arith::avx2::{self, FpX4};
use crate::curve::{Affine, BaseField, Curve, G1};
use crate::Fp;
use subtle::ConstantTimeEq;

/// The coordinate of a curve's points, four side by side on the AVX2
/// lanes, and the lane operations [`BatchAdd`] needs: those of [`avx2`],
/// each implementation stating its own bounds. Values are *reduced*
/// (every coordinate of a lane below `p (1 + 2^-12)`, as [`avx2::reduce`]
/// leaves them) where the additions load and store them; in between
/// [`BatchAdd`] feeds the products with reduced values, differences of
/// two (`sub`: below `5.01p` each), products, and `3 x^2`, which each
/// implementation's bounds admit (checked in its doc).
pub trait LaneField: Copy + PartialEq + core::fmt::Debug {
    /// The curve whose coordinates these are.
    type Curve: Curve;
    /// Zero in every lane.
    const ZERO: Self;
    /// One in every lane (normalised, reduced).
    const ONE: Self;
    /// Four coordinates into lanes (a gather), reduced.
    unsafe fn from_refs(x: [&Base<Self>; 4]) -> Self;
    /// The four coordinates back (lane values below `2^386`).
    unsafe fn to_base(&self) -> [Base<Self>; 4];
    /// Four lanes from raw forms ([`avx2::from_raw_refs`] per coefficient):
    /// the lane values kept in a coordinate's words.
    unsafe fn from_raw(x: [&Base<Self>; 4]) -> Self;
    /// The raw forms of four reduced lanes, into four coordinates' words
    /// ([`avx2::to_raw_ptrs`]; each target valid for writes, distinct).
    unsafe fn to_raw(&self, out: [*mut Base<Self>; 4]);
    /// The negation of a raw form, below p per coefficient ([`negate_raw`]).
    fn negate_raw(y: &Base<Self>) -> Base<Self>;
    /// `a + b` ([`avx2::add`]).
    unsafe fn add(a: &Self, b: &Self) -> Self;
    /// `a - b` ([`avx2::sub`]).
    unsafe fn sub(a: &Self, b: &Self) -> Self;
    /// Reduced ([`avx2::reduce`]).
    unsafe fn reduce(a: &Self) -> Self;
    /// `out = a b` ([`avx2::mul`]).
    unsafe fn mul(out: &mut Self, a: &Self, b: &Self);
    /// `a = a b`.
    unsafe fn mul_assign(a: &mut Self, b: &Self);
    /// `out = a^2` ([`avx2::sqr`]).
    unsafe fn sqr(out: &mut Self, a: &Self);
    /// The lanes of a reduced `a` that are zero, as a 4-bit mask
    /// ([`avx2::is_zero`]).
    unsafe fn is_zero(a: &Self) -> u8;
    /// Lane `k` of `b` where bit `k` of `mask` is set, of `a` elsewhere.
    unsafe fn select(mask: u8, a: &Self, b: &Self) -> Self;
    /// The norm to Fp of a reduced `d` (zero only for zero), whose
    /// inverses the shared inversion finds: `d` itself on G1. Below `4p`.
    unsafe fn norm(d: &Self) -> FpX4;
    /// `1/d` from `ninv = 1/norm(d)` (a product, below `2p`): `ninv` on G1.
    unsafe fn over_norm(d: &Self, ninv: &FpX4) -> Self;
    /// Whether the norm is `d` itself and [`LaneField::over_norm`] does not
    /// read `d` (G1): [`BatchAdd`] then keeps the norms only (keeping both
    /// copies cost G1 ~3% in its batched additions).
    const NORM_IS_SELF: bool;
}

/// The coordinate field of a [`LaneField`]'s curve (Fp or Fp2).
type Base<F> = <<F as LaneField>::Curve as Curve>::Base;

/// G1's coordinates: the lane operations of [`avx2`], with its bounds:
/// products need `a b < p 2^390` (here at most `6p` times `2p`: `3 x^2`,
/// or a difference below `5.01p`, times a product) and give below `2p`.
impl LaneField for FpX4 {
    type Curve = G1;
    const ZERO: FpX4 = FpX4::ZERO;
    const ONE: FpX4 = FpX4::ONE;
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn from_refs(x: [&Fp; 4]) -> FpX4 {
        // SAFETY (in every method): AVX2 is enabled here.
        unsafe { avx2::from_fp_refs(x.map(|x| &x.0)) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn to_base(&self) -> [Fp; 4] {
        unsafe { avx2::to_fp(self).map(Fp) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn from_raw(x: [&Fp; 4]) -> FpX4 {
        unsafe { avx2::from_raw_refs(x.map(|x| &x.0)) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn to_raw(&self, out: [*mut Fp; 4]) {
        // An `Fp` is its six words (`repr(transparent)`); the caller's
        // promise on `out`.
        unsafe { avx2::to_raw_ptrs(self, out.map(|p| p as *mut [u64; 6])) }
    }
    fn negate_raw(y: &Fp) -> Fp {
        negate_raw(y)
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn add(a: &FpX4, b: &FpX4) -> FpX4 {
        unsafe { avx2::add(a, b) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn sub(a: &FpX4, b: &FpX4) -> FpX4 {
        unsafe { avx2::sub(a, b) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn reduce(a: &FpX4) -> FpX4 {
        unsafe { avx2::reduce(a) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn mul(out: &mut FpX4, a: &FpX4, b: &FpX4) {
        unsafe { avx2::mul(out, a, b) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn mul_assign(a: &mut FpX4, b: &FpX4) {
        unsafe { avx2::mul_assign(a, b) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn sqr(out: &mut FpX4, a: &FpX4) {
        unsafe { avx2::sqr(out, a) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn is_zero(a: &FpX4) -> u8 {
        unsafe { avx2::is_zero(a) }
    }
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn select(mask: u8, a: &FpX4, b: &FpX4) -> FpX4 {
        unsafe { avx2::select(mask, a, b) }
    }
    #[inline]
    unsafe fn norm(d: &FpX4) -> FpX4 {
        *d
    }
    #[inline]
    unsafe fn over_norm(_d: &FpX4, ninv: &FpX4) -> FpX4 {
        *ninv
    }
    const NORM_IS_SELF: bool = true;
}

/// Four affine points in lane form: `x`, `y` reduced (see [`LaneField`]);
/// the identity is (0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine4<F = FpX4> {
    /// The x coordinates.
    pub x: F,
    /// The y coordinates.
    pub y: F,
}

impl<F: LaneField> Affine4<F> {
    /// The identity in every lane.
    pub const IDENTITY: Affine4<F> = Affine4 { x: F::ZERO, y: F::ZERO };

    /// Four points in lane form.
    #[target_feature(enable = "avx2")]
    pub unsafe fn from_affine(p: &[Affine<F::Curve>; 4]) -> Affine4<F> {
        // SAFETY: AVX2 is enabled here.
        unsafe {
            Affine4 {
                x: F::from_refs([&p[0].x, &p[1].x, &p[2].x, &p[3].x]),
                y: F::from_refs([&p[0].y, &p[1].y, &p[2].y, &p[3].y]),
            }
        }
    }

    /// The four points back.
    #[target_feature(enable = "avx2")]
    pub unsafe fn to_affine(&self) -> [Affine<F::Curve>; 4] {
        // SAFETY: AVX2 is enabled here.
        let (x, y) = unsafe { (self.x.to_base(), self.y.to_base()) };
        core::array::from_fn(|k| Affine::from_raw(x[k], y[k]))
    }
}
/// What the addition in one lane turned out to be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// x1 != x2.
    Chord,
    /// Equal points (`y1 != 0`).
    Tangent,
    /// Opposite points: the identity.
    Vanish,
    /// `acc` is the identity: the sum is `add`.
    TakeAdd,
    /// `add` is the identity: the sum is `acc`.
    KeepAcc,
}

/// The lane kinds of a group that is not all chords.
struct Special {
    group: usize,
    kinds: [Kind; 4],
}

impl Special {
    /// The lanes of kind `k`, as a 4-bit mask.
    fn mask(&self, k: Kind) -> u8 {
        (0..4).filter(|&l| self.kinds[l] == k).fold(0, |m, l| m | 1 << l)
    }
}

/// Scratch space of [`BatchAdd::add_assign`], kept between calls.
pub struct BatchAdd<F = FpX4> {
    /// Per group: the denominators (1 in the lanes without one; none kept
    /// when [`LaneField::NORM_IS_SELF`]), their norms, and the product of
    /// the norms of the groups before it.
    denom: Vec<F>,
    norm: Vec<FpX4>,
    prefix: Vec<FpX4>,
    special: Vec<Special>,
}

impl<F> Default for BatchAdd<F> {
    fn default() -> Self {
        BatchAdd { denom: Vec::new(), norm: Vec::new(), prefix: Vec::new(), special: Vec::new() }
    }
}

impl<F: LaneField> BatchAdd<F> {
    /// Empty scratch space.
    pub fn new() -> Self {
        Self::default()
    }

    /// `acc[g] += add[g]` in each lane of each group, with one shared
    /// inversion. Inputs as [`Affine4`] (reduced coordinates; the
    /// identity allowed anywhere); the sums are reduced too. Variable time.
    ///
    /// # Panics
    /// If the slices differ in length.
    #[target_feature(enable = "avx2")]
    pub unsafe fn add_assign(&mut self, acc: &mut [Affine4<F>], add: &[Affine4<F>]) {
        assert_eq!(acc.len(), add.len(), "lanes::BatchAdd::add_assign: lengths differ");
        self.denom.clear();
        self.norm.clear();
        self.prefix.clear();
        self.special.clear();
        // SAFETY (every unsafe block below): AVX2 is enabled here.
        let mut product = FpX4::ONE;
        for (g, (p, q)) in acc.iter().zip(add).enumerate() {
            let mut d = unsafe { F::reduce(&F::sub(&q.x, &p.x)) };
            let suspect = unsafe { F::is_zero(&d) | F::is_zero(&p.x) | F::is_zero(&q.x) };
            if suspect != 0 {
                let s = Special { group: g, kinds: unsafe { classify(p, q) } };
                let tangent = s.mask(Kind::Tangent);
                let none = s.mask(Kind::Vanish) | s.mask(Kind::TakeAdd) | s.mask(Kind::KeepAcc);
                if tangent != 0 {
                    d = unsafe { F::select(tangent, &d, &F::reduce(&F::add(&p.y, &p.y))) };
                }
                d = unsafe { F::select(none, &d, &F::ONE) };
                if tangent | none != 0 {
                    self.special.push(s);
                }
            }
            let n = unsafe { F::norm(&d) };
            self.prefix.push(product);
            unsafe { avx2::mul_assign(&mut product, &n) };
            self.norm.push(n);
            if !F::NORM_IS_SELF {
                self.denom.push(d);
            }
        }
        let mut inv = unsafe { invert_lanes::<FpX4>(&product) };
        let mut special = self.special.iter().rev().peekable();
        for g in (0..acc.len()).rev() {
            let (p, q) = (&acc[g], &add[g]);
            let mut ninv = FpX4::ZERO;
            let dinv = unsafe {
                avx2::mul(&mut ninv, &inv, &self.prefix[g]);
                avx2::mul_assign(&mut inv, &self.norm[g]);
                F::over_norm(self.denom.get(g).unwrap_or(&F::ZERO), &ninv)
            };
            let s = special.next_if(|s| s.group == g);
            // Numerator: y2 - y1, or 3 x1^2 (see LaneField for the bounds).
            let mut num = unsafe { F::sub(&q.y, &p.y) };
            if let Some(s) = s {
                let tangent = s.mask(Kind::Tangent);
                if tangent != 0 {
                    let mut xx = F::ZERO;
                    unsafe {
                        F::sqr(&mut xx, &p.x);
                        let xx3 = F::add(&F::add(&xx, &xx), &xx);
                        num = F::select(tangent, &num, &xx3);
                    }
                }
            }
            let (mut l, mut t) = (F::ZERO, F::ZERO);
            let mut r = unsafe {
                F::mul(&mut l, &num, &dinv);
                F::sqr(&mut t, &l);
                let x3 = F::reduce(&F::sub(&t, &F::add(&p.x, &q.x)));
                F::mul(&mut t, &l, &F::sub(&p.x, &x3));
                let y3 = F::reduce(&F::sub(&t, &p.y));
                Affine4 { x: x3, y: y3 }
            };
            if let Some(s) = s {
                for (k, from) in [(Kind::TakeAdd, q), (Kind::KeepAcc, p), (Kind::Vanish, &Affine4::<F>::IDENTITY)] {
                    let m = s.mask(k);
                    if m != 0 {
                        unsafe {
                            r.x = F::select(m, &r.x, &from.x);
                            r.y = F::select(m, &r.y, &from.y);
                        }
                    }
                }
            }
            acc[g] = r;
        }
    }
}

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

/// The lane forms of points, for an MSM whose buckets stay in lane form:
/// each coordinate's lane value (per Fp coefficient: Montgomery with
/// R = 2^390, reduced, below 2^382) stored as six 64-bit words where the
/// `Fp` was ([`avx2::to_raw_ptrs`]). A lane form reloads with a cut into
/// limbs ([`avx2::from_raw_refs`]), without the shift, reduction and
/// Montgomery step of [`avx2::from_fp`] / [`avx2::to_fp`]. Only the
/// functions of this module read lane forms; the identity's is (0, 0).
///
/// With `parallel` the conversion runs on the current rayon pool, in
/// chunks of [`LANE_CHUNK`] points (at G1 2^18 it was ~12 ms of one
/// thread, the output's first touch included, ahead of windows that take
/// two threads).
#[target_feature(enable = "avx2")]
pub unsafe fn to_lane_forms<F: LaneField>(points: &[Affine<F::Curve>], parallel: bool) -> Vec<Affine<F::Curve>> {
    use rayon::prelude::*;
    // Every byte of an Affine is in x and y, which the conversion writes.
    const { assert!(core::mem::size_of::<Affine<F::Curve>>() == 2 * core::mem::size_of::<<F::Curve as Curve>::Base>()) };
    let mut out: Vec<Affine<F::Curve>> = Vec::with_capacity(points.len());
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
const LANE_CHUNK: usize = 4096;

/// The lane forms of `src` written to `dst` (same length; `dst` may be
/// uninitialised: x and y of each element are written, never read).
#[target_feature(enable = "avx2")]
unsafe fn lane_forms_into<F: LaneField>(src: &[Affine<F::Curve>], dst: &mut [core::mem::MaybeUninit<Affine<F::Curve>>]) {
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

/// Lane forms ([`to_lane_forms`]) back to points, in place.
#[target_feature(enable = "avx2")]
pub unsafe fn from_lane_forms<F: LaneField>(points: &mut [Affine<F::Curve>]) {
    for group in points.chunks_mut(4) {
        let identity = Affine::identity();
        let p = |k: usize| group.get(k).unwrap_or(&identity);
        // SAFETY: AVX2 is enabled here.
        let v = unsafe {
            Affine4 {
                x: F::from_raw([&p(0).x, &p(1).x, &p(2).x, &p(3).x]),
                y: F::from_raw([&p(0).y, &p(1).y, &p(2).y, &p(3).y]),
            }
            .to_affine()
        };
        group.copy_from_slice(&v[..group.len()]);
    }
}

/// How many groups ahead [`add_assign_indexed`] prefetches operands.
const PREFETCH_GROUPS: usize = 2;

/// The negation of a lane form (y negated by [`LaneField::negate_raw`]).
pub fn negate_lane_form<F: LaneField>(q: &Affine<F::Curve>) -> Affine<F::Curve> {
    Affine::from_raw(q.x, F::negate_raw(&q.y))
}

/// The negation of one Fp coefficient's raw form: y -> p - y, or 2p - y
/// for the lane values in [p, p (1 + 2^-12)) (reduced values need not be
/// below p); 0 stays 0. The result is below p, a reduced lane value.
pub(super) fn negate_raw(y: &Fp) -> Fp {
    let y = &y.0;
    if y.iter().all(|&w| w == 0) {
        return Fp(*y);
    }
    let p = &crate::field::fp::MODULUS;
    // y <= p: p - y; else 2p - y (y < 2p).
    let above = (0..6).rev().find(|&i| y[i] != p[i]).is_some_and(|i| y[i] > p[i]);
    let mut m = *p;
    if above {
        let mut carry = 0u64;
        for i in 0..6 {
            let (s, c1) = p[i].overflowing_add(p[i]);
            let (s, c2) = s.overflowing_add(carry);
            m[i] = s;
            carry = u64::from(c1) + u64::from(c2);
        }
    }
    let mut out = [0u64; 6];
    let mut borrow = 0u64;
    for i in 0..6 {
        let (d, b1) = m[i].overflowing_sub(y[i]);
        let (d, b2) = d.overflowing_sub(borrow);
        out[i] = d;
        borrow = u64::from(b1) + u64::from(b2);
    }
    Fp(out)
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
    acc: &mut [Affine<F::Curve>],
    add: &[Affine<F::Curve>],
    ops: &[LaneOp],
) {
    let identity = Affine::identity();
    s.acc.clear();
    s.add.clear();
    // The cache lines of one point (96 bytes on G1, 192 on G2).
    let lines = core::mem::size_of::<Affine<F::Curve>>().div_ceil(64);
    for (g, group) in ops.chunks(4).enumerate() {
        // The operands of a later group on their way to the cache (the
        // buckets of a large window and the points are beyond L2).
        for op in ops.iter().skip(4 * (g + PREFETCH_GROUPS)).take(4) {
            let (x, y) = (&acc[op.bucket as usize], &add[(op.point & !NEG) as usize]);
            for ptr in [x as *const Affine<F::Curve> as *const i8, y as *const Affine<F::Curve> as *const i8] {
                for line in 0..lines {
                    // A hint: no memory is accessed.
                    core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr.wrapping_add(64 * line));
                }
            }
        }
        let a = |k: usize| group.get(k).map_or(&identity, |op| &acc[op.bucket as usize]);
        let b = |k: usize| group.get(k).map_or(&identity, |op| &add[(op.point & !NEG) as usize]);
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
            targets[k] = Some(&mut acc[op.bucket as usize] as *mut Affine<F::Curve>);
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
unsafe fn store_lane_forms<F: LaneField>(v: &Affine4<F>, targets: [Option<*mut Affine<F::Curve>>; 4]) {
    // Where the lanes without a target go.
    let mut spare = [<Base<F> as BaseField>::ZERO; 8];
    let spare = spare.as_mut_ptr();
    // SAFETY (the projections): the caller's promise on `targets`.
    let xs = core::array::from_fn(|k| targets[k].map_or(spare.wrapping_add(k), |p| unsafe { &raw mut (*p).x }));
    let ys = core::array::from_fn(|k| targets[k].map_or(spare.wrapping_add(4 + k), |p| unsafe { &raw mut (*p).y }));
    // SAFETY: AVX2 (caller); distinct targets, or distinct elements of
    // `spare`.
    unsafe {
        v.x.to_raw(xs);
        v.y.to_raw(ys);
    }
}

/// The kinds of the four additions `p + q` (scalar code: the rare path).
#[target_feature(enable = "avx2")]
unsafe fn classify<F: LaneField>(p: &Affine4<F>, q: &Affine4<F>) -> [Kind; 4] {
    // SAFETY: AVX2 is enabled here.
    let (p, q) = unsafe { (p.to_affine(), q.to_affine()) };
    core::array::from_fn(|k| {
        let (p, q) = (&p[k], &q[k]);
        if bool::from(p.is_identity()) {
            Kind::TakeAdd
        } else if bool::from(q.is_identity()) {
            Kind::KeepAcc
        } else if !bool::from(p.x.ct_eq(&q.x)) {
            Kind::Chord
        } else if bool::from(p.y.ct_eq(&q.y)) {
            // y = 0 has no point on either curve (odd group orders).
            Kind::Tangent
        } else {
            Kind::Vanish
        }
    })
}

/// The inverses of the four lanes of `a` (all nonzero), reduced: one
/// scalar inversion for the four (`1/(a0 a1 a2 a3)`, then products).
#[target_feature(enable = "avx2")]
unsafe fn invert_lanes<F: LaneField>(a: &F) -> F {
    // SAFETY: AVX2 is enabled here.
    let [a0, a1, a2, a3] = unsafe { a.to_base() };
    let (a01, a23) = (a0.mul(&a1), a2.mul(&a3));
    // A product of nonzero elements: invertible.
    let inv = a01.mul(&a23).invert_vartime().unwrap_or(BaseField::ZERO);
    let (i01, i23) = (inv.mul(&a23), inv.mul(&a01));
    let i = [i01.mul(&a1), i01.mul(&a0), i23.mul(&a3), i23.mul(&a2)];
    // SAFETY: AVX2 is enabled here.
    unsafe { F::from_refs([&i[0], &i[1], &i[2], &i[3]]) }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::curve::Jacobian;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::arith::avx2::tests::have_avx2;

    /// The element a lane form's y stands for.
    fn lane_value(raw: &[u64; 6]) -> Fp {
        // SAFETY: AVX2 checked by the caller.
        Fp(unsafe { avx2::to_fp(&avx2::from_raw_refs([raw, raw, raw, raw]))[0] })
    }

    /// negate_lane_form on lane values below p, at p and just above it
    /// (reduced values reach p (1 + 2^-12)), and zero: the negated element,
    /// below p.
    #[test]
    fn negated_lane_forms() {
        if !have_avx2() {
            return;
        }
        let p = crate::field::fp::MODULUS;
        let add = |a: [u64; 6], t: u64, at: usize| {
            let mut r = a;
            let (s, c) = r[at].overflowing_add(t);
            r[at] = s;
            if c {
                r[at + 1] += 1;
            }
            r
        };
        let sub1 = |a: [u64; 6]| {
            let mut r = a;
            let mut i = 0;
            while r[i] == 0 {
                r[i] = u64::MAX;
                i += 1;
            }
            r[i] -= 1;
            r
        };
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut cases = vec![[0u64; 6], p, add(p, 1, 0), add(p, 1 << 40, 4), add(p, 1 << 20, 5), sub1(p), [1, 0, 0, 0, 0, 0]];
        for _ in 0..200 {
            let mut r: [u64; 6] = core::array::from_fn(|_| rng.gen());
            r[5] %= p[5];
            cases.push(r);
            cases.push(add(p, rng.gen::<u64>() >> 20, rng.gen_range(0..5)));
        }
        let x = Fp::ONE;
        for raw in cases {
            let q = Affine::from_raw(x, Fp(raw));
            let n = negate_lane_form::<FpX4>(&q);
            let below_p = (0..6).rev().find(|&i| n.y.0[i] != p[i]).is_some_and(|i| n.y.0[i] < p[i]);
            assert!(below_p, "negation of {raw:x?} not below p");
            assert_eq!(lane_value(&n.y.0), lane_value(&raw).neg(), "negation of {raw:x?}");
        }
    }

    /// `n` distinct points: a random start plus multiples of another
    /// random point, normalised together.
    fn points<C: Curve>(rng: &mut ChaCha8Rng, n: usize) -> Vec<Affine<C>> {
        let step = Jacobian::<C>::random(&mut *rng);
        let mut p = Jacobian::<C>::random(&mut *rng);
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(p);
            p = p.add(&step);
        }
        Jacobian::batch_normalize(&v)
    }

    /// The operands of one lane's addition.
    type Pair<C> = (Affine<C>, Affine<C>);

    /// The pair of one lane: random, or (one time in `rare`) an edge case.
    fn pair<C: Curve>(rng: &mut ChaCha8Rng, pts: &[Affine<C>], rare: u32) -> Pair<C> {
        let mut pick = || pts[rng.gen_range(0..pts.len())];
        let (a, b) = (pick(), pick());
        if rng.gen_range(0..rare) != 0 {
            return (a, b);
        }
        match rng.gen_range(0..5) {
            0 => (a, a),
            1 => (a, a.neg()),
            2 => (Affine::identity(), b),
            3 => (a, Affine::identity()),
            _ => (Affine::identity(), Affine::identity()),
        }
    }

    /// Runs `add_assign` on `groups` groups and checks every lane against
    /// the scalar complete addition; twice with the same scratch space
    /// (the second time adding to the first sums).
    fn check<F: LaneField>(rng: &mut ChaCha8Rng, pts: &[Affine<F::Curve>], groups: usize, rare: u32, batch: &mut BatchAdd<F>) {
        // The expected sums (starting as the accumulators) and the addends.
        let mut sums: Vec<[Affine<F::Curve>; 4]> = Vec::new();
        let mut adds: Vec<[Affine<F::Curve>; 4]> = Vec::new();
        for _ in 0..groups {
            let lanes: [Pair<F::Curve>; 4] = core::array::from_fn(|_| pair(rng, pts, rare));
            sums.push(lanes.map(|(a, _)| a));
            adds.push(lanes.map(|(_, b)| b));
        }
        // SAFETY (all unsafe blocks): AVX2 checked by the callers.
        let mut acc: Vec<Affine4<F>> = sums.iter().map(|a| unsafe { Affine4::from_affine(a) }).collect();
        for _round in 0..2 {
            let add: Vec<Affine4<F>> = adds.iter().map(|b| unsafe { Affine4::from_affine(b) }).collect();
            unsafe { batch.add_assign(&mut acc, &add) };
            for (g, (want, b)) in sums.iter_mut().zip(&adds).enumerate() {
                let got = unsafe { acc[g].to_affine() };
                for k in 0..4 {
                    want[k] = want[k].to_projective().add_affine(&b[k]).to_affine();
                    assert!(got[k] == want[k], "group {g} lane {k} of {groups}");
                }
            }
            // Second round: other addends, sometimes the sums themselves
            // (tangents, or the identity twice).
            for (g, b) in adds.iter_mut().enumerate() {
                for k in 0..4 {
                    b[k] = if rng.gen_range(0..rare.max(2)) == 0 { sums[g][k] } else { pair(rng, pts, rare).0 };
                }
            }
        }
    }

    /// [`BatchAdd::add_assign`] against the scalar addition: every kind
    /// of lane (chord, tangent, opposite, identities), alone and mixed in
    /// groups, for batches of every length class.
    pub(in crate::msm) fn matches_scalar_addition_on<F: LaneField>(seed: u64) {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let pts = points(&mut rng, 512);
        let mut batch = BatchAdd::<F>::new();
        for groups in [0, 1, 2, 3, 5, 64, 257] {
            for rare in [1, 8, 1000] {
                check(&mut rng, &pts, groups, rare, &mut batch);
            }
        }
        for _ in 0..20 {
            check(&mut rng, &pts, 256, 50, &mut batch);
        }
    }

    /// Points through [`Affine4`] and back, and through lane forms and
    /// back, with the identity in some lanes and partial groups.
    pub(in crate::msm) fn conversions_on<F: LaneField>(seed: u64) {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let pts = points::<F::Curve>(&mut rng, 64);
        for c in pts.chunks_exact(4) {
            let mut four: [Affine<F::Curve>; 4] = c.try_into().unwrap();
            four[rng.gen_range(0..4)] = Affine::identity();
            // SAFETY: AVX2 checked.
            let back = unsafe { Affine4::<F>::from_affine(&four).to_affine() };
            assert!(back == four);
        }
        for n in [0, 1, 3, 4, 5, 63] {
            let mut v = pts[..n].to_vec();
            if n > 2 {
                v[2] = Affine::identity();
            }
            // SAFETY: AVX2 checked.
            let mut forms = unsafe { to_lane_forms::<F>(&v, false) };
            unsafe { from_lane_forms::<F>(&mut forms) };
            assert!(forms == v, "{n} points");
        }
        // In parallel, over several chunks and a partial one: the same forms.
        let many: Vec<Affine<F::Curve>> = (0..2 * LANE_CHUNK + 7).map(|i| pts[(i * 7) % pts.len()]).collect();
        // SAFETY: AVX2 checked.
        let (one, par) = unsafe { (to_lane_forms::<F>(&many, false), to_lane_forms::<F>(&many, true)) };
        assert!(one == par);
        let mut back = par;
        unsafe { from_lane_forms::<F>(&mut back) };
        assert!(back == many);
    }

    /// [`add_assign_indexed`] on lane forms, signed points and partial
    /// groups, against scalar additions; also the negation of lane forms.
    pub(in crate::msm) fn indexed_on<F: LaneField>(seed: u64) {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pts = points::<F::Curve>(&mut rng, 40);
        pts[7] = Affine::identity();
        let mut scratch = Scratch::<F>::default();
        for n in [0, 1, 4, 7, 13, 20] {
            let mut buckets: Vec<Affine<F::Curve>> = (0..20).map(|i| pts[(3 * i) % 40]).collect();
            buckets[5] = Affine::identity();
            let mut ops = Vec::new();
            let mut want = buckets.clone();
            for (k, b) in rand::seq::index::sample(&mut rng, 20, n).into_iter().enumerate() {
                // Sometimes the bucket's own point, or its negation.
                let point = if k % 5 == 1 { (3 * b) % 40 } else { rng.gen_range(0..40) };
                let neg = rng.gen_bool(0.5);
                let q = if neg { pts[point].neg() } else { pts[point] };
                want[b] = want[b].to_projective().add_affine(&q).to_affine();
                ops.push(LaneOp { bucket: b as u32, point: point as u32 | if neg { NEG } else { 0 } });
            }
            // SAFETY: AVX2 checked.
            unsafe {
                let forms = to_lane_forms::<F>(&pts, true);
                let mut acc = to_lane_forms::<F>(&buckets, false);
                add_assign_indexed(&mut scratch, &mut acc, &forms, &ops);
                from_lane_forms::<F>(&mut acc);
                assert!(acc == want, "{n} ops");
                let mut neg: Vec<_> = forms.iter().map(negate_lane_form::<F>).collect();
                from_lane_forms::<F>(&mut neg);
                assert!(neg == pts.iter().map(|p| p.neg()).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn matches_scalar_addition() {
        matches_scalar_addition_on::<FpX4>(5);
    }

    #[test]
    fn conversions() {
        conversions_on::<FpX4>(6);
    }

    #[test]
    fn indexed() {
        indexed_on::<FpX4>(7);
    }

    #[test]
    #[should_panic]
    fn lengths_must_match() {
        if !have_avx2() {
            panic!("skipped");
        }
        let mut acc = vec![Affine4::<FpX4>::IDENTITY; 2];
        // SAFETY: AVX2 checked.
        unsafe { BatchAdd::new().add_assign(&mut acc, &[Affine4::IDENTITY]) };
    }
}
