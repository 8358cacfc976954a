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

/// `pub fn op<F: Blst>()`: `F::op` against `F::blst_op` by `check`.
macro_rules! against {
    ($($op:ident: $check:ident($theirs:ident)),+ $(,)?) => {
        $(pub fn $op<F: Blst>() {
            $check(&tag::<F>(stringify!($op)), F::$op, F::$theirs);
        })+
    };
}

against!(add: check_binary(blst_add), sub: check_binary(blst_sub), mul: check_binary(blst_mul));
against!(square: check_unary(blst_square), neg: check_unary(blst_neg), double: check_unary(blst_double));

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
