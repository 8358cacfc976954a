//! Fp2 against blst (raw FFI) and num-bigint: every operation, on edge values
//! and at least 10 000 random cases each.

use bls12_381_core::{Fp, Fp2};
use blst::{blst_fp, blst_fp2};
use crate::common::*;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

type BinFn = unsafe extern "C" fn(*mut blst_fp2, *const blst_fp2, *const blst_fp2);

fn check_binary(tag: &str, ours: impl Fn(&Fp2, &Fp2) -> Fp2, theirs: BinFn) {
    let mut rng = rng(tag);
    for (a, b) in pairs(&fp2_edges(), N, &mut rng, |r| rand_fp2(r)) {
        let mut out = blst_fp2::default();
        unsafe { theirs(&mut out, &fp2_to_blst(&a), &fp2_to_blst(&b)) };
        check(tag, (a, b), ours(&a, &b), fp2_from_blst(&out));
    }
}

fn check_unary(tag: &str, ours: impl Fn(&Fp2) -> Fp2, theirs: impl Fn(&blst_fp2) -> blst_fp2) {
    let mut rng = rng(tag);
    for a in singles(&fp2_edges(), N, &mut rng, |r| rand_fp2(r)) {
        check(tag, a, ours(&a), fp2_from_blst(&theirs(&fp2_to_blst(&a))));
    }
}

fn u() -> Fp2 {
    Fp2::new(Fp::ZERO, Fp::ONE)
}

#[test]
fn add() {
    check_binary("fp2 add", |a, b| a.add(b), blst::blst_fp2_add);
}

#[test]
fn sub() {
    check_binary("fp2 sub", |a, b| a.sub(b), blst::blst_fp2_sub);
}

#[test]
fn mul() {
    check_binary("fp2 mul", |a, b| a.mul(b), blst::blst_fp2_mul);
}

#[test]
fn mul_against_bigint() {
    // (a0 + a1 u)(b0 + b1 u) = (a0 b0 - a1 b1) + (a0 b1 + a1 b0) u, u^2 = -1.
    let mut rng = rng("fp2 mul bigint");
    let p = p();
    for (a, b) in pairs(&fp2_edges(), N, &mut rng, |r| rand_fp2(r)) {
        let (a0, a1, b0, b1) = (fp_big(&a.c0), fp_big(&a.c1), fp_big(&b.c0), fp_big(&b.c1));
        let c0 = (&a0 * &b0 + p * p - &a1 * &b1) % p;
        let c1 = (&a0 * &b1 + &a1 * &b0) % p;
        check("fp2 mul (bigint)", (a, b), a.mul(&b), Fp2::new(fp_of(&c0), fp_of(&c1)));
    }
}

#[test]
fn square() {
    check_unary("fp2 square", |a| a.square(), |a| bcall!(blst_fp2_sqr, blst_fp2, a));
    let mut rng = rng("fp2 square = mul");
    for a in singles(&fp2_edges(), N, &mut rng, |r| rand_fp2(r)) {
        check("fp2 square = a*a", a, a.square(), a.mul(&a));
    }
}

#[test]
fn neg() {
    check_unary("fp2 neg", |a| a.neg(), |a| bcall!(blst_fp2_cneg, blst_fp2, a, true));
}

#[test]
fn double() {
    check_unary("fp2 double", |a| a.double(), |a| bcall!(blst_fp2_lshift, blst_fp2, a, 1));
}

#[test]
fn mul_by_nonresidue() {
    let xi = fp2_to_blst(&Fp2::new(Fp::ONE, Fp::ONE));
    check_unary("fp2 mul_by_nonresidue", |a| a.mul_by_nonresidue(), |a| bcall!(blst_fp2_mul, blst_fp2, a, &xi));
}

#[test]
fn mul_by_fp() {
    let mut rng = rng("fp2 mul_by_fp");
    let edges = fp_edges_small();
    let mut cases: Vec<(Fp2, Fp)> = Vec::new();
    for a in fp2_edges() {
        for x in &edges {
            cases.push((a, *x));
        }
    }
    for _ in 0..N {
        cases.push((rand_fp2(&mut rng), rand_fp(&mut rng)));
    }
    for (a, x) in cases {
        let bx = fp2_to_blst(&Fp2::new(x, Fp::ZERO));
        let expected = fp2_from_blst(&bcall!(blst_fp2_mul, blst_fp2, &fp2_to_blst(&a), &bx));
        check("fp2 mul_by_fp", (a, x), a.mul_by_fp(&x), expected);
    }
}

