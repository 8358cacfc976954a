//! `compare msm`: multi-scalar multiplication `sum_i s_i P_i` on G1
//! (n = 2^8 ... 2^20) and G2 (n = 2^8 ... 2^16), even powers of two, on one
//! thread and on all threads, ours vs blst and vs arkworks.
//!
//! Rows, for each group and n, all from one interleaved measurement: each
//! round calls the six computations below once each, in this order, and
//! every row compares two of them over the same rounds:
//! - `1 thread`: ours with `threads = 1` (the calling thread only), against
//!   - `blst`: `blst_p1s_mult_pippenger` / `blst_p2s_mult_pippenger` (raw
//!     FFI, single thread; points as one contiguous affine array, scalars as
//!     one contiguous array of 32-byte little-endian integers read as 255
//!     bits, scratch of `blst_p*s_mult_pippenger_scratch_sizeof(n)` bytes
//!     allocated once per n, outside the timing);
//!   - `arkworks (1-thread pool)`: ark-ec's `VariableBaseMSM::msm`
//!     (ark-bls12-381 0.6, `parallel` feature on, scalars as `Fr`) run by
//!     `install` on a rayon pool of one thread, so that its parallel
//!     iterators run on that one thread;
//! - `all threads`: ours with `threads = 0` (rayon's global pool), against
//!   - `blst (own pool)`: blst's Rust `MultiPoint::mult` on
//!     `[blst_p*_affine]`, which splits the work over blst's own thread
//!     pool (one thread per CPU);
//!   - `arkworks`: `msm` on rayon's global pool;
//! - `G1 MSM 2^18 (all threads vs own one thread)`: ours, threads = 0 against
//!   threads = 1 (the scaling of the thread pool: target 0.6);
//! - `G1 MSM 2^12 / 2^16 (<kernel> lanes vs ADX)`, for each lane kernel
//!   the CPU has (`avx2`, `avx512f`, `avx512_ifma`): ours on one thread with that kernel
//!   imposed (`msm::set_lane_kernel`) against ours with the lanes off
//!   (`Off` imposed) around the call, the multi-lane backends against
//!   the one-lane ADX path; and `(chosen lanes vs ADX)`, the kernel the
//!   run-time measurement chose (`msm::lane_kernels`, named in the
//!   header), with targets: at most 0.80 on G1 2^16 on a CPU
//!   with AVX-512, never above 1.0. Left out on CPUs without lanes.
//!
//! Before the rows of an n, all six computations (three libraries, one and
//! all threads) run once on the same input and must give the same point
//! (exit 3 otherwise); this run is also the warm-up. The one-thread calls are
//! also measured in process CPU time: more than 1.3 CPU seconds per wall
//! second (on calls of at least 20 ms) means that a "one thread" path used
//! more, and exits 3. The CPU/wall ratios at the largest n are printed
//! under the table (below 1 when the machine is shared: the wall clock
//! also counts time the process waited for a core).
//!
//! Inputs: uniformly random scalars; points made in runs of 4096: a random
//! start P and a random step S (both `s * generator` for random s), then
//! P, P + S, P + 2S, ..., normalised with one inversion per run. Every point
//! is a uniformly random group element (the runs are correlated, which MSM
//! does not see), and 2^20 of them take about a second instead of minutes of
//! scalar multiplications. One input of the largest n per group; the rows of
//! smaller n take its prefixes.
//!
//! Rounds: a call takes from milliseconds (G1, 2^8) to seconds (G1, 2^20,
//! one thread), so every call is timed alone (no batches) and each n gets
//! `--rounds` rounds, capped so that its timed rounds take about
//! [`ROUND_BUDGET_S`] seconds as judged from the check run, but at least 3
//! ([`crate::Bench::slow_rounds`]); the rows with fewer rounds than
//! `--rounds` are listed under the table. `--max-log K` leaves out the
//! sizes above 2^K.
//!
//! `--plot DIR` also writes `DIR/msm_g1.png` and `DIR/msm_g2.png` (time per
//! MSM against n, log-log, one line per library and thread setting) and the
//! data `DIR/msm.csv`. Text is drawn with DejaVu Sans
//! compiled into the binary (rust/bench/fonts, with its licence), so no
//! system font or fontconfig is needed; a plot that still cannot be drawn is
//! reported on stderr and does not fail the run.

