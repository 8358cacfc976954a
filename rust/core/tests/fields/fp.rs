//! Fp against blst (raw FFI) and num-bigint: every operation, on edge values
//! and at least 10 000 random cases each.

use bls12_381_core::Fp;
use blst::blst_fp;
use crate::common::*;
use num_bigint::BigUint;
use rand::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

type BinFn = unsafe extern "C" fn(*mut blst_fp, *const blst_fp, *const blst_fp);

fn check_binary(tag: &str, ours: impl Fn(&Fp, &Fp) -> Fp, theirs: BinFn) {
    let mut rng = rng(tag);
    for (a, b) in pairs(&fp_edges(), N, &mut rng, |r| rand_fp(r)) {
        let mut out = blst_fp::default();
        unsafe { theirs(&mut out, &fp_to_blst(&a), &fp_to_blst(&b)) };
        check(tag, (a, b), ours(&a, &b), fp_from_blst(&out));
    }
}

fn check_unary(tag: &str, ours: impl Fn(&Fp) -> Fp, theirs: impl Fn(&blst_fp) -> blst_fp) {
    let mut rng = rng(tag);
    for a in singles(&fp_edges(), N, &mut rng, |r| rand_fp(r)) {
        check(tag, a, ours(&a), fp_from_blst(&theirs(&fp_to_blst(&a))));
    }
}

#[test]
fn add() {
    check_binary("fp add", |a, b| a.add(b), blst::blst_fp_add);
}

#[test]
fn sub() {
    check_binary("fp sub", |a, b| a.sub(b), blst::blst_fp_sub);
}

#[test]
fn mul() {
    check_binary("fp mul", |a, b| a.mul(b), blst::blst_fp_mul);
}

#[test]
fn mul_against_bigint() {
    // A second, blst-independent reference for the product.
    let mut rng = rng("fp mul bigint");
    for (a, b) in pairs(&fp_edges(), N, &mut rng, |r| rand_fp(r)) {
        check("fp mul (bigint)", (a, b), fp_big(&a.mul(&b)), fp_big(&a) * fp_big(&b) % p());
    }
}

#[test]
fn square() {
    check_unary("fp square", |a| a.square(), |a| bcall!(blst_fp_sqr, blst_fp, a));
}

#[test]
fn square_is_self_mul() {
    let mut rng = rng("fp square = mul");
    for a in singles(&fp_edges(), N, &mut rng, |r| rand_fp(r)) {
        check("fp square = a*a", a, a.square(), a.mul(&a));
    }
}

#[test]
fn neg() {
    check_unary("fp neg", |a| a.neg(), |a| bcall!(blst_fp_cneg, blst_fp, a, true));
}

#[test]
fn double() {
    check_unary("fp double", |a| a.double(), |a| bcall!(blst_fp_lshift, blst_fp, a, 1));
}

#[test]
fn invert() {
    let mut rng = rng("fp invert");
    for a in singles(&fp_edges(), N, &mut rng, |r| rand_fp(r)) {
        let ct = a.invert();
        let vt = a.invert_vartime();
        if bool::from(a.is_zero()) {
            assert!(bool::from(ct.is_none()), "invert(0) must be none");
            assert!(vt.is_none(), "invert_vartime(0) must be None");
            continue;
        }
        let ba = fp_to_blst(&a);
        let expected = fp_from_blst(&bcall!(blst_fp_inverse, blst_fp, &ba));
        check("fp invert", a, ct.unwrap(), expected);
        check("fp invert_vartime", a, vt.unwrap(), expected);
        check("fp eucl_inverse", a, fp_from_blst(&bcall!(blst_fp_eucl_inverse, blst_fp, &ba)), expected);
        check("fp a * a^-1", a, a.mul(&expected), Fp::ONE);
    }
}

#[test]
fn sqrt() {
    let mut rng = rng("fp sqrt");
    let mut cases = singles(&fp_edges(), N, &mut rng, |r| rand_fp(r));
    // As many guaranteed squares, so the root path is well covered.
    let squares: Vec<Fp> = (0..N).map(|_| rand_fp(&mut rng).square()).collect();
    cases.extend(fp_edges().iter().map(|x| x.square()));
    cases.extend(squares);
    let (mut some, mut none) = (0, 0);
    for a in cases {
        let ours = a.sqrt();
        let mut root = blst_fp::default();
        let exists = unsafe { blst::blst_fp_sqrt(&mut root, &fp_to_blst(&a)) };
        check("fp sqrt exists", a, bool::from(ours.is_some()), exists);
        if exists {
            some += 1;
            let x = ours.unwrap();
            let b = fp_from_blst(&root);
            assert!(x == b || x == b.neg(), "fp sqrt({a:?}) = {x:?}, blst gives ±{b:?}");
            check("fp sqrt squares back", a, x.square(), a);
        } else {
            none += 1;
        }
    }
    assert!(some > N && none > N / 4, "too few squares ({some}) or non-squares ({none})");
}

