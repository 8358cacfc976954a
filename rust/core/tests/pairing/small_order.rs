//! Points of small order: E(Fp) has order h1 r and E'(Fp2) has
//! order h2 r, so there are points whose order divides the cofactors. The
//! checked decoders refuse them (NotInSubgroup); the unchecked ones let them
//! through, and every operation must then give an answer or a typed error,
//! never a panic. The point of order 13 below makes the Miller loop vanish
//! (T = [13]Q = O after the first 13 steps of |z|, every later line zero),
//! so the final exponentiation has no value: `pairing` must not unwrap it
//! (with the release profile's `panic = "abort"`, a crash of the caller's
//! process).
//!
//! The points are made with blst (an independent implementation): a random
//! point of E(Fp) (or E'(Fp2)) times n / d, for n the group order and d a
//! prime power dividing the cofactor, kept when its order is exactly d
//! (checked with blst: [d]Q = O, [d / l]Q != O). The cofactors' factors:
//! h1 = 3 * 11^2 * 10177^2 * 859267^2 * 52437899^2 and
//! h2 = 13^2 * 23^2 * 2713 * 11953 * 262069 * q448 (q448 a 448-bit prime,
//! whose points are of large order but outside G2 all the same); the
//! factorisations are checked here (their product is the cofactor).

use crate::common::*;
use crate::points::*;
use bls12_381_core::curve::{G1Affine, G1Projective, G2Affine, G2Projective};
use bls12_381_core::{
    final_exponentiation, miller_loop, miller_loop_prepared, msm, pairing, pairing_check,
    pairing_check_g2_checked_vartime, try_pairing, Error, Fp12, Fr, G2Prepared, Gt,
};
use blst::{blst_p1, blst_p2};
use num_bigint::BigUint;

/// The compressed G2 point of order 13 whose Miller loop vanishes.
const G2_ORDER_13: &str = "a39bfcf7739ddda85050abad47896d69f0edb0b26e55bfd7d1be52cdd9633114806491ce571e31a94fb5138b0e89e5d30adf181d822ba0f0912dfb1b62c1eaacdd4b14d62bc7e8fcdb5b0b5da2ac77f281db59553f3068f957c0374531edc1e4";

fn big(hex: &str) -> BigUint {
    BigUint::parse_bytes(hex.as_bytes(), 16).unwrap()
}

fn h1() -> BigUint {
    big("396c8c005555e1568c00aaab0000aaab")
}

fn h2() -> BigUint {
    big("5d543a95414e7f1091d50792876a202cd91de4547085abaa68a205b2e5a7ddfa628f1cb4d9e82ef21537e293a6691ae1616ec6e786f0c70cf1c38e31c7238e5")
}

/// (prime, exponent) of the cofactors, the large prime of h2 computed as
/// the quotient (and the product checked).
fn factors(h: &BigUint, small: &[(u64, u32)]) -> Vec<(BigUint, u32)> {
    let mut rest = h.clone();
    let mut out = Vec::new();
    for &(l, e) in small {
        let l = BigUint::from(l);
        for _ in 0..e {
            assert!((&rest % &l) == BigUint::from(0u32), "{l} does not divide the cofactor {e} times");
            rest /= &l;
        }
        assert!((&rest % &l) != BigUint::from(0u32), "{l} divides the cofactor more than {e} times");
        out.push((l, e));
    }
    if rest != BigUint::from(1u32) {
        // q448 of h2: check it is a probable prime (Fermat, bases 2, 3, 5).
        for b in [2u32, 3, 5] {
            let b = BigUint::from(b);
            assert!(b.modpow(&(&rest - 1u32), &rest) == BigUint::from(1u32), "the cofactor's last factor is not prime");
        }
        out.push((rest, 1));
    }
    out
}

fn le(k: &BigUint) -> (Vec<u8>, usize) {
    (k.to_bytes_le(), k.bits() as usize)
}

fn b1_mult(p: &blst_p1, k: &BigUint) -> blst_p1 {
    let (bytes, bits) = le(k);
    bcall!(blst_p1_mult, blst_p1, p, bytes.as_ptr(), bits)
}

fn b2_mult(p: &blst_p2, k: &BigUint) -> blst_p2 {
    let (bytes, bits) = le(k);
    bcall!(blst_p2_mult, blst_p2, p, bytes.as_ptr(), bits)
}

fn b1_inf(p: &blst_p1) -> bool {
    unsafe { blst::blst_p1_is_inf(p) }
}

