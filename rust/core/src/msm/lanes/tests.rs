//! The lane additions against the scalar complete addition, the lane
//! forms' conversions and negation, on G1 here and on G2 through the
//! generic checks (`*_on`) that g2.rs's tests call.

use super::batch::{AffineLanes, BatchAdd, LaneField};
use super::forms::{add_assign_indexed, from_lane_forms, negate_lane_form, to_lane_forms, Scratch, LANE_CHUNK};
use super::LaneAffine;
use crate::arith::avx2::tests::have_kernel as have_avx2;
use crate::arith::avx2::{self, FpX4};
use crate::curve::{Affine, Curve, Jacobian};
use crate::msm::{LaneOp, NEG};
use crate::Fp;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The element a lane form's y stands for.
fn lane_value(raw: &[u64; 6]) -> Fp {
    // SAFETY: AVX2 checked by the caller.
    Fp(unsafe { avx2::to_fp(&avx2::from_raw_refs([raw, raw, raw, raw]))[0] })
}

/// negate_lane_form on lane values below p, at p and just above it
/// (reduced values reach p (1 + 2^-12)), and zero: the negated element,
/// below p.
#[test]
fn negated_lane_forms() {
    if !have_avx2() {
        return;
    }
    let p = crate::field::fp::MODULUS;
    let add = |a: [u64; 6], t: u64, at: usize| {
        let mut r = a;
        let (s, c) = r[at].overflowing_add(t);
        r[at] = s;
        if c {
            r[at + 1] += 1;
        }
        r
    };
    let sub1 = |a: [u64; 6]| {
        let mut r = a;
        let mut i = 0;
        while r[i] == 0 {
            r[i] = u64::MAX;
            i += 1;
        }
        r[i] -= 1;
        r
    };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut cases =
        vec![[0u64; 6], p, add(p, 1, 0), add(p, 1 << 40, 4), add(p, 1 << 20, 5), sub1(p), [1, 0, 0, 0, 0, 0]];
    for _ in 0..200 {
        let mut r: [u64; 6] = core::array::from_fn(|_| rng.gen());
        r[5] %= p[5];
        cases.push(r);
        cases.push(add(p, rng.gen::<u64>() >> 20, rng.gen_range(0..5)));
    }
    let x = Fp::ONE;
    for raw in cases {
        let q = LaneAffine(Affine::from_raw(x, Fp(raw)));
        let n = negate_lane_form::<FpX4>(&q).0;
        let below_p = (0..6).rev().find(|&i| n.y.0[i] != p[i]).is_some_and(|i| n.y.0[i] < p[i]);
        assert!(below_p, "negation of {raw:x?} not below p");
        assert_eq!(lane_value(&n.y.0), lane_value(&raw).neg(), "negation of {raw:x?}");
    }
}

/// `n` distinct points: a random start plus multiples of another
/// random point, normalised together.
fn points<C: Curve>(rng: &mut ChaCha8Rng, n: usize) -> Vec<Affine<C>> {
    let step = Jacobian::<C>::random(&mut *rng);
    let mut p = Jacobian::<C>::random(&mut *rng);
    let mut v = Vec::with_capacity(n);
    for _ in 0..n {
        v.push(p);
        p = p.add(&step);
    }
    Jacobian::batch_normalize(&v)
}

/// The operands of one lane's addition.
type Pair<C> = (Affine<C>, Affine<C>);

/// The pair of one lane: random, or (one time in `rare`) an edge case.
fn pair<C: Curve>(rng: &mut ChaCha8Rng, pts: &[Affine<C>], rare: u32) -> Pair<C> {
    let mut pick = || pts[rng.gen_range(0..pts.len())];
    let (a, b) = (pick(), pick());
    if rng.gen_range(0..rare) != 0 {
        return (a, b);
    }
    match rng.gen_range(0..5) {
        0 => (a, a),
        1 => (a, a.neg()),
        2 => (Affine::identity(), b),
        3 => (a, Affine::identity()),
        _ => (Affine::identity(), Affine::identity()),
    }
}

