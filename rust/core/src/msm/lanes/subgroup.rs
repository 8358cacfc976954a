//! Subgroup checks `LANES` points at a time on the lane kernels: Scott's tests
//! of `curve/subgroup.rs` (G1: P is in G1 iff sigma(P) = [-z^2]P; G2: P is
//! in G2 iff psi(P) = [z]P), their chains of doublings and mixed additions
//! by |z| run lane by lane on a [`LaneField`] (G1 twice, 126 doublings and
//! 10 additions; G2 once), the final comparison in scalar code
//! (`subgroup::g1_matches_sigma`, `subgroup::g2_matches_psi`).
//!
//! The answers are those of the one-by-one checks, point by point: the
//! same formulas (the doubling of `Jacobian::double_generic`, the
//! incomplete mixed addition of `Jacobian::add_affine_incomplete`, G1's
//! second chain on the curve scaled by Z), the same selection when the
//! accumulator is the identity. The additions are incomplete on both
//! curves: an addition of two equal points is flagged per lane and makes
//! that lane's answer false. It adds Q to [k]Q for a partial value
//! 2 <= k < |z| of the chain, and [k]Q = Q means the order of Q divides
//! k - 1 < r: Q (hence P, whose multiple it is) is not in the subgroup,
//! whose points have order r. So a flagged lane's answer is the one-by-one
//! check's answer, false. Only the arithmetic differs: lane products in
//! Montgomery form with R = 2^390, within the bounds of both lane fields
//! (batch.rs, g2.rs): products and squares are left as the lane kernels
//! give them (G1 below 2p; G2 c0 below 6p and c1 reduced for a product,
//! c0 below 2p and c1 below 4p for a square), which the products, the
//! minuends of a difference and the sums accept; a value is reduced
//! (below `p (1 + 2^-12)`) before it is squared (G2's square wants its
//! c1 below 2.46p), subtracted (the subtrahend of [`avx2::sub`] below
//! 2.46p; a sum of two reduced values is below 2.01p), tested for zero or
//! kept as a coordinate of the accumulator.
//!
//! The bounds are AVX2's; IFMA's contain them (fp.rs).
//!
//! Every function here is `unsafe` for one reason: the caller must have
//! checked that the CPU has the kernel ([`LaneField::available`]).

use super::batch::{Base, LaneField, MAX_LANES};
#[cfg(doc)]
use crate::arith::avx2;
use crate::curve::{Affine, Jacobian};

/// `LANES` Jacobian points, every coordinate reduced.
#[derive(Clone, Copy)]
struct JLanes<F> {
    x: F,
    y: F,
    z: F,
}

/// A lane product (operands reduced values or products), not reduced.
#[inline(always)]
unsafe fn mul<F: LaneField>(a: &F, b: &F) -> F {
    let mut out = F::ZERO;
    // SAFETY: AVX2 is enabled here (the caller has checked the CPU).
    unsafe { F::mul(&mut out, a, b) };
    out
}

/// A lane square of a reduced value, not reduced.
#[inline(always)]
unsafe fn sqr<F: LaneField>(a: &F) -> F {
    let mut out = F::ZERO;
    // SAFETY: as in `mul`.
    unsafe { F::sqr(&mut out, a) };
    out
}

/// `a + b` for reduced values, reduced.
#[inline(always)]
unsafe fn add<F: LaneField>(a: &F, b: &F) -> F {
    // SAFETY: as in `mul`.
    unsafe { F::reduce(&F::add(a, b)) }
}

/// `a - b` for reduced values, reduced.
#[inline(always)]
unsafe fn sub<F: LaneField>(a: &F, b: &F) -> F {
    // SAFETY: as in `mul`.
    unsafe { F::reduce(&F::sub(a, b)) }
}

