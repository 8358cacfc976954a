//! `compare pairing`: the Miller loop, the final exponentiation, the
//! pairing, pairing checks and GT exponentiation, ours vs blst (raw FFI,
//! single thread).
//!
//! Peers: `blst_miller_loop` (lines computed on the fly, as ours),
//! `blst_final_exp`, the two in sequence for the pairing, and
//! `blst_miller_loop_n` + `blst_final_exp` + `blst_fp12_is_one` for the
//! pairing check of n pairs (blst's fastest public path for it).
//! blst has no GT exponentiation: that row is measured against our own
//! pairing, the unit its target is stated in.
//!
//! Our Miller loop keeps blst's scaling of the lines, so the two
//! libraries' Miller-loop values are compared as they are, before the
//! final exponentiation.

use crate::curves::{g1_to_blst, g2_to_blst};
use crate::fields::{blst_fp12_bytes, fp12_to_blst};
use crate::Bench;
use bls12_381_core::curve::{G1Projective, G2Projective};
use bls12_381_core::{
    final_exponentiation, miller_loop, miller_loop_prepared, pairing, pairing_check, Fp12, Fr, G1Affine, G2Affine,
    G2Prepared, Gt,
};
use blst::*;
use std::hint::black_box;

const BLST: &str = "blst";

/// blst: final exponentiation.
fn blst_fe(f: &blst_fp12) -> blst_fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid input and output.
    unsafe { blst_final_exp(&mut r, f) };
    r
}

/// blst: Miller loop of one pair.
fn blst_ml(p: &blst_p1_affine, q: &blst_p2_affine) -> blst_fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid inputs and output.
    unsafe { blst_miller_loop(&mut r, q, p) };
    r
}

/// `f(x)` n times on an opaque input (no chain: the output type differs).
fn each<T: Copy, R>(x: T, f: impl Fn(&T) -> R + Copy) -> impl FnMut(u64) {
    move |n| {
        for _ in 0..n {
            black_box(f(black_box(&x)));
        }
    }
}

