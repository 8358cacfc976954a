//! The Frobenius map of the extensions of Fp (a -> a^p, of order the degree).

use super::*;

/// Against blst (whose map takes k = 1, 2, 3; other powers by composing
/// them) on the edges and `N` random values; every power from 0 past twice
/// the order (and to 13 at least) on a few, as powers of the first, with
/// `frobenius_map(1)^ORDER` the identity and powers composing; `a^(p^k)`
/// by the `pow` reference.
pub fn frobenius_map<F: Frobenius>() {
    let mut rng = rng(&tag::<F>("frobenius"));
    let order = F::ORDER;
    for (i, a) in singles(&F::edges(), N, &mut rng, F::sample).iter().enumerate() {
        for k in [1, 2, 3, i % (2 * order) + 4] {
            check(&tag::<F>("frobenius_map"), (a, k), a.frobenius_map(k), a.blst_frobenius(k));
        }
    }
    let edges = F::edges();
    for a in singles(&edges[..6], 30, &mut rng, F::sample) {
        let mut x = a;
        for k in 0..=(2 * order + 1).max(13) {
            check(&tag::<F>("frobenius_map (all k)"), (a, k), a.frobenius_map(k), a.blst_frobenius(k));
            check(&tag::<F>("frobenius_map(1)^k"), (a, k), a.frobenius_map(k), x);
            x = x.frobenius_map(1);
        }
        let y = (0..order).fold(a, |y, _| y.frobenius_map(1));
        check(&tag::<F>("frobenius_map(1)^order = id"), a, y, a);
        check(&tag::<F>("frobenius_map(2) o (3)"), a, a.frobenius_map(2).frobenius_map(3), a.frobenius_map(5));
    }
    for k in 1..order {
        let e = p_pow_limbs(k as u32);
        for a in singles(&edges[..4], 100 / order, &mut rng, F::sample) {
            check(&tag::<F>("frobenius_map = a^(p^k)"), (a, k), a.frobenius_map(k), a.pow_reference(&e));
        }
    }
}
