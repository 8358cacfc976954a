//! The bucket accumulation of GT's multi-exponentiation (`msm/gt.rs`) on
//! the IFMA lanes: eight mixed torus products side by side, one per
//! bucket, with the buckets kept in lane form through a window.
//!
//! # The products
//!
//! A bucket is a projective torus element (X : Z) over Fp6 (see
//! `pairing/torus.rs`); a base enters it by the mixed product
//! `(X g + v Z : X + Z g)`. Fp6 = Fp2\[v\] / (v^3 - xi), xi = 1 + u, and
//! a product `a b` is Karatsuba's six Fp2 products
//! `P0 = a0 b0`, `P1 = a1 b1`, `P2 = a2 b2`, `P3 = (a1 + a2)(b1 + b2)`,
//! `P4 = (a0 + a1)(b0 + b1)`, `P5 = (a0 + a2)(b0 + b2)`, with
//!
//! ```text
//!     c0 = P0 + xi (P3 - P1 - P2),  c1 = P4 - P0 - P1 + xi P2,
//!     c2 = P5 - P0 - P2 + P1,
//! ```
//!
//! each Fp2 product Karatsuba's three Fp products `m_k0 = x0 y0`,
//! `m_k1 = x1 y1`, `m_k2 = (x0 + x1)(y0 + y1)` (`P_k = (m_k0 - m_k1) +
//! (m_k2 - m_k0 - m_k1) u`, as `u^2 = -1`). Written out over the 18 Fp
//! products, every output coefficient is a signed sum of at most six of
//! them, counted with multiplicity ([`PRODUCT_TERMS`]; with
//! `xi (x0 + x1 u) = (x0 - x1) + (x0 + x1) u`), which the kernel's
//! `combine` finishes with one carry pass and one reduction, the
//! mixed product's `v Z` and `X` terms joining the same sums (at most
//! eight a side). 36 lane products and 12 reductions per mixed product.
//!
//! # Bounds (the IFMA kernel's, `arith::avx512_ifma`)
//!
//! Stored values (the buckets' coordinates, the bases) are raw lane forms:
//! normalised, below `2p` (`combine` gives below `p (1 + 2^-32)`, the
//! raw negation of a base below `2p`). An operand of a lane product is a
//! sum of at most four of them, below `8p < 2^384`, or for a negated base
//! `16p - g` (the kernel's `neg`) a sum of four below `64p < 2^387`; the
//! products are then below `2^384 2^387 / 2^416 + p < p + 2^355`, under
//! `2^384` as `combine` needs for its terms.
//!
//! Every function is `unsafe` for one reason: the caller must have
//! checked [`available`] (AVX-512F and IFMA).
#![allow(clippy::missing_safety_doc)]

use crate::arith::avx512_ifma::{self, FpX8Ifma};
use crate::field::{Fp, Fp2, Fp6};
use crate::pairing::torus::Torus;

/// Whether the multi-exponentiation's buckets run on the IFMA lanes: the
/// CPU has them and `BLS12_381_BACKEND` allows them.
pub(crate) fn available() -> bool {
    crate::arith::ifma_paths_allowed() && avx512_ifma::available()
}

/// Eight Fp6 values: `c[i][j]` holds coefficient `j` (1, u) of the Fp2
/// coefficient `i` (1, v, v^2) of each lane.
#[derive(Clone, Copy)]
struct Fp6X8 {
    c: [[FpX8Ifma; 2]; 3],
}

/// The Fp coefficient `(i, j)` of an Fp6 value.
fn coefficient(x: &Fp6, i: usize, j: usize) -> &Fp {
    let c: &Fp2 = match i {
        0 => &x.c0,
        1 => &x.c1,
        _ => &x.c2,
    };
    if j == 0 {
        &c.c0
    } else {
        &c.c1
    }
}

/// [`coefficient`] through a raw pointer (for stores).
unsafe fn coefficient_ptr(x: *mut Fp6, i: usize, j: usize) -> *mut [u64; 6] {
    // SAFETY: the caller's pointer is valid; only places are formed.
    unsafe {
        let c: *mut Fp2 = match i {
            0 => &raw mut (*x).c0,
            1 => &raw mut (*x).c1,
            _ => &raw mut (*x).c2,
        };
        if j == 0 {
            &raw mut (*c).c0.0
        } else {
            &raw mut (*c).c1.0
        }
    }
}

