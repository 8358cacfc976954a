//! The field axioms and the laws of the derived operations, for every field.

use super::*;

// ------------------------------------------------------------ the additive group

/// `op(a, b) = op(b, a)` on the pairs of the stream `what`.
fn commutative<F: TestField>(what: &str, op: fn(&F, &F) -> F) {
    let t = tag::<F>(&format!("{what} commutative"));
    for (a, b) in pairs_of::<F>(&format!("{what} commutative")) {
        check(&t, (a, b), op(&a, &b), op(&b, &a));
    }
}

/// `op(op(a, b), c) = op(a, op(b, c))` on the triples of the stream `what`.
fn associative<F: TestField>(what: &str, op: fn(&F, &F) -> F) {
    let t = tag::<F>(&format!("{what} associative"));
    for (a, b, c) in triples_of::<F>(&format!("{what} associative")) {
        check(&t, (a, b, c), op(&op(&a, &b), &c), op(&a, &op(&b, &c)));
    }
}

/// `op(a, e) = a = op(e, a)` on the singles of the stream `what`.
fn identity<F: TestField>(what: &str, op: fn(&F, &F) -> F, e: F) {
    let t = tag::<F>(&format!("{what} identity"));
    for a in singles_of::<F>(&format!("{what} identity")) {
        check(&t, a, op(&a, &e), a);
        check(&t, a, op(&e, &a), a);
    }
}

/// The three laws of the commutative monoid `(F, op, e)` as tests named
/// `$commutative`, `$associative` and `$identity`, on the streams `$what`.
macro_rules! monoid_laws {
    ($what:literal, $op:ident, $e:ident: $commutative:ident, $associative:ident, $identity:ident) => {
        pub fn $commutative<F: TestField>() {
            commutative($what, F::$op)
        }
        pub fn $associative<F: TestField>() {
            associative($what, F::$op)
        }
        pub fn $identity<F: TestField>() {
            identity($what, F::$op, F::$e)
        }
    };
}

monoid_laws!("add", add, ZERO: add_commutative, add_associative, zero_is_additive_identity);

pub fn neg_is_additive_inverse<F: TestField>() {
    for a in singles_of::<F>("neg inverse") {
        check(&tag::<F>("a + (-a) = 0"), a, bool::from(a.add(&a.neg()).is_zero()), true);
        check(&tag::<F>("a - a = 0"), a, a.sub(&a), F::ZERO);
        check(&tag::<F>("0 - a = -a"), a, F::ZERO.sub(&a), a.neg());
        check(&tag::<F>("a - 0 = a"), a, a.sub(&F::ZERO), a);
        check(&tag::<F>("-(-a) = a"), a, a.neg().neg(), a);
    }
    check(&tag::<F>("-0 = 0"), (), F::ZERO.neg(), F::ZERO);
}

pub fn sub_is_add_neg<F: TestField>() {
    for (a, b) in pairs_of::<F>("sub add neg") {
        check(&tag::<F>("a - b = a + (-b)"), (a, b), a.sub(&b), a.add(&b.neg()));
        check(&tag::<F>("(a - b) + b = a"), (a, b), a.sub(&b).add(&b), a);
        check(&tag::<F>("b - a = -(a - b)"), (a, b), b.sub(&a), a.sub(&b).neg());
    }
}

pub fn double_is_add_self<F: TestField>() {
    for a in singles_of::<F>("double add") {
        check(&tag::<F>("2a = a + a"), a, a.double(), a.add(&a));
    }
}

/// Addition, subtraction, negation and doubling coefficient by coefficient
/// in num-bigint: the additive group is the sum of copies of Z/q.
pub fn additive_model<F: TestField>() {
    let q = F::modulus();
    let each = |x: &[BigUint], y: &[BigUint], f: &dyn Fn(&BigUint, &BigUint) -> BigUint| -> Vec<BigUint> {
        x.iter().zip(y).map(|(u, v)| f(u, v) % q).collect()
    };
    for (a, b) in pairs_of::<F>("additive model") {
        let (ca, cb) = (a.coeffs(), b.coeffs());
        check(&tag::<F>("add (bigint)"), (a, b), a.add(&b).coeffs(), each(&ca, &cb, &|u, v| u + v));
        check(&tag::<F>("sub (bigint)"), (a, b), a.sub(&b).coeffs(), each(&ca, &cb, &|u, v| u + q - v));
        check(&tag::<F>("neg (bigint)"), a, a.neg().coeffs(), each(&ca, &ca, &|u, _| q - u));
        check(&tag::<F>("double (bigint)"), a, a.double().coeffs(), each(&ca, &ca, &|u, v| u + v));
    }
}

// ------------------------------------------------------- the multiplicative laws

monoid_laws!("mul", mul, ONE: mul_commutative, mul_associative, one_is_multiplicative_identity);

