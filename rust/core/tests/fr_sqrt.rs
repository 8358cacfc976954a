//! `Fr::sqrt_vartime` (tables of discrete logarithms) against `Fr::sqrt`
//! (Tonelli-Shanks) and against num-bigint: Euler's criterion for whether a
//! root exists, and the documented choice of root `a^((T+1)/2) c^m`,
//! `m` in `[0, 2^31)`, computed from a known logarithm of `a^T`.
//!
//! `cargo test -p bls12-381-core --test fr_sqrt`

#[path = "fields/common.rs"]
mod common;

use bls12_381_core::Fr;
use common::*;
use num_bigint::BigUint;
use rand::{Rng, RngCore};

/// Random cases of the main comparisons (squares and non-squares).
const CASES: usize = 100_000;

/// T with r - 1 = 2^32 T.
fn t() -> BigUint {
    (r() - big(1)) >> 32
}

/// c = 7^T, the primitive 2^32-th root of unity of the documentation.
fn c() -> BigUint {
    modpow(&big(7), &t(), r())
}

/// Both methods agree with each other and with Euler's criterion
/// (num-bigint), and a returned root squares back.
fn check(a: &Fr) {
    let v = a.sqrt_vartime();
    let ct: Option<Fr> = a.sqrt().into();
    assert_eq!(v, ct, "sqrt_vartime != sqrt for {a:?}");
    let euler = euler(&fr_big(a), r());
    assert_eq!(v.is_some(), euler >= 0, "existence vs Euler's criterion for {a:?}");
    if let Some(s) = v {
        assert_eq!(s.square(), *a, "not a root of {a:?}");
    }
}

#[test]
fn random_squares_and_non_squares() {
    let mut rng = rng("fr sqrt_vartime random");
    // 7 generates Fr*: 7 s^2 is never a square (s != 0).
    let seven = Fr::from_u64(7);
    let mut squares = 0;
    for i in 0..CASES {
        let a = match i % 3 {
            0 => rand_fr(&mut rng).square(),
            1 => seven.mul(&rand_fr(&mut rng).square()),
            _ => rand_fr(&mut rng),
        };
        check(&a);
        squares += a.sqrt_vartime().is_some() as usize;
    }
    // About two thirds squares: both kinds were exercised.
    assert!(squares > CASES / 2 && squares < 3 * CASES / 4, "{squares} squares of {CASES}");
}

#[test]
fn root_is_plus_or_minus_the_known_one() {
    let mut rng = rng("fr sqrt_vartime +-s");
    for _ in 0..10_000 {
        let s = rand_fr(&mut rng);
        let got = s.square().sqrt_vartime().expect("a square");
        assert!(got == s || got == s.neg(), "root of {s:?}^2 is {got:?}");
    }
}

#[test]
fn edges() {
    check(&Fr::ZERO);
    check(&Fr::ONE);
    check(&Fr::ONE.neg());
    assert_eq!(Fr::ZERO.sqrt_vartime(), Some(Fr::ZERO));
    let one = Fr::ONE.sqrt_vartime().unwrap();
    assert!(one == Fr::ONE || one == Fr::ONE.neg());
    // r = 1 mod 4: -1 is a square, its roots the primitive 4th roots of unity.
    let i = Fr::ONE.neg().sqrt_vartime().expect("-1 is a square in Fr");
    assert_eq!(i.square(), Fr::ONE.neg());
    for a in fr_edges() {
        check(&a);
        check(&a.square());
    }
}

/// The primitive 2^k-th roots of unity `c^(odd 2^(32-k))` for every
/// k <= 32: squares for k < 32, non-squares for k = 32 (exact order 2^32),
/// alone and times random elements of odd order.
#[test]
fn roots_of_unity() {
    let mut rng = rng("fr sqrt_vartime roots of unity");
    let c = c();
    let order = pow2(32);
    for k in 0..=32usize {
        let mut odds: Vec<BigUint> = vec![big(1), big(3), pow2(k).max(big(2)) - big(1)];
        for _ in 0..40 {
            odds.push(big(rng.next_u64() | 1));
        }
        for odd in odds {
            let e = (odd << (32 - k)) % &order;
            let z = fr_of(&modpow(&c, &e, r()));
            // Order exactly 2^k (k = 0: one).
            assert_eq!(modpow(&fr_big(&z), &pow2(k), r()), big(1));
            if k > 0 {
                assert_ne!(modpow(&fr_big(&z), &pow2(k - 1), r()), big(1));
            }
            assert_eq!(z.sqrt_vartime().is_some(), k < 32, "2^{k}-th root {z:?}");
            check(&z);
            // Times an element of odd order (a 2^32-th power): same verdict.
            let u = fr_of(&modpow(&fr_big(&rand_fr(&mut rng)), &order, r()));
            let y = z.mul(&u);
            assert_eq!(y.sqrt_vartime().is_some(), k < 32 || u == Fr::ZERO, "{y:?}");
            check(&y);
        }
    }
}

/// Elements of exact order 2^32 (`c^odd`) are the non-squares whose
/// logarithm uses every digit: many of them, and their negatives (also of
/// order 2^32, -1 = c^(2^31)).
#[test]
fn exact_order_2_32() {
    let mut rng = rng("fr sqrt_vartime order 2^32");
    let c = c();
    for _ in 0..2000 {
        let e = big((rng.next_u64() | 1) & 0xffff_ffff);
        let z = fr_of(&modpow(&c, &e, r()));
        assert_eq!(z.sqrt_vartime(), None);
        assert_eq!(z.neg().sqrt_vartime(), None);
        // z^2 has order 2^31: a square, with the roots z and -z.
        let root = z.square().sqrt_vartime().expect("a square");
        assert!(root == z || root == z.neg());
        check(&z.square());
    }
}

/// The root is `a^((T+1)/2) c^m` with `m` in `[0, 2^31)`: for `a = u c^(2i)`
/// with `u` of odd order, `a^T = c^(2iT)`, so `m = -iT mod 2^31`; all
/// computed with num-bigint, independently of both square roots.
#[test]
fn documented_root() {
    let mut rng = rng("fr sqrt_vartime documented root");
    let (r, c, t) = (r(), c(), t());
    let half_order = pow2(31);
    let e_half = (&t + big(1)) >> 1;
    for n in 0..3000 {
        let i = match n % 4 {
            0 => big(rng.gen_range(0..16u64)),
            1 => half_order.clone() - big(1) - big(rng.gen_range(0..16u64)),
            _ => big(rng.next_u64() & 0x7fff_ffff),
        };
        let u = if n % 5 == 0 { big(1) } else { modpow(&uniform_below(&mut rng, r), &pow2(32), r) };
        let a = &u * modpow(&c, &(&i << 1), r) % r;
        if is_zero(&a) {
            continue;
        }
        let m = (&half_order - (&i * &t) % &half_order) % &half_order;
        let want = modpow(&a, &e_half, r) * modpow(&c, &m, r) % r;
        let got = fr_of(&a).sqrt_vartime().expect("a square");
        assert_eq!(fr_big(&got), want, "a = {a}, i = {i}");
        assert_eq!(Option::<Fr>::from(fr_of(&a).sqrt()), Some(got));
    }
}
