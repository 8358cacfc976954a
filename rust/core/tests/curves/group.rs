//! Group operations against blst: add, mixed add, double, negate, equality,
//! affine conversion and batch normalisation, on random points, the identity,
//! P + P and P - P.

use crate::common::*;
use crate::points::*;
use bls12_381_core::curve::{G1Affine, G1Projective, G2Affine, G2Projective};
use blst::{blst_p1, blst_p1_affine, blst_p2, blst_p2_affine};
use rand::Rng;

/// A random point of the curve, in the subgroup or (almost surely) not:
/// x random until x^3 + b is a square.
fn off_subgroup_point<A: OffSubgroup>(rng: &mut impl Rng) -> A {
    A::random_on_curve(rng)
}

trait OffSubgroup {
    fn random_on_curve(rng: &mut impl Rng) -> Self;
}

impl OffSubgroup for G1Affine {
    fn random_on_curve(rng: &mut impl Rng) -> Self {
        use bls12_381_core::Fp;
        loop {
            let x = Fp::random(&mut *rng);
            let y2 = x.square().mul(&x).add(&Fp::from_u64(4));
            if let Some(y) = Option::<Fp>::from(y2.sqrt()) {
                return Option::from(G1Affine::from_xy_unchecked(x, y)).unwrap();
            }
        }
    }
}

impl OffSubgroup for G2Affine {
    fn random_on_curve(rng: &mut impl Rng) -> Self {
        use bls12_381_core::{Fp, Fp2};
        let b = Fp2::new(Fp::from_u64(4), Fp::from_u64(4));
        loop {
            let x = Fp2::random(&mut *rng);
            let y2 = x.square().mul(&x).add(&b);
            if let Some(y) = Option::<Fp2>::from(y2.sqrt()) {
                return Option::from(G2Affine::from_xy_unchecked(x, y)).unwrap();
            }
        }
    }
}