pub fn zero_absorbs<F: TestField>() {
    for a in singles_of::<F>("zero absorbs") {
        check(&tag::<F>("a 0 = 0"), a, bool::from(a.mul(&F::ZERO).is_zero()), true);
        check(&tag::<F>("0 a = 0"), a, bool::from(F::ZERO.mul(&a).is_zero()), true);
    }
}

pub fn distributive<F: TestField>() {
    for (a, b, c) in triples_of::<F>("distributive") {
        check(&tag::<F>("a (b + c) = a b + a c"), (a, b, c), a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
        check(&tag::<F>("(a + b) c = a c + b c"), (a, b, c), a.add(&b).mul(&c), a.mul(&c).add(&b.mul(&c)));
        check(&tag::<F>("a (b - c) = a b - a c"), (a, b, c), a.mul(&b.sub(&c)), a.mul(&b).sub(&a.mul(&c)));
    }
}

pub fn square_is_mul_self<F: TestField>() {
    for a in singles_of::<F>("square = mul") {
        check(&tag::<F>("square = a*a"), a, a.square(), a.mul(&a));
        check(&tag::<F>("(-a)^2 = a^2"), a, a.neg().square(), a.square());
    }
}

/// Zero has no inverse (none from both inversions); every other element has
/// one, the same from both, and it inverts back.
pub fn invert<F: TestField>() {
    for a in singles_of::<F>("invert law") {
        let ct = a.invert();
        let vt = a.invert_vartime();
        if bool::from(a.is_zero()) {
            assert!(bool::from(ct.is_none()), "{}: invert(0) must be none", F::NAME);
            assert!(vt.is_none(), "{}: invert_vartime(0) must be None", F::NAME);
            continue;
        }
        assert!(bool::from(ct.is_some()), "{}: invert({a:?}) is none", F::NAME);
        let i = ct.unwrap();
        check(&tag::<F>("invert_vartime = invert"), a, vt, Some(i));
        check(&tag::<F>("a * a^-1"), a, a.mul(&i), F::ONE);
        check(&tag::<F>("a^-1 * a"), a, i.mul(&a), F::ONE);
        check(&tag::<F>("(a^-1)^-1"), a, i.invert_vartime(), Some(a));
    }
    assert!(bool::from(F::ZERO.invert().is_none()) && F::ZERO.invert_vartime().is_none());
    check(&tag::<F>("1^-1"), (), F::ONE.invert().unwrap(), F::ONE);
}

// ------------------------------------------------------------------- powers

/// `pow` and `pow_vartime` against the field's reference, on every edge and
/// random values: corner exponents first (empty, 0, 1, 2, 15, 16, 17, ...,
/// all ones, leading zero limbs), then random ones of every length.
pub fn pow<F: TestField>() {
    let mut rng = rng(&tag::<F>("pow"));
    let (limbs, long) = F::POW_EXPONENTS;
    let mut exps = exponents(&mut rng, N, limbs);
    exps.extend(exponents(&mut rng, long, 7));
    let edges = F::edges();
    let t = tag::<F>("pow");
    let tv = tag::<F>("pow_vartime");
    for (i, e) in exps.iter().enumerate() {
        let a = if i < 4 * edges.len() { edges[i % edges.len()] } else { F::sample(&mut rng) };
        let expected = a.pow_reference(e);
        check(&t, (a, e), a.pow(e), expected);
        check(&tv, (a, e), a.pow_vartime(e), expected);
    }
    // Every edge against the corner exponents (x^0 = 1, including 0^0).
    for a in &edges {
        for e in &exps[..19] {
            let expected = a.pow_reference(e);
            check(&t, (a, e), a.pow(e), expected);
            check(&tv, (a, e), a.pow_vartime(e), expected);
        }
    }
}

/// `a^e` is `a` multiplied `e` times (e = 0 to 70: every window shape).
pub fn pow_small_exponents<F: TestField>() {
    let mut rng = rng(&tag::<F>("pow repeated"));
    for a in singles(&F::edges()[..4], 20, &mut rng, F::sample) {
        let mut acc = F::ONE;
        for e in 0..=70u64 {
            check(&tag::<F>("pow = repeated mul"), (a, e), a.pow(&[e]), acc);
            check(&tag::<F>("pow_vartime = repeated mul"), (a, e), a.pow_vartime(&[e]), acc);
            acc = acc.mul(&a);
        }
    }
}

/// `a^(m + n) = a^m a^n` for exponents of up to two limbs, the sum carrying
/// into a third.
pub fn pow_exponent_sum<F: TestField>() {
    let mut rng = rng(&tag::<F>("pow sum"));
    let ms = exponents(&mut rng, N / 10, 2);
    let ns = exponents(&mut rng, ms.len(), 2);
    for (m, n) in ms.iter().zip(&ns) {
        let a = F::sample(&mut rng);
        let sum = (big_of_limbs(m) + big_of_limbs(n)).to_u64_digits();
        check(&tag::<F>("a^(m+n) = a^m a^n"), (a, m, n), a.pow_vartime(&sum), a.pow(m).mul(&a.pow_vartime(n)));
    }
}

/// Fermat: `a^(q^d - 1) = 1` for `a != 0` and `a^(q^d) = a`, with exponents
/// that carry the modulus' own bit pattern.
pub fn fermat<F: TestField>() {
    let mut rng = rng(&tag::<F>("fermat"));
    let order = F::modulus().pow(F::DEGREE);
    let minus_one = (&order - big(1)).to_u64_digits();
    let order = order.to_u64_digits();
    let edges = F::edges();
    let cases = if F::DEGREE == 1 {
        singles(&edges, 200, &mut rng, F::sample)
    } else {
        singles(&edges[..10], 20, &mut rng, F::sample)
    };
    for a in cases {
        let one = if bool::from(a.is_zero()) { F::ZERO } else { F::ONE };
        check(&tag::<F>("a^(q-1)"), a, a.pow(&minus_one), one);
        check(&tag::<F>("a^(q-1) vartime"), a, a.pow_vartime(&minus_one), one);
        check(&tag::<F>("a^q"), a, a.pow(&order), a);
    }
}

// ------------------------------------------------- operators, constants, random

/// What [`TestField::operators`] computes, in order.
pub const OPERATORS: [&str; 10] = ["+", "-", "*", "&+", "&-", "&*", "unary -", "+=", "-=", "*="];

/// The `core::ops` operators agree with the methods; `==`, `ct_eq` and
/// `is_zero` agree with the coefficients; `conditional_select` selects.
pub fn operators_and_ct<F: TestField>() {
    let mut rng = rng(&tag::<F>("ops"));
    for (a, b) in pairs(&F::op_edges(), N, &mut rng, F::sample) {
        let (sum, diff, prod) = (a.add(&b), a.sub(&b), a.mul(&b));
        let expected = [sum, diff, prod, sum, diff, prod, a.neg(), sum, diff, prod];
        for ((op, got), want) in OPERATORS.iter().zip(F::operators(a, b)).zip(expected) {
            check(&tag::<F>(op), (a, b), got, want);
        }
        let same = a.coeffs() == b.coeffs();
        check(&tag::<F>("=="), (a, b), a == b, same);
        check(&tag::<F>("ct_eq"), (a, b), bool::from(a.ct_eq(&b)), same);
        check(&tag::<F>("select 0"), (a, b), F::conditional_select(&a, &b, Choice::from(0)), a);
        check(&tag::<F>("select 1"), (a, b), F::conditional_select(&a, &b, Choice::from(1)), b);
        let zero = a.coeffs().iter().all(is_zero);
        check(&tag::<F>("is_zero"), a, bool::from(a.is_zero()), zero);
    }
}

/// ZERO and ONE have the coefficients 0 and 1, 0, ..., `Default` is zero.
pub fn constants<F: TestField>() {
    let d = F::DEGREE as usize;
    let mut one = vec![big(0); d];
    one[0] = big(1);
    check(&tag::<F>("ZERO"), (), F::ZERO.coeffs(), vec![big(0); d]);
    check(&tag::<F>("ONE"), (), F::ONE.coeffs(), one);
    check(&tag::<F>("default"), (), F::default(), F::ZERO);
    assert!(bool::from(F::ZERO.is_zero()) && !bool::from(F::ONE.is_zero()));
    assert!(F::ZERO != F::ONE && !bool::from(F::ZERO.ct_eq(&F::ONE)));
}

/// `random` is a function of the RNG stream, canonical, uniform (about half
/// of the coefficients above q/2, within 5 sigma) and repeats nothing.
pub fn random<F: TestField>() {
    let (mut r1, mut r2) = (rng(&tag::<F>("random")), rng(&tag::<F>("random")));
    let xs: Vec<F> = (0..N).map(|_| F::random(&mut r1)).collect();
    let ys: Vec<F> = (0..N).map(|_| F::random(&mut r2)).collect();
    assert_eq!(xs, ys, "{}::random must be a function of the RNG stream", F::NAME);
    let q = F::modulus();
    let half = q >> 1;
    let mut all: Vec<BigUint> = xs.iter().flat_map(|x| x.coeffs()).collect();
    assert!(all.iter().all(|c| c < q), "{}::random is not canonical", F::NAME);
    let n = all.len();
    let top_half = all.iter().filter(|c| **c > half).count() as f64;
    let five_sigma = 2.5 * (n as f64).sqrt();
    assert!((top_half - n as f64 / 2.0).abs() < five_sigma, "{}::random: {top_half} of {n} above q/2", F::NAME);
    all.sort();
    all.dedup();
    assert_eq!(all.len(), n, "{}::random repeated a coefficient", F::NAME);
}
