//! Edge cases, each on G1 and G2, through every entry point and a set of
//! forced windows ([`WINDOWS`], those `affordable` for the input size:
//! Jacobian buckets at 1, 2 and 4 bits, batch-affine ones at 5, 8 and 11
//! bits once there are enough points, Jacobian ones again at 13 bits on
//! G2; see windows.rs).
//!
//! - zero scalars and identity points, all of them or some;
//! - one point many times (3000 copies): with scalar 1 a single bucket
//!   of window 0 receives 3000 additions (batch conflicts, the queue, the
//!   Jacobian overflow, doublings inside them); with one random scalar
//!   every window does the same in a few buckets; with different scalars
//!   the copies spread over the buckets but keep meeting themselves;
//! - P and -P with equal scalars, and P twice with scalars summing to r:
//!   buckets that must vanish (and refill afterwards);
//! - the scalar r - 1 (the largest split parts) and scalars whose
//!   endomorphism split has a single nonzero part;
//! - zero scalars and identity points in an input long enough for the
//!   threaded split (chunks of 4096 inputs, each writing its stretch of
//!   the split points): gaps at the chunk ends, and one chunk with nothing;
//! - mismatched lengths (an error, never a truncation) and the empty sum;
//! - points on the curve outside the subgroup: the split k P =
//!   sum s_i P_i does not hold there, so the MSM has no reference value;
//!   it must not panic, and (a documented property) must not depend on
//!   the thread count.

use crate::common::*;
use crate::reference::*;
use bls12_381_core::curve::{Affine, Jacobian};
use bls12_381_core::{msm, Fr};
use num_bigint::BigUint;
use rand::seq::SliceRandom;
use rand::Rng;

/// Forced windows for the edge cases (plus the default one).
const WINDOWS: [u32; 7] = [1, 2, 4, 5, 8, 11, 13];

fn zero_scalars<C: TestCurve>() {
    let mut rng = rng(&format!("msm zero scalars {}", C::NAME));
    for n in [1, 5, 9, 100, 600] {
        let points = random_points::<C>(&mut rng, n);
        let zeros = vec![Fr::ZERO; n];
        check_msm("all scalars zero", &points, &zeros, &Jacobian::identity(), &WINDOWS);
        assert_eq!(C::blst_msm(&points, &zeros), Jacobian::identity());
        // Some zero: every other one, then a random half.
        let mut scalars = random_scalars(&mut rng, n);
        for s in scalars.iter_mut().step_by(2) {
            *s = Fr::ZERO;
        }
        let e = expected("every other scalar zero", &points, &scalars);
        check_msm("every other scalar zero", &points, &scalars, &e, &WINDOWS);
        let mut scalars = random_scalars(&mut rng, n);
        for s in scalars.iter_mut() {
            if rng.gen() {
                *s = Fr::ZERO;
            }
        }
        let e = expected("random scalars zero", &points, &scalars);
        check_msm("random scalars zero", &points, &scalars, &e, &WINDOWS);
    }
}

fn identity_points<C: TestCurve>() {
    let mut rng = rng(&format!("msm identity points {}", C::NAME));
    for n in [1, 5, 9, 100, 600] {
        let ids = vec![Affine::<C>::identity(); n];
        let scalars = random_scalars(&mut rng, n);
        check_msm("all points the identity", &ids, &scalars, &Jacobian::identity(), &WINDOWS);
        assert_eq!(C::blst_msm(&ids, &scalars), Jacobian::identity());
        let mut points = random_points::<C>(&mut rng, n);
        for (i, p) in points.iter_mut().enumerate() {
            if i % 3 == 0 || rng.gen_range(0..4) == 0 {
                *p = Affine::identity();
            }
        }
        let e = expected("some points the identity", &points, &scalars);
        check_msm("some points the identity", &points, &scalars, &e, &WINDOWS);
        // Identity points with zero scalars, and the other way round.
        let mut s2 = scalars.clone();
        for (i, s) in s2.iter_mut().enumerate() {
            if i % 2 == 0 {
                *s = Fr::ZERO;
            }
        }
        let e = expected("identity points and zero scalars", &points, &s2);
        check_msm("identity points and zero scalars", &points, &s2, &e, &WINDOWS);
    }
}

