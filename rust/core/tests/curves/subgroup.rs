//! Subgroup checks against blst (`blst_p1_affine_in_g1`, `blst_p1_in_g1`,
//! and the G2 equivalents) and against the definition:
//!
//! - random points of the subgroup (must pass), in affine and Jacobian form;
//! - random points of the whole curve, built without cofactor clearing
//!   (random x until x^3 + b is a square), which almost never lie in the
//!   subgroup;
//! - points with a component of each small prime order dividing the
//!   cofactor (T of order q, T + P for P in the subgroup), whose order is
//!   checked with our complete double-and-add;
//! - the identity, the generator and its negation.

use crate::common::*;
use crate::points::*;
use bls12_381_core::curve::{G1Affine, G1Projective, G2Affine, G2Projective};
use num_bigint::BigUint;
use rand::RngCore;

/// h1 * r, the order of E1(Fp).
fn order_e1() -> BigUint {
    BigUint::parse_bytes(b"396c8c005555e1568c00aaab0000aaab", 16).unwrap() * r()
}

/// h2 * r, the order of E2(Fp2).
fn order_e2() -> BigUint {
    BigUint::parse_bytes(
        b"5d543a95414e7f1091d50792876a202cd91de4547085abaa68a205b2e5a7ddfa628f1cb4d9e82ef21537e293a6691ae1616ec6e786f0c70cf1c38e31c7238e5",
        16,
    )
    .unwrap()
        * r()
}

macro_rules! subgroup_tests {
    ($modname:ident, $proj:ty, $aff:ty, $rand:ident, $rand_e:ident, $order:ident,
     $to_aff:ident, $to:ident, $in_aff:ident, $in_proj:ident, $small:expr) => {
        mod $modname {
            use super::*;

            fn blst_says(p: &$aff) -> bool {
                let a = $to_aff(p);
                let j = $to(&p.to_projective());
                let ba = unsafe { blst::$in_aff(&a) };
                let bj = unsafe { blst::$in_proj(&j) };
                assert_eq!(ba, bj);
                ba
            }

            fn ours(p: &$aff, rng: &mut impl RngCore) -> bool {
                let a = bool::from(p.is_torsion_free());
                let j = bool::from(p.to_projective().is_torsion_free());
                // Another Jacobian representative (Z != 1) of the same point.
                let g = <$proj>::generator().double();
                let j2 = bool::from(p.to_projective().add(&g).sub(&g).is_torsion_free());
                let _ = rng.next_u32();
                assert_eq!(a, j);
                assert_eq!(a, j2);
                a
            }

            /// k * p with our complete double-and-add (independent of the code under test).
            fn times(p: &$aff, k: &BigUint) -> $proj {
                p.to_projective().mul_limbs_vartime(&k.to_u64_digits())
            }

            #[test]
            fn subgroup_points_pass() {
                let mut rng = rng(concat!(stringify!($modname), "in"));
                let g = <$proj>::generator();
                let mut p = $rand(&mut rng);
                for _ in 0..N {
                    let a = p.to_affine();
                    assert!(ours(&a, &mut rng), "{:?}", a);
                    assert!(blst_says(&a));
                    p = p.double().add(&g);
                }
            }

            #[test]
            fn curve_points_outside_subgroup() {
                let mut rng = rng(concat!(stringify!($modname), "out"));
                let mut outside = 0;
                for _ in 0..N {
                    let p = $rand_e(&mut rng);
                    assert!(bool::from(p.is_on_curve()));
                    let b = blst_says(&p);
                    assert_eq!(ours(&p, &mut rng), b, "{:?}", p);
                    outside += usize::from(!b);
                }
                assert!(outside > N - 10);
            }

            #[test]
            fn small_order_components() {
                let mut rng = rng(concat!(stringify!($modname), "small"));
                let n = $order();
                let g = <$proj>::generator();
                let mut seen = 0;
                for &q in $small.iter() {
                    let q = big(q);
                    // q^v exactly divides n.
                    let mut qv = q.clone();
                    while is_zero(&(&n % (&qv * &q))) {
                        qv = &qv * &q;
                    }
                    for _ in 0..4 {
                        // [n / q^v] R has order dividing q^v; multiply by q
                        // until the order is q (or 1).
                        let mut t = times(&$rand_e(&mut rng), &(&n / &qv)).to_affine();
                        while !bool::from(times(&t, &q).is_identity()) {
                            t = times(&t, &q).to_affine();
                        }
                        if bool::from(t.is_identity()) {
                            continue;
                        }
                        assert!(bool::from(times(&t, &q).is_identity()), "order of T");
                        seen += 1;
                        assert!(!ours(&t, &mut rng), "T of order {q}");
                        assert!(!blst_says(&t));
                        for p in [g, $rand(&mut rng)] {
                            let pt = p.add(&t.to_projective()).to_affine();
                            assert!(!ours(&pt, &mut rng), "P + T, T of order {q}");
                            assert!(!blst_says(&pt));
                        }
                        // [q]-multiples of a random point: only the other
                        // cofactor components (plus the subgroup part) remain.
                        let e = $rand_e(&mut rng);
                        let m = times(&e, &q).to_affine();
                        assert_eq!(ours(&m, &mut rng), blst_says(&m));
                    }
                }
                assert!(seen >= $small.len());
                // Clearing the whole cofactor lands in the subgroup.
                for _ in 0..20 {
                    let e = $rand_e(&mut rng);
                    let c = times(&e, &(&n / r())).to_affine();
                    assert!(ours(&c, &mut rng));
                    assert!(blst_says(&c));
                }
            }

            #[test]
            fn edge_points() {
                let mut rng = rng(concat!(stringify!($modname), "edge"));
                let id = <$aff>::identity();
                assert!(ours(&id, &mut rng));
                assert!(bool::from(<$proj>::identity().is_torsion_free()));
                let g = <$aff>::generator();
                assert!(ours(&g, &mut rng));
                assert!(ours(&g.neg(), &mut rng));
                assert!(blst_says(&g));
            }
        }
    };
}

subgroup_tests!(
    g1,
    G1Projective,
    G1Affine,
    rand_g1,
    rand_e1,
    order_e1,
    g1_to_blst,
    p1_to_blst,
    blst_p1_affine_in_g1,
    blst_p1_in_g1,
    [3u64, 11, 10177, 859267, 52437899]
);
subgroup_tests!(
    g2,
    G2Projective,
    G2Affine,
    rand_g2,
    rand_e2,
    order_e2,
    g2_to_blst,
    p2_to_blst,
    blst_p2_affine_in_g2,
    blst_p2_in_g2,
    [13u64, 23, 2713, 11953, 262069]
);