/// The six operand triples `(x0, x1, x0 + x1)` of Karatsuba's 18 Fp
/// products for one factor (module doc), in the order P0 .. P5.
type Operands = [[FpX8Ifma; 3]; 6];

/// The 18 Fp products `m[k][t]`, in the layout of [`Operands`].
type Products = [[FpX8Ifma; 3]; 6];

#[inline(always)]
unsafe fn operands(a: &Fp6X8, o: &mut Operands) {
    unsafe {
        for (k, (x, y)) in [(0, 3), (1, 3), (2, 3), (1, 2), (0, 1), (0, 2)].into_iter().enumerate() {
            for (t, slot) in o[k][..2].iter_mut().enumerate() {
                *slot = if y == 3 { a.c[x][t] } else { avx512_ifma::add(&a.c[x][t], &a.c[y][t]) };
            }
            o[k][2] = avx512_ifma::add(&o[k][0], &o[k][1]);
        }
    }
}

#[inline(always)]
unsafe fn products(a: &Operands, b: &Operands, m: &mut Products) {
    for k in 0..6 {
        for t in 0..3 {
            unsafe { avx512_ifma::mul(&mut m[k][t], &a[k][t], &b[k][t]) };
        }
    }
}

/// A signed sum of products `m[k][t]`: (positive terms, negative terms).
type SignedSum = (&'static [(usize, usize)], &'static [(usize, usize)]);

/// The signed sums giving an Fp6 product's six Fp coefficients (in the
/// order c0.0, c0.1, c1.0, c1.1, c2.0, c2.1) from its 18 products
/// (`(k, t)` is `m[k][t]`), each listed once per unit of its coefficient:
/// (positive terms, negative terms). Derivation in the module doc; the
/// tests check the products against the field layer's.
const PRODUCT_TERMS: [SignedSum; 6] = [
    // c0.0 = m00 - m01 + 2 m30 - m32 - 2 m10 + m12 - 2 m20 + m22
    (&[(0, 0), (3, 0), (3, 0), (1, 2), (2, 2)], &[(0, 1), (1, 0), (1, 0), (2, 0), (2, 0), (3, 2)]),
    // c0.1 = m02 - m00 - m01 + m32 - 2 m31 + 2 m11 - m12 + 2 m21 - m22
    (&[(0, 2), (3, 2), (1, 1), (1, 1), (2, 1), (2, 1)], &[(0, 0), (0, 1), (3, 1), (3, 1), (1, 2), (2, 2)]),
    // c1.0 = m40 - m41 - m00 + m01 - m10 + m11 + 2 m20 - m22
    (&[(4, 0), (0, 1), (1, 1), (2, 0), (2, 0)], &[(4, 1), (0, 0), (1, 0), (2, 2)]),
    // c1.1 = m42 - m40 - m41 - m02 + m00 + m01 - m12 + m10 + m11 + m22 - 2 m21
    (&[(4, 2), (0, 0), (0, 1), (1, 0), (1, 1), (2, 2)], &[(4, 0), (4, 1), (0, 2), (1, 2), (2, 1), (2, 1)]),
    // c2.0 = m50 - m51 - m00 + m01 - m20 + m21 + m10 - m11
    (&[(5, 0), (0, 1), (2, 1), (1, 0)], &[(5, 1), (0, 0), (2, 0), (1, 1)]),
    // c2.1 = m52 - m50 - m51 - m02 + m00 + m01 - m22 + m20 + m21 + m12 - m10 - m11
    (&[(5, 2), (0, 0), (0, 1), (2, 0), (2, 1), (1, 2)], &[(5, 0), (5, 1), (0, 2), (2, 2), (1, 0), (1, 1)]),
];

