//! The final exponentiation f -> f^(3 (p^12 - 1) / r), which sends the
//! Miller loop's value to GT.
//!
//! (p^12 - 1) / r = (p^6 - 1)(p^2 + 1) * Phi12(p) / r with
//! Phi12(p) = p^4 - p^2 + 1.
//! - Easy part, f^((p^6 - 1)(p^2 + 1)): conj(f) / f, then g^(p^2) g. One
//!   inversion; the result is in the cyclotomic subgroup, where inverses are
//!   conjugates and squarings are cyclotomic.
//! - Hard part, with the decomposition of Hayashida, Hayasaka and Teruya
//!   (eprint 2020/875): 3 Phi12(p) / r = (z - 1)^2 (z + p)(z^2 + p^2 - 1) + 3.
//!   Five exponentiations by z and a few products and Frobenius maps.
//!
//! The factor 3 (coprime to r) gives the value the ecosystem agrees on:
//! e(G1, G2) of zkcrypto, blst, RELIC and ocaml-bls12-381
//! (vectors/e_g1_g2.json).

use super::gt::{cyclotomic_pow_z, cyclotomic_square, Gt};
use crate::field::Fp12;
use subtle::CtOption;

/// `f^((p^6 - 1)(p^2 + 1))`; none for zero. Constant time.
fn easy_part(f: &Fp12) -> CtOption<Fp12> {
    f.invert().map(|inv| {
        let g = f.conjugate().mul(&inv);
        g.frobenius_map(2).mul(&g)
    })
}

/// `g^(3 Phi12(p) / r)` for `g` in the cyclotomic subgroup.
fn hard_part(g: &Fp12) -> Fp12 {
    // t = g^((z - 1)^2)
    let t = cyclotomic_pow_z(g).mul(&g.conjugate());
    let t = cyclotomic_pow_z(&t).mul(&t.conjugate());
    // t = t^(z + p)
    let t = cyclotomic_pow_z(&t).mul(&t.frobenius_map(1));
    // t = t^(z^2 + p^2 - 1)
    let t2 = cyclotomic_pow_z(&cyclotomic_pow_z(&t));
    let t = t2.mul(&t.frobenius_map(2)).mul(&t.conjugate());
    // times g^3
    t.mul(&cyclotomic_square(g)).mul(g)
}

/// The final exponentiation of a Miller loop value: `f^(3 (p^12 - 1) / r)`,
/// an element of GT; none only for `f = 0` (which has no inverse).
/// Constant time, with one public exception: each `f^|z|` keeps its
/// powers f^(2^i) in Karabina's compressed form, which cannot be
/// decompressed when g2 = 0; that case (the identity of GT, or elements
/// found by solving for it, never met by chance) branches to full
/// squarings, so its time differs.
pub fn final_exponentiation(f: &Fp12) -> CtOption<Gt> {
    meter!(FinalExp);
    easy_part(f).map(|g| Gt(hard_part(&g)))
}
