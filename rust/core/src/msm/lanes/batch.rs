//! Affine additions of curve points four at a time on the AVX2 lane
//! kernels ([`crate::arith::avx2`]), for the affine bucket accumulation
//! of the MSM (batch_affine.rs), generic over [`LaneField`]: the
//! coordinates of four points side by side, [`FpX4`] for G1 (this file)
//! and two of them for G2 ([`super::Fp2X4`], g2.rs).
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

use super::forms::negate_raw;
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
    #[cfg(any(test, feature = "internals"))]
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
    /// read `d` (G1): [`BatchAdd`] then keeps the norms only (a second copy
    /// would only add memory traffic to the batched additions).
    const NORM_IS_SELF: bool;
}

/// The coordinate field of a [`LaneField`]'s curve (Fp or Fp2).
pub(super) type Base<F> = <<F as LaneField>::Curve as Curve>::Base;

/// Methods of [`LaneField`] that are one `avx2` kernel call (inlined,
/// AVX2 enabled; the callers have checked AVX2).
macro_rules! avx2_forward {
    ($($(#[$m:meta])* $f:ident($($a:ident: $t:ty),*) $(-> $r:ty)? => $body:expr;)*) => {$(
        $(#[$m])*
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn $f($($a: $t),*) $(-> $r)? {
            // SAFETY: AVX2 is enabled here.
            unsafe { $body }
        }
    )*};
}

/// G1's coordinates: the lane operations of [`avx2`], with its bounds:
/// products need `a b < p 2^390` (here at most `6p` times `2p`: `3 x^2`,
/// or a difference below `5.01p`, times a product) and give below `2p`.
impl LaneField for FpX4 {
    type Curve = G1;
    const ZERO: FpX4 = FpX4::ZERO;
    const ONE: FpX4 = FpX4::ONE;
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn to_base(&self) -> [Fp; 4] {
        // SAFETY: AVX2 is enabled here.
        unsafe { avx2::to_fp(self).map(Fp) }
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
    avx2_forward! {
        from_refs(x: [&Fp; 4]) -> FpX4 => avx2::from_fp_refs(x.map(|x| &x.0));
        from_raw(x: [&Fp; 4]) -> FpX4 => avx2::from_raw_refs(x.map(|x| &x.0));
        add(a: &FpX4, b: &FpX4) -> FpX4 => avx2::add(a, b);
        sub(a: &FpX4, b: &FpX4) -> FpX4 => avx2::sub(a, b);
        reduce(a: &FpX4) -> FpX4 => avx2::reduce(a);
        mul(out: &mut FpX4, a: &FpX4, b: &FpX4) => avx2::mul(out, a, b);
        #[cfg(any(test, feature = "internals"))]
        mul_assign(a: &mut FpX4, b: &FpX4) => avx2::mul_assign(a, b);
        sqr(out: &mut FpX4, a: &FpX4) => avx2::sqr(out, a);
        is_zero(a: &FpX4) -> u8 => avx2::is_zero(a);
        select(mask: u8, a: &FpX4, b: &FpX4) -> FpX4 => avx2::select(mask, a, b);
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
    #[cfg(any(test, feature = "internals"))]
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
    #[cfg(any(test, feature = "internals"))]
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
