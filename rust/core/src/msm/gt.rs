//! Multi-exponentiation in GT: `prod_i bases[i]^exps[i]`, variable time
//! (public exponents only).
//!
//! This module is the home of the operation: [`multiexp_vartime`],
//! [`multiexp_vartime_le_bytes`] (exponents as little-endian bytes of any
//! length, reduced mod r) and [`multiexp_vartime_with_threads`]. The
//! methods of [`Gt`] of the same names are the same functions. The C ABI
//! has them as `bls12_381_gt_multiexp_vartime(_with_threads)` (32-byte
//! exponents), OCaml as `GT.pippenger` (`Fr.t` exponents) and
//! `GT.pippenger_bytes` (bytes).
//!
//! ```
//! use bls12_381_core::{msm, Fr, Gt};
//! let g = Gt::generator();
//! let h = g.pow_vartime(&Fr::from_u64(7));
//! let p = msm::gt::multiexp_vartime(&[g, h], &[Fr::from_u64(2), Fr::from_u64(3)]).unwrap();
//! assert_eq!(p, g.pow_vartime(&Fr::from_u64(23)));
//! // 2^256 as 33 bytes: its residue mod r.
//! let mut e = [0u8; 33];
//! e[32] = 1;
//! let q = msm::gt::multiexp_vartime_le_bytes(&[g], &[&e]).unwrap();
//! assert_eq!(q, g.pow_vartime(&Fr::from_le_bytes_reduced(&e)));
//! ```
//!
//! The bucket method (Pippenger) on 4n bases with 64-bit exponents:
//! - every exponent is split as e = c0 + c1 |z| + c2 |z|^2 + c3 |z|^3
//!   with 64-bit digits (the GLS split of G2, as `Gt::pow_vartime`), and
//!   in GT f^|z| = conj(f^p), so base f contributes f, conj(f^p), f^(p^2)
//!   and conj(f^(p^3)), each by a Frobenius map and a conjugation;
//! - the digits are cut into signed windows of w bits (Booth digits, in
//!   [-2^(w-1), 2^(w-1)]): an inverse in GT is a conjugation, so a
//!   negative digit costs nothing;
//! - per window, each base is multiplied into the bucket of its digit, the
//!   buckets are combined by running products (bucket k raised to k), and
//!   the windows by w squarings each (Horner).
//!
//! Two arithmetics run this driver (`Buckets`):
//! - on the torus T2 (the default): the bases become affine torus values
//!   in Fp6 with one batched inversion (the Frobenius images follow from
//!   the base's own form), a base enters a bucket by a mixed product (two
//!   Fp6 products, against the three of an Fp12 product), two bases
//!   meeting in an empty bucket by one Fp6 product, and the result is
//!   decompressed once;
//! - plain Fp12 with cyclotomic squarings (`Gt::multiexp_no_torus_vartime`,
//!   feature `internals`, kept for comparison).
//!
//! Where the CPU has AVX-512 IFMA (and `BLS12_381_BACKEND` allows it:
//! [`crate::Backend::ifma_paths`]), the torus windows of `LANE_MIN` (48)
//! images or more run on the lanes: eight buckets' mixed products side by
//! side, and the bucket reduction as eight segments side by side.
//!
//! Up to `SMALL` (6) bases the product of `pow_vartime`s wins (no bucket
//! set-up). Over several threads the bases are split in parts whose
//! results are multiplied: the result does not depend on the split.

use crate::curve::recoding::booth_digits;
use crate::field::{Fp12, Fp6, Fr};
use crate::pairing::gt::Gt;
#[cfg(feature = "internals")]
use crate::pairing::gt::{cyclotomic_square, z_power_images};
use crate::pairing::torus::{self, Torus};
use crate::Error;
use rayon::prelude::*;

/// Bits of the 64-bit digits, plus one for the carry of the signed
/// recoding.
const DIGIT_BITS: usize = 65;

/// Up to this many bases, the product of individual `pow_vartime`s (each
/// with its own four-way NAF) costs less than the buckets' fixed part.
const SMALL: usize = 6;