/// Gaps (identity points, zero scalars) in an input the split cuts into
/// chunks of 4096 on several threads: every chunk's stretch of split
/// points starts where the previous one's ended.
fn gaps_across_split_chunks<C: TestCurve>() {
    const CHUNK: usize = 4096;
    let mut rng = rng(&format!("msm split chunks {}", C::NAME));
    let n = 3 * CHUNK + 77;
    let mut points = random_points::<C>(&mut rng, n);
    let mut scalars = random_scalars(&mut rng, n);
    for k in 1..4 {
        // Around each chunk boundary.
        for i in (k * CHUNK).saturating_sub(3)..(k * CHUNK + 3).min(n) {
            if i % 2 == 0 {
                points[i] = Affine::identity();
            } else {
                scalars[i] = Fr::ZERO;
            }
        }
    }
    for i in 0..n {
        if rng.gen_range(0..50) == 0 {
            scalars[i] = Fr::ZERO;
        }
    }
    // The second chunk contributes nothing at all.
    for s in &mut scalars[CHUNK..2 * CHUNK] {
        *s = Fr::ZERO;
    }
    let e = C::blst_msm(&points, &scalars);
    for threads in [1, 2, 3] {
        let got = msm::msm_vartime_with_threads(&points, &scalars, threads).unwrap();
        assert_eq!(got, e, "{} gaps across split chunks: {threads} threads", C::NAME);
        // The call's own pools are capped at the CPU count: a pool of the
        // test's own gives the split exactly `threads` threads.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let got = pool.install(|| msm::msm_vartime_with_threads(&points, &scalars, 0).unwrap());
        assert_eq!(got, e, "{} gaps across split chunks: pool of {threads} threads", C::NAME);
    }
}

/// 3000 copies of one point.
fn repeated_point<C: TestCurve>() {
    let mut rng = rng(&format!("msm repeated point {}", C::NAME));
    const COPIES: usize = 3000;
    let p = random_points::<C>(&mut rng, 1)[0];
    let pj = p.to_projective();
    let copies = vec![p; COPIES];
    let count = Fr::from_u64(COPIES as u64);

    let ones = vec![Fr::ONE; COPIES];
    let e = pj.mul(&count);
    assert_eq!(C::blst_msm(&copies, &ones), e);
    check_msm("one point, scalar 1", &copies, &ones, &e, &WINDOWS);

    for s in [nonzero_scalar(&mut rng), r_minus_1()] {
        let same = vec![s; COPIES];
        let e = pj.mul(&count.mul(&s));
        assert_eq!(C::blst_msm(&copies, &same), e);
        check_msm("one point, one scalar", &copies, &same, &e, &WINDOWS);
    }

    let different = random_scalars(&mut rng, COPIES);
    let e = pj.mul(&sum_scalars(&different));
    assert_eq!(C::blst_msm(&copies, &different), e);
    check_msm("one point, different scalars", &copies, &different, &e, &WINDOWS);

    // The copies (scalar 1) shuffled among 1000 random points.
    let others = random_points::<C>(&mut rng, 1000);
    let other_scalars = random_scalars(&mut rng, 1000);
    let mut pairs: Vec<(Affine<C>, Fr)> = others.iter().copied().zip(other_scalars.iter().copied()).collect();
    pairs.extend(std::iter::repeat_n((p, Fr::ONE), COPIES));
    pairs.shuffle(&mut rng);
    let (points, scalars): (Vec<_>, Vec<_>) = pairs.into_iter().unzip();
    let e = C::blst_msm(&others, &other_scalars).add(&pj.mul(&count));
    assert_eq!(C::blst_msm(&points, &scalars), e);
    check_msm("one point among others", &points, &scalars, &e, &WINDOWS);

    // A few points, each repeated many times, with small scalars: several
    // buckets of each window overflow at once.
    let few = random_points::<C>(&mut rng, 4);
    let mut points = Vec::new();
    let mut scalars = Vec::new();
    for i in 0..COPIES {
        points.push(few[i % 4]);
        scalars.push(Fr::from_u64(1 + (i % 7) as u64));
    }
    let e = naive(&points, &scalars);
    assert_eq!(C::blst_msm(&points, &scalars), e);
    check_msm("four points, small scalars", &points, &scalars, &e, &WINDOWS);
}

