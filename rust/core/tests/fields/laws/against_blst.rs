//! Every operation blst also has, against blst, on the edges and `N` random
//! values (pairs of them for the binary operations).

use super::*;

/// `ours` against `theirs` on the pairs of the stream `tag`.
pub fn check_binary<F: TestField>(tag: &str, ours: impl Fn(&F, &F) -> F, theirs: impl Fn(&F, &F) -> F) {
    for (a, b) in pairs(&F::edges(), N, &mut rng(tag), F::sample) {
        check(tag, (a, b), ours(&a, &b), theirs(&a, &b));
    }
}

/// `ours` against `theirs` on the singles of the stream `tag`.
pub fn check_unary<F: TestField>(tag: &str, ours: impl Fn(&F) -> F, theirs: impl Fn(&F) -> F) {
    for a in singles(&F::edges(), N, &mut rng(tag), F::sample) {
        check(tag, a, ours(&a), theirs(&a));
    }
}

pub fn add<F: Blst>() {
    check_binary(&tag::<F>("add"), F::add, F::blst_add);
}

pub fn sub<F: Blst>() {
    check_binary(&tag::<F>("sub"), F::sub, F::blst_sub);
}

pub fn mul<F: Blst>() {
    check_binary(&tag::<F>("mul"), F::mul, F::blst_mul);
}

pub fn square<F: Blst>() {
    check_unary(&tag::<F>("square"), F::square, F::blst_square);
}

pub fn neg<F: Blst>() {
    check_unary(&tag::<F>("neg"), F::neg, F::blst_neg);
}

pub fn double<F: Blst>() {
    check_unary(&tag::<F>("double"), F::double, F::blst_double);
}

/// The inverse of every nonzero value against each of blst's inversions
/// (zero is the `ring::invert` law's).
pub fn invert<F: Blst>() {
    let t = tag::<F>("invert");
    for a in singles_of::<F>("invert") {
        if bool::from(a.is_zero()) {
            continue;
        }
        let ours = a.invert().unwrap();
        for theirs in F::blst_inverses(&a) {
            check(&t, a, ours, theirs);
        }
    }
}