/// The Fp6 product of the factors of `m` plus, on output coefficient `o`
/// (order of [`PRODUCT_TERMS`]), `sum(extra[o].0) - sum(extra[o].1)`;
/// each coefficient reduced.
#[inline(always)]
unsafe fn finish(m: &Products, extra: [(&[&FpX8Ifma], &[&FpX8Ifma]); 6], out: &mut Fp6X8) {
    for (o, ((pos, neg), (xpos, xneg))) in PRODUCT_TERMS.iter().zip(extra).enumerate() {
        let mut p = [&FpX8Ifma::ZERO; avx512_ifma::COMBINE_TERMS];
        let mut n = [&FpX8Ifma::ZERO; avx512_ifma::COMBINE_TERMS];
        let np = pos.len() + xpos.len();
        let nn = neg.len() + xneg.len();
        for (slot, &(k, t)) in p.iter_mut().zip(pos.iter()) {
            *slot = &m[k][t];
        }
        p[pos.len()..np].copy_from_slice(xpos);
        for (slot, &(k, t)) in n.iter_mut().zip(neg.iter()) {
            *slot = &m[k][t];
        }
        n[neg.len()..nn].copy_from_slice(xneg);
        out.c[o / 2][o % 2] = unsafe { avx512_ifma::combine(&p[..np], &n[..nn]) };
    }
}

/// A bucket in raw lane form: the coordinates X and Z of a projective
/// torus element, each Fp coefficient the kernel's raw form (module doc
/// of `arith::avx512_ifma`: the lane value, Montgomery with R = 2^416, as six
/// words). Not a field element: only this module reads it.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct RawTorus {
    x: Fp6,
    z: Fp6,
}

/// One pending product `slots[slot] *= (±bases[point] : 1)`.
#[derive(Clone, Copy)]
struct Op {
    slot: u32,
    point: u32,
    neg: bool,
}

/// Loads coefficient `(i, j)` of eight raw Fp6 values.
#[inline(always)]
unsafe fn load(x: [&Fp6; 8], i: usize, j: usize) -> FpX8Ifma {
    unsafe { avx512_ifma::from_raw_refs(x.map(|x| &coefficient(x, i, j).0)) }
}

#[inline(always)]
unsafe fn load6(x: [&Fp6; 8], out: &mut Fp6X8) {
    for i in 0..3 {
        for j in 0..2 {
            out.c[i][j] = unsafe { load(x, i, j) };
        }
    }
}

/// Stores eight raw Fp6 values; the pointers valid for writes, distinct.
#[inline(always)]
unsafe fn store6(v: &Fp6X8, out: [*mut Fp6; 8]) {
    for i in 0..3 {
        for j in 0..2 {
            unsafe { avx512_ifma::to_raw_ptrs(&v.c[i][j], out.map(|p| coefficient_ptr(p, i, j))) };
        }
    }
}

/// The working set of the lane products, kept between calls (no large
/// stack frames to clear per product).
struct Work {
    /// Loaded operands: (X, Z, g) of a mixed product, (X1, Z1, X2, Z2)
    /// of a full one, then their sums.
    v: [Fp6X8; 6],
    ops: [Operands; 2],
    m: Products,
    /// Reduced Fp6 products (X1 X2, Z1 Z2) and an output.
    r: [Fp6X8; 3],
}

impl Work {
    fn new() -> Box<Work> {
        let zero = Fp6X8 { c: [[FpX8Ifma::ZERO; 2]; 3] };
        let ops = [[FpX8Ifma::ZERO; 3]; 6];
        Box::new(Work { v: [zero; 6], ops: [ops; 2], m: ops, r: [zero; 3] })
    }
}

