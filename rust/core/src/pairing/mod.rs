//! The optimal ate pairing e: G1 x G2 -> GT of BLS12-381.
//!
//! - [`miller_loop`] / [`miller_loop_prepared`] / [`miller_loop_mixed`]:
//!   the product of the Miller loops of many pairs, sharing the Fp12
//!   squarings (`miller.rs`), equal to blst's values before the final
//!   exponentiation (the pairing functions below use a cheaper loop whose
//!   value differs from it by a factor in Fp2, see `miller.rs`);
//! - [`final_exponentiation`]: to GT (`final_exp.rs`);
//! - [`pairing`] and [`pairing_check`], the two built on them;
//! - [`Gt`]: the target group (`gt.rs`).
//!
//! A pair with the identity on either side contributes one; the empty
//! product is one.
//!
//! ```
//! use bls12_381_core::{pairing, pairing_check, Fr, G1Projective, G2Affine, G2Projective, Gt};
//! let mut rng = rand::thread_rng();
//! let (a, b) = (Fr::random(&mut rng), Fr::random(&mut rng));
//! let p = G1Projective::generator().mul(&a).to_affine();
//! let q = G2Projective::generator().mul(&b).to_affine();
//! // e(aG1, bG2) = e(G1, G2)^(ab)
//! assert_eq!(pairing(&p, &q), Gt::generator().pow(&a.mul(&b)));
//! // e(aG1, bG2) e(-abG1, G2) = 1
//! let r = G1Projective::generator().mul(&a.mul(&b)).neg().to_affine();
//! assert!(pairing_check(&[(p, q), (r, G2Affine::generator())]));
//! ```

mod final_exp;
pub(crate) mod gt;
mod miller;
pub(crate) mod torus;

pub use final_exp::final_exponentiation;
pub use gt::Gt;
pub(crate) use miller::miller_loop_mixed_up_to_fp2;
pub use miller::{miller_loop, miller_loop_mixed, miller_loop_prepared, G2Prepared};

/// Internal steps of the pairing, exposed for the tuning probes
/// (`bench/examples/pairing_parts.rs`); not part of the API.
#[cfg(feature = "internals")]
pub mod probe {
    use crate::field::{Fp12, Fp2};

    /// One compressed cyclotomic squaring of `(g2, g3, g4, g5)`.
    pub fn compressed_square(g: &[Fp2; 4]) -> [Fp2; 4] {
        super::gt::probe_compressed_square(g)
    }

    /// `f^|z|` for `f` in the cyclotomic subgroup.
    pub fn cyclotomic_pow_z_abs(f: &Fp12) -> Fp12 {
        super::gt::cyclotomic_pow_z_abs(f)
    }

    /// The decompression of three compressed cyclotomic elements (one
    /// batch inversion), as in each `f^|z|`.
    pub fn decompress3(c: &[Fp12; 3]) -> Fp12 {
        super::gt::probe_decompress3(c)
    }

    /// The full cyclotomic squaring.
    pub fn cyclotomic_square(f: &Fp12) -> Fp12 {
        super::gt::cyclotomic_square(f)
    }

    /// The Miller loop of the pairing functions: [`super::miller_loop`]
    /// up to a factor in Fp2 (homogeneous steps), for A/B against it.
    pub fn miller_loop_up_to_fp2(pairs: &[(crate::G1Affine, crate::G2Affine)]) -> Fp12 {
        super::miller::miller_loop_up_to_fp2(pairs)
    }

    /// `n` doubling steps of the Miller loop from `q` (T = 2T and the
    /// tangent evaluated at `p`, multiplied into nothing).
    pub fn doubling_steps(p: &crate::G1Affine, q: &crate::G2Affine, n: usize) -> Fp12 {
        super::miller::probe_doubling_steps(p, q, n)
    }

    /// `n` addition steps from 2q, their lines evaluated at `p`.
    pub fn addition_steps(p: &crate::G1Affine, q: &crate::G2Affine, n: usize) -> Fp12 {
        super::miller::probe_addition_steps(p, q, n)
    }

    /// `f` times `b` read as a product of two lines (its coefficient at
    /// position 3, `b.c1.c0`, taken as zero), for timing against `Fp12::mul`.
    pub fn mul_by_line_product(f: &Fp12, b: &Fp12) -> Fp12 {
        let lp = crate::field::kernels::LineProduct { c0: b.c0.c0, c1: b.c0.c1, c2: b.c0.c2, c4: b.c1.c1, c5: b.c1.c2 };
        let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
        f.mul_by_line_product_to(&lp, &mut out);
        // SAFETY: `mul_by_line_product_to` initialises `out`.
        unsafe { out.assume_init() }
    }

    /// `f g` by one of the two paths `Fp12::mul` chooses between: with
    /// `fused`, the 18 products and one kernel (`fp12_mul_reduce`, the
    /// x86_64 default); otherwise the three Fp6 wide products with their
    /// sums in Rust. Out of line either way, as `Fp12::mul_to`.
    #[inline(never)]
    pub fn fp12_mul_path(f: &Fp12, g: &Fp12, fused: bool) -> Fp12 {
        let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
        if fused {
            f.mul_fused_to(g, &mut out);
        } else {
            f.mul_wide_sums_to(g, &mut out);
        }
        // SAFETY: both initialise `out`.
        unsafe { out.assume_init() }
    }