/// `prod_i bases[i]^exps[i]` in variable time (public data only: the
/// running time depends on the exponents), on rayon's current pool.
/// Identity bases, zero exponents, repeated and inverse bases are fine;
/// the empty product is one; different lengths are
/// [`Error::ExponentCountMismatch`].
pub fn multiexp_vartime(bases: &[Gt], exps: &[Fr]) -> Result<Gt, Error> {
    multiexp_vartime_with_threads(bases, exps, 0)
}

/// [`multiexp_vartime`] with each exponent given as little-endian bytes
/// of any length, reduced mod r (so r gives one and 2^256 - 1 its
/// residue).
pub fn multiexp_vartime_le_bytes(bases: &[Gt], exps: &[&[u8]]) -> Result<Gt, Error> {
    if bases.len() != exps.len() {
        return Err(Error::ExponentCountMismatch { bases: bases.len(), exponents: exps.len() });
    }
    let exps: Vec<Fr> = exps.iter().map(|e| Fr::from_le_bytes_reduced(e)).collect();
    multiexp_vartime(bases, &exps)
}

/// [`multiexp_vartime`] on `threads` parts: 1 runs on the calling thread,
/// 0 splits the bases over rayon's current pool, any other count into
/// that many parts on the current pool. The result does not depend on the
/// thread count.
pub fn multiexp_vartime_with_threads(bases: &[Gt], exps: &[Fr], threads: usize) -> Result<Gt, Error> {
    multiexp::<OnTorus>(bases, exps, threads)
}

impl Gt {
    /// [`msm::gt::multiexp_vartime`](crate::msm::gt::multiexp_vartime), as a method.
    pub fn multiexp_vartime(bases: &[Gt], exps: &[Fr]) -> Result<Gt, Error> {
        multiexp_vartime(bases, exps)
    }

    /// [`msm::gt::multiexp_vartime_le_bytes`](crate::msm::gt::multiexp_vartime_le_bytes),
    /// as a method.
    pub fn multiexp_vartime_le_bytes(bases: &[Gt], exps: &[&[u8]]) -> Result<Gt, Error> {
        multiexp_vartime_le_bytes(bases, exps)
    }

    /// [`msm::gt::multiexp_vartime_with_threads`](crate::msm::gt::multiexp_vartime_with_threads),
    /// as a method.
    pub fn multiexp_vartime_with_threads(bases: &[Gt], exps: &[Fr], threads: usize) -> Result<Gt, Error> {
        multiexp_vartime_with_threads(bases, exps, threads)
    }

    /// [`Gt::multiexp_vartime_with_threads`] on the plain path: buckets
    /// over Fp12 with full products, no torus compression (kept for
    /// comparison; same result).
    #[cfg(feature = "internals")]
    pub fn multiexp_no_torus_vartime(bases: &[Gt], exps: &[Fr], threads: usize) -> Result<Gt, Error> {
        multiexp::<Plain>(bases, exps, threads)
    }
}

/// The arithmetic the bucket method runs on: bases (`Base`, the 4n images
/// ready for accumulation) and accumulators (`Acc`).
trait Buckets {
    type Base: Copy + Send + Sync;
    type Acc: Copy + Send;
    /// The costs of its products (for the window width), counting Fp
    /// products and Montgomery reductions alike: an Fp12 product is 54
    /// and 12, an Fp6 product 18 and 6.
    const COSTS: Costs;
    /// The images of `bases` (four per base: `gt::z_power_images`) and
    /// the index of the base of each four (a base may give none).
    fn prepare(bases: &[Gt]) -> (Vec<Self::Base>, Vec<usize>);
    fn lift(b: &Self::Base) -> Self::Acc;
    /// `a b` for two bases.
    fn mul_bases(a: &Self::Base, b: &Self::Base) -> Self::Acc {
        Self::mul_base(&Self::lift(a), b)
    }
    fn invert_base(b: &Self::Base) -> Self::Base;
    fn mul_base(a: &Self::Acc, b: &Self::Base) -> Self::Acc;
    fn mul(a: &Self::Acc, b: &Self::Acc) -> Self::Acc;
    fn square(a: &Self::Acc) -> Self::Acc;
    fn finish(a: Option<Self::Acc>) -> Fp12;
    /// The lane accumulation of the buckets (`lanes/torus.rs`), where
    /// this arithmetic has one and the CPU runs it.
    fn lanes(_points: &[Self::Base]) -> Option<TorusLanes> {
        None
    }
    /// A bucket from the lanes (a torus element) in this arithmetic.
    fn from_lanes(t: Torus) -> Self::Acc;
}

