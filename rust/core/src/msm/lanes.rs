//! Affine additions of G1 points four at a time on the AVX2 lane kernels
//! ([`crate::arith::avx2`]): a building block for the affine bucket
//! accumulation (batch_affine.rs), which does not use it yet.
//!
//! [`BatchAdd::add_assign`] takes groups of four additions
//! `acc[g] += add[g]` (lane by lane) and does them all with one shared
//! inversion, as the scalar `Batch` of batch_affine.rs: a forward pass
//! takes the running product of the denominators (lane-wise: four
//! independent chains across the groups), the four lanes of the product
//! are inverted as scalars (one inversion and nine products), and a
//! backward pass recovers each inverse denominator and finishes the
//! additions. Per addition: 3 products for the inversion and the chord's
//! 2M + 1S (`l = (y2 - y1) / (x2 - x1)`, `x3 = l^2 - x1 - x2`,
//! `y3 = l (x1 - x3) - y1`), each lane product costing about half a
//! scalar one.
//!
//! Every case of the affine addition is handled, lane by lane: the chord,
//! equal points (the tangent, `l = 3 x1^2 / (2 y1)`; G1's curve has no
//! point with `y = 0`), opposite points (the sum is the identity) and the
//! identity on either side. The identity is (0, 0) as in [`Affine`] (no
//! point of the curve has `x = 0` and `y = 0`). Groups whose four lanes
//! are chords take the vector path only; a group with any other lane is
//! classified in scalar code and patched with lane selects.
//!
//! Variable time (branches on the kinds of the additions): for public
//! data, as the MSM.
//!
//! Every function here is `unsafe` for one reason: the caller must have
//! checked that the CPU has AVX2.
#![allow(clippy::missing_safety_doc)]

use super::{LaneOp, NEG};
use crate::arith::avx2::{self, Fp4};
use crate::curve::{Affine, G1Affine};
use crate::Fp;

/// Four affine G1 points in lane form: `x`, `y` reduced (below
/// `p (1 + 2^-12)`, see [`avx2`]); the identity is (0, 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine4 {
    /// The x coordinates.
    pub x: Fp4,
    /// The y coordinates.
    pub y: Fp4,
}

impl Affine4 {
    /// The identity in every lane.
    pub const IDENTITY: Affine4 = Affine4 { x: Fp4::ZERO, y: Fp4::ZERO };

    /// Four points in lane form.
    #[target_feature(enable = "avx2")]
    pub unsafe fn from_affine(p: &[G1Affine; 4]) -> Affine4 {
        let x = [p[0].x, p[1].x, p[2].x, p[3].x];
        let y = [p[0].y, p[1].y, p[2].y, p[3].y];
        // SAFETY: AVX2 is enabled here.
        unsafe { Affine4 { x: avx2::from_fp(&x), y: avx2::from_fp(&y) } }
    }

