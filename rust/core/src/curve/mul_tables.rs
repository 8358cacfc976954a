//! The tables of the scalar multiplications (`mul_ct.rs`,
//! `mul_vartime.rs`): multiples of the point and their images by the
//! endomorphisms (`glv.rs`), affine, computed without inversions.
//!
//! # Tables without inversions
//!
//! A Jacobian point (X, Y, Z) of y^2 = x^3 + b is the affine point (X, Y) of
//! the isomorphic curve y^2 = x^3 + b Z^6, and the group formulas used here
//! do not involve b. So the multiples of P are computed from the affine
//! (X, Y) with co-Z additions (Meloni; Goundar, Joye, Miyaji), which leave
//! every multiple with one common Z' ([`coz_multiples`]). Those multiples are
//! affine points of the curve scaled by W = Z Z': the main loops work there
//! with mixed additions, and the result (X3, Y3, Z3) is (X3, Y3, Z3 W) on the
//! original curve. The endomorphisms commute with the scaling (sigma) or are
//! brought to it (psi, after scaling to the norm of W, which lies in Fp).
//!
//! The co-Z chain adds P to [k]P for 2 <= k < N (or 2P to the odd
//! multiples below 2N), never equal points since P has order r; its
//! additions need not be complete.

use super::glv::{minus_psi, psi2, sigma};
use super::{Affine, BaseField, G1Affine, G1Projective, G2Affine, G2Projective};
use crate::field::{Fp, Fp2};

/// Multiples of the affine point (x, y) of some curve y^2 = x^3 + b' (b' is
/// never used), all with one common Z, by co-Z additions: for `odd = false`
/// [1]P, [2]P, .., [N]P, for `odd = true` [1]P, [3]P, .., [2N - 1]P. Returns
/// their (X, Y) and the common Z. Needs P of order greater than 2N (no two
/// multiples added are equal or opposite). Constant time.
///
/// `scale`, when given, maps the common Z to a factor s by which every
/// entry is rescaled as well (X s^2, Y s^3: common Z becomes Z s), folded
/// into the rescaling the co-Z chain needs anyway.
fn coz_multiples<F: BaseField, const N: usize>(
    x: &F,
    y: &F,
    odd: bool,
    scale: Option<impl FnOnce(&F) -> F>,
) -> ([(F, F); N], F) {
    // DBLU: 2P and P, both with Z = 2y.
    let b = x.square();
    let e = y.square();
    let l = e.square();
    let s = x.add(&e).square().sub(&b).sub(&l).double();
    let m = b.double().add(&b);
    let x2 = m.square().sub(&s.double());
    let l8 = l.double().double().double();
    let y2 = m.mul(&s.sub(&x2)).sub(&l8);
    let z = y.double();
    let p1 = (s, l8);
    let two = (x2, y2);

    let mut out = [(F::ZERO, F::ZERO); N];
    // stamp[i]: how many co-Z steps had been done when out[i] was last written.
    let mut stamp = [0usize; N];
    let mut lam = [F::ONE; N];
    let (mut fixed, mut run, first) = if odd { (two, p1, 1) } else { (p1, two, 2) };
    out[0] = p1;
    if !odd && N > 1 {
        out[1] = two;
    }
    let mut steps = 0;
    for k in first..N {
        // ZADDU(fixed, run) -> (fixed + run, fixed), both with Z * (X1 - X2).
        let dx = fixed.0.sub(&run.0);
        let c = dx.square();
        let w1 = fixed.0.mul(&c);
        let w2 = run.0.mul(&c);
        let dy = fixed.1.sub(&run.1);
        let a1 = fixed.1.mul(&w1.sub(&w2));
        let x3 = dy.square().sub(&w1).sub(&w2);
        let y3 = dy.mul(&w1.sub(&x3)).sub(&a1);
        lam[steps] = dx;
        steps += 1;
        fixed = (w1, a1);
        run = (x3, y3);
        out[k] = run;
        stamp[k] = steps;
    }
    if !odd {
        // out[0] is the fixed point P, kept current by every step.
        out[0] = fixed;
        stamp[0] = steps;
    }
    // Bring every entry to the final Z: multiply by the product of the
    // factors of the steps after it (suffix products, walked backwards).
    // The common Z after the chain, for `scale` (when it asks for it).
    let extra = scale.map(|f| f(&lam[..steps].iter().fold(z, |a, l| a.mul(l))));
    // suffix[t] = s' lam[t] .. lam[steps-1] (s' the extra factor, else 1),
    // for t <= steps < N: exactly the factor an entry stamped t needs.
    let mut suffix = [F::ONE; N];
    suffix[steps] = extra.unwrap_or(F::ONE);
    for s in (0..steps).rev() {
        suffix[s] = suffix[s + 1].mul(&lam[s]);
    }
    for i in 0..N {
        let t = stamp[i];
        if t == steps && extra.is_none() {
            continue;
        }
        let mu = suffix[t];
        let mu2 = mu.square();
        out[i] = (out[i].0.mul(&mu2), out[i].1.mul(&mu2.mul(&mu)));
    }
    // suffix[0] = s' lam[0] .. lam[steps-1]: the final Z (times s') is 2y suffix[0].
    (out, z.mul(&suffix[0]))
}

/// The tables of `p` for the G1 loops, written to `t` (the caller's slots:
/// returned by value, they were copied): multiples of p and their sigma
/// images, affine on the curve scaled by the returned W.
pub(super) fn g1_tables<const N: usize>(p: &G1Projective, odd: bool, t: &mut [[G1Affine; N]; 2]) -> Fp {
    let (m, zc) = coz_multiples::<Fp, N>(&p.x, &p.y, odd, None::<fn(&Fp) -> Fp>);
    for (i, (x, y)) in m.iter().enumerate() {
        t[0][i] = Affine::from_raw(*x, *y);
        t[1][i] = sigma(&t[0][i]);
    }
    p.z.mul(&zc)
}

/// The tables of `p` for the G2 loops, written to `t` (as `g1_tables`):
/// multiples of p and their images by (-psi)^i, i = 1, 2, 3, affine on the
/// curve scaled by the returned W (in Fp).
pub(super) fn g2_tables<const N: usize>(p: &G2Projective, odd: bool, t: &mut [[G2Affine; N]; 4]) -> Fp {
    // The multiples are affine on the curve scaled by W = Z zc in Fp2; the
    // extra factor conj(W) moves them to the curve scaled by N(W) = W conj(W),
    // in Fp, where psi keeps its form.
    let (m, n) = coz_multiples::<Fp2, N>(&p.x, &p.y, odd, Some(|zc: &Fp2| p.z.mul(zc).conjugate()));
    let n = n.mul(&p.z);
    for (i, (x, y)) in m.iter().enumerate() {
        t[0][i] = Affine::from_raw(*x, *y);
        t[1][i] = minus_psi(&t[0][i]);
        t[2][i] = psi2(&t[0][i]);
        // (-psi)^3 = psi^2 o (-psi): from t1 by two Fp products per entry.
        t[3][i] = psi2(&t[1][i]);
    }
    // n = Z zc conj(Z zc) lies in Fp.
    n.c0
}