fn b2_inf(p: &blst_p2) -> bool {
    unsafe { blst::blst_p2_is_inf(p) }
}

/// Points of order l, l^2, .., l^k for the largest k the group shows in a
/// few tries (l^e exactly divides the group order n; the l-part may be
/// Z/l^e or, as for most primes of h1, Z/l x Z/l: then k = 1): the
/// l-part [n / l^e]P of random points P, and its multiples.
fn l_part<P: Copy>(
    l: &BigUint,
    e: u32,
    n: &BigUint,
    mut random: impl FnMut() -> P,
    mult: fn(&P, &BigUint) -> P,
    inf: fn(&P) -> bool,
) -> Vec<(P, BigUint)> {
    let mut best: Option<(P, u32)> = None;
    for _ in 0..8 {
        let q = mult(&random(), &(n / l.pow(e)));
        // The order of q is l^k.
        let k = (0..=e).find(|&k| inf(&mult(&q, &l.pow(k)))).expect("[n / l^e]P has order dividing l^e");
        let higher = match best {
            None => true,
            Some((_, b)) => k > b,
        };
        if higher {
            best = Some((q, k));
        }
        if k == e {
            break;
        }
    }
    let (q, k) = best.unwrap();
    assert!(k >= 1, "no point of order {l} found");
    (1..=k).map(|j| (mult(&q, &l.pow(k - j)), l.pow(j))).collect()
}

/// Points of each order d = l^j (l^e exactly dividing the cofactor h,
/// 1 <= j <= e) that the curve has, plus a point whose order divides h (the
/// r-multiple of a random point), with their order; as blst points.
fn small_order<P: Copy>(
    h: &BigUint,
    primes: &[(u64, u32)],
    mut random: impl FnMut() -> P,
    mult: fn(&P, &BigUint) -> P,
    inf: fn(&P) -> bool,
) -> Vec<(P, BigUint)> {
    let n = h * r();
    let mut out = Vec::new();
    for (l, e) in factors(h, primes) {
        out.extend(l_part(&l, e, &n, &mut random, mult, inf));
    }
    // A point whose order is the whole cofactor (or most of it).
    let q = mult(&random(), r());
    assert!(inf(&mult(&q, h)));
    out.push((q, h.clone()));
    out
}

/// [`small_order`] on one curve, as our affine points; at least `$min`
/// of them (every prime of the cofactor is found, with j = 1 at least).
macro_rules! small_order_on {
    ($name:ident, $tag:literal, $aff:ident, $h:ident, $primes:expr, $min:literal, $rand:ident, $to:ident, $from:ident, $mult:ident, $inf:ident) => {
        fn $name() -> Vec<($aff, BigUint)> {
            let mut rng = rng($tag);
            let random = || $to(&$rand(&mut rng).to_projective());
            let out = small_order(&$h(), &$primes, random, $mult, $inf);
            assert!(out.len() >= $min, "{} {} points", $tag, out.len());
            out.into_iter().map(|(q, d)| ($from(&q).to_affine(), d)).collect()
        }
    };
}

small_order_on!(
    small_order_g1,
    "small order g1",
    G1Affine,
    h1,
    [(3, 1), (11, 2), (10177, 2), (859267, 2), (52437899, 2)],
    6,
    rand_e1,
    p1_to_blst,
    p1_from_blst,
    b1_mult,
    b1_inf
);
small_order_on!(
    small_order_g2,
    "small order g2",
    G2Affine,
    h2,
    [(13, 2), (23, 2), (2713, 1), (11953, 1), (262069, 1)],
    7,
    rand_e2,
    p2_to_blst,
    p2_from_blst,
    b2_mult,
    b2_inf
);