#[test]
fn legendre() {
    let mut rng = rng("fp legendre");
    let edges = fp_edges();
    let mut cases: Vec<Fp> = edges.iter().map(|x| x.square()).collect();
    cases.extend(singles(&edges, N, &mut rng, |r| rand_fp(r)));
    for (i, a) in cases.into_iter().enumerate() {
        let l = a.legendre();
        // num-bigint's modpow is slow: Euler's criterion on every 4th case
        // (and all edges); blst's is_square on all.
        if i % 4 == 0 || i < 2 * edges.len() {
            check("fp legendre (Euler)", a, l, euler(&fp_big(&a), p()));
        }
        check("fp is_square", a, bool::from(a.is_square()), l >= 0);
        let blst_sq = unsafe { blst::blst_fp_is_square(&fp_to_blst(&a)) };
        check("fp is_square (blst)", a, bool::from(a.is_square()), blst_sq);
    }
}

#[test]
fn pow() {
    let mut rng = rng("fp pow");
    let exps = exponents(&mut rng, N, 7);
    let edges = fp_edges();
    for (i, e) in exps.iter().enumerate() {
        let a = if i < 4 * edges.len() { edges[i % edges.len()] } else { rand_fp(&mut rng) };
        let expected = fp_of(&modpow(&fp_big(&a), &big_of_limbs(e), p()));
        check("fp pow", (a, e), a.pow(e), expected);
        check("fp pow_vartime", (a, e), a.pow_vartime(e), expected);
    }
    // Every edge against the fixed exponents (x^0 = 1, including 0^0).
    for a in &edges {
        for e in &exps[..19] {
            let expected = fp_of(&modpow(&fp_big(a), &big_of_limbs(e), p()));
            check("fp pow (edge)", (a, e), a.pow(e), expected);
            check("fp pow_vartime (edge)", (a, e), a.pow_vartime(e), expected);
        }
    }
}

#[test]
fn pow_fermat() {
    // a^(p-1) = 1 and a^p = a: exponents with the modulus' own bit pattern.
    let mut rng = rng("fp fermat");
    let pm1 = (p() - big(1)).to_u64_digits();
    let pp = p().to_u64_digits();
    for a in singles(&fp_edges(), 200, &mut rng, |r| rand_fp(r)) {
        let one = if bool::from(a.is_zero()) { Fp::ZERO } else { Fp::ONE };
        check("fp a^(p-1)", a, a.pow(&pm1), one);
        check("fp a^(p-1) vartime", a, a.pow_vartime(&pm1), one);
        check("fp a^p", a, a.pow(&pp), a);
    }
}

#[test]
fn from_u64() {
    let mut rng = rng("fp from_u64");
    let mut xs = vec![0u64, 1, 2, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1];
    xs.extend((0..N).map(|_| rng.next_u64() >> (rng.next_u64() % 64)));
    for x in xs {
        let ours = Fp::from_u64(x);
        check("fp from_u64 (bigint)", x, fp_big(&ours), big(x));
        let b = bcall!(blst_fp_from_uint64, blst_fp, [x, 0, 0, 0, 0, 0].as_ptr());
        check("fp from_u64 (blst)", x, ours, fp_from_blst(&b));
    }
}

#[test]
fn limbs() {
    let mut rng = rng("fp limbs");
    for a in singles(&fp_edges(), N, &mut rng, |r| rand_fp(r)) {
        let l = a.to_limbs();
        check("fp to_limbs", a, big_of_limbs(&l), fp_big(&a));
        let mut bl = [0u64; 6];
        unsafe { blst::blst_uint64_from_fp(bl.as_mut_ptr(), &fp_to_blst(&a)) };
        check("fp to_limbs (blst)", a, l, bl);
        check("fp from_limbs", a, Fp::from_limbs(&l).unwrap(), a);
        let b = bcall!(blst_fp_from_uint64, blst_fp, l.as_ptr());
        check("fp from_limbs (blst)", a, Fp::from_limbs(&l).unwrap(), fp_from_blst(&b));
    }
    check("fp MODULUS", (), big_of_limbs(&Fp::MODULUS), p().clone());
}

