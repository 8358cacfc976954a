//! Multi-scalar multiplication: `sum_i s_i P_i` on G1 and G2.
//!
//! **Variable time** in the points and the scalars: for public data
//! (provers' commitments, verifiers' batch checks), never for secrets.
//!
//! The method is Pippenger's:
//! - every scalar is split by the curve's endomorphism (GLV on G1: two
//!   parts of 128 bits with sigma(P) = \[L\] P; GLS on G2: four parts of
//!   64 bits with (-psi)^i(P) = [|z|^i] P), so the sum runs over 2n (4n)
//!   points with scalars a half (a quarter) as long, and half (a quarter)
//!   as many windows;
//! - the parts are cut into signed windows of c bits (digits in
//!   [-2^(c-1), 2^(c-1)]: 2^(c-1) buckets, negation being free);
//! - in each window the points go into their buckets by affine additions
//!   with batched inversions, or Jacobian ones for small windows
//!   (batch_affine.rs); the buckets are summed by running sums, and the
//!   windows combined by c doublings each (pippenger.rs);
//! - the threads take whole windows from a shared counter, as far as they
//!   share evenly, then share the windows left over block by block (each
//!   thread into its own buckets); the sum does not depend on the thread
//!   count.
//!
//! Where the CPU has a lane kernel (with ADX) and the choice measured at
//! the first MSM picks it, the affine additions run several at a time on
//! it (`lanes`: four on AVX2, eight on AVX-512F or IFMA; G2's
//! coordinates as two lanes each): the points are converted once into
//! lane forms (`lanes::LaneAffine`: a second copy of the split points, 96
//! bytes each on G1, 192 on G2), the buckets stay in lane form through the
//! accumulation and the bucket sums, and only the bucket sums' segments
//! come back as points. `BLS12_381_BACKEND=adx` (or `portable`) turns the
//! lanes off, `=avx2` / `=avx512f` / `=avx512_ifma` force one. The lane path's hooks are the
//! MSM's extension of the curves, `lanes::LaneCurve`, implemented for G1
//! and G2 in `lanes`.
//!
//! Small inputs take Straus' method instead (`straus.rs`: one chain of
//! doublings shared by all the terms, per-point tables of odd multiples):
//! up to 72 points on G1 and 36 on G2; a single point is one
//! variable-time multiplication. Those run on the calling thread.
//!
//! The same bucket method in GT, the multi-exponentiation
//! `prod_i bases[i]^exps[i]`, is the module [`gt`].

mod batch_affine;
pub mod gt;
#[cfg(feature = "internals")]
pub mod lanes;
#[cfg(not(feature = "internals"))]
mod lanes;
mod pippenger;
mod straus;
mod sum;

/// The vector kernel of a curve's batched additions ([`lane_kernels`]).
pub use crate::arith::LaneKernel;
#[cfg(feature = "internals")]
pub use lanes::set_lane_kernel;
pub use lanes::{lane_kernels, LaneChoice};

pub use sum::{sum_affine_vartime, sum_vartime};

/// The bucket additions' indexed form, shared by batch_affine.rs and the
/// lane path (public with the feature `internals`, for the lane tests).
mod lane_op {
    /// A pending bucket addition `bucket += ±points[point]`, the point's
    /// index carrying the sign in its top bit ([`NEG`]); on the lane path
    /// (`lanes::LaneCurve::add_assign_lanes`) `acc[bucket] += ±add[point]`.
    #[derive(Clone, Copy, Debug)]
    pub struct LaneOp {
        /// Index of the sum.
        pub bucket: u32,
        /// Index of the point added, with the sign in the top bit.
        pub point: u32,
    }

    /// The sign bit of [`LaneOp::point`]: the point is negated.
    pub const NEG: u32 = 1 << 31;
}
#[cfg(feature = "internals")]
pub use lane_op::{LaneOp, NEG};
#[cfg(not(feature = "internals"))]
pub(crate) use lane_op::{LaneOp, NEG};

use crate::curve::{Affine, Compressed, Curve, Jacobian, G1, G2};
use crate::field::Fr;
use crate::Error;
use core::mem::MaybeUninit;
use lanes::LaneCurve;
use pippenger::Plan;
use rayon::prelude::*;

