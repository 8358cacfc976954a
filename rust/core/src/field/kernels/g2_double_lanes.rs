//! Runs of G2 doublings on the AVX-512 IFMA lanes: one point's six Fp
//! coefficients spread over the lanes of one vector, each level of a
//! doubling's independent Fp products one eight-lane product.
//!
//! A fused kernel over Fp2 values like the Miller loop's doubling step
//! (`miller_double`), hence here: [`double_n`] takes the coordinates
//! (X, Y, Z) of a point of E2 and returns those of its 2^n multiple, and
//! the curve layer (`curve/g2.rs`, for `Curve::double_n_vartime`) calls it
//! with no limb in sight.
//!
//! A G2 doubling (`curve/formulas.rs`: A = X^2, B = Y^2, D = X B, E = 3A/2, X' = E^2 -
//! 2D, Y' = E (D - X') - B^2, Z' = Y Z) is 17 Fp products, but in three
//! levels of mutually independent ones:
//!
//! ```text
//!  1: (x0 + x1)(x0 - x1), x0 x1, (y0 + y1)(y0 - y1), y0 y1,     m0 .. m6
//!     y0 z0, y1 z1, (y0 + y1)(z0 + z1)
//!     A = (m0, 2 m1), B = (m2, 2 m3), Z' = (m4 - m5, m6 - m4 - m5)
//!  2: x0 b0, x1 b1, (x0 + x1)(b0 + b1), (e0 + e1)(e0 - e1),      n0 .. n6
//!     e0 e1, (b0 + b1)(b0 - b1), b0 b1
//!     D = (n0 - n1, n2 - n0 - n1), E^2 = (n3, 2 n4), B^2 = (n5, 2 n6)
//!  3: e0 w0, e1 w1, (e0 + e1)(w0 + w1), w = D - X'               q0 .. q2
//! ```
//!
//! (`u^2 = -1`: an Fp2 square is `(a0 + a1)(a0 - a1) + 2 a0 a1 u`, a
//! product Karatsuba's three), so a doubling is three lane products where
//! the field layer makes seventeen one after the other; the operands of
//! each level are moved into place by lane permutations. Written out:
//! `e0 = 3 m0 / 2`, `e1 = 3 m1`, `b0 = m2`, `b1 = 2 m3`, `w0 = 3 n0 -
//! 3 n1 - n3`, `w1 = 3 n2 - 3 n0 - 3 n1 - 2 n4`, and
//!
//! ```text
//!     X' = (n3 - 2 n0 + 2 n1, 2 n4 - 2 n2 + 2 n0 + 2 n1)
//!     Y' = (q0 - q1 - n5, q2 - q0 - q1 - 2 n6)
//! ```
//!
//! The identity (Z = 0) stays the identity, as in the field layer's
//! formula. Straight-line code (the lane kernels' own timing), but the
//! constant-time check (valgrind, which has no AVX-512) cannot run it: it
//! serves the variable-time chains only (`Curve::double_n_vartime`:
//! `G2Projective::clear_cofactor_vartime`, `is_torsion_free_vartime`,
//! `hash_to_curve_vartime`).
//!
//! # Bounds (the kernel's, `arith::avx512_ifma`)
//!
//! The state (X, Y, Z in lanes 0..5) is reduced between doublings
//! (`combine`'s output, or `from_fp`'s). Level 1's operands are sums of
//! two reduced values or such a difference plus `16p` (below `2^398`,
//! the products' bound); the products are below `2p`. `e0 < 3.5p`, `e1 <
//! 6p`, `b0 < 2p`, `b1 < 4p`: level 2's operands are sums of two, the
//! subtrahends of its differences below `6p` (`sub` takes `2^384`, about
//! `9.8p`). `w` comes from `combine` (reduced), `e0 + e1 < 9.5p`. The
//! terms of the `combine` calls are products (below `2p`) and their
//! doubles and triples (below `6p`), all below `2^384`, at most four a
//! side.
#![allow(clippy::missing_safety_doc)]

use crate::arith::avx512_ifma::{self, FpX8Ifma};
use crate::field::{Fp, Fp2};