#[test]
fn conjugate_and_frobenius() {
    let mut rng = rng("fp2 frobenius");
    for a in singles(&fp2_edges(), N, &mut rng, |r| rand_fp2(r)) {
        let ba = fp2_to_blst(&a);
        let conj = fp2_from_blst(&blst_fp2 { fp: [ba.fp[0], bcall!(blst_fp_cneg, blst_fp, &ba.fp[1], true)] });
        check("fp2 conjugate", a, a.conjugate(), conj);
        for k in 0..14 {
            check("fp2 frobenius_map", (a, k), a.frobenius_map(k), if k % 2 == 1 { conj } else { a });
        }
    }
    // The Frobenius map is a^p: check against exponentiation by p (blst's mul).
    let pl = p_pow_limbs(1);
    for a in singles(&fp2_edges()[..8], 50, &mut rng, |r| rand_fp2(r)) {
        let expected = fp2_from_blst(&blst_fp2_pow(&fp2_to_blst(&a), &pl));
        check("fp2 frobenius_map(1) = a^p", a, a.frobenius_map(1), expected);
    }
}

#[test]
fn norm() {
    let mut rng = rng("fp2 norm");
    for a in singles(&fp2_edges(), N, &mut rng, |r| rand_fp2(r)) {
        let n = (fp_big(&a.c0) * fp_big(&a.c0) + fp_big(&a.c1) * fp_big(&a.c1)) % p();
        check("fp2 norm", a, a.norm(), fp_of(&n));
    }
}

#[test]
fn invert() {
    let mut rng = rng("fp2 invert");
    for a in singles(&fp2_edges(), N, &mut rng, |r| rand_fp2(r)) {
        let ct = a.invert();
        let vt = a.invert_vartime();
        if bool::from(a.is_zero()) {
            assert!(bool::from(ct.is_none()), "invert(0) must be none");
            assert!(vt.is_none(), "invert_vartime(0) must be None");
            continue;
        }
        let ba = fp2_to_blst(&a);
        let expected = fp2_from_blst(&bcall!(blst_fp2_inverse, blst_fp2, &ba));
        check("fp2 invert", a, ct.unwrap(), expected);
        check("fp2 invert_vartime", a, vt.unwrap(), expected);
        check("fp2 eucl_inverse", a, fp2_from_blst(&bcall!(blst_fp2_eucl_inverse, blst_fp2, &ba)), expected);
        check("fp2 a * a^-1", a, a.mul(&expected), Fp2::ONE);
    }
}

#[test]
fn pow_is_repeated_multiplication() {
    let mut rng = rng("fp2 pow repeated");
    for a in singles(&fp2_edges()[..4], 20, &mut rng, |r| rand_fp2(r)) {
        let mut acc = Fp2::ONE;
        for e in 0..=70u64 {
            check("fp2 pow = repeated mul", (a, e), a.pow(&[e]), acc);
            check("fp2 pow_vartime = repeated mul", (a, e), a.pow_vartime(&[e]), acc);
            acc = acc.mul(&a);
        }
    }
}

#[test]
fn pow() {
    let mut rng = rng("fp2 pow");
    // Mostly one- and two-limb exponents (the reference is blst square and
    // multiply), plus a few of every length up to 7 limbs.
    let mut exps = exponents(&mut rng, N, 2);
    exps.extend(exponents(&mut rng, 100, 7));
    let edges = fp2_edges();
    for (i, e) in exps.iter().enumerate() {
        let a = if i < 2 * edges.len() { edges[i % edges.len()] } else { rand_fp2(&mut rng) };
        let expected = fp2_from_blst(&blst_fp2_pow(&fp2_to_blst(&a), e));
        check("fp2 pow", (a, e), a.pow(e), expected);
        check("fp2 pow_vartime", (a, e), a.pow_vartime(e), expected);
    }
    // a^(p^2 - 1) = 1 for a != 0.
    let e = (p() * p() - big(1)).to_u64_digits();
    for a in singles(&edges[..10], 20, &mut rng, |r| rand_fp2(r)) {
        let one = if bool::from(a.is_zero()) { Fp2::ZERO } else { Fp2::ONE };
        check("fp2 a^(p^2-1)", a, a.pow_vartime(&e), one);
        check("fp2 a^(p^2-1) ct", a, a.pow(&e), one);
    }
}

#[test]
fn legendre() {
    // Euler's criterion in Fp2: a^((p^2-1)/2) = N(a)^((p-1)/2), with the norm
    // and the power computed in num-bigint; and blst's is_square.
    let mut rng = rng("fp2 legendre");
    let edges = fp2_edges();
    let mut cases: Vec<Fp2> = edges.iter().map(|x| x.square()).collect();
    cases.extend(singles(&edges, N, &mut rng, |r| rand_fp2(r)));
    let p = p();
    for (i, a) in cases.into_iter().enumerate() {
        let l = a.legendre();
        if i % 4 == 0 || i < 2 * edges.len() {
            let n = (fp_big(&a.c0) * fp_big(&a.c0) + fp_big(&a.c1) * fp_big(&a.c1)) % p;
            check("fp2 legendre (Euler)", a, l, euler(&n, p));
        }
        check("fp2 is_square", a, bool::from(a.is_square()), l >= 0);
        let blst_sq = unsafe { blst::blst_fp2_is_square(&fp2_to_blst(&a)) };
        check("fp2 is_square (blst)", a, bool::from(a.is_square()), blst_sq);
    }
}

