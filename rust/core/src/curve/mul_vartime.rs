//! Scalar multiplication in variable time (public scalars): GLV on G1 and
//! four-dimensional GLS on G2 as in `mul_ct.rs`, with each part in
//! width-5 NAF (`recoding.rs`) over tables of the odd multiples
//! (`mul_tables.rs`), and additions that branch on the exceptional cases.

use super::glv::{split_g1, split_g2};
use super::mul_tables::{g1_tables, g2_tables};
use super::recoding::{wnaf_vartime, WNAF};
use super::{Affine, BaseField, Curve, G1Projective, G2Projective, Jacobian};
use crate::field::Fr;

/// Entries of a variable-time table: [1]P, [3]P, .., [15]P.
const VT_TABLE: usize = 1 << (WNAF - 2);

/// sum_t [s_t] T_t with wNAF digits, `tables[t]` = [1]Q_t, [3]Q_t, ..,
/// [15]Q_t. Variable time.
fn wnaf_mul_vartime<C: Curve, const D: usize>(tables: &[[Affine<C>; VT_TABLE]; D], scalars: &[u128; D]) -> Jacobian<C> {
    let mut digits = [[0i8; 130]; D];
    let mut len = 0;
    for t in 0..D {
        len = len.max(wnaf_vartime(scalars[t], &mut digits[t]));
    }
    let mut acc = Jacobian::identity();
    for i in (0..len).rev() {
        if !bool::from(acc.is_identity()) {
            acc = acc.double();
        }
        for t in 0..D {
            let d = digits[t][i];
            if d != 0 {
                // Entries are never the identity: -e is (x, -y).
                let e = &tables[t][(d.unsigned_abs() as usize) >> 1];
                let y = if d < 0 { e.y.neg() } else { e.y };
                acc = acc.add_xy_vartime(&e.x, &y);
            }
        }
    }
    acc
}

/// `k * p` on G1 in variable time (GLV, width-5 NAF).
pub(crate) fn g1_mul_vartime(p: &G1Projective, k: &Fr) -> G1Projective {
    if bool::from(p.is_identity()) {
        return *p;
    }
    let (a, b) = split_g1(&k.to_limbs());
    let mut tables = [[Affine::identity(); VT_TABLE]; 2];
    let w = g1_tables(p, true, &mut tables);
    let s = [a[0] as u128 | (a[1] as u128) << 64, b[0] as u128 | (b[1] as u128) << 64];
    let acc = wnaf_mul_vartime(&tables, &s);
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul(&w))
}

/// `k * p` on G2 in variable time (4-dimensional GLS, width-5 NAF).
pub(crate) fn g2_mul_vartime(p: &G2Projective, k: &Fr) -> G2Projective {
    if bool::from(p.is_identity()) {
        return *p;
    }
    let c = split_g2(&k.to_limbs());
    let mut tables = [[Affine::identity(); VT_TABLE]; 4];
    let n = g2_tables(p, true, &mut tables);
    let s = [c[0] as u128, c[1] as u128, c[2] as u128, c[3] as u128];
    let acc = wnaf_mul_vartime(&tables, &s);
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul_by_fp(&n))
}