fn opposite_points<C: TestCurve>() {
    let mut rng = rng(&format!("msm opposite points {}", C::NAME));
    // (P_i, s_i) and (-P_i, s_i): adjacent, then in two halves.
    for n in [1, 4, 50, 500] {
        let points = random_points::<C>(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let mut adj_p = Vec::new();
        let mut adj_s = Vec::new();
        for (p, s) in points.iter().zip(&scalars) {
            adj_p.extend([*p, p.neg()]);
            adj_s.extend([*s, *s]);
        }
        check_msm("P and -P adjacent", &adj_p, &adj_s, &Jacobian::identity(), &WINDOWS);
        let mut halves_p = points.clone();
        halves_p.extend(points.iter().map(|p| p.neg()));
        let mut halves_s = scalars.clone();
        halves_s.extend(&scalars);
        check_msm("P and -P in halves", &halves_p, &halves_s, &Jacobian::identity(), &WINDOWS);
        assert_eq!(C::blst_msm(&halves_p, &halves_s), Jacobian::identity());
    }
    // One point: P, -P, P, -P, ... (the bucket empties and refills), an
    // even count with scalar 1 and an odd one with a random scalar.
    let p = random_points::<C>(&mut rng, 1)[0];
    let s = nonzero_scalar(&mut rng);
    for (len, s) in [(3000, Fr::ONE), (3001, s)] {
        let points: Vec<Affine<C>> = (0..len).map(|i| if i % 2 == 0 { p } else { p.neg() }).collect();
        let scalars = vec![s; len];
        let e = if len % 2 == 0 { Jacobian::identity() } else { p.to_projective().mul(&s) };
        check_msm("P, -P alternating", &points, &scalars, &e, &WINDOWS);
    }
    // 1500 P then 1500 -P, then one more P: the bucket goes up, then
    // back down through its Jacobian overflow.
    let mut points = vec![p; 1500];
    points.extend(vec![p.neg(); 1500]);
    points.push(p);
    let scalars = vec![s; points.len()];
    check_msm("1500 P, 1500 -P, P", &points, &scalars, &p.to_projective().mul(&s), &WINDOWS);
}

/// P twice with scalars s and r - s (= -s): the pair adds nothing.
fn scalars_summing_to_r<C: TestCurve>() {
    let mut rng = rng(&format!("msm scalars summing to r {}", C::NAME));
    for n in [1, 4, 5, 50, 500] {
        let points = random_points::<C>(&mut rng, n);
        let scalars = random_scalars(&mut rng, n);
        let mut pp = Vec::new();
        let mut ss = Vec::new();
        for (p, s) in points.iter().zip(&scalars) {
            pp.extend([*p, *p]);
            ss.extend([*s, s.neg()]);
        }
        check_msm("P twice, s and r - s", &pp, &ss, &Jacobian::identity(), &WINDOWS);
        assert_eq!(C::blst_msm(&pp, &ss), Jacobian::identity());
        // Plus one unpaired random input, at the end.
        let q = random_points::<C>(&mut rng, 1)[0];
        let t = nonzero_scalar(&mut rng);
        pp.push(q);
        ss.push(t);
        check_msm("P twice, s and r - s, plus Q", &pp, &ss, &q.to_projective().mul(&t), &WINDOWS);
    }
    // 1 and r - 1 on the same point: the extreme split parts cancel.
    let p = random_points::<C>(&mut rng, 1)[0];
    check_msm("1 and r - 1", &[p, p], &[Fr::ONE, r_minus_1()], &Jacobian::identity(), &WINDOWS);
}

fn scalar_r_minus_1<C: TestCurve>() {
    let mut rng = rng(&format!("msm r - 1 {}", C::NAME));
    for n in [1, 9, 100, 600] {
        let points = random_points::<C>(&mut rng, n);
        let scalars = vec![r_minus_1(); n];
        let sum = points.iter().fold(Jacobian::<C>::identity(), |acc, p| acc.add(&p.to_projective()));
        let e = sum.neg();
        assert_eq!(C::blst_msm(&points, &scalars), e);
        check_msm("all scalars r - 1", &points, &scalars, &e, &WINDOWS);
        // r - 1 among random scalars, and r - 2, r - 3.
        let mut scalars = random_scalars(&mut rng, n);
        for (i, s) in scalars.iter_mut().enumerate() {
            if i % 3 == 0 {
                *s = r_minus_1().sub(&Fr::from_u64((i % 4) as u64));
            }
        }
        let e = expected("some scalars r - 1 - i", &points, &scalars);
        check_msm("some scalars r - 1 - i", &points, &scalars, &e, &WINDOWS);
    }
}

/// Scalars m_i * s (m_i = 1, L on G1; |z|^i on G2; s random below the
/// part bound): one nonzero part each (checked with the split itself),
/// so some endomorphism images never appear. Then the parts at their
/// bounds (bound - 1 times m_i).
fn single_part_scalars<C: TestCurve>() {
    let mut rng = rng(&format!("msm single part {}", C::NAME));
    let bound = C::endo_part_bound();
    let mult = C::endo_multipliers();
    let make = |part: usize, s: &BigUint| fr_of(&(&mult[part] * s));
    let single = |k: &Fr| -> Option<usize> {
        let parts = C::endo_split(k);
        let nonzero: Vec<usize> = (0..C::ENDO_PARTS).filter(|&i| parts[i] != 0).collect();
        (nonzero.len() == 1).then(|| nonzero[0])
    };
    let n = 300;
    let points = random_points::<C>(&mut rng, n);
    let mut all = Vec::new();
    for part in 0..C::ENDO_PARTS {
        let scalars: Vec<Fr> = (0..n)
            .map(|_| {
                let s = uniform_below(&mut rng, &(&bound - big(1))) + big(1);
                let k = make(part, &s);
                assert_eq!(single(&k), Some(part), "{}: not a single-part scalar", C::NAME);
                k
            })
            .collect();
        let what = format!("only part {part} nonzero");
        let e = expected(&what, &points, &scalars);
        check_msm(&what, &points, &scalars, &e, &WINDOWS);
        all.extend(scalars);
    }
    // The parts mixed: each point with a scalar of a random single part.
    let scalars: Vec<Fr> = (0..n).map(|_| all[rng.gen_range(0..all.len())]).collect();
    let e = expected("single parts mixed", &points, &scalars);
    check_msm("single parts mixed", &points, &scalars, &e, &WINDOWS);
    // Parts at the bound: (bound - 1) m_i, and 1 * m_i.
    let mut scalars = Vec::new();
    for i in 0..n {
        let part = i % C::ENDO_PARTS;
        let s = if i % 2 == 0 { &bound - big(1) } else { big(1) };
        let k = make(part, &s);
        if k != Fr::ZERO {
            assert_eq!(single(&k), Some(part), "{}: not a single-part scalar", C::NAME);
        }
        scalars.push(k);
    }
    let e = expected("single parts at their bounds", &points, &scalars);
    check_msm("single parts at their bounds", &points, &scalars, &e, &WINDOWS);
}

fn length_mismatch<C: TestCurve>() {
    let mut rng = rng(&format!("msm length mismatch {}", C::NAME));
    let pool = random_points::<C>(&mut rng, 101);
    let spool = random_scalars(&mut rng, 101);
    for (np, ns) in [(0, 1), (1, 0), (2, 3), (3, 2), (8, 9), (9, 8), (100, 101), (101, 100)] {
        let (p, s) = (&pool[..np], &spool[..ns]);
        assert_mismatch::<C>("msm_vartime", msm::msm_vartime(p, s), np, ns);
        for threads in [0, 1, 2] {
            assert_mismatch::<C>("msm_vartime_with_threads", msm::msm_vartime_with_threads(p, s, threads), np, ns);
            assert_mismatch::<C>("msm_vartime_with_window", msm::msm_vartime_with_window(p, s, threads, 5), np, ns);
        }
    }
}

fn empty<C: TestCurve>() {
    let id = Jacobian::<C>::identity();
    assert_eq!(msm::msm_vartime::<C>(&[], &[]).unwrap(), id);
    for threads in [0, 1, 2] {
        assert_eq!(msm::msm_vartime_with_threads::<C>(&[], &[], threads).unwrap(), id);
        for c in [1, 5, 12] {
            assert_eq!(msm::msm_vartime_with_window::<C>(&[], &[], threads, c).unwrap(), id);
        }
        for check in [false, true] {
            assert_eq!(msm::msm_compressed_vartime::<C>(&[], &[], check, threads).unwrap(), id);
        }
    }
}

/// Points outside the subgroup: no panic, the same point on every thread
/// count (see the module comment).
fn outside_subgroup<C: TestCurve>() {
    let mut rng = rng(&format!("msm outside subgroup {}", C::NAME));
    let pool: Vec<Affine<C>> = (0..64).map(|_| C::random_off_subgroup(&mut rng)).collect();
    let good = random_points::<C>(&mut rng, 100);
    let run = |what: &str, points: &[Affine<C>], scalars: &[Fr]| {
        let one = msm::msm_vartime_with_threads(points, scalars, 1).unwrap();
        for threads in [2, 0] {
            let got = msm::msm_vartime_with_threads(points, scalars, threads).unwrap();
            assert_eq!(got, one, "{} {what} (n = {}): {threads} threads", C::NAME, points.len());
        }
        for &c in WINDOWS.iter().filter(|&&c| affordable::<C>(c, points.len())) {
            let _ = msm::msm_vartime_with_window(points, scalars, 1 + (c as usize % 2), c).unwrap();
        }
    };
    for n in [1, 2, 9, 100, 500] {
        let points: Vec<Affine<C>> = (0..n).map(|i| pool[i % pool.len()]).collect();
        let scalars = random_scalars(&mut rng, n);
        run("off the subgroup", &points, &scalars);
        if n == 100 {
            // Mixed with points of the subgroup.
            let mixed: Vec<Affine<C>> = (0..n).map(|i| if i % 2 == 0 { points[i] } else { good[i] }).collect();
            run("mixed", &mixed, &scalars);
        }
    }
    // One point off the subgroup many times, and with its negation.
    let q = pool[0];
    let s = nonzero_scalar(&mut rng);
    run("repeated", &[q; 2000], &vec![s; 2000]);
    let alternating: Vec<Affine<C>> = (0..2001).map(|i| if i % 2 == 0 { q } else { q.neg() }).collect();
    run("Q, -Q alternating", &alternating, &vec![s; 2001]);
}

both_curves!(
    zero_scalars,
    identity_points,
    gaps_across_split_chunks,
    repeated_point,
    opposite_points,
    scalars_summing_to_r,
    scalar_r_minus_1,
    single_part_scalars,
    length_mismatch,
    empty,
    outside_subgroup,
);
