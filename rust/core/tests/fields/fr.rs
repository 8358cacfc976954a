//! Fr against blst (raw FFI) and num-bigint: every operation, on edge values
//! and at least 10 000 random cases each.

use bls12_381_core::Fr;
use blst::{blst_fr, blst_scalar};
use crate::common::*;
use num_bigint::BigUint;
use rand::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

type BinFn = unsafe extern "C" fn(*mut blst_fr, *const blst_fr, *const blst_fr);

fn check_binary(tag: &str, ours: impl Fn(&Fr, &Fr) -> Fr, theirs: BinFn) {
    let mut rng = rng(tag);
    for (a, b) in pairs(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        let mut out = blst_fr::default();
        unsafe { theirs(&mut out, &fr_to_blst(&a), &fr_to_blst(&b)) };
        check(tag, (a, b), ours(&a, &b), fr_from_blst(&out));
    }
}

fn check_unary(tag: &str, ours: impl Fn(&Fr) -> Fr, theirs: impl Fn(&blst_fr) -> blst_fr) {
    let mut rng = rng(tag);
    for a in singles(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        check(tag, a, ours(&a), fr_from_blst(&theirs(&fr_to_blst(&a))));
    }
}

#[test]
fn add() {
    check_binary("fr add", |a, b| a.add(b), blst::blst_fr_add);
}

#[test]
fn sub() {
    check_binary("fr sub", |a, b| a.sub(b), blst::blst_fr_sub);
}

#[test]
fn mul() {
    check_binary("fr mul", |a, b| a.mul(b), blst::blst_fr_mul);
}

#[test]
fn mul_against_bigint() {
    let mut rng = rng("fr mul bigint");
    for (a, b) in pairs(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        check("fr mul (bigint)", (a, b), fr_big(&a.mul(&b)), fr_big(&a) * fr_big(&b) % r());
    }
}

#[test]
fn square() {
    check_unary("fr square", |a| a.square(), |a| bcall!(blst_fr_sqr, blst_fr, a));
    let mut rng = rng("fr square = mul");
    for a in singles(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        check("fr square = a*a", a, a.square(), a.mul(&a));
    }
}

#[test]
fn neg() {
    check_unary("fr neg", |a| a.neg(), |a| bcall!(blst_fr_cneg, blst_fr, a, true));
}

#[test]
fn double() {
    check_unary("fr double", |a| a.double(), |a| bcall!(blst_fr_lshift, blst_fr, a, 1));
}

#[test]
fn invert() {
    let mut rng = rng("fr invert");
    for a in singles(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        let ct = a.invert();
        let vt = a.invert_vartime();
        if bool::from(a.is_zero()) {
            assert!(bool::from(ct.is_none()), "invert(0) must be none");
            assert!(vt.is_none(), "invert_vartime(0) must be None");
            continue;
        }
        let ba = fr_to_blst(&a);
        let expected = fr_from_blst(&bcall!(blst_fr_inverse, blst_fr, &ba));
        check("fr invert", a, ct.unwrap(), expected);
        check("fr invert_vartime", a, vt.unwrap(), expected);
        check("fr eucl_inverse", a, fr_from_blst(&bcall!(blst_fr_eucl_inverse, blst_fr, &ba)), expected);
        check("fr a * a^-1", a, a.mul(&expected), Fr::ONE);
    }
}

/// blst has no Fr square root: the reference is Euler's criterion (num-bigint)
/// for existence and squaring for the root; on known squares x^2 the root
/// must be ±x.
#[test]
fn sqrt() {
    let mut rng = rng("fr sqrt");
    let edges = fr_edges();
    let cases = singles(&edges, N, &mut rng, |r| rand_fr(r));
    let (mut some, mut none) = (0, 0);
    for (i, a) in cases.into_iter().enumerate() {
        let s = a.sqrt();
        if i % 4 == 0 || i < edges.len() {
            check("fr sqrt exists (Euler)", a, bool::from(s.is_some()), euler(&fr_big(&a), r()) >= 0);
        }
        check("fr sqrt exists (legendre)", a, bool::from(s.is_some()), a.legendre() >= 0);
        if bool::from(s.is_some()) {
            some += 1;
            check("fr sqrt squares back", a, fr_big(&s.unwrap().square()), fr_big(&a));
        } else {
            none += 1;
        }
    }
    assert!(some > N / 4 && none > N / 4, "too few squares ({some}) or non-squares ({none})");
    // Known squares: the root is ±x.
    for x in singles(&edges, N, &mut rng, |r| rand_fr(r)) {
        let a = x.square();
        let s = a.sqrt();
        assert!(bool::from(s.is_some()), "fr sqrt({a:?}) = none, but it is {x:?}^2");
        let y = s.unwrap();
        assert!(y == x || y == x.neg(), "fr sqrt({a:?}) = {y:?}, expected ±{x:?}");
    }
    // Elements of 2-power order (where Tonelli-Shanks works hardest):
    // g^(T * 2^k) for the generator g = 7 and every k.
    let t = (r() - big(1)) >> 32;
    for k in 0..=32u32 {
        let x = fr_of(&modpow(&big(7), &(&t << k), r()));
        let s = x.sqrt();
        check("fr sqrt exists (2-power order)", (k, x), bool::from(s.is_some()), k >= 1);
        if k >= 1 {
            check("fr sqrt (2-power order)", (k, x), s.unwrap().square(), x);
        }
        // Times an odd-order square: still exercises the 2-adic part.
        let y = x.mul(&Fr::from_u64(9));
        check("fr sqrt exists (mixed order)", (k, y), bool::from(y.sqrt().is_some()), k >= 1);
        if k >= 1 {
            check("fr sqrt (mixed order)", (k, y), y.sqrt().unwrap().square(), y);
        }
    }
}