use crate::curves::{blst_p1_bytes, blst_p2_bytes, g1_bytes, g1_to_blst, g2_bytes, g2_to_blst};
use crate::Bench;
use ark_bls12_381::{Fq as ArkFq, Fq2 as ArkFq2, Fr as ArkFr};
use ark_ec::{CurveGroup, VariableBaseMSM};
use ark_ff::{BigInteger, PrimeField};
use bls12_381_core::arith::LaneKernel;
use bls12_381_core::curve::{Affine, Curve, Jacobian, G1, G2};
use bls12_381_core::msm::msm_vartime_with_threads;
use bls12_381_core::msm::MsmCurve;
use bls12_381_core::{Fp, Fp2, Fr};
use blst::*;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use rayon::prelude::*;
use std::hint::black_box;
use std::time::Instant;

/// About how long the timed rounds of one n take (all its rows together),
/// in seconds, when `--rounds` would take longer.
pub(crate) const ROUND_BUDGET_S: f64 = 10.0;

/// log2 n of the G1 and G2 rows.
const G1_LOGS: &[u32] = &[8, 10, 12, 14, 16, 18, 20];
const G2_LOGS: &[u32] = &[8, 10, 12, 14, 16];

/// Targets on ours / blst, one thread: (group, log2 n, largest ours/blst).
const TARGETS: &[(&str, u32, f64)] =
    &[("G1", 8, 0.8), ("G1", 10, 0.75), ("G1", 12, 0.6), ("G1", 16, 0.5), ("G2", 12, 0.55)];
/// Target on ours all threads / ours one thread at G1 2^SELF_LOG.
const SELF_LOG: u32 = 18;
const SELF_TARGET: f64 = 0.6;
/// Sizes of the lanes-vs-ADX rows (G1 and G2), and the target of the chosen
/// kernel's row on G1 at 2^16 on a CPU with AVX-512 (what the multi-lane
/// backend is for; elsewhere 1.0, never slower).
const LANE_LOGS: &[u32] = &[12, 16];
const LANE_TARGET: (u32, f64) = (16, 0.80);

/// Scalar width given to blst (Fr < 2^255).
const NBITS: usize = 255;

/// Most CPU seconds per wall second a one-thread path may use.
const ONE_THREAD_CPU_MAX: f64 = 1.3;

// ---------------------------------------------------------------------------
// The two groups, for the three libraries.

/// What differs between G1 and G2 for the peers.
trait Group: MsmCurve {
    type BlstAffine: Copy + Send + Sync;
    type BlstPoint;
    type ArkAffine: Copy + Send + Sync;
    type ArkPoint: Send;
    fn blst_affine(p: &Affine<Self>) -> Self::BlstAffine;
    fn ark_affine(p: &Affine<Self>) -> Self::ArkAffine;
    /// Scratch for [`Group::blst_msm`] of n points.
    fn blst_scratch(n: usize) -> Vec<u64>;
    /// blst's single-threaded Pippenger (raw FFI).
    fn blst_msm(points: &[Self::BlstAffine], scalars: &[u8], scratch: &mut [u64]) -> Self::BlstPoint;
    /// blst's Rust binding, on blst's own thread pool.
    fn blst_msm_pool(points: &[Self::BlstAffine], scalars: &[u8]) -> Self::BlstPoint;
    /// arkworks' `VariableBaseMSM::msm` on rayon's current pool.
    fn ark_msm(points: &[Self::ArkAffine], scalars: &[ArkFr]) -> Self::ArkPoint;
    /// Affine coordinates, big-endian, as `curves::g1_bytes`.
    fn ours_bytes(p: &Jacobian<Self>) -> Vec<u8>;
    fn blst_bytes(p: &Self::BlstPoint) -> Vec<u8>;
    fn ark_bytes(p: &Self::ArkPoint) -> Vec<u8>;
}