/// Every pairing entry point on (p, q), one of them outside its subgroup:
/// no panic; the Miller loop vanishes exactly when `try_pairing` says
/// NotInSubgroup; otherwise all entry points agree.
fn all_pairings(p: &G1Affine, q: &G2Affine, what: &str) -> bool {
    let f = miller_loop(&[(*p, *q)]);
    let prepared = G2Prepared::new(q);
    assert_eq!(miller_loop_prepared(&[(*p, &prepared)]), f, "{what}: prepared Miller loop");
    // blst's value, also off the subgroups (zero where the loop vanishes).
    let blst_f = bcall!(blst_miller_loop, blst::blst_fp12, &g2_to_blst(q), &g1_to_blst(p));
    assert_eq!(f, fp12_from_blst(&blst_f), "{what}: Miller loop against blst's");
    let fe: Option<Gt> = final_exponentiation(&f).into();
    let vanished = f == Fp12::ZERO;
    assert_eq!(fe.is_none(), vanished, "{what}: final exponentiation");
    let e = pairing(p, q);
    match try_pairing(p, q) {
        Err(err) => {
            assert!(vanished, "{what}: try_pairing failed on a nonzero Miller loop");
            assert_eq!(err, Error::NotInSubgroup, "{what}");
            // The value `pairing` gives then equals no element of GT.
            assert!(!bool::from(e.is_identity()), "{what}: a vanished loop read as the identity");
            assert_ne!(e, Gt::generator(), "{what}");
        }
        Ok(g) => {
            assert!(!vanished, "{what}");
            assert_eq!(g, e, "{what}: try_pairing and pairing");
            assert_eq!(Some(g), fe, "{what}: pairing and the final exponentiation of the loop");
        }
    }
    // A pairing check never passes on a vanished loop (it cannot be the
    // identity); with the pair and its negation it holds exactly when the
    // loop did not vanish.
    let neg = G1Projective::from(*p).neg().to_affine();
    let holds = pairing_check(&[(*p, *q), (neg, *q)]);
    if vanished {
        assert!(!holds, "{what}: pairing check on a vanished loop");
        assert!(!pairing_check(&[(*p, *q)]), "{what}");
    }
    vanished
}

#[test]
fn g2_point_of_order_13_vanishes() {
    let bytes = hex::decode(G2_ORDER_13).unwrap();
    assert_eq!(G2Affine::from_compressed(&bytes), Err(Error::NotInSubgroup));
    let q = G2Affine::from_compressed_unchecked(&bytes).unwrap();
    // Order 13, by blst.
    let bq = p2_to_blst(&q.to_projective());
    assert!(!b2_inf(&bq) && b2_inf(&b2_mult(&bq, &BigUint::from(13u32))));
    let g = G1Affine::generator();
    assert!(all_pairings(&g, &q, "G1 generator, G2 order 13"), "the Miller loop of the order-13 point does not vanish");
    assert_eq!(try_pairing(&g, &q), Err(Error::NotInSubgroup));
    // Through the projective form too, as the C ABI and OCaml do it.
    let qp = G2Projective::from(q);
    assert_eq!(try_pairing(&g, &qp.to_affine()), Err(Error::NotInSubgroup));
}

#[test]
fn pairings_with_small_order_points() {
    let g1 = G1Affine::generator();
    let g2 = G2Affine::generator();
    let mut vanished = 0;
    for (q, d) in small_order_g2() {
        vanished += all_pairings(&g1, &q, &format!("G2 order {d}")) as usize;
        // Both sides off the subgroup.
        for (p, e) in small_order_g1().into_iter().take(3) {
            all_pairings(&p, &q, &format!("G1 order {e}, G2 order {d}"));
        }
    }
    for (p, d) in small_order_g1() {
        vanished += all_pairings(&p, &g2, &format!("G1 order {d}")) as usize;
    }
    // The order-13 points at least make the loop vanish.
    assert!(vanished >= 1, "no vanishing Miller loop among the small-order points");
}