/// Runs every selected row of the area.
pub(crate) fn run(b: &mut Bench) {
    let p = G1Projective::generator().mul(&Fr::random(b.rng())).to_affine();
    let q = G2Projective::generator().mul(&Fr::random(b.rng())).to_affine();
    let (bp, bq) = (g1_to_blst(&p), g2_to_blst(&q));
    let ours_e = pairing(&p, &q);

    if b.wants("Miller loop") {
        let ours = miller_loop(&[(p, q)]);
        b.agree("Miller loop", &ours.to_bytes(), &blst_fp12_bytes(&blst_ml(&bp, &bq)), BLST);
        b.compare(
            "Miller loop",
            BLST,
            Some(0.9),
            each((p, q), |pq: &(G1Affine, G2Affine)| miller_loop(&[*pq])),
            each((bp, bq), |pq: &(blst_p1_affine, blst_p2_affine)| blst_ml(&pq.0, &pq.1)),
        );
    }

    if b.wants("Miller loop (prepared G2)") {
        let prepared = G2Prepared::new(&q);
        let mut lines = vec![blst_fp6::default(); 68];
        // SAFETY: blst writes 68 lines into the buffer.
        unsafe { blst_precompute_lines(lines.as_mut_ptr(), &bq) };
        let ours = miller_loop_prepared(&[(p, &prepared)]);
        let mut theirs = blst_fp12::default();
        // SAFETY: 68 lines, valid point and output.
        unsafe { blst_miller_loop_lines(&mut theirs, lines.as_ptr(), &bp) };
        b.agree("Miller loop (prepared G2)", &ours.to_bytes(), &blst_fp12_bytes(&theirs), "blst (precomputed lines)");
        b.compare(
            "Miller loop (prepared G2)",
            "blst (precomputed lines)",
            None,
            each(p, |p: &G1Affine| miller_loop_prepared(&[(*p, &prepared)])),
            each(bp, |p: &blst_p1_affine| {
                let mut r = blst_fp12::default();
                // SAFETY: 68 lines, valid point and output.
                unsafe { blst_miller_loop_lines(&mut r, lines.as_ptr(), p) };
                r
            }),
        );
    }

    if b.wants("final exponentiation") {
        let f = Fp12::random(b.rng());
        let bf = fp12_to_blst(&f);
        let ours = final_exponentiation(&f).unwrap();
        b.agree("final exponentiation", &ours.to_bytes(), &blst_fp12_bytes(&blst_fe(&bf)), BLST);
        b.compare(
            "final exponentiation",
            BLST,
            Some(0.9),
            each(f, |f: &Fp12| final_exponentiation(f).unwrap()),
            each(bf, blst_fe),
        );
    }

    if b.wants("pairing") {
        b.agree("pairing", &ours_e.to_bytes(), &blst_fp12_bytes(&blst_fe(&blst_ml(&bp, &bq))), BLST);
        b.compare(
            "pairing",
            BLST,
            Some(0.85),
            each((p, q), |pq: &(G1Affine, G2Affine)| pairing(&pq.0, &pq.1)),
            each((bp, bq), |pq: &(blst_p1_affine, blst_p2_affine)| blst_fe(&blst_ml(&pq.0, &pq.1))),
        );
    }

    for n in [2usize, 8] {
        let op = format!("pairing check ({n} pairs)");
        if !b.wants(&op) {
            continue;
        }
        // A product that is one, as a verifier sees: e(a_i G1, b_i G2) for
        // n - 1 pairs, closed by e(-(sum a_i b_i) G1, G2).
        let mut pairs = Vec::with_capacity(n);
        let mut total = Fr::ZERO;
        for _ in 0..n - 1 {
            let (a, c) = (Fr::random(b.rng()), Fr::random(b.rng()));
            pairs.push((G1Projective::generator().mul(&a).to_affine(), G2Projective::generator().mul(&c).to_affine()));
            total = total.add(&a.mul(&c));
        }
        pairs.push((G1Projective::generator().mul(&total).neg().to_affine(), G2Affine::generator()));
        let bps: Vec<blst_p1_affine> = pairs.iter().map(|(p, _)| g1_to_blst(p)).collect();
        let bqs: Vec<blst_p2_affine> = pairs.iter().map(|(_, q)| g2_to_blst(q)).collect();
        let blst_check = move |(ps, qs): &(Vec<blst_p1_affine>, Vec<blst_p2_affine>)| {
            let pp: Vec<*const blst_p1_affine> = ps.iter().map(|x| x as *const _).collect();
            let qp: Vec<*const blst_p2_affine> = qs.iter().map(|x| x as *const _).collect();
            let mut ml = blst_fp12::default();
            // SAFETY: n valid pointers on each side, valid output.
            unsafe {
                blst_miller_loop_n(&mut ml, qp.as_ptr(), pp.as_ptr(), pp.len());
                blst_fp12_is_one(&blst_fe(&ml))
            }
        };
        let ours = pairing_check(&pairs);
        assert!(ours, "the balanced product must check");
        let theirs = blst_check(&(bps.clone(), bqs.clone()));
        b.agree(&op, &[ours as u8], &[theirs as u8], BLST);
        b.compare(
            &op,
            BLST,
            if n == 8 { Some(0.85) } else { None },
            {
                let pairs = pairs.clone();
                move |k| {
                    for _ in 0..k {
                        black_box(pairing_check(black_box(&pairs)));
                    }
                }
            },
            {
                let input = (bps, bqs);
                move |k| {
                    for _ in 0..k {
                        black_box(blst_check(black_box(&input)));
                    }
                }
            },
        );
    }

    if b.wants("GT pow") {
        let k = Fr::random(b.rng());
        let g = ours_e;
        b.agree("GT pow", &g.pow(&k).to_bytes(), &g.pow_vartime(&k).to_bytes(), "our GT pow (ct)");
        b.compare(
            "GT pow vartime",
            "our pairing",
            Some(0.35),
            each((g, k), |gk: &(Gt, Fr)| gk.0.pow_vartime(&gk.1)),
            each((p, q), |pq: &(G1Affine, G2Affine)| pairing(&pq.0, &pq.1)),
        );
        b.compare(
            "GT pow (ct)",
            "our pairing",
            None,
            each((g, k), |gk: &(Gt, Fr)| gk.0.pow(&gk.1)),
            each((p, q), |pq: &(G1Affine, G2Affine)| pairing(&pq.0, &pq.1)),
        );
    }

    if b.wants("GT membership") {
        let f = ours_e.to_fp12();
        let bf = fp12_to_blst(&f);
        // SAFETY: valid input.
        let theirs = unsafe { blst_fp12_in_group(&bf) };
        b.agree("GT membership", &[bool::from(Gt::is_element(&f)) as u8], &[theirs as u8], BLST);
        b.compare(
            "GT membership",
            BLST,
            None,
            each(f, |f: &Fp12| bool::from(Gt::is_element(f))),
            // SAFETY: valid input.
            each(bf, |f: &blst_fp12| unsafe { blst_fp12_in_group(f) }),
        );
    }
}