/// The eight mixed products `slot[k] = slot[k] (g_k : 1)` (module doc),
/// `g_k` the raw base `g[k]`, negated where bit `k` of `neg` is set; the
/// slots distinct, valid for reads and writes.
#[target_feature(enable = "avx2,avx512f,avx512ifma")]
unsafe fn mul_affine_x8(w: &mut Work, slots: [*mut RawTorus; 8], g: [&Fp6; 8], neg: u8) {
    meter!(TorusMixedMulX8);
    unsafe {
        let [x, z, gv, ..] = &mut w.v;
        load6(slots.map(|s| &(*s).x), x);
        load6(slots.map(|s| &(*s).z), z);
        load6(g, gv);
        for i in 0..3 {
            for j in 0..2 {
                gv.c[i][j] = avx512_ifma::select(neg, &gv.c[i][j], &avx512_ifma::neg(&gv.c[i][j]));
            }
        }
        let [og, o] = &mut w.ops;
        let (m, out) = (&mut w.m, &mut w.r[0]);
        operands(gv, og);
        // X' = X g + v Z, v Z = (xi Z2, Z0, Z1), xi Z2 = (Z2.0 - Z2.1) + (Z2.0 + Z2.1) u.
        operands(x, o);
        products(o, og, m);
        let zc = &z.c;
        finish(
            m,
            [
                (&[&zc[2][0]], &[&zc[2][1]]),
                (&[&zc[2][0], &zc[2][1]], &[]),
                (&[&zc[0][0]], &[]),
                (&[&zc[0][1]], &[]),
                (&[&zc[1][0]], &[]),
                (&[&zc[1][1]], &[]),
            ],
            out,
        );
        store6(out, slots.map(|s| &raw mut (*s).x));
        // Z' = X + Z g.
        operands(z, o);
        products(o, og, m);
        let xc = &x.c;
        finish(
            m,
            [
                (&[&xc[0][0]], &[]),
                (&[&xc[0][1]], &[]),
                (&[&xc[1][0]], &[]),
                (&[&xc[1][1]], &[]),
                (&[&xc[2][0]], &[]),
                (&[&xc[2][1]], &[]),
            ],
            out,
        );
        store6(out, slots.map(|s| &raw mut (*s).z));
    }
}

/// No extra terms for [`finish`].
const NO_EXTRA: [(&[&FpX8Ifma], &[&FpX8Ifma]); 6] = [(&[], &[]); 6];

/// The eight full products `out[k] = a[k] b[k]`: (X1 X2 + v Z1 Z2 :
/// (X1 + Z1)(X2 + Z2) - X1 X2 - Z1 Z2), three Fp6 products, X1 X2 and
/// Z1 Z2 reduced first (they are terms of both coordinates). All
/// operands are read before `out` is written (`out` may be `a` or `b`);
/// the pointers valid, the eight outputs distinct.
#[target_feature(enable = "avx2,avx512f,avx512ifma")]
unsafe fn mul_x8(w: &mut Work, out: [*mut RawTorus; 8], a: [*const RawTorus; 8], b: [*const RawTorus; 8]) {
    meter!(TorusMulX8);
    unsafe {
        let [x1, z1, x2, z2, s1, s2] = &mut w.v;
        load6(a.map(|s| &(*s).x), x1);
        load6(a.map(|s| &(*s).z), z1);
        load6(b.map(|s| &(*s).x), x2);
        load6(b.map(|s| &(*s).z), z2);
        for i in 0..3 {
            for j in 0..2 {
                s1.c[i][j] = avx512_ifma::add(&x1.c[i][j], &z1.c[i][j]);
                s2.c[i][j] = avx512_ifma::add(&x2.c[i][j], &z2.c[i][j]);
            }
        }
        let [o1, o2] = &mut w.ops;
        let m = &mut w.m;
        let [xx, zz, r] = &mut w.r;
        for (p, q, t) in [(&*x1, &*x2, &mut *xx), (&*z1, &*z2, &mut *zz)] {
            operands(p, o1);
            operands(q, o2);
            products(o1, o2, m);
            finish(m, NO_EXTRA, t);
        }
        // Z' = (X1 + Z1)(X2 + Z2) - X1 X2 - Z1 Z2.
        operands(s1, o1);
        operands(s2, o2);
        products(o1, o2, m);
        let (xc, zc) = (&xx.c, &zz.c);
        finish(
            m,
            [
                (&[], &[&xc[0][0], &zc[0][0]]),
                (&[], &[&xc[0][1], &zc[0][1]]),
                (&[], &[&xc[1][0], &zc[1][0]]),
                (&[], &[&xc[1][1], &zc[1][1]]),
                (&[], &[&xc[2][0], &zc[2][0]]),
                (&[], &[&xc[2][1], &zc[2][1]]),
            ],
            r,
        );
        // X' = X1 X2 + v Z1 Z2 (v as in the mixed product).
        let xo = s1;
        xo.c[0][0] = avx512_ifma::combine(&[&xc[0][0], &zc[2][0]], &[&zc[2][1]]);
        xo.c[0][1] = avx512_ifma::combine(&[&xc[0][1], &zc[2][0], &zc[2][1]], &[]);
        xo.c[1][0] = avx512_ifma::combine(&[&xc[1][0], &zc[0][0]], &[]);
        xo.c[1][1] = avx512_ifma::combine(&[&xc[1][1], &zc[0][1]], &[]);
        xo.c[2][0] = avx512_ifma::combine(&[&xc[2][0], &zc[1][0]], &[]);
        xo.c[2][1] = avx512_ifma::combine(&[&xc[2][1], &zc[1][1]], &[]);
        store6(xo, out.map(|s| &raw mut (*s).x));
        store6(r, out.map(|s| &raw mut (*s).z));
    }
}