pub(crate) fn ark_fq(x: &Fp) -> ArkFq {
    ArkFq::from_be_bytes_mod_order(&x.to_bytes())
}

fn ark_fq2(x: &Fp2) -> ArkFq2 {
    ArkFq2::new(ark_fq(&x.c0), ark_fq(&x.c1))
}

pub(crate) fn ark_fq_bytes(x: &ArkFq) -> Vec<u8> {
    x.into_bigint().to_bytes_be()
}

/// The scratch blst asks for (bytes) as 64-bit limbs.
fn limbs(bytes: usize) -> Vec<u64> {
    vec![0u64; bytes.div_ceil(8)]
}

fn ark_fq2_bytes(x: &ArkFq2) -> Vec<u8> {
    [ark_fq_bytes(&x.c0), ark_fq_bytes(&x.c1)].concat()
}

/// [`Group`] for one group: its blst types and functions (`p1`/`p2`), its
/// arkworks types, and the conversions of its coordinates (Fp or Fp2).
macro_rules! impl_group {
    (
        $G:ty,
        blst: ($BA:ty, $BP:ty, $to_blst:ident, $blst_bytes:ident, $sizeof:ident, $pippenger:ident),
        ark: ($AA:ty, $AP:ty, $ark_coord:ident, $ark_coord_bytes:ident),
        ours_bytes: $ours_bytes:ident
    ) => {
        impl Group for $G {
            type BlstAffine = $BA;
            type BlstPoint = $BP;
            type ArkAffine = $AA;
            type ArkPoint = $AP;

            fn blst_affine(p: &Affine<$G>) -> $BA {
                $to_blst(p)
            }
            fn ark_affine(p: &Affine<$G>) -> Self::ArkAffine {
                <$AA>::new_unchecked($ark_coord(&p.x()), $ark_coord(&p.y()))
            }
            fn blst_scratch(n: usize) -> Vec<u64> {
                // SAFETY: a pure size computation.
                limbs(unsafe { $sizeof(n) })
            }
            fn blst_msm(points: &[$BA], scalars: &[u8], scratch: &mut [u64]) -> $BP {
                // SAFETY: a pure size computation.
                let need = unsafe { $sizeof(points.len()) };
                assert!(scalars.len() == 32 * points.len() && scratch.len() * 8 >= need);
                // blst reads `points[0]` as a contiguous array when `points[1]` is
                // null, and the same for the scalars.
                let p: [*const $BA; 2] = [points.as_ptr(), std::ptr::null()];
                let s: [*const u8; 2] = [scalars.as_ptr(), std::ptr::null()];
                let mut r = <$BP>::default();
                // SAFETY: n points, n 32-byte scalars, scratch of the size blst asks for.
                unsafe { $pippenger(&mut r, p.as_ptr(), points.len(), s.as_ptr(), NBITS, scratch.as_mut_ptr()) };
                r
            }
            fn blst_msm_pool(points: &[$BA], scalars: &[u8]) -> $BP {
                points.mult(scalars, NBITS)
            }
            fn ark_msm(points: &[Self::ArkAffine], scalars: &[ArkFr]) -> Self::ArkPoint {
                <$AP>::msm(points, scalars).expect("equal lengths")
            }
            fn ours_bytes(p: &Jacobian<$G>) -> Vec<u8> {
                $ours_bytes(p)
            }
            fn blst_bytes(p: &$BP) -> Vec<u8> {
                $blst_bytes(p)
            }
            fn ark_bytes(p: &Self::ArkPoint) -> Vec<u8> {
                let a = p.into_affine();
                [$ark_coord_bytes(&a.x), $ark_coord_bytes(&a.y)].concat()
            }
        }
    };
}

impl_group!(
    G1,
    blst: (blst_p1_affine, blst_p1, g1_to_blst, blst_p1_bytes, blst_p1s_mult_pippenger_scratch_sizeof, blst_p1s_mult_pippenger),
    ark: (ark_bls12_381::G1Affine, ark_bls12_381::G1Projective, ark_fq, ark_fq_bytes),
    ours_bytes: g1_bytes
);