/// `2P` lane by lane (dbl-2009-l as `Jacobian::double_generic`): the
/// identity (Z = 0) stays the identity.
#[inline(always)]
unsafe fn double<F: LaneField>(p: &JLanes<F>) -> JLanes<F> {
    // SAFETY: as in `mul`.
    unsafe {
        let a = sqr(&p.x);
        let b = sqr(&p.y);
        let xb = mul(&p.x, &b);
        // Sums of products left unreduced only where they feed a minuend
        // or a product; reduced before a square or a subtrahend.
        let d2 = F::add(&xb, &xb);
        let d = F::reduce(&F::add(&d2, &d2)); // 4 X Y^2
        let e = F::reduce(&F::add(&F::add(&a, &a), &a)); // 3 X^2
        let f = sqr(&e);
        let x3 = sub(&f, &F::add(&d, &d));
        let y3 = mul(&e, &F::sub(&d, &x3));
        let c4 = F::reduce(&sqr(&F::reduce(&F::add(&b, &b)))); // (2 Y^2)^2
        let y3 = sub(&y3, &F::add(&c4, &c4));
        let yz = mul(&p.y, &p.z);
        JLanes { x: x3, y: y3, z: add(&yz, &yz) }
    }
}

/// `acc + (x2, y2)` lane by lane for an affine (x2, y2), never the
/// identity, of the curve `acc` lives on (madd-2004-hmv as
/// `Jacobian::add_affine_incomplete`): where `acc` is the identity the
/// result is (x2, y2, 1); where the two points are equal (H = R = 0,
/// `acc` not the identity) the lane's bit is set in `exc`.
#[inline(always)]
unsafe fn add_flagged<F: LaneField>(acc: &JLanes<F>, x2: &F, y2: &F, exc: &mut u8) -> JLanes<F> {
    // SAFETY: as in `mul`.
    unsafe {
        let z1z1 = sqr(&acc.z);
        let u2 = mul(x2, &z1z1);
        let s2 = mul(&mul(y2, &acc.z), &z1z1);
        let h = sub(&u2, &acc.x);
        let r = sub(&s2, &acc.y);
        let hh = sqr(&h);
        let hhh = mul(&h, &hh);
        let v = mul(&acc.x, &hh);
        let x3 = sub(&sub(&sqr(&r), &F::reduce(&hhh)), &add(&v, &v));
        let y3 = sub(&mul(&r, &sub(&v, &x3)), &F::reduce(&mul(&acc.y, &hhh)));
        let z3 = F::reduce(&mul(&acc.z, &h));
        let id = F::is_zero(&acc.z);
        *exc |= F::is_zero(&h) & F::is_zero(&r) & !id;
        JLanes { x: F::select(id, &x3, x2), y: F::select(id, &y3, y2), z: F::select(id, &z3, &F::ONE) }
    }
}

/// [|z|](x, y) for four affine points (x, y) of a curve y^2 = x^3 + b'
/// (b' is never used): the chain of `subgroup::times_z_abs`.
#[inline(always)]
unsafe fn times_z_abs<F: LaneField>(x: &F, y: &F, exc: &mut u8) -> JLanes<F> {
    let mut acc = JLanes { x: *x, y: *y, z: F::ONE };
    for i in (0..63).rev() {
        // SAFETY: as in `mul`.
        unsafe {
            acc = double(&acc);
            if (crate::curve::Z_ABS >> i) & 1 == 1 {
                acc = add_flagged(&acc, x, y, exc);
            }
        }
    }
    acc
}

/// [|z|^chains] of `LANES` affine points (chains 1 or 2; the second
/// chain on the curve scaled by Z, where [|z|]P is (X, Y)), as Jacobian
/// points of the curve (the first `LANES`), and the lanes flagged by an
/// exceptional addition.
///
/// `p` holds `LANES` points (lanes beyond its length take the identity).
unsafe fn times_z_abs_lanes<F: LaneField>(
    p: &[Affine<F::Curve>],
    chains: usize,
) -> ([Jacobian<F::Curve>; MAX_LANES], u8) {
    debug_assert_eq!(p.len(), F::LANES);
    let id = Affine::identity();
    let at = |k: usize| p.get(k).unwrap_or(&id);
    let xs: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &at(k).x);
    let ys: [&Base<F>; MAX_LANES] = core::array::from_fn(|k| &at(k).y);
    // SAFETY: the kernel (the caller).
    unsafe {
        F::enter(|| {
            let (x, y) = (F::from_refs(&xs[..F::LANES]), F::from_refs(&ys[..F::LANES]));
            let mut exc = 0u8;
            let mut acc = times_z_abs(&x, &y, &mut exc);
            for _ in 1..chains {
                let next = times_z_abs(&acc.x, &acc.y, &mut exc);
                acc = JLanes { x: next.x, y: next.y, z: mul(&next.z, &acc.z) };
            }
            let (xs, ys, zs) = (acc.x.to_base(), acc.y.to_base(), acc.z.to_base());
            (core::array::from_fn(|k| Jacobian::from_raw(xs[k], ys[k], zs[k])), exc)
        })
    }
}