#[test]
fn from_bytes_wide() {
    let mut rng = rng("fp wide");
    let mut cases: Vec<[u8; 64]> = vec![[0; 64], [0xff; 64], {
        let mut b = [0u8; 64];
        b[0] = 1;
        b
    }];
    // Multiples of p and their neighbours: multiples must vanish.
    for k in [1u64, 2, 3, 1 << 40, u64::MAX] {
        let m = p() * big(k);
        cases.push(le_bytes::<64>(&m));
        cases.push(le_bytes::<64>(&(&m - big(1))));
        cases.push(le_bytes::<64>(&(&m + big(1))));
    }
    cases.push(le_bytes::<64>(&(pow2(512) - big(1))));
    // The largest multiple of p below 2^512, and its neighbours.
    let m = (pow2(512) - big(1)) / p() * p();
    cases.push(le_bytes::<64>(&m));
    cases.push(le_bytes::<64>(&(&m - big(1))));
    cases.push(le_bytes::<64>(&(&m + big(1))));
    for _ in 0..N {
        let mut b = [0u8; 64];
        rng.fill_bytes(&mut b);
        cases.push(b);
    }
    for b in cases {
        let ours = Fp::from_bytes_wide(&b);
        check("fp from_bytes_wide (bigint)", b.to_vec(), fp_big(&ours), BigUint::from_bytes_le(&b) % p());
        let mut bf = blst_fp::default();
        unsafe { blst::blst_fp_from_le_bytes(&mut bf, b.as_ptr(), 64) };
        check("fp from_bytes_wide (blst)", b.to_vec(), ours, fp_from_blst(&bf));
    }
}

#[test]
fn sign_and_largest() {
    let mut rng = rng("fp sgn0");
    let half = (p() - big(1)) >> 1;
    for a in singles(&fp_edges(), N, &mut rng, |r| rand_fp(r)) {
        let x = fp_big(&a);
        check("fp sgn0", a, bool::from(a.sgn0()), x.bit(0));
        check("fp lexicographically_largest", a, bool::from(a.lexicographically_largest()), x > half);
    }
}

#[test]
fn debug_format() {
    let mut rng = rng("fp debug");
    for a in singles(&fp_edges(), 1000, &mut rng, |r| rand_fp(r)) {
        check("fp Debug", a, format!("{a:?}"), format!("0x{:096x}", fp_big(&a)));
    }
}

#[test]
fn operators_and_ct() {
    let mut rng = rng("fp ops");
    for (a, b) in pairs(&fp_edges_small(), N, &mut rng, |r| rand_fp(r)) {
        check("fp +", (a, b), a + b, a.add(&b));
        check("fp -", (a, b), a - b, a.sub(&b));
        check("fp *", (a, b), a * b, a.mul(&b));
        check("fp &+", (a, b), &a + &b, a.add(&b));
        check("fp &-", (a, b), &a - &b, a.sub(&b));
        check("fp &*", (a, b), &a * &b, a.mul(&b));
        check("fp unary -", a, -a, a.neg());
        let mut c = a;
        c += b;
        check("fp +=", (a, b), c, a.add(&b));
        let mut c = a;
        c -= b;
        check("fp -=", (a, b), c, a.sub(&b));
        let mut c = a;
        c *= b;
        check("fp *=", (a, b), c, a.mul(&b));
        let same = fp_big(&a) == fp_big(&b);
        check("fp ==", (a, b), a == b, same);
        check("fp ct_eq", (a, b), bool::from(a.ct_eq(&b)), same);
        check("fp select 0", (a, b), Fp::conditional_select(&a, &b, Choice::from(0)), a);
        check("fp select 1", (a, b), Fp::conditional_select(&a, &b, Choice::from(1)), b);
        check("fp is_zero", a, bool::from(a.is_zero()), fp_big(&a) == big(0));
    }
    assert_eq!(Fp::default(), Fp::ZERO);
    assert_eq!(fp_big(&Fp::ONE), big(1));
    assert_eq!(fp_big(&Fp::ZERO), big(0));
}

#[test]
fn random_is_canonical_and_reproducible() {
    let mut r1 = rng("fp random");
    let mut r2 = rng("fp random");
    let xs: Vec<Fp> = (0..N).map(|_| Fp::random(&mut r1)).collect();
    let ys: Vec<Fp> = (0..N).map(|_| Fp::random(&mut r2)).collect();
    assert_eq!(xs, ys, "Fp::random must be a function of the RNG stream");
    let mut top_half = 0;
    let half = p() >> 1;
    for x in &xs {
        let v = fp_big(x);
        assert!(&v < p());
        assert_eq!(Fp::from_bytes(&x.to_bytes()).unwrap(), *x);
        if v > half {
            top_half += 1;
        }
    }
    // Uniform on [0, p): about half above p/2 (5 sigma = 250).
    assert!((N / 2 - 250..N / 2 + 250).contains(&top_half), "{top_half} of {N} above p/2");
    let mut sorted: Vec<BigUint> = xs.iter().map(fp_big).collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), N, "Fp::random repeated a value");
}
