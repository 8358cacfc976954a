//! `compare gt`: multi-exponentiation in GT, `prod_i f_i^(e_i)`, for n = 2,
//! 8, 32, 128, 256 and 1024 random bases and exponents, one thread and all
//! threads.
//!
//! Computations, each called once a round in this order (every call timed
//! alone, as `compare msm`; [`crate::Bench::compare_slow`]):
//! - ours: `Gt::multiexp_vartime_with_threads` (the torus path), with
//!   `threads = 1` and `threads = 0` (rayon's global pool);
//! - `our non-torus`: `Gt::multiexp_no_torus_vartime`, the same bucket
//!   method over Fp12, 1 and all threads;
//! - `our pow_vartime product`: the product of n `Gt::pow_vartime`s (each
//!   with its own four-way Frobenius split), one thread, for n <= 256;
//! - `arkworks`: ark-ec 0.6's `VariableBaseMSM::msm` on
//!   `PairingOutput<Bls12_381>` (signed-digit Pippenger over Fq12 with
//!   cyclotomic squarings), run by `install` on a rayon pool of one thread
//!   for the one-thread rows, on the global pool for the others.
//!
//! Before the rows of an n, all of them run once on the same input and must
//! give the same Fq12 value (exit 3 otherwise); that run is also the
//! warm-up and sizes the rounds (capped so that an n's rounds take about
//! [`ROUND_BUDGET_S`] seconds, at least 3).
//!
//! Targets (one thread): at n = 128 ours <= 0.30x the pow_vartime
//! product, <= 0.60x the non-torus path, <= 0.25x arkworks; at n = 256
//! ours <= 0.27x the pow_vartime product.

use crate::msm::{ark_fq, ark_fq_bytes};
use crate::Bench;
use ark_bls12_381::{Bls12_381, Fq12 as ArkFq12, Fq2 as ArkFq2, Fq6 as ArkFq6, Fr as ArkFr};
use ark_ec::pairing::PairingOutput;
use ark_ec::VariableBaseMSM;
use ark_ff::PrimeField;
use bls12_381_core::{Fr, Gt};
use std::hint::black_box;
use std::time::Instant;

/// Sizes of the rows.
const SIZES: &[usize] = &[2, 8, 32, 128, 256, 1024];
/// Largest n with a pow_vartime-product row.
const NAIVE_MAX: usize = 256;
/// About how long the timed rounds of one n take, in seconds.
const ROUND_BUDGET_S: f64 = 6.0;
/// Targets: (n, peer, largest ours/peer).
const TARGETS: &[(usize, &str, f64)] = &[(128, NAIVE, 0.30), (128, PLAIN, 0.60), (128, ARK1, 0.25), (256, NAIVE, 0.27)];

const NAIVE: &str = "our pow_vartime product";
const PLAIN: &str = "our non-torus";
const PLAIN_ALL: &str = "our non-torus (all threads)";
const ARK1: &str = "arkworks (1-thread pool)";
const ARK_ALL: &str = "arkworks";

type ArkGt = PairingOutput<Bls12_381>;

fn ark_gt(f: &Gt) -> ArkGt {
    let c = f.to_fp12().coefficients();
    let f2 = |k: usize| ArkFq2::new(ark_fq(&c[k]), ark_fq(&c[k + 1]));
    PairingOutput(ArkFq12::new(ArkFq6::new(f2(0), f2(2), f2(4)), ArkFq6::new(f2(6), f2(8), f2(10))))
}

/// The twelve coefficients, big-endian, in tower order.
fn ours_bytes(f: &Gt) -> Vec<u8> {
    f.to_fp12().coefficients().iter().flat_map(|x| x.to_bytes()).collect()
}

fn ark_bytes(f: &ArkGt) -> Vec<u8> {
    let f = &f.0;
    [&f.c0, &f.c1]
        .iter()
        .flat_map(|f6| [&f6.c0, &f6.c1, &f6.c2])
        .flat_map(|f2| [&f2.c0, &f2.c1])
        .flat_map(ark_fq_bytes)
        .collect()
}

fn naive(bases: &[Gt], exps: &[Fr]) -> Gt {
    bases.iter().zip(exps).fold(Gt::identity(), |acc, (b, e)| acc.mul(&b.pow_vartime(e)))
}

