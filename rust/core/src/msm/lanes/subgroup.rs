//! G1 subgroup checks four points at a time on the AVX2 lanes: Scott's
//! test of `curve/subgroup.rs` (P is in G1 iff sigma(P) = [-z^2]P), its
//! chain [|z|]([|z|]P) of 126 doublings and 10 mixed additions run on
//! [`FpX4`], lane by lane, and the final comparison in scalar code
//! (`subgroup::g1_matches_sigma`).
//!
//! The answers are those of `g1_is_torsion_free`, point by point: the same
//! formulas (the doubling of `Jacobian::double_generic`, the incomplete
//! mixed addition of `Jacobian::add_affine_incomplete`, the chain on the
//! curve scaled by Z for the second multiplication), the same exceptional
//! case (an addition of two equal points, which only a point outside G1
//! meets: flagged, and the answer is then false), the same selection when
//! the accumulator is the identity. Only the arithmetic differs: lane
//! products in Montgomery form with R = 2^390 and the bounds of
//! [`avx2`] (each step below states what it feeds the products).
//!
//! Every function here is `unsafe` for one reason: the caller must have
//! checked that the CPU has AVX2.

use crate::arith::avx2::{self, FpX4};
use crate::curve::{Affine, G1Affine, G1Projective, G1};
use crate::curve::subgroup::g1_matches_sigma;
use crate::field::Fp;

/// Four Jacobian points, every coordinate reduced (below `p (1 + 2^-12)`).
#[derive(Clone, Copy)]
struct J4 {
    x: FpX4,
    y: FpX4,
    z: FpX4,
}

/// `2P` lane by lane (dbl-2009-l as `Jacobian::double_generic`): the
/// identity (Z = 0) stays the identity. Inputs reduced; products take
/// values below 6p times below 5.01p at most (< p 2^390).
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn double(p: &J4) -> J4 {
    // SAFETY: AVX2 is enabled here (the caller has checked the CPU).
    unsafe {
        let mut a = FpX4::ZERO;
        let mut b = FpX4::ZERO;
        let mut xb = FpX4::ZERO;
        avx2::sqr(&mut a, &p.x); // < 2p
        avx2::sqr(&mut b, &p.y);
        avx2::mul(&mut xb, &p.x, &b);
        let d = avx2::add(&xb, &xb);
        let d = avx2::reduce(&avx2::add(&d, &d)); // 4 X Y^2
        let e = avx2::add(&avx2::add(&a, &a), &a); // 3 X^2 < 6p
        let mut f = FpX4::ZERO;
        avx2::sqr(&mut f, &e);
        let x3 = avx2::reduce(&avx2::sub(&f, &avx2::add(&d, &d)));
        let mut y3 = FpX4::ZERO;
        avx2::mul(&mut y3, &e, &avx2::sub(&d, &x3)); // 6p times 5.01p
        let b2 = avx2::add(&b, &b);
        let mut c4 = FpX4::ZERO;
        avx2::sqr(&mut c4, &b2); // 4 Y^4... (2 Y^2)^2
        let c4 = avx2::reduce(&c4);
        let y3 = avx2::reduce(&avx2::sub(&y3, &avx2::add(&c4, &c4)));
        let mut yz = FpX4::ZERO;
        avx2::mul(&mut yz, &p.y, &p.z);
        let z3 = avx2::reduce(&avx2::add(&yz, &yz));
        J4 { x: x3, y: y3, z: z3 }
    }
}

/// `acc + (x2, y2)` lane by lane for an affine (x2, y2), never the
/// identity, of the curve `acc` lives on (madd-2004-hmv as
/// `Jacobian::add_affine_incomplete`): where `acc` is the identity the
/// result is (x2, y2, 1); where the two points are equal (H = R = 0,
/// `acc` not the identity) the lane's bit is set in `exc` (the formula
/// fails there). Inputs reduced.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn add_flagged(acc: &J4, x2: &FpX4, y2: &FpX4, exc: &mut u8) -> J4 {
    // SAFETY: AVX2 is enabled here (the caller has checked the CPU).
    unsafe {
        let mut z1z1 = FpX4::ZERO;
        let mut u2 = FpX4::ZERO;
        let mut t = FpX4::ZERO;
        let mut s2 = FpX4::ZERO;
        avx2::sqr(&mut z1z1, &acc.z);
        avx2::mul(&mut u2, x2, &z1z1);
        avx2::mul(&mut t, y2, &acc.z);
        avx2::mul(&mut s2, &t, &z1z1);
        let h = avx2::sub(&u2, &acc.x); // < 6p
        let r = avx2::sub(&s2, &acc.y);
        let (mut hh, mut hhh, mut v, mut r2) = (FpX4::ZERO, FpX4::ZERO, FpX4::ZERO, FpX4::ZERO);
        avx2::sqr(&mut hh, &h);
        avx2::mul(&mut hhh, &h, &hh);
        avx2::mul(&mut v, &acc.x, &hh);
        let v = avx2::reduce(&v);
        avx2::sqr(&mut r2, &r);
        let x3 = avx2::reduce(&avx2::sub(&avx2::sub(&r2, &hhh), &avx2::add(&v, &v)));
        let (mut a1, mut b1, mut z3) = (FpX4::ZERO, FpX4::ZERO, FpX4::ZERO);
        avx2::mul(&mut a1, &r, &avx2::sub(&v, &x3)); // 6p times 5.01p
        avx2::mul(&mut b1, &acc.y, &hhh);
        let y3 = avx2::reduce(&avx2::sub(&a1, &b1));
        avx2::mul(&mut z3, &acc.z, &h);
        let z3 = avx2::reduce(&z3);
        let id = avx2::is_zero(&acc.z);
        let equal = avx2::is_zero(&avx2::reduce(&h)) & avx2::is_zero(&avx2::reduce(&r));
        *exc |= equal & !id;
        J4 {
            x: avx2::select(id, &x3, x2),
            y: avx2::select(id, &y3, y2),
            z: avx2::select(id, &z3, &FpX4::ONE),
        }
    }
}