/// Whether G2's doublings run on the IFMA lanes: the CPU has them and
/// `BLS12_381_BACKEND` allows them.
pub(crate) fn available() -> bool {
    crate::arith::ifma_paths_allowed() && avx512_ifma::available()
}

/// The Jacobian coordinates `(X, Y, Z)` (reduced) of `2^n p` for
/// `p = (x, y, z)` on E2 (n doublings by the formula of the module doc),
/// the caller having checked [`available`].
pub(crate) fn double_n(x: &Fp2, y: &Fp2, z: &Fp2, n: u32) -> (Fp2, Fp2, Fp2) {
    // SAFETY: the caller checked `available`.
    let c = unsafe { double_n_lanes([x, y, z], n) };
    let fp2 = |i: usize| Fp2::new(Fp(c[2 * i]), Fp(c[2 * i + 1]));
    (fp2(0), fp2(1), fp2(2))
}

#[target_feature(enable = "avx2,avx512f,avx512ifma")]
unsafe fn double_n_lanes([x, y, z]: [&Fp2; 3], n: u32) -> [[u64; 6]; 8] {
    let zero = [0u64; 6];
    let c = [&x.c0.0, &x.c1.0, &y.c0.0, &y.c1.0, &z.c0.0, &z.c1.0, &zero, &zero];
    unsafe {
        let mut s = avx512_ifma::from_fp_refs(c);
        for _ in 0..n {
            s = double(&s);
        }
        avx512_ifma::to_fp(&s)
    }
}