/// Whether the CPU runs kernel `F` (a notice when not: the test is
/// skipped, not passed).
fn have<F: LaneField>() -> bool {
    let ok = F::available();
    if !ok {
        eprintln!("skipped: the CPU lacks the {}-lane kernel", F::LANES);
    }
    ok
}

/// Runs `add_assign` on `groups` groups and checks every lane against
/// the scalar complete addition; twice with the same scratch space
/// (the second time adding to the first sums).
fn check<F: LaneField>(
    rng: &mut ChaCha8Rng,
    pts: &[Affine<F::Curve>],
    groups: usize,
    rare: u32,
    batch: &mut BatchAdd<F>,
) {
    let n = F::LANES;
    // The expected sums (starting as the accumulators) and the addends.
    let mut sums: Vec<Vec<Affine<F::Curve>>> = Vec::new();
    let mut adds: Vec<Vec<Affine<F::Curve>>> = Vec::new();
    for _ in 0..groups {
        let lanes: Vec<Pair<F::Curve>> = (0..n).map(|_| pair(rng, pts, rare)).collect();
        sums.push(lanes.iter().map(|(a, _)| *a).collect());
        adds.push(lanes.iter().map(|(_, b)| *b).collect());
    }
    // SAFETY (all unsafe blocks): the kernel checked by the callers.
    let mut acc: Vec<AffineLanes<F>> = sums.iter().map(|a| unsafe { AffineLanes::from_affine(a) }).collect();
    for _round in 0..2 {
        let add: Vec<AffineLanes<F>> = adds.iter().map(|b| unsafe { AffineLanes::from_affine(b) }).collect();
        unsafe { batch.add_assign(&mut acc, &add) };
        for (g, (want, b)) in sums.iter_mut().zip(&adds).enumerate() {
            let got = unsafe { F::enter(|| acc[g].to_affine()) };
            for k in 0..n {
                want[k] = want[k].to_projective().add_affine(&b[k]).to_affine();
                assert!(got[k] == want[k], "group {g} lane {k} of {groups}");
            }
        }
        // Second round: other addends, sometimes the sums themselves
        // (tangents, or the identity twice).
        for (g, b) in adds.iter_mut().enumerate() {
            for k in 0..n {
                b[k] = if rng.gen_range(0..rare.max(2)) == 0 { sums[g][k] } else { pair(rng, pts, rare).0 };
            }
        }
    }
}