#[cfg(target_arch = "x86_64")]
use super::lanes::torus::TorusLanes;

/// No lanes off x86_64.
#[cfg(not(target_arch = "x86_64"))]
enum TorusLanes {}

#[cfg(not(target_arch = "x86_64"))]
impl TorusLanes {
    fn window(&mut self, _digit: impl Fn(usize) -> i32, _buckets: usize) -> Torus {
        match *self {}
    }
}

/// Plain Fp12 arithmetic with cyclotomic squarings.
#[cfg(feature = "internals")]
struct Plain;

#[cfg(feature = "internals")]
impl Buckets for Plain {
    type Base = Fp12;
    type Acc = Fp12;
    const COSTS: Costs = Costs { base: 66, base_base: 66, full: 66 };
    fn prepare(bases: &[Gt]) -> (Vec<Fp12>, Vec<usize>) {
        let images = bases.iter().flat_map(|b| z_power_images(&b.0)).collect();
        (images, (0..bases.len()).collect())
    }
    fn lift(b: &Fp12) -> Fp12 {
        *b
    }
    fn invert_base(b: &Fp12) -> Fp12 {
        b.conjugate()
    }
    fn mul_base(a: &Fp12, b: &Fp12) -> Fp12 {
        a.mul(b)
    }
    fn mul(a: &Fp12, b: &Fp12) -> Fp12 {
        a.mul(b)
    }
    fn square(a: &Fp12) -> Fp12 {
        cyclotomic_square(a)
    }
    fn finish(a: Option<Fp12>) -> Fp12 {
        a.unwrap_or(Fp12::ONE)
    }
    fn from_lanes(t: Torus) -> Fp12 {
        t.decompress_vartime()
    }
}

/// The torus T2 (`torus.rs`): affine bases from one batched inversion,
/// mixed products into projective buckets, one decompression.
struct OnTorus;

impl Buckets for OnTorus {
    type Base = Fp6;
    type Acc = Torus;
    const COSTS: Costs = Costs { base: 48, base_base: 24, full: 66 };
    fn prepare(bases: &[Gt]) -> (Vec<Fp6>, Vec<usize>) {
        let div = torus::frobenius_divisors();
        let (mut images, mut kept) = (Vec::with_capacity(4 * bases.len()), Vec::with_capacity(bases.len()));
        // One has no affine form and contributes nothing: skipped.
        for (i, g) in torus::compress_batch_vartime(bases).iter().enumerate() {
            if let Some(g) = g {
                images.extend(torus::z_power_images(g, &div));
                kept.push(i);
            }
        }
        (images, kept)
    }
    fn lift(b: &Fp6) -> Torus {
        Torus::from_affine(b)
    }
    fn invert_base(b: &Fp6) -> Fp6 {
        b.neg()
    }
    fn mul_base(a: &Torus, b: &Fp6) -> Torus {
        a.mul_affine(b)
    }
    fn mul_bases(a: &Fp6, b: &Fp6) -> Torus {
        Torus::product_of_affine(a, b)
    }
    fn mul(a: &Torus, b: &Torus) -> Torus {
        a.mul(b)
    }
    fn square(a: &Torus) -> Torus {
        a.square()
    }
    fn finish(a: Option<Torus>) -> Fp12 {
        a.map_or(Fp12::ONE, |t| t.decompress_vartime())
    }
    #[cfg(target_arch = "x86_64")]
    fn lanes(points: &[Fp6]) -> Option<TorusLanes> {
        super::lanes::torus::available().then(|| TorusLanes::new(points))
    }
    fn from_lanes(t: Torus) -> Torus {
        t
    }
}