/// One doubling of the point in lanes 0..5 (module doc).
#[inline(always)]
unsafe fn double(s: &FpX8Ifma) -> FpX8Ifma {
    use avx512_ifma::{add, combine, mul, permute as pm, select, sub};
    unsafe {
        // Level 1: A1 = [x0 + x1, x0, y0 + y1, y0, y0, y1, y0 + y1],
        // B1 = [x0 - x1, x1, y0 - y1, y1, z0, z1, z0 + z1].
        let a1 = add(&pm(s, s, [0, 0, 2, 2, 2, 3, 2, 0], 0x7f), &pm(s, s, [1, 0, 3, 0, 0, 0, 3, 0], 0x45));
        let (u, v) = (pm(s, s, [0, 1, 2, 3, 4, 5, 4, 0], 0x7f), pm(s, s, [1, 0, 3, 0, 0, 0, 5, 0], 0x45));
        let b1 = select(0x40, &sub(&u, &v), &add(&u, &v));
        let mut m = FpX8Ifma::ZERO;
        mul(&mut m, &a1, &b1);
        // T = [e0, e1, b0, b1] = [m0 + m0/2, m1 + 2 m1, m2, 2 m3].
        let m2x = avx512_ifma::double(&m);
        let t = add(
            &pm(&m, &m2x, [0, 1, 2, 11, 0, 0, 0, 0], 0x0f),
            &pm(&avx512_ifma::half(&m), &m2x, [0, 9, 0, 0, 0, 0, 0, 0], 0x03),
        );
        // Level 2: A2 = [x0, x1, x0 + x1, e0 + e1, e0, b0 + b1, b0],
        // B2 = [b0, b1, b0 + b1, e0 - e1, e1, b0 - b1, b1].
        let a2 = add(&pm(s, &t, [0, 1, 0, 8, 8, 10, 10, 0], 0x7f), &pm(s, &t, [0, 0, 1, 9, 0, 11, 0, 0], 0x2c));
        let (u, v) = (pm(&t, &t, [2, 3, 2, 0, 1, 2, 3, 0], 0x7f), pm(&t, &t, [0, 0, 3, 1, 0, 3, 0, 0], 0x2c));
        let b2 = select(0x04, &sub(&u, &v), &add(&u, &v));
        let mut n = FpX8Ifma::ZERO;
        mul(&mut n, &a2, &b2);
        let n2 = avx512_ifma::double(&n);
        let n3 = add(&n2, &n);
        // Level 3: A3 = [e0, e1, e0 + e1], B3 = [w0, w1, w0 + w1] with
        // w0 = 3n0 - 3n1 - n3, w1 = 3n2 - 3n0 - 3n1 - 2n4,
        // w0 + w1 = 3n2 - 6n1 - n3 - 2n4.
        let a3 = add(&pm(&t, &t, [0, 1, 0, 0, 0, 0, 0, 0], 0x07), &pm(&t, &t, [0, 0, 1, 0, 0, 0, 0, 0], 0x04));
        let b3 = combine(
            &[&pm(&n3, &n3, [0, 2, 2, 0, 0, 0, 0, 0], 0x07)],
            &[
                &pm(&n3, &n, [1, 0, 1, 0, 0, 0, 0, 0], 0x07),
                &pm(&n3, &n, [11, 1, 11, 0, 0, 0, 0, 0], 0x07),
                &pm(&n2, &n2, [0, 4, 4, 0, 0, 0, 0, 0], 0x06),
                &pm(&n3, &n3, [0, 0, 1, 0, 0, 0, 0, 0], 0x04),
            ],
        );
        let mut q = FpX8Ifma::ZERO;
        mul(&mut q, &a3, &b3);
        // X' = (n3 - 2n0 + 2n1, 2n4 - 2n2 + 2n0 + 2n1),
        // Y' = (q0 - q1 - n5, q2 - q0 - q1 - 2n6), Z' = (m4 - m5, m6 - m4 - m5).
        combine(
            &[
                &pm(&n, &n2, [3, 12, 0, 0, 0, 0, 0, 0], 0x03),
                &pm(&n2, &n2, [1, 0, 0, 0, 0, 0, 0, 0], 0x03),
                &pm(&n2, &q, [0, 1, 8, 10, 0, 0, 0, 0], 0x0e),
                &pm(&m, &m, [0, 0, 0, 0, 4, 6, 0, 0], 0x30),
            ],
            &[
                &pm(&n2, &q, [0, 2, 9, 8, 0, 0, 0, 0], 0x0f),
                &pm(&n, &q, [0, 0, 5, 9, 0, 0, 0, 0], 0x0c),
                &pm(&n2, &m, [0, 0, 0, 6, 13, 12, 0, 0], 0x38),
                &pm(&m, &m, [0, 0, 0, 0, 0, 5, 0, 0], 0x20),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// One doubling by the field operations, the formula of the module
    /// doc (`curve/formulas.rs`'s `double_with`).
    fn double(x: &Fp2, y: &Fp2, z: &Fp2) -> (Fp2, Fp2, Fp2) {
        let a = x.square();
        let b = y.square();
        let d = x.mul(&b);
        let e = a.half().add(&a);
        let x3 = e.square().sub(&d.double());
        let y3 = e.mul(&d.sub(&x3)).sub(&b.square());
        (x3, y3, y.mul(z))
    }

    /// Runs of lane doublings against the field operations' on random
    /// coordinates (the formula is a polynomial map: it need not be given
    /// points of the curve; `curve/g2.rs` tests it on points), Z = 0 (the
    /// identity stays the identity), and coordinates all p - 1.
    #[test]
    fn runs_match_the_field_operations() {
        if !avx512_ifma::available_or_skip("runs_match_the_field_operations") {
            return;
        }
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(23);
        let top = Fp2::new(Fp::ONE.neg(), Fp::ONE.neg());
        let mut inputs = vec![(Fp2::ONE, Fp2::ONE, Fp2::ZERO), (top, top, top)];
        for _ in 0..40 {
            inputs.push((Fp2::random(&mut rng), Fp2::random(&mut rng), Fp2::random(&mut rng)));
        }
        inputs.push((Fp2::random(&mut rng), Fp2::random(&mut rng), Fp2::ZERO));
        for (i, (x, y, z)) in inputs.iter().enumerate() {
            for n in [0u32, 1, 2, 3, 9, 32, 63] {
                let mut want = (*x, *y, *z);
                for _ in 0..n {
                    want = double(&want.0, &want.1, &want.2);
                }
                assert_eq!(double_n(x, y, z, n), want, "input {i}, {n} doublings");
            }
        }
    }
}
