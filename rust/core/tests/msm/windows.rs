//! Forced window widths (`msm_vartime_with_window`), 1 to 16 bits.
//!
//! Which bucket accumulation runs depends on the number m of points after
//! the endomorphism split (2n on G1, 4n on G2; the inputs are sized by
//! m) and the width c: at the time of writing, batch-affine buckets when
//! 2^(c-1) >= 16 and m >= 4 * 2^(c-1), Jacobian buckets otherwise. So:
//!
//! - m = 400, every width 1 to 16: affine for c = 5..=7, Jacobian for
//!   the rest;
//! - m = 6000, widths 4 to 11: affine for c = 5..=11;
//! - m = 40 000, widths 13 and 14: affine;
//! - m = 4000 with scalars taking only three values, widths 4 to 12, so
//!   every point of a window falls into a handful of buckets: the affine
//!   batch conflicts on nearly every point, its queue fills and the rest
//!   goes to the Jacobian overflow.
//!
//! A window costs about m + 2^c additions (the buckets are summed even
//! when empty), hence the ranges: narrow widths on few points, wide ones
//! only where they pay.

use crate::common::*;
use crate::reference::*;
use bls12_381_core::curve::{Affine, Jacobian};
use bls12_381_core::msm::MsmCurve;
use bls12_381_core::{msm, Fr};
use rand::Rng;

/// Every width of `widths` on 1 thread, and on 2 when `both` (else on 2
/// for odd widths only; `both` is ignored above 12 bits, where the
/// buckets cost most).
fn check_widths<C: MsmCurve>(
    what: &str,
    points: &[Affine<C>],
    scalars: &[Fr],
    e: &Jacobian<C>,
    widths: impl Iterator<Item = u32>,
    both: bool,
) {
    let n = points.len();
    for c in widths {
        for threads in [1, 2] {
            if threads == 2 && (!both || c > 12) && c % 2 == 0 {
                continue;
            }
            let got = msm::msm_vartime_with_window(points, scalars, threads, c).unwrap();
            assert_eq!(&got, e, "{} {what} (n = {n}): window {c}, {threads} threads", C::NAME);
        }
    }
}

/// `m` random points and scalars (`m` after the endomorphism split) at
/// every width of `widths`.
fn random_inputs<C: TestCurve>(size: &str, m: usize, widths: impl Iterator<Item = u32>, both: bool) {
    let mut rng = rng(&format!("msm windows {size} {}", C::NAME));
    let n = m / C::ENDO_PARTS;
    let points = random_points::<C>(&mut rng, n);
    let scalars = random_scalars(&mut rng, n);
    let e = expected(size, &points, &scalars);
    check_widths("random inputs", &points, &scalars, &e, widths, both);
}

fn widths_moderate_n<C: TestCurve>() {
    random_inputs::<C>("moderate", 400, 1..=16, true);
}

fn widths_large_n<C: TestCurve>() {
    random_inputs::<C>("large", 6000, 4..=11, false);
}

fn widths_wide_affine<C: TestCurve>() {
    random_inputs::<C>("wide", 40_000, 13..=14, false);
}

/// Three scalar values over 4000 split points (see the module comment).
/// The reference groups the points by scalar: sum_v [v] (sum of its points).
fn widths_clustered_digits<C: TestCurve>() {
    let mut rng = rng(&format!("msm windows clustered {}", C::NAME));
    let n = 4000 / C::ENDO_PARTS;
    let points = random_points::<C>(&mut rng, n);
    let values = [nonzero_scalar(&mut rng), nonzero_scalar(&mut rng), r_minus_1()];
    let choice: Vec<usize> = (0..n).map(|_| rng.gen_range(0..values.len())).collect();
    let scalars: Vec<Fr> = choice.iter().map(|&i| values[i]).collect();
    let mut e = Jacobian::identity();
    for (v, value) in values.iter().enumerate() {
        let group = points
            .iter()
            .zip(&choice)
            .filter(|(_, &i)| i == v)
            .fold(Jacobian::<C>::identity(), |acc, (p, _)| acc.add(&p.to_projective()));
        e = e.add(&group.mul(value));
    }
    assert_eq!(C::blst_msm(&points, &scalars), e, "{}: blst and the grouped sum disagree", C::NAME);
    check_widths("three scalar values", &points, &scalars, &e, 4..=12, false);
    check_msm("three scalar values", &points, &scalars, &e, &[]);
}

both_curves!(widths_moderate_n, widths_large_n, widths_wide_affine, widths_clustered_digits);