/// The shared driver: lengths, the small case, the split over threads.
fn multiexp<B: Buckets>(bases: &[Gt], exps: &[Fr], threads: usize) -> Result<Gt, Error> {
    meter!(MultiExp);
    if bases.len() != exps.len() {
        return Err(Error::ExponentCountMismatch { bases: bases.len(), exponents: exps.len() });
    }
    if bases.len() <= SMALL {
        return Ok(bases.iter().zip(exps).fold(Gt::identity(), |acc, (b, e)| acc.mul(&b.pow_vartime(e))));
    }
    let parts = match threads {
        0 => rayon::current_num_threads(),
        t => t,
    }
    .min(bases.len())
    .max(1);
    let acc = if parts == 1 {
        bucket_product::<B>(bases, exps)
    } else {
        let chunk = bases.len().div_ceil(parts);
        let partial: Vec<Option<B::Acc>> =
            bases.par_chunks(chunk).zip(exps.par_chunks(chunk)).map(|(b, e)| bucket_product::<B>(b, e)).collect();
        partial.into_iter().flatten().reduce(|a, b| B::mul(&a, &b))
    };
    Ok(Gt(B::finish(acc)))
}

/// The window width minimising the expected cost of `m` bases with 65-bit
/// signed exponent parts (`costs` as [`Buckets::COSTS`]).
/// Per window of B buckets (fewer in the top window, which holds only the
/// bits left over), with the m digits spread uniformly: a bucket's first
/// base costs nothing, its second a base-by-base product, each further one
/// a base product; the running products cost two full products a bucket.
/// The minimum agrees with a sweep of the widths (measured on both paths
/// for 32 to 1024 bases, `bench/examples/gt_multiexp_parts.rs`) to within
/// a few percent of the best time.
fn window(m: usize, costs: Costs) -> usize {
    let cost = |w: usize| -> f64 {
        let windows = DIGIT_BITS.div_ceil(w);
        let top_bits = DIGIT_BITS - w * (windows - 1);
        let m = m as f64;
        (0..windows)
            .map(|j| {
                let bits = if j + 1 == windows { top_bits.min(w) } else { w };
                let b = (1u64 << (bits - 1)) as f64;
                // Expected buckets holding at least one and at least two bases.
                let empty = (1.0 - 1.0 / b).powf(m);
                let one = m / b * (1.0 - 1.0 / b).powf(m - 1.0);
                let (e1, e2) = (b * (1.0 - empty), b * (1.0 - empty - one));
                (m - e1) * costs.base as f64 - e2 * (costs.base - costs.base_base) as f64 + 2.0 * b * costs.full as f64
            })
            .sum()
    };
    (2..=16).min_by(|&a, &b| cost(a).total_cmp(&cost(b))).unwrap_or(4)
}

/// The costs on the IFMA lanes (`lanes/torus.rs`), in the same units: a
/// mixed product about a third of the one-at-a-time one (and a bucket's
/// second base costs the same: the lanes have no base-by-base product),
/// the reduction's full products a third. With these the model's width
/// matches a sweep on the lanes (16 to 1024 bases,
/// `bench/examples/gt_multiexp_parts.rs`, docs/PERFORMANCE.md); with the
/// scalar costs it is one bit too wide at 1024 bases.
const LANE_COSTS: Costs = Costs { base: 17, base_base: 17, full: 22 };

/// The fewest images (4 per base) for the lanes: below, the products one
/// at a time are as fast or faster (partial batches, and the reduction's
/// part on the field layer weighs more in small windows; measured, see
/// docs/PERFORMANCE.md).
const LANE_MIN: usize = 48;

/// Relative costs of the products of a [`Buckets`] arithmetic.
#[derive(Clone, Copy)]
struct Costs {
    /// Accumulator times base.
    base: usize,
    /// Base times base.
    base_base: usize,
    /// Accumulator times accumulator.
    full: usize,
}