/// The groups multi-scalar multiplication runs on, G1 and G2: [`Curve`]
/// with the hooks of the bucket method, which the curve layer does not
/// know (the pattern of arkworks' `VariableBaseMSM: ScalarMul`). Sealed:
/// implemented here for [`G1`] and [`G2`] only.
#[allow(private_bounds)] // `LaneCurve` is the seal.
pub trait MsmCurve: Curve + LaneCurve {}
impl MsmCurve for G1 {}
impl MsmCurve for G2 {}

/// Up to this many points (G1, G2), Straus' method (`straus.rs`) beats
/// the bucket method; one point is a single variable-time multiplication.
/// (The crossovers measured one thread, in-process, both methods on the
/// same inputs: G1 between 64 and 80 points, G2 between 32 and 40.)
fn straus_max<C: Curve>() -> usize {
    if C::ENDO_PARTS == 2 {
        72
    } else {
        36
    }
}

/// `sum_i scalars[i] points[i]` on all the threads of rayon's current pool.
/// Variable time (public inputs only).
///
/// Identity points and zero scalars are allowed (they add nothing); the
/// empty sum is the identity. Different lengths are an error
/// ([`Error::LengthMismatch`]), never a truncation.
///
/// ```
/// use bls12_381_core::{msm, Fr, G1Affine, G1Projective};
/// let g = G1Affine::generator();
/// let sum = msm::msm_vartime(&[g, g], &[Fr::from_u64(2), Fr::from_u64(3)]).unwrap();
/// assert_eq!(sum, G1Projective::generator().mul(&Fr::from_u64(5)));
/// ```
pub fn msm_vartime<C: MsmCurve>(points: &[Affine<C>], scalars: &[Fr]) -> Result<Jacobian<C>, Error> {
    msm_vartime_with_threads(points, scalars, 0)
}

/// [`msm_vartime`] on `threads` threads: 1 runs on the calling thread
/// only, 0 on rayon's current pool, any other count on a pool of
/// `min(threads, CPUs)` threads (the CPU count is
/// `std::thread::available_parallelism`), kept and reused by later calls
/// asking for the same count. More threads than CPUs cannot be faster, and
/// building a pool of thousands of threads on every call would stall the
/// caller; to run on a pool of your own, call with 0 inside its
/// `install`. The result does not depend on the thread count.
pub fn msm_vartime_with_threads<C: MsmCurve>(
    points: &[Affine<C>],
    scalars: &[Fr],
    threads: usize,
) -> Result<Jacobian<C>, Error> {
    run(points, scalars, threads, None)
}

/// [`msm_vartime_with_threads`] with the window width forced to `window`
/// bits (1 to 24): for tests and tuning.
#[cfg(feature = "internals")]
pub fn msm_vartime_with_window<C: MsmCurve>(
    points: &[Affine<C>],
    scalars: &[Fr],
    threads: usize,
    window: u32,
) -> Result<Jacobian<C>, Error> {
    run(points, scalars, threads, Some(window))
}

/// [`msm_vartime_with_threads`] over points given as concatenated
/// compressed encodings (48 bytes each on G1, 96 on G2), decoded with the
/// subgroup check when `subgroup_check` is set (leave it set unless the
/// points are known to be in the group). Any invalid encoding makes the
/// whole call fail with its decoding error.
pub fn msm_compressed_vartime<C: MsmCurve>(
    encoded: &[u8],
    scalars: &[Fr],
    subgroup_check: bool,
    threads: usize,
) -> Result<Jacobian<C>, Error> {
    let size = core::mem::size_of::<Compressed<C>>();
    if encoded.len() != size * scalars.len() {
        return Err(Error::LengthMismatch { points: encoded.len() / size, scalars: scalars.len() });
    }
    // Decoded without the subgroup check, which then runs on all the
    // points at once (`batch_is_torsion_free`, on the lanes where there
    // are some), the error being that of the first bad encoding in order,
    // as if each point had been decoded and checked in turn.
    let decode = |e: &[u8]| Affine::<C>::from_compressed_unchecked(e);
    let decoded: Vec<Result<Affine<C>, Error>> = in_pool(threads, || {
        if threads == 1 {
            encoded.chunks_exact(size).map(decode).collect()
        } else {
            encoded.par_chunks_exact(size).map(decode).collect()
        }
    });
    let first_error = decoded.iter().position(Result::is_err).unwrap_or(decoded.len());
    let points: Vec<Affine<C>> = decoded.iter().take(first_error).filter_map(|r| r.as_ref().ok().copied()).collect();
    if subgroup_check {
        let in_subgroup: Vec<bool> = in_pool(threads, || {
            if threads == 1 {
                batch_is_torsion_free(&points)
            } else {
                points.par_chunks(CHECK_CHUNK).flat_map_iter(batch_is_torsion_free).collect()
            }
        });
        if in_subgroup.contains(&false) {
            return Err(Error::NotInSubgroup);
        }
    }
    if let Some(Err(e)) = decoded.get(first_error) {
        return Err(*e);
    }
    msm_vartime_with_threads(&points, scalars, threads)
}