#[test]
fn legendre() {
    let mut rng = rng("fr legendre");
    let edges = fr_edges();
    let mut cases: Vec<Fr> = edges.iter().map(|x| x.square()).collect();
    cases.extend(singles(&edges, N, &mut rng, |r| rand_fr(r)));
    for a in cases {
        let l = a.legendre();
        check("fr legendre (Euler)", a, l, euler(&fr_big(&a), r()));
        check("fr is_square", a, bool::from(a.is_square()), l >= 0);
    }
}

#[test]
fn pow() {
    let mut rng = rng("fr pow");
    let exps = exponents(&mut rng, N, 5);
    let edges = fr_edges();
    for (i, e) in exps.iter().enumerate() {
        let a = if i < 4 * edges.len() { edges[i % edges.len()] } else { rand_fr(&mut rng) };
        let expected = fr_of(&modpow(&fr_big(&a), &big_of_limbs(e), r()));
        check("fr pow", (a, e), a.pow(e), expected);
        check("fr pow_vartime", (a, e), a.pow_vartime(e), expected);
    }
    for a in &edges {
        for e in &exps[..19] {
            let expected = fr_of(&modpow(&fr_big(a), &big_of_limbs(e), r()));
            check("fr pow (edge)", (a, e), a.pow(e), expected);
            check("fr pow_vartime (edge)", (a, e), a.pow_vartime(e), expected);
        }
    }
    // Fermat: a^(r-1) = 1 for a != 0.
    let rm1 = (r() - big(1)).to_u64_digits();
    for a in singles(&edges, 200, &mut rng, |r| rand_fr(r)) {
        let one = if bool::from(a.is_zero()) { Fr::ZERO } else { Fr::ONE };
        check("fr a^(r-1)", a, a.pow(&rm1), one);
        check("fr a^(r-1) vartime", a, a.pow_vartime(&rm1), one);
    }
}

#[test]
fn from_u64() {
    let mut rng = rng("fr from_u64");
    let mut xs = vec![0u64, 1, 2, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1];
    xs.extend((0..N).map(|_| rng.next_u64() >> (rng.next_u64() % 64)));
    for x in xs {
        let ours = Fr::from_u64(x);
        check("fr from_u64 (bigint)", x, fr_big(&ours), big(x));
        let b = bcall!(blst_fr_from_uint64, blst_fr, [x, 0, 0, 0].as_ptr());
        check("fr from_u64 (blst)", x, ours, fr_from_blst(&b));
    }
}

#[test]
fn limbs() {
    let mut rng = rng("fr limbs");
    for a in singles(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        let l = a.to_limbs();
        check("fr to_limbs", a, big_of_limbs(&l), fr_big(&a));
        let mut bl = [0u64; 4];
        unsafe { blst::blst_uint64_from_fr(bl.as_mut_ptr(), &fr_to_blst(&a)) };
        check("fr to_limbs (blst)", a, l, bl);
        check("fr from_limbs", a, Fr::from_limbs(&l).unwrap(), a);
        let b = bcall!(blst_fr_from_uint64, blst_fr, l.as_ptr());
        check("fr from_limbs (blst)", a, Fr::from_limbs(&l).unwrap(), fr_from_blst(&b));
    }
    check("fr MODULUS", (), big_of_limbs(&Fr::MODULUS), r().clone());
}

#[test]
fn bytes_against_blst_scalar() {
    // Fr's 32-byte little-endian encoding is blst's scalar encoding.
    let mut rng = rng("fr bytes blst");
    for a in singles(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        let s = bcall!(blst_scalar_from_fr, blst_scalar, &fr_to_blst(&a));
        let mut b = [0u8; 32];
        unsafe { blst::blst_lendian_from_scalar(b.as_mut_ptr(), &s) };
        check("fr to_bytes (blst)", a, a.to_bytes(), b);
        assert!(unsafe { blst::blst_scalar_fr_check(&s) }, "blst rejects our canonical {a:?}");
    }
}

