//! Affine additions of curve points several at a time on the lane
//! kernels ([`crate::arith::avx2`]: four lanes; [`crate::arith::avx512f`]
//! and [`crate::arith::avx512_ifma`]: eight), for the affine bucket accumulation of the MSM
//! (batch_affine.rs), generic over [`LaneField`]: the coordinates of
//! `LANES` points side by side, one Fp lane vector on G1 (fp.rs) and two
//! on G2 (g2.rs).
//!
//! [`BatchAdd::add_assign`] takes groups of `LANES` additions
//! `acc[g] += add[g]` (lane by lane) and does them all with one shared
//! inversion, as the scalar `Batch` of batch_affine.rs: a forward pass
//! takes the running product of the denominators' norms to Fp (the
//! denominators themselves on G1, `d0^2 + d1^2` on G2, so that the chain
//! is of Fp products on both) lane-wise (`LANES` independent chains
//! across the groups), the lanes of the product are inverted as scalars
//! (one inversion and `3 (LANES - 1)` products), and a backward pass
//! recovers each inverse norm, hence each inverse denominator (on G2
//! `1/d = conj(d) / N(d)`), and finishes the additions. Per addition: 3
//! Fp products for the inversion and the chord's 2M + 1S
//! (`l = (y2 - y1) / (x2 - x1)`, `x3 = l^2 - x1 - x2`,
//! `y3 = l (x1 - x3) - y1`), each lane product costing a fraction of a
//! scalar one.
//!
//! Every case of the affine addition is handled, lane by lane: the chord,
//! equal points (the tangent, `l = 3 x1^2 / (2 y1)`; neither curve has a
//! point with `y = 0`: their groups of points have odd order), opposite
//! points (the sum is the identity) and the identity on either side. The
//! identity is (0, 0) as in [`Affine`] (no point of either curve has
//! `x = 0` and `y = 0`). Groups whose lanes are all chords take the
//! vector path only; a group with any other lane is classified in scalar
//! code and patched with lane selects.
//!
//! Variable time (branches on the kinds of the additions): for public
//! data, as the MSM.
//!
//! Every function here is `unsafe` for one reason: the caller must have
//! checked that the CPU has the kernel's instructions
//! ([`LaneField::available`]). The public ones enter the kernel's target
//! features ([`LaneField::enter`]); the helpers they call are inlined into
//! them (`#[inline(always)]`), so that the kernel's operations inline too.
#![allow(clippy::missing_safety_doc)]

use crate::curve::{Affine, BaseField, Curve};
use subtle::ConstantTimeEq;

/// The most lanes of any [`LaneField`]: the length of the arrays that
/// pass lanes' coordinates (only the first `LANES` are read or meant).
pub const MAX_LANES: usize = 8;