impl_group!(
    G2,
    blst: (blst_p2_affine, blst_p2, g2_to_blst, blst_p2_bytes, blst_p2s_mult_pippenger_scratch_sizeof, blst_p2s_mult_pippenger),
    ark: (ark_bls12_381::G2Affine, ark_bls12_381::G2Projective, ark_fq2, ark_fq2_bytes),
    ours_bytes: g2_bytes
);

// ---------------------------------------------------------------------------
// Inputs.

/// One random input in the three libraries' forms.
struct Inputs<C: Group> {
    points: Vec<Affine<C>>,
    scalars: Vec<Fr>,
    blst_points: Vec<C::BlstAffine>,
    /// 32 bytes little-endian per scalar, concatenated.
    blst_scalars: Vec<u8>,
    ark_points: Vec<C::ArkAffine>,
    ark_scalars: Vec<ArkFr>,
}

impl<C: Group> Inputs<C> {
    fn new(rng: &mut ChaCha20Rng, n: usize) -> Self {
        let points = random_points::<C>(rng, n);
        let scalars: Vec<Fr> = (0..n).map(|_| Fr::random(&mut *rng)).collect();
        let blst_points = points.par_iter().map(C::blst_affine).collect();
        let blst_scalars = scalars.iter().flat_map(|s| s.to_bytes()).collect();
        let ark_points = points.par_iter().map(C::ark_affine).collect();
        let ark_scalars = scalars.iter().map(|s| ArkFr::from_le_bytes_mod_order(&s.to_bytes())).collect();
        Inputs { points, scalars, blst_points, blst_scalars, ark_points, ark_scalars }
    }
}

/// n uniformly random points of the group, made in runs P, P + S, P + 2S, ...
/// of [`RUN`] points (random P and S), each run normalised with one
/// inversion. Deterministic in `rng` whatever the thread count.
fn random_points<C: Curve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<Affine<C>> {
    const RUN: usize = 4096;
    let seeds: Vec<u64> = (0..n.div_ceil(RUN)).map(|_| rng.next_u64()).collect();
    seeds
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, &seed)| {
            let mut r = ChaCha20Rng::seed_from_u64(seed);
            let step = Jacobian::<C>::random(&mut r);
            let mut p = Jacobian::<C>::random(&mut r);
            let run: Vec<Jacobian<C>> = (0..RUN.min(n - i * RUN))
                .map(|_| {
                    let q = p;
                    p = p.add(&step);
                    q
                })
                .collect();
            Jacobian::batch_normalize(&run)
        })
        .collect()
}

// ---------------------------------------------------------------------------
// The equality and thread checks.

/// Process CPU time in seconds (all threads).
fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: valid clock id and output.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// `f()` and the CPU seconds the process used per wall second meanwhile.
fn cpu_per_wall<R>(f: impl FnOnce() -> R) -> (R, f64, f64) {
    let (c0, t0) = (cpu_seconds(), Instant::now());
    let r = f();
    let wall = t0.elapsed().as_secs_f64();
    (r, (cpu_seconds() - c0) / wall, wall)
}

/// What [`check`] measured, for ours, blst, arkworks on one thread, then
/// ours, blst, arkworks on all threads.
struct Checked {
    /// CPU seconds per wall second.
    cpu: [f64; 6],
    /// Wall seconds.
    wall: [f64; 6],
}