    /// `f` times two lines `(l0, l1, l4)`, `(m0, m1, m4)` (positions 0, 1,
    /// 4): with `paired`, as the loop does it (their product, then f times
    /// it), otherwise by two sparse products.
    pub fn two_lines(f: &Fp12, l: [&crate::Fp2; 3], m: [&crate::Fp2; 3], paired: bool) -> Fp12 {
        if paired {
            let mut lp = core::mem::MaybeUninit::uninit();
            Fp12::line_product(l, m, &mut lp);
            // SAFETY: `line_product` initialises `lp`.
            let lp = unsafe { lp.assume_init() };
            let mut out = core::mem::MaybeUninit::<Fp12>::uninit();
            f.mul_by_line_product_to(&lp, &mut out);
            // SAFETY: `mul_by_line_product_to` initialises `out`.
            unsafe { out.assume_init() }
        } else {
            f.mul_by_014(l[0], l[1], l[2]).mul_by_014(m[0], m[1], m[2])
        }
    }

    /// The Miller loop of the pairs with every line multiplied into f on
    /// its own (the loop before the products of two lines), for A/B.
    /// With `grouped`, a step's doubling lines are all computed first.
    pub fn miller_loop_single_lines(pairs: &[(crate::G1Affine, crate::G2Affine)], grouped: bool) -> Fp12 {
        super::miller::probe_miller_loop_single_lines(pairs, grouped)
    }

    /// `f` times `n` lines (of the doubling steps from `q`), each evaluated
    /// at `p`: doubling steps plus sparse products.
    pub fn line_products(f: &Fp12, p: &crate::G1Affine, q: &crate::G2Affine, n: usize) -> Fp12 {
        super::miller::probe_line_products(f, p, q, n)
    }
}

use crate::curve::{G1Affine, G2Affine};
use crate::field::Fp12;
use crate::Error;

/// e(p, q). Constant time in the points, but for two degenerate cases
/// whose branches are public by design (and allowlisted in the
/// constant-time check, `ct/`): whether p or q is the identity (the pair is
/// then skipped: it contributes one), and the final exponentiation's
/// fallback when a compressed power has g2 = 0 (see
/// [`final_exponentiation`]).
///
/// The points are meant to be in G1 and G2, as every checked decoder
/// ensures. A point outside its subgroup (only the unchecked decoders make
/// one) gives an unspecified value, and one of small order can make the
/// Miller loop vanish: a point T = \[k\]q of the loop reaches the identity
/// and every later line is zero. Then there is no final exponentiation,
/// and the value returned is the zero of Fp12, which equals no element of
/// GT (so no pairing equation holds with it: it is not the identity, and
/// not equal to any genuine pairing value). [`try_pairing`] reports that
/// case as an error instead.
pub fn pairing(p: &G1Affine, q: &G2Affine) -> Gt {
    final_exponentiation(&miller::miller_loop_up_to_fp2(&[(*p, *q)])).unwrap_or(Gt(Fp12::ZERO))
}

/// e(p, q), or [`Error::NotInSubgroup`] when the Miller loop vanishes,
/// which proves that a point is outside its subgroup (for p in G1 and q in
/// G2 the loop's value is a product of lines with a nonzero w^3
/// coefficient yp, or one, and is never zero). Constant time in the points
/// except for that final outcome.
pub fn try_pairing(p: &G1Affine, q: &G2Affine) -> Result<Gt, Error> {
    Option::<Gt>::from(final_exponentiation(&miller::miller_loop_up_to_fp2(&[(*p, *q)]))).ok_or(Error::NotInSubgroup)
}

/// [`pairing_check`] that also checks every q_i for membership of G2, at
/// almost no cost: the Miller loop's point T ends at [|z|]q, and q is in G2
/// iff psi(q) = \[z\]q = -\[|z|\]q (Scott's test, `curve/subgroup.rs`).
/// [`Error::NotInSubgroup`] if some q_i is not in G2. The p_i are NOT
/// checked (the caller checks G1, e.g. `msm::batch_is_torsion_free`).
/// Public points: variable time.
///
/// Why the loop's T may stand for [|z|]q: T starts at q and each step is
/// T = 2T or T = T + q. For q in G2 every partial multiple \[k\]q, 1 < k <
/// |z| < r, differs from +-q and from O, so every step is the group law
/// and T ends at [|z|]q; the test then answers as Scott's does. For q not
/// in G2, either the steps are all the group law (T = [|z|]q, and the test
/// rejects q, by Scott's theorem), or some addition meets T = +-q (its
/// lambda = X - xq Z is zero, so its Z3 = Z lambda^3 is zero), or a step
/// starts from Z = 0; a doubling's Z3 and an addition's Z3 are multiples
/// of Z, so Z stays zero to the end, and a final T with Z = 0 is the
/// identity, never -psi(q) for q != O: rejected. q = O (and a pair with p
/// = O, which the loop skips) is checked directly.
pub fn pairing_check_g2_checked_vartime(pairs: &[(G1Affine, G2Affine)]) -> Result<bool, Error> {
    for (p, q) in pairs {
        if bool::from(p.is_identity()) && !bool::from(crate::curve::G2Projective::from(*q).is_torsion_free()) {
            return Err(Error::NotInSubgroup);
        }
    }
    let (f, ts) = miller::miller_loop_with_t(pairs);
    for (q, t) in &ts {
        if !bool::from(crate::curve::subgroup::g2_matches_psi(&crate::curve::G2Projective::from(*q), t)) {
            return Err(Error::NotInSubgroup);
        }
    }
    let g: Option<Gt> = final_exponentiation(&f).into();
    Ok(g.is_some_and(|g| bool::from(g.is_identity())))
}

/// Whether the product of e(p_i, q_i) over the pairs is the identity of
/// GT (one Miller loop over all pairs, one final exponentiation). The
/// points are public: variable time in them.
pub fn pairing_check(pairs: &[(G1Affine, G2Affine)]) -> bool {
    let g: Option<Gt> = final_exponentiation(&miller::miller_loop_up_to_fp2(pairs)).into();
    g.is_some_and(|g| bool::from(g.is_identity()))
}
