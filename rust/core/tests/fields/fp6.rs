//! Fp6 = Fp2[v]/(v^3 - (1 + u)). blst has no Fp6 API, so the reference is
//! blst's Fp12 arithmetic on the embedding `a + 0 w` (Fp6 is a subfield of
//! Fp12) and, for the additive operations, blst's Fp2 arithmetic on each
//! coefficient. At least 10 000 random cases per operation, plus edges.

use bls12_381_core::{Fp2, Fp6};
use blst::{blst_fp12, blst_fp2};
use crate::common::*;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// Coefficient-wise application of a blst Fp2 operation.
fn coeffwise(a: &Fp6, b: &Fp6, f: unsafe extern "C" fn(*mut blst_fp2, *const blst_fp2, *const blst_fp2)) -> Fp6 {
    let g = |x: &Fp2, y: &Fp2| {
        let mut o = blst_fp2::default();
        unsafe { f(&mut o, &fp2_to_blst(x), &fp2_to_blst(y)) };
        fp2_from_blst(&o)
    };
    Fp6::new(g(&a.c0, &b.c0), g(&a.c1, &b.c1), g(&a.c2, &b.c2))
}

/// `a * b` by blst, through Fp12.
fn blst_mul(a: &Fp6, b: &Fp6) -> Fp6 {
    fp6_unembed(&bcall!(blst_fp12_mul, blst_fp12, &fp6_embed(a), &fp6_embed(b)))
}

fn fp6_pairs(tag: &str) -> Vec<(Fp6, Fp6)> {
    let mut rng = rng(tag);
    pairs(&fp6_edges(), N, &mut rng, |r| rand_fp6(r))
}

fn fp6_singles(tag: &str) -> Vec<Fp6> {
    let mut rng = rng(tag);
    singles(&fp6_edges(), N, &mut rng, |r| rand_fp6(r))
}

#[test]
fn add_sub_neg_double() {
    for (a, b) in fp6_pairs("fp6 add") {
        check("fp6 add", (a, b), a.add(&b), coeffwise(&a, &b, blst::blst_fp2_add));
        check("fp6 sub", (a, b), a.sub(&b), coeffwise(&a, &b, blst::blst_fp2_sub));
        check("fp6 neg", a, a.neg(), coeffwise(&Fp6::ZERO, &a, blst::blst_fp2_sub));
        check("fp6 double", a, a.double(), coeffwise(&a, &a, blst::blst_fp2_add));
    }
}

#[test]
fn mul() {
    for (a, b) in fp6_pairs("fp6 mul") {
        check("fp6 mul", (a, b), a.mul(&b), blst_mul(&a, &b));
    }
}

#[test]
fn square() {
    for a in fp6_singles("fp6 square") {
        let expected = fp6_unembed(&bcall!(blst_fp12_sqr, blst_fp12, &fp6_embed(&a)));
        check("fp6 square", a, a.square(), expected);
        check("fp6 square = a*a", a, a.square(), a.mul(&a));
    }
}

#[test]
fn mul_by_nonresidue() {
    // v = (0, 1, 0).
    let v = Fp6::new(Fp2::ZERO, Fp2::ONE, Fp2::ZERO);
    for a in fp6_singles("fp6 mul_by_nonresidue") {
        check("fp6 mul_by_nonresidue", a, a.mul_by_nonresidue(), blst_mul(&a, &v));
    }
    assert_eq!(v.square().mul(&v), Fp6::new(Fp2::new(bls12_381_core::Fp::ONE, bls12_381_core::Fp::ONE), Fp2::ZERO, Fp2::ZERO), "v^3 = 1 + u");
}

#[test]
fn sparse_products() {
    let mut rng = rng("fp6 sparse");
    let e2 = fp2_edges();
    let mut cases: Vec<(Fp6, Fp2, Fp2)> = Vec::new();
    for a in fp6_edges() {
        for k in 0..8 {
            cases.push((a, e2[(7 * k) % e2.len()], e2[(11 * k + 3) % e2.len()]));
        }
    }
    for _ in 0..N {
        cases.push((rand_fp6(&mut rng), rand_fp2(&mut rng), rand_fp2(&mut rng)));
    }
    for (a, b0, b1) in cases {
        let b01 = Fp6::new(b0, b1, Fp2::ZERO);
        let b1_only = Fp6::new(Fp2::ZERO, b1, Fp2::ZERO);
        let b0_only = Fp6::new(b0, Fp2::ZERO, Fp2::ZERO);
        check("fp6 mul_by_01", (a, b0, b1), a.mul_by_01(&b0, &b1), blst_mul(&a, &b01));
        check("fp6 mul_by_1", (a, b1), a.mul_by_1(&b1), blst_mul(&a, &b1_only));
        check("fp6 mul_by_fp2", (a, b0), a.mul_by_fp2(&b0), blst_mul(&a, &b0_only));
        // The sparse products must equal the full product by the sparse element.
        check("fp6 mul_by_01 = mul", (a, b0, b1), a.mul_by_01(&b0, &b1), a.mul(&b01));
    }
}