/// Runs the six computations on the first n inputs, exits unless they agree
/// or a one-thread path used more than one thread.
fn check<C: Group>(b: &Bench, inp: &Inputs<C>, n: usize, one: &rayon::ThreadPool) -> Checked {
    let what = format!("{} MSM 2^{} (check)", C::NAME, n.trailing_zeros());
    let (pts, sc) = (&inp.points[..n], &inp.scalars[..n]);
    let (bp, bs) = (&inp.blst_points[..n], &inp.blst_scalars[..32 * n]);
    let (ap, asc) = (&inp.ark_points[..n], &inp.ark_scalars[..n]);

    let mut scratch = C::blst_scratch(n);
    let (ours1, u0, w0) = cpu_per_wall(|| msm_vartime_with_threads(pts, sc, 1).unwrap());
    let (blst1, u1, w1) = cpu_per_wall(|| C::blst_msm(bp, bs, &mut scratch));
    let (ark1, u2, w2) = cpu_per_wall(|| one.install(|| C::ark_msm(ap, asc)));
    let (ours_all, u3, w3) = cpu_per_wall(|| msm_vartime_with_threads(pts, sc, 0).unwrap());
    let (blst_all, u4, w4) = cpu_per_wall(|| C::blst_msm_pool(bp, bs));
    let (ark_all, u5, w5) = cpu_per_wall(|| C::ark_msm(ap, asc));

    let ours = C::ours_bytes(&ours1);
    b.agree(&what, &ours, &C::blst_bytes(&blst1), "blst");
    b.agree(&what, &ours, &C::ark_bytes(&ark1), "arkworks (1-thread pool)");
    b.agree(&what, &ours, &C::ours_bytes(&ours_all), "ours (all threads)");
    b.agree(&what, &ours, &C::blst_bytes(&blst_all), "blst (own pool)");
    b.agree(&what, &ours, &C::ark_bytes(&ark_all), "arkworks (all threads)");

    for (name, u, w) in [("ours", u0, w0), ("blst", u1, w1), ("arkworks", u2, w2)] {
        if w >= 0.02 && u > ONE_THREAD_CPU_MAX {
            eprintln!(
                "compare: {what}: the one-thread {name} call used {u:.2} CPU seconds per wall second; \
                 its rows would not be single-threaded."
            );
            std::process::exit(3);
        }
    }
    Checked { cpu: [u0, u1, u2, u3, u4, u5], wall: [w0, w1, w2, w3, w4, w5] }
}

// ---------------------------------------------------------------------------
// Rows.

/// The plot's lines: library and thread setting.
pub(crate) const SERIES: [(&str, bool); 6] =
    [("ours", false), ("blst", false), ("arkworks", false), ("ours", true), ("blst", true), ("arkworks", true)];

/// One measured time for the plot.
pub(crate) struct Sample {
    pub(crate) group: &'static str,
    pub(crate) log_n: u32,
    /// Index into [`SERIES`].
    pub(crate) series: usize,
    pub(crate) ns: f64,
}

/// Row names carry no comma (`--csv` does not quote).
fn op_name(group: &str, log_n: u32, all: bool) -> String {
    format!("{group} MSM 2^{log_n} ({})", if all { "all threads" } else { "1 thread" })
}

fn self_op() -> String {
    format!("G1 MSM 2^{SELF_LOG} (all threads vs own one thread)")
}

fn lane_op(group: &str, log_n: u32) -> String {
    format!("{group} MSM 2^{log_n} (chosen lanes vs ADX)")
}

fn kernel_op(group: &str, log_n: u32, k: LaneKernel) -> String {
    format!("{group} MSM 2^{log_n} ({k} lanes vs ADX)")
}

/// The lane kernels of this machine (those `set_lane_kernel` does not
/// turn into `Off`).
fn lane_kernels_here() -> Vec<LaneKernel> {
    [LaneKernel::Avx2, LaneKernel::Avx512f, LaneKernel::Avx512Ifma]
        .into_iter()
        .filter(|&k| bls12_381_core::arith::lane_kernel_allowed(k))
        .collect()
}

/// `f()` with `k` imposed on the MSM (then the measured choice again).
fn with_kernel<R>(k: LaneKernel, f: impl FnOnce() -> R) -> R {
    bls12_381_core::msm::set_lane_kernel(Some(k));
    let r = f();
    bls12_381_core::msm::set_lane_kernel(None);
    r
}

