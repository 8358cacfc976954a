//! Fp2 = Fp[u]/(u^2 + 1): the whole suite, then what only Fp2 has: its
//! product formula in num-bigint, the products by the non-residue and by
//! Fp, conjugation, the norm, and the special shapes of its square-root
//! algorithm.

use crate::common::*;
use crate::laws::{against_blst::check_unary, singles_of, sqrt::check_roots};
use bls12_381_core::{Fp, Fp2};
use blst::{blst_fp, blst_fp2};

test_field! {
    Fp2, "fp2", degree 2 over p, pow_exponents (2, 100),
    sample rand_fp2, edges fp2_edges(), op_edges fp2_edges()[..16].to_vec(),
    coeffs |a| vec![fp_big(&a.c0), fp_big(&a.c1)],
    pow_reference |a, e| fp2_from_blst(&blst_fp2_pow(&fp2_to_blst(a), e)),
}
blst_field!(Fp2, blst_fp2, fp2_to_blst, fp2_from_blst; blst_fp2_add, blst_fp2_sub, blst_fp2_mul, blst_fp2_sqr, blst_fp2_cneg, blst_fp2_lshift, blst_fp2_inverse, blst_fp2_eucl_inverse);
sqrt!(Fp2, norm |a| fp_big(&a.norm()), blst blst_fp2, fp2_to_blst, fp2_from_blst, blst_fp2_sqrt, blst_fp2_is_square);
signed!(Fp2);

frobenius!(Fp2, order 2, blst |a, k| if k % 2 == 1 { blst_conjugate(a) } else { *a });

field_suite!(Fp2: ring, against_blst, sqrt, sign, frobenius);

fn blst_conjugate(a: &Fp2) -> Fp2 {
    let ba = fp2_to_blst(a);
    fp2_from_blst(&blst_fp2 { fp: [ba.fp[0], bcall!(blst_fp_cneg, blst_fp, &ba.fp[1], true)] })
}

fn u() -> Fp2 {
    Fp2::new(Fp::ZERO, Fp::ONE)
}

#[test]
fn mul_against_bigint() {
    // (a0 + a1 u)(b0 + b1 u) = (a0 b0 - a1 b1) + (a0 b1 + a1 b0) u, u^2 = -1.
    let mut rng = rng("fp2 mul bigint");
    let p = p();
    for (a, b) in pairs(&fp2_edges(), N, &mut rng, rand_fp2) {
        let (a0, a1, b0, b1) = (fp_big(&a.c0), fp_big(&a.c1), fp_big(&b.c0), fp_big(&b.c1));
        let c0 = (&a0 * &b0 + p * p - &a1 * &b1) % p;
        let c1 = (&a0 * &b1 + &a1 * &b0) % p;
        check("fp2 mul (bigint)", (a, b), a.mul(&b), Fp2::new(fp_of(&c0), fp_of(&c1)));
    }
    assert_eq!(u().square(), Fp2::ONE.neg(), "u^2 = -1");
}

#[test]
fn mul_by_nonresidue() {
    let xi = fp2_to_blst(&Fp2::new(Fp::ONE, Fp::ONE));
    let theirs = |a: &Fp2| fp2_from_blst(&bcall!(blst_fp2_mul, blst_fp2, &fp2_to_blst(a), &xi));
    check_unary("fp2 mul_by_nonresidue", |a: &Fp2| a.mul_by_nonresidue(), theirs);
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

/// Conjugation against blst's negation of the imaginary part (the
/// `frobenius` part checks the map, conjugation for odd powers).
#[test]
fn conjugate() {
    for a in singles_of::<Fp2>("conjugate") {
        check("fp2 conjugate", a, a.conjugate(), blst_conjugate(&a));
    }
}

#[test]
fn norm() {
    let mut rng = rng("fp2 norm");
    for a in singles(&fp2_edges(), N, &mut rng, rand_fp2) {
        let n = (fp_big(&a.c0) * fp_big(&a.c0) + fp_big(&a.c1) * fp_big(&a.c1)) % p();
        check("fp2 norm", a, a.norm(), fp_of(&n));
    }
}

/// The special shapes of the square-root algorithm: elements of Fp (both
/// residues and non-residues of Fp are squares in Fp2), pure imaginary ones,
/// squares of those, u, -u, -1; then random squares.
#[test]
fn sqrt_special_shapes() {
    let mut rng = rng("fp2 sqrt");
    let mut cases = Vec::new();
    for _ in 0..200 {
        let x = rand_fp(&mut rng);
        cases.push(Fp2::new(x, Fp::ZERO));
        cases.push(Fp2::new(Fp::ZERO, x));
        cases.push(Fp2::new(x, Fp::ZERO).mul(&u()).square());
    }
    cases.extend([u(), u().neg(), Fp2::ONE.neg()]);
    for _ in 0..N / 5 {
        cases.push(rand_fp2(&mut rng).square());
    }
    // All are squares: an element of Fp2 is a square iff its norm is one in
    // Fp, and the norms here are x^2, 1 or squares.
    let (some, none) = check_roots(&cases);
    assert_eq!((some, none), (cases.len(), 0), "fp2: a special shape has no root");
}