#[test]
fn sqrt() {
    let mut rng = rng("fp2 sqrt");
    let edges = fp2_edges();
    let mut cases = singles(&edges, N, &mut rng, |r| rand_fp2(r));
    cases.extend(edges.iter().map(|x| x.square()));
    // Squares, including the special shapes of the algorithm: elements of Fp
    // (both residues and non-residues of Fp are squares in Fp2), pure
    // imaginary ones, and alpha = -1 cases.
    for _ in 0..N / 5 {
        cases.push(rand_fp2(&mut rng).square());
    }
    for _ in 0..200 {
        let x = rand_fp(&mut rng);
        cases.push(Fp2::new(x, Fp::ZERO));
        cases.push(Fp2::new(Fp::ZERO, x));
        cases.push(Fp2::new(x, Fp::ZERO).mul(&u()).square());
    }
    cases.push(u());
    cases.push(u().neg());
    cases.push(Fp2::ONE.neg());
    let (mut some, mut none) = (0, 0);
    for a in cases {
        let ours = a.sqrt();
        let mut root = blst_fp2::default();
        let exists = unsafe { blst::blst_fp2_sqrt(&mut root, &fp2_to_blst(&a)) };
        check("fp2 sqrt exists", a, bool::from(ours.is_some()), exists);
        if exists {
            some += 1;
            let x = ours.unwrap();
            let b = fp2_from_blst(&root);
            assert!(x == b || x == b.neg(), "fp2 sqrt({a:?}) = {x:?}, blst gives ±{b:?}");
            check("fp2 sqrt squares back", a, x.square(), a);
        } else {
            none += 1;
        }
    }
    assert!(some > N / 2 && none > N / 5, "too few squares ({some}) or non-squares ({none})");
}

#[test]
fn sign_and_largest() {
    // RFC 9380 sgn0 for m = 2, and the ZCash "lexicographically largest" flag.
    let mut rng = rng("fp2 sgn0");
    let half = (p() - big(1)) >> 1;
    for a in singles(&fp2_edges(), N, &mut rng, |r| rand_fp2(r)) {
        let (x0, x1) = (fp_big(&a.c0), fp_big(&a.c1));
        let sgn = x0.bit(0) || (is_zero(&x0) && x1.bit(0));
        check("fp2 sgn0", a, bool::from(a.sgn0()), sgn);
        let largest = x1 > half || (is_zero(&x1) && x0 > half);
        check("fp2 lexicographically_largest", a, bool::from(a.lexicographically_largest()), largest);
    }
}

#[test]
fn operators_and_ct() {
    let mut rng = rng("fp2 ops");
    for (a, b) in pairs(&fp2_edges()[..16], N, &mut rng, |r| rand_fp2(r)) {
        check("fp2 +", (a, b), a + b, a.add(&b));
        check("fp2 -", (a, b), a - b, a.sub(&b));
        check("fp2 *", (a, b), a * b, a.mul(&b));
        check("fp2 &+", (a, b), &a + &b, a.add(&b));
        check("fp2 &-", (a, b), &a - &b, a.sub(&b));
        check("fp2 &*", (a, b), &a * &b, a.mul(&b));
        check("fp2 unary -", a, -a, a.neg());
        let mut c = a;
        c += b;
        check("fp2 +=", (a, b), c, a.add(&b));
        let mut c = a;
        c -= b;
        check("fp2 -=", (a, b), c, a.sub(&b));
        let mut c = a;
        c *= b;
        check("fp2 *=", (a, b), c, a.mul(&b));
        let same = a.c0 == b.c0 && a.c1 == b.c1;
        check("fp2 ==", (a, b), a == b, same);
        check("fp2 ct_eq", (a, b), bool::from(a.ct_eq(&b)), same);
        check("fp2 select 0", (a, b), Fp2::conditional_select(&a, &b, Choice::from(0)), a);
        check("fp2 select 1", (a, b), Fp2::conditional_select(&a, &b, Choice::from(1)), b);
        check("fp2 is_zero", a, bool::from(a.is_zero()), a.c0 == Fp::ZERO && a.c1 == Fp::ZERO);
    }
    assert_eq!(Fp2::default(), Fp2::ZERO);
    assert_eq!(Fp2::ONE, Fp2::new(Fp::ONE, Fp::ZERO));
    assert_eq!(u().square(), Fp2::ONE.neg(), "u^2 = -1");
}

#[test]
fn random() {
    let mut r1 = rng("fp2 random");
    let mut r2 = rng("fp2 random");
    for _ in 0..1000 {
        let (x, y) = (Fp2::random(&mut r1), Fp2::random(&mut r2));
        assert_eq!(x, y);
        assert_ne!(x.c0, x.c1);
    }
}