/// [|z|](x, y) for four affine points (x, y) of a curve y^2 = x^3 + b'
/// (b' is never used): the chain of `subgroup::g1_times_z_abs`.
#[target_feature(enable = "avx2")]
unsafe fn times_z_abs(x: &FpX4, y: &FpX4, exc: &mut u8) -> J4 {
    // SAFETY: AVX2 is enabled here (the caller has checked the CPU).
    unsafe {
        let mut acc = J4 { x: *x, y: *y, z: FpX4::ONE };
        for i in (0..63).rev() {
            acc = double(&acc);
            if (crate::curve::Z_ABS >> i) & 1 == 1 {
                acc = add_flagged(&acc, x, y, exc);
            }
        }
        acc
    }
}

/// Whether each of four points of E1 lies in G1, as
/// `g1_is_torsion_free` would answer for each.
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn g1_is_torsion_free_x4(p: &[G1Affine; 4]) -> [bool; 4] {
    // SAFETY: AVX2 is enabled here (the caller has checked the CPU).
    unsafe {
        let x = avx2::from_fp_refs(p.each_ref().map(|q| &q.x.0));
        let y = avx2::from_fp_refs(p.each_ref().map(|q| &q.y.0));
        let mut exc = 0u8;
        let zp = times_z_abs(&x, &y, &mut exc);
        // [|z|] of (X, Y, Z) on the curve scaled by Z, where it is (X, Y).
        let z2p = times_z_abs(&zp.x, &zp.y, &mut exc);
        let mut z = FpX4::ZERO;
        avx2::mul(&mut z, &z2p.z, &zp.z);
        let (xs, ys, zs) = (avx2::to_fp(&z2p.x), avx2::to_fp(&z2p.y), avx2::to_fp(&z));
        core::array::from_fn(|k| {
            let z2p = G1Projective::from_raw(Fp(xs[k]), Fp(ys[k]), Fp(zs[k]));
            let p = G1Projective::from(p[k]);
            (exc >> k) & 1 == 0 && bool::from(g1_matches_sigma(&p, &z2p)) || bool::from(p.is_identity())
        })
    }
}

/// Whether each point lies in G1, four at a time on the lanes (the
/// caller has checked AVX2), the last `len % 4` one by one; `out` as
/// long as `points`.
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn g1_batch_is_torsion_free(points: &[Affine<G1>], out: &mut [bool]) {
    let mut chunks = points.chunks_exact(4);
    let mut outs = out.chunks_exact_mut(4);
    for (c, o) in (&mut chunks).zip(&mut outs) {
        let four: [G1Affine; 4] = core::array::from_fn(|k| c.get(k).copied().unwrap_or(G1Affine::identity()));
        // SAFETY: the caller has checked AVX2.
        let got = unsafe { g1_is_torsion_free_x4(&four) };
        for (o, g) in o.iter_mut().zip(got) {
            *o = g;
        }
    }
    for (p, o) in chunks.remainder().iter().zip(outs.into_remainder()) {
        *o = bool::from(G1Projective::from(*p).is_torsion_free());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::{Curve, G1Projective};

    /// A point of order 11 (from a point of E1 times h r / 11) meets the
    /// exceptional addition in its lane, which is flagged, and only there;
    /// the generator's lanes never are.
    #[test]
    fn exceptional_addition_is_flagged_per_lane() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        // (h r) / 121 with h = (z - 1)^2 / 3, little-endian: a multiple
        // has order dividing 121; times 11 while that is not the identity.
        let n_over_121: [u64; 6] = [
            0xff0a_9419_6370_2343, 0x4612_58dc_05b2_69c8, 0xe11e_05f8_de12_635b,
            0xe98e_bceb_f116_41bd, 0x85e8_f4b1_1c0f_6f71, 0x0037_0461_2471_3073,
        ];
        let mut small = G1Projective::identity();
        let mut x = Fp::ONE;
        for _ in 0..200 {
            x = x.add(&Fp::ONE);
            let Some(y) = Option::<Fp>::from(x.square().mul(&x).add(&G1::B).sqrt()) else { continue };
            let mut c = G1Affine::from_raw(x, y).to_projective().mul_limbs_vartime(&n_over_121);
            while !bool::from(c.is_identity()) {
                small = c;
                c = c.mul_limbs_vartime(&[11]);
            }
            if !bool::from(small.is_identity()) {
                break;
            }
        }
        assert!(bool::from(small.mul_limbs_vartime(&[11]).is_identity()) && !bool::from(small.is_identity()));
        let g = G1Projective::generator().to_affine();
        let four = [g, small.to_affine(), g, g];
        let xs = four.each_ref().map(|q| &q.x.0);
        let ys = four.each_ref().map(|q| &q.y.0);
        let mut exc = 0u8;
        // SAFETY: AVX2 checked above.
        unsafe { times_z_abs(&avx2::from_fp_refs(xs), &avx2::from_fp_refs(ys), &mut exc) };
        assert_eq!(exc, 0b0010);
        // SAFETY: as above.
        assert_eq!(unsafe { g1_is_torsion_free_x4(&four) }, [true, false, true, true]);
    }
}