#[test]
fn frobenius_map() {
    let mut rng = rng("fp6 frobenius");
    for a in singles(&fp6_edges(), N, &mut rng, |r| rand_fp6(r)) {
        let ba = fp6_embed(&a);
        // Powers 0..=13 (the map has order 6; powers wrap around).
        let k = (fp6_big_index(&a) % 14) as usize;
        for k in [1, 2, 3, k] {
            check("fp6 frobenius_map", (a, k), a.frobenius_map(k), fp6_unembed(&blst_fp12_frobenius(&ba, k)));
        }
    }
    // Every power on a few elements, and the group laws.
    for a in singles(&fp6_edges()[..6], 30, &mut rng, |r| rand_fp6(r)) {
        let ba = fp6_embed(&a);
        let mut x = a;
        for k in 0..=13 {
            check("fp6 frobenius_map (all k)", (a, k), a.frobenius_map(k), fp6_unembed(&blst_fp12_frobenius(&ba, k)));
            check("fp6 frobenius_map(1)^k", (a, k), a.frobenius_map(k), x);
            x = x.frobenius_map(1);
        }
        check("fp6 frobenius_map(1)^6 = id", a, a.frobenius_map(1).frobenius_map(1).frobenius_map(1).frobenius_map(1).frobenius_map(1).frobenius_map(1), a);
    }
    // The map is a^(p^k): a few exponentiations (blst's mul, square and multiply).
    for k in [1u32, 2, 3, 4, 5] {
        for _ in 0..2 {
            let a = rand_fp6(&mut rng);
            let expected = fp6_unembed(&blst_fp12_pow(&fp6_embed(&a), &p_pow_limbs(k)));
            check("fp6 frobenius_map = a^(p^k)", (a, k), a.frobenius_map(k as usize), expected);
        }
    }
}

/// A cheap deterministic index from an element (to vary k per case).
fn fp6_big_index(a: &Fp6) -> u64 {
    a.c0.c0.to_limbs()[0] ^ a.c2.c1.to_limbs()[0]
}

#[test]
fn invert() {
    for a in fp6_singles("fp6 invert") {
        let ct = a.invert();
        let vt = a.invert_vartime();
        if bool::from(a.is_zero()) {
            assert!(bool::from(ct.is_none()), "invert(0) must be none");
            assert!(vt.is_none(), "invert_vartime(0) must be None");
            continue;
        }
        let expected = fp6_unembed(&bcall!(blst_fp12_inverse, blst_fp12, &fp6_embed(&a)));
        check("fp6 invert", a, ct.unwrap(), expected);
        check("fp6 invert_vartime", a, vt.unwrap(), expected);
        check("fp6 a * a^-1", a, a.mul(&expected), Fp6::ONE);
    }
}

#[test]
fn pow_is_repeated_multiplication() {
    let mut rng = rng("fp6 pow repeated");
    for a in singles(&fp6_edges()[..4], 20, &mut rng, |r| rand_fp6(r)) {
        let mut acc = Fp6::ONE;
        for e in 0..=70u64 {
            check("fp6 pow = repeated mul", (a, e), a.pow(&[e]), acc);
            check("fp6 pow_vartime = repeated mul", (a, e), a.pow_vartime(&[e]), acc);
            acc = acc.mul(&a);
        }
    }
}

#[test]
fn pow() {
    let mut rng = rng("fp6 pow");
    // One-limb exponents (reference: blst square and multiply), then a few longer.
    let mut exps = exponents(&mut rng, N, 1);
    exps.extend(exponents(&mut rng, 30, 7));
    let edges = fp6_edges();
    for (i, e) in exps.iter().enumerate() {
        let a = if i < edges.len() { edges[i] } else { rand_fp6(&mut rng) };
        let expected = fp6_unembed(&blst_fp12_pow(&fp6_embed(&a), e));
        check("fp6 pow", (a, e), a.pow(e), expected);
        check("fp6 pow_vartime", (a, e), a.pow_vartime(e), expected);
    }
}

#[test]
fn operators_and_ct() {
    let mut rng = rng("fp6 ops");
    for (a, b) in pairs(&fp6_edges()[..10], N, &mut rng, |r| rand_fp6(r)) {
        check("fp6 +", (a, b), a + b, a.add(&b));
        check("fp6 -", (a, b), a - b, a.sub(&b));
        check("fp6 *", (a, b), a * b, a.mul(&b));
        check("fp6 &+", (a, b), &a + &b, a.add(&b));
        check("fp6 &-", (a, b), &a - &b, a.sub(&b));
        check("fp6 &*", (a, b), &a * &b, a.mul(&b));
        check("fp6 unary -", a, -a, a.neg());
        let mut c = a;
        c += b;
        check("fp6 +=", (a, b), c, a.add(&b));
        let mut c = a;
        c -= b;
        check("fp6 -=", (a, b), c, a.sub(&b));
        let mut c = a;
        c *= b;
        check("fp6 *=", (a, b), c, a.mul(&b));
        let same = a.c0 == b.c0 && a.c1 == b.c1 && a.c2 == b.c2;
        check("fp6 ==", (a, b), a == b, same);
        check("fp6 ct_eq", (a, b), bool::from(a.ct_eq(&b)), same);
        check("fp6 select 0", (a, b), Fp6::conditional_select(&a, &b, Choice::from(0)), a);
        check("fp6 select 1", (a, b), Fp6::conditional_select(&a, &b, Choice::from(1)), b);
        check("fp6 is_zero", a, bool::from(a.is_zero()), a == Fp6::ZERO);
    }
    assert_eq!(Fp6::default(), Fp6::ZERO);
    let mut r1 = rng.clone();
    let mut r2 = rng.clone();
    assert_eq!(Fp6::random(&mut r1), Fp6::random(&mut r2));
}
