//! Scalar multiplication in constant time: GLV on G1 (two 128-bit parts),
//! four-dimensional GLS on G2 (four 64-bit parts), on the splits of
//! `glv.rs` and the tables of `mul_tables.rs`.
//!
//! # Constant-time loop and the incomplete additions
//!
//! Each part scalar is recoded in signed 5-bit windows (Booth,
//! `recoding.rs`: digits in [-16, 16]); every window doubles five times
//! and adds one entry of each table, read by a scan over all 16 entries
//! and negated by selection. The additions of all windows but the last
//! use the incomplete mixed addition, which is wrong only when the two
//! points are equal (the doubling case); the identity on either side is
//! handled by selection. That case cannot occur there: write the
//! accumulator as sum X_i m^i P (m^i the eigenvalue of table i: 1, L for
//! G1; |z|^i for G2) and the entry as d m^t P. Booth partial values are
//! roundings of the part scalars, so before the last window every X_i
//! is >= 0 and at most 2^123 + 32 (G1; parts < 2^128, at least five bits
//! shifted out) or 2^59 + 32 (G2; parts < 2^64). Equality means
//! S = sum X_i m^i - d m^t = 0 mod r; but |S| < r (G1: 2^124 (1 + L) <
//! 2^252; G2: 2^60 (1 + |z| + |z|^2 + |z|^3) < 2^252) so S = 0, and
//! since the largest nonzero term dominates the rest (m > 2^124 + 16,
//! resp. |z| > 2^61), every coefficient is 0: the accumulator and the
//! entry are both the identity, which the selections handle. The last
//! window, where the partial values reach the full scalars, uses the
//! complete mixed addition. The co-Z table chain adds P to [k]P for
//! 2 <= k < 16, never equal points since P has order r (`mul_tables.rs`).

use super::glv::{split_g1, split_g2};
use super::mul_tables::{g1_tables, g2_tables};
use super::recoding::booth_ct;
use super::{Affine, BaseField, Curve, G1Projective, G2Projective, Jacobian};
use crate::field::Fr;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// Window width of the constant-time recoding.
const W: u32 = 5;
/// Entries per constant-time table: [1]P .. [16]P.
const CT_TABLE: usize = 1 << (W - 1);
/// Windows covering a 128-bit part (Booth needs one bit more: 26 * 5 >= 129).
const G1_WINDOWS: u32 = 26;
/// Windows covering a 64-bit part (13 * 5 >= 65).
const G2_WINDOWS: u32 = 13;

/// Reads entry `idx` (1-based; 0 gives the identity (0, 0)) of `table` by
/// scanning every entry: constant time in `idx`. At most one entry
/// matches, so the scan ORs the masked entries into the all-zero identity.
#[inline]
fn lookup<C: Curve, const N: usize>(table: &[Affine<C>; N], idx: u32) -> Affine<C> {
    let mut r = Affine::identity();
    for (i, e) in table.iter().enumerate() {
        r.or_assign_if(e, (i as u32 + 1).ct_eq(&idx));
    }
    r
}

/// `acc + p` (`Jacobian::add_affine_incomplete`), constant time, for
/// acc != p; the identity on either side (acc with Z = 0, p = (0, 0)) is
/// handled by selection, and acc = -p gives Z = 0.
#[inline(always)]
fn madd_incomplete<C: Curve>(acc: &Jacobian<C>, p: &Affine<C>, p_is_id: Choice) -> Jacobian<C> {
    let (sum, _, _) = acc.add_affine_incomplete(&p.x, &p.y);
    let sum = Jacobian::conditional_select(&sum, &Jacobian::from_raw(p.x, p.y, C::Base::ONE), acc.is_identity());
    Jacobian::conditional_select(&sum, acc, p_is_id)
}

