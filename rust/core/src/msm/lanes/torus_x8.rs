//! The eight-lane Fp6 and torus arithmetic of GT's multi-exponentiation
//! on the IFMA lanes (the scheduler of its buckets is torus.rs): eight
//! mixed torus products, or eight full ones, side by side, over raw lane
//! forms.
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
//! checked `torus::available` (AVX-512F and IFMA).
#![allow(clippy::missing_safety_doc)]

use crate::arith::avx512_ifma::{self, FpX8Ifma};
use crate::field::{Fp, Fp2, Fp6};

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
pub(super) struct RawTorus {
    pub(super) x: Fp6,
    pub(super) z: Fp6,
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
pub(super) struct Work {
    /// Loaded operands: (X, Z, g) of a mixed product, (X1, Z1, X2, Z2)
    /// of a full one, then their sums.
    v: [Fp6X8; 6],
    ops: [Operands; 2],
    m: Products,
    /// Reduced Fp6 products (X1 X2, Z1 Z2) and an output.
    r: [Fp6X8; 3],
}

impl Work {
    pub(super) fn new() -> Box<Work> {
        let zero = Fp6X8 { c: [[FpX8Ifma::ZERO; 2]; 3] };
        let ops = [[FpX8Ifma::ZERO; 3]; 6];
        Box::new(Work { v: [zero; 6], ops: [ops; 2], m: ops, r: [zero; 3] })
    }
}

/// The eight mixed products `slot[k] = slot[k] (g_k : 1)` (module doc),
/// `g_k` the raw base `g[k]`, negated where bit `k` of `neg` is set; the
/// slots distinct, valid for reads and writes.
#[target_feature(enable = "avx2,avx512f,avx512ifma")]
pub(super) unsafe fn mul_affine_x8(w: &mut Work, slots: [*mut RawTorus; 8], g: [&Fp6; 8], neg: u8) {
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
pub(super) unsafe fn mul_x8(w: &mut Work, out: [*mut RawTorus; 8], a: [*const RawTorus; 8], b: [*const RawTorus; 8]) {
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
pub(super) fn convert(xs: &mut [Fp], to_raw: bool) {
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
pub(super) fn fp_coefficients(x: &mut [Fp6]) -> &mut [Fp] {
    // SAFETY: an Fp6 is three Fp2, each two Fp (`repr(C)` structs of
    // `Fp`s, which are `repr(transparent)`), so it is six `Fp` in a row.
    unsafe { core::slice::from_raw_parts_mut(x.as_mut_ptr().cast::<Fp>(), x.len() * 6) }
}

/// The raw negation of each coefficient (below `2p`).
pub(super) fn negate_raw6(g: &Fp6) -> Fp6 {
    let n = |c: &Fp2| Fp2::new(super::forms::negate_raw(&c.c0), super::forms::negate_raw(&c.c1));
    Fp6::new(n(&g.c0), n(&g.c1), n(&g.c2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::torus::Torus;
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
        if !avx512_ifma::available_or_skip("mixed_products_match_the_field_layer") {
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
        if !avx512_ifma::available_or_skip("full_products_match_the_field_layer") {
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
