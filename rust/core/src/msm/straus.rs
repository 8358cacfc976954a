//! Straus' method (interleaved windowed NAFs) for small multi-scalar
//! multiplications: one chain of doublings shared by every term.
//!
//! Each scalar is split by the curve's endomorphism (`Curve::endo_split`:
//! G1 two 128-bit parts, G2 four 64-bit parts) and each part written in
//! width-5 NAF (odd digits in [-15, 15], on average one nonzero digit in
//! six). Each point gets a table of its odd multiples [1]P, [3]P, ..,
//! [15]P, affine (all the tables of the call normalised by one batched
//! inversion), and the endomorphism images of the table (`endo_images`,
//! a few products per entry). The sum is then a single double-and-add
//! loop over the longest part: per bit one doubling, per nonzero digit one
//! mixed addition of a table entry (negated for a negative digit).
//!
//! Cost for n terms on G1: 128 doublings in all, and per term about 43
//! mixed additions plus the table (one doubling, seven additions, its
//! share of the normalisation); the bucket method instead pays per window
//! a bucket set-up that small inputs do not amortise.

use crate::curve::recoding::wnaf_vartime;
use crate::curve::{Affine, BaseField, Curve, Jacobian};
use crate::field::Fr;

/// Odd multiples per table: [1]P .. [15]P (width-5 NAF digits).
const TABLE: usize = 8;

/// `sum_i scalars[i] points[i]` by Straus' method, variable time. The
/// inputs have the same length (checked by the caller).
pub(crate) fn straus_vartime<C: Curve>(points: &[Affine<C>], scalars: &[Fr]) -> Jacobian<C> {
    let e = C::ENDO_PARTS;
    // The terms that contribute: neither the identity nor a zero scalar.
    let terms: Vec<(&Affine<C>, [u128; 4])> = points
        .iter()
        .zip(scalars)
        .filter(|(p, k)| !bool::from(p.is_identity() | k.is_zero()))
        .map(|(p, k)| (p, C::endo_split(k)))
        .collect();
    if terms.is_empty() {
        return Jacobian::identity();
    }
    // The tables: 2P for every point (normalised together), then the odd
    // multiples by mixed additions of 2P, all normalised together.
    let doubles: Vec<Jacobian<C>> = terms.iter().map(|(p, _)| Jacobian::from(**p).double()).collect();
    let doubles = Jacobian::batch_normalize(&doubles);
    let mut multiples = Vec::with_capacity(terms.len() * TABLE);
    for ((p, _), d) in terms.iter().zip(&doubles) {
        let mut m = Jacobian::from(**p);
        multiples.push(m);
        for _ in 1..TABLE {
            m = if bool::from(d.is_identity()) { m } else { m.add_xy_vartime(&d.x, &d.y) };
            multiples.push(m);
        }
    }
    let multiples = Jacobian::batch_normalize(&multiples);
    // tables[(term * e + part) * TABLE + j] = [2j + 1] P_part.
    let mut tables = vec![Affine::identity(); terms.len() * e * TABLE];
    for (row, dst) in multiples.chunks_exact(TABLE).zip(tables.chunks_exact_mut(e * TABLE)) {
        for (j, m) in row.iter().enumerate() {
            for (part, image) in dst.chunks_exact_mut(TABLE).zip(C::endo_images(m).iter()) {
                part[j] = *image;
            }
        }
    }
    // The NAF digits of every part.
    let mut digits = vec![[0i8; 130]; terms.len() * e];
    let mut len = 0;
    for (rows, (_, parts)) in digits.chunks_exact_mut(e).zip(&terms) {
        for (row, &s) in rows.iter_mut().zip(parts.iter()) {
            len = len.max(wnaf_vartime(s, row));
        }
    }
    let mut acc = Jacobian::identity();
    for i in (0..len).rev() {
        if !bool::from(acc.is_identity()) {
            acc = acc.double();
        }
        for (row, table) in digits.iter().zip(tables.chunks_exact(TABLE)) {
            // Past a part's NAF length its digits are zero.
            let d = row.get(i).copied().unwrap_or(0);
            if d == 0 {
                continue;
            }
            // |d| <= 15 is odd: entry (|d| - 1) / 2 < TABLE (the mask is
            // exact, and spares a bounds check).
            let entry = &table[((d.unsigned_abs() as usize) >> 1) & (TABLE - 1)];
            // An entry is the identity only for a point of small order
            // (inputs outside the subgroup): adding it changes nothing.
            if bool::from(entry.is_identity()) {
                continue;
            }
            let y = if d < 0 { entry.y.neg() } else { entry.y };
            acc = acc.add_xy_vartime(&entry.x, &y);
        }
    }
    acc
}