/// Whether each point lies in the subgroup: [|z|^chains]P computed
/// `LANES` at a time on the lanes, `matches(P, [|z|^chains]P)` the curve's
/// final comparison; a flagged lane is false, the identity true; the last
/// `len % LANES` points by `Jacobian::is_torsion_free`. `out` as long as
/// `points`.
pub(crate) unsafe fn batch_is_torsion_free<F: LaneField>(
    points: &[Affine<F::Curve>],
    out: &mut [bool],
    chains: usize,
    matches: impl Fn(&Jacobian<F::Curve>, &Jacobian<F::Curve>) -> bool,
) {
    let mut chunks = points.chunks_exact(F::LANES);
    let mut outs = out.chunks_exact_mut(F::LANES);
    for (c, o) in (&mut chunks).zip(&mut outs) {
        // SAFETY: the kernel (the caller).
        let (images, exc) = unsafe { times_z_abs_lanes::<F>(c, chains) };
        for (k, (o, (p, image))) in o.iter_mut().zip(c.iter().zip(&images)).enumerate() {
            let p = Jacobian::from(*p);
            *o = bool::from(p.is_identity()) || ((exc >> k) & 1 == 0 && matches(&p, image));
        }
    }
    for (p, o) in chunks.remainder().iter().zip(outs.into_remainder()) {
        *o = bool::from(Jacobian::from(*p).is_torsion_free());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::avx2::FpX4;
    use crate::curve::subgroup::g1_matches_sigma;
    use crate::curve::G1Projective;

    /// A point of order 11 (from a point of E1 times h r / 11) meets the
    /// exceptional addition in its lane, which is flagged, and only there;
    /// the generator's lanes never are.
    #[test]
    fn exceptional_addition_is_flagged_per_lane() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        let small = crate::curve::subgroup::tests::order_11_point();
        assert!(bool::from(small.mul_limbs_vartime(&[11]).is_identity()) && !bool::from(small.is_identity()));
        let g = G1Projective::generator().to_affine();
        let four = [g, small.to_affine(), g, g];
        // SAFETY: AVX2 checked above.
        let (_, exc) = unsafe { times_z_abs_lanes::<FpX4>(&four, 2) };
        assert_eq!(exc, 0b0010);
        let mut out = [false; 4];
        let m = |p: &G1Projective, q: &G1Projective| bool::from(g1_matches_sigma(p, q));
        // SAFETY: as above.
        unsafe { batch_is_torsion_free::<FpX4>(&four, &mut out, 2, m) };
        assert_eq!(out, [true, false, true, true]);
    }

    /// The same on the IFMA lanes: eight points, the small one in lane 5.
    #[test]
    fn exceptional_addition_is_flagged_per_lane_ifma() {
        exceptional_addition_is_flagged_on_eight_lanes::<crate::arith::avx512_ifma::FpX8Ifma>();
    }

    /// The same on the AVX-512F lanes.
    #[test]
    fn exceptional_addition_is_flagged_per_lane_avx512() {
        exceptional_addition_is_flagged_on_eight_lanes::<crate::arith::avx512f::FpX8F>();
    }

    /// Eight points on the lanes of `F`, the small one in lane 5.
    fn exceptional_addition_is_flagged_on_eight_lanes<F: LaneField<Curve = crate::curve::G1>>() {
        if !F::available() {
            eprintln!("skipped: the CPU lacks the kernel");
            return;
        }
        let small = crate::curve::subgroup::tests::order_11_point();
        let g = G1Projective::generator().to_affine();
        let mut eight = [g; 8];
        eight[5] = small.to_affine();
        eight[2] = (G1Projective::generator().double()).to_affine();
        // SAFETY: the kernel checked above.
        let (_, exc) = unsafe { times_z_abs_lanes::<F>(&eight, 2) };
        assert_eq!(exc, 0b0010_0000);
        let mut out = [false; 8];
        let m = |p: &G1Projective, q: &G1Projective| bool::from(g1_matches_sigma(p, q));
        // SAFETY: as above.
        unsafe { batch_is_torsion_free::<F>(&eight, &mut out, 2, m) };
        assert_eq!(out, [true, true, true, true, true, false, true, true]);
    }
}