/// sum_t [s_t] T_t, where `tables[t]` holds [1]Q_t .. [16]Q_t (affine, one
/// curve) and each s_t < 2^(5 windows - 1). Constant time (see the module
/// comment for why the incomplete additions are safe).
fn booth_mul_ct<C: Curve, const D: usize>(
    tables: &[[Affine<C>; CT_TABLE]; D],
    scalars: &[u128; D],
    windows: u32,
) -> Jacobian<C> {
    let mut acc = Jacobian::identity();
    for w in (0..windows).rev() {
        if w != windows - 1 {
            for _ in 0..W {
                acc = acc.double();
            }
        }
        for t in (0..D).rev() {
            let (abs, neg) = booth_ct(scalars[t], W * w, W);
            let mut e = lookup(&tables[t], abs);
            e.y = C::Base::conditional_select(&e.y, &e.y.neg(), neg);
            if w == windows - 1 && t == D - 1 {
                acc = Jacobian::from(e);
            } else if w == 0 {
                acc = acc.add_affine(&e);
            } else {
                acc = madd_incomplete(&acc, &e, abs.ct_eq(&0));
            }
        }
    }
    acc
}

/// `k * p` on G1, constant time (GLV, signed 5-bit windows).
pub(crate) fn g1_mul(p: &G1Projective, k: &Fr) -> G1Projective {
    let (a, b) = split_g1(&k.to_limbs());
    let mut tables = [[Affine::identity(); CT_TABLE]; 2];
    let w = g1_tables(p, false, &mut tables);
    let s = [a[0] as u128 | (a[1] as u128) << 64, b[0] as u128 | (b[1] as u128) << 64];
    let acc = booth_mul_ct(&tables, &s, G1_WINDOWS);
    // A point with Z = 0 (the identity) gives W = 0, hence the identity.
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul(&w))
}

/// `k * p` on G2, constant time (4-dimensional GLS, signed 5-bit windows).
pub(crate) fn g2_mul(p: &G2Projective, k: &Fr) -> G2Projective {
    let c = split_g2(&k.to_limbs());
    let mut tables = [[Affine::identity(); CT_TABLE]; 4];
    let n = g2_tables(p, false, &mut tables);
    let s = c.map(u128::from);
    let acc = booth_mul_ct(&tables, &s, G2_WINDOWS);
    Jacobian::from_raw(acc.x, acc.y, acc.z.mul_by_fp(&n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exceptional cases of the mixed additions: equal points (the
    /// vartime one doubles), opposite points, the identity on either side.
    fn mixed_additions_exceptional_cases<C: Curve>() {
        let g = Jacobian::<C>::generator();
        let q = g.double().add(&g); // Z != 1
        let (qa, ga) = (q.to_affine(), g.to_affine());
        let id = Jacobian::<C>::identity();
        let no = Choice::from(0);
        assert_eq!(q.add_xy_vartime(&qa.x, &qa.y), q.double());
        assert!(bool::from(q.add_xy_vartime(&qa.x, &qa.y.neg()).is_identity()));
        assert_eq!(id.add_xy_vartime(&qa.x, &qa.y), q);
        assert_eq!(q.add_xy_vartime(&ga.x, &ga.y), q.add(&g));
        assert!(bool::from(madd_incomplete(&q, &qa.neg(), no).is_identity()));
        assert_eq!(madd_incomplete(&id, &qa, no), q);
        assert_eq!(madd_incomplete(&q, &Affine::identity(), Choice::from(1)), q);
        assert_eq!(madd_incomplete(&q, &ga, no), q.add(&g));
        // Equal points: flagged by H = R = 0 (the sum itself is wrong).
        let (_, h, r) = q.add_affine_incomplete(&qa.x, &qa.y);
        assert!(bool::from(h.is_zero() & r.is_zero()));
    }

    #[test]
    fn mixed_additions_exceptional_cases_g1_g2() {
        mixed_additions_exceptional_cases::<super::super::G1>();
        mixed_additions_exceptional_cases::<super::super::G2>();
    }
}