macro_rules! group_tests {
    ($modname:ident, $proj:ty, $aff:ty, $rand:ident, $rerand:ident, $to:ident, $from:ident,
     $bp:ty, $bpa:ty, $dadd:ident, $dbl:ident, $add_aff:ident, $to_aff:ident) => {
        mod $modname {
            use super::*;

            /// Pairs of random points plus the special cases of addition.
            fn cases(tag: &str) -> Vec<($proj, $proj)> {
                let mut rng = rng(tag);
                let id = <$proj>::identity();
                let g = <$proj>::generator();
                let mut v = vec![(id, id), (g, id), (id, g), (g, g), (g, g.neg())];
                while v.len() < N {
                    let p = $rand(&mut rng);
                    let q = match rng.gen_range(0..8) {
                        0 => p,
                        1 => p.neg(),
                        2 => $rerand(&p, &mut rng),
                        3 => id,
                        _ => $rand(&mut rng),
                    };
                    let p = if rng.gen_bool(0.3) { $rerand(&p, &mut rng) } else { p };
                    v.push((p, q));
                }
                v
            }

            #[test]
            fn add_matches_blst() {
                for (p, q) in cases(concat!(stringify!($modname), "add")) {
                    let want = bcall!($dadd, $bp, &$to(&p), &$to(&q));
                    assert_eq!(p.add(&q), $from(&want), "{:?} + {:?}", p, q);
                    assert_eq!(p.sub(&q.neg()), $from(&want));
                }
            }

            #[test]
            fn mixed_add_matches_blst() {
                for (p, q) in cases(concat!(stringify!($modname), "mixed")) {
                    let qa = q.to_affine();
                    let want = bcall!($add_aff, $bp, &$to(&p), &bcall!($to_aff, $bpa, &$to(&q)));
                    assert_eq!(p.add_affine(&qa), $from(&want), "{:?} + {:?}", p, q);
                }
            }

            /// The affine variable-time sum (and `to_affine_vartime`)
            /// against blst's sum, on the
            /// same cases (doubling, opposite points, the identity), and
            /// on points of the curve outside the subgroup (sums by the
            /// complete projective formula: blst's needs no subgroup
            /// either).
            #[test]
            fn affine_add_vartime_matches_blst() {
                for (p, q) in cases(concat!(stringify!($modname), "affine")) {
                    let (pa, qa) = (p.to_affine(), q.to_affine());
                    assert_eq!(p.to_affine_vartime(), pa);
                    let want = bcall!($dadd, $bp, &$to(&p), &$to(&q));
                    assert_eq!(pa.add_vartime(&qa), $from(&want).to_affine(), "{:?} + {:?}", p, q);
                }
                let mut rng = rng(concat!(stringify!($modname), "affine off"));
                for _ in 0..50 {
                    let p = off_subgroup_point::<$aff>(&mut rng);
                    let q = if rng.gen_bool(0.2) { p } else { off_subgroup_point::<$aff>(&mut rng) };
                    let want = <$proj>::from(p).add(&<$proj>::from(q)).to_affine();
                    assert_eq!(p.add_vartime(&q), want);
                    assert_eq!(p.add_vartime(&p.neg()), <$aff>::identity());
                }
            }

            #[test]
            fn double_matches_blst() {
                let mut rng = rng(concat!(stringify!($modname), "double"));
                assert!(bool::from(<$proj>::identity().double().is_identity()));
                for _ in 0..N {
                    let p = $rand(&mut rng);
                    let p = if rng.gen_bool(0.5) { $rerand(&p, &mut rng) } else { p };
                    let want = bcall!($dbl, $bp, &$to(&p));
                    assert_eq!(p.double(), $from(&want));
                    assert_eq!(p.double(), p.add(&p));
                }
            }

            #[test]
            fn negation_equality_and_affine() {
                let mut rng = rng(concat!(stringify!($modname), "neg"));
                for _ in 0..N / 10 {
                    let p = $rand(&mut rng);
                    let p2 = $rerand(&p, &mut rng);
                    assert_eq!(p, p2);
                    assert_eq!(p.to_affine(), p2.to_affine());
                    assert!(bool::from(p.is_on_curve()) && bool::from(p2.is_on_curve()));
                    assert_ne!(p, p.double());
                    assert_ne!(p, <$proj>::identity());
                    assert!(bool::from(p.add(&p2.neg()).is_identity()));
                    assert_eq!(p.neg().to_affine(), p.to_affine().neg());
                    assert_eq!(<$proj>::from(p.to_affine()), p);
                }
                let id = <$aff>::identity();
                assert!(bool::from(id.is_identity()) && bool::from(id.is_on_curve()));
                assert_eq!(id.neg(), id);
                assert!(bool::from(<$proj>::identity().to_affine().is_identity()));
                assert!(bool::from(<$proj>::from(id).is_identity()));
            }

            #[test]
            fn batch_normalize_matches_to_affine() {
                let mut rng = rng(concat!(stringify!($modname), "batch"));
                for len in [0usize, 1, 2, 7, 64] {
                    let pts: Vec<$proj> = (0..len)
                        .map(|i| if i % 5 == 3 { <$proj>::identity() } else { $rerand(&$rand(&mut rng), &mut rng) })
                        .collect();
                    let aff = <$proj>::batch_normalize(&pts);
                    assert_eq!(aff.len(), len);
                    for (p, a) in pts.iter().zip(&aff) {
                        assert_eq!(p.to_affine(), *a);
                    }
                }
            }
        }
    };
}

group_tests!(
    g1,
    G1Projective,
    G1Affine,
    rand_g1,
    rerandomize_g1,
    p1_to_blst,
    p1_from_blst,
    blst_p1,
    blst_p1_affine,
    blst_p1_add_or_double,
    blst_p1_double,
    blst_p1_add_or_double_affine,
    blst_p1_to_affine
);
group_tests!(
    g2,
    G2Projective,
    G2Affine,
    rand_g2,
    rerandomize_g2,
    p2_to_blst,
    p2_from_blst,
    blst_p2,
    blst_p2_affine,
    blst_p2_add_or_double,
    blst_p2_double,
    blst_p2_add_or_double_affine,
    blst_p2_to_affine
);
