//! `compare fft`: the FFT over Fr (n = 2^10, 2^14, 2^16, 2^20) and over G1
//! (n = 2^8, 2^12), ours (`fft::Domain`) vs arkworks (ark-poly 0.6,
//! `Radix2EvaluationDomain::<ark_bls12_381::Fr>`, `fft_in_place` /
//! `ifft_in_place`, on `Fr` and on `G1Projective` values).
//!
//! Rows, one thread unless named otherwise: ours with `threads = 1`
//! against arkworks (`parallel` feature on) run by `install` on a rayon pool
//! of one thread, as in `compare msm`. Forward and inverse transforms in
//! natural order; coset forms (shift 7) at 2^16; at 2^20 also ours with
//! `threads = 0` against arkworks on rayon's global pool.
//!
//! Each size first runs every timed computation once on the same random
//! input in both libraries (values converted through their canonical
//! encodings) and exits unless the outputs agree element by element; this
//! is also the warm-up. Both domains (ours with its twiddle tables, which
//! the first transform builds, and arkworks') are made before the timing,
//! as a caller would keep them. The transforms run in place, each call on
//! the previous call's output.
//!
//! Calls take microseconds (Fr, 2^10) to seconds (G1, 2^12), so every call
//! is timed alone ([`Bench::compare_slow`]): `--rounds` rounds per size,
//! capped so that they take about [`ROUND_BUDGET_S`] seconds (at least 3).

use crate::msm::{ark_fq, ark_fq_bytes};
use crate::Bench;
use ark_bls12_381::{Fr as ArkFr, G1Affine as ArkG1Affine, G1Projective as ArkG1};
use ark_ec::CurveGroup;
use ark_ff::{BigInteger, PrimeField};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use bls12_381_core::fft::Domain;
use bls12_381_core::{Fr, G1Projective};
use std::hint::black_box;
use std::time::Instant;

/// About how long the timed rounds of one size take, in seconds (the Fr
/// sizes: at 2^20 about 6 rounds of its six calls; the G1 sizes, whose
/// calls take seconds at 2^12, get their 3 rounds from the minimum).
const ROUND_BUDGET_S: f64 = 15.0;

/// log2 n of the Fr rows, with their target (ours / arkworks, one
/// thread) where they have one.
const FR_LOGS: &[(u32, Option<f64>)] = &[(10, None), (14, None), (16, Some(0.7)), (20, Some(0.7))];
/// The size of the coset rows and of the all-threads rows.
const COSET_LOG: u32 = 16;
const ALL_THREADS_LOG: u32 = 20;
/// log2 n of the G1 rows and their target.
const G1_LOGS: &[(u32, Option<f64>)] = &[(8, None), (12, Some(0.7))];

const ARK1: &str = "arkworks (1-thread pool)";
const ARK_ALL: &str = "arkworks";

fn ark_fr(x: &Fr) -> ArkFr {
    ArkFr::from_le_bytes_mod_order(&x.to_bytes())
}

fn fr_bytes(v: &[Fr]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_bytes()).collect()
}

fn ark_fr_bytes(v: &[ArkFr]) -> Vec<u8> {
    v.iter().flat_map(|x| x.into_bigint().to_bytes_le()).collect()
}

fn ark_g1(p: &bls12_381_core::G1Affine) -> ArkG1 {
    ArkG1Affine::new_unchecked(ark_fq(&p.x()), ark_fq(&p.y())).into()
}

/// x || y of every point, affine, 48-byte big-endian coordinates.
fn g1_bytes(v: &[G1Projective]) -> Vec<u8> {
    G1Projective::batch_normalize(v).iter().flat_map(|a| [a.x().to_bytes(), a.y().to_bytes()].concat()).collect()
}

fn ark_g1_bytes(v: &[ArkG1]) -> Vec<u8> {
    ArkG1::normalize_batch(v).iter().flat_map(|a| [ark_fq_bytes(&a.x), ark_fq_bytes(&a.y)].concat()).collect()
}

/// A timed computation: its peer name ("ours" for ours) and the call.
type Call<'a> = (&'static str, Box<dyn FnMut() + 'a>);