    /// The four points back.
    #[target_feature(enable = "avx2")]
    pub unsafe fn to_affine(&self) -> [G1Affine; 4] {
        // SAFETY: AVX2 is enabled here.
        let (x, y) = unsafe { (avx2::to_fp(&self.x), avx2::to_fp(&self.y)) };
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
#[derive(Default)]
pub struct BatchAdd {
    /// Per group: the denominators (1 in the lanes without one), and the
    /// product of the denominators of the groups before it.
    denom: Vec<Fp4>,
    prefix: Vec<Fp4>,
    special: Vec<Special>,
}

impl BatchAdd {
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
    pub unsafe fn add_assign(&mut self, acc: &mut [Affine4], add: &[Affine4]) {
        assert_eq!(acc.len(), add.len(), "lanes::BatchAdd::add_assign: lengths differ");
        self.denom.clear();
        self.prefix.clear();
        self.special.clear();
        // SAFETY (every unsafe block below): AVX2 is enabled here.
        let mut product = Fp4::ONE;
        for (g, (p, q)) in acc.iter().zip(add).enumerate() {
            let mut d = unsafe { avx2::reduce(&avx2::sub(&q.x, &p.x)) };
            let suspect = unsafe { avx2::is_zero(&d) | avx2::is_zero(&p.x) | avx2::is_zero(&q.x) };
            if suspect != 0 {
                let s = Special { group: g, kinds: unsafe { classify(p, q) } };
                let tangent = s.mask(Kind::Tangent);
                let none = s.mask(Kind::Vanish) | s.mask(Kind::TakeAdd) | s.mask(Kind::KeepAcc);
                if tangent != 0 {
                    d = unsafe { avx2::select(tangent, &d, &avx2::reduce(&avx2::add(&p.y, &p.y))) };
                }
                d = unsafe { avx2::select(none, &d, &Fp4::ONE) };
                if tangent | none != 0 {
                    self.special.push(s);
                }
            }
            self.prefix.push(product);
            unsafe { avx2::mul_assign(&mut product, &d) };
            self.denom.push(d);
        }
        let mut inv = unsafe { invert_lanes(&product) };
        let mut special = self.special.iter().rev().peekable();
        for g in (0..acc.len()).rev() {
            let (p, q) = (&acc[g], &add[g]);
            let mut dinv = Fp4::ZERO;
            unsafe {
                avx2::mul(&mut dinv, &inv, &self.prefix[g]);
                avx2::mul_assign(&mut inv, &self.denom[g]);
            }
            let s = special.next_if(|s| s.group == g);
            // Numerator: y2 - y1 (below 5.01p), or 3 x1^2 (below 6p).
            let mut num = unsafe { avx2::sub(&q.y, &p.y) };
            if let Some(s) = s {
                let tangent = s.mask(Kind::Tangent);
                if tangent != 0 {
                    let mut xx = Fp4::ZERO;
                    unsafe {
                        avx2::sqr(&mut xx, &p.x);
                        let xx3 = avx2::add(&avx2::add(&xx, &xx), &xx);
                        num = avx2::select(tangent, &num, &xx3);
                    }
                }
            }
            let (mut l, mut t) = (Fp4::ZERO, Fp4::ZERO);
            let mut r = unsafe {
                avx2::mul(&mut l, &num, &dinv);
                avx2::sqr(&mut t, &l);
                let x3 = avx2::reduce(&avx2::sub(&t, &avx2::add(&p.x, &q.x)));
                avx2::mul(&mut t, &l, &avx2::sub(&p.x, &x3));
                let y3 = avx2::reduce(&avx2::sub(&t, &p.y));
                Affine4 { x: x3, y: y3 }
            };
            if let Some(s) = s {
                for (k, from) in [(Kind::TakeAdd, q), (Kind::KeepAcc, p), (Kind::Vanish, &Affine4::IDENTITY)] {
                    let m = s.mask(k);
                    if m != 0 {
                        unsafe {
                            r.x = avx2::select(m, &r.x, &from.x);
                            r.y = avx2::select(m, &r.y, &from.y);
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
#[derive(Default)]
pub struct Scratch {
    adder: BatchAdd,
    acc: Vec<Affine4>,
    add: Vec<Affine4>,
}

/// The lane forms of G1 points, for an MSM whose buckets stay in lane
/// form: each coordinate's lane value (Montgomery with R = 2^390, reduced,
/// below 2^382) stored as six 64-bit words where the `Fp` was
/// ([`avx2::to_raw_ptrs`]). A lane form reloads with a cut into limbs
/// ([`avx2::from_raw_refs`]), without the shift, reduction and Montgomery
/// step of [`avx2::from_fp`] / [`avx2::to_fp`]. Only the functions of this
/// module read lane forms; the identity's is (0, 0).
#[target_feature(enable = "avx2")]
pub unsafe fn to_lane_forms(points: &[G1Affine]) -> Vec<G1Affine> {
    let mut out = vec![G1Affine::identity(); points.len()];
    let identity = G1Affine::identity();
    for (group, dst) in points.chunks(4).zip(out.chunks_mut(4)) {
        let p = |k: usize| group.get(k).unwrap_or(&identity);
        let mut targets = [None; 4];
        for (k, q) in dst.iter_mut().enumerate() {
            targets[k] = Some(q as *mut G1Affine);
        }
        // SAFETY: AVX2 is enabled here; distinct elements of `out`.
        unsafe {
            let v = Affine4 {
                x: avx2::from_fp_refs([&p(0).x, &p(1).x, &p(2).x, &p(3).x]),
                y: avx2::from_fp_refs([&p(0).y, &p(1).y, &p(2).y, &p(3).y]),
            };
            store_lane_forms(&v, targets);
        }
    }
    out
}

/// Lane forms ([`to_lane_forms`]) back to points, in place.
#[target_feature(enable = "avx2")]
pub unsafe fn from_lane_forms(points: &mut [G1Affine]) {
    for group in points.chunks_mut(4) {
        let identity = G1Affine::identity();
        let p = |k: usize| group.get(k).unwrap_or(&identity);
        // SAFETY (both blocks): AVX2 is enabled here.
        let (x, y) = unsafe {
            (
                avx2::from_raw_refs([&p(0).x.0, &p(1).x.0, &p(2).x.0, &p(3).x.0]),
                avx2::from_raw_refs([&p(0).y.0, &p(1).y.0, &p(2).y.0, &p(3).y.0]),
            )
        };
        let (x, y) = unsafe { (avx2::to_fp(&x), avx2::to_fp(&y)) };
        for (k, q) in group.iter_mut().enumerate() {
            *q = Affine::from_raw(x[k], y[k]);
        }
    }
}

/// How many groups ahead [`add_assign_indexed`] prefetches operands.
const PREFETCH_GROUPS: usize = 2;

/// The negation of a lane form: y -> p - y, or 2p - y for the lane
/// values in [p, p (1 + 2^-12)) (reduced values need not be below p); 0
/// stays 0. The result is below p, a reduced lane value.
pub fn negate_lane_form(q: &G1Affine) -> G1Affine {
    let y = &q.y.0;
    if y.iter().all(|&w| w == 0) {
        return *q;
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
    Affine::from_raw(q.x, Fp(out))
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
pub unsafe fn add_assign_indexed(s: &mut Scratch, acc: &mut [G1Affine], add: &[G1Affine], ops: &[LaneOp]) {
    let identity = G1Affine::identity();
    s.acc.clear();
    s.add.clear();
    for (g, group) in ops.chunks(4).enumerate() {
        // The operands of a later group on their way to the cache (the
        // buckets of a large window and the points are beyond L2).
        for op in ops.iter().skip(4 * (g + PREFETCH_GROUPS)).take(4) {
            let (x, y) = (&acc[op.bucket as usize], &add[(op.point & !NEG) as usize]);
            for ptr in [x as *const G1Affine as *const i8, y as *const G1Affine as *const i8] {
                // The two cache lines of a 96-byte point (a hint: no
                // memory is accessed).
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr);
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(ptr.wrapping_add(64));
            }
        }
        let a = |k: usize| group.get(k).map_or(&identity, |op| &acc[op.bucket as usize]);
        let b = |k: usize| group.get(k).map_or(&identity, |op| &add[(op.point & !NEG) as usize]);
        let neg = group.iter().enumerate().fold(0u8, |m, (k, op)| m | (u8::from(op.point & NEG != 0) << k));
        // SAFETY (every unsafe block here): AVX2 is enabled here.
        unsafe {
            s.acc.push(Affine4 {
                x: avx2::from_raw_refs([&a(0).x.0, &a(1).x.0, &a(2).x.0, &a(3).x.0]),
                y: avx2::from_raw_refs([&a(0).y.0, &a(1).y.0, &a(2).y.0, &a(3).y.0]),
            });
            let mut y = avx2::from_raw_refs([&b(0).y.0, &b(1).y.0, &b(2).y.0, &b(3).y.0]);
            if neg != 0 {
                // -y = 4p - y, reduced.
                y = avx2::select(neg, &y, &avx2::reduce(&avx2::sub(&Fp4::ZERO, &y)));
            }
            s.add.push(Affine4 { x: avx2::from_raw_refs([&b(0).x.0, &b(1).x.0, &b(2).x.0, &b(3).x.0]), y });
        }
    }
    unsafe { s.adder.add_assign(&mut s.acc, &s.add) };
    for (group, sums) in ops.chunks(4).zip(&s.acc) {
        let mut targets = [None; 4];
        for (k, op) in group.iter().enumerate() {
            targets[k] = Some(&mut acc[op.bucket as usize] as *mut G1Affine);
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
unsafe fn store_lane_forms(v: &Affine4, targets: [Option<*mut G1Affine>; 4]) {
    // Where the lanes without a target go.
    let mut spare = [[0u64; 6]; 8];
    let spare = spare.as_mut_ptr();
    // SAFETY (the projections): the caller's promise on `targets`.
    let xs = core::array::from_fn(|k| targets[k].map_or(spare.wrapping_add(k), |p| unsafe { &raw mut (*p).x.0 }));
    let ys = core::array::from_fn(|k| targets[k].map_or(spare.wrapping_add(4 + k), |p| unsafe { &raw mut (*p).y.0 }));
    // SAFETY: AVX2 (caller); distinct targets, or distinct elements of
    // `spare`.
    unsafe {
        avx2::to_raw_ptrs(&v.x, xs);
        avx2::to_raw_ptrs(&v.y, ys);
    }
}

/// The kinds of the four additions `p + q` (scalar code: the rare path).
#[target_feature(enable = "avx2")]
unsafe fn classify(p: &Affine4, q: &Affine4) -> [Kind; 4] {
    // SAFETY: AVX2 is enabled here.
    let (p, q) = unsafe { (p.to_affine(), q.to_affine()) };
    core::array::from_fn(|k| {
        let (p, q) = (&p[k], &q[k]);
        if bool::from(p.is_identity()) {
            Kind::TakeAdd
        } else if bool::from(q.is_identity()) {
            Kind::KeepAcc
        } else if p.x != q.x {
            Kind::Chord
        } else if p.y == q.y {
            // y = 0 has no point on G1's curve (its group order is odd).
            Kind::Tangent
        } else {
            Kind::Vanish
        }
    })
}

/// The inverses of the four lanes of `a` (all nonzero), reduced: one
/// scalar inversion for the four (`1/(a0 a1 a2 a3)`, then products).
#[target_feature(enable = "avx2")]
unsafe fn invert_lanes(a: &Fp4) -> Fp4 {
    // SAFETY: AVX2 is enabled here.
    let [a0, a1, a2, a3] = unsafe { avx2::to_fp(a) };
    let (a01, a23) = (a0 * a1, a2 * a3);
    // A product of nonzero elements: invertible.
    let inv = (a01 * a23).invert_vartime().unwrap_or(Fp::ZERO);
    let (i01, i23) = (inv * a23, inv * a01);
    // SAFETY: AVX2 is enabled here.
    unsafe { avx2::from_fp(&[i01 * a1, i01 * a0, i23 * a3, i23 * a2]) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::{G1Projective, Jacobian};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use crate::arith::avx2::tests::have_avx2;

    /// The element a lane form's y stands for.
    fn lane_value(raw: &[u64; 6]) -> Fp {
        // SAFETY: AVX2 checked by the caller.
        unsafe { avx2::to_fp(&avx2::from_raw_refs([raw, raw, raw, raw]))[0] }
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
            let n = negate_lane_form(&q);
            let below_p = (0..6).rev().find(|&i| n.y.0[i] != p[i]).is_some_and(|i| n.y.0[i] < p[i]);
            assert!(below_p, "negation of {raw:x?} not below p");
            assert_eq!(lane_value(&n.y.0), lane_value(&raw).neg(), "negation of {raw:x?}");
        }
    }

    /// `n` distinct points: a random start plus multiples of another
    /// random point, normalised together.
    fn points(rng: &mut ChaCha8Rng, n: usize) -> Vec<G1Affine> {
        let step = G1Projective::random(&mut *rng);
        let mut p = G1Projective::random(&mut *rng);
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(p);
            p = p.add(&step);
        }
        Jacobian::batch_normalize(&v)
    }

    /// The pair of one lane: random, or (one time in `rare`) an edge case.
    fn pair(rng: &mut ChaCha8Rng, pts: &[G1Affine], rare: u32) -> (G1Affine, G1Affine) {
        let mut pick = || pts[rng.gen_range(0..pts.len())];
        let (a, b) = (pick(), pick());
        if rng.gen_range(0..rare) != 0 {
            return (a, b);
        }
        match rng.gen_range(0..5) {
            0 => (a, a),
            1 => (a, a.neg()),
            2 => (G1Affine::identity(), b),
            3 => (a, G1Affine::identity()),
            _ => (G1Affine::identity(), G1Affine::identity()),
        }
    }

    /// Runs `add_assign` on `groups` groups and checks every lane against
    /// the scalar complete addition; twice with the same scratch space
    /// (the second time adding to the first sums).
    fn check(rng: &mut ChaCha8Rng, pts: &[G1Affine], groups: usize, rare: u32, batch: &mut BatchAdd) {
        // The expected sums (starting as the accumulators) and the addends.
        let mut sums: Vec<[G1Affine; 4]> = Vec::new();
        let mut adds: Vec<[G1Affine; 4]> = Vec::new();
        for _ in 0..groups {
            let lanes: [(G1Affine, G1Affine); 4] = core::array::from_fn(|_| pair(rng, pts, rare));
            sums.push(lanes.map(|(a, _)| a));
            adds.push(lanes.map(|(_, b)| b));
        }
        // SAFETY (all unsafe blocks): AVX2 checked by the callers.
        let mut acc: Vec<Affine4> = sums.iter().map(|a| unsafe { Affine4::from_affine(a) }).collect();
        for _round in 0..2 {
            let add: Vec<Affine4> = adds.iter().map(|b| unsafe { Affine4::from_affine(b) }).collect();
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

    #[test]
    fn matches_scalar_addition() {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let pts = points(&mut rng, 512);
        let mut batch = BatchAdd::new();
        for groups in [0, 1, 2, 3, 5, 64, 257] {
            for rare in [1, 8, 1000] {
                check(&mut rng, &pts, groups, rare, &mut batch);
            }
        }
        for _ in 0..20 {
            check(&mut rng, &pts, 256, 50, &mut batch);
        }
    }

    #[test]
    fn conversions() {
        if !have_avx2() {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let pts = points(&mut rng, 64);
        for c in pts.chunks_exact(4) {
            let mut four: [G1Affine; 4] = c.try_into().unwrap();
            four[rng.gen_range(0..4)] = G1Affine::identity();
            // SAFETY: AVX2 checked.
            let back = unsafe { Affine4::from_affine(&four).to_affine() };
            assert!(back == four);
        }
    }

    #[test]
    #[should_panic]
    fn lengths_must_match() {
        if !have_avx2() {
            panic!("skipped");
        }
        let mut acc = vec![Affine4::IDENTITY; 2];
        // SAFETY: AVX2 checked.
        unsafe { BatchAdd::new().add_assign(&mut acc, &[Affine4::IDENTITY]) };
    }
}