/// `prod bases[i]^exps[i]` by the bucket method (module doc) in `B`'s
/// arithmetic; `None` for one.
fn bucket_product<B: Buckets>(bases: &[Gt], exps: &[Fr]) -> Option<B::Acc> {
    let (points, kept) = B::prepare(bases);
    // The lanes from LANE_MIN images (below, the one-at-a-time products
    // win: partial batches and the reduction's fixed part).
    let mut lanes = if points.len() >= LANE_MIN { B::lanes(&points) } else { None };
    let w = window(points.len(), if lanes.is_some() { LANE_COSTS } else { B::COSTS });
    let windows = DIGIT_BITS.div_ceil(w);
    // The digits of each image's exponent part, window by window.
    let mut digits = vec![0i32; points.len() * windows];
    for (rows, &i) in digits.chunks_exact_mut(4 * windows).zip(&kept) {
        let c = crate::curve::glv::split_g2(&exps[i].to_limbs());
        for (row, &ct) in rows.chunks_exact_mut(windows).zip(&c) {
            booth_digits(ct, w, row);
        }
    }
    let mut buckets: Vec<Bucket<B>> = vec![Bucket::Empty; 1 << (w - 1)];
    let mut acc: Option<B::Acc> = None;
    for j in (0..windows).rev() {
        if let Some(a) = acc.as_mut() {
            for _ in 0..w {
                *a = B::square(a);
            }
        }
        let total = if let Some(l) = lanes.as_mut() {
            Some(B::from_lanes(l.window(|k| digits[k * windows + j], buckets.len())))
        } else {
            meter!(BucketAccumulate * points.len(), {
                buckets.iter_mut().for_each(|b| *b = Bucket::Empty);
                for (k, p) in points.iter().enumerate() {
                    let d = digits[k * windows + j];
                    if d == 0 {
                        continue;
                    }
                    let e = if d < 0 { B::invert_base(p) } else { *p };
                    let b = &mut buckets[d.unsigned_abs() as usize - 1];
                    *b = match b {
                        Bucket::Empty => Bucket::Base(e),
                        Bucket::Base(x) => Bucket::Acc(B::mul_bases(x, &e)),
                        Bucket::Acc(x) => Bucket::Acc(B::mul_base(x, &e)),
                    };
                }
            });
            meter!(BucketReduce, reduce::<B>(&buckets))
        };
        if let Some(t) = &total {
            acc = Some(times::<B>(acc, t));
        }
    }
    acc
}

/// `prod_k bucket[k]^(k+1)` by running products from the top; `None` for
/// one.
fn reduce<B: Buckets>(buckets: &[Bucket<B>]) -> Option<B::Acc> {
    let mut running: Option<B::Acc> = None;
    let mut total: Option<B::Acc> = None;
    for b in buckets.iter().rev() {
        match (b, running) {
            (Bucket::Empty, _) => {}
            (Bucket::Base(x), None) => running = Some(B::lift(x)),
            (Bucket::Base(x), Some(r)) => running = Some(B::mul_base(&r, x)),
            (Bucket::Acc(x), r) => running = Some(times::<B>(r, x)),
        }
        if let Some(r) = &running {
            total = Some(times::<B>(total, r));
        }
    }
    total
}

/// A bucket: empty (one), a single base, or a product.
enum Bucket<B: Buckets> {
    Empty,
    Base(B::Base),
    Acc(B::Acc),
}

impl<B: Buckets> Clone for Bucket<B> {
    fn clone(&self) -> Self {
        match self {
            Bucket::Empty => Bucket::Empty,
            Bucket::Base(x) => Bucket::Base(*x),
            Bucket::Acc(x) => Bucket::Acc(*x),
        }
    }
}

/// `acc x`, with no `acc` standing for one (saves the product by one).
fn times<B: Buckets>(acc: Option<B::Acc>, x: &B::Acc) -> B::Acc {
    match acc {
        None => *x,
        Some(a) => B::mul(&a, x),
    }
}