/// Times `calls` for the rounds `round_s` (one round's seconds) allows and
/// records `rows` (op, ours, peer, target; indices into `calls`).
fn time_rows(b: &mut Bench, round_s: f64, calls: &mut [Call<'_>], rows: &[(String, usize, usize, Option<f64>)]) {
    let rounds = b.slow_rounds(round_s, ROUND_BUDGET_S);
    let mut refs: Vec<(&'static str, &mut dyn FnMut())> =
        calls.iter_mut().map(|(name, f)| (*name, &mut **f as &mut dyn FnMut())).collect();
    b.compare_slow(rounds, &mut refs, rows);
}

/// Seconds `f` takes.
fn timed(f: impl FnOnce()) -> f64 {
    let t0 = Instant::now();
    f();
    t0.elapsed().as_secs_f64()
}

/// The Fr rows of one size.
fn fr_rows(b: &mut Bench, k: u32, target: Option<f64>, one: &rayon::ThreadPool) {
    let n = 1usize << k;
    let names = [
        format!("Fr fft 2^{k} (1 thread)"),
        format!("Fr ifft 2^{k} (1 thread)"),
        format!("Fr coset fft 2^{k} (1 thread)"),
        format!("Fr coset ifft 2^{k} (1 thread)"),
        format!("Fr fft 2^{k} (all threads)"),
        format!("Fr ifft 2^{k} (all threads)"),
    ];
    let has = [true, true, k == COSET_LOG, k == COSET_LOG, k == ALL_THREADS_LOG, k == ALL_THREADS_LOG];
    let wanted: Vec<usize> = (0..6).filter(|&i| has[i] && b.wants(&names[i])).collect();
    if wanted.is_empty() {
        return;
    }
    let input: Vec<Fr> = (0..n).map(|_| Fr::random(b.rng())).collect();
    let shift = Fr::from_u64(7);
    let ours = Domain::new(n).expect("a valid size");
    let ark = Radix2EvaluationDomain::<ArkFr>::new(n).expect("a valid size");
    let ark_coset = ark.get_coset(ark_fr(&shift)).expect("a valid coset");

    // The check run: each computation once on the same input.
    type Ours = fn(&Domain, &mut Vec<Fr>, &Fr, usize);
    let ours_ops: [Ours; 4] = [
        |d, v, _, t| d.fft_with_threads(v, t).unwrap(),
        |d, v, _, t| d.ifft_with_threads(v, t).unwrap(),
        |d, v, s, t| d.coset_fft_with_threads(v, s, t).unwrap(),
        |d, v, s, t| d.coset_ifft_with_threads(v, s, t).unwrap(),
    ];
    let ark_input: Vec<ArkFr> = input.iter().map(ark_fr).collect();
    let mut round_s = 0.0;
    for &i in &wanted {
        let (op, threads) = if i < 4 { (i, 1) } else { (i - 4, 0) };
        let dom = if op >= 2 { &ark_coset } else { &ark };
        let mut v = input.clone();
        round_s += timed(|| ours_ops[op](&ours, &mut v, &shift, threads));
        let mut a = ark_input.clone();
        let ark_op = |a: &mut Vec<ArkFr>| {
            if op % 2 == 0 {
                dom.fft_in_place(a)
            } else {
                dom.ifft_in_place(a)
            }
        };
        round_s += timed(|| if threads == 1 { one.install(|| ark_op(&mut a)) } else { ark_op(&mut a) });
        let peer = if threads == 1 { ARK1 } else { ARK_ALL };
        b.agree(&format!("{} (check)", names[i]), &fr_bytes(&v), &ark_fr_bytes(&a), peer);
    }

    // One state per computation, each call continuing on the last output.
    let mut states: Vec<(Vec<Fr>, Vec<ArkFr>)> = (0..6).map(|_| (input.clone(), ark_input.clone())).collect();
    let mut calls: Vec<Call<'_>> = Vec::new();
    let mut rows = Vec::new();
    for (i, (v, a)) in states.iter_mut().enumerate().filter(|(i, _)| wanted.contains(i)) {
        let (op, threads) = if i < 4 { (i, 1) } else { (i - 4, 0) };
        let dom = if op >= 2 { &ark_coset } else { &ark };
        let (ours, shift) = (&ours, &shift);
        calls.push(("ours", Box::new(move || ours_ops[op](ours, black_box(v), shift, threads))));
        let peer = if threads == 1 { ARK1 } else { ARK_ALL };
        calls.push((
            peer,
            Box::new(move || {
                let mut run =
                    || if op % 2 == 0 { dom.fft_in_place(black_box(a)) } else { dom.ifft_in_place(black_box(a)) };
                if threads == 1 {
                    one.install(run)
                } else {
                    run()
                }
            }),
        ));
        let row_target = if i == 0 { target } else { None };
        rows.push((names[i].clone(), calls.len() - 2, calls.len() - 1, row_target));
    }
    time_rows(b, round_s, &mut calls, &rows);
}

/// The G1 rows of one size.
fn g1_rows(b: &mut Bench, k: u32, target: Option<f64>, one: &rayon::ThreadPool) {
    let n = 1usize << k;
    let names = [format!("G1 fft 2^{k} (1 thread)"), format!("G1 ifft 2^{k} (1 thread)")];
    let wanted: Vec<usize> = (0..2).filter(|&i| b.wants(&names[i])).collect();
    if wanted.is_empty() {
        return;
    }
    let g = G1Projective::generator();
    let input: Vec<G1Projective> = (0..n).map(|_| g.mul(&Fr::random(b.rng()))).collect();
    let ours = Domain::new(n).expect("a valid size");
    let ark = Radix2EvaluationDomain::<ArkFr>::new(n).expect("a valid size");
    let ark_input: Vec<ArkG1> = G1Projective::batch_normalize(&input).iter().map(ark_g1).collect();

    let mut round_s = 0.0;
    for &i in &wanted {
        let mut v = input.clone();
        round_s += timed(|| {
            if i == 0 {
                ours.fft_g1_vartime_with_threads(&mut v, 1).unwrap()
            } else {
                ours.ifft_g1_vartime_with_threads(&mut v, 1).unwrap()
            }
        });
        let mut a = ark_input.clone();
        round_s += timed(|| one.install(|| if i == 0 { ark.fft_in_place(&mut a) } else { ark.ifft_in_place(&mut a) }));
        b.agree(&format!("{} (check)", names[i]), &g1_bytes(&v), &ark_g1_bytes(&a), ARK1);
    }

    let mut states: Vec<(Vec<G1Projective>, Vec<ArkG1>)> = (0..2).map(|_| (input.clone(), ark_input.clone())).collect();
    let mut calls: Vec<Call<'_>> = Vec::new();
    let mut rows = Vec::new();
    for (i, (v, a)) in states.iter_mut().enumerate().filter(|(i, _)| wanted.contains(i)) {
        let (ours, ark) = (&ours, &ark);
        calls.push((
            "ours",
            Box::new(move || {
                if i == 0 {
                    ours.fft_g1_vartime_with_threads(black_box(v), 1).unwrap()
                } else {
                    ours.ifft_g1_vartime_with_threads(black_box(v), 1).unwrap()
                }
            }),
        ));
        calls.push((
            ARK1,
            Box::new(move || {
                one.install(|| if i == 0 { ark.fft_in_place(black_box(a)) } else { ark.ifft_in_place(black_box(a)) })
            }),
        ));
        rows.push((names[i].clone(), calls.len() - 2, calls.len() - 1, if i == 0 { target } else { None }));
    }
    time_rows(b, round_s, &mut calls, &rows);
}

/// Runs every selected row of the area.
pub(crate) fn run(b: &mut Bench) {
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a rayon pool of one thread");
    for &(k, target) in FR_LOGS {
        fr_rows(b, k, target, &one);
    }
    for &(k, target) in G1_LOGS {
        g1_rows(b, k, target, &one);
    }
    b.note(format!(
        "all threads: ours (threads = 0) and arkworks on rayon's global pool ({} threads)",
        rayon::current_num_threads()
    ));
}
