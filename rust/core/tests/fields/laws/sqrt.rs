//! Square roots and the Legendre symbol (Fp, Fr, Fp2), and the two sign
//! conventions of the curves' base fields (Fp, Fp2).

use super::*;

/// Euler's criterion on the norm (`a^((q^d - 1)/2) = N(a)^((q - 1)/2)`), and
/// `is_square` (ours and blst's) agrees with the symbol.
pub fn legendre<F: Sqrt>() {
    let edges = F::edges();
    let mut cases: Vec<F> = edges.iter().map(|x| x.square()).collect();
    cases.extend(singles_of::<F>("legendre"));
    for a in cases {
        let l = a.legendre();
        check(&tag::<F>("legendre (Euler)"), a, l, euler(&a.norm_big(), F::modulus()));
        check(&tag::<F>("is_square"), a, bool::from(a.is_square()), l >= 0);
        if let Some(theirs) = a.blst_is_square() {
            check(&tag::<F>("is_square (blst)"), a, bool::from(a.is_square()), theirs);
        }
    }
}

/// One root per case: it exists exactly for the squares (Legendre symbol,
/// Euler's criterion on every fourth case, blst where it has a root), it
/// squares back, and it is blst's up to sign. Returns how many cases had a
/// root and how many had none.
pub fn check_roots<F: Sqrt>(cases: &[F]) -> (usize, usize) {
    let (mut some, mut none) = (0, 0);
    for (i, a) in cases.iter().enumerate() {
        let s = a.sqrt();
        let exists = bool::from(s.is_some());
        check(&tag::<F>("sqrt exists (legendre)"), a, exists, a.legendre() >= 0);
        if i % 4 == 0 {
            check(&tag::<F>("sqrt exists (Euler)"), a, exists, euler(&a.norm_big(), F::modulus()) >= 0);
        }
        let theirs = a.blst_sqrt();
        if let Some(theirs) = theirs {
            check(&tag::<F>("sqrt exists (blst)"), a, exists, theirs.is_some());
        }
        if !exists {
            none += 1;
            continue;
        }
        some += 1;
        let x = s.unwrap();
        check(&tag::<F>("sqrt squares back"), a, x.square(), *a);
        if let Some(Some(b)) = theirs {
            assert!(x == b || x == b.neg(), "{} sqrt({a:?}) = {x:?}, blst gives ±{b:?}", F::NAME);
        }
    }
    (some, none)
}

/// The edges, random values, the squares of the edges and of random values;
/// on a known square x^2 the root is ±x.
pub fn sqrt<F: Sqrt>() {
    let mut rng = rng(&tag::<F>("sqrt"));
    let edges = F::edges();
    let mut cases = singles(&edges, N, &mut rng, F::sample);
    cases.extend(edges.iter().map(|x| x.square()));
    let (some, none) = check_roots(&cases);
    assert!(some > N / 4 && none > N / 5, "{}: too few squares ({some}) or non-squares ({none})", F::NAME);
    for x in singles(&edges, N, &mut rng, F::sample) {
        let a = x.square();
        let s = a.sqrt();
        assert!(bool::from(s.is_some()), "{} sqrt({a:?}) = none, but it is {x:?}^2", F::NAME);
        let y = s.unwrap();
        assert!(y == x || y == x.neg(), "{} sqrt({a:?}) = {y:?}, expected ±{x:?}", F::NAME);
        if let Some(Some(b)) = a.blst_sqrt() {
            assert!(y == b || y == b.neg(), "{} sqrt({a:?}) = {y:?}, blst gives ±{b:?}", F::NAME);
        }
    }
}

/// RFC 9380 `sgn0`: the parity of the first nonzero coefficient; ZCash's
/// "lexicographically largest": the last nonzero coefficient above (q-1)/2.
pub fn sign_and_largest<F: Signed>() {
    let half = (F::modulus() - big(1)) >> 1;
    for a in singles_of::<F>("sgn0") {
        let c = a.coeffs();
        let sgn = c.iter().find(|x| !is_zero(x)).is_some_and(|x| x.bit(0));
        check(&tag::<F>("sgn0"), a, bool::from(a.sgn0()), sgn);
        let largest = c.iter().rev().find(|x| !is_zero(x)).is_some_and(|x| *x > half);
        check(&tag::<F>("lexicographically_largest"), a, bool::from(a.lexicographically_largest()), largest);
    }
}