/// Runs every selected row of the area.
pub(crate) fn run(b: &mut Bench) {
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a rayon pool of one thread");
    let max = SIZES.iter().copied().filter(|&n| wanted(b, n)).max().unwrap_or(0);
    let bases: Vec<Gt> = (0..max).map(|_| Gt::random(b.rng())).collect();
    let exps: Vec<Fr> = (0..max).map(|_| Fr::random(b.rng())).collect();
    let ark_bases: Vec<ArkGt> = bases.iter().map(ark_gt).collect();
    let ark_exps: Vec<ArkFr> = exps.iter().map(|e| ArkFr::from_le_bytes_mod_order(&e.to_bytes())).collect();
    let sizes: Vec<usize> = SIZES.iter().copied().filter(|&n| wanted(b, n)).collect();
    for n in sizes {
        let (bs, es, abs, aes) = (&bases[..n], &exps[..n], &ark_bases[..n], &ark_exps[..n]);
        // Check (and warm up): every computation gives the same value.
        let t0 = Instant::now();
        let want = Gt::multiexp_vartime_with_threads(bs, es, 1).expect("equal lengths");
        let op = format!("GT multiexp {n}");
        b.agree(&op, &ours_bytes(&want), &ours_bytes(&Gt::multiexp_vartime(bs, es).unwrap()), "ours (all threads)");
        for (name, got) in [
            (PLAIN, Gt::multiexp_no_torus_vartime(bs, es, 1).unwrap()),
            (PLAIN_ALL, Gt::multiexp_no_torus_vartime(bs, es, 0).unwrap()),
        ] {
            b.agree(&op, &ours_bytes(&want), &ours_bytes(&got), name);
        }
        if n <= NAIVE_MAX {
            b.agree(&op, &ours_bytes(&want), &ours_bytes(&naive(bs, es)), NAIVE);
        }
        let ark1 = one.install(|| ArkGt::msm(abs, aes).expect("equal lengths"));
        b.agree(&op, &ours_bytes(&want), &ark_bytes(&ark1), ARK1);
        b.agree(&op, &ours_bytes(&want), &ark_bytes(&ArkGt::msm(abs, aes).unwrap()), ARK_ALL);
        let round_s = t0.elapsed().as_secs_f64();

        let mut ours1 = || {
            let _ = black_box(Gt::multiexp_vartime_with_threads(black_box(bs), black_box(es), 1));
        };
        let mut plain1 = || {
            let _ = black_box(Gt::multiexp_no_torus_vartime(black_box(bs), black_box(es), 1));
        };
        let mut naive1 = || {
            let _ = black_box(naive(black_box(bs), black_box(es)));
        };
        let mut arkw1 = || {
            let _ = black_box(one.install(|| ArkGt::msm(black_box(abs), black_box(aes))));
        };
        let mut ours_all = || {
            let _ = black_box(Gt::multiexp_vartime_with_threads(black_box(bs), black_box(es), 0));
        };
        let mut plain_all = || {
            let _ = black_box(Gt::multiexp_no_torus_vartime(black_box(bs), black_box(es), 0));
        };
        let mut arkw_all = || {
            let _ = black_box(ArkGt::msm(black_box(abs), black_box(aes)));
        };
        let mut calls: Vec<(&'static str, &mut dyn FnMut())> = vec![
            ("ours", &mut ours1),
            (PLAIN, &mut plain1),
            (ARK1, &mut arkw1),
            ("ours (all threads)", &mut ours_all),
            (PLAIN_ALL, &mut plain_all),
            (ARK_ALL, &mut arkw_all),
        ];
        if n <= NAIVE_MAX {
            calls.push((NAIVE, &mut naive1));
        }
        let target = |peer: &str| TARGETS.iter().find(|&&(m, p, _)| m == n && p == peer).map(|&(_, _, x)| x);
        let one_t = format!("GT multiexp {n} (1 thread)");
        let all_t = format!("GT multiexp {n} (all threads)");
        let mut rows = vec![
            (one_t.clone(), 0, 1, target(PLAIN)),
            (one_t.clone(), 0, 2, target(ARK1)),
            (all_t.clone(), 3, 4, None),
            (all_t, 3, 5, None),
        ];
        if n <= NAIVE_MAX {
            rows.insert(0, (one_t, 0, 6, target(NAIVE)));
        }
        let rounds = b.slow_rounds(round_s, ROUND_BUDGET_S);
        b.compare_slow(rounds, &mut calls, &rows);
    }
    b.note(format!(
        "all threads: ours (threads = 0) and arkworks on rayon's global pool ({} threads)",
        rayon::current_num_threads()
    ));
}

/// Whether any row of size `n` is selected by `--filter`.
fn wanted(b: &Bench, n: usize) -> bool {
    b.wants(&format!("GT multiexp {n} (1 thread)")) || b.wants(&format!("GT multiexp {n} (all threads)"))
}