/// The rows of one group.
fn group<C: Group>(b: &mut Bench, logs: &[u32], one: &rayon::ThreadPool, samples: &mut Vec<Sample>) {
    let g = C::NAME;
    let with_self = g == "G1";
    let wanted: Vec<u32> = logs
        .iter()
        .copied()
        .filter(|&k| !matches!(b.max_log(), Some(m) if k > m))
        .filter(|&k| {
            b.wants(&op_name(g, k, false))
                || b.wants(&op_name(g, k, true))
                || (with_self && k == SELF_LOG && b.wants(&self_op()))
                || (LANE_LOGS.contains(&k) && b.wants(&lane_op(g, k)))
                || (LANE_LOGS.contains(&k) && lane_kernels_here().iter().any(|&l| b.wants(&kernel_op(g, k, l))))
        })
        .collect();
    let Some(&max) = wanted.last() else { return };

    let t0 = Instant::now();
    let inp = Inputs::<C>::new(b.rng(), 1 << max);
    eprintln!("compare msm: {g} inputs (2^{max} points) made in {:.1} s", t0.elapsed().as_secs_f64());

    for k in wanted {
        let n = 1usize << k;
        let checked = check::<C>(b, &inp, n, one);
        let (u, w) = (checked.cpu, checked.wall);
        if k == max {
            b.note(format!(
                "{g} 2^{k} check run, CPU s per wall s: 1 thread: ours {:.2}, blst {:.2}, arkworks {:.2}; \
                 all threads: ours {:.2}, blst {:.2}, arkworks {:.2}",
                u[0], u[1], u[2], u[3], u[4], u[5]
            ));
        }
        let (pts, sc) = (&inp.points[..n], &inp.scalars[..n]);
        let (bp, bs) = (&inp.blst_points[..n], &inp.blst_scalars[..32 * n]);
        let (ap, asc) = (&inp.ark_points[..n], &inp.ark_scalars[..n]);
        let mut scratch = C::blst_scratch(n);
        let mut ours1 = || {
            black_box(msm_vartime_with_threads(black_box(pts), black_box(sc), 1).unwrap());
        };
        let mut blst1 = || {
            black_box(C::blst_msm(black_box(bp), black_box(bs), &mut scratch));
        };
        let mut ark1 = || {
            black_box(one.install(|| C::ark_msm(black_box(ap), black_box(asc))));
        };
        let mut ours_all = || {
            black_box(msm_vartime_with_threads(black_box(pts), black_box(sc), 0).unwrap());
        };
        let mut blst_all = || {
            black_box(C::blst_msm_pool(black_box(bp), black_box(bs)));
        };
        let mut ark_all = || {
            black_box(C::ark_msm(black_box(ap), black_box(asc)));
        };
        // Ours on one thread with the lane kernel `l` imposed.
        let ours_with = |l: LaneKernel| {
            move || {
                with_kernel(l, || black_box(msm_vartime_with_threads(black_box(pts), black_box(sc), 1).unwrap()));
            }
        };
        let mut ours_adx = ours_with(LaneKernel::Off);
        let mut ours_avx2 = ours_with(LaneKernel::Avx2);
        let mut ours_ifma = ours_with(LaneKernel::Avx512Ifma);
        let mut ours_avx512 = ours_with(LaneKernel::Avx512f);
        // The rows of this n, as (op, ours, peer, target) with indices into
        // SERIES, from one interleaved measurement of the calls they use.
        let (one_op, all_op) = (op_name(g, k, false), op_name(g, k, true));
        let one_target = TARGETS.iter().find(|&&(bg, bk, _)| bg == g && bk == k).map(|&(_, _, target)| target);
        let mut rows = Vec::new();
        if b.wants(&one_op) {
            rows.push((one_op.clone(), 0, 1, one_target));
            rows.push((one_op, 0, 2, None));
        }
        if b.wants(&all_op) {
            rows.push((all_op.clone(), 3, 4, None));
            rows.push((all_op, 3, 5, None));
        }
        if with_self && k == SELF_LOG && b.wants(&self_op()) {
            rows.push((self_op(), 3, 0, Some(SELF_TARGET)));
        }
        let here = lane_kernels_here();
        if LANE_LOGS.contains(&k) && b.wants(&lane_op(g, k)) && !here.is_empty() {
            let avx512 = std::is_x86_feature_detected!("avx512f");
            let target = if with_self && k == LANE_TARGET.0 && avx512 { LANE_TARGET.1 } else { 1.0 };
            rows.push((lane_op(g, k), 0, 6, Some(target)));
        }
        for (l, series) in [(LaneKernel::Avx2, 7), (LaneKernel::Avx512f, 9), (LaneKernel::Avx512Ifma, 8)] {
            if LANE_LOGS.contains(&k) && here.contains(&l) && b.wants(&kernel_op(g, k, l)) {
                rows.push((kernel_op(g, k, l), series, 6, None));
            }
        }
        let all: [(&'static str, &mut dyn FnMut()); 10] = [
            ("ours (1 thread)", &mut ours1),
            ("blst", &mut blst1),
            ("arkworks (1-thread pool)", &mut ark1),
            ("ours (all threads)", &mut ours_all),
            ("blst (own pool)", &mut blst_all),
            ("arkworks", &mut ark_all),
            ("ours (1 thread, ADX, no lanes)", &mut ours_adx),
            ("ours (1 thread, avx2 lanes)", &mut ours_avx2),
            ("ours (1 thread, avx512_ifma lanes)", &mut ours_ifma),
            ("ours (1 thread, avx512f lanes)", &mut ours_avx512),
        ];
        // Only the calls some row uses are timed.
        let series: Vec<usize> = (0..10).filter(|&i| rows.iter().any(|r| r.1 == i || r.2 == i)).collect();
        let mut calls: Vec<(&'static str, &mut dyn FnMut())> =
            all.into_iter().enumerate().filter(|(i, _)| series.contains(i)).map(|(_, c)| c).collect();
        let at = |i: usize| series.iter().position(|&j| j == i).unwrap();
        let rows: Vec<_> = rows.into_iter().map(|(op, o, p, target)| (op, at(o), at(p), target)).collect();

        // (The calls with a kernel imposed are timed like ours on one
        // thread in the check run.)
        let round_s: f64 = series.iter().map(|&i| w[if i >= 6 { 0 } else { i }]).sum();
        let rounds = b.slow_rounds(round_s, ROUND_BUDGET_S);
        let ns = b.compare_slow(rounds, &mut calls, &rows);
        for (&i, &t) in series.iter().zip(&ns).filter(|(&i, _)| i < 6) {
            samples.push(Sample { group: g, log_n: k, series: i, ns: t });
        }
    }
}

/// Runs every selected row of the area.
pub(crate) fn run(b: &mut Bench) {
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a rayon pool of one thread");
    let mut samples = Vec::new();
    group::<G1>(b, G1_LOGS, &one, &mut samples);
    group::<G2>(b, G2_LOGS, &one, &mut samples);
    b.note(format!(
        "all threads: ours (threads = 0) and arkworks on rayon's global pool ({} threads), \
         blst on its own pool (one thread per CPU, {} CPUs)",
        rayon::current_num_threads(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    ));
    if let Some(dir) = b.plot_dir().map(str::to_string) {
        write_plots(b, &dir, &samples);
    }
}

// ---------------------------------------------------------------------------
// docs/: the data and the plots.

fn write_plots(b: &mut Bench, dir: &str, samples: &[Sample]) {
    let dir = crate::plot::create_dir(dir);
    let mut csv = String::from("group,n,library,threads,ns\n");
    for s in samples {
        let (lib, all) = SERIES[s.series];
        let threads = if all { "all" } else { "1" };
        csv.push_str(&format!("{},{},{lib},{threads},{:.0}\n", s.group, 1u64 << s.log_n, s.ns));
    }
    let path = dir.join("msm.csv");
    if let Err(e) = std::fs::write(&path, csv) {
        eprintln!("compare: cannot write {}: {e}", path.display());
        std::process::exit(2);
    }
    let mut written = vec![path.display().to_string()];
    for g in ["G1", "G2"] {
        let ours: Vec<&Sample> = samples.iter().filter(|s| s.group == g).collect();
        if ours.is_empty() {
            continue;
        }
        let path = dir.join(format!("msm_{}.png", g.to_lowercase()));
        let title = format!("{g} multi-scalar multiplication (compare msm)");
        match crate::plot::msm_times(&path, &title, &ours) {
            Ok(()) => written.push(path.display().to_string()),
            // Never fail the run over a picture.
            Err(e) => eprintln!("compare: could not draw {}: {e}", path.display()),
        }
    }
    b.note(format!("plot data: {}", written.join(", ")));
}