/// Converts Fp values between the field layer's form and the raw lane
/// form, eight at a time (`to_raw`: into lane form; else back).
fn convert(xs: &mut [Fp], to_raw: bool) {
    for chunk in xs.chunks_mut(8) {
        let n = chunk.len();
        let mut buf = [Fp::ZERO; 8];
        buf[..n].copy_from_slice(chunk);
        let out = buf.as_mut_ptr();
        // SAFETY: the callers checked `available`; the eight pointers are
        // the distinct elements of `buf`.
        unsafe {
            let refs: [&[u64; 6]; 8] = core::array::from_fn(|k| &(*out.add(k)).0);
            let v = if to_raw { avx512_ifma::from_fp_refs(refs) } else { avx512_ifma::from_raw_refs(refs) };
            let ptrs: [*mut [u64; 6]; 8] = core::array::from_fn(|k| &raw mut (*out.add(k)).0);
            if to_raw {
                avx512_ifma::to_raw_ptrs(&v, ptrs)
            } else {
                avx512_ifma::to_fp_ptrs(&v, ptrs)
            }
        }
        chunk.copy_from_slice(&buf[..n]);
    }
}

/// The Fp coefficients of Fp6 values, as a flat slice.
fn fp_coefficients(x: &mut [Fp6]) -> &mut [Fp] {
    // SAFETY: an Fp6 is three Fp2, each two Fp (`repr(C)` structs of
    // `Fp`s, which are `repr(transparent)`), so it is six `Fp` in a row.
    unsafe { core::slice::from_raw_parts_mut(x.as_mut_ptr().cast::<Fp>(), x.len() * 6) }
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

/// The raw negation of each coefficient (below `2p`).
fn negate_raw6(g: &Fp6) -> Fp6 {
    let n = |c: &Fp2| Fp2::new(super::forms::negate_raw(&c.c0), super::forms::negate_raw(&c.c1));
    Fp6::new(n(&g.c0), n(&g.c1), n(&g.c2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Each raw coefficient plus p (a representative in [p, 2p)).
    fn plus_p(x: &Fp6) -> Fp6 {
        let p = crate::arith::params::fp::MODULUS;
        let add = |c: &Fp| {
            let mut out = [0u64; 6];
            let mut carry = 0u128;
            for i in 0..6 {
                let v = c.0[i] as u128 + p[i] as u128 + carry;
                out[i] = v as u64;
                carry = v >> 64;
            }
            Fp(out)
        };
        let f = |c: &Fp2| Fp2::new(add(&c.c0), add(&c.c1));
        Fp6::new(f(&x.c0), f(&x.c1), f(&x.c2))
    }

    /// Raw Fp6 values from field elements, and back.
    fn to_raw(x: &[Fp6]) -> Vec<Fp6> {
        let mut v = x.to_vec();
        convert(fp_coefficients(&mut v), true);
        v
    }

    fn from_raw(x: &[Fp6]) -> Vec<Fp6> {
        let mut v = x.to_vec();
        convert(fp_coefficients(&mut v), false);
        v
    }

    /// The lane mixed products against the field layer's torus product,
    /// with both signs of the base, on random values and on the edge
    /// values 0, 1, -1 and the raw negations (below 2p).
    #[test]
    fn mixed_products_match_the_field_layer() {
        if !avx512_ifma::available() {
            eprintln!("mixed_products_match_the_field_layer: no AVX-512 IFMA: test SKIPPED");
            return;
        }
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(21);
        let edge = [Fp6::ZERO, Fp6::ONE, Fp6::ONE.neg()];
        let mut w = Work::new();
        for round in 0..200 {
            let pick = |rng: &mut rand_chacha::ChaCha20Rng, k: usize| {
                if (round + k).is_multiple_of(7) {
                    edge[(round + k) % 3]
                } else {
                    Fp6::random(rng)
                }
            };
            let xs: Vec<Fp6> = (0..8).map(|k| pick(&mut rng, k)).collect();
            let zs: Vec<Fp6> = (0..8).map(|k| pick(&mut rng, k + 1)).collect();
            let gs: Vec<Fp6> = (0..8).map(|k| pick(&mut rng, k + 2)).collect();
            let neg = (round as u8).wrapping_mul(37);
            let (rx, rz, rg) = (to_raw(&xs), to_raw(&zs), to_raw(&gs));
            let mut slots: Vec<RawTorus> = (0..8)
                .map(|k| {
                    // Every third round, coordinates raw-negated twice
                    // over: values in [p, 2p) where possible.
                    let (x, z) = if round % 3 == 2 { (plus_p(&rx[k]), negate_raw6(&rz[k])) } else { (rx[k], rz[k]) };
                    RawTorus { x, z }
                })
                .collect();
            let zsign: Vec<Fp6> = (0..8).map(|k| if round % 3 == 2 { zs[k].neg() } else { zs[k] }).collect();
            let ptrs: [*mut RawTorus; 8] = core::array::from_fn(|k| &raw mut slots[k]);
            let g: [&Fp6; 8] = core::array::from_fn(|k| &rg[k]);
            unsafe { mul_affine_x8(&mut w, ptrs, g, neg) };
            for k in 0..8 {
                let gk = if neg >> k & 1 == 1 { gs[k].neg() } else { gs[k] };
                let want = Torus::new(xs[k], zsign[k]).mul_affine(&gk);
                let got = from_raw(&[slots[k].x, slots[k].z]);
                assert_eq!((got[0], got[1]), want.coordinates(), "round {round} lane {k}");
            }
        }
    }

    /// The lane full products against the field layer's, in place (`out`
    /// = `a`) and with `b` repeated, on random coordinates, one (1 : 0)
    /// and values in [p, 2p).
    #[test]
    fn full_products_match_the_field_layer() {
        if !avx512_ifma::available() {
            eprintln!("full_products_match_the_field_layer: no AVX-512 IFMA: test SKIPPED");
            return;
        }
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(22);
        let mut w = Work::new();
        for round in 0..100 {
            let tori: Vec<(Fp6, Fp6)> = (0..16)
                .map(|k| {
                    if (round + k) % 9 == 0 {
                        (Fp6::ONE, Fp6::ZERO)
                    } else {
                        (Fp6::random(&mut rng), Fp6::random(&mut rng))
                    }
                })
                .collect();
            let mut raw: Vec<RawTorus> = tori
                .iter()
                .map(|(x, z)| {
                    let r = to_raw(&[*x, *z]);
                    // Every other round, X as its raw representative in [p, 2p).
                    let x = if round % 2 == 1 { plus_p(&r[0]) } else { r[0] };
                    RawTorus { x, z: r[1] }
                })
                .collect();
            let base = raw.as_mut_ptr();
            let b_index = |k: usize| if round % 3 == 0 { 8 } else { 8 + k };
            unsafe {
                let a: [*mut RawTorus; 8] = core::array::from_fn(|k| base.add(k));
                let b: [*const RawTorus; 8] = core::array::from_fn(|k| base.add(b_index(k)).cast_const());
                mul_x8(&mut w, a, a.map(<*mut RawTorus>::cast_const), b);
            }
            for k in 0..8 {
                let (a, b) = (tori[k], tori[b_index(k)]);
                let want = Torus::new(a.0, a.1).mul(&Torus::new(b.0, b.1));
                let got = from_raw(&[raw[k].x, raw[k].z]);
                assert_eq!((got[0], got[1]), want.coordinates(), "round {round} lane {k}");
            }
        }
    }
}
