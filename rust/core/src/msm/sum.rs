//! The sum of many points (`add_bulk`): a pairwise tree of affine
//! additions with batched inversions.
//!
//! A level adds the points two by two; all its additions are independent,
//! so they share inversions (Montgomery's trick, [`Batch`]: about 5M + 1S
//! per chord addition plus one inversion per chunk of [`CHUNK`] additions)
//! and halve the number of points. Jacobian inputs are first made affine
//! with one inversion for all (about 6M a point), which still leaves the
//! whole sum cheaper than a chain of Jacobian additions (11M + 5S each)
//! once there are more than a few points; below [`TREE_MIN`] points, and
//! for the last few of a tree, plain Jacobian additions.
//!
//! Variable time (public inputs): the branches follow which additions are
//! doublings or cancel.

use super::batch_affine::Batch;
use crate::curve::{Affine, BaseField, Curve, Jacobian};

/// Below this many (non-identity) points, a chain of Jacobian additions.
const TREE_MIN: usize = 16;

/// Additions sharing one inversion: enough to make the inversion's share
/// small, few enough for the batch's products to stay in the L1/L2 cache.
const CHUNK: usize = 512;

/// `sum points`, variable time. The empty sum is the identity.
pub fn sum_vartime<C: Curve>(points: &[Jacobian<C>]) -> Jacobian<C> {
    if points.len() < TREE_MIN {
        return points.iter().fold(Jacobian::identity(), |acc, p| acc.add(p));
    }
    tree(normalize_vartime(points))
}

/// `sum points` for affine points, variable time. The empty sum is the
/// identity.
pub fn sum_affine_vartime<C: Curve>(points: &[Affine<C>]) -> Jacobian<C> {
    let xy: Vec<(C::Base, C::Base)> =
        points.iter().filter(|p| !bool::from(p.is_identity())).map(|p| (p.x, p.y)).collect();
    tree(xy)
}

/// The affine coordinates of the points that are not the identity, with
/// one (variable-time) inversion.
fn normalize_vartime<C: Curve>(points: &[Jacobian<C>]) -> Vec<(C::Base, C::Base)> {
    let live: Vec<&Jacobian<C>> = points.iter().filter(|p| !bool::from(p.z.is_zero())).collect();
    let mut prefix = Vec::with_capacity(live.len());
    let mut acc = C::Base::ONE;
    for p in &live {
        prefix.push(acc);
        acc = acc.mul(&p.z);
    }
    // A product of nonzero elements: invertible.
    let mut inv = acc.invert_vartime().unwrap_or(C::Base::ZERO);
    let mut out = vec![(C::Base::ZERO, C::Base::ZERO); live.len()];
    // Backwards: inv is then the inverse of the Z product up to point i.
    for ((o, p), pre) in out.iter_mut().zip(&live).zip(&prefix).rev() {
        let zinv = inv.mul(pre);
        inv = inv.mul(&p.z);
        let zinv2 = zinv.square();
        *o = (p.x.mul(&zinv2), p.y.mul(&zinv2).mul(&zinv));
    }
    out
}

/// The sum of affine points none of which is the identity.
fn tree<C: Curve>(mut cur: Vec<(C::Base, C::Base)>) -> Jacobian<C> {
    let mut batch = Batch::new(CHUNK);
    let mut next = Vec::with_capacity(cur.len() / 2 + 1);
    while cur.len() >= TREE_MIN {
        next.clear();
        for chunk in cur.chunks(2 * CHUNK) {
            batch.clear();
            let pairs = chunk.chunks_exact(2);
            let odd = pairs.remainder().first().copied();
            for pair in pairs.clone() {
                if let [(x1, y1), (x2, y2)] = pair {
                    batch.push(x1, y1, x2, || *y2);
                }
            }
            batch.invert();
            // Popped in the reverse order of the pushes, as Batch asks.
            for pair in pairs.rev() {
                if let [(x1, y1), (x2, y2)] = pair {
                    if let Some(s) = batch.pop(x1, y1, x2, y2, false) {
                        next.push(s);
                    }
                }
            }
            next.extend(odd);
        }
        core::mem::swap(&mut cur, &mut next);
    }
    cur.iter().fold(Jacobian::identity(), |acc, (x, y)| acc.add_affine(&Affine::from_raw(*x, *y)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::{G1, G2};
    use rand::SeedableRng;

    fn check<C: Curve>(n: usize, rng: &mut rand_chacha::ChaCha20Rng) {
        let mut pts: Vec<Jacobian<C>> = (0..n).map(|_| Jacobian::<C>::random(&mut *rng)).collect();
        // Identities, repeats (doublings in the tree) and opposites
        // (cancellations) among the inputs.
        if n > 6 {
            pts[1] = Jacobian::identity();
            pts[3] = pts[2];
            pts[5] = pts[4].neg();
            pts[n - 1] = pts[0].double();
        }
        let naive = pts.iter().fold(Jacobian::identity(), |acc, p| acc.add(p));
        assert_eq!(sum_vartime(&pts), naive, "{} n = {n}", C::NAME);
        let aff = Jacobian::batch_normalize(&pts);
        assert_eq!(sum_affine_vartime(&aff), naive, "{} affine n = {n}", C::NAME);
    }

    #[test]
    fn matches_the_chain_of_additions() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(19);
        for n in [0, 1, 2, 15, 16, 17, 33, 100, 1025, 2 * CHUNK + 3] {
            check::<G1>(n, &mut rng);
        }
        for n in [0, 1, 16, 17, 70] {
            check::<G2>(n, &mut rng);
        }
    }

    #[test]
    fn all_equal_and_all_cancelling() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(20);
        let p = Jacobian::<G1>::random(&mut rng);
        // 64 copies: every level is doublings; the sum is 64 p.
        let same = vec![p; 64];
        assert_eq!(sum_vartime(&same), (0..6).fold(p, |a, _| a.double()));
        // p, -p, p, -p, ...: every first-level pair cancels.
        let alt: Vec<_> = (0..64).map(|i| if i % 2 == 0 { p } else { p.neg() }).collect();
        assert!(bool::from(sum_vartime(&alt).is_identity()));
        assert!(bool::from(sum_vartime::<G1>(&[]).is_identity()));
        assert!(bool::from(sum_vartime(&[Jacobian::<G1>::identity(); 40]).is_identity()));
    }
}