/// Scalar multiplication (constant time and variable time) and MSM on
/// small-order points, through every unchecked decoder: an answer on the
/// curve, never a panic. (The GLV/GLS endomorphism splits assume the
/// subgroup, so the values are unspecified: only their being points is
/// checked, and the one case that is defined, [0]P = O.)
#[test]
fn scalar_multiplication_and_msm_on_small_order_points() {
    let mut rng = rng("small order mul");
    fn check<C: bls12_381_core::msm::MsmCurve>(
        points: &[bls12_381_core::curve::Affine<C>],
        rng: &mut rand_chacha::ChaCha20Rng,
        what: &str,
    ) {
        use bls12_381_core::curve::{Affine, Jacobian};
        for p in points {
            // Every unchecked decoder takes the point back.
            let c = p.to_compressed();
            let u = p.to_uncompressed();
            assert_eq!(Affine::<C>::from_compressed(c.as_ref()), Err(Error::NotInSubgroup), "{what}");
            assert_eq!(Affine::<C>::from_uncompressed(u.as_ref()), Err(Error::NotInSubgroup), "{what}");
            assert_eq!(Affine::<C>::from_compressed_unchecked(c.as_ref()).unwrap(), *p, "{what}");
            assert_eq!(Affine::<C>::from_uncompressed_unchecked(u.as_ref()).unwrap(), *p, "{what}");
            let j = Jacobian::<C>::from(*p);
            for k in [bls12_381_core::Fr::ZERO, bls12_381_core::Fr::ONE, rand_fr(rng), rand_fr(rng).neg()] {
                let a = j.mul(&k);
                let b = j.mul_vartime(&k);
                assert!(bool::from(a.is_on_curve()) && bool::from(b.is_on_curve()), "{what}");
                if k == bls12_381_core::Fr::ZERO {
                    assert!(bool::from(a.is_identity()) && bool::from(b.is_identity()), "{what}");
                }
            }
        }
        let n = points.len();
        let scalars: Vec<bls12_381_core::Fr> = (0..3 * n).map(|_| rand_fr(rng)).collect();
        let many: Vec<Affine<C>> = points.iter().cycle().take(3 * n).copied().collect();
        let bytes: Vec<u8> = many.iter().flat_map(|p| p.to_compressed().as_ref().to_vec()).collect();
        for threads in [1, 2] {
            let a = msm::msm_vartime_with_threads(&many, &scalars, threads).unwrap();
            assert!(bool::from(a.is_on_curve()), "{what}");
            let b = msm::msm_compressed_vartime::<C>(&bytes, &scalars, false, threads).unwrap();
            assert_eq!(a, b, "{what}: MSM of the decoded points");
            assert_eq!(
                msm::msm_compressed_vartime::<C>(&bytes, &scalars, true, threads),
                Err(Error::NotInSubgroup),
                "{what}"
            );
            for c in [2, 5, 9] {
                let w = msm::msm_vartime_with_window(&many, &scalars, threads, c).unwrap();
                assert!(bool::from(w.is_on_curve()), "{what}: window {c}");
            }
        }
    }
    let g1: Vec<G1Affine> = small_order_g1().into_iter().map(|(p, _)| p).collect();
    let g2: Vec<G2Affine> = small_order_g2().into_iter().map(|(p, _)| p).collect();
    check(&g1, &mut rng, "G1");
    check(&g2, &mut rng, "G2");
}

/// `pairing_check_g2_checked_vartime`: the G2 check folded into the Miller
/// loop rejects every G2 point outside the subgroup (each small order
/// l^j of the cofactor, the order-13 point, random points of E2,
/// with p the generator or the identity or a point of small order), and
/// answers as `pairing_check` with the one-by-one check wherever q is in G2.
#[test]
fn pairing_check_with_the_g2_check_folded_in() {
    let g1 = G1Affine::generator();
    let g2 = G2Affine::generator();
    let q13 = G2Affine::from_compressed_unchecked(&hex::decode(G2_ORDER_13).unwrap()).unwrap();
    let mut bad: Vec<G2Affine> = small_order_g2().into_iter().map(|(q, _)| q).collect();
    bad.push(q13);
    let mut rng = rng("folded g2 check");
    for _ in 0..20 {
        let q = rand_e2(&mut rng);
        if !bool::from(G2Projective::from(q).is_torsion_free()) {
            bad.push(q);
        }
    }
    let p_small = small_order_g1().into_iter().next().map(|(p, _)| p).unwrap();
    for q in &bad {
        for p in [g1, G1Affine::identity(), p_small] {
            assert_eq!(pairing_check_g2_checked_vartime(&[(p, *q)]), Err(Error::NotInSubgroup));
            assert_eq!(pairing_check_g2_checked_vartime(&[(g1, g2), (p, *q)]), Err(Error::NotInSubgroup));
        }
    }
    // Points of G2: the same answers as pairing_check.
    let a = Fr::random(&mut rng);
    let pa = G1Projective::generator().mul(&a).to_affine();
    let qa = G2Projective::generator().mul(&a).to_affine();
    let neg = G1Projective::from(g1).neg().to_affine();
    let cases: Vec<Vec<(G1Affine, G2Affine)>> = vec![
        vec![],
        vec![(g1, g2)],
        vec![(pa, g2), (G1Projective::from(g1).neg().to_affine(), qa)],
        vec![(g1, g2), (neg, g2)],
        vec![(G1Affine::identity(), g2), (g1, G2Affine::identity())],
        vec![(p_small, g2)],
    ];
    for pairs in cases {
        assert_eq!(pairing_check_g2_checked_vartime(&pairs), Ok(pairing_check(&pairs)), "{} pairs", pairs.len());
    }
}