/// [`BatchAdd::add_assign`] against the scalar addition: every kind
/// of lane (chord, tangent, opposite, identities), alone and mixed in
/// groups, for batches of every length class.
pub(super) fn matches_scalar_addition_on<F: LaneField>(seed: u64) {
    if !have::<F>() {
        return;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pts = points(&mut rng, 512);
    let mut batch = BatchAdd::<F>::new();
    for groups in [0, 1, 2, 3, 5, 64, 257] {
        for rare in [1, 8, 1000] {
            check(&mut rng, &pts, groups, rare, &mut batch);
        }
    }
    for _ in 0..20 {
        check(&mut rng, &pts, 256 * 4 / F::LANES, 50, &mut batch);
    }
}

/// Points through [`AffineLanes`] and back, and through lane forms and
/// back, with the identity in some lanes and partial groups.
pub(super) fn conversions_on<F: LaneField>(seed: u64) {
    if !have::<F>() {
        return;
    }
    let n = F::LANES;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pts = points::<F::Curve>(&mut rng, 64);
    for c in pts.chunks_exact(n) {
        let mut some = c.to_vec();
        some[rng.gen_range(0..n)] = Affine::identity();
        // SAFETY: the kernel checked.
        let back = unsafe { F::enter(|| AffineLanes::<F>::from_affine(&some).to_affine()) };
        assert!(back[..n] == some[..]);
    }
    for n in [0, 1, 3, 4, 5, 7, 8, 9, 63] {
        let mut v = pts[..n].to_vec();
        if n > 2 {
            v[2] = Affine::identity();
        }
        let mut back = vec![Affine::identity(); n];
        // SAFETY: the kernel checked.
        let forms = unsafe { to_lane_forms::<F>(&v, false) };
        unsafe { from_lane_forms::<F>(&forms, &mut back) };
        assert!(back == v, "{n} points");
    }
    // In parallel, over several chunks and a partial one: the same forms.
    let many: Vec<Affine<F::Curve>> = (0..2 * LANE_CHUNK + 7).map(|i| pts[(i * 7) % pts.len()]).collect();
    // SAFETY: the kernel checked.
    let (one, par) = unsafe { (to_lane_forms::<F>(&many, false), to_lane_forms::<F>(&many, true)) };
    assert!(one == par);
    let mut back = vec![Affine::identity(); many.len()];
    unsafe { from_lane_forms::<F>(&par, &mut back) };
    assert!(back == many);
}

/// [`add_assign_indexed`] on lane forms, signed points and partial
/// groups, against scalar additions; also the negation of lane forms.
pub(super) fn indexed_on<F: LaneField>(seed: u64) {
    if !have::<F>() {
        return;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pts = points::<F::Curve>(&mut rng, 40);
    pts[7] = Affine::identity();
    let mut scratch = Scratch::<F>::default();
    for n in [0, 1, 4, 7, 8, 9, 13, 17, 20] {
        let mut buckets: Vec<Affine<F::Curve>> = (0..20).map(|i| pts[(3 * i) % 40]).collect();
        buckets[5] = Affine::identity();
        let mut ops = Vec::new();
        let mut want = buckets.clone();
        for (k, b) in rand::seq::index::sample(&mut rng, 20, n).into_iter().enumerate() {
            // Sometimes the bucket's own point, or its negation.
            let point = if k % 5 == 1 { (3 * b) % 40 } else { rng.gen_range(0..40) };
            let neg = rng.gen_bool(0.5);
            let q = if neg { pts[point].neg() } else { pts[point] };
            want[b] = want[b].to_projective().add_affine(&q).to_affine();
            ops.push(LaneOp { bucket: b as u32, point: point as u32 | if neg { NEG } else { 0 } });
        }
        // SAFETY: the kernel checked.
        unsafe {
            let forms = to_lane_forms::<F>(&pts, true);
            let mut acc = to_lane_forms::<F>(&buckets, false);
            add_assign_indexed(&mut scratch, &mut acc, &forms, &ops);
            let mut sums = vec![Affine::identity(); acc.len()];
            from_lane_forms::<F>(&acc, &mut sums);
            assert!(sums == want, "{n} ops");
            let neg: Vec<_> = forms.iter().map(negate_lane_form::<F>).collect();
            let mut back = vec![Affine::identity(); neg.len()];
            from_lane_forms::<F>(&neg, &mut back);
            assert!(back == pts.iter().map(|p| p.neg()).collect::<Vec<_>>());
        }
    }
}

/// The generic checks (`*_on`) on the lanes `$f` of one kernel (G1's or
/// G2's), as the tests of a module `$m`, seeded from `$seed`.
macro_rules! kernel_tests {
    ($m:ident, $f:ty, $seed:literal) => {
        mod $m {
            use $crate::msm::lanes::tests::{conversions_on, indexed_on, matches_scalar_addition_on};

            #[test]
            fn matches_scalar_addition() {
                matches_scalar_addition_on::<$f>($seed);
            }

            #[test]
            fn conversions() {
                conversions_on::<$f>($seed + 1);
            }

            #[test]
            fn indexed() {
                indexed_on::<$f>($seed + 2);
            }
        }
    };
}
pub(super) use kernel_tests;

kernel_tests!(on_avx2, crate::arith::avx2::FpX4, 5);
kernel_tests!(on_avx512, crate::arith::avx512f::FpX8F, 11);
kernel_tests!(on_ifma, crate::arith::avx512_ifma::FpX8Ifma, 8);

#[test]
#[should_panic]
fn lengths_must_match() {
    if !have_avx2() {
        panic!("skipped");
    }
    let mut acc = vec![AffineLanes::<FpX4>::IDENTITY; 2];
    // SAFETY: AVX2 checked.
    unsafe { BatchAdd::new().add_assign(&mut acc, &[AffineLanes::IDENTITY]) };
}