/// The coordinate of a curve's points, `LANES` side by side on a lane
/// kernel, and the lane operations [`BatchAdd`] needs: those of the
/// kernel, each implementation stating its own bounds. Values are
/// *reduced* (every coordinate of a lane below `p (1 + 2^-12)`, as the
/// kernels' `reduce` leaves them) where the additions load and store
/// them; in between [`BatchAdd`] feeds the products with reduced values,
/// differences of two (`sub`: below `5.01p` each on AVX2, `17.01p` on
/// IFMA), products, and `3 x^2`, which each implementation's bounds admit
/// (checked in its doc).
///
/// The slices passed to the conversions hold exactly `LANES` entries.
pub trait LaneField: Copy + PartialEq + core::fmt::Debug {
    /// The curve whose coordinates these are.
    type Curve: Curve;
    /// Lanes of Fp on the same kernel: where the norms of the
    /// denominators go ([`LaneField::norm`]).
    type Norm: LaneField<Norm = Self::Norm>;
    /// Elements per vector.
    const LANES: usize;
    /// Zero in every lane.
    const ZERO: Self;
    /// One in every lane (normalised, reduced).
    const ONE: Self;
    /// Whether the CPU runs this kernel.
    fn available() -> bool;
    /// `f()` with the kernel's target features enabled: the entry of every
    /// public function of the lane path, so that the kernel's operations
    /// inline into it (a generic function cannot carry them itself).
    unsafe fn enter<R>(f: impl FnOnce() -> R) -> R;
    /// `LANES` coordinates into lanes (a gather), reduced.
    unsafe fn from_refs(x: &[&Base<Self>]) -> Self;
    /// The coordinates back (lane values below `2^386`): the first
    /// `LANES` entries (the others zero).
    unsafe fn to_base(&self) -> [Base<Self>; MAX_LANES];
    /// Lanes from raw forms (the kernel's `from_raw_refs` per coefficient):
    /// the lane values kept in a coordinate's words.
    unsafe fn from_raw(x: &[&Base<Self>]) -> Self;
    /// The raw forms of reduced lanes, into `LANES` coordinates' words (the
    /// kernel's `to_raw_ptrs`; each target valid for writes, distinct).
    unsafe fn to_raw(&self, out: &[*mut Base<Self>]);
    /// The negation of a raw form, below p per coefficient (`negate_raw`
    /// of forms.rs).
    fn negate_raw(y: &Base<Self>) -> Base<Self>;
    /// `a + b`.
    unsafe fn add(a: &Self, b: &Self) -> Self;
    /// `a - b` (plus a multiple of p).
    unsafe fn sub(a: &Self, b: &Self) -> Self;
    /// Reduced.
    unsafe fn reduce(a: &Self) -> Self;
    /// `out = a b`.
    unsafe fn mul(out: &mut Self, a: &Self, b: &Self);
    /// `a = a b`.
    unsafe fn mul_assign(a: &mut Self, b: &Self);
    /// `out = a^2`.
    unsafe fn sqr(out: &mut Self, a: &Self);
    /// The lanes of a reduced `a` that are zero, as a mask (bit `k` for
    /// lane `k`).
    unsafe fn is_zero(a: &Self) -> u8;
    /// Lane `k` of `b` where bit `k` of `mask` is set, of `a` elsewhere.
    unsafe fn select(mask: u8, a: &Self, b: &Self) -> Self;
    /// The norm to Fp of a reduced `d` (zero only for zero), whose
    /// inverses the shared inversion finds: `d` itself on G1. Below `4p`.
    unsafe fn norm(d: &Self) -> Self::Norm;
    /// `1/d` from `ninv = 1/norm(d)` (a product, below `2p`): `ninv` on G1.
    unsafe fn over_norm(d: &Self, ninv: &Self::Norm) -> Self;
    /// Whether the norm is `d` itself and [`LaneField::over_norm`] does not
    /// read `d` (G1): [`BatchAdd`] then keeps the norms only (a second copy
    /// would only add memory traffic to the batched additions).
    const NORM_IS_SELF: bool;
}

/// The coordinate field of a [`LaneField`]'s curve (Fp or Fp2).
pub(super) type Base<F> = <<F as LaneField>::Curve as Curve>::Base;

/// `LANES` affine points in lane form: `x`, `y` reduced (see
/// [`LaneField`]); the identity is (0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AffineLanes<F> {
    /// The x coordinates.
    pub x: F,
    /// The y coordinates.
    pub y: F,
}

impl<F: LaneField> AffineLanes<F> {
    /// The identity in every lane.
    pub const IDENTITY: AffineLanes<F> = AffineLanes { x: F::ZERO, y: F::ZERO };

    /// `LANES` points in lane form.
    ///
    /// # Panics
    /// If `p` does not hold `LANES` points.
    #[cfg(any(test, feature = "internals"))]
    pub unsafe fn from_affine(p: &[Affine<F::Curve>]) -> AffineLanes<F> {
        assert_eq!(p.len(), F::LANES, "AffineLanes::from_affine: not one point per lane");
        let xs: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &p[k.min(F::LANES - 1)].x);
        let ys: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &p[k.min(F::LANES - 1)].y);
        // SAFETY: the caller checked the kernel.
        unsafe { F::enter(|| AffineLanes { x: F::from_refs(&xs[..F::LANES]), y: F::from_refs(&ys[..F::LANES]) }) }
    }

    /// The points back (the first `LANES`; the others the identity).
    #[inline(always)]
    pub unsafe fn to_affine(&self) -> [Affine<F::Curve>; MAX_LANES] {
        // SAFETY: the caller checked the kernel.
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
    kinds: [Kind; MAX_LANES],
}

impl Special {
    /// The lanes of kind `k`, as a mask.
    fn mask(&self, k: Kind) -> u8 {
        (0..MAX_LANES).filter(|&l| self.kinds[l] == k).fold(0, |m, l| m | 1 << l)
    }
}

/// Scratch space of [`BatchAdd::add_assign`], kept between calls.
pub struct BatchAdd<F: LaneField> {
    /// Per group: the denominators (1 in the lanes without one; none kept
    /// when [`LaneField::NORM_IS_SELF`]), their norms, and the product of
    /// the norms of the groups before it.
    denom: Vec<F>,
    norm: Vec<F::Norm>,
    prefix: Vec<F::Norm>,
    special: Vec<Special>,
}

impl<F: LaneField> Default for BatchAdd<F> {
    fn default() -> Self {
        BatchAdd { denom: Vec::new(), norm: Vec::new(), prefix: Vec::new(), special: Vec::new() }
    }
}