#[test]
fn from_bytes_wide() {
    let mut rng = rng("fr wide");
    let mut cases: Vec<[u8; 64]> = vec![[0; 64], [0xff; 64]];
    for k in [1u64, 2, 3, 1 << 40, u64::MAX] {
        for m in [r() * big(k), r() * big(k) * pow2(256)] {
            if m >= pow2(512) - big(1) {
                continue;
            }
            cases.push(le_bytes::<64>(&m));
            cases.push(le_bytes::<64>(&(&m - big(1))));
            cases.push(le_bytes::<64>(&(&m + big(1))));
        }
    }
    let m = (pow2(512) - big(1)) / r() * r();
    cases.push(le_bytes::<64>(&m));
    cases.push(le_bytes::<64>(&(&m - big(1))));
    cases.push(le_bytes::<64>(&(&m + big(1))));
    // Halves at the limits of the "lo, hi < 3r" reduction.
    for lo in [big(0), r() - big(1), r().clone(), pow2(256) - big(1), r() * big(2)] {
        for hi in [big(0), r() - big(1), r().clone(), pow2(256) - big(1), r() * big(2)] {
            cases.push(le_bytes::<64>(&(&lo + (&hi << 256))));
        }
    }
    for _ in 0..N {
        let mut b = [0u8; 64];
        rng.fill_bytes(&mut b);
        cases.push(b);
    }
    for b in cases {
        let ours = Fr::from_bytes_wide(&b);
        check("fr from_bytes_wide (bigint)", b.to_vec(), fr_big(&ours), BigUint::from_bytes_le(&b) % r());
        let mut s = blst_scalar::default();
        unsafe { blst::blst_scalar_from_le_bytes(&mut s, b.as_ptr(), 64) };
        check("fr from_bytes_wide (blst)", b.to_vec(), ours.to_bytes(), s.b);
    }
}

#[test]
fn debug_format() {
    let mut rng = rng("fr debug");
    for a in singles(&fr_edges(), 1000, &mut rng, |r| rand_fr(r)) {
        check("fr Debug", a, format!("{a:?}"), format!("0x{:064x}", fr_big(&a)));
    }
}

#[test]
fn operators_and_ct() {
    let mut rng = rng("fr ops");
    for (a, b) in pairs(&fr_edges(), N, &mut rng, |r| rand_fr(r)) {
        check("fr +", (a, b), a + b, a.add(&b));
        check("fr -", (a, b), a - b, a.sub(&b));
        check("fr *", (a, b), a * b, a.mul(&b));
        check("fr &+", (a, b), &a + &b, a.add(&b));
        check("fr &-", (a, b), &a - &b, a.sub(&b));
        check("fr &*", (a, b), &a * &b, a.mul(&b));
        check("fr unary -", a, -a, a.neg());
        let mut c = a;
        c += b;
        check("fr +=", (a, b), c, a.add(&b));
        let mut c = a;
        c -= b;
        check("fr -=", (a, b), c, a.sub(&b));
        let mut c = a;
        c *= b;
        check("fr *=", (a, b), c, a.mul(&b));
        let same = fr_big(&a) == fr_big(&b);
        check("fr ==", (a, b), a == b, same);
        check("fr ct_eq", (a, b), bool::from(a.ct_eq(&b)), same);
        check("fr select 0", (a, b), Fr::conditional_select(&a, &b, Choice::from(0)), a);
        check("fr select 1", (a, b), Fr::conditional_select(&a, &b, Choice::from(1)), b);
        check("fr is_zero", a, bool::from(a.is_zero()), fr_big(&a) == big(0));
    }
    assert_eq!(Fr::default(), Fr::ZERO);
    assert_eq!(fr_big(&Fr::ONE), big(1));
}

#[test]
fn random_is_canonical_and_reproducible() {
    let mut r1 = rng("fr random");
    let mut r2 = rng("fr random");
    let xs: Vec<Fr> = (0..N).map(|_| Fr::random(&mut r1)).collect();
    let ys: Vec<Fr> = (0..N).map(|_| Fr::random(&mut r2)).collect();
    assert_eq!(xs, ys, "Fr::random must be a function of the RNG stream");
    let half = r() >> 1;
    let mut top_half = 0;
    for x in &xs {
        let v = fr_big(x);
        assert!(&v < r());
        if v > half {
            top_half += 1;
        }
    }
    assert!((N / 2 - 250..N / 2 + 250).contains(&top_half), "{top_half} of {N} above r/2");
}