/// Points per task of the threaded subgroup checks of
/// [`msm_compressed_vartime`].
const CHECK_CHUNK: usize = 256;

/// Runs `f` on the pool `threads` asks for (see
/// [`msm_vartime_with_threads`]).
fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    if threads <= 1 {
        return f();
    }
    let threads = threads.min(cpus());
    if threads == rayon::current_num_threads() {
        return f();
    }
    match pool(threads) {
        Some(pool) => pool.install(f),
        // No threads to be had: the current pool does the work.
        None => f(),
    }
}

/// The number of CPUs this process may use (at least 1).
fn cpus() -> usize {
    static CPUS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CPUS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The pool of `threads` threads (2 <= threads <= [`cpus`]), built on first
/// use and kept: at most one pool per count, so at most cpus^2 / 2 threads
/// in all.
fn pool(threads: usize) -> Option<std::sync::Arc<rayon::ThreadPool>> {
    use std::sync::{Arc, Mutex};
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    // A poisoned lock only means another thread panicked while holding it;
    // the list itself is always consistent.
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = pools.iter().find(|(n, _)| *n == threads) {
        return Some(Arc::clone(p));
    }
    let p = Arc::new(rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok()?);
    pools.push((threads, Arc::clone(&p)));
    Some(p)
}

fn run<C: MsmCurve>(
    points: &[Affine<C>],
    scalars: &[Fr],
    threads: usize,
    window: Option<u32>,
) -> Result<Jacobian<C>, Error> {
    if points.len() != scalars.len() {
        return Err(Error::LengthMismatch { points: points.len(), scalars: scalars.len() });
    }
    if window.is_none() {
        if let ([p], [k]) = (points, scalars) {
            return Ok(Jacobian::from(*p).mul_vartime(k));
        }
        if points.len() <= straus_max::<C>() {
            return Ok(straus::straus_vartime(points, scalars));
        }
    }
    Ok(in_pool(threads, || {
        let threads = if threads == 1 { 1 } else { rayon::current_num_threads() };
        let (pts, parts) = split(points, scalars, threads);
        if pts.is_empty() {
            return Jacobian::identity();
        }
        let max = parts.iter().fold(0, |m, &s| m.max(s));
        let plan = Plan::new(pts.len(), max, window, core::mem::size_of::<Affine<C>>(), lanes::kernel_for::<C>());
        pippenger::pippenger(&pts, &parts, &plan, threads)
    }))
}

/// Whether each point lies in the prime-order subgroup (G1 or G2): the
/// answers of `Jacobian::from(p).is_torsion_free()` point by point, for
/// many points at once (the inputs of an MSM from untrusted encodings).
/// On the lane kernel the MSM of the curve uses (chosen by measurement),
/// four or eight points at a time (`lanes/subgroup.rs`); otherwise one by
/// one. For public points: the lane path branches on the
/// exceptional additions that only points outside the subgroup meet.
pub fn batch_is_torsion_free<C: MsmCurve>(points: &[Affine<C>]) -> Vec<bool> {
    let mut out = vec![false; points.len()];
    if !C::torsion_free_lanes(points, &mut out) {
        for (o, p) in out.iter_mut().zip(points) {
            *o = bool::from(Jacobian::from(*p).is_torsion_free());
        }
    }
    out
}

/// The endomorphism split of the inputs: every (P, k) with P not the
/// identity and k nonzero becomes the pairs (P_i, s_i) with s_i nonzero,
/// in input order.
///
/// On one thread, one pass. On the pool (`threads > 1`), two passes over
/// chunks of the input: the parts of every scalar, and how many are
/// nonzero in each chunk; then
/// each chunk writes its images and parts straight into its own stretch of
/// the outputs (no per-chunk vectors copied together: that copy and its
/// allocations made the threaded split slower than one thread).
fn split<C: Curve>(points: &[Affine<C>], scalars: &[Fr], threads: usize) -> (Vec<Affine<C>>, Vec<u128>) {
    let e = C::ENDO_PARTS;
    // The parts of (p, k), all zero for an identity point or a zero scalar.
    let endo_parts = |p: &Affine<C>, k: &Fr| {
        if bool::from(p.is_identity() | k.is_zero()) {
            [0; 4]
        } else {
            C::endo_split(k)
        }
    };
    if threads <= 1 || points.len() < SPLIT_CHUNK {
        // One pass: the counting pass only serves the threaded split.
        let mut pts = Vec::with_capacity(points.len() * e);
        let mut out = Vec::with_capacity(points.len() * e);
        for (p, k) in points.iter().zip(scalars) {
            nonzero_parts(p, &endo_parts(p, k)[..e], |q, x| {
                pts.push(q);
                out.push(x);
            });
        }
        return (pts, out);
    }
    let chunk = SPLIT_CHUNK;
    // Pass 1: the parts, zero for identity points and zero scalars.
    let mut all = vec![0u128; points.len() * e];
    let parts_of = |(out, (pts, sc)): PartsChunk<'_, C>| -> usize {
        let mut nonzero = 0;
        for ((p, k), out) in pts.iter().zip(sc).zip(out.chunks_exact_mut(e)) {
            let s = endo_parts(p, k);
            out.copy_from_slice(&s[..e]);
            nonzero += s[..e].iter().filter(|&&x| x != 0).count();
        }
        nonzero
    };
    let counts: Vec<usize> = all
        .par_chunks_mut(chunk * e)
        .zip(points.par_chunks(chunk).zip(scalars.par_chunks(chunk)))
        .map(parts_of)
        .collect();
    // Pass 2: each chunk's images and nonzero parts into its stretch.
    let total: usize = counts.iter().sum();
    let mut pts: Vec<Affine<C>> = Vec::with_capacity(total);
    let mut parts: Vec<u128> = Vec::with_capacity(total);
    let mut stretches = Vec::with_capacity(counts.len());
    let (mut pr, mut sr) = (&mut pts.spare_capacity_mut()[..total], &mut parts.spare_capacity_mut()[..total]);
    for &c in &counts {
        let (p, p_rest) = pr.split_at_mut(c);
        let (s, s_rest) = sr.split_at_mut(c);
        stretches.push((p, s));
        (pr, sr) = (p_rest, s_rest);
    }
    let write = |((dp, ds), (pts, all)): WriteChunk<'_, C>| {
        let mut j = 0;
        for (p, s) in pts.iter().zip(all.chunks_exact(e)) {
            nonzero_parts(p, s, |q, x| {
                dp[j].write(q);
                ds[j].write(x);
                j += 1;
            });
        }
        debug_assert_eq!(j, dp.len());
    };
    stretches.into_par_iter().zip(points.par_chunks(chunk).zip(all.par_chunks(chunk * e))).for_each(write);
    // SAFETY: the stretches tile the first `total` elements of both
    // vectors, and each chunk wrote exactly as many elements as pass 1
    // counted for it (the same nonzero parts of the same scalars).
    unsafe {
        pts.set_len(total);
        parts.set_len(total);
    }
    (pts, parts)
}

/// A chunk of the split's first pass: the parts' stretch, and the points
/// and scalars they come from.
type PartsChunk<'a, C> = (&'a mut [u128], (&'a [Affine<C>], &'a [Fr]));

/// A chunk of the split's second pass: the images' and nonzero parts'
/// stretches to write, and the points and parts they come from.
type WriteChunk<'a, C> =
    ((&'a mut [MaybeUninit<Affine<C>>], &'a mut [MaybeUninit<u128>]), (&'a [Affine<C>], &'a [u128]));

/// `put(P_i, s_i)` for the nonzero parts `s_i` of `p`'s scalar (`s`: its
/// `ENDO_PARTS` parts), in order; nothing when all are zero.
#[inline(always)]
fn nonzero_parts<C: Curve>(p: &Affine<C>, s: &[u128], mut put: impl FnMut(Affine<C>, u128)) {
    if s.iter().all(|&x| x == 0) {
        return;
    }
    let images = C::endo_images(p);
    for (image, &x) in images.iter().zip(s) {
        if x != 0 {
            put(*image, x);
        }
    }
}

/// Inputs per task of a threaded [`split`].
const SPLIT_CHUNK: usize = 4096;