impl<F: LaneField> BatchAdd<F> {
    /// Empty scratch space.
    #[cfg(any(test, feature = "internals"))]
    pub fn new() -> Self {
        Self::default()
    }

    /// `acc[g] += add[g]` in each lane of each group, with one shared
    /// inversion. Inputs as [`AffineLanes`] (reduced coordinates; the
    /// identity allowed anywhere); the sums are reduced too. Variable time.
    ///
    /// # Panics
    /// If the slices differ in length.
    #[cfg(any(test, feature = "internals"))]
    pub unsafe fn add_assign(&mut self, acc: &mut [AffineLanes<F>], add: &[AffineLanes<F>]) {
        assert_eq!(acc.len(), add.len(), "lanes::BatchAdd::add_assign: lengths differ");
        // SAFETY: the caller checked the kernel.
        unsafe { F::enter(|| self.add_assign_in(acc, add)) }
    }

    /// [`BatchAdd::add_assign`] on the first `min(acc.len(), add.len())`
    /// groups (the callers pass equal lengths), inlined into its callers
    /// (which have entered the kernel's features). No panic path: the
    /// indices are below that common length.
    #[inline(always)]
    pub(super) unsafe fn add_assign_in(&mut self, acc: &mut [AffineLanes<F>], add: &[AffineLanes<F>]) {
        debug_assert_eq!(acc.len(), add.len(), "lanes::BatchAdd::add_assign: lengths differ");
        let n = acc.len().min(add.len());
        let (acc, add) = (&mut acc[..n], &add[..n]);
        self.denom.clear();
        self.norm.clear();
        self.prefix.clear();
        self.special.clear();
        // SAFETY (every unsafe block below): the caller checked the kernel.
        let mut product = F::Norm::ONE;
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
            unsafe { F::Norm::mul_assign(&mut product, &n) };
            self.norm.push(n);
            if !F::NORM_IS_SELF {
                self.denom.push(d);
            }
        }
        let mut inv = unsafe { invert_lanes::<F::Norm>(&product) };
        let mut special = self.special.iter().rev().peekable();
        for g in (0..acc.len()).rev() {
            let (p, q) = (&acc[g], &add[g]);
            let mut ninv = F::Norm::ZERO;
            let dinv = unsafe {
                F::Norm::mul(&mut ninv, &inv, &self.prefix[g]);
                F::Norm::mul_assign(&mut inv, &self.norm[g]);
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
                AffineLanes { x: x3, y: y3 }
            };
            if let Some(s) = s {
                for (k, from) in [(Kind::TakeAdd, q), (Kind::KeepAcc, p), (Kind::Vanish, &AffineLanes::<F>::IDENTITY)] {
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

/// The kinds of the additions `p + q`, lane by lane (scalar code: the
/// rare path; lanes beyond `LANES` are reported as chords and never read).
#[inline(never)]
unsafe fn classify<F: LaneField>(p: &AffineLanes<F>, q: &AffineLanes<F>) -> [Kind; MAX_LANES] {
    // SAFETY: the caller checked the kernel.
    let (p, q) = unsafe { F::enter(|| (p.to_affine(), q.to_affine())) };
    core::array::from_fn(|k| {
        let (p, q) = (&p[k], &q[k]);
        if k >= F::LANES {
            Kind::Chord
        } else if bool::from(p.is_identity()) {
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

/// The inverses of the lanes of `a` (all nonzero), reduced: one scalar
/// inversion for all (Montgomery's trick over the lanes).
#[inline(never)]
unsafe fn invert_lanes<F: LaneField>(a: &F) -> F {
    // SAFETY: the caller checked the kernel.
    let a = unsafe { F::enter(|| a.to_base()) };
    let n = F::LANES;
    // prefix[k] = a_0 ... a_(k-1).
    let mut prefix = [<Base<F> as BaseField>::ONE; MAX_LANES];
    for k in 1..n {
        prefix[k] = prefix[k - 1].mul(&a[k - 1]);
    }
    // A product of nonzero elements: invertible.
    let mut inv = prefix[n - 1].mul(&a[n - 1]).invert_vartime().unwrap_or(BaseField::ZERO);
    let mut out = [<Base<F> as BaseField>::ZERO; MAX_LANES];
    for k in (0..n).rev() {
        out[k] = inv.mul(&prefix[k]);
        inv = inv.mul(&a[k]);
    }
    let refs: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &out[k]);
    // SAFETY: the caller checked the kernel.
    unsafe { F::enter(|| F::from_refs(&refs[..n])) }
}
